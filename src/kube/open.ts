import type { Cluster, ClusterOptions } from './cluster.js';
import type { ExecLike } from './exec.js';

/** --request-timeout's default: no single API call of ours should take longer. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Builds THE Cluster for a command, once, from the resolved kubeconfig and
 * context. The Kubernetes client (about 800 modules) is loaded here, on
 * first use, so commands that never reach a cluster never load it.
 */
export async function openCluster(
  opts: ClusterOptions,
  env: NodeJS.ProcessEnv,
  deps: { exec?: ExecLike } = {},
): Promise<Cluster> {
  const { connectCluster } = await import('./kube-cluster.js');
  return connectCluster(opts, env, deps.exec);
}
