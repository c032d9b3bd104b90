import { InterruptedError, ToolError } from '../core/errors.js';

/**
 * Typed failures of the Cluster seam. Callers branch on `kind`, never on
 * message text; the message is the one line a person reads (exit 2).
 *
 * Loads nothing of @kubernetes/client-node: it reads errors structurally
 * (ApiException.code, node-fetch FetchError.code, ws upgrade refusals).
 */

export type ClusterErrorKind =
  /** 404: the object (or its kind) does not exist. */
  | 'not-found'
  /** 403: RBAC refused a verb on a resource. */
  | 'forbidden'
  /** 401: the credentials were refused. */
  | 'unauthorized'
  /** No connection: refused, DNS, TLS, routing, or no TCP/TLS connection within the connect timeout. */
  | 'unreachable'
  /** Connected (or still trying) but no answer within --request-timeout, or the run's --timeout ran out. */
  | 'timeout'
  /** The kubeconfig's exec credential plugin failed, hung or printed no credential. */
  | 'credentials'
  /** Something answered at the server's address, but not as a Kubernetes API server (a proxy page, another service). */
  | 'not-kubernetes'
  /** 409: the object already exists, or it changed since it was read (resourceVersion). */
  | 'conflict'
  /** Any other answer of the API server (422, 429, 500, …). */
  | 'api';

/** What a call was trying to do, for the error line. */
export interface KubeAction {
  verb: string;
  resource: string;
  namespace?: string | undefined;
  name?: string | undefined;
  server?: string | undefined;
}

export class ClusterError extends ToolError {
  readonly kind: ClusterErrorKind;
  readonly action: KubeAction;
  /** The HTTP status, when the server answered. */
  readonly status: number | undefined;
  constructor(
    kind: ClusterErrorKind,
    message: string,
    action: KubeAction,
    options: { fix?: string; cause?: unknown; status?: number | undefined } = {},
  ) {
    super(message, options);
    this.name = 'ClusterError';
    this.kind = kind;
    this.action = action;
    this.status = options.status;
  }
}

/** An answer that is not the Kubernetes object asked for: a proxy's login page, another service's JSON. */
export function notKubernetes(action: KubeAction, what: string): ClusterError {
  const at = action.server ? ` at ${action.server}` : '';
  const target = action.name ? `${action.resource} ${action.name}` : action.resource;
  return new ClusterError(
    'not-kubernetes',
    `the server${at} is not a Kubernetes API server: it answered ${action.verb} ${target} with ${what}`,
    action,
    {
      fix: 'check clusters[].cluster.server in the kubeconfig (a proxy login page, or a wrong URL or port?)',
    },
  );
}

/**
 * Worth retrying with backoff: the API server was unreachable, slow, restarting
 * (5xx), throttling (429), or a fresh namespace's `default` ServiceAccount is
 * not there yet (the ServiceAccount admission plugin refuses the pod with 403
 * "error looking up service account", plugin/pkg/admission/serviceaccount/admission.go).
 * Never a refusal (401, a real 403), a missing object or a conflict.
 */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof ClusterError)) return false;
  if (err.kind === 'unreachable' || err.kind === 'timeout') return true;
  if (err.kind === 'forbidden') return serviceAccountNotReady(err);
  if (err.kind !== 'api') return false;
  // No status: the client refused before anything was sent (a malformed request): not transient.
  return err.status !== undefined && (err.status === 429 || err.status >= 500);
}

/** The 403 of a pod created before its namespace's `default` ServiceAccount exists. */
export function serviceAccountNotReady(err: ClusterError): boolean {
  return err.kind === 'forbidden' && /error looking up service account .*not found/i.test(err.message);
}

export function isClusterError(err: unknown, ...kinds: ClusterErrorKind[]): err is ClusterError {
  return err instanceof ClusterError && (kinds.length === 0 || kinds.includes(err.kind));
}

/** The code node-fetch copies from a socket error onto its FetchError: how a connect timeout is recognised. */
export const CONNECT_TIMEOUT_CODE = 'ICT_CONNECT_TIMEOUT';

/** Our own connect timeout, raised on the socket (src/kube/transport.ts). */
export class ConnectTimeoutError extends Error {
  readonly code = CONNECT_TIMEOUT_CODE;
  constructor(readonly ms: number) {
    super(`no connection within ${formatMs(ms)}`);
    this.name = 'ConnectTimeoutError';
  }
}

/** Our own per-request timeout (--request-timeout), the reason of the request's abort signal. */
export class RequestTimeoutError extends Error {
  readonly code = 'ICT_REQUEST_TIMEOUT';
  constructor(readonly ms: number) {
    super(`no answer within ${formatMs(ms)} (--request-timeout)`);
    this.name = 'RequestTimeoutError';
  }
}

export function formatMs(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  CONNECT_TIMEOUT_CODE,
]);

function* causes(err: unknown): Generator<unknown> {
  for (let e: unknown = err, depth = 0; e && depth < 8; depth++) {
    yield e;
    const errors = (e as { errors?: unknown[] }).errors; // AggregateError from happy eyeballs
    if (Array.isArray(errors)) for (const inner of errors) yield* causes(inner);
    e = (e as { cause?: unknown }).cause;
  }
}

/** The HTTP status of a client-node error: ApiException.code, or a websocket upgrade refusal (exec, attach). */
export function httpStatusOf(err: unknown): number | undefined {
  for (const e of causes(err)) {
    if (e instanceof ClusterError && e.status !== undefined) return e.status;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'number' && code >= 100 && code < 600) return code;
    const status = (e as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') return status;
    const m = /Unexpected server response: (\d{3})/.exec(String((e as Error).message ?? ''));
    if (m) return Number(m[1]);
  }
  return undefined;
}

function networkError(err: unknown): { code: string; error: unknown } | undefined {
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return { code, error: e };
  }
  return undefined;
}

function find<T>(err: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  for (const e of causes(err)) if (e instanceof type) return e;
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
      return body.split('\n')[0];
    }
  }
  return undefined;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

const REACH_FIX = 'check --kubeconfig/--context, that the cluster is up, and your network or VPN';

/**
 * Turns a client-node failure into one typed line that names the thing and the
 * fix: unreachable, timed out, 401, 403 (which verb on which resource is
 * missing), 404. An interruption (Ctrl-C) passes through untouched.
 */
export function toClusterError(err: unknown, action: KubeAction): ClusterError | InterruptedError {
  if (err instanceof ClusterError || err instanceof InterruptedError) return err;
  const interrupted = find(err, InterruptedError);
  if (interrupted) return interrupted;
  const at = action.server ? ` at ${action.server}` : '';
  const ns = action.namespace ? ` in namespace ${action.namespace}` : '';
  const target = action.name ? `${action.resource} ${action.name}` : action.resource;

  const requestTimeout = find(err, RequestTimeoutError);
  if (requestTimeout) {
    return new ClusterError(
      'timeout',
      `the Kubernetes API server${at} gave no answer to ${action.verb} ${target}${ns} within ${formatMs(requestTimeout.ms)} (--request-timeout)`,
      action,
      { fix: `${REACH_FIX}; or raise --request-timeout`, cause: err },
    );
  }
  // Something answered that does not speak HTTP at all (an SSH or database port): node's HTTP parser says "Parse Error".
  const hpe = [...causes(err)].find(
    (e: unknown) =>
      /^HPE_/.test(String((e as { code?: unknown }).code ?? '')) ||
      /\bParse Error\b/.test(String((e as Error).message ?? '')),
  );
  if (hpe) {
    return new ClusterError(
      'not-kubernetes',
      `the server${at} is not a Kubernetes API server: its answer to ${action.verb} ${target} is not HTTP`,
      action,
      { fix: 'check clusters[].cluster.server in the kubeconfig: the address or port is wrong', cause: err },
    );
  }
  const net = networkError(err);
  if (net) {
    const what = net.error instanceof ConnectTimeoutError ? net.error.message : net.code;
    return new ClusterError('unreachable', `cannot reach the Kubernetes API server${at}: ${what}`, action, {
      fix: REACH_FIX,
      cause: err,
    });
  }
  // Aborted by the run's own deadline (its reason says which limit).
  const abort = find(err, DeadlineError);
  if (abort) {
    return new ClusterError(
      'timeout',
      `${abort.message} while waiting for the Kubernetes API server${at} (${action.verb} ${target}${ns})`,
      action,
      { fix: `${REACH_FIX}; or raise --timeout`, cause: err },
    );
  }
  const status = httpStatusOf(err);
  const detail = apiMessage(err);
  switch (status) {
    case 401:
      return new ClusterError(
        'unauthorized',
        `the Kubernetes API server rejected our credentials (401) while trying to ${action.verb} ${target}`,
        action,
        { fix: 'refresh your kubeconfig credentials (token expired?)', cause: err, status },
      );
    case 403:
      if (action.resource === 'pods/exec') {
        // Exec over WebSocket is an HTTP GET: authorized as `get` on pods/exec, and since
        // Kubernetes 1.35 also as `create` (AuthorizePodWebsocketUpgradeCreatePermission).
        // A refused upgrade does not say which one was missing, so both are named.
        const n = action.namespace ? ` -n ${action.namespace}` : '';
        return new ClusterError(
          'forbidden',
          `permission denied: cannot exec in pods${ns} (pods/exec needs get and create)${detail ? ` (${detail})` : ''}`,
          action,
          {
            fix: `grant the "get" and "create" verbs on "pods/exec"${ns} to this user or service account (check: kubectl auth can-i get pods/exec${n}; kubectl auth can-i create pods/exec${n})`,
            cause: err,
            status,
          },
        );
      }
      return new ClusterError(
        'forbidden',
        `permission denied: cannot ${action.verb} ${action.resource}${ns}${detail ? ` (${detail})` : ''}`,
        action,
        {
          fix: `grant the "${action.verb}" verb on "${action.resource}"${ns} to this user or service account (check: kubectl auth can-i ${action.verb} ${action.resource}${action.namespace ? ` -n ${action.namespace}` : ''})`,
          cause: err,
          status,
        },
      );
    case 409:
      return new ClusterError(
        'conflict',
        `${action.verb} ${target}${ns}: ${detail ?? 'conflict (HTTP 409)'}`,
        action,
        {
          fix: 'another writer changed it; rerun',
          cause: err,
          status,
        },
      );
    case 404:
      return new ClusterError('not-found', `${target} not found${ns}`, action, {
        fix: `check the name and namespace (kubectl get ${action.resource.split('/')[0]}${action.namespace ? ` -n ${action.namespace}` : ''})`,
        cause: err,
        status,
      });
    default:
      return new ClusterError(
        'api',
        `${action.verb} ${target}${ns} failed${status ? ` (HTTP ${status})` : ''}: ${detail ?? firstLine(err)}`,
        action,
        { fix: 'rerun with --debug for details', cause: err, status },
      );
  }
}

/**
 * The reason a run's deadline aborts with (`--timeout 5m reached`). API calls
 * cut short by it become a `timeout` ClusterError naming the limit.
 */
export class DeadlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeadlineError';
  }
}
