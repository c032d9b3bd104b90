import type { KubernetesObject } from '@kubernetes/client-node';
import type { PairContext } from '../context.js';
import { LABEL } from '../names.js';

/**
 * Creates one rendered object and, in the same breath, registers its
 * deletion. A Job's pods are deleted with it by label, so nothing waits on
 * the garbage collector.
 */
export async function createTracked(ctx: PairContext, obj: KubernetesObject): Promise<void> {
  const cluster = ctx.cluster();
  const m = obj.metadata ?? {};
  const ref = {
    apiVersion: obj.apiVersion ?? 'v1',
    kind: obj.kind ?? '',
    name: m.name ?? '',
    namespace: m.namespace,
  };
  await cluster.create(obj);
  ctx.stack.defer(`${ref.kind} ${ref.name}`, async () => {
    await cluster.delete(ref);
    if (ref.kind === 'Job' && ref.namespace) {
      const component = m.labels?.[LABEL.component];
      await cluster.deleteByLabel(
        ref.namespace,
        `${LABEL.runId}=${ctx.runId},${LABEL.component}=${component}`,
      );
    }
  });
}

/** The rendered objects of a kind (and component), in render order. */
export function objectsOf(ctx: PairContext, kind: string, component?: string): KubernetesObject[] {
  return (ctx.state.objects ?? []).filter(
    (o) =>
      o.kind === kind && (component === undefined || o.metadata?.labels?.[LABEL.component] === component),
  );
}
