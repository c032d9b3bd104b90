import { z } from 'zod';
import { ENGINE_NAMES, type EngineName } from './engine-names.js';

/**
 * The `measurement` key of a `pair` report: what the transfer test measured,
 * where, and over which transport. Both `pair` (cluster: two pods or one
 * two-GPU pod) and `pair --local` (two processes on this host) produce exactly
 * this shape, so JSON consumers read one contract.
 *
 * Units: GB/s is 10^9 bytes per second (nixlbench's `B/W (GB/Sec)`); ucx_perftest's
 * `MB/s` columns are MiB/s and are converted before they land here.
 */

export { ENGINE_NAMES, type EngineName };
export const EngineSchema = z.enum(ENGINE_NAMES);

/**
 * Where the two ranks ran: on two nodes (the network path prefill→decode takes),
 * on two GPUs of one node (NVLink / cuda_ipc), or as two processes on the machine
 * running the tool (`pair --local`, outside Kubernetes).
 */
export const PairModeSchema = z.enum(['cross-node', 'intra-node', 'local']);
export type PairMode = z.infer<typeof PairModeSchema>;

/**
 * The transport UCX really used, read from the probe's log (`UCX_LOG_LEVEL=info`
 * endpoint lines, `UCX_PROTO_INFO` tables). `unknown` when the log did not say.
 */
export const TransportKindSchema = z.enum(['rdma', 'nvlink', 'tcp', 'shm', 'unknown']);
export type TransportKind = z.infer<typeof TransportKindSchema>;

export const TransportSchema = z.object({
  kind: TransportKindSchema,
  /** UCX lanes seen, as UCX writes them (`rc_mlx5/mlx5_0:1`, `cuda_ipc/cuda`, `tcp/eth0`), deduplicated. */
  lanes: z.array(z.string()),
});
export type Transport = z.infer<typeof TransportSchema>;

export const MeasurementRowSchema = z.object({
  /** Bytes per transfer (nixlbench block size, ucx_perftest message size). */
  blockSize: z.number().int().positive(),
  /** Transfers per request (nixlbench batch size; 1 for ucx_perftest). */
  batchSize: z.number().int().positive(),
  /** Bandwidth in GB/s (10^9 B/s). */
  gbps: z.number().nonnegative(),
  /** Average latency per block in µs, when the tool printed it. */
  avgLatUs: z.number().nonnegative().optional(),
  /**
   * Transfers kept in flight at once (the nixl probe's in-flight row, nixlbench's
   * --pipeline_depth); absent: one at a time. Bandwidth is judged on such a row when
   * there is one (judge/bandwidth.ts judgedRow).
   */
  inFlight: z.number().int().positive().optional(),
});
export type MeasurementRow = z.infer<typeof MeasurementRowSchema>;

/**
 * The KV-shaped row (nixl engine): per request, one descriptor per layer, K or V, and block,
 * as vLLM's NixlConnector posts them (make_prepped_xfer with a notification), `requests` in
 * flight at once. Judged beside the large-block peak (`pair.kv`), never as the peak itself.
 */
export const KvRowSchema = z.object({
  gbps: z.number().nonnegative(),
  /** Average time per descriptor, µs. */
  avgLatUs: z.number().nonnegative().optional(),
  descBytes: z.number().int().positive(),
  descsPerRequest: z.number().int().positive(),
  requests: z.number().int().positive(),
  layers: z.number().int().positive(),
  kvHeads: z.number().int().positive(),
  headSize: z.number().int().positive(),
  blockTokens: z.number().int().positive(),
  dtypeBytes: z.number().int().positive(),
  tokens: z.number().int().positive(),
  /** `default` (the probe's documented shape) or the manifest the shape came from. */
  source: z.string(),
  /** Notifications the row's transfers carried (all arrived, or the run failed). */
  notifs: z.number().int().nonnegative().optional(),
  seconds: z.number().nonnegative().optional(),
  bytes: z.number().int().nonnegative().optional(),
});
export type KvRow = z.infer<typeof KvRowSchema>;

/** What the fabric should give, and where that figure came from. */
export const ExpectationSchema = z.object({
  /** Line rate of the link in use, GB/s (NDR 400 Gb/s → 50). */
  lineGBps: z.number().positive().optional(),
  /** Below this the result fails. */
  floorGBps: z.number().nonnegative(),
  /** Below this (and above floorGBps) the result is a warning. */
  warnGBps: z.number().nonnegative().optional(),
  /** Above this the result is not physically plausible for the link (loopback or measurement error). */
  ceilingGBps: z.number().positive().optional(),
  /** `--min-bandwidth`, `nic 400 Gb/sec (4X NDR)`, `gpu NVIDIA-H100-80GB-HBM3 (NVLink 4)`, … */
  source: z.string(),
});
export type Expectation = z.infer<typeof ExpectationSchema>;

/** One GPU↔NIC rail of a pair: GPU i of both nodes with its closest NIC, run beside the others. */
export const RailResultSchema = z.object({
  /** The GPU index (inside the probe pods, which request the node's GPUs). */
  gpu: z.number().int().nonnegative(),
  /** The rail's NIC on the prefill node (`mlx5_3`), from the pod's `nvidia-smi topo -m`. */
  nic: z.string().nullable(),
  /** The rail's NIC on the decode node, when it differs or is known. */
  peerNic: z.string().nullable(),
  /**
   * The rail's GPU on each node by UUID (the probe's CUDA_VISIBLE_DEVICES: the device plugin's
   * allocation), when the probes said: the index inside a pod changes with the allocation, so a
   * rail is compared across runs by UUID and NIC (sweep/regression.ts), never by index alone.
   */
  gpuUuid: z.string().nullable().optional(),
  peerGpuUuid: z.string().nullable().optional(),
  /** The rail's judged figure, GB/s; null when it produced no row. */
  gbps: z.number().nonnegative().nullable(),
  /** What the rail's NIC should carry (its line rate, GB/s), when known. */
  expectedGBps: z.number().positive().nullable(),
  /** The rail's own verdict (pair.bandwidth and pair.run of its transfer). */
  status: z.enum(['ok', 'warn', 'fail', 'skipped']),
  detail: z.string(),
});
export type RailResult = z.infer<typeof RailResultSchema>;

export const MeasurementSchema = z.object({
  engine: EngineSchema,
  mode: PairModeSchema,
  transport: TransportSchema,
  /** Node names (or host names for --local) the initiator (prefill) and the target (decode) ran on. */
  nodes: z.object({ prefill: z.string().nullable(), decode: z.string().nullable() }),
  /** Highest bandwidth of any row, GB/s; null when no row was measured. */
  peakGBps: z.number().nonnegative().nullable(),
  rows: z.array(MeasurementRowSchema),
  /** The KV-shaped row, when the engine measures one (nixl); not among `rows`, not in `peakGBps`. */
  kv: KvRowSchema.optional(),
  /** Host names the ranks reported in their own logs; equal names mean the data never left one host. */
  hosts: z.object({ initiator: z.string().optional(), target: z.string().optional() }).optional(),
  /** Memory each side used: VRAM (GPU) or DRAM (host). */
  memory: z.object({ initiator: z.enum(['VRAM', 'DRAM']), target: z.enum(['VRAM', 'DRAM']) }).optional(),
  opType: z.enum(['WRITE', 'READ']).optional(),
  /** Which side started the transfer (issued the WRITE or READ); the other was the target. */
  initiator: z.enum(['prefill', 'decode']).optional(),
  expected: ExpectationSchema.optional(),
  /** The NIXL and UCX versions that ran, as the probe and UCX's own log printed them (nixl engine). */
  versions: z.object({ nixl: z.string().optional(), ucx: z.string().optional() }).optional(),
  /** Every GPU↔NIC rail crossed at once (nixl across nodes); the rows and peak above are their sum. */
  rails: z.array(RailResultSchema).optional(),
  /**
   * `pair --in-place`: the run moved a small buffer between the live worker pods themselves; it
   * proves the path and NIXL registration, not the full bandwidth of GPU memory.
   */
  inPlace: z
    .object({ prefillPod: z.string(), decodePod: z.string(), bytes: z.number().int().positive() })
    .optional(),
});
export type Measurement = z.infer<typeof MeasurementSchema>;

/** The peak of a set of rows, or null when there are none. */
export function peakOf(rows: readonly MeasurementRow[]): number | null {
  return rows.length === 0 ? null : Math.max(...rows.map((r) => r.gbps));
}
