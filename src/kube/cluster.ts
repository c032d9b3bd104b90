import type { CoreV1Event, KubernetesObject, V1Namespace, V1Node, V1Pod } from '@kubernetes/client-node';
import type { RunningProc } from '../procs/launcher.js';
import type { RunOptions, RunResult } from '../procs/runner.js';

/**
 * THE seam between this tool and Kubernetes: `node`, `nixl`, `pair` and `gc`
 * all talk to a cluster through this one interface, built once per command
 * from the resolved kubeconfig and context (src/kube/open.ts).
 *
 * Every call is bounded: a connect timeout, a per-request timeout
 * (--request-timeout) and the signal the cluster is scoped to (Ctrl-C, the
 * run's --timeout). Every failure is a typed ClusterError (src/kube/errors.ts)
 * or the InterruptedError of Ctrl-C; no caller matches error text.
 *
 * Small on purpose: every decision is a pure function over what these calls
 * return, so most tests need no cluster.
 */

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

/** When a scratch object may be garbage-collected (ISO time); `gc` reads it back through listByLabel. */
export const EXPIRES_ANNOTATION = 'interconnect-test/expires-at';

export interface ObjectRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string | undefined;
  /** metadata.creationTimestamp, ISO. */
  createdAt?: string | undefined;
  /** Our expiry annotation, when the object carries one. */
  expiresAt?: string | undefined;
  /** metadata.uid, when listed (an ownerReference names its owner by it). */
  uid?: string | undefined;
  /** metadata.labels, when listed. */
  labels?: Record<string, string> | undefined;
  /** A Lease's spec (coordination.k8s.io/v1): who holds it and until when it counts as renewed. */
  lease?: LeaseSpec | undefined;
  /** metadata.deletionTimestamp is set: the control plane is deleting it (Terminating). */
  deleting?: boolean | undefined;
}

/** The fields of a Lease that say whether it is live: renewTime + leaseDurationSeconds > now. */
export interface LeaseSpec {
  holderIdentity?: string | undefined;
  /** spec.renewTime (a MicroTime), ISO; acquireTime when never renewed. */
  renewTime?: string | undefined;
  leaseDurationSeconds?: number | undefined;
}

/** A namespaced custom object, by its API group, version and plural resource name. */
export interface CustomObjectRef {
  group: string;
  version: string;
  plural: string;
  namespace: string;
  name: string;
}

/** What execStream starts: argv in one container, with `stdin` written first and the stream kept open. */
export interface ExecStreamSpec {
  /** For people: `nixl target`. */
  name: string;
  argv: readonly string[];
  /** Written at once; stdin then stays open until the process is stopped (its end is the order to stop). */
  stdin: string;
}

/** One container of one pod, to exec into. */
export interface PodTarget {
  namespace: string;
  pod: string;
  container: string;
}

/** One event of a pod watch: the pod as it is now, or where the stream stands (a bookmark). */
export interface PodEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';
  pod?: V1Pod | undefined;
  resourceVersion?: string | undefined;
}

/** How a watch ended: `gone` when the server no longer has its resourceVersion (410): relist. */
export interface WatchEnd {
  gone: boolean;
  error?: unknown;
}

export interface PodWatch {
  /** Settles when the stream ends: the server closed it, it broke, 410 Gone, or stop(). */
  done: Promise<WatchEnd>;
  stop(): void;
}

export interface Cluster {
  /** Where it talks to, for messages: the context and server. */
  readonly describe: string;
  readonly context: string;
  readonly server: string;
  /** The namespace of the kubeconfig context (or --namespace): where pods and DGDs are looked up. */
  readonly namespace: string;
  /**
   * The same connection with every call also bounded by `signal` (and still by
   * the request timeout). Teardown uses a fresh one after the run's own signal fired.
   */
  withSignal(signal: AbortSignal): Cluster;
  /**
   * Creates one object and returns it as stored (its uid, resourceVersion). Only ever called with
   * objects we rendered (scratch namespace, our labels) or our Leases. An object of that name
   * already there: a `conflict` ClusterError.
   */
  create(obj: KubernetesObject): Promise<KubernetesObject>;
  /** One object as stored, or undefined when it (or its kind) does not exist. */
  read(ref: ObjectRef): Promise<KubernetesObject | undefined>;
  /** Replaces one object; its metadata.resourceVersion makes it conditional (`conflict` when it changed). */
  replace(obj: KubernetesObject): Promise<KubernetesObject>;
  /** A JSON merge patch (RFC 7386) of one object: ownerReferences on what a Job should take with it. */
  patch(ref: ObjectRef, mergePatch: object): Promise<void>;
  /** Deletes one object (Background propagation); an object already gone is fine. */
  delete(ref: ObjectRef): Promise<void>;
  /** Deletes the Jobs, Pods and Services matching the selector in a namespace; returns how many it asked to delete. */
  deleteByLabel(namespace: string, selector: string): Promise<number>;
  /**
   * Objects matching the selector: Jobs, Pods, Services, ConfigMaps, NetworkAttachmentDefinitions
   * and Leases in `namespace`, and that namespace itself when it matches; with no namespace, in
   * every namespace, and every matching Namespace (gc). ConfigMaps, NetworkAttachmentDefinitions
   * and Leases we may not list there (403) list as empty. `kinds`, when given, lists only those
   * kinds (a teardown's: what its run created).
   */
  listByLabel(selector: string, namespace?: string, kinds?: ReadonlySet<string>): Promise<ObjectRef[]>;
  /**
   * Leases (coordination.k8s.io/v1) matching the selector in `namespace` (every namespace when
   * undefined), with their spec. A kind not served lists as empty; a refusal (403) is an error:
   * gc must know which runs are live.
   */
  listLeases(selector: string, namespace?: string): Promise<ObjectRef[]>;
  listNamespaces(selector: string): Promise<V1Namespace[]>;
  /** Nodes, optionally by label selector (the API server evaluates it). */
  listNodes(selector?: string): Promise<V1Node[]>;
  /** Pods of one namespace (or the not-finished pods of all, when namespace is undefined), optionally by label selector. */
  listPods(namespace: string | undefined, selector?: string): Promise<V1Pod[]>;
  getPod(namespace: string, name: string): Promise<V1Pod>;
  /**
   * Pods of one namespace (every namespace when undefined, any phase) by label selector, with
   * the list's resourceVersion, where a watch starts. Optional with watchPods: a Cluster without
   * them is polled (src/kube/pod-cache.ts falls back).
   */
  listPodsAt?(
    namespace: string | undefined,
    selector: string,
  ): Promise<{ pods: V1Pod[]; resourceVersion: string }>;
  /** Watches those pods from resourceVersion (bookmarks on) until the server ends it or stop(). */
  watchPods?(
    namespace: string | undefined,
    selector: string,
    resourceVersion: string,
    onEvent: (e: PodEvent) => void,
  ): PodWatch;
  podEvents(namespace: string, pod: string): Promise<CoreV1Event[]>;
  /** Events about one object of a kind (a Job's FailedCreate from the job controller). */
  objectEvents(namespace: string, kind: string, name: string): Promise<CoreV1Event[]>;
  /** The container's log so far ('' when it has none yet). */
  readLog(namespace: string, pod: string, container?: string): Promise<string>;
  /**
   * GET http://<pod>:<port>/<path> through the API server's pod proxy (RBAC: `get` on
   * `pods/proxy`): a worker's /metrics without a route to the pod. Text, as the pod answered.
   */
  proxyGet?(namespace: string, pod: string, port: number, path: string): Promise<string>;
  /** A DynamoGraphDeployment as stored (tries nvidia.com/v1beta1, then v1alpha1). */
  getDgd(namespace: string, name: string): Promise<unknown>;
  /** The names of the DynamoGraphDeployments in a namespace (v1beta1, else v1alpha1; none when not served). */
  listDgdNames(namespace: string): Promise<string[]>;
  /**
   * One namespaced custom object as stored (a NetworkAttachmentDefinition: `k8s.cni.cncf.io`,
   * `v1`, `network-attachment-definitions`). Missing, or its kind not served: `not-found`.
   */
  getCustomObject(ref: CustomObjectRef): Promise<unknown>;
  /**
   * Runs argv in a container through the exec API (no TTY, no stdin). A
   * refused exec (403 on pods/exec, 404, unreachable) throws a ClusterError;
   * a command that ran returns its exit status; past opts.timeoutMs it
   * returns timedOut.
   */
  exec(target: PodTarget, argv: readonly string[], opts: RunOptions): Promise<RunResult>;
  /**
   * Starts argv in a container with stdin attached and kept open (kube/exec.ts execStream): a
   * long-running process whose output arrives a line at a time. Refused like exec.
   */
  execStream(target: PodTarget, spec: ExecStreamSpec): Promise<RunningProc>;
}
