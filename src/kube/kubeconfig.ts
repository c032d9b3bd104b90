import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { parse as parseYaml } from 'yaml';
import { ToolError } from '../core/errors.js';
import type { ClusterOptions } from './cluster.js';
import { boundExecPlugins } from './exec-credential.js';

/**
 * The kubeconfig half of the Cluster seam: which file, which context, which
 * namespace and server, each checked before client-node sees it, so anything
 * missing or malformed is one line naming the file. Loaded only with the
 * client (through kube-cluster.ts, from openCluster's dynamic import).
 */

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';
/** A kubeconfig larger than this is not a kubeconfig. */
const KUBECONFIG_LIMIT_BYTES = 4 * 1024 * 1024;

function firstExisting(list: string | undefined): string | undefined {
  if (!list) return undefined;
  const files = list.split(':').filter(Boolean);
  return files.find((f) => existsSync(f)) ?? files[0];
}

function defaultKubeconfig(env: NodeJS.ProcessEnv): string | undefined {
  const f = join(env.HOME ?? homedir(), '.kube', 'config');
  return existsSync(f) ? f : undefined;
}

function kubeconfigError(file: string, problem: string): ToolError {
  return new ToolError(`kubeconfig ${file} ${problem}`, {
    fix: 'point --kubeconfig or KUBECONFIG at a valid kubeconfig (kubectl config view --minify --raw > FILE)',
  });
}

/** Reads and checks a kubeconfig file before client-node sees it: its own errors are not one-liners. */
function readKubeconfig(file: string): string {
  let text: string;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw kubeconfigError(file, 'is a directory');
    if (st.size > KUBECONFIG_LIMIT_BYTES)
      throw kubeconfigError(file, `is larger than ${KUBECONFIG_LIMIT_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof ToolError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw kubeconfigError(
      file,
      code === 'ENOENT' ? 'does not exist' : `cannot be read: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  if (text.trim() === '') throw kubeconfigError(file, 'is empty');
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    const e = err as { linePos?: { line: number }[]; message?: string };
    const line = e.linePos?.[0]?.line;
    throw kubeconfigError(
      file,
      `is not valid YAML${line ? ` (line ${line})` : ''}: ${String(e.message ?? err).split('\n')[0]}`,
    );
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw kubeconfigError(file, 'is not a YAML mapping');
  const d = doc as Record<string, unknown>;
  for (const key of ['clusters', 'contexts', 'users']) {
    if (d[key] !== undefined && d[key] !== null && !Array.isArray(d[key]))
      throw kubeconfigError(file, `has "${key}" that is not a list`);
  }
  if (!Array.isArray(d.clusters) || d.clusters.length === 0) throw kubeconfigError(file, 'has no clusters');
  return text;
}

/**
 * The files a kubeconfig names (CA, client certificate and key, token file) must exist: client-node
 * would fail the first request with a bare ENOENT ("list jobs failed: ENOENT").
 */
function checkFiles(kc: KubeConfig, file: string): void {
  const cluster = kc.getCurrentCluster();
  const user = kc.getCurrentUser();
  const named: [string | undefined, string][] = [
    [cluster?.caFile, `clusters[${cluster?.name}].cluster.certificate-authority`],
    [user?.certFile, `users[${user?.name}].user.client-certificate`],
    [user?.keyFile, `users[${user?.name}].user.client-key`],
    [
      (user as { authProvider?: { config?: { tokenFile?: string } } } | null)?.authProvider?.config
        ?.tokenFile,
      `users[${user?.name}].user.tokenFile`,
    ],
  ];
  for (const [path, field] of named) {
    if (path && !existsSync(path))
      throw new ToolError(`kubeconfig ${file}: ${field} ${path} does not exist`, {
        fix: `correct ${field}, or embed the data (${field}-data)`,
      });
  }
}

export interface LoadedKubeconfig {
  kc: KubeConfig;
  /** Makes sure the current user's exec plugin (if any) has given a fresh credential, within its own limit. */
  credentials: (signal?: AbortSignal) => Promise<void>;
  context: string;
  namespace: string;
  server: string;
}

/**
 * Loads a kubeconfig the way kubectl does: --kubeconfig, else $KUBECONFIG,
 * else ~/.kube/config, else the in-cluster service account. Anything missing
 * or malformed is one clear ToolError (exit 2) naming the file, never the
 * client's silent localhost:8080 or its TypeErrors.
 */
export function loadKubeconfig(opts: ClusterOptions, env: NodeJS.ProcessEnv = process.env): LoadedKubeconfig {
  const kc = new KubeConfig();
  const file = opts.kubeconfig ?? firstExisting(env.KUBECONFIG) ?? defaultKubeconfig(env);
  if (file) {
    const text = readKubeconfig(file);
    try {
      kc.loadFromString(text);
    } catch (err) {
      throw kubeconfigError(file, `is not a valid kubeconfig: ${(err as Error).message.split('\n')[0]}`);
    }
    kc.makePathsAbsolute(join(file, '..'));
  } else if (env.KUBERNETES_SERVICE_HOST && existsSync(IN_CLUSTER_TOKEN)) {
    kc.loadFromCluster();
  } else {
    throw new ToolError('no kubeconfig found: KUBECONFIG is unset and ~/.kube/config does not exist', {
      fix: 'pass --kubeconfig FILE or set KUBECONFIG',
    });
  }
  if (opts.context) {
    if (!kc.getContexts().some((c) => c.name === opts.context)) {
      const known = kc.getContexts().map((c) => c.name);
      throw new ToolError(`context "${opts.context}" is not in the kubeconfig${file ? ` ${file}` : ''}`, {
        fix: `use one of: ${known.join(', ') || '(none)'}`,
      });
    }
    kc.setCurrentContext(opts.context);
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster) {
    throw new ToolError(`kubeconfig ${file ?? '(in-cluster)'} has no current context with a cluster`, {
      fix: 'pass --context NAME, or run kubectl config use-context NAME',
    });
  }
  if (!/^https?:\/\//.test(cluster.server ?? '')) {
    throw new ToolError(
      `kubeconfig ${file ?? '(in-cluster)'}: cluster "${cluster.name}" has no https:// server address`,
      { fix: 'set clusters[].cluster.server, e.g. https://10.0.0.1:6443' },
    );
  }
  if (cluster.server.startsWith('http://') && !cluster.skipTLSVerify) {
    throw new ToolError(
      `kubeconfig ${file ?? '(in-cluster)'}: cluster "${cluster.name}" has a plain http:// server address, which the client refuses unless insecure-skip-tls-verify is set`,
      { fix: "use the API server's https:// address" },
    );
  }
  checkFiles(kc, file ?? '(in-cluster)');
  // Exec credential plugins run bounded by the request timeout, in their own process group.
  const credentials = boundExecPlugins(kc, { timeoutMs: opts.requestTimeoutMs, signal: opts.signal, env });
  const ctx = kc.getContextObject(kc.getCurrentContext());
  return {
    credentials,
    kc,
    context: kc.getCurrentContext(),
    namespace: opts.namespace ?? ctx?.namespace ?? 'default',
    server: cluster.server,
  };
}
