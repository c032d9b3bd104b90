import type { V1Pod } from '@kubernetes/client-node';
import { messageOf, ToolError } from '../core/errors.js';
import type { Cluster } from '../kube/cluster.js';
import { ClusterError } from '../kube/errors.js';

/**
 * A worker's /metrics through the API server's pod proxy: the Dynamo
 * system port (references/watch-metrics.md, "Dynamo: the worker's system
 * port"). Needs only `get` on `pods/proxy` in the namespace.
 */

/** The operator's DynamoSystemPort (deploy/operator/internal/consts/consts.go; references/in-place.md). */
export const DEFAULT_SYSTEM_PORT = 9090;

/** The container port named `system`, else DYN_SYSTEM_PORT from the container's env, else 9090. */
export function systemPortOf(pod: V1Pod, container?: string): number {
  const containers = pod.spec?.containers ?? [];
  const ordered = container ? containers.filter((c) => c.name === container) : containers;
  for (const c of ordered) {
    const named = c.ports?.find((p) => p.name === 'system');
    if (named?.containerPort) return named.containerPort;
  }
  for (const c of ordered) {
    const v = c.env?.find((e) => e.name === 'DYN_SYSTEM_PORT')?.value;
    const n = Number(v);
    if (v !== undefined && Number.isInteger(n) && n > 0 && n < 65536) return n;
  }
  return DEFAULT_SYSTEM_PORT;
}

/** One worker's exposition text; every failure is one line naming the pod and port, exit 2. */
export async function scrapePod(
  cluster: Pick<Cluster, 'proxyGet'>,
  namespace: string,
  pod: string,
  port: number,
): Promise<string> {
  if (!cluster.proxyGet)
    throw new ToolError('this cluster connection cannot reach pods through the API server');
  try {
    return await cluster.proxyGet(namespace, pod, port, 'metrics');
  } catch (err) {
    const where = `${namespace}/${pod} port ${port}`;
    if (err instanceof ClusterError && err.status === 403) {
      throw new ToolError(`the API server refused the pod proxy to ${where}: ${messageOf(err)}`, {
        fix: `grant get on pods/proxy in namespace ${namespace} (a Role, not a ClusterRole), or use --prometheus URL`,
        cause: err,
      });
    }
    throw new ToolError(
      `cannot read /metrics of ${where} through the API server's pod proxy: ${messageOf(err)}`,
      {
        fix: 'check the worker serves its system port (DYN_SYSTEM_PORT, the container port named system) and is Running',
        cause: err,
      },
    );
  }
}
