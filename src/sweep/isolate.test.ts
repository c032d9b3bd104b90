import { describe, expect, it } from 'vitest';
import { isolate } from './isolate.js';
import type { SweepPair } from './model.js';
import { allPairs, ring } from './schemes.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);

/** Pairs of a plan, failing (on the fabric) where `fails` says. */
function outcomes(
  plan: ReturnType<typeof ring>,
  fails: (a: string, b: string) => boolean,
  notRun: (a: string, b: string) => boolean = () => false,
): SweepPair[] {
  return plan.pairs.map((p) => {
    const nr = notRun(p.prefill, p.decode);
    const bad = !nr && fails(p.prefill, p.decode);
    return {
      ...p,
      outcome: nr ? 'not-run' : bad ? 'untrusted' : 'trusted',
      detail: bad ? 'peak 3 GB/s is below the floor' : nr ? 'could not be scheduled' : 'peak 45 GB/s',
      failure: nr ? 'unscheduled' : bad ? 'fabric' : null,
      runId: `r${p.index}`,
      namespace: null,
      engine: 'nixlbench',
      peakGBps: nr ? null : bad ? 3 : 45,
      transport: 'rdma',
      lineGBps: 50,
      floorGBps: 20,
      durationMs: 1,
      checks: [],
    };
  });
}

const touches = (n: string) => (a: string, b: string) => a === n || b === n;

describe('isolate', () => {
  it('names the node whose every pair failed in an all-pairs sweep, and no link', () => {
    const nodes = names(8);
    const iso = isolate(nodes, [], outcomes(allPairs(nodes), touches('n5')));
    expect(iso.culprits.nodes.map((c) => c.node)).toEqual(['n5']);
    expect(iso.culprits.links).toEqual([]);
    expect(iso.nodes.find((n) => n.name === 'n5')?.status).toBe('culprit');
    // Its partners' one failure each is explained by the culprit: they are not suspects.
    expect(iso.nodes.filter((n) => n.status === 'suspect')).toEqual([]);
    expect(iso.nodes.find((n) => n.name === 'n0')).toMatchObject({
      status: 'ok',
      detail: '6 of 7 pairs trusted; the other failed with culprit n5',
    });
  });

  it('a warning never vouches: a partner that only ran unverified pairs elsewhere does not make a culprit', () => {
    // Ring n0-n1-n2-n3-n0: n1's two pairs fail; its partners' other pairs only warned (a degraded link).
    const nodes = names(4);
    const pairs = outcomes(ring(nodes), touches('n1')).map((p) =>
      p.outcome === 'trusted'
        ? {
            ...p,
            outcome: 'unverified' as const,
            detail: 'peak 40 GB/s warns',
            checks: [
              { id: 'pair.bandwidth', status: 'warn' as const, detail: '40 GB/s is 80 % of 50 GB/s' },
              { id: 'pair.transport', status: 'skipped' as const, detail: 'UCX did not log its transport' },
            ],
          }
        : p,
    );
    const iso = isolate(nodes, [], pairs);
    expect(iso.culprits.nodes).toEqual([]);
    expect(iso.culprits.links.map((l) => `${l.a}-${l.b}`).sort()).toEqual(['n0-n1', 'n1-n2']);
    expect(iso.culprits.links[0]?.detail).toContain('neither node ran a passing pair to compare');
    // Unverified only because the log did not show the transport (the bandwidth met its bar): they vouch.
    const skippedOnly = outcomes(ring(nodes), touches('n1')).map((p) =>
      p.outcome === 'trusted'
        ? {
            ...p,
            outcome: 'unverified' as const,
            checks: [
              { id: 'pair.bandwidth', status: 'ok' as const, detail: '45 GB/s is 90 % of 50 GB/s' },
              {
                id: 'pair.transport',
                status: 'warn' as const,
                detail: 'UCX did not log the transport it chose',
              },
            ],
          }
        : p,
    );
    expect(isolate(nodes, [], skippedOnly).culprits.nodes.map((c) => c.node)).toEqual(['n1']);
    // With the same partners trusted, n1 is the culprit.
    expect(
      isolate(nodes, [], outcomes(ring(nodes), touches('n1'))).culprits.nodes.map((c) => c.node),
    ).toEqual(['n1']);
  });

  it('a slow teardown or exit is not about the link: a partner whose pairs warned pair.cleanup and pair.exit still vouches', () => {
    // Seen at 128 nodes on a busy control plane: healthy pairs warned that their scratch objects
    // were not confirmed gone in time and that the probes exited late, and culprits went unnamed.
    const nodes = names(8);
    const pairs = outcomes(ring(nodes), touches('n4')).map((p) =>
      p.outcome === 'trusted'
        ? {
            ...p,
            outcome: 'unverified' as const,
            checks: [
              { id: 'pair.bandwidth', status: 'ok' as const, detail: '5.1 GB/s meets the floor' },
              {
                id: 'pair.transport',
                status: 'warn' as const,
                detail: 'UCX did not log the transport it chose',
              },
              {
                id: 'pair.cleanup',
                status: 'warn' as const,
                detail: 'could not confirm the scratch objects are gone',
              },
              {
                id: 'pair.exit',
                status: 'warn' as const,
                detail: 'the results were printed, then prefill and decode hung for 6s instead of exiting',
              },
            ],
          }
        : p,
    );
    const iso = isolate(nodes, [], pairs);
    expect(iso.culprits.nodes.map((c) => c.node)).toEqual(['n4']);
    expect(iso.culprits.links).toEqual([]);
  });

  it('names the culprit in a ring too: both its neighbours passed with their other neighbour', () => {
    const nodes = names(16);
    const iso = isolate(nodes, [], outcomes(ring(nodes), touches('n9')));
    expect(iso.culprits.nodes.map((c) => c.node)).toEqual(['n9']);
    expect(iso.culprits.links).toEqual([]);
  });

  it('names a single bad link, not a node, when both ends passed elsewhere', () => {
    const nodes = names(6);
    const bad = (a: string, b: string) => [a, b].sort().join() === 'n1,n4';
    const iso = isolate(nodes, [], outcomes(allPairs(nodes), bad));
    expect(iso.culprits.nodes).toEqual([]);
    expect(iso.culprits.links).toHaveLength(1);
    expect([iso.culprits.links[0]?.a, iso.culprits.links[0]?.b].sort()).toEqual(['n1', 'n4']);
    expect(iso.culprits.links[0]?.detail).toMatch(/both nodes passed with other partners/);
  });

  it('tells a culprit and a separate bad link apart in one ring', () => {
    const nodes = names(16);
    const fails = (a: string, b: string) => touches('n3')(a, b) || (a === 'n10' && b === 'n11');
    const iso = isolate(nodes, [], outcomes(ring(nodes), fails));
    expect(iso.culprits.nodes.map((c) => c.node)).toEqual(['n3']);
    expect(iso.culprits.links.map((l) => `${l.a}-${l.b}`)).toEqual(['n10-n11']);
  });

  it('blames no one from one failed pair of two nodes: either end may be at fault', () => {
    const iso = isolate(
      ['a', 'b'],
      [],
      outcomes(ring(['a', 'b']), () => true),
    );
    expect(iso.culprits.nodes).toEqual([]);
    expect(iso.culprits.links[0]?.detail).toMatch(/either end/);
  });

  it('never counts a pair that could not be scheduled as a failure, and keeps excluded nodes apart', () => {
    const nodes = names(4);
    const iso = isolate(
      nodes,
      [{ node: 'nordma', reason: '0 free rdma/ib (needs 1)' }],
      outcomes(ring(nodes), () => false, touches('n2')),
    );
    expect(iso.culprits).toEqual({ nodes: [], links: [] });
    expect(iso.nodes.find((n) => n.name === 'n2')?.status).toBe('unverified');
    expect(iso.nodes.find((n) => n.name === 'nordma')).toMatchObject({
      status: 'excluded',
      detail: '0 free rdma/ib (needs 1)',
    });
  });

  it('does not call a node the culprit when its partners failed everywhere too', () => {
    // n0..n3 all-pairs where everything fails: no partner passed elsewhere.
    const nodes = names(4);
    const iso = isolate(
      nodes,
      [],
      outcomes(allPairs(nodes), () => true),
    );
    expect(iso.culprits.nodes).toEqual([]);
  });
});
