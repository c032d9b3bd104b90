import { expect, it } from 'vitest';
import { MeasurementSchema } from '../src/core/measurement.js';
import { ReportSchema } from '../src/core/model.js';
import { silentProgress } from '../src/core/progress.js';
import { runLocalPair } from '../src/pair/local/index.js';
import { type Launcher, spawnLauncher } from '../src/procs/launcher.js';
import { runCli } from './helpers/cli.js';
import { isAlive } from './helpers/pair-local-procs.js';
import { describeNeeding } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

// Real transfers: two ucx_perftest processes on this host (Debian's ucx-utils).

/** The local machine, minus nixlbench, so these tests measure with ucx_perftest wherever they run. */
const base = { engine: 'ucx_perftest' as const, mode: 'local' as const, nixlbenchRuntime: 'auto' as const };

describeNeeding([tools('ucx_perftest')], 'pair --local with ucx_perftest (real transfers)', () => {
  it('measures two sizes over loopback and reports JSON with a named transport, never trusted', async () => {
    const { code, stdout, stderr } = await runCli(
      ['pair', '--local', '--engine', 'ucx_perftest', '--sizes', '64K,1M', '-o', 'json'],
      { env: process.env },
    );
    expect(code).toBe(0);
    const report = ReportSchema.parse(JSON.parse(stdout));
    const m = MeasurementSchema.parse(report.measurement);
    expect(m.engine).toBe('ucx_perftest');
    expect(m.mode).toBe('local');
    expect(m.nodes.prefill).toBe(m.nodes.decode);
    expect(m.memory).toEqual({ initiator: 'DRAM', target: 'DRAM' });
    // UCX 1.13 picks shared memory between two local processes: sysv (or posix) and cma.
    expect(m.transport.kind).toBe('shm');
    expect(m.transport.lanes.length).toBeGreaterThan(0);
    expect(m.rows.map((r) => r.blockSize)).toEqual([65536, 1048576]);
    for (const r of m.rows) expect(r.gbps).toBeGreaterThan(0);
    expect(m.peakGBps).toBe(Math.max(...m.rows.map((r) => r.gbps)));
    expect(report.checks.map((c) => `${c.id}=${c.status}`)).toEqual([
      'pair.engine=ok',
      'pair.transfer=ok',
      'pair.bandwidth=ok',
      'pair.transport=warn',
    ]);
    expect(report.checks[3]?.detail).toMatch(
      /^local run over [a-z_/]+ \(loopback\): software path works; this does not certify RDMA or NVLink$/,
    );
    expect(report.verdict.status).toBe('unverified');
    // Progress went to stderr, not into the JSON.
    expect(stderr).toContain('→ ucx_perftest: two processes on');
    expect(stderr).toContain('64 KiB × 2000');
  });

  it('fails the gate when the peak is under --min-bandwidth, and --fail-on warn fails on the local warning', async () => {
    const { code, stdout } = await runCli(
      [
        'pair',
        '--local',
        '--engine',
        'ucx_perftest',
        '--sizes',
        '4K',
        '--iters',
        '100',
        '--min-bandwidth',
        '100000',
      ],
      { env: process.env },
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /FAIL\s+pair\.bandwidth\s+ucx_perftest on \S+\s+[\d.]+ GB\/s at 4 KiB, below the floor of 100000 GB\/s \(--min-bandwidth 100000 GB\/s\)/,
    );
    const warnGate = await runCli(
      ['pair', '--local', '--engine', 'ucx_perftest', '--sizes', '4K', '--iters', '100', '--fail-on', 'warn'],
      { env: process.env },
    );
    expect(warnGate.code).toBe(1);
  });

  it('ends in a clear failure, with nothing left running, when the server is killed mid-transfer', async () => {
    // The launcher seam lets the test act as the thing that kills the peer: once the client
    // runs, SIGKILL the server. A ucx_perftest client then waits forever on shared memory.
    const started: { name: string; pid: number; kill: () => void }[] = [];
    const killer: Launcher = {
      async start(spec) {
        const p = await spawnLauncher.start(spec);
        started.push({ name: p.name, pid: p.pid, kill: () => p.signalGroup('SIGKILL') });
        if (p.name.startsWith('client')) setTimeout(() => started[0]!.kill(), 700);
        return p;
      },
    };
    const result = await runLocalPair(
      { ...base, sizes: [64 << 20], iters: 100_000, timeoutMs: 60_000 },
      { env: process.env, progress: silentProgress, signal: new AbortController().signal, launcher: killer },
    );
    const transfer = result.checks.find((c) => c.id === 'pair.transfer');
    expect([transfer?.status, transfer?.detail]).toEqual([
      'fail',
      '64 MiB: server (decode) killed by SIGKILL; client (prefill) was left waiting on a dead peer and was stopped',
    ]);
    expect(result.measurement.rows).toEqual([]);
    expect(result.measurement.peakGBps).toBeNull();
    expect(result.pids).toEqual(started.map((s) => s.pid));
    for (const pid of result.pids) expect(isAlive(pid)).toBe(false);
  });

  it('fails clearly when the client finds no server to connect to', async () => {
    // The server is killed the moment before the client starts: the client's connect() is refused.
    const started: number[] = [];
    let server: { kill: () => void; exited: Promise<unknown> } | undefined;
    const launcher: Launcher = {
      async start(spec) {
        if (spec.name.startsWith('client') && server) {
          server.kill();
          await server.exited;
        }
        const p = await spawnLauncher.start(spec);
        started.push(p.pid);
        if (spec.name.startsWith('server'))
          server = { kill: () => p.signalGroup('SIGKILL'), exited: p.exited };
        return p;
      },
    };
    const result = await runLocalPair(
      { ...base, sizes: [4096], timeoutMs: 30_000 },
      { env: process.env, progress: silentProgress, signal: new AbortController().signal, launcher },
    );
    const transfer = result.checks.find((c) => c.id === 'pair.transfer');
    expect(transfer?.status).toBe('fail');
    expect(transfer?.detail).toBe('4 KiB: server (decode) killed by SIGKILL');
    expect(started).toHaveLength(2);
    for (const pid of started) expect(isAlive(pid)).toBe(false);
  });

  it('stops at the --timeout wall-clock limit with a fail, not a hang', async () => {
    const { code, stdout } = await runCli(
      [
        'pair',
        '--local',
        '--engine',
        'ucx_perftest',
        '--sizes',
        '64M',
        '--iters',
        '100000',
        '--timeout',
        '2s',
      ],
      { env: process.env },
    );
    expect(code).toBe(1);
    expect(stdout).toContain('pair.transfer  ucx_perftest on');
    expect(stdout).toMatch(
      /did not finish within 2s \(--timeout\): 64 MiB: stopped server \(decode\) and client \(prefill\)/,
    );
  });
});
