import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../../test/helpers/pair-local-procs.js';
import { need } from '../../../test/helpers/preconditions.js';
import { tools } from '../../../test/helpers/tools.js';
import { DisposalStack } from '../../procs/disposal.js';
import { type RunningProc, spawnLauncher } from '../../procs/launcher.js';
import { lastErrorLine, type PairRun, runTwoProcs } from './two-procs.js';

const node = process.execPath;
const script = (code: string) => [node, '-e', code];
const HANG = 'setInterval(() => {}, 1000)';

async function run(
  first: string[],
  second: string[],
  opts: { ready?: (p: RunningProc) => Promise<boolean>; deadlineMs?: number; interrupt?: AbortSignal } = {},
) {
  const stack = new DisposalStack();
  const pids: number[] = [];
  try {
    const result = await runTwoProcs(
      {
        first: { name: 'server', argv: first },
        second: { name: 'client', argv: second },
        ready: opts.ready ?? (async () => true),
        peerGraceMs: 500,
      },
      {
        launcher: spawnLauncher,
        stack,
        interrupt: opts.interrupt ?? new AbortController().signal,
        deadline: AbortSignal.timeout(opts.deadlineMs ?? 20_000),
        onStart: (p) => pids.push(p.pid),
      },
    );
    return { result, pids };
  } finally {
    expect(await stack.dispose(5000)).toEqual([]);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  }
}

const summary = (r: PairRun) => ({
  outcome: r.outcome,
  problem: r.problem,
  first: r.first && { exit: r.first.exit, stopped: r.first.stopped, lines: r.first.lines },
  second: r.second && { exit: r.second.exit, stopped: r.second.stopped, lines: r.second.lines },
});

describe('runTwoProcs', () => {
  it('completes when both exit 0', async () => {
    const { result, pids } = await run(
      script('setTimeout(() => console.log("served"), 300)'),
      script('console.log("sent")'),
    );
    expect(pids).toHaveLength(2);
    expect(summary(result)).toEqual({
      outcome: 'completed',
      problem: undefined,
      first: { exit: { code: 0, signal: null }, stopped: false, lines: ['served'] },
      second: { exit: { code: 0, signal: null }, stopped: false, lines: ['sent'] },
    });
  });

  it('fails with the dead side and its last error, and stops the survivor left waiting', async () => {
    const { result } = await run(
      script(HANG),
      script(
        'console.error("[1795999269.565199] [vm:7274 :0]  perftest.c:405  UCX  ERROR client failed"); process.exit(3)',
      ),
    );
    expect(summary(result)).toEqual({
      outcome: 'failed',
      problem:
        'client exit 3: perftest.c:405  UCX  ERROR client failed; server was left waiting on a dead peer and was stopped',
      first: { exit: { code: null, signal: 'SIGTERM' }, stopped: true, lines: [] },
      second: {
        exit: { code: 3, signal: null },
        stopped: false,
        lines: ['[1795999269.565199] [vm:7274 :0]  perftest.c:405  UCX  ERROR client failed'],
      },
    });
  });

  it('fails when a side finished but its peer never exits', async () => {
    const { result } = await run(script(HANG), script('process.exit(0)'));
    expect([result.outcome, result.problem, result.first?.stopped]).toEqual([
      'failed',
      'client finished but server did not exit within 0.5s; stopped it',
      true,
    ]);
  });

  it('never starts the second side when the first dies before it is ready', async (ctx) => {
    // A real ucx_perftest server whose port is taken exits 255 with "bind() failed".
    need(ctx, tools('ucx_perftest'));
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', r));
    const port = String((blocker.address() as { port: number }).port);
    try {
      const { result, pids } = await run(['ucx_perftest', '-p', port, '-t', 'tag_bw'], script('0'), {
        ready: async (p) => (await p.exited) && false,
      });
      expect(pids).toHaveLength(1);
      expect([result.outcome, result.problem, result.second]).toEqual([
        'failed',
        'server exit 255: perftest.c:405  UCX  ERROR server failed. bind() failed: Address already in use (before client started)',
        undefined,
      ]);
    } finally {
      blocker.close();
    }
  });

  it('stops a first side that never gets ready', async () => {
    const { result } = await run(script(HANG), script('0'), { ready: async () => false });
    expect([result.outcome, result.problem, result.first?.stopped, result.second]).toEqual([
      'failed',
      'server did not get ready for client; stopped it',
      true,
      undefined,
    ]);
  });

  it('reports a timeout at the deadline, with both sides stopped', async () => {
    const { result } = await run(script(`console.log("up"); ${HANG}`), script(HANG), { deadlineMs: 600 });
    expect(summary(result)).toEqual({
      outcome: 'timeout',
      problem: 'stopped server and client',
      first: { exit: { code: null, signal: 'SIGTERM' }, stopped: true, lines: ['up'] },
      second: { exit: { code: null, signal: 'SIGTERM' }, stopped: true, lines: [] },
    });
  });

  it('rethrows an interrupt; the teardown registered at start stops both', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('SIGINT')), 400);
    await expect(run(script(HANG), script(HANG), { interrupt: ac.signal })).rejects.toThrow('SIGINT');
  });
});

describe('lastErrorLine', () => {
  it('picks the last error-looking line without the UCX timestamp prefix', () => {
    expect(
      lastErrorLine([
        'Waiting for connection...',
        '[1795999744.523003] [vm:21200:0] perftest_params.c:281  UCX  ERROR Invalid option argument for -t',
        '  Usage: ucx_perftest [ server-hostname ] [ options ]',
        '     -e             create endpoints with error handling support',
      ]),
    ).toBe('perftest_params.c:281  UCX  ERROR Invalid option argument for -t');
    expect(
      lastErrorLine(['Connecting to ETCD at http://127.0.0.1:1', 'Failed to setup ETCD runtime', '']),
    ).toBe('Failed to setup ETCD runtime');
    expect(lastErrorLine(['all good'])).toBeUndefined();
  });
});
