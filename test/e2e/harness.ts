/**
 * End-to-end test harness for a real Kubernetes API server.
 *
 * Works against any cluster named by $KUBECONFIG. The pod-behaviour parts
 * (logs from a file, exec mapped to local commands, sim-* annotations) need
 * the local kwok cluster from `npm run cluster:up` (scripts/cluster/up.sh),
 * which publishes ConfigMap kube-public/interconnect-test-cluster; against
 * another cluster those helpers throw a clear error.
 *
 * Every object a TestEnv creates has its deletion registered at creation;
 * `env.cleanup()` (call it in afterAll) runs them last-in first-out and never
 * throws over the test's own error.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  ApiException,
  BatchV1Api,
  CoreV1Api,
  Exec,
  KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  RbacAuthorizationV1Api,
  type V1Container,
  type V1Job,
  type V1Pod,
  type V1ResourceRequirements,
  type V1Status,
  type V1Toleration,
} from '@kubernetes/client-node';
import { afterAll, beforeAll } from 'vitest';

// ---------------------------------------------------------------------------
// Paths and constants

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real captures kept in the repository (test/fixtures; see its README.md). */
export const FIXTURES_DIR = path.join(REPO_ROOT, 'test', 'fixtures');

/** Absolute path of a file under test/fixtures, e.g. fixture('node/ibstat/x.txt'); it must exist. */
export function fixture(relative: string): string {
  const p = path.join(FIXTURES_DIR, relative);
  if (!existsSync(p)) throw new Error(`fixture not found: ${p}`);
  return p;
}

export const MANAGED_BY = 'interconnect-test-e2e';
const RUN_ID = randomBytes(3).toString('hex');

/** Pod annotations the local cluster's kwok stages obey (test/cluster/kwok/stages.yaml). */
export const SIM = {
  exitCode: 'interconnect-test.dev/sim-exit-code',
  duration: 'interconnect-test.dev/sim-duration',
  startDelay: 'interconnect-test.dev/sim-start-delay',
  waitingReason: 'interconnect-test.dev/sim-waiting-reason',
  waitingMessage: 'interconnect-test.dev/sim-waiting-message',
  terminationReason: 'interconnect-test.dev/sim-termination-reason',
  terminationMessage: 'interconnect-test.dev/sim-termination-message',
} as const;

export interface SimBehaviour {
  /** Exit code of every container when it terminates (default 0). */
  exitCode?: number;
  /** How long containers run before they exit, a Go duration: "3s", "1h" (default "1s"). */
  duration?: string;
  /** Time from scheduled to Running, a Go duration (default "200ms"). */
  startDelay?: string;
  /** Keep the pod Pending with its containers waiting for this reason, e.g. ImagePullBackOff. */
  waitingReason?: string;
  waitingMessage?: string;
  /** Override terminated.reason (default Completed for 0, Error otherwise), e.g. OOMKilled. */
  terminationReason?: string;
  terminationMessage?: string;
}

export function simAnnotations(sim: SimBehaviour = {}): Record<string, string> {
  const a: Record<string, string> = {};
  if (sim.exitCode !== undefined) {
    if (!Number.isInteger(sim.exitCode) || sim.exitCode < 0 || sim.exitCode > 255) {
      throw new Error(`sim.exitCode must be an integer 0..255, got ${sim.exitCode}`);
    }
    a[SIM.exitCode] = String(sim.exitCode);
  }
  if (sim.duration !== undefined) a[SIM.duration] = sim.duration;
  if (sim.startDelay !== undefined) a[SIM.startDelay] = sim.startDelay;
  if (sim.waitingReason !== undefined) a[SIM.waitingReason] = sim.waitingReason;
  if (sim.waitingMessage !== undefined) a[SIM.waitingMessage] = sim.waitingMessage;
  if (sim.terminationReason !== undefined) a[SIM.terminationReason] = sim.terminationReason;
  if (sim.terminationMessage !== undefined) a[SIM.terminationMessage] = sim.terminationMessage;
  return a;
}

// ---------------------------------------------------------------------------
// Kubeconfig and cluster facts

/** The kubeconfig from $KUBECONFIG; fails with a message that says how to get one. */
export function loadKubeConfig(): KubeConfig {
  const file = process.env.KUBECONFIG;
  if (!file) {
    throw new Error(
      'KUBECONFIG is not set. Start the local cluster with `npm run cluster:up` and export the ' +
        'KUBECONFIG=... line it prints, or point KUBECONFIG at another cluster.',
    );
  }
  const first = file.split(path.delimiter)[0]!;
  if (!existsSync(first)) throw new Error(`KUBECONFIG names ${first}, which does not exist`);
  const kc = new KubeConfig();
  kc.loadFromFile(first);
  return kc;
}

export interface LocalClusterInfo {
  provider: string;
  kubernetesVersion: string;
  /** Directory on kwok's PATH where command shims are linked. */
  execPathDir: string;
  /** Where the control plane's binaries (kubectl included) are cached. */
  binDir: string;
  nodes: string[];
}

/** The facts up.sh published, or undefined on a cluster that is not the local kwok one. */
export async function localClusterInfo(kc: KubeConfig): Promise<LocalClusterInfo | undefined> {
  const core = kc.makeApiClient(CoreV1Api);
  try {
    const cm = await core.readNamespacedConfigMap({
      name: 'interconnect-test-cluster',
      namespace: 'kube-public',
    });
    const d = cm.data ?? {};
    return {
      provider: d.provider ?? 'unknown',
      kubernetesVersion: d.kubernetesVersion ?? 'unknown',
      execPathDir: d.execPathDir ?? '',
      binDir: d.binDir ?? '',
      nodes: (d.nodes ?? '').split(',').filter(Boolean),
    };
  } catch (err) {
    if (statusCode(err) === 404) return undefined;
    throw err;
  }
}

let localCheck: Promise<boolean> | undefined;

/**
 * Whether $KUBECONFIG names the local kwok cluster (cached). Suites whose pods
 * must behave as the sim-* stages say use it to skip elsewhere:
 * `describe.skipIf(!(await isLocalKwokCluster()))(...)`.
 */
export function isLocalKwokCluster(): Promise<boolean> {
  localCheck ??= localClusterInfo(loadKubeConfig()).then((i) => i?.provider === 'kwok-local');
  return localCheck;
}

/** HTTP status of a client-node error, if it has one. */
export function statusCode(err: unknown): number | undefined {
  if (err instanceof ApiException) return err.code;
  if (err instanceof ExecError) return err.httpStatus;
  return undefined;
}

// ---------------------------------------------------------------------------
// Waiting

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/** Poll fn until it returns a value other than undefined/false; throws with the last value seen. */
export async function waitFor<T>(
  description: string,
  fn: () => Promise<T | undefined | false>,
  { timeoutMs = 60_000, intervalMs = 250 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs}ms waiting for ${description}${why}`, {
        cause: lastError,
      });
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

// ---------------------------------------------------------------------------
// Logs and exec declarations

export interface LogSource {
  /** Container the log belongs to; omitted = every container of the pod. */
  container?: string;
  /** A plain text file (e.g. a real nixlbench log); the harness stores it the way a kubelet does (CRI format). */
  file: string;
  /** Stream the lines are attributed to (default stdout). */
  stream?: 'stdout' | 'stderr';
  /** Content for `kubectl logs --previous`. */
  previousFile?: string;
}

/** What running command X in the pod does on this machine. */
export type ExecBehaviour =
  /** Print a file (and/or text) and exit with a code. */
  | { stdoutFile?: string; stdout?: string; stderr?: string; exitCode?: number }
  /** Run a real local command line instead; the exec's own arguments are appended. */
  | { run: string[] };

export interface ExecOptions {
  /** Container the mapping applies to; omitted = every container. */
  container?: string;
  /** Working directory of the local command (default: a per-pod temp dir). */
  workDir?: string;
  /** Extra environment for the local command. */
  env?: Record<string, string>;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  /** The status the kubelet (here kwok) sent on the status channel. */
  status: V1Status | undefined;
  /**
   * 0 on success. For a failed command, the code from the ExitCode cause (a
   * real kubelet) or parsed from "exit status N" in the message (kwok v0.8,
   * which reports a non-zero exit as InternalError). undefined if unknown.
   */
  exitCode: number | undefined;
}

export class ExecError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ExecError';
  }
}

const COMMAND_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

function shQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** CRI log format, as a kubelet writes /var/log/pods: "<RFC3339Nano> <stream> F <line>". */
export function toCriLog(text: string, stream: 'stdout' | 'stderr' = 'stdout', start = new Date()): string {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const base = start.getTime();
  return lines
    .map((line, i) => {
      const ts = new Date(base + i).toISOString().replace('Z', '000000Z');
      return `${ts} ${stream} F ${line}\n`;
    })
    .join('');
}

// ---------------------------------------------------------------------------
// The per-test environment

export interface PodOptions {
  name: string;
  /** Pin to this node (spec.nodeName is NOT set: the real scheduler still decides, via nodeSelector). */
  node?: string;
  image?: string;
  containerName?: string;
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  sim?: SimBehaviour;
  resources?: V1ResourceRequirements;
  tolerations?: V1Toleration[];
  nodeSelector?: Record<string, string>;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  serviceAccountName?: string;
  /** The container's log (kwok Logs object named after the pod). */
  logs?: LogSource | LogSource[];
  /** Commands runnable with exec in this pod (kwok Exec object named after the pod). */
  exec?: Record<string, ExecBehaviour>;
  execOptions?: ExecOptions;
}

export interface JobOptions {
  name: string;
  image?: string;
  containerName?: string;
  sim?: SimBehaviour;
  resources?: V1ResourceRequirements;
  tolerations?: V1Toleration[];
  nodeSelector?: Record<string, string>;
  backoffLimit?: number;
  completions?: number;
  parallelism?: number;
  ttlSecondsAfterFinished?: number;
  activeDeadlineSeconds?: number;
  /** Logs of every pod of this Job, by container name (kwok ClusterLogs scoped to the namespace). */
  logs?: LogSource | LogSource[];
  /** Commands runnable with exec in the Job's pods (kwok ClusterExec scoped to the namespace). */
  exec?: Record<string, ExecBehaviour>;
  execOptions?: ExecOptions;
}

/** The GPU toleration a pod needs to land on the tainted nodes. */
export const GPU_TOLERATION: V1Toleration = {
  key: 'nvidia.com/gpu',
  operator: 'Exists',
  effect: 'NoSchedule',
};

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

  private container(
    opts: { image?: string; containerName?: string; resources?: V1ResourceRequirements },
    fallbackName: string,
  ): V1Container {
    const c: V1Container = {
      name: opts.containerName ?? fallbackName,
      image: opts.image ?? 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.5.0',
      command: ['sleep', 'infinity'],
    };
    if (opts.resources) c.resources = opts.resources;
    return c;
  }

  /** Create a pod (after its logs/exec declarations, so kwok knows them when it starts). */
  async createPod(opts: PodOptions): Promise<V1Pod> {
    if (opts.logs) await this.setPodLogs(opts.name, opts.logs);
    if (opts.exec) await this.setPodExec(opts.name, opts.exec, opts.execOptions);
    const nodeSelector = { ...(opts.nodeSelector ?? {}) };
    if (opts.node) nodeSelector['kubernetes.io/hostname'] = opts.node;
    const pod: V1Pod = {
      metadata: {
        name: opts.name,
        labels: this.labels(opts.labels),
        annotations: { ...simAnnotations(opts.sim), ...(opts.annotations ?? {}) },
      },
      spec: {
        restartPolicy: opts.restartPolicy ?? 'Always',
        containers: [this.container(opts, 'main')],
        nodeSelector,
        tolerations: opts.tolerations ?? [],
        terminationGracePeriodSeconds: 1,
        ...(opts.serviceAccountName ? { serviceAccountName: opts.serviceAccountName } : {}),
      },
    };
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
    const job: V1Job = {
      metadata: { name: opts.name, labels: this.labels() },
      spec: {
        backoffLimit: opts.backoffLimit ?? 0,
        ...(opts.completions !== undefined ? { completions: opts.completions } : {}),
        ...(opts.parallelism !== undefined ? { parallelism: opts.parallelism } : {}),
        ...(opts.ttlSecondsAfterFinished !== undefined
          ? { ttlSecondsAfterFinished: opts.ttlSecondsAfterFinished }
          : {}),
        activeDeadlineSeconds: opts.activeDeadlineSeconds ?? 600,
        template: {
          metadata: { labels: this.labels(), annotations: simAnnotations(opts.sim) },
          spec: {
            restartPolicy: 'Never',
            containers: [this.container(opts, containerName)],
            nodeSelector: opts.nodeSelector ?? {},
            tolerations: opts.tolerations ?? [],
            terminationGracePeriodSeconds: 1,
          },
        },
      },
    };
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

  private writeCriLog(file: string, stream: 'stdout' | 'stderr' | undefined, tag: string): string {
    const dir = path.join(this.scratch, 'logs');
    mkdirSync(dir, { recursive: true });
    const out = path.join(dir, `${tag}-${randomBytes(3).toString('hex')}.log`);
    writeFileSync(out, toCriLog(readFileSync(file, 'utf8'), stream));
    return out;
  }

  private kwokLogs(sources: LogSource[], tag: string) {
    return sources.map((s) => ({
      ...(s.container ? { containers: [s.container] } : {}),
      logsFile: this.writeCriLog(s.file, s.stream, tag),
      ...(s.previousFile
        ? { previousLogsFile: this.writeCriLog(s.previousFile, s.stream, `${tag}-prev`) }
        : {}),
    }));
  }

  /** Logs of one pod (created before or after the pod). */
  async setPodLogs(podName: string, logs: LogSource | LogSource[]): Promise<void> {
    this.requireLocalCluster('logs from a file');
    const sources = Array.isArray(logs) ? logs : [logs];
    await this.createObject({
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'Logs',
      metadata: { name: podName, namespace: this.namespace, labels: this.labels() },
      spec: { logs: this.kwokLogs(sources, podName) },
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
      spec: { selector: { matchNamespaces: [this.namespace] }, logs: this.kwokLogs(sources, name) },
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
    if (!info.execPathDir) throw new Error('the local cluster did not publish execPathDir');
    const dir = path.join(this.scratch, 'exec', tag);
    const binDir = path.join(dir, 'bin');
    mkdirSync(binDir, { recursive: true });
    for (const [name, behaviour] of Object.entries(commands)) {
      if (!COMMAND_NAME.test(name))
        throw new Error(`exec command name must be a bare file name, got ${name}`);
      writeFileSync(path.join(binDir, name), shimScript(behaviour), { mode: 0o755 });
      const link = path.join(info.execPathDir, name);
      if (!existsSync(link)) {
        try {
          symlinkSync('.dispatch', link);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        }
      }
    }
    const envs = [
      { name: 'ICT_SIM_EXEC_DIR', value: binDir },
      ...Object.entries(opts.env ?? {}).map(([name, value]) => ({ name, value })),
    ];
    return {
      ...(opts.container ? { containers: [opts.container] } : {}),
      local: { workDir: opts.workDir ?? dir, envs },
    };
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

/** Body of a command shim: print what was declared, or run the local command. */
function shimScript(b: ExecBehaviour): string {
  const lines = ['#!/bin/sh', '# written by test/e2e/harness.ts'];
  if ('run' in b) {
    if (b.run.length === 0) throw new Error('exec run: needs a command');
    lines.push(`exec ${b.run.map(shQuote).join(' ')} "$@"`);
  } else {
    if (b.stdoutFile) lines.push(`cat ${shQuote(b.stdoutFile)}`);
    if (b.stdout !== undefined) lines.push(`printf '%s' ${shQuote(b.stdout)}`);
    if (b.stderr !== undefined) lines.push(`printf '%s' ${shQuote(b.stderr)} >&2`);
    lines.push(`exit ${b.exitCode ?? 0}`);
  }
  return `${lines.join('\n')}\n`;
}

class Collect extends Writable {
  private chunks: Buffer[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void) {
    this.chunks.push(Buffer.from(chunk));
    cb();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** Exit code from an exec status: the ExitCode cause, else "exit status N" in the message. */
export function exitCodeOf(status: V1Status | undefined): number | undefined {
  if (!status) return undefined;
  if (status.status === 'Success') return 0;
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  if (cause?.message !== undefined && /^\d+$/.test(cause.message)) return Number(cause.message);
  const m = /exit (?:status|code) (\d+)/.exec(status.message ?? '');
  return m ? Number(m[1]) : undefined;
}

export async function execInPod(
  kc: KubeConfig,
  namespace: string,
  pod: string,
  container: string,
  command: string[],
  timeoutMs = 30_000,
): Promise<ExecResult> {
  const stdout = new Collect();
  const stderr = new Collect();
  let status: V1Status | undefined;
  let ws: Awaited<ReturnType<Exec['exec']>>;
  try {
    ws = await new Exec(kc).exec(namespace, pod, container, command, stdout, stderr, null, false, (s) => {
      status = s;
    });
  } catch (err) {
    // The ws library reports a refused upgrade as "Unexpected server response: 403".
    const msg = (err as { message?: string }).message ?? String(err);
    const code = /Unexpected server response: (\d+)/.exec(msg);
    throw new ExecError(
      `exec ${command.join(' ')} in ${namespace}/${pod}: ${msg}`,
      code ? Number(code[1]) : undefined,
      {
        cause: err,
      },
    );
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`exec ${command.join(' ')} in ${namespace}/${pod} did not finish in ${timeoutMs}ms`));
    }, timeoutMs);
    ws.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { stdout: stdout.text(), stderr: stderr.text(), status, exitCode: exitCodeOf(status) };
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

// ---- Real nodes (scripts/cluster/real-nodes.sh) -------------------------------

/** The taint that keeps pods off the real nodes unless they tolerate it. */
export const REAL_NODE_TOLERATION: V1Toleration = {
  key: 'interconnect-test.dev/real-node',
  operator: 'Exists',
  effect: 'NoSchedule',
};

export interface RealNodesInfo {
  /** real-0, real-1, …: nodes with a real kubelet, containerd and kube-proxy. */
  nodes: string[];
  /** The probe image in the local registry (ConfigMap key probeImage), if up.sh wrote one. */
  probeImage: string | undefined;
}

/**
 * The real nodes up.sh started (ConfigMap kube-public/interconnect-test-cluster,
 * keys realNodes and probeImage); no nodes on any other cluster.
 */
export async function realNodesInfo(kc: KubeConfig = loadKubeConfig()): Promise<RealNodesInfo> {
  try {
    const cm = await kc.makeApiClient(CoreV1Api).readNamespacedConfigMap({
      name: 'interconnect-test-cluster',
      namespace: 'kube-public',
    });
    const d = cm.data ?? {};
    return { nodes: (d.realNodes ?? '').split(',').filter(Boolean), probeImage: d.probeImage || undefined };
  } catch (err) {
    if (statusCode(err) === 404) return { nodes: [], probeImage: undefined };
    throw err;
  }
}

/** The label on everything the tool under test (not this harness) creates. */
const TOOL_MANAGED = 'app.kubernetes.io/managed-by=interconnect-test';

/** Everything labelled as ours, anywhere: namespaces, and Jobs, Pods, Services in any namespace. */
export async function toolLeftovers(e: TestEnv): Promise<string[]> {
  const [ns, jobs, pods, svcs, cms] = await Promise.all([
    e.core.listNamespace({ labelSelector: TOOL_MANAGED }),
    e.batch.listJobForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listPodForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listServiceForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listConfigMapForAllNamespaces({ labelSelector: TOOL_MANAGED }),
  ]);
  return [
    ...ns.items.map((o) => `namespace/${o.metadata?.name}`),
    ...jobs.items.map((o) => `job/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...pods.items.map((o) => `pod/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...svcs.items.map((o) => `service/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...cms.items.map((o) => `configmap/${o.metadata?.namespace}/${o.metadata?.name}`),
  ];
}

/**
 * The probe-pod flags `pair` and `sweep` e2e runs share: an image name kwok never pulls, probe
 * pods that "run" 1 s, an etcd that outlives the run, and a short wait for the peer.
 */
export const KWOK_PROBE_ARGS: readonly string[] = [
  '--image',
  'registry.example/nixlbench:0.10.1',
  '--pod-annotation',
  `${SIM.duration}=1s`,
  '--pod-annotation',
  `etcd:${SIM.duration}=10m`,
  '--peer-timeout',
  '4s',
];
