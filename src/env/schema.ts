import { z } from 'zod';

/**
 * The `env` part of the report contract (beside `checks` and `verdict`):
 * `services[]`, `graphs[]` and `skipped[]`. Other commands and scripts read
 * these keys; change them only together with the README.
 */

/** A service's part in disaggregated serving. See src/env/roles.ts for how it is decided. */
export const RoleSchema = z.enum(['frontend', 'prefill', 'decode', 'encode', 'worker', 'agg', 'other']);
export type Role = z.infer<typeof RoleSchema>;

/** What decided the role: a declared field, the command line, the service name, or the graph's shape. */
export const RoleFromSchema = z.enum([
  'subComponentType',
  'type',
  'componentType',
  /** The field of a serving CRD that holds the pool (KServe `spec.prefill`, OME `decoderConfig`). */
  'field',
  /** A role label on the pod template (llm-d's `llm-d.ai/role`). */
  'label',
  'args',
  'name',
  'graph',
  'workload',
]);
export type RoleFrom = z.infer<typeof RoleFromSchema>;

/**
 * Where a variable's effective value comes from, lowest precedence first:
 * `envFrom` (a ConfigMap in the input) < `graph-env` (DGD `spec.envs` / `spec.env`) <
 * `service-envs` (v1alpha1 `services.<S>.envs`) < `container-env` < `shell-export` /
 * `shell-inline` (set by the container's shell script). `valueFrom` is an env entry whose
 * value comes from a Secret, ConfigMap or field at run time (set, but not visible).
 */
export const VarSourceSchema = z.enum([
  'envFrom',
  'graph-env',
  'service-envs',
  'container-env',
  'valueFrom',
  'shell-export',
  'shell-inline',
]);
export type VarSource = z.infer<typeof VarSourceSchema>;

export const VarDefinitionSchema = z.object({
  /** The value as written (redacted for secret-like names); absent when not visible. */
  value: z.string().optional(),
  source: VarSourceSchema,
  /** False when the manifest does not show the value: valueFrom, `$(OTHER)`, `$VAR` in shell. */
  visible: z.boolean(),
  /** Where in the document it is set, e.g. `spec.services.Decode.extraPodSpec.mainContainer.env`. */
  path: z.string(),
  /** What a hidden value refers to: `secretKeyRef hf-token-secret/HF_TOKEN`, `$(POD_IP)`, … */
  ref: z.string().optional(),
});
export type VarDefinition = z.infer<typeof VarDefinitionSchema>;

export const TransportVarSchema = VarDefinitionSchema.extend({
  /** Lower-precedence definitions of the same name that this one overrides. */
  overridden: z.array(VarDefinitionSchema).optional(),
});
export type TransportVar = z.infer<typeof TransportVarSchema>;

export const ShmSchema = z.object({
  /** Size in bytes; absent when unbounded (an emptyDir without sizeLimit, host /dev/shm). */
  bytes: z.number().optional(),
  /** As written (`40Gi`), or the default that applies. */
  size: z.string(),
  source: z.enum([
    'sharedMemory',
    'sharedMemorySize',
    'operator-default',
    'volume',
    'host',
    'disabled',
    'runtime-default',
  ]),
});
export type Shm = z.infer<typeof ShmSchema>;

/** The pod facts the checks use. */
export const PodFactsSchema = z.object({
  replicas: z.number().optional(),
  /** Nodes one replica spans (`multinode.nodeCount`, LWS size); 1 when single-node. */
  nodeCount: z.number(),
  gpus: z.number().optional(),
  /** RDMA-capable resources requested: `rdma/ib`, `nvidia.com/hostdev`, `vpc.amazonaws.com/efa`, … */
  rdmaResources: z.array(z.string()),
  ipcLock: z.boolean(),
  privileged: z.boolean(),
  /**
   * Who the container runs as, when known: its securityContext's runAsUser, else the user a
   * Dynamo runtime image sets (`USER dynamo`, uid 1000); no uid but `from` when only `runAsNonRoot: true`
   * says it is not root. A non-root user gains nothing from IPC_LOCK.
   */
  user: z.object({ uid: z.number().optional(), from: z.string() }).optional(),
  hostNetwork: z.boolean(),
  /** Secondary-network annotations: Multus `k8s.v1.cni.cncf.io/networks`, GKE `networking.gke.io/interfaces`. */
  networkAnnotations: z.array(z.string()),
  /** DRA claims on a ComputeDomain (IMEX) channel: the multi-node NVLink domain. */
  computeDomainClaims: z.array(z.string()),
  /**
   * ComputeDomain claims of a pod pinned to GPUs with no multi-node NVLink (HGX A100/H100/H200/B200,
   * PCIe: gpu-model.ts): the IMEX channel joins no NVLink between nodes there, so they are no path.
   */
  computeDomainNoMnnvl: z.array(z.string()).optional(),
  shm: ShmSchema.optional(),
  /** envFrom references, shown by name only: `secret/hf-token-secret`, `configMap/ucx-env`. */
  envFrom: z.array(z.string()),
  /** The NIXL backend plugin the engine is told to use (vLLM backends list, TRT-LLM/SGLang env), when named. */
  nixlBackend: z.enum(['UCX', 'LIBFABRIC']).optional(),
});
export type PodFacts = z.infer<typeof PodFactsSchema>;

export const EnvServiceSchema = z.object({
  /** The file as given (relative to the working directory when inside it). */
  file: z.string(),
  /** 1-based document number inside the file. */
  doc: z.number(),
  /** The DGD (or workload) `metadata.name`. */
  deployment: z.string(),
  kind: z.string(),
  apiVersion: z.string(),
  /** Service / component name; for plain workloads the container name. */
  name: z.string(),
  role: RoleSchema,
  roleFrom: RoleFromSchema,
  /** NIXL_*, UCX_*, NCCL_*, GLOO_* and the related names (see references/interconnect-env-vars.md). */
  transportVars: z.record(z.string(), TransportVarSchema),
  /** The disagg-critical six not set anywhere visible; empty for frontends and non-serving pods. */
  missingCritical: z.array(z.string()),
  pod: PodFactsSchema,
});
export type EnvService = z.infer<typeof EnvServiceSchema>;

export const GraphSchema = z.object({
  file: z.string(),
  doc: z.number(),
  deployment: z.string(),
  kind: z.string(),
  apiVersion: z.string(),
  /**
   * `disaggregated` when the graph (or the DGDs of one file together) has a prefill and a decode
   * worker, or a worker started with `--disaggregation-mode prefill|decode`; `aggregated` when
   * workers serve alone (a lone decode-typed worker included); `partial` for a fragment (a kustomize
   * patch, DGDR overrides, one DynamoComponentDeployment) that is not linted as a complete graph.
   */
  mode: z.enum(['disaggregated', 'aggregated', 'partial', 'none']),
  /** Why the graph is partial. */
  partial: z.string().optional(),
  /** Other DGDs of the same file this one pairs with (one holds prefill, the other decode). */
  pairedWith: z.array(z.string()).optional(),
  /** The serving engine of the graph's KV workers (prefill/decode, else the aggregated worker). */
  engine: z.enum(['vllm', 'sglang', 'trtllm', 'mocker']).optional(),
  /** Their tensor parallelism, from the command line or engine config. */
  tensorParallel: z.number().optional(),
  /** How that engine moves KV between prefill and decode, per its own flags and defaults (src/env/serving-engine.ts). */
  kv: z
    .object({
      transport: z.enum(['NIXL', 'UCX', 'MOONCAKE', 'MPI', 'NCCL', 'OTHER', 'UNKNOWN']),
      nixlPlugin: z.enum(['UCX', 'LIBFABRIC', 'OTHER']).optional(),
      hostStaged: z.boolean().optional(),
      pluginDefaulted: z.boolean().optional(),
      from: z.string(),
      defaulted: z.boolean(),
    })
    .optional(),
  services: z.array(z.string()),
});
export type Graph = z.infer<typeof GraphSchema>;

export const SkippedSchema = z.object({
  file: z.string(),
  /** 1-based document number; 0 when the whole file was skipped. */
  doc: z.number(),
  /** 1-based line where the document starts. */
  line: z.number(),
  /** `apiVersion/kind` when there is one, else `-`. */
  kind: z.string(),
  why: z.string(),
});
export type Skipped = z.infer<typeof SkippedSchema>;

/** The keys `env` adds to the report. */
export const EnvReportPartSchema = z.object({
  files: z.array(z.string()),
  graphs: z.array(GraphSchema),
  services: z.array(EnvServiceSchema),
  skipped: z.array(SkippedSchema),
});
export type EnvReportPart = z.infer<typeof EnvReportPartSchema>;
