import type { CoreV1Event, KubernetesObject, V1Pod, V1Toleration } from '@kubernetes/client-node';
import type { Clock } from '../core/clock.js';
import type { EngineName, Measurement } from '../core/measurement.js';
import type { Check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { NicPort } from '../judge/expectations.js';
import type { Cluster } from '../kube/cluster.js';
import type { PodSource } from '../kube/pod-cache.js';
import type { DisposalStack } from '../procs/disposal.js';
import type { NodeView } from './plan/nodes.js';
import type { ClusterMode, PairPlan } from './plan/plan.js';
import type { PodRole } from './plan/probe-script.js';
import type { RailsChoice } from './plan/rails.js';
import type { ProbeSettings } from './plan/settings.js';
import type { RunProblem } from './pods/assess.js';

/** A short look at an API outage the run lived through: since when, how long in all, the last error. */
export interface ApiOutage {
  /** When the current outage began (undefined: the API answers now). */
  since?: number | undefined;
  /** All outages of this run together, ms (the current one included once it ends). */
  totalMs: number;
  lastError?: string | undefined;
}

/** The validated options of `pair` in cluster mode. */
export interface PairConfig {
  dgd?: string | undefined;
  recipe?: string | undefined;
  prefillNode?: string | undefined;
  decodeNode?: string | undefined;
  mode: ClusterMode;
  /** `auto` is decided by the plan step (src/engines/choose.ts chooseEngine). */
  engine: EngineName | 'auto';
  image?: string | undefined;
  /** The default nixlbench probe image (INTERCONNECT_TEST_IMAGE or the built-in name). */
  probeImage: string;
  /** The public Dynamo runtime image nixl runs in when neither --image nor the deployment names one. */
  nixlImage?: string | undefined;
  env: { name: string; value: string }[];
  /** --toleration: added to every pod pair creates (etcd included). */
  tolerations: V1Toleration[];
  rdmaResource?: { name: string; count: string } | undefined;
  /** --memory-type; undefined: DRAM when the recipe stages KV through host memory, else VRAM. */
  memory?: 'VRAM' | 'DRAM' | undefined;
  /** --op; undefined: the framework's own (src/pair/direction.ts). */
  opType?: 'WRITE' | 'READ' | undefined;
  /** --initiator; undefined: the framework's own. */
  initiator?: 'prefill' | 'decode' | undefined;
  startBlockSize: number;
  maxBlockSize: number;
  /** --iters; undefined: each tool's own default. */
  iterations?: number | undefined;
  /** --warmup; undefined: a tenth of the timed iterations. */
  warmup?: number | undefined;
  nixlbenchVersion?: string | undefined;
  deviceList?: string | undefined;
  /** --rails: every GPU↔NIC rail of the nodes (`all`, the default) or these GPU indices. */
  rails?: RailsChoice | undefined;
  minBandwidth?: number | undefined;
  etcdEndpoints?: string | undefined;
  /** The nodes as a sweep read them once for all its pairs (each pair would list them again). */
  knownNodes?: NodeView[] | undefined;
  /** A sweep's one etcd, started on first need: a nixlbench pair uses it instead of its own. */
  sharedEtcd?: (() => Promise<string>) | undefined;
  /** --etcd-image; undefined: the probe image's own etcd where it has one (flags.ts etcdImageFor). */
  etcdImage?: string | undefined;
  scratchNamespace?: string | undefined;
  imagePullSecret?: string | undefined;
  podAnnotations: Partial<Record<PodRole | 'etcd' | 'all', Record<string, string>>>;
  memoryLimit: string;
  keep: boolean;
  force: boolean;
  dryRun: boolean;
  /** --timeout: the run's own deadline, counted from when both probe pods run. */
  timeoutMs: number;
  peerTimeoutMs: number;
  /** --pull-timeout: from creating the Jobs until both probe pods run (undefined: DEFAULT_PULL_TIMEOUT_MS). */
  pullTimeoutMs?: number | undefined;
  /** The deployment's namespace (--namespace): only ever read. */
  namespace?: string | undefined;
  kubeconfig?: string | undefined;
  context?: string | undefined;
  /** Skip the node probes in the DGD's worker pods (--no-node-probes). */
  nodeProbes: boolean;
  /** --lease-namespace: where the per-node Leases live (src/scratch/lease-model.ts). */
  leaseNamespace: string;
  /** false with --no-wait: a node held by another run stops the run at once. */
  leaseWait: boolean;
  /** Who holds the nodes, for the holder annotation (default `pair <runId>`; a sweep's pairs: `sweep <id>`). */
  leaseOwner?: string | undefined;
}

/** What the steps learn and hand on. */
export interface PairState {
  checks: Check[];
  settings?: { prefill: ProbeSettings; decode: ProbeSettings } | undefined;
  /** Nodes of the DGD's prefill and decode workers, when --dgd was given. */
  dgdNodes?: { prefill?: string | undefined; decode?: string | undefined; from: string } | undefined;
  nodes?: NodeView[] | undefined;
  /** NIC ports the node probes saw on the prefill and decode nodes. */
  knownNics?: { prefill: NicPort[]; decode: NicPort[] } | undefined;
  plan?: PairPlan | undefined;
  objects?: KubernetesObject[] | undefined;
  /** Set by a step to end the run early; the report says why. */
  stop?: 'dry-run' | 'blocked' | 'no-nodes' | 'failed' | undefined;
  /** ms timestamps: when each pod was first seen Running, and when results were first complete. */
  runningSince: Partial<Record<PodRole, number>>;
  resultsSince?: number | undefined;
  problem?: RunProblem | undefined;
  pods: Partial<Record<PodRole, V1Pod>>;
  logs: Partial<Record<PodRole, string>>;
  /** When each pod's log was last read, and at which pod resourceVersion (a watched run reads less often). */
  logReads?: Partial<Record<PodRole, { resourceVersion?: string | undefined; at: number }>>;
  /** When each stuck pod's events were last read, and what they were (a watched run reads less often). */
  eventReads?: Partial<Record<PodRole, { pod: string; at: number; events: CoreV1Event[] }>>;
  measurement?: Measurement | undefined;
  /** Every leg's measurement, when the run measured both directions. */
  measurements?: Measurement[] | undefined;
  /** Something of this run was created (so its namespace existed): only then can it be deleted under us. */
  createdAny?: boolean | undefined;
  /**
   * kind/namespace/name of what may exist: created, or a create that failed on the wire (it may
   * have been stored). A create refused outright (403, 404) is not here: what teardown could not
   * confirm gone is only ever named from this.
   */
  mayExist: Set<string>;
  /** When the probe Jobs were created: --pull-timeout counts from here. */
  jobsCreatedAt?: number | undefined;
  /** Names of every pod of ours seen so far: one that vanishes was deleted by someone else. */
  seenPods: Set<string>;
  /** The API server's outages this run lived through (watch and create retries). */
  apiOutage: ApiOutage;
  /** What disturbed the run (not about the fabric): it ends with exit 2, never a verdict. */
  disturbed?: string | undefined;
  /** Wall time the probe containers themselves ran (first start → last finish), for `npm run bench`. */
  probeMs?: number | undefined;
  /** The nodes' Leases once held (steps/hold.ts); release is idempotent and deletes only what is still ours. */
  leases?: { nodes: string[]; release(signal: AbortSignal): Promise<void> } | undefined;
}

export interface PairContext {
  config: PairConfig;
  runId: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * The cluster, loaded on first use (a --dry-run with named nodes and a recipe
   * needs none), every call bounded by `signal` (Ctrl-C and --timeout).
   */
  cluster(): Promise<Cluster>;
  /** The same cluster bounded by another signal: teardown's own, after the run's signal fired. */
  clusterFor(signal: AbortSignal): Promise<Cluster>;
  progress: Progress;
  clock: Clock;
  /** Ctrl-C / SIGTERM. */
  interrupt: AbortSignal;
  /** Our own wall-clock limit (--timeout). */
  deadline: AbortSignal;
  /**
   * Pushes --timeout's deadline to at least `untilMs` (a clock time): while the probe pods are
   * still starting, the run's deadline is --timeout from now (it starts when both run).
   */
  extendDeadline(untilMs: number): void;
  /** Either of the two: what waits listen to. */
  signal: AbortSignal;
  stack: DisposalStack;
  pollMs: number;
  /** The sweep's shared pod watch, when there is one: pods come from it, not from a list per poll. */
  pods?: PodSource | undefined;
  /** Where --dry-run prints the manifests (stdout, in the chosen format). */
  printManifests(objects: readonly KubernetesObject[]): void;
  /** Once, when the run starts waiting for a node another run holds (a sweep shows it; its pairs' progress is silent). */
  onWaiting?: ((line: string) => void) | undefined;
  state: PairState;
}

/** One step of the run: kind's actions, one method each. */
export interface Step {
  title(ctx: PairContext): string;
  /** Skips the step when false. */
  when?(ctx: PairContext): boolean;
  run(ctx: PairContext): Promise<void>;
}
