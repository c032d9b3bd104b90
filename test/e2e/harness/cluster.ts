/**
 * The cluster side of the e2e harness: the kubeconfig ($KUBECONFIG), the facts
 * the local kwok cluster publishes (ConfigMap kube-public/interconnect-test-cluster),
 * its sim-* pod annotations, tolerations, waiting, and the HTTP status of an error.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ApiException, CoreV1Api, KubeConfig, type V1Toleration } from '@kubernetes/client-node';
import { fixturesRoot, repoRoot } from '../../helpers/fixtures.js';

// ---------------------------------------------------------------------------
// Paths and constants

/** The repository root (test/helpers/fixtures.ts). */
export const REPO_ROOT = repoRoot;

/** The real captures kept in the repository (test/fixtures; see its README.md). */
export const FIXTURES_DIR = fixturesRoot;

/** Absolute path of a file under test/fixtures, e.g. fixture('node/ibstat/x.txt'); it must exist. */
export function fixture(relative: string): string {
  const p = path.join(FIXTURES_DIR, relative);
  if (!existsSync(p)) throw new Error(`fixture not found: ${p}`);
  return p;
}

export const MANAGED_BY = 'interconnect-test-e2e';
/** This run's tag, in every namespace name and label the harness creates. */
export const RUN_ID = randomBytes(3).toString('hex');

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
 * must behave as the sim-* stages say guard on it (test/helpers/preconditions.ts):
 * `describeNeeding([localControlPlane(await isLocalKwokCluster())], ...)`.
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

/** A request the API server refused (pods/exec): httpStatus 403 for RBAC. */
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
// Tolerations and the real nodes (scripts/cluster/real-nodes.sh)

/** The GPU toleration a pod needs to land on the tainted nodes. */
export const GPU_TOLERATION: V1Toleration = {
  key: 'nvidia.com/gpu',
  operator: 'Exists',
  effect: 'NoSchedule',
};

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
