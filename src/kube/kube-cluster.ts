import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { TLSSocket } from 'node:tls';
import {
  BatchV1Api,
  type Configuration,
  CoreV1Api,
  type CoreV1Event,
  CustomObjectsApi,
  createConfiguration,
  Exec,
  KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  type RequestContext,
  ServerConfiguration,
  type V1ConfigMap,
  type V1Job,
  type V1Namespace,
  type V1Node,
  type V1Pod,
  type V1Service,
} from '@kubernetes/client-node';
// Not re-exported by the package index; the package has no "exports" map, so the deep path is stable.
import { WebSocketHandler } from '@kubernetes/client-node/dist/web-socket-handler.js';
import { parse as parseYaml } from 'yaml';
import { InterruptedError, ToolError } from '../core/errors.js';
import type { RunOptions, RunResult } from '../procs/runner.js';
import {
  type Cluster,
  type CustomObjectRef,
  EXPIRES_ANNOTATION,
  type ObjectRef,
  type PodTarget,
} from './cluster.js';
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
import { type ExecLike, execIn } from './exec.js';
import type { ClusterOptions } from './open.js';

/**
 * The Cluster seam on @kubernetes/client-node. This module is the only one
 * that loads the client (about 800 files): commands reach it through
 * `openCluster` (src/kube/open.ts), a dynamic import, so `--help`, `read` and
 * `env` never pay for it.
 *
 * Bounds on every call:
 * - connect: the TCP+TLS connection must be up within `connectTimeoutMs`
 *   (the agent's sockets are armed with a timer; the exec websocket too);
 * - request: the whole answer within `requestTimeoutMs` (an AbortSignal on
 *   node-fetch, `handshakeTimeout` on the exec websocket);
 * - scope: the signal the cluster is scoped to (Ctrl-C, the run's --timeout).
 * An aborted request destroys its socket, so nothing keeps the process alive.
 */

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';
/** Logs are kept to this size per container; nixlbench with UCX_PROTO_INFO prints tens of kilobytes. */
const LOG_LIMIT_BYTES = 4 * 1024 * 1024;
/** A kubeconfig larger than this is not a kubeconfig. */
const KUBECONFIG_LIMIT_BYTES = 4 * 1024 * 1024;

// ---------------------------------------------------------------------------
// kubeconfig

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

export interface LoadedKubeconfig {
  kc: KubeConfig;
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
  const ctx = kc.getContextObject(kc.getCurrentContext());
  return {
    kc,
    context: kc.getCurrentContext(),
    namespace: opts.namespace ?? ctx?.namespace ?? 'default',
    server: cluster.server,
  };
}

// ---------------------------------------------------------------------------
// Bounds

export interface Bounds {
  /** TCP+TLS connection. */
  connectTimeoutMs: number;
  /** Whole request (--request-timeout). */
  requestTimeoutMs: number;
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

/** The request signal of the call being made: set by `call()`, read by the middleware. */
const current = new AsyncLocalStorage<{ signal: AbortSignal; connected: boolean }>();

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

function configuration(kc: KubeConfig, bounds: Bounds): Configuration {
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
          const agent = reuse(ctx.getAgent());
          if (agent !== ctx.getAgent()) ctx.setAgent(agent as never);
          armAgent(agent, bounds.connectTimeoutMs);
          return ctx;
        },
        post: async (rsp) => rsp,
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

// ---------------------------------------------------------------------------
// The Cluster

interface Clients {
  kc: KubeConfig;
  core: CoreV1Api;
  batch: BatchV1Api;
  custom: CustomObjectsApi;
  objects: KubernetesObjectApi;
  exec: ExecLike;
}

/** KubernetesObjectApi on our configuration (its own makeApiClient would build an unbounded one). */
class ObjectApi extends KubernetesObjectApi {
  constructor(config: Configuration, kc: KubeConfig) {
    super(config);
    this.setDefaultNamespace(kc);
  }
}

function clientsFor(kc: KubeConfig, bounds: Bounds, exec?: ExecLike): Clients {
  const config = configuration(kc, bounds);
  const objects = new ObjectApi(config, kc);
  return {
    kc,
    core: new CoreV1Api(config),
    batch: new BatchV1Api(config),
    custom: new CustomObjectsApi(config),
    objects,
    exec: exec ?? makeExec(kc, bounds),
  };
}

function resourceOf(kind: string): string {
  return `${kind.toLowerCase()}s`;
}

interface Meta {
  metadata?: {
    name?: string;
    namespace?: string;
    creationTimestamp?: Date | string;
    annotations?: Record<string, string>;
  };
}

function refOf(apiVersion: string, kind: string, o: Meta): ObjectRef {
  const m = o.metadata ?? {};
  const created = m.creationTimestamp;
  const expires = m.annotations?.[EXPIRES_ANNOTATION];
  return {
    apiVersion,
    kind,
    name: m.name ?? '',
    ...(kind !== 'Namespace' && m.namespace ? { namespace: m.namespace } : {}),
    ...(created ? { createdAt: new Date(created).toISOString() } : {}),
    ...(expires ? { expiresAt: expires } : {}),
  };
}

export class KubeCluster implements Cluster {
  readonly describe: string;
  readonly context: string;
  readonly server: string;
  readonly namespace: string;

  constructor(
    private readonly loaded: LoadedKubeconfig,
    private readonly bounds: Bounds,
    private readonly scope: AbortSignal | undefined = undefined,
    private readonly clients: Clients = clientsFor(loaded.kc, bounds),
  ) {
    this.context = loaded.context;
    this.server = loaded.server;
    this.namespace = loaded.namespace;
    this.describe = `context ${loaded.context} (${loaded.server})`;
  }

  withSignal(signal: AbortSignal): Cluster {
    return new KubeCluster(this.loaded, this.bounds, signal, this.clients);
  }

  private act(verb: string, resource: string, namespace?: string, name?: string): KubeAction {
    return { verb, resource, namespace, name, server: this.server };
  }

  /**
   * One API call under its bounds, every failure typed. `tolerate` lists the
   * HTTP statuses that return `fallback` instead of throwing.
   */
  private async call<T>(
    action: KubeAction,
    fn: (c: Clients) => Promise<T>,
    tolerate?: { statuses: number[]; fallback: T },
  ): Promise<T> {
    const scope = this.scope;
    if (scope?.aborted) throw this.scopeError(action);
    const request = new AbortController();
    const timer = setTimeout(
      () => request.abort(new RequestTimeoutError(this.bounds.requestTimeoutMs)),
      this.bounds.requestTimeoutMs,
    );
    const signal = scope ? AbortSignal.any([scope, request.signal]) : request.signal;
    const store = { signal, connected: false };
    try {
      return await current.run(store, () => fn(this.clients));
    } catch (err) {
      if (scope?.aborted) throw this.scopeError(action, err);
      // Never connected: the connect limit (10 s, or the request's if less) is what ran out.
      if (hasCode(err, CONNECT_TIMEOUT_CODE) || (request.signal.aborted && !store.connected))
        throw this.unreachable(action, err);
      if (request.signal.aborted) throw toClusterError(request.signal.reason, action);
      const typed = toClusterError(err, action);
      if (tolerate && typed instanceof ClusterError && tolerate.statuses.includes(typed.status ?? -1))
        return tolerate.fallback;
      throw typed;
    } finally {
      clearTimeout(timer);
    }
  }

  private unreachable(action: KubeAction, cause: unknown): ClusterError {
    return new ClusterError(
      'unreachable',
      `cannot reach the Kubernetes API server at ${this.server}: no connection within ${formatMs(this.bounds.connectTimeoutMs)}`,
      action,
      { fix: 'check --kubeconfig/--context, that the cluster is up, and your network or VPN', cause },
    );
  }

  /** Ctrl-C passes through as itself; the run's deadline becomes a timeout naming the limit. */
  private scopeError(action: KubeAction, cause?: unknown): Error {
    const reason = this.scope?.reason;
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

  async create(obj: KubernetesObject): Promise<void> {
    const m = obj.metadata ?? {};
    await this.call(this.act('create', resourceOf(obj.kind ?? 'object'), m.namespace, m.name), (c) =>
      c.objects.create(obj),
    );
  }

  async delete(ref: ObjectRef): Promise<void> {
    const spec: KubernetesObject = {
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      metadata: { name: ref.name, namespace: ref.namespace },
    };
    await this.call(
      this.act('delete', resourceOf(ref.kind), ref.namespace, ref.name),
      // The pod's own grace period (ours are 2–5 s), not 0: the object stays until the kubelet
      // confirms its containers stopped, so "nothing left" (listByLabel empty) means stopped.
      (c) =>
        c.objects
          .delete(spec, undefined, undefined, undefined, undefined, 'Background')
          .then(() => undefined),
      { statuses: [404], fallback: undefined },
    );
  }

  async deleteByLabel(namespace: string, selector: string): Promise<number> {
    const refs = (await this.listByLabel(selector, namespace)).filter((r) => r.kind !== 'Namespace');
    // Jobs first (their pods go with them), then loose pods, services and the probe's ConfigMap.
    const order = ['Job', 'Pod', 'Service', 'ConfigMap'];
    refs.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
    for (const r of refs) await this.delete(r);
    return refs.length;
  }

  async listByLabel(selector: string, namespace?: string): Promise<ObjectRef[]> {
    const ns = namespace;
    // A kind the API server does not serve (404) lists as empty.
    const none = <T>() => ({ statuses: [404], fallback: { items: [] as T[] } });
    const q = { labelSelector: selector };
    const [namespaces, jobs, pods, svcs, cms] = await Promise.all([
      this.listNamespaces(selector),
      this.call(
        this.act('list', 'jobs', ns),
        (c) => (ns ? c.batch.listNamespacedJob({ namespace: ns, ...q }) : c.batch.listJobForAllNamespaces(q)),
        none<V1Job>(),
      ),
      this.call(
        this.act('list', 'pods', ns),
        (c) => (ns ? c.core.listNamespacedPod({ namespace: ns, ...q }) : c.core.listPodForAllNamespaces(q)),
        none<V1Pod>(),
      ),
      this.call(
        this.act('list', 'services', ns),
        (c) =>
          ns ? c.core.listNamespacedService({ namespace: ns, ...q }) : c.core.listServiceForAllNamespaces(q),
        none<V1Service>(),
      ),
      // Only `pair --engine nixl` makes one (in the scratch namespace, which the Role there
      // lets us list); cluster-wide, a credential that may not list ConfigMaps everywhere
      // (the CronJob's) still finds every per-run namespace, and a ConfigMap goes with it.
      this.call(
        this.act('list', 'configmaps', ns),
        (c) =>
          ns
            ? c.core.listNamespacedConfigMap({ namespace: ns, ...q })
            : c.core.listConfigMapForAllNamespaces(q),
        ns ? none<V1ConfigMap>() : { statuses: [403, 404], fallback: { items: [] as V1ConfigMap[] } },
      ),
    ]);
    return [
      ...namespaces.map((n) => refOf('v1', 'Namespace', n)),
      ...jobs.items.map((i) => refOf('batch/v1', 'Job', i)),
      ...pods.items.map((i) => refOf('v1', 'Pod', i)),
      ...svcs.items.map((i) => refOf('v1', 'Service', i)),
      ...cms.items.map((i) => refOf('v1', 'ConfigMap', i)),
    ];
  }

  async listNamespaces(selector: string): Promise<V1Namespace[]> {
    const list = await this.call(this.act('list', 'namespaces'), (c) =>
      c.core.listNamespace({ labelSelector: selector }),
    );
    return list.items;
  }

  async listNodes(selector?: string): Promise<V1Node[]> {
    const labels = selector ? { labelSelector: selector } : {};
    return (await this.call(this.act('list', 'nodes'), (c) => c.core.listNode(labels))).items;
  }

  async listPods(namespace: string | undefined, selector?: string): Promise<V1Pod[]> {
    const labels = selector ? { labelSelector: selector } : {};
    if (namespace === undefined) {
      const list = await this.call(this.act('list', 'pods'), (c) =>
        c.core.listPodForAllNamespaces({
          fieldSelector: 'status.phase!=Succeeded,status.phase!=Failed',
          ...labels,
        }),
      );
      return list.items;
    }
    const list = await this.call(this.act('list', 'pods', namespace), (c) =>
      c.core.listNamespacedPod({ namespace, ...labels }),
    );
    return list.items;
  }

  getPod(namespace: string, name: string): Promise<V1Pod> {
    return this.call(this.act('get', 'pods', namespace, name), (c) =>
      c.core.readNamespacedPod({ name, namespace }),
    );
  }

  async podEvents(namespace: string, pod: string): Promise<CoreV1Event[]> {
    const list = await this.call(this.act('list', 'events', namespace), (c) =>
      c.core.listNamespacedEvent({
        namespace,
        fieldSelector: `involvedObject.kind=Pod,involvedObject.name=${pod}`,
      }),
    );
    return list.items;
  }

  async readLog(namespace: string, pod: string, container?: string): Promise<string> {
    // 400 while the container is still being created ("waiting to start"), 404 while the pod is new: no log yet.
    const text = await this.call(
      this.act('get', 'pods/log', namespace, pod),
      (c) =>
        c.core.readNamespacedPodLog({
          name: pod,
          namespace,
          limitBytes: LOG_LIMIT_BYTES,
          ...(container ? { container } : {}),
        }) as Promise<unknown>,
      { statuses: [400, 404], fallback: '' },
    );
    return typeof text === 'string' ? text : String(text ?? '');
  }

  async getDgd(namespace: string, name: string): Promise<unknown> {
    const action = this.act('get', 'dynamographdeployments.nvidia.com', namespace, name);
    let last: unknown;
    for (const version of ['v1beta1', 'v1alpha1']) {
      try {
        return await this.call(action, (c) =>
          c.custom.getNamespacedCustomObject({
            group: 'nvidia.com',
            version,
            namespace,
            plural: 'dynamographdeployments',
            name,
          }),
        );
      } catch (err) {
        last = err;
        if (!(err instanceof ClusterError && err.kind === 'not-found')) throw err;
      }
    }
    throw last;
  }

  async getCustomObject(ref: CustomObjectRef): Promise<unknown> {
    const { group, version, plural, namespace, name } = ref;
    return this.call(this.act('get', `${plural}.${group}`, namespace, name), (c) =>
      c.custom.getNamespacedCustomObject({ group, version, namespace, plural, name }),
    );
  }

  async exec(target: PodTarget, argv: readonly string[], opts: RunOptions): Promise<RunResult> {
    const scope = this.scope;
    const signal = scope && opts.signal ? AbortSignal.any([scope, opts.signal]) : (opts.signal ?? scope);
    try {
      return await execIn(
        this.clients.exec,
        target,
        argv,
        { timeoutMs: opts.timeoutMs, ...(signal ? { signal } : {}) },
        this.server,
      );
    } catch (err) {
      if (
        err instanceof ClusterError &&
        err.kind === 'unreachable' &&
        hasCode(err.cause, CONNECT_TIMEOUT_CODE)
      )
        throw this.unreachable(err.action, err);
      if (scope?.aborted && !(err instanceof InterruptedError))
        throw this.scopeError(
          {
            verb: 'create',
            resource: 'pods/exec',
            namespace: target.namespace,
            name: target.pod,
            server: this.server,
          },
          err,
        );
      throw err;
    }
  }
}

function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Builds the Cluster for a command: kubeconfig, context and namespace resolved once. */
export function connectCluster(opts: ClusterOptions, env: NodeJS.ProcessEnv, exec?: ExecLike): Cluster {
  const loaded = loadKubeconfig(opts, env);
  const bounds: Bounds = {
    requestTimeoutMs: opts.requestTimeoutMs,
    connectTimeoutMs: Math.min(opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, opts.requestTimeoutMs),
  };
  return new KubeCluster(loaded, bounds, opts.signal, clientsFor(loaded.kc, bounds, exec));
}

/** kubectl's dialer gives a TCP connection 30 s; a cluster API that takes more than 10 s to accept is down for us. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
