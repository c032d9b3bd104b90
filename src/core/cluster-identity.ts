import { z } from 'zod';
import { redactUrl } from './redact.js';

/**
 * Which cluster a report is about: a cluster name (`--cluster-name`, else the kubeconfig
 * context's), the context, and the API server's URL. Every sweep output carries it (the text
 * header, the JSON `cluster` object, JUnit properties, the HTML title, a `cluster` label on each
 * metric and in the Pushgateway's grouping key, the history file's name). The server URL goes
 * through core/redact.ts: a `user:password@` in it never reaches a report.
 */
export const ClusterIdentitySchema = z.object({
  /** The name reports and metrics use: --cluster-name, else the context's name. */
  name: z.string().min(1),
  /** The kubeconfig context (in a pod: client-node's `inClusterContext`); null when unknown. */
  context: z.string().nullable(),
  /** The API server, without credentials, query or fragment; null when unknown. */
  server: z.string().nullable(),
});
export type ClusterIdentity = z.infer<typeof ClusterIdentitySchema>;

/** `--cluster-name`: what a Prometheus label value, a file name and a title can all carry. */
export const CLUSTER_NAME_PATTERN = /^[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?$/;

/** The API server's URL as reports show it: credentials, query and fragment dropped, then redacted. */
export function publicServerUrl(server: string): string {
  try {
    const u = new URL(server);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return redactUrl(u.href.replace(/\/$/, ''));
  } catch {
    return redactUrl(server);
  }
}

/** The identity of the cluster a command talked to (Cluster's context and server), named. */
export function clusterIdentity(
  from: { context?: string | null; server?: string | null },
  name?: string,
): ClusterIdentity {
  const context = from.context ? from.context : null;
  return {
    name: name ?? context ?? 'unknown',
    context,
    server: from.server ? publicServerUrl(from.server) : null,
  };
}

/** A name safe in a file name: anything outside [A-Za-z0-9._-] becomes `-`. */
export function clusterSlug(identity: ClusterIdentity): string {
  return identity.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'cluster';
}

/** One line for text headers: `cluster NAME (context CTX, https://…)`. */
export function describeCluster(identity: ClusterIdentity): string {
  const more = [
    identity.context && identity.context !== identity.name ? `context ${identity.context}` : '',
    identity.server ?? '',
  ].filter(Boolean);
  return `cluster ${identity.name}${more.length ? ` (${more.join(', ')})` : ''}`;
}
