import type { Engine } from './measurement.js';

/**
 * What runs inside the probe pods. The shell text is constant; everything that
 * varies is passed as positional arguments ("$@"), so no user input is ever
 * spliced into a shell line.
 */

/** nixlbench flags and the first version that accepts each (gflags rejects unknown flags: nixlbench.md §1). */
export const NIXLBENCH_FLAG_SINCE: Readonly<Record<string, string>> = {
  etcd_endpoints: '0.1.0',
  backend: '0.1.0',
  initiator_seg_type: '0.1.0',
  target_seg_type: '0.1.0',
  op_type: '0.1.0',
  start_block_size: '0.1.0',
  max_block_size: '0.1.0',
  total_buffer_size: '0.1.0',
  device_list: '0.1.0',
  // ai-dynamo/nixl PR #576 (merged 2025-07-15) added the group namespace `xferbench/<group>/`.
  benchmark_group: '0.5.0',
};

/** The nixlbench version of the probe image deploy/probe-image builds (what Dynamo's build script pins). */
export const DEFAULT_NIXLBENCH_VERSION = '0.10.1';

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The version an image tag names (`nixlbench:0.10.1-amd64`, `…:v1.4.0`), or undefined (`latest`, a digest). */
export function versionFromImage(image: string): string | undefined {
  const at = image.indexOf('@');
  const ref = at >= 0 ? image.slice(0, at) : image;
  const colon = ref.lastIndexOf(':');
  if (colon < 0 || ref.slice(colon).includes('/')) return undefined;
  const m = /^v?(\d+\.\d+(?:\.\d+)?)/.exec(ref.slice(colon + 1));
  return m ? m[1] : undefined;
}

export function flagSupported(flag: string, version: string): boolean {
  const since = NIXLBENCH_FLAG_SINCE[flag];
  return since !== undefined && compareVersions(version, since) >= 0;
}

export interface BenchParams {
  engine: Engine;
  nixlbenchVersion: string;
  etcdEndpoint: string;
  group: string;
  memory: 'VRAM' | 'DRAM';
  opType: 'WRITE' | 'READ';
  startBlockSize: number;
  maxBlockSize: number;
  totalBufferSize: number;
  deviceList?: string | undefined;
  port: number;
  iterations: number;
}

/** nixlbench's arguments, only flags the image's version accepts. The same for both ranks: etcd decides the role. */
export function nixlbenchArgs(p: BenchParams): { args: string[]; dropped: string[] } {
  const want: [string, string | number | undefined][] = [
    ['etcd_endpoints', p.etcdEndpoint],
    ['benchmark_group', p.group],
    ['backend', 'UCX'],
    ['initiator_seg_type', p.memory],
    ['target_seg_type', p.memory],
    ['op_type', p.opType],
    ['start_block_size', p.startBlockSize],
    ['max_block_size', p.maxBlockSize],
    ['total_buffer_size', p.totalBufferSize],
    ['device_list', p.deviceList],
  ];
  const args: string[] = [];
  const dropped: string[] = [];
  for (const [flag, value] of want) {
    if (value === undefined) continue;
    if (!flagSupported(flag, p.nixlbenchVersion)) {
      dropped.push(flag);
      continue;
    }
    args.push(`--${flag}`, String(value));
  }
  return { args, dropped };
}

/** ucx_perftest's arguments; the client (prefill) gets the server's address first. */
export function perftestArgs(p: BenchParams, serverHost?: string): string[] {
  const test = p.opType === 'READ' ? 'ucp_get' : 'ucp_put_bw';
  const args = [
    '-t',
    test,
    '-m',
    p.memory === 'VRAM' ? 'cuda' : 'host',
    '-s',
    String(p.maxBlockSize),
    '-n',
    String(p.iterations),
    '-w',
    String(Math.max(1, Math.floor(p.iterations / 10))),
    '-p',
    String(p.port),
  ];
  return serverHost ? [serverHost, ...args] : args;
}

/** Lists the RDMA ports the pod sees (parsed back by logs.ts nicPorts), then which host this is. */
const PREAMBLE = `for p in /sys/class/infiniband/*/ports/*; do
  [ -r "$p/rate" ] || continue
  d=\${p%/ports/*}; d=\${d##*/}
  echo "interconnect-test: nic $d|\${p##*/}|$(cat "$p/state" 2>/dev/null)|$(cat "$p/rate" 2>/dev/null)|$(cat "$p/link_layer" 2>/dev/null)"
done
echo "interconnect-test: host $(hostname) node \${NODE_NAME:-unknown}"
LB=""; if command -v stdbuf >/dev/null 2>&1; then LB="stdbuf -oL -eL"; fi
T=$(mktemp -d 2>/dev/null) || { T=/tmp/itest.$$; mkdir -p "$T"; }
`;

function need(tool: string): string {
  return `command -v ${tool} >/dev/null 2>&1 || { echo "interconnect-test: ${tool} not found in image"; exit 127; }\n`;
}

/** One rank per pod (cross-node): run the tool with the pod's arguments. */
const NIXLBENCH_POD = `${PREAMBLE}${need('nixlbench')}echo "interconnect-test: start nixlbench"
exec $LB nixlbench "$@"
`;

/**
 * Both ranks in one pod (intra-node, NVLink). Rank 0 sees GPUs "0,1" and rank 1
 * sees "1,0": each uses its own device 0, yet both GPUs stay visible so
 * cuda_ipc can map the peer's memory. Rank 1 starts once rank 0 registered.
 */
const NIXLBENCH_INTRA = `${PREAMBLE}${need('nixlbench')}echo "interconnect-test: start nixlbench (2 ranks)"
( CUDA_VISIBLE_DEVICES=0,1 $LB nixlbench "$@" 2>&1; echo $? > "$T/rc0" ) | tee "$T/rank0.log" &
i=0
until grep -q 'Registered as rank' "$T/rank0.log" 2>/dev/null || [ -s "$T/rc0" ] || [ "$i" -ge 600 ]; do sleep 0.2; i=$((i+1)); done
CUDA_VISIBLE_DEVICES=1,0 $LB nixlbench "$@" 2>&1
rc1=$?
wait
rc0=$(cat "$T/rc0" 2>/dev/null || echo 1)
[ "$rc0" -ne 0 ] && exit "$rc0"
exit "$rc1"
`;

const PERFTEST_SERVER = `${PREAMBLE}${need('ucx_perftest')}echo "interconnect-test: start ucx_perftest server"
exec $LB ucx_perftest "$@"
`;

/** The client retries while the server is not listening yet; any other failure ends it. */
const CLIENT_LOOP = `n=0
while :; do
  { $LB ucx_perftest "$@" 2>&1; echo $? > "$T/rc"; } | tee "$T/client.log"
  rc=$(cat "$T/rc" 2>/dev/null || echo 1)
  [ "$rc" -eq 0 ] && exit 0
  if grep -qiE 'connection refused|failed to connect|no route to host|could not resolve|Name or service not known' "$T/client.log" && [ "$n" -lt 60 ]; then
    n=$((n+1)); sleep 1; continue
  fi
  grep -qiE 'connection refused|failed to connect' "$T/client.log" && echo "interconnect-test: server unreachable"
  exit "$rc"
done
`;

const PERFTEST_CLIENT = `${PREAMBLE}${need('ucx_perftest')}echo "interconnect-test: start ucx_perftest client"
${CLIENT_LOOP}`;

/** Server (rank 1, GPUs "1,0") in the background, client (GPUs "0,1") against 127.0.0.1. */
const PERFTEST_INTRA = `${PREAMBLE}${need('ucx_perftest')}echo "interconnect-test: start ucx_perftest server and client"
( shift; CUDA_VISIBLE_DEVICES=1,0 $LB ucx_perftest "$@" 2>&1 ) &
export CUDA_VISIBLE_DEVICES=0,1
${CLIENT_LOOP}`;

export type PodRole = 'prefill' | 'decode' | 'intra-node';

/** The shell script of a probe container. */
export function probeScript(engine: Engine, role: PodRole): string {
  if (engine === 'nixlbench') return role === 'intra-node' ? NIXLBENCH_INTRA : NIXLBENCH_POD;
  if (role === 'intra-node') return PERFTEST_INTRA;
  return role === 'prefill' ? PERFTEST_CLIENT : PERFTEST_SERVER;
}

/** `sh -c SCRIPT interconnect-test ARGS…`: $0 names the script, ARGS land in "$@". */
export function probeCommand(engine: Engine, role: PodRole): string[] {
  return ['/bin/sh', '-c', probeScript(engine, role), 'interconnect-test'];
}

/** UCX variables that make the log say which transport UCX chose; the recipe's own values win. */
export const DIAGNOSTIC_ENV: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'UCX_LOG_LEVEL', value: 'info' },
  { name: 'UCX_PROTO_INFO', value: 'y' },
];
