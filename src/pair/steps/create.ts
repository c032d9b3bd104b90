import type { KubernetesObject } from '@kubernetes/client-node';
import { formatDuration } from '../../core/duration.js';
import { messageOf, ToolError } from '../../core/errors.js';
import { LABEL } from '../../core/labels.js';
import { ClusterError, isClusterError, serviceAccountNotReady } from '../../kube/errors.js';
import { retryTransient } from '../../kube/retry.js';
import type { PairContext } from '../context.js';

/**
 * Registers an object's deletion, then creates it: a create that times out
 * after the API server stored the object still gets torn down (deleting an
 * object that is not there is fine). A Job's pods are deleted with it by
 * label, so nothing waits on the garbage collector. Teardown runs on its own
 * signal, never the run's (which has fired after Ctrl-C or --timeout), and
 * retries each delete through an API restart until that signal fires.
 */
export async function createTracked(ctx: PairContext, obj: KubernetesObject): Promise<KubernetesObject> {
  const m = obj.metadata ?? {};
  const ref = {
    apiVersion: obj.apiVersion ?? 'v1',
    kind: obj.kind ?? '',
    name: m.name ?? '',
    namespace: m.namespace,
  };
  const name =
    ref.kind === 'Namespace' ? `Namespace/${ref.name}` : `${ref.kind}/${ref.namespace}/${ref.name}`;
  ctx.stack.defer(name, async (signal) => {
    const own = await ctx.clusterFor(signal);
    const retry = {
      clock: ctx.clock,
      signal,
      onRetry: (err: Error, _n: number, ms: number) =>
        ctx.progress.update(`waiting for the API server, ${formatDuration(ms)}: ${messageOf(err)}`),
    };
    await retryTransient(() => own.delete(ref), retry);
    if (ref.kind === 'Job' && ref.namespace) {
      const component = m.labels?.[LABEL.component];
      const ns = ref.namespace;
      await retryTransient(
        () => own.deleteByLabel(ns, `${LABEL.runId}=${ctx.runId},${LABEL.component}=${component}`),
        retry,
      );
    }
  });
  try {
    const stored = await createRetried(ctx, obj, name);
    ctx.state.createdAny = true;
    ctx.state.mayExist.add(name);
    return stored;
  } catch (err) {
    // Refused outright: not stored. Anything else (a timeout, a reset) may have been.
    const refused =
      isClusterError(err, 'forbidden', 'unauthorized', 'not-found', 'conflict') ||
      (isClusterError(err, 'api') && err.status !== undefined && err.status < 500 && err.status !== 429);
    if (!refused) ctx.state.mayExist.add(name);
    throw err;
  }
}

/**
 * Creates through an API restart (or a namespace whose `default` ServiceAccount is not there yet),
 * within the run's signal. A create that failed on the wire may have been stored: its retry's
 * "already exists" is then ours, and read back.
 */
async function createRetried(
  ctx: PairContext,
  obj: KubernetesObject,
  name: string,
): Promise<KubernetesObject> {
  const cluster = await ctx.cluster();
  let retried = false;
  try {
    return await retryTransient(() => cluster.create(obj), {
      clock: ctx.clock,
      signal: ctx.signal,
      onRetry: (err, _n, ms) => {
        retried = true;
        ctx.progress.update(
          serviceAccountNotReady(err)
            ? `creating ${name}: waiting for the namespace's default ServiceAccount (the controller-manager makes it), ${formatDuration(ms)}`
            : `creating ${name}: waiting for the API server, ${formatDuration(ms)}: ${messageOf(err)}`,
        );
      },
    });
  } catch (err) {
    if (ctx.deadline.aborted && err instanceof ClusterError && serviceAccountNotReady(err))
      throw new ToolError(
        `--timeout ran out while namespace ${obj.metadata?.namespace} still had no default ServiceAccount`,
        {
          fix: 'the controller-manager makes it: check that it runs (its ServiceAccount controller), then rerun',
        },
      );
    if (!(retried && isClusterError(err, 'conflict'))) throw err;
    const m = obj.metadata ?? {};
    const stored = await cluster.read({
      apiVersion: obj.apiVersion ?? 'v1',
      kind: obj.kind ?? '',
      name: m.name ?? '',
      namespace: m.namespace,
    });
    // Ours only if it carries this run's id: anything else of that name is a real conflict.
    if (stored?.metadata?.labels?.[LABEL.runId] !== ctx.runId) throw err;
    return stored;
  }
}

/** The rendered objects of a kind (and component), in render order. */
export function objectsOf(ctx: PairContext, kind: string, component?: string): KubernetesObject[] {
  return (ctx.state.objects ?? []).filter(
    (o) =>
      o.kind === kind && (component === undefined || o.metadata?.labels?.[LABEL.component] === component),
  );
}
