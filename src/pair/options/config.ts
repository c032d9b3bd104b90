import type { V1Toleration } from '@kubernetes/client-node';
import type { PodRole } from '../../engines/types.js';
import type { NodeView } from '../../kube/nodes.js';
import type { RailsChoice } from './rails-flag.js';
import type { ClusterOptions, SharedPairOptions } from './schema.js';

/**
 * What `pair` in cluster mode runs with, once its flags are validated
 * (options.ts toPairConfig): the one declaration the plan (plan/plan.ts
 * PlanInput picks its fields from here) and a sweep's pairs (sweep/config.ts) share.
 */

/** Both probes on two nodes, or both ranks in one pod. */
export type ClusterMode = 'cross-node' | 'intra-node';

/** --pod-annotation: per role (`all`: every pod), etcd included. */
export type PodAnnotations = Partial<Record<PodRole | 'etcd' | 'all', Record<string, string>>>;

/** The options toPairConfig passes on as parsed: their shape is declared once, in schema.ts. */
type AsParsed = Pick<
  ClusterOptions,
  | 'dgd'
  | 'recipe'
  | 'prefillNode'
  | 'decodeNode'
  | 'image'
  | 'initiator'
  | 'nixlbenchVersion'
  | 'deviceList'
  | 'etcdEndpoints'
  | 'etcdImage'
  | 'scratchNamespace'
  | 'imagePullSecret'
  | 'namespace'
  | 'kubeconfig'
  | 'context'
> &
  Pick<SharedPairOptions, 'engine' | 'minBandwidth'>;

/** The validated options of `pair` in cluster mode. */
export interface PairConfig extends AsParsed {
  mode: ClusterMode;
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
  startBlockSize: number;
  maxBlockSize: number;
  /** --iters; undefined: each tool's own default. */
  iterations?: number | undefined;
  /** --warmup; undefined: a tenth of the timed iterations. */
  warmup?: number | undefined;
  /** --rails: every GPU↔NIC rail of the nodes (`all`, the default) or these GPU indices. */
  rails?: RailsChoice | undefined;
  /** The nodes as a sweep read them once for all its pairs (each pair would list them again). */
  knownNodes?: NodeView[] | undefined;
  /** A sweep's one etcd, started on first need: a nixlbench pair uses it instead of its own. */
  sharedEtcd?: (() => Promise<string>) | undefined;
  podAnnotations: PodAnnotations;
  /** --memory; undefined: sized by the probe processes and /dev/shm (pair/plan/pod-resources.ts). */
  memoryLimit?: string | undefined;
  keep: boolean;
  force: boolean;
  dryRun: boolean;
  /** --timeout: the run's own deadline, counted from when both probe pods run. */
  timeoutMs: number;
  peerTimeoutMs: number;
  /** --pull-timeout: from creating the Jobs until both probe pods run (undefined: DEFAULT_PULL_TIMEOUT_MS). */
  pullTimeoutMs?: number | undefined;
  /** Skip the node probes in the DGD's worker pods (--no-node-probes). */
  nodeProbes: boolean;
  /** --lease-namespace: where the per-node Leases live (src/scratch/lease-model.ts). */
  leaseNamespace: string;
  /** false with --no-wait: a node held by another run stops the run at once. */
  leaseWait: boolean;
  /** Who holds the nodes, for the holder annotation (default `pair <runId>`; a sweep's pairs: `sweep <id>`). */
  leaseOwner?: string | undefined;
}
