import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Readable, Writable } from 'node:stream';
import { TLSSocket } from 'node:tls';
import {
  type Configuration,
  createConfiguration,
  Exec,
  type KubeConfig,
  type RequestContext,
  ServerConfiguration,
} from '@kubernetes/client-node';
// Not re-exported by the package index; the package has no "exports" map, so the deep path is stable.
import { WebSocketHandler } from '@kubernetes/client-node/dist/web-socket-handler.js';
import { InterruptedError } from '../core/errors.js';
import type { ClusterOptions } from './cluster.js';
import {
  ClusterError,
  CONNECT_TIMEOUT_CODE,
  ConnectTimeoutError,
  DeadlineError,
  formatMs,
  type KubeAction,
  RequestTimeoutError,
  toClusterError,
} from './errors.js';
import { kubeLog } from './log.js';

/**
 * The transport half of the Cluster seam: how each call to the API server is
 * carried and bounded. Loaded only with the client (through kube-cluster.ts,
 * from openCluster's dynamic import).
 *
 * Bounds on every call:
 * - connect: the TCP+TLS connection must be up within `connectTimeoutMs`
 *   (the agent's sockets are armed with a timer; the exec websocket too);
 * - request: the whole answer within `requestTimeoutMs` (an AbortSignal on
 *   node-fetch, `handshakeTimeout` on the exec websocket);
 * - scope: the signal the cluster is scoped to (Ctrl-C, the run's --timeout).
 * An aborted request destroys its socket, so nothing keeps the process alive.
 */

export interface Bounds {
  /** TCP+TLS connection. */
  connectTimeoutMs: number;
  /** Whole request (--request-timeout). */
  requestTimeoutMs: number;
}

/** kubectl's dialer gives a TCP connection 30 s; a cluster API that takes more than 10 s to accept is down for us. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** The bounds of a command's calls: its --request-timeout, and a connect limit never above it. */
export function boundsOf(opts: ClusterOptions): Bounds {
  return {
    requestTimeoutMs: opts.requestTimeoutMs,
    connectTimeoutMs: Math.min(opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, opts.requestTimeoutMs),
  };
}

const ARMED = Symbol('interconnect-test.connect-timeout');

/** Arms every socket the agent opens: no TCP+TLS connection within `ms` destroys it with a connect-timeout error. */
function armAgent(agent: unknown, ms: number): void {
  if (!(agent instanceof HttpAgent) || (agent as unknown as Record<symbol, boolean>)[ARMED]) return;
  (agent as unknown as Record<symbol, boolean>)[ARMED] = true;
  const a = agent as unknown as { createConnection: (...args: unknown[]) => unknown };
  const original = a.createConnection.bind(agent);
  a.createConnection = (...args: unknown[]) => {
    const socket = original(...args) as import('node:net').Socket | undefined;
    if (!socket || typeof socket.once !== 'function') return socket;
    const call = current.getStore();
    const timer = setTimeout(() => socket.destroy(new ConnectTimeoutError(ms)), ms);
    timer.unref();
    socket.once(socket instanceof TLSSocket ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      if (call) call.connected = true;
    });
    socket.once('close', () => clearTimeout(timer));
    return socket;
  };
}

/** The request signal of the call being made: set by `boundedCall()`, read by the middleware. */
const current = new AsyncLocalStorage<CallStore>();

interface CallStore {
  signal: AbortSignal;
  connected: boolean;
  /** -v 6 and up: the request being traced ("GET https://…/api/v1/nodes") and when it left. */
  traced?: { what: string; started: number };
}

/** kubectl's level for a line per request with its status and time (round_trippers.go at -v 6). */
export const TRACE_REQUESTS_LEVEL = 6;

function traceEnd(store: CallStore | undefined, outcome: string): void {
  if (!store?.traced) return;
  kubeLog().trace(
    `${store.traced.what} ${outcome} in ${Math.round(performance.now() - store.traced.started)} ms`,
  );
  store.traced = undefined;
}

/**
 * client-node builds a new https.Agent for every request (KubeConfig.applySecurityAuthentication
 * → createAgent), so every API call paid a TCP and TLS handshake, on our side and the API
 * server's: with many pairs in flight (`sweep`) TLS set-up was most of our CPU. One keep-alive
 * agent per configuration, with the same TLS options, reuses the connections. Proxy agents
 * (another class) are left as they are. A request on a reused socket counts as connected.
 */
function keepAliveAgent(): (agent: unknown) => unknown {
  let shared: HttpAgent | undefined;
  return (agent) => {
    const cls = (agent as { constructor?: unknown } | undefined)?.constructor;
    if (cls !== HttpsAgent && cls !== HttpAgent) return agent;
    if (!shared) {
      const options = (agent as { options?: Record<string, unknown> }).options ?? {};
      shared = new (cls as typeof HttpsAgent)({ ...options, keepAlive: true });
      type AddRequest = { addRequest: (req: import('node:http').ClientRequest, o: unknown) => void };
      const add = (shared as unknown as AddRequest).addRequest.bind(shared) as (
        req: import('node:http').ClientRequest,
        o: unknown,
      ) => void;
      (shared as unknown as { addRequest: typeof add }).addRequest = (req, o) => {
        const call = current.getStore();
        req.once('socket', (socket) => {
          if (call && !socket.connecting) call.connected = true;
        });
        add(req, o);
      };
    }
    return shared;
  };
}

/**
 * The client configuration of one Cluster: its server, its credentials, and a middleware that
 * puts each request on the keep-alive agent, under the call's signal, with its sockets armed.
 */
export function configuration(kc: KubeConfig, bounds: Bounds): Configuration {
  const server = kc.getCurrentCluster()?.server ?? '';
  const reuse = keepAliveAgent();
  return createConfiguration({
    baseServer: new ServerConfiguration(server, {}),
    authMethods: { default: kc },
    promiseMiddleware: [
      {
        pre: async (ctx: RequestContext) => {
          const store = current.getStore();
          if (store) ctx.setSignal(store.signal as never);
          if (store && kubeLog().level >= TRACE_REQUESTS_LEVEL)
            store.traced = { what: `${ctx.getHttpMethod()} ${ctx.getUrl()}`, started: performance.now() };
          const agent = reuse(ctx.getAgent());
          if (agent !== ctx.getAgent()) ctx.setAgent(agent as never);
          armAgent(agent, bounds.connectTimeoutMs);
          return ctx;
        },
        post: async (rsp) => {
          traceEnd(current.getStore(), String(rsp.httpStatusCode));
          return rsp;
        },
      },
    ],
  });
}

/** Streams for client-node's handler that never touch this process's own stdio. */
function inertStreams() {
  const sink = () => new Writable({ write: (_c, _e, cb) => cb() });
  return { stdin: new Readable({ read() {} }), stdout: sink(), stderr: sink() };
}

/**
 * An Exec whose websocket is bounded (connect timeout on its socket,
 * handshakeTimeout for the upgrade) and isolated from process stdio: the
 * default handler would end process.stdout on a v5 close-stream frame.
 */
export function makeExec(kc: KubeConfig, bounds: Bounds): Exec {
  const bounded = {
    getCurrentCluster: () => kc.getCurrentCluster(),
    applyToHTTPSOptions: async (opts: Record<string, unknown>) => {
      await kc.applyToHTTPSOptions(opts as never);
      opts.handshakeTimeout = bounds.requestTimeoutMs;
      armAgent(opts.agent, bounds.connectTimeoutMs);
    },
  } as unknown as KubeConfig;
  return new Exec(kc, new WebSocketHandler(bounded, undefined, inertStreams()));
}

/** Where a call goes and what bounds it: the limits, the signal the Cluster is scoped to, the server (for messages). */
export interface CallScope {
  bounds: Bounds;
  signal: AbortSignal | undefined;
  server: string;
}

/**
 * One API call under its bounds, every failure typed. `tolerate` lists the
 * HTTP statuses that return `fallback` instead of throwing. `fn` must make its
 * request through a `configuration()` client: that is where the signal is set.
 */
export async function boundedCall<T>(
  at: CallScope,
  action: KubeAction,
  fn: () => Promise<T>,
  tolerate?: { statuses: number[]; fallback: T },
): Promise<T> {
  const scope = at.signal;
  if (scope?.aborted) throw scopeError(scope, action);
  const request = new AbortController();
  const timer = setTimeout(
    () => request.abort(new RequestTimeoutError(at.bounds.requestTimeoutMs)),
    at.bounds.requestTimeoutMs,
  );
  const signal = scope ? AbortSignal.any([scope, request.signal]) : request.signal;
  const store: CallStore = { signal, connected: false };
  try {
    return await current.run(store, fn);
  } catch (err) {
    const code = (err as { code?: unknown })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;
    traceEnd(
      store,
      `failed (${typeof code === 'string' ? code : String((err as Error)?.message ?? err).split('\n')[0]})`,
    );
    if (scope?.aborted) throw scopeError(scope, action, err);
    // Never connected: the connect limit (10 s, or the request's if less) is what ran out.
    if (hasCode(err, CONNECT_TIMEOUT_CODE) || (request.signal.aborted && !store.connected))
      throw unreachable(at, action, err);
    if (request.signal.aborted) throw toClusterError(request.signal.reason, action);
    const typed = toClusterError(err, action);
    if (tolerate && typed instanceof ClusterError && tolerate.statuses.includes(typed.status ?? -1))
      return tolerate.fallback;
    throw typed;
  } finally {
    clearTimeout(timer);
  }
}

/** No TCP+TLS connection within the connect limit. */
export function unreachable(at: CallScope, action: KubeAction, cause: unknown): ClusterError {
  return new ClusterError(
    'unreachable',
    `cannot reach the Kubernetes API server at ${at.server}: no connection within ${formatMs(at.bounds.connectTimeoutMs)}`,
    action,
    { fix: 'check --kubeconfig/--context, that the cluster is up, and your network or VPN', cause },
  );
}

/** Ctrl-C passes through as itself; the run's deadline becomes a timeout naming the limit. */
export function scopeError(scope: AbortSignal | undefined, action: KubeAction, cause?: unknown): Error {
  const reason = scope?.reason;
  if (reason instanceof InterruptedError) return reason;
  const deadline =
    reason instanceof DeadlineError
      ? reason
      : new DeadlineError(String(reason?.message ?? reason ?? 'aborted'));
  return toClusterError(
    new Error(`aborted: ${String((cause as Error | undefined)?.message ?? '')}`, { cause: deadline }),
    action,
  );
}

/** Whether `err` or one of its causes (8 deep) carries `code`. */
export function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
