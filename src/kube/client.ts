import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BatchV1Api, CoreV1Api, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import { ToolError } from '../core/errors.js';

/** The cluster flags every Kubernetes-facing command honours. */
export interface KubeOptions {
  kubeconfig?: string | undefined;
  context?: string | undefined;
  namespace?: string | undefined;
}

export interface Kube {
  kc: KubeConfig;
  /** The namespace from --namespace, else the context's, else `default`. */
  namespace: string;
  context: string;
  server: string;
  core: CoreV1Api;
  batch: BatchV1Api;
  objects: KubernetesObjectApi;
}

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * Loads a kubeconfig the way kubectl does: --kubeconfig, else $KUBECONFIG,
 * else ~/.kube/config, else the in-cluster service account. Anything missing
 * is one clear ToolError (exit 2), never the client's silent localhost:8080.
 */
export function loadKube(opts: KubeOptions, env: NodeJS.ProcessEnv = process.env): Kube {
  const kc = new KubeConfig();
  const file = opts.kubeconfig ?? firstExisting(env.KUBECONFIG) ?? defaultKubeconfig(env);
  try {
    if (file) kc.loadFromFile(file);
    else if (env.KUBERNETES_SERVICE_HOST && existsSync(IN_CLUSTER_TOKEN)) kc.loadFromCluster();
    else
      throw new ToolError('no kubeconfig found: KUBECONFIG is unset and ~/.kube/config does not exist', {
        fix: 'pass --kubeconfig FILE or set KUBECONFIG',
      });
  } catch (err) {
    if (err instanceof ToolError) throw err;
    throw new ToolError(`cannot load kubeconfig ${file}: ${firstLine(err)}`, {
      fix: 'check the file path and that it is a valid kubeconfig',
      cause: err,
    });
  }
  if (opts.context) {
    if (!kc.getContexts().some((c) => c.name === opts.context)) {
      const known = kc.getContexts().map((c) => c.name);
      throw new ToolError(`context "${opts.context}" is not in the kubeconfig`, {
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
  const ctx = kc.getContextObject(kc.getCurrentContext());
  return {
    kc,
    namespace: opts.namespace ?? ctx?.namespace ?? 'default',
    context: kc.getCurrentContext(),
    server: cluster.server,
    core: kc.makeApiClient(CoreV1Api),
    batch: kc.makeApiClient(BatchV1Api),
    objects: KubernetesObjectApi.makeApiClient(kc),
  };
}

function firstExisting(list: string | undefined): string | undefined {
  if (!list) return undefined;
  const files = list.split(':').filter(Boolean);
  return files.find((f) => existsSync(f)) ?? files[0];
}

function defaultKubeconfig(env: NodeJS.ProcessEnv): string | undefined {
  const f = join(env.HOME ?? homedir(), '.kube', 'config');
  return existsSync(f) ? f : undefined;
}

/** What a call was trying to do, for the error line. */
export interface KubeAction {
  verb: string;
  resource: string;
  namespace?: string | undefined;
  name?: string | undefined;
  server?: string | undefined;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The HTTP status of a client-node error: ApiException.code, or a websocket upgrade refusal (exec, attach). */
export function httpStatusOf(err: unknown): number | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'number' && code >= 100 && code < 600) return code;
    const status = (e as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') return status;
    const m = /Unexpected server response: (\d{3})/.exec(String((e as Error).message ?? ''));
    if (m) return Number(m[1]);
  }
  return undefined;
}

function networkCodeOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    const errors = (e as { errors?: unknown[] }).errors; // AggregateError from happy eyeballs
    if (Array.isArray(errors)) {
      const inner = errors.map(networkCodeOf).find(Boolean);
      if (inner) return inner;
    }
  }
  return undefined;
}

function apiMessage(err: unknown): string | undefined {
  const body = (err as { body?: unknown }).body;
  if (body && typeof body === 'object' && 'message' in body)
    return String((body as { message: unknown }).message);
  if (typeof body === 'string') {
    try {
      return String((JSON.parse(body) as { message?: unknown }).message ?? body);
    } catch {
      return body;
    }
  }
  return undefined;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

/**
 * Turns a client-node failure into one line that names the thing and the fix:
 * unreachable API server, 401, 403 (which verb on which resource is missing), 404.
 */
export function kubeError(err: unknown, action: KubeAction): ToolError {
  if (err instanceof ToolError) return err;
  const ns = action.namespace ? ` in namespace ${action.namespace}` : '';
  const target = action.name ? `${action.resource} ${action.name}` : action.resource;
  const net = networkCodeOf(err);
  if (net) {
    return new ToolError(
      `cannot reach the Kubernetes API server${action.server ? ` at ${action.server}` : ''}: ${net}`,
      {
        fix: 'check --kubeconfig/--context, that the cluster is up, and your network or VPN',
        cause: err,
      },
    );
  }
  const status = httpStatusOf(err);
  const detail = apiMessage(err);
  switch (status) {
    case 401:
      return new ToolError(
        `the Kubernetes API server rejected our credentials (401) while trying to ${action.verb} ${target}`,
        {
          fix: 'refresh your kubeconfig credentials (token expired?)',
          cause: err,
        },
      );
    case 403: {
      const [group, sub] = action.resource.split('/');
      const res = sub ? `${group}/${sub}` : group;
      return new ToolError(
        `permission denied: cannot ${action.verb} ${res}${ns}${detail ? ` (${detail})` : ''}`,
        {
          fix: `grant the "${action.verb}" verb on "${res}"${ns} to this user or service account (check: kubectl auth can-i ${action.verb} ${res}${action.namespace ? ` -n ${action.namespace}` : ''})`,
          cause: err,
        },
      );
    }
    case 404:
      return new ToolError(`${target} not found${ns}`, {
        fix: `check the name and namespace (kubectl get ${action.resource.split('/')[0]}${action.namespace ? ` -n ${action.namespace}` : ''})`,
        cause: err,
      });
    default:
      return new ToolError(
        `${action.verb} ${target}${ns} failed${status ? ` (HTTP ${status})` : ''}: ${detail ?? firstLine(err)}`,
        { fix: 'rerun with --debug for details', cause: err },
      );
  }
}

/** Runs one API call and maps any failure through kubeError. */
export async function kubeCall<T>(action: KubeAction, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw kubeError(err, action);
  }
}
