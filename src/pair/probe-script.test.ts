import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BenchParams,
  compareVersions,
  nixlbenchArgs,
  perftestArgs,
  probeCommand,
  versionFromImage,
} from './probe-script.js';

const params: BenchParams = {
  engine: 'nixlbench',
  nixlbenchVersion: '0.10.1',
  etcdEndpoint: 'http://e:2379',
  group: 'itest-r-a1',
  memory: 'VRAM',
  opType: 'WRITE',
  startBlockSize: 65536,
  maxBlockSize: 67108864,
  totalBufferSize: 2147483648,
  port: 13337,
  iterations: 100,
};

describe('versions and flags', () => {
  it('compares versions numerically and reads them from image tags', () => {
    expect([
      compareVersions('0.10.1', '0.5.0') > 0,
      compareVersions('1.4', '1.4.0'),
      compareVersions('0.4.1', '0.5.0') < 0,
    ]).toEqual([true, 0, true]);
    expect(
      [
        'r/nixlbench:0.10.1-amd64',
        'r/nixlbench:v1.4.0',
        'localhost:5000/nixlbench',
        'r/x:latest',
        'r/x@sha256:abc',
        'r:5000/x:0.9',
      ].map(versionFromImage),
    ).toEqual(['0.10.1', '1.4.0', undefined, undefined, undefined, '0.9']);
  });

  it('passes --benchmark_group only to versions that know it', () => {
    expect(nixlbenchArgs(params)).toEqual({
      args: [
        '--etcd_endpoints',
        'http://e:2379',
        '--benchmark_group',
        'itest-r-a1',
        '--backend',
        'UCX',
        '--initiator_seg_type',
        'VRAM',
        '--target_seg_type',
        'VRAM',
        '--op_type',
        'WRITE',
        '--start_block_size',
        '65536',
        '--max_block_size',
        '67108864',
        '--total_buffer_size',
        '2147483648',
      ],
      dropped: [],
    });
    const old = nixlbenchArgs({ ...params, nixlbenchVersion: '0.4.1', deviceList: 'mlx5_0' });
    expect(old.dropped).toEqual(['benchmark_group']);
    expect(old.args.slice(-2)).toEqual(['--device_list', 'mlx5_0']);
  });

  it('builds ucx_perftest arguments for server and client', () => {
    expect(perftestArgs({ ...params, engine: 'ucx_perftest' })).toEqual([
      '-t',
      'ucp_put_bw',
      '-m',
      'cuda',
      '-s',
      '67108864',
      '-n',
      '100',
      '-w',
      '10',
      '-p',
      '13337',
    ]);
    expect(
      perftestArgs({ ...params, engine: 'ucx_perftest', memory: 'DRAM', opType: 'READ' }, 'srv.ns.svc').slice(
        0,
        5,
      ),
    ).toEqual(['srv.ns.svc', '-t', 'ucp_get', '-m', 'host']);
  });
});

/** Runs a probe script under /bin/sh with fake tools on PATH; what the container would do. */
describe('the probe scripts, run for real with fake tools', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function setup(tools: Record<string, string>): void {
    dir = mkdtempSync(path.join(tmpdir(), 'probe-script-'));
    for (const [name, body] of Object.entries(tools)) {
      const f = path.join(dir, name);
      writeFileSync(f, `#!/bin/sh\n${body}\n`);
      chmodSync(f, 0o755);
    }
  }

  function run(argv: string[], args: string[], extraEnv: Record<string, string> = {}) {
    const [sh, ...rest] = argv;
    const r = spawnSync(sh as string, [...rest, ...args], {
      env: { PATH: `${dir}:/usr/bin:/bin`, NODE_NAME: 'gpu-a', STATE: dir, ...extraEnv },
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { code: r.status, out: r.stdout + r.stderr };
  }

  it('cross-node nixlbench: names the host and node, then execs nixlbench with exactly the given arguments', () => {
    setup({ nixlbench: 'echo "nixlbench args: $*"; exit 3' });
    const r = run(probeCommand('nixlbench', 'prefill'), [
      '--etcd_endpoints',
      'http://e:2379',
      '--benchmark_group',
      'g; rm -rf /',
    ]);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^interconnect-test: host \S+ node gpu-a\ninterconnect-test: start nixlbench\n/);
    expect(r.out).toContain('nixlbench args: --etcd_endpoints http://e:2379 --benchmark_group g; rm -rf /\n');
  });

  it('a missing tool is reported in one line with exit 127', () => {
    setup({});
    const r = run(probeCommand('nixlbench', 'decode'), []);
    expect(r.code).toBe(127);
    expect(r.out).toContain('interconnect-test: nixlbench not found in image\n');
  });

  it('intra-node: rank 0 (GPUs 0,1) registers first, then rank 1 (GPUs 1,0); a failing rank fails the pod', () => {
    // Each fake rank takes the next rank number, like etcd's size key, and prints its GPUs.
    setup({
      nixlbench: [
        'r=$(cat "$STATE/n" 2>/dev/null || echo 0); echo $((r+1)) > "$STATE/n"',
        'echo "ETCD Runtime: Registered as rank $r item $((r+1)) of 2"',
        'echo "rank $r CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES args=$*"',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
        '[ "$r" = 1 ] && exit "${RANK1_EXIT:-0}"; sleep 0.3; exit 0',
      ].join('\n'),
    });
    const ok = run(probeCommand('nixlbench', 'intra-node'), ['--x', '1']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('rank 0 CUDA_VISIBLE_DEVICES=0,1 args=--x 1\n');
    expect(ok.out).toContain('rank 1 CUDA_VISIBLE_DEVICES=1,0 args=--x 1\n');
    expect(ok.out.indexOf('Registered as rank 0')).toBeLessThan(ok.out.indexOf('Registered as rank 1'));
    rmSync(path.join(dir, 'n'));
    expect(run(probeCommand('nixlbench', 'intra-node'), [], { RANK1_EXIT: '5' }).code).toBe(5);
  });

  it('the ucx_perftest client retries while the server is not listening, then gives its result', () => {
    setup({
      ucx_perftest: [
        'n=$(cat "$STATE/tries" 2>/dev/null || echo 0); echo $((n+1)) > "$STATE/tries"',
        '[ "$n" -lt 2 ] && { echo "[1.0] [h:1:0] sock.c:100 UCX ERROR connect(fd=5, dest_addr=10.0.0.2:13337) failed: Connection refused"; exit 1; }',
        'echo "Final: $*"',
      ].join('\n'),
    });
    const r = run(probeCommand('ucx_perftest', 'prefill'), ['srv', '-p', '13337']);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(dir, 'tries'), 'utf8').trim()).toBe('3');
    expect(r.out).toContain('Final: srv -p 13337\n');
  });

  it('the ucx_perftest client gives up on any other failure at once', () => {
    setup({ ucx_perftest: 'echo "UCX ERROR transport \'rc_mlx5\' is not available"; exit 2' });
    const r = run(probeCommand('ucx_perftest', 'prefill'), ['srv']);
    expect(r.code).toBe(2);
    expect(r.out.match(/is not available/g)).toHaveLength(1);
  });
});
