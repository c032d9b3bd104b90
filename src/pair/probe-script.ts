import type { Engine } from '../core/measurement.js';

/**
 * What runs inside the probe pods. The shell text is constant; everything that
 * varies is passed as positional arguments ("$@", the tool's flags) or as
 * container env (ITEST_*: role, legs, rendezvous), so no user input is ever
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
  // nixlbench's first release (ai-dynamo/nixl #194, in 0.2.0) already had both (src/utils/utils.cpp).
  num_iter: '0.1.0',
  warmup_iter: '0.1.0',
  // ai-dynamo/nixl PR #576 (merged 2025-07-15) added the group namespace `xferbench/<group>/`.
  benchmark_group: '0.5.0',
};

/** The nixlbench version of the probe image deploy/probe-image builds (NIXL's latest release, v1.4.0). */
export const DEFAULT_NIXLBENCH_VERSION = '1.4.0';

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

/** Who initiates one transfer, and with which NIXL operation. */
export interface Leg {
  initiator: 'prefill' | 'decode';
  op: 'WRITE' | 'READ';
}

export interface BenchParams {
  engine: Engine;
  nixlbenchVersion: string;
  /** NIXL backend nixlbench loads: UCX (InfiniBand/RoCE/NVLink) or LIBFABRIC (AWS EFA). */
  backend: 'UCX' | 'LIBFABRIC';
  etcdEndpoint: string;
  group: string;
  memory: 'VRAM' | 'DRAM';
  /** The first leg's operation (the only one intra-node). */
  opType: 'WRITE' | 'READ';
  startBlockSize: number;
  maxBlockSize: number;
  totalBufferSize: number;
  /** NIXL's form: `mlx5_0,mlx5_1` (NIXL appends the port `:1` itself). */
  deviceList?: string | undefined;
  port: number;
  /** Timed iterations; undefined leaves nixlbench's own default (1000). */
  iterations?: number | undefined;
}

/** ucx_perftest's iterations when --iters is not given. */
export const PERFTEST_DEFAULT_ITERS = 100;

/**
 * nixlbench's arguments, only flags the image's version accepts, as the first
 * leg runs them. `--op_type` and `--benchmark_group` differ per leg: the
 * probe script swaps them for each leg's own (relegArgs).
 */
export function nixlbenchArgs(p: BenchParams): { args: string[]; dropped: string[] } {
  const warmup = p.iterations === undefined ? undefined : Math.max(1, Math.floor(p.iterations / 10));
  const want: [string, string | number | undefined][] = [
    ['etcd_endpoints', p.etcdEndpoint],
    ['benchmark_group', `${p.group}-1`],
    ['backend', p.backend],
    ['initiator_seg_type', p.memory],
    ['target_seg_type', p.memory],
    ['op_type', p.opType],
    ['start_block_size', p.startBlockSize],
    ['max_block_size', p.maxBlockSize],
    ['total_buffer_size', p.totalBufferSize],
    ['num_iter', p.iterations],
    ['warmup_iter', warmup],
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

/**
 * ucx_perftest's arguments as the first leg runs them; the script swaps `-t`
 * for each leg's and, on the client, puts the server's address first.
 */
export function perftestArgs(p: BenchParams): string[] {
  const iters = p.iterations ?? PERFTEST_DEFAULT_ITERS;
  return [
    '-t',
    p.opType === 'READ' ? 'ucp_get' : 'ucp_put_bw',
    '-m',
    p.memory === 'VRAM' ? 'cuda' : 'host',
    '-s',
    String(p.maxBlockSize),
    '-n',
    String(iters),
    '-w',
    String(Math.max(1, Math.floor(iters / 10))),
    '-p',
    String(p.port),
  ];
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
END=$(( $(date +%s) + \${ITEST_WAIT_S:-600} ))
late() { [ "$(date +%s)" -ge "$END" ]; }
`;

function need(tool: string): string {
  return `command -v ${tool} >/dev/null 2>&1 || { echo "interconnect-test: ${tool} not found in image"; exit 127; }\n`;
}

/**
 * etcd from inside the pod: etcdctl (v3 API) when the image has it, else
 * python3 through etcd's JSON gateway (POST /v3/kv/put and /v3/kv/range,
 * base64 keys; references/pair-rendezvous.md). `kv put K V` stores;
 * `kv get K` succeeds when K exists. The last error goes to $T/kv.err.
 */
const KV = `PYKV='import base64,json,sys,urllib.request
e,op,k=sys.argv[1].rstrip("/"),sys.argv[2],sys.argv[3]
b=lambda s: base64.b64encode(s.encode()).decode()
body={"key":b(k)}
if op=="put": body["value"]=b(sys.argv[4])
req=urllib.request.Request(e+"/v3/kv/"+("put" if op=="put" else "range"),json.dumps(body).encode(),{"Content-Type":"application/json"})
d=json.load(urllib.request.urlopen(req,timeout=5))
sys.exit(0 if op=="put" or d.get("kvs") else 1)'
if command -v etcdctl >/dev/null 2>&1; then KVC=etcdctl
elif command -v python3 >/dev/null 2>&1; then KVC=python3
else KVC=""; fi
kv() {
  if [ "$KVC" = etcdctl ]; then
    if [ "$1" = put ]; then
      ETCDCTL_API=3 etcdctl --endpoints="$ITEST_ETCD" --dial-timeout=3s --command-timeout=5s put "$2" "$3" >/dev/null 2>"$T/kv.err"
    else
      ETCDCTL_API=3 etcdctl --endpoints="$ITEST_ETCD" --dial-timeout=3s --command-timeout=5s get "$2" --print-value-only 2>"$T/kv.err" | grep -q .
    fi
  else
    python3 -c "$PYKV" "$ITEST_ETCD" "$@" 2>"$T/kv.err"
  fi
}
kverr() { e=$(grep -v '^ *$' "$T/kv.err" 2>/dev/null | tail -n 1); [ -n "$e" ] && printf ' (last etcd error: %s)' "$e"; }
# rdv NAME: say this pod is up, then wait until the peer said so too. Image pulls
# and scheduling are spent here, never in nixlbench's own start barrier.
rdv() {
  until kv put "interconnect-test/$ITEST_RUN/$1/$ITEST_ROLE" "$(hostname)"; do
    late && { echo "interconnect-test: rendezvous timeout: etcd at $ITEST_ETCD unreachable for \${ITEST_WAIT_S}s$(kverr)"; exit 3; }
    sleep "\${ITEST_POLL_S:-1}"
  done
  echo "interconnect-test: rendezvous $1: $ITEST_ROLE up, waiting for $ITEST_PEER"
  until kv get "interconnect-test/$ITEST_RUN/$1/$ITEST_PEER"; do
    late && { echo "interconnect-test: rendezvous timeout: $ITEST_PEER did not come up within \${ITEST_WAIT_S}s$(kverr)"; exit 3; }
    sleep "\${ITEST_POLL_S:-1}"
  done
  echo "interconnect-test: rendezvous $1: $ITEST_PEER is up"
}
`;

/**
 * "$@" without the leg-specific flags (each with its value), so the leg can
 * append its own: the rendered args show the first leg's values, as run.
 * POSIX: `for a do` walks the original list while `set --` rebuilds it.
 */
function relegArgs(flags: readonly string[]): string {
  return `  skip=""
  for a do
    shift
    if [ -n "$skip" ]; then skip=""; continue; fi
    case "$a" in ${flags.join('|')}) skip=1; continue ;; esac
    set -- "$@" "$a"
  done
`;
}

/** `leg N OP initiator=ROLE role=initiator|target`: where each leg's output starts (logs.ts splitLegs). */
const LEG_HEAD = `[ -n "$ITEST_LEGS" ] || { echo "interconnect-test: ITEST_LEGS is not set: nothing to run"; exit 2; }
n=0
for leg in $ITEST_LEGS; do
  n=$((n+1)); init=\${leg%%:*}; op=\${leg#*:}
  if [ "$init" = "$ITEST_ROLE" ]; then me=initiator; else me=target; fi
  echo "interconnect-test: leg $n $op initiator=$init role=$me"
`;

/**
 * One rank per pod (cross-node), one nixlbench run per leg. nixlbench makes
 * the first process to register rank 0, the initiator (etcd_rt.cpp), so after
 * the rendezvous the leg's initiator starts at once and the target starts when
 * rank 0's key is in etcd: seconds apart, however long either pod took to pull.
 */
const NIXLBENCH_POD = `${PREAMBLE}${need('nixlbench')}${KV}[ -n "$KVC" ] && echo "interconnect-test: rendezvous through $KVC at $ITEST_ETCD"
${LEG_HEAD}${relegArgs(['--op_type', '--benchmark_group'])}  set -- "$@" --op_type "$op"
  key="xferbench//rank/0"
  if [ -n "$ITEST_GROUP" ]; then set -- "$@" --benchmark_group "$ITEST_GROUP-$n"; key="xferbench/$ITEST_GROUP-$n//rank/0"; fi
  if [ -z "$KVC" ]; then
    echo "interconnect-test: no etcd client (etcdctl or python3) in the image: no rendezvous; the target starts \${ITEST_GAP_S:-5}s after the initiator"
    [ "$me" = target ] && sleep "\${ITEST_GAP_S:-5}"
  else
    rdv "leg$n"
    if [ "$me" = target ]; then
      until kv get "$key"; do
        late && { echo "interconnect-test: rendezvous timeout: the initiator ($init) never registered as rank 0 within \${ITEST_WAIT_S}s$(kverr)"; exit 3; }
        sleep "\${ITEST_POLL_S:-1}"
      done
    fi
  fi
  echo "interconnect-test: start nixlbench ($me, $op)"
  $LB nixlbench "$@"
  rc=$?
  [ "$rc" -ne 0 ] && exit "$rc"
done
exit 0
`;

/**
 * Both ranks in one pod (intra-node, NVLink), one leg. Rank 0 sees GPUs "0,1"
 * and rank 1 sees "1,0": each uses its own device 0, yet both GPUs stay
 * visible so cuda_ipc can map the peer's memory. Rank 1 starts once rank 0
 * registered.
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

/**
 * The client retries while its server is not listening yet (it may still be
 * pulling its image), until ITEST_WAIT_S; any other failure ends it.
 */
const CLIENT = `  while :; do
    { $LB ucx_perftest "$ITEST_PEER_HOST" "$@" 2>&1; echo $? > "$T/rc"; } | tee "$T/client.log"
    rc=$(cat "$T/rc" 2>/dev/null || echo 1)
    [ "$rc" -eq 0 ] && break
    if grep -qiE 'connection refused|failed to connect|no route to host|could not resolve|Name or service not known' "$T/client.log" && ! late; then
      sleep "\${ITEST_POLL_S:-1}"; continue
    fi
    grep -qiE 'connection refused|failed to connect' "$T/client.log" && echo "interconnect-test: server unreachable"
    exit "$rc"
  done
`;

/**
 * One ucx_perftest per leg across nodes: the leg's initiator is the client
 * (it issues the puts or gets), the target the server, reached through its
 * own Service. Both pods start together; the client waits for the server.
 */
const PERFTEST_POD = `${PREAMBLE}${need('ucx_perftest')}${LEG_HEAD}${relegArgs(['-t'])}  if [ "$op" = READ ]; then t=ucp_get; else t=ucp_put_bw; fi
  set -- "$@" -t "$t"
  if [ "$me" = target ]; then
    echo "interconnect-test: start ucx_perftest server ($t)"
    $LB ucx_perftest "$@" 2>&1
    rc=$?; [ "$rc" -ne 0 ] && exit "$rc"
  else
    echo "interconnect-test: start ucx_perftest client ($t)"
${CLIENT}  fi
done
exit 0
`;

/** Server (GPUs "1,0") in the background, client (GPUs "0,1") against 127.0.0.1; one leg. */
const PERFTEST_INTRA = `${PREAMBLE}${need('ucx_perftest')}echo "interconnect-test: start ucx_perftest server and client"
( CUDA_VISIBLE_DEVICES=1,0 $LB ucx_perftest "$@" 2>&1 ) &
export CUDA_VISIBLE_DEVICES=0,1
ITEST_PEER_HOST=127.0.0.1
${CLIENT}exit 0
`;

/** Where the probe pods mount the ConfigMap that carries templates/nixl-probe.py. */
export const NIXL_PROBE_DIR = '/opt/interconnect-test';

/** The image's Python: `python3`, else `python` (the Dynamo runtime images put their venv's first on PATH). */
const PYTHON = `PY=""
for p in python3 python; do if command -v "$p" >/dev/null 2>&1; then PY=$p; break; fi; done
[ -n "$PY" ] || { echo "interconnect-test: python3 not found in image"; exit 127; }
`;

/**
 * Says which engine runs and the versions it will use, before the transfer:
 * the NIXL Python package's, and ucx_info's (the UCX on PATH; the UCX NIXL really
 * loads is named by UCX's own log line, which the judge reads).
 * The probe's own start line and UCX's log repeat them from inside the run.
 */
const NIXL_VERSIONS = `nv=$($PY -c 'from importlib import metadata as m
for d in ("nixl","nixl-cu12","nixl-cu13"):
    try:
        print(m.version(d)); break
    except Exception: pass' 2>/dev/null | head -n 1)
uv=""; if command -v ucx_info >/dev/null 2>&1; then uv=$(ucx_info -v 2>/dev/null | sed -n 's/.*[Vv]ersion \\([0-9][0-9.]*\\).*/\\1/p' | head -n 1); fi
echo "interconnect-test: engine nixl nixl \${nv:-unknown} ucx_info \${uv:-unknown}"
`;

/**
 * Our NIXL probe (templates/nixl-probe.py, mounted from the run's ConfigMap),
 * one run per leg, with the image's own Python and NIXL. The leg's target
 * listens (NIXL's listen thread on ITEST_PORT); its initiator waits until the
 * target's Service answers on that port (NIXL drops metadata sent to a peer
 * that is not listening yet: references/nixl-probe.md), then exchanges
 * metadata with it and runs the sweep. Both pods start together.
 */
const NIXL_POD = `${PREAMBLE}${PYTHON}[ -r "$ITEST_NIXL_PROBE" ] || { echo "interconnect-test: the nixl probe is not mounted at $ITEST_NIXL_PROBE"; exit 2; }
${NIXL_VERSIONS}${LEG_HEAD}  if [ "$me" = target ]; then
    echo "interconnect-test: start nixl probe target ($op)"
    $LB "$PY" "$ITEST_NIXL_PROBE" --role target --listen-port "$ITEST_PORT" --op "$op" "$@" 2>&1
    rc=$?; [ "$rc" -ne 0 ] && exit "$rc"
  else
    until "$PY" -c 'import socket,sys; socket.create_connection((sys.argv[1], int(sys.argv[2])), 3).close()' "$ITEST_PEER_HOST" "$ITEST_PORT" 2>/dev/null; do
      late && { echo "interconnect-test: rendezvous timeout: the $ITEST_PEER pod's NIXL listener at $ITEST_PEER_HOST:$ITEST_PORT did not answer within \${ITEST_WAIT_S}s"; exit 3; }
      sleep "\${ITEST_POLL_S:-1}"
    done
    echo "interconnect-test: start nixl probe initiator ($op) toward $ITEST_PEER_HOST:$ITEST_PORT"
    $LB "$PY" "$ITEST_NIXL_PROBE" --role initiator --peer "$ITEST_PEER_HOST" --peer-port "$ITEST_PORT" --op "$op" "$@" 2>&1
    rc=$?; [ "$rc" -ne 0 ] && exit "$rc"
  fi
done
exit 0
`;

export type PodRole = 'prefill' | 'decode' | 'intra-node';

/** The shell script of a probe container. */
export function probeScript(engine: Engine, role: PodRole): string {
  if (engine === 'nixlbench') return role === 'intra-node' ? NIXLBENCH_INTRA : NIXLBENCH_POD;
  if (engine === 'nixl') {
    if (role === 'intra-node')
      throw new Error('the nixl engine runs across nodes only (plan.ts refuses intra-node)');
    return NIXL_POD;
  }
  return role === 'intra-node' ? PERFTEST_INTRA : PERFTEST_POD;
}

/** `sh -c SCRIPT interconnect-test ARGS…`: $0 names the script, ARGS land in "$@". */
export function probeCommand(engine: Engine, role: PodRole): string[] {
  return ['/bin/sh', '-c', probeScript(engine, role), 'interconnect-test'];
}

/** The script's inputs, as container env (values, never spliced into the script's text). */
export interface ScriptEnv {
  role: PodRole;
  legs: readonly Leg[];
  runId: string;
  /** The run's etcd (nixlbench); the rendezvous keys live there too. */
  etcd?: string | undefined;
  /** nixlbench's --benchmark_group base, when the version knows the flag. */
  group?: string | undefined;
  /** ucx_perftest, nixl: the address of the other pod's Service. */
  peerHost?: string | undefined;
  /** nixl: the port of NIXL's listen thread, and where the probe is mounted. */
  nixl?: { port: number; probe: string } | undefined;
  /** How long the pod waits for its peer (its pull and scheduling included). */
  waitS: number;
}

export function scriptEnv(e: ScriptEnv): { name: string; value: string }[] {
  const peer = e.role === 'prefill' ? 'decode' : e.role === 'decode' ? 'prefill' : 'intra-node';
  const out = [
    { name: 'ITEST_ROLE', value: e.role },
    { name: 'ITEST_PEER', value: peer },
    { name: 'ITEST_LEGS', value: e.legs.map((l) => `${l.initiator}:${l.op}`).join(' ') },
    { name: 'ITEST_RUN', value: e.runId },
    { name: 'ITEST_WAIT_S', value: String(Math.max(1, Math.ceil(e.waitS))) },
  ];
  if (e.etcd) out.push({ name: 'ITEST_ETCD', value: e.etcd });
  if (e.group) out.push({ name: 'ITEST_GROUP', value: e.group });
  if (e.peerHost) out.push({ name: 'ITEST_PEER_HOST', value: e.peerHost });
  if (e.nixl) {
    out.push({ name: 'ITEST_PORT', value: String(e.nixl.port) });
    out.push({ name: 'ITEST_NIXL_PROBE', value: e.nixl.probe });
  }
  return out;
}

/** UCX variables that make the log say which transport UCX chose; the recipe's own values win. */
export const DIAGNOSTIC_ENV: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'UCX_LOG_LEVEL', value: 'info' },
  { name: 'UCX_PROTO_INFO', value: 'y' },
];
