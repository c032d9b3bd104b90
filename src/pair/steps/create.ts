import type { KubernetesObject } from '@kubernetes/client-node';
import type { PairContext } from '../context.js';
import { LABEL } from '../names.js';

/**
 * Registers an object's deletion, then creates it: a create that times out
 * after the API server stored the object still gets torn down (deleting an
 * object that is not there is fine). A Job's pods are deleted with it by
 * label, so nothing waits on the garbage collector. Teardown runs on its own
 * signal, never the run's (which has fired after Ctrl-C or --timeout).
 */
export async function createTracked(ctx: PairContext, obj: KubernetesObject): Promise<KubernetesObject> {
  const cluster = await ctx.cluster();
  const m = obj.metadata ?? {};
  const ref = {
    apiVersion: obj.apiVersion ?? 'v1',
    kind: obj.kind ?? '',
    name: m.name ?? '',
    namespace: m.namespace,
  };
  ctx.stack.defer(`${ref.kind} ${ref.name}`, async (signal) => {
    const own = await ctx.clusterFor(signal);
    await own.delete(ref);
    if (ref.kind === 'Job' && ref.namespace) {
      const component = m.labels?.[LABEL.component];
      await own.deleteByLabel(ref.namespace, `${LABEL.runId}=${ctx.runId},${LABEL.component}=${component}`);
    }
  });
  return cluster.create(obj);
}

/** The rendered objects of a kind (and component), in render order. */
export function objectsOf(ctx: PairContext, kind: string, component?: string): KubernetesObject[] {
  return (ctx.state.objects ?? []).filter(
    (o) =>
      o.kind === kind && (component === undefined || o.metadata?.labels?.[LABEL.component] === component),
  );
}
