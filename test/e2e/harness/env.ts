/**
 * The per-test environment: a namespace of its own on the cluster named by
 * $KUBECONFIG, the clients to use in it, and pods, Jobs, logs and exec
 * declared through it. Every object it creates has its deletion registered at
 * creation; `cleanup()` (useTestEnv calls it in afterAll) runs them last-in
 * first-out and never throws over the test's own error.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  RbacAuthorizationV1Api,
  type V1Job,
  type V1Pod,
  type V1PolicyRule,
} from '@kubernetes/client-node';
import { afterAll, beforeAll } from 'vitest';
import {
  type LocalClusterInfo,
  loadKubeConfig,
  localClusterInfo,
  MANAGED_BY,
  RUN_ID,
  statusCode,
  type WaitOptions,
  waitFor,
} from './cluster.js';
import { execInPod } from './exec.js';
import { type ExecBehaviour, type ExecOptions, execTarget, kwokLogs, type LogSource } from './kwok.js';
import { type JobOptions, jobManifest, type PodOptions, podManifest } from './pods.js';

export interface TestEnvOptions {
  /** Short name used in the namespace: e2e-<prefix>-<random>. */
  prefix?: string;
  kubeConfig?: KubeConfig;
}

type Cleanup = { what: string; run: () => Promise<unknown> };

export class TestEnv {
  readonly core: CoreV1Api;
  readonly batch: BatchV1Api;
  readonly rbac: RbacAuthorizationV1Api;
  readonly objects: KubernetesObjectApi;
  private readonly cleanups: Cleanup[] = [];
  private readonly scratch: string;
  private clusterLogsCount = 0;
  private clusterExecCount = 0;

  private constructor(
    readonly kc: KubeConfig,
    readonly namespace: string,
    readonly cluster: LocalClusterInfo | undefined,
  ) {
    this.core = kc.makeApiClient(CoreV1Api);
    this.batch = kc.makeApiClient(BatchV1Api);
    this.rbac = kc.makeApiClient(RbacAuthorizationV1Api);
    this.objects = KubernetesObjectApi.makeApiClient(kc);
    this.scratch = path.join(tmpdir(), 'interconnect-test-e2e', namespace);
  }

  /** Create a uniquely named namespace (deleted by cleanup) and the clients to use in it. */
  static async create(opts: TestEnvOptions = {}): Promise<TestEnv> {
    const kc = opts.kubeConfig ?? loadKubeConfig();
    const prefix = (opts.prefix ?? 'test')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-')
      .slice(0, 30);
    const namespace = `e2e-${prefix}-${RUN_ID}${randomBytes(2).toString('hex')}`;
    const env = new TestEnv(kc, namespace, await localClusterInfo(kc));
    await env.core.createNamespace({
      body: { metadata: { name: namespace, labels: env.labels() } },
    });
    env.defer(`namespace ${namespace}`, async () => {
      await env.core.deleteNamespace({ name: namespace });
      // Waiting makes every test file start on an idle cluster, and proves the
      // namespace controller and garbage collector finish the job.
      await env.waitForGone(`namespace ${namespace}`, () => env.core.readNamespace({ name: namespace }), {
        timeoutMs: 90_000,
      });
    });
    env.defer(`scratch dir ${env.scratch}`, async () =>
      rmSync(env.scratch, { recursive: true, force: true }),
    );
    // The namespace's service account arrives from the serviceaccount controller.
    await waitFor(`serviceaccount ${namespace}/default`, () =>
      env.core.readNamespacedServiceAccount({ name: 'default', namespace }).then((sa) => sa),
    );
    return env;
  }

  labels(extra: Record<string, string> = {}): Record<string, string> {
    return { 'app.kubernetes.io/managed-by': MANAGED_BY, 'interconnect-test.dev/e2e-run': RUN_ID, ...extra };
  }

  /** Register a teardown step; cleanup() runs them in reverse order. */
  defer(what: string, run: () => Promise<unknown>): void {
    this.cleanups.push({ what, run });
  }

  /** Run all teardown steps (last registered first); errors are logged, never thrown. */
  async cleanup(): Promise<void> {
    if (process.env.E2E_KEEP === '1') {
      console.warn(`E2E_KEEP=1: leaving namespace ${this.namespace} and ${this.scratch}`);
      return;
    }
    for (const c of this.cleanups.splice(0).reverse()) {
      try {
        await c.run();
      } catch (err) {
        if (statusCode(err) !== 404) console.warn(`cleanup of ${c.what} failed:`, err);
      }
    }
  }

  /** Fail early, with the reason, when the cluster is not the local kwok one. */
  requireLocalCluster(feature: string): LocalClusterInfo {
    if (!this.cluster) {
      throw new Error(
        `${feature} needs the local kwok cluster (npm run cluster:up): ConfigMap ` +
          'kube-public/interconnect-test-cluster is missing on this cluster',
      );
    }
    return this.cluster;
  }

  // ---- pods and jobs ------------------------------------------------------

  /** Create a pod (after its logs/exec declarations, so kwok knows them when it starts). */
  async createPod(opts: PodOptions): Promise<V1Pod> {
    if (opts.logs) await this.setPodLogs(opts.name, opts.logs);
    if (opts.exec) await this.setPodExec(opts.name, opts.exec, opts.execOptions);
    const pod = podManifest(opts, this.labels(opts.labels));
    const created = await this.core.createNamespacedPod({ namespace: this.namespace, body: pod });
    this.defer(`pod ${opts.name}`, () =>
      this.core.deleteNamespacedPod({ name: opts.name, namespace: this.namespace, gracePeriodSeconds: 0 }),
    );
    return created;
  }

  async createJob(opts: JobOptions): Promise<V1Job> {
    const containerName = opts.containerName ?? 'main';
    if (opts.logs) {
      const sources = (Array.isArray(opts.logs) ? opts.logs : [opts.logs]).map((l) => ({
        container: containerName,
        ...l,
      }));
      await this.setNamespaceLogs(sources);
    }
    if (opts.exec) await this.setNamespaceExec(opts.exec, { container: containerName, ...opts.execOptions });
    const job = jobManifest(opts, containerName, this.labels());
    const created = await this.batch.createNamespacedJob({ namespace: this.namespace, body: job });
    this.defer(`job ${opts.name}`, () =>
      this.batch.deleteNamespacedJob({
        name: opts.name,
        namespace: this.namespace,
        propagationPolicy: 'Background',
      }),
    );
    return created;
  }

  readPod(name: string): Promise<V1Pod> {
    return this.core.readNamespacedPod({ name, namespace: this.namespace });
  }

  /** Wait until predicate(pod) holds; returns the pod. */
  waitForPod(name: string, description: string, predicate: (p: V1Pod) => boolean, o?: WaitOptions) {
    return waitFor(
      `pod ${this.namespace}/${name} ${description}`,
      async () => {
        const p = await this.readPod(name);
        return predicate(p) ? p : undefined;
      },
      o,
    );
  }

  waitForPodPhase(name: string, phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed', o?: WaitOptions) {
    return this.waitForPod(name, `phase ${phase}`, (p) => p.status?.phase === phase, o);
  }

  /** Running with every container ready. */
  waitForPodReady(name: string, o?: WaitOptions) {
    return this.waitForPod(
      name,
      'Ready',
      (p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false,
      o,
    );
  }

  /** Wait for the Job's Complete or Failed condition; returns the Job. */
  waitForJob(name: string, condition: 'Complete' | 'Failed', o?: WaitOptions): Promise<V1Job> {
    return waitFor(
      `job ${this.namespace}/${name} ${condition}`,
      async () => {
        const j = await this.batch.readNamespacedJob({ name, namespace: this.namespace });
        const done = j.status?.conditions?.find(
          (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
        );
        if (done && done.type !== condition) {
          throw new Error(`job ended ${done.type}: ${done.reason ?? ''} ${done.message ?? ''}`);
        }
        return done ? j : undefined;
      },
      { timeoutMs: 90_000, ...o },
    );
  }

  async jobPods(jobName: string): Promise<V1Pod[]> {
    const list = await this.core.listNamespacedPod({
      namespace: this.namespace,
      labelSelector: `batch.kubernetes.io/job-name=${jobName}`,
    });
    return list.items;
  }

  /** Wait until the object read by `read` is gone (404). */
  waitForGone(description: string, read: () => Promise<unknown>, o?: WaitOptions): Promise<true> {
    return waitFor(
      `${description} to be deleted`,
      async () => {
        try {
          await read();
          return false;
        } catch (err) {
          if (statusCode(err) === 404) return true;
          throw err;
        }
      },
      o,
    );
  }

  // ---- logs ---------------------------------------------------------------

  /** Logs of one pod (created before or after the pod). */
  async setPodLogs(podName: string, logs: LogSource | LogSource[]): Promise<void> {
    this.requireLocalCluster('logs from a file');
    const sources = Array.isArray(logs) ? logs : [logs];
    await this.createObject({
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'Logs',
      metadata: { name: podName, namespace: this.namespace, labels: this.labels() },
      spec: { logs: kwokLogs(this.scratch, sources, podName) },
    } as KubernetesObject);
  }

  /** Logs of every pod in this namespace, by container name (for pods with generated names). */
  async setNamespaceLogs(logs: LogSource | LogSource[]): Promise<void> {
    this.requireLocalCluster('logs from a file');
    const sources = Array.isArray(logs) ? logs : [logs];
    const name = `${this.namespace}-${++this.clusterLogsCount}`;
    await this.createObject({
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'ClusterLogs',
      metadata: { name, labels: this.labels() },
      spec: { selector: { matchNamespaces: [this.namespace] }, logs: kwokLogs(this.scratch, sources, name) },
    } as KubernetesObject);
  }

  /** The pod's log as the API returns it (GET pods/log). */
  readLogs(
    podName: string,
    opts: { container?: string; tailLines?: number; previous?: boolean; timestamps?: boolean } = {},
  ): Promise<string> {
    return this.core.readNamespacedPodLog({ name: podName, namespace: this.namespace, ...opts });
  }

  // ---- exec ---------------------------------------------------------------

  /**
   * Declare what `exec` of each named command does in this pod. Commands are
   * matched by bare name (argv[0] without a slash); any other command runs the
   * real tool of that name on this machine, or fails as in a container without it.
   */
  async setPodExec(podName: string, commands: Record<string, ExecBehaviour>, opts: ExecOptions = {}) {
    await this.createObject({
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'Exec',
      metadata: { name: podName, namespace: this.namespace, labels: this.labels() },
      spec: { execs: [this.execTarget(`pod-${podName}`, commands, opts)] },
    } as KubernetesObject);
  }

  /**
   * The same for every pod in this namespace without its own Exec (pods with
   * generated names, e.g. a Job's), via a kwok ClusterExec.
   */
  async setNamespaceExec(commands: Record<string, ExecBehaviour>, opts: ExecOptions = {}) {
    const name = `${this.namespace}-${++this.clusterExecCount}`;
    await this.createObject({
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'ClusterExec',
      metadata: { name, labels: this.labels() },
      spec: {
        selector: { matchNamespaces: [this.namespace] },
        execs: [this.execTarget(`ns-${this.clusterExecCount}`, commands, opts)],
      },
    } as KubernetesObject);
  }

  /** Write the command shims into their own dir, link their names into kwok's PATH dir. */
  private execTarget(tag: string, commands: Record<string, ExecBehaviour>, opts: ExecOptions) {
    const info = this.requireLocalCluster('exec mapped to local commands');
    return execTarget(info, this.scratch, tag, commands, opts);
  }

  /**
   * Exec through the API server (pods/exec over WebSocket), as the CLI does.
   * Resolves with output and exit code; rejects with ExecError when the
   * request itself is refused (httpStatus 403 for RBAC).
   */
  exec(podName: string, command: string[], opts: { container?: string; kc?: KubeConfig } = {}) {
    return execInPod(opts.kc ?? this.kc, this.namespace, podName, opts.container ?? 'main', command);
  }

  // ---- identities -----------------------------------------------------------

  /** Write `kc` (default: this env's) to a kubeconfig file in the scratch dir, for the CLI's --kubeconfig. */
  kubeconfigFile(kc: KubeConfig = this.kc): string {
    const dir = path.join(this.scratch, 'kubeconfig');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${randomBytes(3).toString('hex')}.kubeconfig`);
    writeFileSync(file, kc.exportConfig());
    return file;
  }

  /**
   * A ServiceAccount of this namespace bound to a Role of `rules` here (both named `name`), and a
   * kubeconfig file that authenticates as it: what a least-privilege user of the CLI has.
   */
  async kubeconfigWithRole(name: string, rules: V1PolicyRule[]): Promise<string> {
    const namespace = this.namespace;
    await this.core.createNamespacedServiceAccount({ namespace, body: { metadata: { name } } });
    await this.rbac.createNamespacedRole({ namespace, body: { metadata: { name }, rules } });
    await this.rbac.createNamespacedRoleBinding({
      namespace,
      body: {
        metadata: { name },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name },
        subjects: [{ kind: 'ServiceAccount', name, namespace }],
      },
    });
    return this.kubeconfigFile(await this.kubeConfigForServiceAccount(name));
  }

  /** A kubeconfig that authenticates as a ServiceAccount with a TokenRequest token. */
  async kubeConfigForServiceAccount(saName: string, expirationSeconds = 600): Promise<KubeConfig> {
    const tr = await this.core.createNamespacedServiceAccountToken({
      name: saName,
      namespace: this.namespace,
      body: { spec: { expirationSeconds, audiences: [] } },
    });
    const token = tr.status?.token;
    if (!token) throw new Error(`TokenRequest for ${saName} returned no token`);
    const cluster = this.kc.getCurrentCluster();
    if (!cluster) throw new Error('current kubeconfig has no cluster');
    const user = `system:serviceaccount:${this.namespace}:${saName}`;
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [cluster],
      users: [{ name: user, token }],
      contexts: [{ name: user, cluster: cluster.name, user, namespace: this.namespace }],
      currentContext: user,
    });
    return kc;
  }

  /** Create a namespaced or cluster-scoped object and register its deletion. */
  async createObject<T extends KubernetesObject>(obj: T): Promise<T> {
    const created = await this.objects.create(obj);
    const ref = {
      apiVersion: obj.apiVersion,
      kind: obj.kind,
      metadata: { name: obj.metadata?.name, namespace: obj.metadata?.namespace },
    } as KubernetesObject;
    this.defer(`${obj.kind} ${obj.metadata?.namespace ?? ''}/${obj.metadata?.name}`, () =>
      this.objects.delete(ref),
    );
    return created;
  }
}

/** One TestEnv per test file: created in beforeAll, cleaned up in afterAll. */
export function useTestEnv(prefix: string): () => TestEnv {
  let env: TestEnv | undefined;
  beforeAll(async () => {
    env = await TestEnv.create({ prefix });
  }, 60_000);
  afterAll(async () => {
    await env?.cleanup();
  }, 120_000);
  return () => {
    if (!env) throw new Error('TestEnv not created (did beforeAll fail?)');
    return env;
  };
}
