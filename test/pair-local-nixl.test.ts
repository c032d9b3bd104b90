import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InterruptedError } from '../src/core/errors.js';
import { MeasurementSchema } from '../src/core/measurement.js';
import { ReportSchema } from '../src/core/model.js';
import { silentProgress } from '../src/core/progress.js';
import type { Placement } from '../src/engines/local/types.js';
import { nixlProbePath } from '../src/engines/nixl-probe.js';
import { runLocalPair } from '../src/pair/local/index.js';
import { parseNixlProbe } from '../src/parsers/nixl-probe.js';
import { type Launcher, type RunningProc, spawnLauncher } from '../src/procs/launcher.js';
import { listensOn } from '../src/procs/listen.js';
import { freePort } from '../src/procs/ports.js';
import { pollUntil } from '../src/procs/wait.js';
import { runCli } from './helpers/cli.js';
import { type VethPair, vethPair } from './helpers/netns.js';
import { nixl, nixlPythonPaths, OLD_NIXL } from './helpers/nixl.js';
import { childrenOf, isAlive } from './helpers/pair-local-procs.js';
import { describeNeeding, need, netns } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

// Real transfers: our probe (templates/nixl-probe.py) as two local processes, with the
// nixl wheel from PyPI in the project's venv (scripts/nixl-venv.sh). Nothing here fakes NIXL.

const python = nixlPythonPaths();
const env = { ...process.env, NO_COLOR: '1', INTERCONNECT_TEST_PYTHON: python.current };
const base = { engine: 'nixl' as const, mode: 'local' as const, nixlbenchRuntime: 'auto' as const };
const quiet = { env, progress: silentProgress };

describeNeeding([nixl('current')], 'pair --local --engine nixl (real NIXL from PyPI)', () => {
  it('measures a DRAM WRITE sweep, names the UCX transport, and is unverified, never trusted', async () => {
    const { code, stdout, stderr } = await runCli(
      ['pair', '--local', '--engine', 'nixl', '--sizes', '4K,1M', '--iters', '50', '-o', 'json'],
      { env },
    );
    expect(stderr).not.toMatch(/at \S+\.(ts|js):\d+/);
    expect(code).toBe(0);
    const report = ReportSchema.parse(JSON.parse(stdout));
    const m = MeasurementSchema.parse(report.measurement);
    expect(m.engine).toBe('nixl');
    expect(m.mode).toBe('local');
    expect(m.opType).toBe('WRITE');
    expect(m.memory).toEqual({ initiator: 'DRAM', target: 'DRAM' });
    // nixlbench's sweep: doubling from the smallest to the largest block, one transfer at a time;
    // then the in-flight row: 4 transfers of the largest block kept posted at once.
    expect(m.rows.map((r) => [r.blockSize, r.inFlight ?? 1])).toEqual([
      [4096, 1],
      [8192, 1],
      [16384, 1],
      [32768, 1],
      [65536, 1],
      [131072, 1],
      [262144, 1],
      [524288, 1],
      [1 << 20, 1],
      [1 << 20, 4],
    ]);
    for (const r of m.rows) expect(r.gbps).toBeGreaterThan(0);
    expect(m.peakGBps).toBe(Math.max(...m.rows.map((r) => r.gbps)));
    expect(m.peakGBps).toBeGreaterThan(0);
    // The one-at-a-time rows keep their latency; the bandwidth judged is the in-flight row's,
    // whichever row happened to be faster on this shared CPU.
    const inFlight = m.rows.at(-1);
    expect(inFlight?.avgLatUs).toBeUndefined();
    expect(m.rows.at(-2)?.avgLatUs).toBeGreaterThan(0);
    const bw = report.checks.find((c) => c.id === 'pair.bandwidth');
    expect((bw?.data as { judgedGBps?: number } | undefined)?.judgedGBps).toBe(inFlight?.gbps);
    // The KV-shaped row (the probe's documented default shape), judged beside the peak, never a pass by itself.
    expect(m.kv).toMatchObject({ descsPerRequest: 10240, requests: 1, source: 'default' });
    expect(m.kv?.gbps).toBeGreaterThan(0);
    const kv = report.checks.find((c) => c.id === 'pair.kv');
    expect(kv?.detail).toMatch(/^KV-shaped row \S+ GB\/s is \d+% of the \S+ GB\/s peak at 1 MiB/);
    expect(kv?.status).toBe((m.kv?.gbps ?? 0) < 0.5 * (m.rows.at(-1)?.gbps ?? 0) ? 'warn' : 'ok');
    // UCX's own endpoint lines and protocol tables name the lanes (the wheel's UCX: tcp/lo, cma/memory).
    // The protocol table of the WRITE names its lanes: cross-memory attach where the kernel
    // allows it, else UCX's next choice; never nothing.
    expect(m.transport.lanes.length).toBeGreaterThan(0);
    expect(['shm', 'tcp']).toContain(m.transport.kind);
    expect(m.hosts?.initiator).toBe(m.hosts?.target);
    expect(report.checks[0]).toMatchObject({ id: 'pair.engine', status: 'ok' });
    expect(report.checks[0]?.detail).toMatch(/^nixl \(.+\/python\), nixl \d+\.\d+\.\d+, UCX \d+\.\d+\.\d+$/);
    expect(report.checks.find((c) => c.id === 'pair.transfer')?.status).toBe('ok');
    expect(report.checks.find((c) => c.id === 'pair.transport')?.status).toBe('warn');
    expect(report.verdict.status).toBe('unverified');
  }, 150_000);

  it('runs READ when asked (--op read), the initiator reading the target, and checks the bytes arrived', async () => {
    const procs: RunningProc[] = [];
    const keep: Launcher = {
      async start(spec) {
        const p = await spawnLauncher.start(spec);
        procs.push(p);
        return p;
      },
    };
    const result = await runLocalPair(
      { ...base, op: 'READ', sizes: [65536], iters: 50, timeoutMs: 60_000 },
      {
        ...quiet,
        signal: new AbortController().signal,
        launcher: keep,
        // A name, not an address, as a headless Service gives between pods: the probe resolves it.
        placement: { server: { wrap: [], address: 'localhost' }, client: { wrap: [] }, describe: 'loopback' },
      },
    );
    expect(result.measurement.opType).toBe('READ');
    expect(procs[1]?.argv).toContain('localhost');
    // The probe checked the data: the initiator read the target's 0xA5 pattern; the target
    // learnt the operation from the initiator's final notification and had nothing to check.
    const [target, initiator] = procs.map((p) => parseNixlProbe(p.lines().join('\n')));
    // One sweep row, the in-flight row and the KV row; the KV row is the measurement's `kv`, not a row.
    expect(initiator?.done).toMatchObject({ verified: true, measurements: 3 });
    expect(target?.done).toMatchObject({ verified: null, op: 'READ' });
    expect(result.measurement.rows.map((r) => r.inFlight ?? 1)).toEqual([1, 4]);
    expect(result.measurement.kv).toMatchObject({
      descBytes: 32768,
      descsPerRequest: 10240,
      source: 'default',
    });
    expect(target?.done?.kvNotifs).toBe(result.measurement.kv?.notifs);
    expect(result.measurement.rows[0]?.gbps).toBeGreaterThan(0);
    expect(result.checks.find((c) => c.id === 'pair.transfer')?.status).toBe('ok');
    for (const pid of result.pids) expect(isAlive(pid)).toBe(false);
  });

  it('fails clearly, with nothing left running, when the target dies mid-run', async () => {
    const started: { name: string; pid: number; kill: () => void }[] = [];
    const killer: Launcher = {
      async start(spec) {
        const p = await spawnLauncher.start(spec);
        started.push({ name: p.name, pid: p.pid, kill: () => p.signalGroup('SIGKILL') });
        // Once the initiator has connected and is sweeping 64 MiB blocks, SIGKILL the target.
        if (p.name === 'nixl initiator')
          p.onLine((l) => {
            if (l.includes('"event":"connected"')) setTimeout(() => started[0]!.kill(), 300);
          });
        return p;
      },
    };
    const result = await runLocalPair(
      { ...base, sizes: [64 << 20], iters: 1_000_000, timeoutMs: 90_000 },
      { ...quiet, signal: new AbortController().signal, launcher: killer },
    );
    const transfer = result.checks.find((c) => c.id === 'pair.transfer');
    expect(transfer?.status).toBe('fail');
    expect(transfer?.detail).toMatch(/^nixl target killed by SIGKILL/);
    expect(result.measurement.rows).toEqual([]);
    expect(result.pids).toEqual(started.map((s) => s.pid));
    for (const pid of result.pids) expect(isAlive(pid)).toBe(false);
  });

  it('the probe alone: a target whose initiator died mid-sweep gives up after --timeout of silence', async () => {
    // Between pods no `pair` process stands over the target, so the probe must notice itself.
    const port = await freePort();
    const args = ['--memory', 'DRAM', '--start-block', '4096', '--max-block', '4096', '--iters', '100000000'];
    const target = await spawnLauncher.start({
      name: 'target',
      argv: [
        python.current,
        nixlProbePath(),
        '--role',
        'target',
        '--listen-port',
        String(port),
        // The silence it gives up after, and its wait for the initiator's metadata: long enough for the
        // initiator's start on a loaded machine (a Python import and UCX's init), short for the test.
        '--timeout',
        '8',
        ...args,
        // The last --memory wins: the target picks by itself (VRAM only with a GPU).
        '--memory',
        'auto',
      ],
      env,
    });
    try {
      await pollUntil(async () => (await listensOn(target.pid, port)) || undefined, {
        intervalMs: 50,
        timeoutMs: 30_000,
      });
      const initiator = await spawnLauncher.start({
        name: 'initiator',
        argv: [
          python.current,
          nixlProbePath(),
          '--role',
          'initiator',
          '--peer',
          '127.0.0.1',
          '--peer-port',
          String(port),
          ...args,
        ],
        env,
      });
      await pollUntil(
        async () => initiator.lines().some((l) => l.includes('"event":"connected"')) || undefined,
        {
          intervalMs: 50,
          timeoutMs: 30_000,
        },
      );
      initiator.signalGroup('SIGKILL');
      await initiator.exited;
      const exit = await target.exited;
      expect(exit).toEqual({ code: 1, signal: null });
      const out = parseNixlProbe(target.lines().join('\n'));
      // No torch in the venv and, without a GPU, no libcuda: host memory, and it says so.
      if (!existsSync('/proc/driver/nvidia/gpus'))
        expect(out.start).toMatchObject({ memory: 'DRAM', memorySource: 'host', device: null });
      // It names its peer's death either way: NIXL saw the connection close, or the silence ran out.
      expect(out.errors).toEqual([
        expect.objectContaining({
          stage: 'peer',
          message: expect.stringMatching(
            /^interconnect-test-initiator (sent nothing for 8s mid-sweep \(no row finished\): it died or hangs|disconnected mid-sweep \(NIXL_ERR_REMOTE_DISCONNECT\): it died or ended)$/,
          ),
        }),
      ]);
    } finally {
      target.signalGroup('SIGKILL');
    }
  });

  it('stops at --timeout with a fail, not a hang, and leaves nothing running', async () => {
    const { code, stdout } = await runCli(
      ['pair', '--local', '--engine', 'nixl', '--sizes', '64M', '--iters', '1000000', '--timeout', '6s'],
      { env },
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /FAIL\s+pair\.transfer\s+nixl on \S+\s+did not finish within 6s \(--timeout\): stopped /,
    );
    expect(childrenOf(process.pid, 'nixl-probe.py')).toEqual([]);
  });

  it('exits 130 on Ctrl-C and leaves no probe process behind', async () => {
    const ac = new AbortController();
    const running = runCli(['pair', '--local', '--engine', 'nixl', '--sizes', '64M', '--iters', '1000000'], {
      env,
      signal: ac.signal,
    });
    let seen: number[] = [];
    for (let i = 0; i < 200 && seen.length < 2; i++) {
      await delay(100);
      seen = childrenOf(process.pid, 'nixl-probe.py');
    }
    expect(seen).toHaveLength(2);
    await delay(500);
    ac.abort(new InterruptedError('SIGINT'));
    const { code, stdout, stderr } = await running;
    expect(code).toBe(130);
    expect(stderr.trim().split('\n').at(-1)).toBe('interrupted by SIGINT');
    expect(stdout).toBe('');
    expect(childrenOf(process.pid, 'nixl-probe.py')).toEqual([]);
    for (const pid of seen) expect(isAlive(pid)).toBe(false);
  });

  it('fails the transfer, naming the line, when the probe prints garbage among real results', async () => {
    // The real probe, run by a wrapper that first prints a broken probe line: the transfer
    // itself succeeds, so only the parser can catch it.
    const dir = mkdtempSync(path.join(tmpdir(), 'nixl-garbage-'));
    const wrapper = path.join(dir, 'nixl-probe.py');
    writeFileSync(
      wrapper,
      [
        'import runpy, sys',
        'if "initiator" in sys.argv:',
        '    print(\'{"probe":"nixl-probe","v":1,"event":"measurement","role":"initiator","gbps":"fast"}\', flush=True)',
        `runpy.run_path(${JSON.stringify(nixlProbePath())}, run_name="__main__")`,
      ].join('\n'),
    );
    const result = await runLocalPair(
      { ...base, sizes: [65536], iters: 20, timeoutMs: 60_000 },
      { ...quiet, signal: new AbortController().signal, nixlProbe: wrapper },
    );
    const transfer = result.checks.find((c) => c.id === 'pair.transfer');
    expect(transfer?.status).toBe('fail');
    expect(transfer?.detail).toMatch(
      /^the initiator printed a line that is not nixl-probe output \(line 1: (op|blockSize)/,
    );
    expect(result.checks.find((c) => c.id === 'pair.transfer')?.status).toBe('fail');
    for (const pid of result.pids) expect(isAlive(pid)).toBe(false);
  }, 120_000);
});

describeNeeding(
  [nixl('old')],
  `pair --local --engine nixl with NIXL ${OLD_NIXL} (real wheel, too old)`,
  () => {
    it('stops with a one-line error naming the version, exit 2, no stack trace', async () => {
      const { code, stdout, stderr } = await runCli(
        ['pair', '--local', '--engine', 'nixl', '--sizes', '4K'],
        {
          env: { ...env, INTERCONNECT_TEST_PYTHON: python.old },
        },
      );
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(
        `pair --local --engine nixl: NIXL ${OLD_NIXL} is too old: this probe needs NIXL >= 0.2.0 (the listen-thread metadata exchange: send_local_metadata/fetch_remote_metadata)`,
      );
      expect(stderr).not.toMatch(/at \S+\.(ts|js):\d+/);
      expect(childrenOf(process.pid, 'nixl-probe.py')).toEqual([]);
    });
  },
);

let link: VethPair | undefined;
beforeAll(() => {
  // Not link-local: the wheel's UCX skips 169.254/16 addresses (test/helpers/netns.ts).
  link = vethPair('it-nx', 78, '198.18');
});
afterAll(() => link?.remove());

describeNeeding([nixl('current')], 'pair --local --engine nixl across two network namespaces (veth)', () => {
  it('exchanges metadata over the veth link and moves data', async (ctx) => {
    need(ctx, tools('ip'), netns(link));
    const placement: Placement = {
      server: { wrap: link!.exec('a'), address: link!.addr.a },
      client: { wrap: link!.exec('b') },
      describe: 'network namespaces over veth',
    };
    const result = await runLocalPair(
      { ...base, sizes: [65536, 1 << 20], iters: 20, timeoutMs: 90_000, ucxTls: 'tcp' },
      { ...quiet, signal: new AbortController().signal, placement },
    );
    const m = result.measurement;
    expect(result.checks.find((c) => c.id === 'pair.transfer')).toMatchObject({ status: 'ok' });
    expect(m.rows.map((r) => r.blockSize)).toEqual([65536, 131072, 262144, 524288, 1 << 20, 1 << 20]);
    expect(m.peakGBps).toBeGreaterThan(0);
    expect(m.transport.kind).toBe('tcp');
    expect(m.transport.lanes).toEqual(expect.arrayContaining([`tcp/${link!.veth.a}`]));
    for (const pid of result.pids) expect(isAlive(pid)).toBe(false);
  }, 120_000);
});
