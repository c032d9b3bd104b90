import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { describeNeeding } from '../../../test/helpers/preconditions.js';
import { tools } from '../../../test/helpers/tools.js';
import { ENGINE_NAMES, type EngineName } from '../../core/engine-names.js';
import { nixlbenchArgs } from '../../engines/nixlbench/flags.js';
import { allEngines } from '../../engines/registry.js';
import type { BenchParams } from '../../engines/types.js';
import { perftestArgs } from '../../engines/ucx-perftest/argv.js';
import { compareVersions, versionFromImage } from '../../engines/version.js';
import { freePort } from '../../procs/ports.js';
import { probeCommand, scriptEnv } from './probe-script.js';

const params: BenchParams = {
  engine: 'nixlbench',
  nixlbenchVersion: '0.10.1',
  backend: 'UCX',
  etcdEndpoint: 'http://e:2379',
  group: 'itest-r-a1',
  memory: 'VRAM',
  opType: 'WRITE',
  startBlockSize: 65536,
  maxBlockSize: 67108864,
  totalBufferSize: 2147483648,
  port: 13337,
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

  it("passes --benchmark_group only to versions that know it, and the first leg's operation", () => {
    expect(nixlbenchArgs(params)).toEqual({
      args: [
        '--etcd_endpoints',
        'http://e:2379',
        '--benchmark_group',
        'itest-r-a1-1',
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
        '--num_iter',
        '1000',
        '--warmup_iter',
        '100',
        // nixlbench's own data check: the receiver compares every byte (references/nixl-probe.md).
        '--check_consistency=true',
      ],
      dropped: [],
    });
    const old = nixlbenchArgs({ ...params, nixlbenchVersion: '0.4.1', deviceList: 'mlx5_0' });
    expect(old.dropped).toEqual(['benchmark_group']);
    expect(old.args.slice(-2)).toEqual(['--device_list', 'mlx5_0']);
  });

  it('--iters reaches nixlbench as --num_iter and --warmup_iter at every size; LIBFABRIC as --backend', () => {
    const a = nixlbenchArgs({ ...params, iterations: 500, backend: 'LIBFABRIC' }).args;
    expect(a.slice(a.indexOf('--num_iter'), a.indexOf('--num_iter') + 6)).toEqual([
      '--num_iter',
      '500',
      '--warmup_iter',
      '50',
      // No 1/16 for blocks above 1 MiB: --iters means the same for every engine and size.
      '--large_blk_iter_ftr',
      '1',
    ]);
    expect(a[a.indexOf('--backend') + 1]).toBe('LIBFABRIC');
    // Without --iters nixlbench's own defaults (1000 / 100), passed so that the report says what ran.
    const d = nixlbenchArgs(params).args;
    expect(d.slice(d.indexOf('--num_iter'), d.indexOf('--num_iter') + 4)).toEqual([
      '--num_iter',
      '1000',
      '--warmup_iter',
      '100',
    ]);
    expect(d).not.toContain('--large_blk_iter_ftr');
    // --warmup alone sets warm-up only; the timed iterations stay nixlbench's, now at every size.
    const w = nixlbenchArgs({ ...params, warmup: 0 }).args;
    expect(w.slice(w.indexOf('--num_iter'), w.indexOf('--num_iter') + 6)).toEqual([
      '--num_iter',
      '1000',
      '--warmup_iter',
      '0',
      '--large_blk_iter_ftr',
      '1',
    ]);
    // Builds before 0.5.0 do not know the divisor flag: it is dropped, and named.
    expect(nixlbenchArgs({ ...params, iterations: 500, nixlbenchVersion: '0.4.1' }).dropped).toContain(
      'large_blk_iter_ftr',
    );
  });

  it("builds ucx_perftest arguments: the first leg's test, the tool's iterations when --iters is not given", () => {
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
      perftestArgs({ ...params, engine: 'ucx_perftest', memory: 'DRAM', opType: 'READ', iterations: 40 }),
    ).toEqual(['-t', 'ucp_get', '-m', 'host', '-s', '67108864', '-n', '40', '-w', '4', '-p', '13337']);
    // --warmup reaches ucx_perftest as -w, whatever --iters says.
    const w = perftestArgs({ ...params, engine: 'ucx_perftest', iterations: 40, warmup: 7 });
    expect(w.slice(w.indexOf('-n'), w.indexOf('-n') + 4)).toEqual(['-n', '40', '-w', '7']);
  });
});

/**
 * Runs a probe script under /bin/sh, as the container would. nixlbench cannot
 * be built here, so a small stand-in prints what it was given; ucx_perftest
 * is the real one (test/pair-rendezvous.test.ts runs the rendezvous with a
 * real etcd).
 */
describe('the probe scripts, run under /bin/sh', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A PATH with the shell tools the scripts use, but no etcd client (etcdctl, python3). */
  function setup(tools: Record<string, string>): void {
    dir = mkdtempSync(path.join(tmpdir(), 'probe-script-'));
    for (const t of [
      'sh',
      'date',
      'hostname',
      'mktemp',
      'cat',
      'grep',
      'tail',
      'sleep',
      'tee',
      'mkdir',
      'rm',
    ]) {
      const found = ['/usr/bin', '/bin'].map((d) => path.join(d, t)).find((f) => existsSync(f));
      if (found) symlinkSync(found, path.join(dir, t));
    }
    for (const [name, body] of Object.entries(tools)) {
      const f = path.join(dir, name);
      writeFileSync(f, `#!/bin/sh\n${body}\n`);
      chmodSync(f, 0o755);
    }
  }

  function run(argv: string[], args: string[], extraEnv: Record<string, string> = {}) {
    const [sh, ...rest] = argv;
    const r = spawnSync(sh as string, [...rest, ...args], {
      env: { PATH: dir, NODE_NAME: 'gpu-a', STATE: dir, ITEST_GAP_S: '0', ...extraEnv },
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { code: r.status, out: r.stdout + r.stderr };
  }

  const legEnv = (role: 'prefill' | 'decode', legs: string) =>
    Object.fromEntries(
      scriptEnv({
        role,
        legs: legs.split(' ').map((l) => {
          const [initiator, op] = l.split(':');
          return { initiator: initiator as 'prefill' | 'decode', op: op as 'READ' | 'WRITE' };
        }),
        runId: 'r',
        group: 'g',
        waitS: 5,
      }).map((e) => [e.name, e.value]),
    );

  it("cross-node nixlbench: keeps the arguments as given (a hostile value stays one argument), swaps in each leg's op and group", () => {
    setup({ nixlbench: 'printf "nixlbench args:"; for a; do printf " [%s]" "$a"; done; echo' });
    const r = run(
      probeCommand('nixlbench', 'prefill'),
      [
        '--etcd_endpoints',
        'http://e:2379',
        '--benchmark_group',
        'g-1',
        '--op_type',
        'READ',
        '--x',
        'a; rm -rf /',
      ],
      legEnv('prefill', 'decode:READ prefill:WRITE'),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^interconnect-test: host \S+ node gpu-a\n/);
    expect(r.out).toContain('no etcd client (etcdctl or python3) in the image: no rendezvous');
    expect(r.out).toContain('interconnect-test: leg 1 READ initiator=decode role=target\n');
    expect(r.out).toContain(
      'nixlbench args: [--etcd_endpoints] [http://e:2379] [--x] [a; rm -rf /] [--op_type] [READ] [--benchmark_group] [g-1]\n',
    );
    expect(r.out).toContain(
      'nixlbench args: [--etcd_endpoints] [http://e:2379] [--x] [a; rm -rf /] [--op_type] [WRITE] [--benchmark_group] [g-2]\n',
    );
  });

  it('a failing leg fails the pod with its exit code, and the next leg does not run', () => {
    setup({ nixlbench: 'echo "ran $*"; exit 4' });
    const r = run(probeCommand('nixlbench', 'decode'), [], legEnv('decode', 'decode:READ prefill:WRITE'));
    expect(r.code).toBe(4);
    expect(r.out.match(/^ran /gm)).toHaveLength(1);
  });

  it('a pod without its legs says so instead of exiting 0 with nothing run', () => {
    setup({ nixlbench: 'echo ran' });
    const r = run(probeCommand('nixlbench', 'decode'), []);
    expect(r.code).toBe(2);
    expect(r.out).toContain('interconnect-test: ITEST_LEGS is not set');
  });

  it('a missing tool is reported in one line with exit 127', () => {
    setup({});
    const r = run(probeCommand('nixlbench', 'decode'), []);
    expect(r.code).toBe(127);
    expect(r.out).toContain('interconnect-test: nixlbench not found in image\n');
  });

  it('intra-node: rank 0 (GPUs 0,1) registers first, then rank 1 (GPUs 1,0); a failing rank fails the pod', () => {
    // Each stand-in rank takes the next rank number, like etcd's size key, and prints its GPUs.
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
});

describeNeeding([tools('ucx_perftest')], 'the ucx_perftest probe script with the real ucx_perftest', () => {
  const start = (role: 'prefill' | 'decode', args: string[], env: Record<string, string> = {}) => {
    const e: NodeJS.ProcessEnv = { ...process.env, ITEST_POLL_S: '0.2', ...env };
    for (const x of scriptEnv({
      role,
      legs: [{ initiator: 'prefill', op: 'WRITE' }],
      runId: 'r',
      peerHost: '127.0.0.1',
      waitS: 20,
    }))
      e[x.name] = x.value;
    const [sh, ...rest] = probeCommand('ucx_perftest', role);
    return spawn(sh as string, [...rest, ...args], { env: e, stdio: ['ignore', 'pipe', 'pipe'] });
  };
  const collect = (c: ReturnType<typeof spawn>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      let out = '';
      c.stdout?.on('data', (d) => {
        out += d;
      });
      c.stderr?.on('data', (d) => {
        out += d;
      });
      c.on('close', (code) => resolve({ code, out }));
    });

  it('the client retries while its server is not listening yet (its pod still pulling), then measures', async () => {
    const port = String(await freePort());
    const args = ['-t', 'ucp_put_bw', '-m', 'host', '-s', '65536', '-n', '100', '-w', '10', '-p', port];
    const client = collect(start('prefill', args));
    await new Promise((r) => setTimeout(r, 1500));
    const server = collect(start('decode', args));
    const [c, s] = await Promise.all([client, server]);
    expect([c.code, s.code]).toEqual([0, 0]);
    expect(c.out.match(/Connection refused/g)?.length).toBeGreaterThan(1);
    expect(c.out).toMatch(/^Final:/m);
  }, 30_000);

  it('the client gives up at once on any other failure', async () => {
    const port = String(await freePort());
    const r = await collect(start('prefill', ['-t', 'ucp_put_bw', '-m', 'cuda', '-p', port]));
    expect(r.code).toBe(129);
    expect(r.out.match(/unsupported memory type/g)).toHaveLength(1);
  }, 30_000);
});

describe('engine names', () => {
  it("the report's engine enum and the registry's names are one list (core/measurement.ts ENGINE_NAMES)", () => {
    expectTypeOf<(typeof ENGINE_NAMES)[number]>().toEqualTypeOf<EngineName>();
    expect(allEngines().map((e) => e.name)).toEqual([...ENGINE_NAMES]);
  });
});
