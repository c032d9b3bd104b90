import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PairOptionsSchema } from '../src/commands/actions/pair.js';
import { ToolError } from '../src/core/errors.js';
import { silentProgress } from '../src/core/progress.js';
import { countNvidiaGpus } from '../src/pair/local/host.js';
import { runLocalPair } from '../src/pair/local/index.js';
import { runCli } from './helpers/cli.js';
import { need, precondition } from './helpers/preconditions.js';

/** `interconnect-test pair …` in-process (env: the whole environment it sees). */
const cli = (args: string[], env: NodeJS.ProcessEnv = process.env) => runCli(['pair', ...args], { env });

describe('pair options', () => {
  it('parses sizes, durations and numbers into typed options with defaults', () => {
    const o = PairOptionsSchema.parse({
      local: true,
      sizes: '1M,4K,4096,64MiB',
      timeout: '90s',
      iters: '50',
      minBandwidth: '2.5',
    });
    // The keys --local reads; the cluster mode adds its own beside them.
    const {
      output,
      failOn,
      local,
      engine,
      sizes,
      timeout,
      iters,
      minBandwidth,
      nixlbenchRuntime,
      mode,
      ucxTls,
    } = o;
    expect({
      output,
      failOn,
      local,
      engine,
      sizes,
      timeout,
      iters,
      minBandwidth,
      nixlbenchRuntime,
      mode,
      ucxTls,
    }).toEqual({
      output: 'text',
      failOn: 'fail',
      local: true,
      engine: 'auto',
      sizes: [4096, 1 << 20, 64 << 20],
      timeout: 90_000,
      iters: 50,
      minBandwidth: 2.5,
      nixlbenchRuntime: 'auto',
      mode: undefined,
      ucxTls: undefined,
    });
  });

  it('rejects bad values with one line naming each flag (exit 2)', async () => {
    const r = await cli([
      '--local',
      '--sizes',
      '4K,lots',
      '--timeout',
      'soon',
      '--iters',
      '0',
      '--ucx-tls',
      'tcp;rm',
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'error: invalid options: --sizes: expected a comma-separated list of sizes such as 4K,64K,1M,16M,64M; ' +
        '--iters: must be at least 1; --timeout: expected a duration such as 90s, 5m or 1h; ' +
        '--ucx-tls: expected a UCX_TLS list such as tcp or sysv,cma (fix: see --help)\n',
    );
  });

  it('refuses --mode cross-node with --local, and the cluster mode this build lacks', async () => {
    const cross = await cli(['--local', '--mode', 'cross-node']);
    expect([cross.code, cross.stderr]).toEqual([
      2,
      'error: pair --local runs two processes on this host; --mode cross-node needs two nodes (fix: drop --local to test between two nodes of the cluster, or use --mode intra-node for two local GPUs)\n',
    ]);
  });
});

describe('pair --local without a transfer tool', () => {
  it('says in one line the one command that fixes it (no python3: nothing to set NIXL up with) and exits 2, so no gate reads it as a pass', async () => {
    // An empty PATH and HOME: no nixlbench, no ucx_perftest, no python3, no NIXL venv under ~/.cache.
    const empty = mkdtempSync(path.join(tmpdir(), 'no-tools-'));
    const r = await cli(['--local'], { PATH: empty, HOME: empty });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'error: pair --local: neither nixlbench nor ucx_perftest is on PATH, and no Python can import nixl, and NIXL cannot be set up from PyPI: no python3 on PATH (fix: sudo apt-get install python3-venv)\n',
    );
    const nixl = await cli(['--local', '--engine', 'nixl'], { PATH: empty, HOME: empty });
    expect(nixl.code).toBe(2);
    expect(nixl.stderr).toBe(
      'error: pair --local --engine nixl: no Python here can import nixl, and NIXL cannot be set up from PyPI: no python3 on PATH (fix: sudo apt-get install python3-venv)\n',
    );
  });
});

describe('pair --local --mode intra-node', () => {
  it('needs GPUs, and says so before starting anything', async () => {
    const err = await runLocalPair(
      { engine: 'ucx_perftest', mode: 'intra-node', nixlbenchRuntime: 'auto', timeoutMs: 10_000 },
      {
        env: process.env,
        progress: silentProgress,
        signal: new AbortController().signal,
        host: {
          hostname: () => 'cpu-box',
          which: (p) => `/usr/bin/${p}`,
          gpuCount: () => 0,
          gpuModel: () => undefined,
        },
        launcher: {
          start: () => {
            throw new Error('nothing may start without a GPU');
          },
        },
      },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect(err.message).toBe(
      'pair --local --mode intra-node needs NVIDIA GPUs: none found (no /proc/driver/nvidia/gpus)',
    );
  });

  it('exits 2 from the CLI on this GPU-less machine', async (ctx) => {
    const gpus = countNvidiaGpus();
    need(
      ctx,
      precondition(
        'a machine without NVIDIA GPUs',
        gpus > 0 ? `${gpus} in /proc/driver/nvidia/gpus` : undefined,
      ),
    );
    // No ucx_perftest on PATH either: the missing GPUs are named first, whatever the engine.
    const empty = mkdtempSync(path.join(tmpdir(), 'no-tools-'));
    const r = await cli(['--local', '--engine', 'ucx_perftest', '--mode', 'intra-node'], {
      ...process.env,
      PATH: empty,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: pair --local --mode intra-node needs NVIDIA GPUs: none found/);
  });
});

describe('one size grammar for --sizes and --memory (core/size.ts)', () => {
  it('--sizes takes 1Mi, 1MB and 1M; --memory the same, written back as a Kubernetes quantity', () => {
    const o = PairOptionsSchema.parse({ local: true, sizes: '1Mi,1MB,1M,4KiB' });
    expect(o.sizes).toEqual([4096, 1_000_000, 1024 ** 2]);
    for (const [given, quantity] of [
      ['16Gi', '16Gi'],
      ['16G', '16Gi'],
      ['16GiB', '16Gi'],
      ['1.5Gi', '1536Mi'],
      ['2GB', '2000000000'],
    ])
      expect(PairOptionsSchema.parse({ memory: given }).memory, given).toBe(quantity);
    expect(PairOptionsSchema.safeParse({ memory: '16 lots' }).success).toBe(false);
  });
});
