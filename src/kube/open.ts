import type { Cluster } from './cluster.js';
import type { ExecLike } from './exec.js';

/** The cluster flags every Kubernetes-facing command honours, resolved. */
export interface ClusterOptions {
  kubeconfig?: string | undefined;
  context?: string | undefined;
  namespace?: string | undefined;
  /** --request-timeout: the limit on each API call. */
  requestTimeoutMs: number;
  /** The TCP+TLS connection limit (default 10 s, never above requestTimeoutMs). */
  connectTimeoutMs?: number | undefined;
  /** Every call also ends when this fires: Ctrl-C, or the run's --timeout (a DeadlineError reason). */
  signal?: AbortSignal | undefined;
}

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
