import { describe, expect, it } from 'vitest';
import { MemoryCluster, storageReinitializing } from '../../test/helpers/memory-cluster.js';
import { systemClock } from '../core/clock.js';
import { createProgress } from '../core/progress.js';
import type { ObjectRef } from '../kube/cluster.js';
import { ClusterError } from '../kube/errors.js';
import type { PairContext } from '../pair/context.js';
import { DisposalStack } from '../procs/disposal.js';
import { gcCommand, kindsCreated, leftoverLines, teardown } from './teardown.js';

/** A cluster whose probe pod never goes (its node is gone) and that can refuse connections. */
class StickyCluster extends MemoryCluster {
  refuse = false;
  /** What listByLabel answers (the namespace and its stuck pod, both being deleted). */
  listed: ObjectRef[] = [
    { apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-abc', deleting: true },
    {
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: 'itest-pair-abc',
      name: 'itest-abc-prefill-x',
      deleting: true,
    },
  ];
  deletes: string[] = [];
  override async delete(ref: ObjectRef): Promise<void> {
    if (this.refuse)
      throw new ClusterError('unreachable', 'cannot reach the Kubernetes API server: ECONNREFUSED', {
        verb: 'delete',
        resource: ref.kind,
      });
    this.deletes.push(`${ref.kind}/${ref.name}`);
  }
  override async listByLabel(_s?: string, _ns?: string, _kinds?: ReadonlySet<string>): Promise<ObjectRef[]> {
    if (this.refuse)
      throw new ClusterError('unreachable', 'cannot reach the Kubernetes API server: ECONNREFUSED', {
        verb: 'list',
        resource: 'namespaces',
      });
    return this.listed;
  }
}

function ctxWith(cluster: StickyCluster, lines: string[]): PairContext {
  const stack = new DisposalStack();
  for (const name of ['Namespace/itest-pair-abc', 'Job/itest-pair-abc/itest-abc-prefill'])
    stack.defer(name, async () => {
      await cluster.delete({ apiVersion: 'v1', kind: name.split('/')[0] as string, name });
    });
  return {
    runId: 'abc',
    config: { scratchNamespace: undefined, context: 'lab', kubeconfig: undefined },
    clock: systemClock,
    stack,
    progress: createProgress({ stream: { write: (s: string) => lines.push(s) } as never, quiet: false }),
    state: {
      plan: { namespace: { name: 'itest-pair-abc', create: true } },
      mayExist: new Set(['Namespace/itest-pair-abc', 'Job/itest-pair-abc/itest-abc-prefill']),
    },
  } as unknown as PairContext;
}

/** After an API server restart: a CRD's storage still re-initializing answers 429 to its lists. */
class ReinitializingCluster extends StickyCluster {
  asked: (string[] | undefined)[] = [];
  override async listByLabel(_s: string, _ns?: string, kinds?: ReadonlySet<string>): Promise<ObjectRef[]> {
    this.asked.push(kinds ? [...kinds].sort() : undefined);
    if (!kinds || kinds.has('NetworkAttachmentDefinition')) throw storageReinitializing();
    return [];
  }
}

describe('kindsCreated', () => {
  it('is the kinds of what the run created, with the Pods its Jobs make', () => {
    expect([...kindsCreated(['Namespace/ns', 'Job/ns/a', 'Service/ns/b'])].sort()).toEqual([
      'Job',
      'Namespace',
      'Pod',
      'Service',
    ]);
    expect([...kindsCreated(['Lease/lease-ns/it-node-a', 'Pod/ns/etcd'])].sort()).toEqual(['Lease', 'Pod']);
  });
});

describe('teardown', () => {
  it('waits only on the kinds the run created: a kind it never made that answers 429 holds nothing up', async () => {
    const cluster = new ReinitializingCluster();
    const out = await teardown(ctxWith(cluster, []), cluster, 2000);
    expect(out).toEqual({ left: [], unconfirmed: false });
    expect(cluster.asked).toEqual([['Job', 'Namespace', 'Pod']]);
  });

  it('ends within its one budget when what it deleted never goes, and names it as terminating', async () => {
    const cluster = new StickyCluster();
    const ctx = ctxWith(cluster, []);
    const out = await teardown(ctx, cluster, 400);
    expect(cluster.deletes.sort()).toEqual([
      'Job/Job/itest-pair-abc/itest-abc-prefill',
      'Namespace/Namespace/itest-pair-abc',
    ]);
    expect(out).toMatchObject({
      left: [
        'Namespace/itest-pair-abc (Terminating)',
        'Pod/itest-pair-abc/itest-abc-prefill-x (Terminating)',
      ],
      unconfirmed: false,
      terminating: true,
    });
    expect(out.check?.fix).toBe('remove them now: interconnect-test gc --run abc --context lab');
  });

  it('its own namespace deleted with nothing of the run left inside: removed (the namespace controller waits 5 s by itself), named in progress, no check', async () => {
    const cluster = new StickyCluster();
    cluster.listed = [{ apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-abc', deleting: true }];
    const lines: string[] = [];
    const out = await teardown(ctxWith(cluster, lines), cluster, 30_000);
    expect(out).toMatchObject({ left: [], unconfirmed: false, emptied: 'itest-pair-abc' });
    expect(out.check).toBeUndefined();
    expect(lines.join('')).toMatch(/namespace itest-pair-abc is empty and deleted/);
  });

  it('a namespace not yet deleted (no deletionTimestamp) is still waited for and named', async () => {
    const cluster = new StickyCluster();
    cluster.listed = [{ apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-abc' }];
    const out = await teardown(ctxWith(cluster, []), cluster, 400);
    expect(out).toMatchObject({ left: ['Namespace/itest-pair-abc'], unconfirmed: false, terminating: false });
  });

  it('with the API server refusing every call: ends within the budget, naming everything it created as not confirmed gone', async () => {
    const cluster = new StickyCluster();
    cluster.refuse = true;
    const lines: string[] = [];
    const ctx = ctxWith(cluster, lines);
    const out = await teardown(ctx, cluster, 600);
    expect(out.unconfirmed).toBe(true);
    expect(out.left.sort()).toEqual(['Job/itest-pair-abc/itest-abc-prefill', 'Namespace/itest-pair-abc']);
    expect(lines.join('')).toMatch(/waiting for the API server/);
    expect(leftoverLines(ctx, out.left, 'why')).toEqual([
      `left in the cluster (why): ${out.left.join(', ')}`,
      'remove it now: interconnect-test gc --run abc --context lab',
    ]);
  });

  it('never names what was refused outright (a 403 on the first create): nothing can be left of it', async () => {
    const cluster = new StickyCluster();
    cluster.refuse = true;
    const ctx = ctxWith(cluster, []);
    ctx.state.mayExist.clear();
    const out = await teardown(ctx, cluster, 300);
    expect(out).toMatchObject({ left: [], unconfirmed: false });
  });

  it('names -n for a --scratch-namespace run', () => {
    expect(
      gcCommand({ runId: 'x1', config: { scratchNamespace: 'scratch', kubeconfig: '/k' } as never }),
    ).toBe('interconnect-test gc --run x1 -n scratch --kubeconfig /k');
  });
});
