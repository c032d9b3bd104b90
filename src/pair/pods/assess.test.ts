import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { type AssessInput, assess, finalResultsComplete, type PodSnap } from './assess.js';

function pod(role: string, status: V1Pod['status']): V1Pod {
  return { metadata: { name: `itest-r-${role}-x1` }, status };
}
const running = (role: string) => pod(role, { phase: 'Running' });
const succeeded = (role: string) => pod(role, { phase: 'Succeeded' });
/** A pod whose one container (named after its role) is in `state`. */
const withContainer = (
  role: string,
  phase: string,
  state: NonNullable<NonNullable<V1Pod['status']>['containerStatuses']>[number]['state'],
): V1Pod['status'] => ({
  phase,
  containerStatuses: [{ name: role, image: 'i', imageID: '', ready: false, restartCount: 0, state }],
});
const failed = (role: string, exitCode: number) =>
  pod(role, withContainer(role, 'Failed', { terminated: { exitCode, reason: 'Error' } }));
const creating = (role: string) =>
  withContainer(role, 'Pending', { waiting: { reason: 'ContainerCreating' } });

const START = `Connecting to ETCD at http://e:2379
ETCD Runtime: Registered as rank 0 item 1 of 2
Init nixl worker, dev all rank 0, type initiator, hostname gpu-a
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
`;
const legacyComplete = readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log');

function input(over: Partial<AssessInput> & { pods: PodSnap[] }): AssessInput {
  return {
    engine: 'nixlbench',
    now: 100_000,
    runningSince: {},
    peerTimeoutMs: 30_000,
    hangGraceMs: 20_000,
    ...over,
  };
}
const snap = (role: 'prefill' | 'decode', p: V1Pod | undefined, log = ''): PodSnap => ({
  role,
  pod: p,
  events: [],
  log,
});

describe('assess: start-up (both pods are created together)', () => {
  it('says which pod is still pending, and for how long; a pod at the rendezvous waits for its peer', () => {
    const pending: V1Pod = {
      metadata: { name: 'itest-r-decode-x1', creationTimestamp: new Date(100_000 - 75_000) },
      spec: { nodeName: 'gpu-b', containers: [] },
      status: creating('decode'),
    };
    const waitingLog =
      'interconnect-test: leg 1 READ initiator=decode role=target\ninterconnect-test: rendezvous leg1: prefill up, waiting for decode\n';
    expect(
      assess(input({ pods: [snap('prefill', running('prefill'), waitingLog), snap('decode', pending)] })),
    ).toEqual({
      state: 'wait',
      status: 'prefill Running, waiting for its peer, decode Pending (ContainerCreating, 1m15s)',
    });
  });

  it('a late peer is not a problem while the other waits at the rendezvous: the barrier has not started', () => {
    const log = 'interconnect-test: rendezvous leg1: prefill up, waiting for decode\n';
    const pending: V1Pod = {
      metadata: { name: 'd', creationTimestamp: new Date(0) },
      status: { phase: 'Pending' },
    };
    expect(
      assess(
        input({
          pods: [snap('prefill', running('prefill'), log), snap('decode', pending)],
          runningSince: { prefill: 0 },
          now: 10 * 60_000,
        }),
      ).state,
    ).toBe('wait');
  });

  it("a pod whose rendezvous timed out is named: the peer never came, not nixlbench's barrier", () => {
    const log =
      'interconnect-test: rendezvous leg1: decode up, waiting for prefill\ninterconnect-test: rendezvous timeout: prefill did not come up within 300s\n';
    const a = assess(input({ pods: [snap('decode', failed('decode', 3), log), snap('prefill', undefined)] }));
    expect(a.state === 'problem' && [a.problem.kind, a.problem.role, a.problem.detail]).toEqual([
      'peer-missing',
      'decode',
      'decode exited (3): the probe pods never met: prefill did not come up within 300s — "interconnect-test: rendezvous timeout: prefill did not come up within 300s"',
    ]);
  });

  it('reports an unschedulable pod at once', () => {
    const p = pod('prefill', {
      phase: 'Pending',
      conditions: [
        {
          type: 'PodScheduled',
          status: 'False',
          reason: 'Unschedulable',
          message: '0/4 nodes are available: 1 Insufficient nvidia.com/gpu.',
        },
      ],
    });
    const a = assess(input({ pods: [snap('prefill', p), snap('decode', running('decode'))] }));
    expect(a.state === 'problem' && [a.problem.kind, a.problem.role, a.problem.detail]).toEqual([
      'unschedulable',
      'prefill',
      'itest-r-prefill-x1 cannot be scheduled: 0/4 nodes are available: 1 Insufficient nvidia.com/gpu.',
    ]);
  });
});

describe('assess: several legs', () => {
  const leg = (n: number, op: string, init: string, role: string) =>
    `interconnect-test: leg ${n} ${op} initiator=${init} role=${role}\n`;
  it("the first leg's table does not start the hung-after-results clock while the second leg runs", () => {
    const prefill = `${leg(1, 'READ', 'decode', 'target')}${START}${leg(2, 'WRITE', 'prefill', 'initiator')}${START}`;
    const decode = `${leg(1, 'READ', 'decode', 'initiator')}${legacyComplete}${leg(2, 'WRITE', 'prefill', 'target')}`;
    const pods = [snap('prefill', running('prefill'), prefill), snap('decode', running('decode'), decode)];
    // Long after the first leg's table (resultsSince would be 0 had it counted): still waiting.
    expect(assess(input({ pods, legs: 2, resultsSince: 0, now: 10 * 60_000 })).state).toBe('wait');
    expect(finalResultsComplete('nixlbench', decode, 2)).toBe(false);
    // Once the last leg's table is there, a pod that then hangs is named.
    const done = `${prefill}${legacyComplete}`;
    expect(finalResultsComplete('nixlbench', done, 2)).toBe(true);
    const hung = assess(
      input({
        pods: [snap('prefill', running('prefill'), done), pods[1] as PodSnap],
        legs: 2,
        resultsSince: 0,
        now: 10 * 60_000,
      }),
    );
    expect(hung.state === 'problem' && hung.problem.kind).toBe('hung-after-results');
  });
});

describe('assess: the run', () => {
  it('is done when both pods succeeded', () => {
    expect(
      assess(
        input({
          pods: [
            snap('prefill', succeeded('prefill'), legacyComplete),
            snap('decode', succeeded('decode'), START),
          ],
        }),
      ),
    ).toEqual({
      state: 'done',
      status: 'prefill Succeeded (15 result rows), decode Succeeded',
    });
  });

  it('an OOM kill is named before the exit it caused in the peer, whichever pod is listed first', () => {
    // Seen on the real nodes: the client is OOM-killed, then the ucx_perftest server aborts (Endpoint timeout, 139).
    const oom = pod(
      'prefill',
      withContainer('prefill', 'Failed', { terminated: { exitCode: 137, reason: 'OOMKilled' } }),
    );
    const a = assess(
      input({
        engine: 'ucx_perftest',
        pods: [
          snap('decode', failed('decode', 139), 'UCX  ERROR Endpoint timeout\n'),
          snap('prefill', oom, ''),
        ],
      }),
    );
    expect(a.state === 'problem' && [a.problem.kind, a.problem.role]).toEqual(['oom-killed', 'prefill']);
  });

  it('a pod that finished with output no parser reads is named at once, not waited on until the timeout', () => {
    // The wrong image: its entrypoint printed a help text and exited 0, while the peer still waits.
    const garbage =
      'interconnect-test: start nixlbench (prefill)\nUsage: myserver [--port N]\n  --port N  listen on N\n';
    const a = assess(
      input({
        pods: [snap('prefill', succeeded('prefill'), garbage), snap('decode', running('decode'), START)],
      }),
    );
    expect(a.state).toBe('problem');
    if (a.state !== 'problem') return;
    expect(a.problem).toMatchObject({ kind: 'unreadable-log', role: 'prefill' });
    expect(a.problem.detail).toBe(
      'prefill finished, but its log is not nixlbench output as expected: cannot read nixlbench output at line 2 "Usage: myserver [--port N]": no nixlbench start-up line, configuration block or result table found',
    );
    // ucx_perftest's server prints no results by design: its finished log is fine.
    const server = assess(
      input({
        engine: 'ucx_perftest',
        pods: [
          snap('decode', succeeded('decode'), 'Waiting for connection...\n'),
          snap('prefill', running('prefill'), ''),
        ],
      }),
    );
    expect(server.state).toBe('wait');
    // Our own lines alone are not output yet: keep waiting.
    const early = assess(
      input({
        pods: [
          snap('prefill', running('prefill'), 'interconnect-test: start nixlbench (prefill)\n'),
          snap('decode', running('decode'), START),
        ],
      }),
    );
    expect(early.state).toBe('wait');
  });

  it('a complete table and a pod that does not exit: hung after results, once the grace is over', () => {
    const pods = [
      snap('prefill', running('prefill'), legacyComplete),
      snap('decode', running('decode'), START),
    ];
    expect(assess(input({ pods, resultsSince: 90_000 })).state).toBe('wait');
    const a = assess(input({ pods, resultsSince: 50_000 }));
    expect(a).toEqual({
      state: 'problem',
      status: 'prefill Running (15 result rows), decode Running',
      problem: {
        kind: 'hung-after-results',
        role: 'prefill',
        detail:
          'the results were printed, then prefill and decode hung for 50s instead of exiting; stopped it (the numbers are kept)',
        fix: 'a known nixlbench/backend shutdown hang (ai-dynamo/nixl#1999); the measurement stands, but check the image version',
      },
    });
  });

  it('both running and the start barrier never completes: the peer never arrived', () => {
    const pods = [
      snap('prefill', running('prefill'), START),
      snap('decode', running('decode'), 'interconnect-test: start nixlbench\n'),
    ];
    expect(assess(input({ pods, runningSince: { prefill: 10_000, decode: 80_000 } })).state).toBe('wait');
    const a = assess(input({ pods, runningSince: { prefill: 10_000, decode: 20_000 } }));
    expect(a.state === 'problem' && a.problem).toEqual({
      kind: 'peer-missing',
      role: 'decode',
      detail:
        "the peers never met: both pods ran 1m20s and nixlbench's start barrier never completed (decode never registered with etcd)",
      fix: 'check that both pods reach the etcd Service and each other (NetworkPolicy); raise --peer-timeout if image start-up is slow',
    });
  });

  it("nixlbench's own barrier timeout names the peer's state", () => {
    const log = `${START}Error in barrier wait xferbench/g/barrier/start_barrier/0/ rank 0 completed 1/2 ranks)\nFailed to synchronize at start barrier\n`;
    const pending = pod('decode', creating('decode'));
    const a = assess(input({ pods: [snap('prefill', failed('prefill', 1), log), snap('decode', pending)] }));
    expect(a.state === 'problem' && a.problem).toEqual({
      kind: 'peer-missing',
      role: 'prefill',
      detail:
        'prefill exited (1): the peer never arrived at nixlbench\'s start barrier — "Error in barrier wait xferbench/g/barrier/start_barrier/0/ rank 0 completed 1/2 ranks)"; decode is Pending (ContainerCreating)',
      fix: 'the other pod did not start in time or could not reach etcd: check its state and log',
    });
  });

  it('a missing benchmark binary and an unexplained exit each read clearly', () => {
    const missing = assess(
      input({
        pods: [
          snap('prefill', failed('prefill', 127), 'interconnect-test: nixlbench not found in image\n'),
          snap('decode', running('decode')),
        ],
      }),
    );
    expect(missing.state === 'problem' && missing.problem.detail).toBe(
      'prefill exited (127): the image has no nixlbench binary — "interconnect-test: nixlbench not found in image"',
    );
    const plain = assess(
      input({
        pods: [
          snap('prefill', running('prefill'), START),
          snap('decode', failed('decode', 2), 'something odd\n'),
        ],
      }),
    );
    expect(plain.state === 'problem' && [plain.problem.role, plain.problem.detail]).toEqual([
      'decode',
      'decode exited with code 2: something odd',
    ]);
  });
});

describe('assess: the nixl probe between pods', () => {
  // The error line our probe prints when NIXL's registerMem raises (templates/nixl-probe.py, stage
  // "register"); its shape is checked by the parser's schema (NixlProbeEventSchema).
  const REGISTER_FAILED = `interconnect-test: leg 1 READ initiator=decode role=target
{"probe":"nixl-probe","v":1,"event":"error","role":"target","stage":"register","message":"registering 67108864 bytes of VRAM with NIXL failed: NIXL_ERR_BACKEND"}
`;

  it('a registration that fails in the worker image is a finding with its fix (RLIMIT_MEMLOCK, how the runtime sets it)', () => {
    const a = assess(
      input({
        engine: 'nixl',
        pods: [snap('prefill', failed('prefill', 1), REGISTER_FAILED), snap('decode', running('decode'))],
      }),
    );
    expect(a.state).toBe('problem');
    if (a.state !== 'problem') return;
    expect(a.problem.role).toBe('prefill');
    expect(a.problem.detail).toMatch(
      /^prefill exited \(1\): NIXL could not register \(pin\) the buffer: the KV transfer of this deployment would fail the same way \(nixl probe, target\) — "register: registering 67108864 bytes/,
    );
    // The Dynamo runtime images run as uid 1000: IPC_LOCK does not reach them, the limit is the fix.
    expect(a.problem.fix).toMatch(
      /^pinning is bounded by RLIMIT_MEMLOCK unless the process holds CAP_IPC_LOCK, which only a root user gets from IPC_LOCK; the Dynamo runtime images run as uid 1000.*LimitMEMLOCK=infinity in a containerd\.service drop-in.*default_ulimits = \["memlock=-1:-1"\] in crio\.conf/,
    );
  });

  it("waits while the initiator's rows come in, and is complete at the initiator's done", () => {
    const initiator = readFixture('..', 'data', 'nixl-probe', 'pod-decode-read-decode-initiator.txt');
    const cut = initiator
      .split('\n')
      .filter((l) => !l.includes('"event":"done"'))
      .join('\n');
    const waiting = assess(
      input({
        engine: 'nixl',
        pods: [snap('prefill', running('prefill')), snap('decode', running('decode'), cut)],
      }),
    );
    expect(waiting).toMatchObject({ state: 'wait' });
    expect(waiting.status).toContain('decode Running');
    expect(waiting.status).toContain('(7 result rows)');
  });
});
