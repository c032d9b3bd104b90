import { existsSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { ToolError } from '../core/errors.js';
import type { ClusterOptions } from './cluster.js';
import { boundExecPlugins } from './exec-credential.js';
import { kubeconfigError, kubeconfigFiles, mergeKubeconfigs } from './kubeconfig-files.js';
import { kubeLog } from './log.js';
import { proxyFromEnv } from './proxy-env.js';

/**
 * HTTPS_PROXY/HTTP_PROXY and NO_PROXY, as kubectl's Go transport honours them, for every cluster
 * whose kubeconfig entry has no proxy-url of its own (proxy-url wins, as in client-go).
 */
function applyEnvProxy(doc: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  for (const c of (doc.clusters as { cluster?: Record<string, unknown> }[] | undefined) ?? []) {
    const cluster = c?.cluster;
    if (!cluster || cluster['proxy-url'] || typeof cluster.server !== 'string') continue;
    const proxy = proxyFromEnv(cluster.server, env);
    if (proxy) cluster['proxy-url'] = proxy;
  }
}

/** The proxy schemes client-node can carry (http, https: hpagent; socks: socks-proxy-agent), as kubectl's. */
const PROXY_SCHEMES = /^(https?|socks5):\/\//;

/**
 * The TLS and proxy fields of the current cluster that kubectl honours: each works through
 * client-node, or is refused here with one line naming the field; insecure-skip-tls-verify works
 * with a warning, and with a CA beside it is refused as client-go refuses it.
 */
function checkTls(
  cluster: {
    name: string;
    server: string;
    skipTLSVerify: boolean;
    caFile?: string;
    caData?: string;
    proxyUrl?: string;
  },
  file: string,
): void {
  const at = `kubeconfig ${file}: clusters[${cluster.name}].cluster`;
  if (cluster.proxyUrl && !PROXY_SCHEMES.test(cluster.proxyUrl))
    throw new ToolError(`${at}.proxy-url ${cluster.proxyUrl} is not an http://, https:// or socks5:// URL`, {
      fix: 'set proxy-url to http://HOST:PORT, https://HOST:PORT or socks5://HOST:PORT',
    });
  if (cluster.skipTLSVerify && (cluster.caFile || cluster.caData))
    throw new ToolError(
      `${at} sets insecure-skip-tls-verify and ${cluster.caFile ? 'certificate-authority' : 'certificate-authority-data'} together, which kubectl refuses`,
      { fix: 'drop insecure-skip-tls-verify (the CA checks the server) or the CA' },
    );
  // Over plain http:// there is no certificate to skip (client-node asks for the flag there anyway).
  if (cluster.skipTLSVerify && cluster.server.startsWith('https://'))
    kubeLog().warn(
      `${at}.insecure-skip-tls-verify is set: the API server's certificate is not checked, so anyone on the path can pose as it`,
    );
}

/** client-node's own reading of one file, so its complaint names that file and its own indices. */
function validateWithClient(file: string, doc: Record<string, unknown>): void {
  try {
    new KubeConfig().loadFromString(JSON.stringify(doc));
  } catch (err) {
    throw kubeconfigError(file, `is not a valid kubeconfig: ${(err as Error).message.split('\n')[0]}`);
  }
}

/**
 * The kubeconfig half of the Cluster seam: which file, which context, which
 * namespace and server, each checked before client-node sees it, so anything
 * missing or malformed is one line naming the file. Loaded only with the
 * client (through kube-cluster.ts, from openCluster's dynamic import).
 */

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

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
  const src = kubeconfigFiles(opts.kubeconfig, env);
  const merged = src ? mergeKubeconfigs(src, validateWithClient) : undefined;
  // What messages name: the file, or the files of a merged KUBECONFIG.
  const file = merged?.read.length ? merged.read.join(':') : undefined;
  if (merged && file) {
    if (!(merged.doc.clusters as unknown[]).length) throw kubeconfigError(file, 'has no clusters');
    applyEnvProxy(merged.doc, env);
    kc.loadFromString(JSON.stringify(merged.doc));
  } else if (env.KUBERNETES_SERVICE_HOST && existsSync(IN_CLUSTER_TOKEN)) {
    kc.loadFromCluster();
  } else if (merged?.missing.length) {
    throw new ToolError(
      `no kubeconfig found: none of the files of KUBECONFIG exists (${merged.missing.join(', ')})`,
      {
        fix: 'pass --kubeconfig FILE or correct KUBECONFIG',
      },
    );
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
  checkTls(cluster, file ?? '(in-cluster)');
  if (kubeLog().level >= 6)
    kubeLog().trace(
      `kubeconfig ${file ?? '(in-cluster)'}: context ${kc.getCurrentContext()}, server ${cluster.server}${cluster.proxyUrl ? `, proxy ${cluster.proxyUrl}` : ''}`,
    );
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
