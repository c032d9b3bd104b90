import { z } from 'zod';
import { cleanLines } from './lines.js';
import { dataLanes, emulated, parseUcxLog, transportsOf, type UcxProtoTable } from './ucx-log.js';

/**
 * The output of our NIXL probe (templates/nixl-probe.py): one JSON object a
 * line, `{"probe":"nixl-probe","v":1,"event":…,"role":…}`, among UCX's and
 * NIXL's own log lines. Every line that claims to be the probe's (it starts
 * with `{` and carries `"probe":"nixl-probe"`) must match its event's schema;
 * one that does not is `garbage`, never silently dropped. Other lines go to
 * the UCX log parser, which reads the transport lanes from them.
 */

const PROBE = 'nixl-probe';
const Role = z.enum(['initiator', 'target']);
const Memory = z.enum(['DRAM', 'VRAM']);
const Op = z.enum(['READ', 'WRITE']);
const base = { probe: z.literal(PROBE), v: z.literal(1), role: Role };
const count = z.number().int().nonnegative();

/** The KV-shaped row's shape: one request's blocks, a descriptor per layer, K or V, and block (vLLM's NixlConnector). */
export const NixlKvShapeSchema = z.object({
  layers: count,
  kvHeads: count,
  headSize: count,
  blockTokens: count,
  dtypeBytes: count,
  tokens: count,
  blocks: count,
  requests: count,
  descBytes: count,
  descsPerRequest: count,
  /** `default`, or the manifest the shape came from (`recipe deploy.yaml PrefillWorker: --block-size 128`). */
  source: z.string(),
});
export type NixlKvShape = z.infer<typeof NixlKvShapeSchema>;

export const NixlProbeEventSchema = z.discriminatedUnion('event', [
  z.object({
    ...base,
    event: z.literal('start'),
    agent: z.string(),
    host: z.string(),
    pid: z.number().int(),
    nixlVersion: z.string().nullable(),
    python: z.string(),
    memory: Memory,
    /** `host` (mmap), `torch`, `cuda-driver` (ctypes on libcuda), or `cuda-fabric` (cuMemCreate with CU_MEM_HANDLE_TYPE_FABRIC). */
    memorySource: z.enum(['host', 'torch', 'cuda-driver', 'cuda-fabric']),
    /** Fabric-handle VRAM was asked for (ITEST_NIXL_FABRIC=1): whether it was used, and why not. */
    fabric: z.object({ wanted: z.boolean(), used: z.boolean(), why: z.string().nullable() }).optional(),
    device: z.number().int().nullable(),
    /** The GPU of a VRAM buffer: its ordinal, what CUDA_VISIBLE_DEVICES named (the allocated GPU's UUID), its PCI address (older probes: absent). */
    gpu: z
      .object({ index: z.number().int(), visible: z.string().nullable(), pciBusId: z.string().nullable() })
      .nullable()
      .optional(),
    op: Op,
    blockSizes: z.array(z.number().int().positive()),
    batchSizes: z.array(z.number().int().positive()),
    /** Each row runs at least this long or this many bytes (older probes: absent). */
    minSeconds: z.number().nonnegative().optional(),
    minBytes: z.number().int().nonnegative().optional(),
    kv: NixlKvShapeSchema.nullable().optional(),
    /** The in-flight row's depth (1: none; older probes: absent). */
    inFlight: count.optional(),
  }),
  z.object({ ...base, event: z.literal('ready'), port: z.number().int(), agent: z.string() }),
  z.object({
    ...base,
    event: z.literal('connected'),
    peer: z.string(),
    peerAddress: z.string().optional(),
    peerHost: z.string().nullable().optional(),
    peerMemory: Memory.nullable().optional(),
  }),
  z.object({
    ...base,
    event: z.literal('measurement'),
    op: Op,
    blockSize: z.number().int().positive(),
    batchSize: z.number().int().positive(),
    iters: z.number().int().positive(),
    warmup: z.number().int().nonnegative(),
    seconds: z.number().nonnegative(),
    gbps: z.number().nonnegative(),
    avgLatUs: z.number().nonnegative(),
    row: count.optional(),
    /**
     * `sweep` (one descriptor list of `batchSize` blocks, one transfer at a time), `inflight`
     * (`inFlight` transfers of one block kept posted at once) or `kv` (the KV-shaped row).
     */
    kind: z.enum(['sweep', 'inflight', 'kv']).optional(),
    /** The in-flight row: transfers kept in flight at once. */
    inFlight: count.optional(),
    /** Bytes the timed iterations moved. */
    bytes: count.optional(),
    /** What ended the timed part: --min-seconds, --min-bytes, or the row's share of the run's timeout. */
    enough: z.enum(['seconds', 'bytes', 'budget']).optional(),
    /** After the row: every byte its descriptors moved, copied back in `chunks` pieces and compared (null: nothing compared). */
    check: z.object({ bytes: count, chunks: count }).nullable().optional(),
    kv: NixlKvShapeSchema.optional(),
    /** KV row: notifications the initiator's transfers carried. */
    notifs: count.optional(),
  }),
  z.object({
    ...base,
    event: z.literal('done'),
    measurements: z.number().int().nonnegative().optional(),
    /** Whether every row's bytes arrived (a sample copied back and compared; null: this side compared none). */
    verified: z.boolean().nullable(),
    /** Target: the operation the initiator said it ran. */
    op: Op.nullable().optional(),
    /** Target: rows whose bytes it compared (after WRITEs), and KV-row notifications it received. */
    checkedRows: count.optional(),
    kvNotifs: count.optional(),
  }),
  z.object({ ...base, event: z.literal('error'), stage: z.string(), message: z.string() }),
  /** A pair inside one NVLink domain: the exchange or first transfer failed and is tried again (the peer's IMEX not ready yet). */
  z.object({
    ...base,
    event: z.literal('retry'),
    what: z.enum(['exchange', 'first transfer']),
    attempt: count,
    seconds: z.number().nonnegative(),
    error: z.string(),
  }),
  /** It went through after `attempts` tries, `seconds` after the first. */
  z.object({
    ...base,
    event: z.literal('retried'),
    what: z.enum(['exchange', 'first transfer']),
    attempts: count,
    seconds: z.number().nonnegative(),
  }),
]);
export type NixlProbeEvent = z.infer<typeof NixlProbeEventSchema>;
type Of<E extends NixlProbeEvent['event']> = Extract<NixlProbeEvent, { event: E }>;

export interface NixlProbeOutput {
  start?: Of<'start'>;
  ready?: Of<'ready'>;
  connected?: Of<'connected'>;
  measurements: Of<'measurement'>[];
  done?: Of<'done'>;
  errors: Of<'error'>[];
  /** Retries of the exchange or first transfer (a pair inside one NVLink domain), in order: the timeline. */
  retries: (Of<'retry'> | Of<'retried'>)[];
  /** Lines that claimed to be the probe's but did not parse: line number and what was wrong. */
  garbage: { line: number; problem: string }[];
  /** UCX lanes that carried the data: those of the protocol tables of the probe's operation when UCX printed them, else the endpoint lines' (`cma/memory`, `tcp/lo`, `rc_mlx5/mlx5_0:1`). */
  lanes: string[];
  transports: string[];
  /** UCX emulated RMA over active messages or in software. */
  emulated: boolean;
  /** UCX_PROTO_INFO tables of the operation toward the peer (what moved GPU memory, and how). */
  protocols: UcxProtoTable[];
  /** UCX named an endpoint toward a peer `intra-node`: both ran on one host. */
  sameNode: boolean;
  ucxVersion?: string;
}

/** How every event of ours begins (json.dumps with the probe key first, no spaces). */
const EVENT_START = `{"probe":"${PROBE}"`;

function claimsToBeProbe(text: string): boolean {
  return text.startsWith('{') && text.includes(`"probe"`) && text.includes(PROBE);
}

/**
 * The UCX_PROTO_INFO tables of the operation the probe ran toward its peer
 * (`remote memory write by ucp_put*` for WRITE, `remote memory read by ucp_get*`
 * for READ; not the `self` endpoint). They name the protocol and lanes UCX
 * selected for the data; the endpoint line lists every lane group, including
 * `rma_am`/`am` lanes that carried only NIXL's notifications (with the pip
 * wheel's UCX 1.23 between two local processes: `rma_am(tcp/lo)` on the
 * endpoint line while puts and gets go zero-copy over `cma/memory`).
 * Empty when UCX printed no such table (UCX < 1.15, or UCX_PROTO_INFO off);
 * then the endpoint lines are all there is.
 */
function rmaTables(tables: readonly UcxProtoTable[], op: 'READ' | 'WRITE' | undefined): UcxProtoTable[] {
  const remote = tables.filter(
    (t) => t.scope !== 'self' && /^remote memory (write|read)\b/.test(t.operation),
  );
  const want =
    op === 'READ' ? /^remote memory read\b/ : op === 'WRITE' ? /^remote memory write\b/ : undefined;
  const ofOp = want ? remote.filter((t) => want.test(t.operation)) : [];
  return ofOp.length > 0 ? ofOp : remote;
}

/** Reads everything one probe process printed. Never throws: bad lines land in `garbage`. */
export function parseNixlProbe(text: string): NixlProbeOutput {
  const lines = cleanLines(text);
  const out: NixlProbeOutput = {
    measurements: [],
    errors: [],
    retries: [],
    garbage: [],
    lanes: [],
    transports: [],
    emulated: false,
    protocols: [],
    sameNode: false,
  };
  const rest = [];
  for (const line of lines) {
    let t = line.text.trim();
    // UCX's log shares the probe's stdout through C stdio, block-buffered on a pipe: a chunk can
    // end mid-line, and our event (one write of a whole line) then follows a partial UCX line.
    // The event starts where its first key does; what comes before it is UCX's.
    const at = t.indexOf(EVENT_START);
    if (at > 0) {
      rest.push({ ...line, text: t.slice(0, at) });
      t = t.slice(at);
    }
    if (!claimsToBeProbe(t)) {
      rest.push(line);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(t);
    } catch {
      out.garbage.push({ line: line.no, problem: 'not valid JSON' });
      continue;
    }
    const parsed = NixlProbeEventSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      out.garbage.push({
        line: line.no,
        problem: `${where}${issue?.message ?? 'does not match the schema'}`,
      });
      continue;
    }
    const e = parsed.data;
    switch (e.event) {
      case 'measurement':
        out.measurements.push(e);
        break;
      case 'error':
        out.errors.push(e);
        break;
      case 'start':
        out.start = e;
        break;
      case 'ready':
        out.ready = e;
        break;
      case 'connected':
        out.connected = e;
        break;
      case 'done':
        out.done = e;
        break;
      case 'retry':
      case 'retried':
        out.retries.push(e);
        break;
    }
  }
  const ucx = parseUcxLog(rest);
  const rma = rmaTables(ucx.protocols, out.start?.op ?? out.measurements[0]?.op);
  out.protocols = rma;
  out.sameNode = [...ucx.endpoints, ...ucx.protocols].some((e) => e.scope === 'intra-node');
  if (rma.length > 0) {
    out.lanes = [...new Set(rma.flatMap((t) => t.steps.flatMap((s) => s.lanes)))];
    out.emulated = rma.some((t) => t.steps.some((s) => /software emulation/.test(s.protocol)));
  } else {
    out.lanes = dataLanes(ucx);
    out.emulated = emulated(ucx);
  }
  out.transports = transportsOf(out.lanes);
  if (ucx.version) out.ucxVersion = ucx.version;
  return out;
}
