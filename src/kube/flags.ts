import type { Command } from 'commander';
import type { ClusterOptions } from './cluster.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './open.js';

/**
 * The connection flags of every command that talks to a cluster, declared
 * once: --kubeconfig, --context, -n/--namespace (each command words its own
 * help) and --request-timeout, as kubectl has them. Their schema is in
 * flags-schema.ts (zod loads only when a command runs, not for --help).
 */
export function addClusterFlags(cmd: Command, namespaceHelp: string): Command {
  return cmd
    .option('--kubeconfig <file>', 'kubeconfig file (default: $KUBECONFIG, ~/.kube/config, in-cluster)')
    .option('--context <name>', 'kubeconfig context')
    .option('-n, --namespace <ns>', namespaceHelp)
    .option(
      '--request-timeout <duration>',
      'limit on each Kubernetes API call, e.g. 10s (a connection must be up within 10s or this, whichever is less)',
      `${DEFAULT_REQUEST_TIMEOUT_MS / 1000}s`,
    );
}

/** The parsed flags as the Cluster wants them. */
export function clusterOptions(
  o: {
    kubeconfig?: string | undefined;
    context?: string | undefined;
    namespace?: string | undefined;
    requestTimeout: number;
  },
  signal?: AbortSignal,
): ClusterOptions {
  return {
    kubeconfig: o.kubeconfig,
    context: o.context,
    namespace: o.namespace,
    requestTimeoutMs: o.requestTimeout,
    ...(signal ? { signal } : {}),
  };
}
