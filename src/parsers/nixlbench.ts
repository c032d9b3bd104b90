import { ParseError } from './errors.js';
import { cleanLines, type Line } from './lines.js';
import { dataLanes, emulated, parseUcxLog, transportsOf, type UcxLog } from './ucx-log.js';
import { gibpsToGBps, mibpsToGBps, parseInteger, parseNumber, round } from './units.js';

/**
 * nixlbench output (ai-dynamo/nixl benchmark/nixlbench, src/utils/utils.cpp
 * printConfig/printStatsHeader/printStats; notes in shared/reference/nixlbench.md §3).
 * Only the initiator with rank 0 prints the configuration block and the table;
 * a target prints only start-up lines. UCX/NIXL log lines may sit anywhere,
 * including between table rows, and collectors may prefix every line.
 */

/** One result row. `gbps` is GB/s in decimal units (10^9 bytes per second), as nixlbench's "B/W (GB/Sec)". */
export interface NixlbenchRow {
  blockSize: number;
  batchSize: number;
  gbps: number;
  avgLatUs?: number;
  aggregateGbps?: number;
  networkUtilPct?: number;
  avgPrepUs?: number;
  p99PrepUs?: number;
  avgPostUs?: number;
  p99PostUs?: number;
  avgTxUs?: number;
  p99TxUs?: number;
  /** Legacy tables only, as printed. */
  mibps?: number;
  gibps?: number;
}

export interface NixlbenchRun {
  /** current: nixl ≥ 0.5.1 (B/W first, latency breakdown); legacy: ≤ 0.5.0 (MiB/GiB/GB columns). */
  format: 'current' | 'legacy';
  /** The configuration block, keyed by flag name ("backend", "op_type", …) or the label when it names no flag. */
  config: Record<string, string>;
  rows: NixlbenchRow[];
}

export interface NixlbenchWorker {
  rank: number;
  role: 'initiator' | 'target';
  hostname?: string;
  device?: string;
}

export type NixlbenchFailure =
  | 'etcd-stale'
  | 'etcd-unreachable'
  | 'etcd-setup'
  | 'backend-unavailable'
  | 'peer-timeout'
  | 'peer-died'
  | 'transfer-error'
  | 'consistency'
  | 'cuda'
  | 'invalid-options'
  | 'interrupted'
  | 'runtime-timeout';

export interface NixlbenchResult {
  runs: NixlbenchRun[];
  /** Every row of every run, in order. */
  rows: NixlbenchRow[];
  /** Highest `gbps` of any row; undefined when there are no rows. */
  peakGBps?: number;
  backend?: string;
  initiatorSegType?: string;
  targetSegType?: string;
  opType?: string;
  /** "Init nixl worker, dev <d> rank <r>, type <role>, hostname <h>" lines. */
  workers: NixlbenchWorker[];
  /** Rank and role when the log holds exactly one worker. */
  rank?: number;
  role?: 'initiator' | 'target';
  /** From "ETCD Runtime: Registered as rank <r> item <i> of <N>". */
  worldSize?: number;
  /** True when every worker seen ran on one host (loopback: says nothing about the network). */
  sameHost?: boolean;
  /** UCX lanes that carried data ("rc_mlx5/mlx5_0:1", "cuda_ipc/cuda", "tcp/eth0"), when UCX logged them. */
  lanes: string[];
  /** Transport names of those lanes ("rc_mlx5", "cuda_ipc", "tcp"). */
  transports: string[];
  /** UCX emulated RMA ("rma_am(...)", "software emulation"). */
  emulated: boolean;
  ucxVersion?: string;
  ucx: Pick<UcxLog, 'endpoints' | 'protocols' | 'warnings' | 'errors'>;
  /** Error lines from nixlbench, NIXL and UCX, with their line numbers. */
  errors: { line: number; text: string }[];
  /** The first decisive failure found in the log. */
  failure?: { kind: NixlbenchFailure; line: number; text: string };
  /** Waited at the start barrier and never saw "All processes are ready to proceed". */
  waitingForPeers: boolean;
  /** A table was printed and its last row reached the configured max block and batch size, with no failure. */
  completed: boolean;
}

const TOOL = 'nixlbench';
const FIX = 'pass the complete log of the nixlbench initiator (rank 0), e.g. `kubectl logs <pod>`';

/** Column labels as printed, mapped to row fields. */
const COLUMNS: Readonly<Record<string, keyof NixlbenchRow>> = {
  'Block Size (B)': 'blockSize',
  'Batch Size': 'batchSize',
  'B/W (GB/Sec)': 'gbps',
  'Aggregate B/W (GB/Sec)': 'aggregateGbps',
  'Network Util (%)': 'networkUtilPct',
  'Avg Lat. (us)': 'avgLatUs',
  'Avg Prep (us)': 'avgPrepUs',
  'P99 Prep (us)': 'p99PrepUs',
  'Avg Post (us)': 'avgPostUs',
  'P99 Post (us)': 'p99PostUs',
  'Avg Tx (us)': 'avgTxUs',
  'P99 Tx (us)': 'p99TxUs',
  'B/W (MiB/Sec)': 'mibps',
  'B/W (GiB/Sec)': 'gibps',
};

/** Finds the known column labels in a header line, in printed order. */
function headerColumns(text: string): (keyof NixlbenchRow)[] | undefined {
  const found: { at: number; key: keyof NixlbenchRow }[] = [];
  for (const [label, key] of Object.entries(COLUMNS)) {
    let at = text.indexOf(label);
    // "B/W (GB/Sec)" is also the tail of "Aggregate B/W (GB/Sec)": take the occurrence not preceded by "Aggregate ".
    while (at >= 0 && key === 'gbps' && text.slice(Math.max(0, at - 10), at) === 'Aggregate ') {
      at = text.indexOf(label, at + 1);
    }
    if (at >= 0) found.push({ at, key });
  }
  found.sort((a, b) => a.at - b.at);
  const keys = found.map((f) => f.key);
  if (keys[0] !== 'blockSize' || keys[1] !== 'batchSize') return undefined;
  return keys;
}

function parseRow(text: string, columns: readonly (keyof NixlbenchRow)[]): NixlbenchRow | undefined {
  const f = text.trim().split(/\s+/);
  if (f.length !== columns.length) return undefined;
  const blockSize = parseInteger(f[0]);
  const batchSize = parseInteger(f[1]);
  if (blockSize === undefined || batchSize === undefined) return undefined;
  const row: Partial<Record<keyof NixlbenchRow, number>> = {};
  for (let i = 0; i < columns.length; i++) {
    const n = parseNumber(f[i]);
    if (n === undefined) return undefined;
    row[columns[i] as keyof NixlbenchRow] = n;
  }
  // Legacy tables always carry "B/W (GB/Sec)"; if a variant lacks it, derive it
  // from the binary units (MiB/s × 2^20 / 10^9, GiB/s × 2^30 / 10^9).
  if (row.gbps === undefined && row.mibps !== undefined) row.gbps = round(mibpsToGBps(row.mibps));
  if (row.gbps === undefined && row.gibps !== undefined) row.gbps = round(gibpsToGBps(row.gibps));
  if (row.gbps === undefined) return undefined;
  return row as NixlbenchRow;
}

/** "Backend (--backend=[UCX,GDS])" → "backend"; "ETCD Endpoint" → "etcd_endpoint". */
function configKey(label: string): string {
  const flag = /\(--([a-z0-9_]+)=/.exec(label);
  if (flag) return flag[1] as string;
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Failure patterns, most specific first. Messages from src/main.cpp, src/runtime/etcd/etcd_rt.cpp, src/utils/utils.cpp, nixl_worker.cpp. */
const FAILURES: readonly [RegExp, NixlbenchFailure][] = [
  [/is greater than or equal to global size/, 'etcd-stale'],
  [
    /Failed to acquire lock|target uri is not valid|failed to connect to all addresses|Connection refused.*2379/i,
    'etcd-unreachable',
  ],
  [/Failed to setup ETCD runtime/, 'etcd-setup'],
  [
    /createBackend failed|unsupported backend|backend '[^']+' not found|Failed to load plugin|No plugins? (?:found|available)/i,
    'backend-unavailable',
  ],
  [/peer rank \d+ key missing|peer liveness check failed|peer may have died/i, 'peer-died'],
  [/Error in barrier wait|Failed to synchronize/, 'peer-timeout'],
  [/ASIO Receive timeout|ASIO runtime .*(?:error|timeout)/i, 'runtime-timeout'],
  [/Consistency check failed/, 'consistency'],
  [/^CUDA:|CUDA error|cudaError|Failed to allocate CUDA/i, 'cuda'],
  [/Transfer failed|prepareSlot failed|postXferReq failed|NIXL_ERR_/, 'transfer-error'],
  [
    /Invalid (?:segment|op) type|unknown command line flag|Incorrect (?:buffer size|device list)|Failed to parse device list|is disabled for nixlbench/i,
    'invalid-options',
  ],
  [/Ctrl-C received/, 'interrupted'],
];

function failureOf(text: string): NixlbenchFailure | undefined {
  return FAILURES.find(([re]) => re.test(text))?.[1];
}

/** absl log lines from NIXL: "E0421 11:56:59.774282  709103 nixl_agent.cpp:259] message". */
const ABSL = /^([EFWI])\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+\s+[\w.]+:\d+\]\s?(.*)$/;

const FLAG_VALUE =
  /(?:^|\s)--?(backend|initiator[_-]seg[_-]type|target[_-]seg[_-]type|op[_-]type)(?:=|\s+)([A-Za-z0-9_]+)/g;

interface State {
  runs: NixlbenchRun[];
  run?: NixlbenchRun;
  columns?: (keyof NixlbenchRow)[];
  inConfig: boolean;
  recognised: number;
  workers: NixlbenchWorker[];
  worldSize?: number;
  waiting: boolean;
  ready: boolean;
  errors: { line: number; text: string }[];
  failure?: { kind: NixlbenchFailure; line: number; text: string };
  flags: Record<string, string>;
}

function newRun(s: State, format: NixlbenchRun['format']): NixlbenchRun {
  const run: NixlbenchRun = { format, config: {}, rows: [] };
  s.runs.push(run);
  s.run = run;
  return run;
}

/** Records a failure line; `whole` is what goes into errors[] (the full line), `text` what is matched. */
function noteFailure(s: State, line: Line, text: string, whole = text): boolean {
  const kind = failureOf(text);
  if (!kind) return false;
  s.errors.push({ line: line.no, text: whole });
  if (!s.failure) s.failure = { kind, line: line.no, text: whole };
  return true;
}

function handleLine(s: State, line: Line): void {
  const text = line.text.trim();
  if (text === '') return;
  if (text === 'NIXLBench Configuration') {
    s.recognised++;
    s.inConfig = true;
    s.columns = undefined;
    newRun(s, 'current');
    return;
  }
  if (/^\*{20,}$/.test(text) || /^-{20,}$/.test(text)) {
    if (/^-/.test(text)) s.inConfig = false;
    return;
  }
  if (text.startsWith('Block Size (B)')) {
    const columns = headerColumns(text);
    if (!columns) return;
    s.recognised++;
    s.inConfig = false;
    const format = columns.includes('mibps') || columns.includes('gibps') ? 'legacy' : 'current';
    // A header without a configuration block before it (cut paste, earliest builds) starts its own run.
    if (!s.run || s.run.rows.length > 0 || s.columns) newRun(s, format);
    (s.run as NixlbenchRun).format = format;
    s.columns = columns;
    return;
  }
  if (s.columns) {
    const row = parseRow(text, s.columns);
    if (row) {
      s.recognised++;
      s.run?.rows.push(row);
      return;
    }
  }
  if (s.inConfig && s.run) {
    const m = /^([^:]+?)\s*:\s?(.*)$/.exec(text);
    if (m) {
      s.recognised++;
      s.run.config[configKey(m[1] as string)] = (m[2] ?? '').trim();
      return;
    }
  }
  const reg = /Registered as rank (\d+) item (\d+) of (\d+)/.exec(text);
  if (reg) {
    s.recognised++;
    const rank = Number(reg[1]);
    const size = Number(reg[3]);
    s.worldSize = size;
    // Builds before the rank check (nixl PR #230) register a rank past the world size and wait forever.
    if (rank >= size && !s.failure) s.failure = { kind: 'etcd-stale', line: line.no, text };
    return;
  }
  const init = /Init nixl worker, dev (\S+) rank (\d+), type (initiator|target)(?:, hostname (\S+))?/.exec(
    text,
  );
  if (init) {
    s.recognised++;
    s.workers.push({
      rank: Number(init[2]),
      role: init[3] as NixlbenchWorker['role'],
      ...(init[4] ? { hostname: init[4] } : {}),
      device: init[1] as string,
    });
    return;
  }
  if (/^Waiting for all processes to start/.test(text)) {
    s.recognised++;
    s.waiting = true;
    return;
  }
  if (/^All processes are ready to proceed/.test(text)) {
    s.recognised++;
    s.ready = true;
    return;
  }
  if (
    /^WARNING: Adjusting (?:num_iter|warmup_iter)|^Connecting to ETCD at|^Using null runtime|^Single instance storage backend|^ASIO runtime/.test(
      text,
    )
  ) {
    s.recognised++;
  }
  const absl = ABSL.exec(text);
  if (absl) {
    s.recognised++;
    const known = noteFailure(s, line, absl[2] ?? text, text);
    if (!known && (absl[1] === 'E' || absl[1] === 'F')) s.errors.push({ line: line.no, text });
    return;
  }
  for (const m of text.matchAll(FLAG_VALUE)) {
    s.flags[(m[1] as string).replace(/-/g, '_')] = m[2] as string;
  }
  if (noteFailure(s, line, text)) s.recognised++;
}

export function parseNixlbench(text: string): NixlbenchResult {
  const lines = cleanLines(text);
  if (lines.every((l) => l.text.trim() === ''))
    throw new ParseError(TOOL, 'the input is empty', { fix: FIX });
  const ucx = parseUcxLog(lines);
  const s: State = {
    runs: [],
    inConfig: false,
    recognised: 0,
    workers: [],
    waiting: false,
    ready: false,
    errors: [],
    flags: {},
  };
  for (const line of lines) if (!ucx.consumed.has(line.no)) handleLine(s, line);
  if (s.recognised === 0 && ucx.consumed.size === 0) {
    const first = lines.find((l) => l.text.trim() !== '') as Line;
    throw new ParseError(TOOL, 'no nixlbench start-up line, configuration block or result table found', {
      line: first.no,
      text: first.text,
      fix: FIX,
    });
  }
  for (const e of ucx.errors) s.errors.push(e);
  s.errors.sort((a, b) => a.line - b.line);
  return assemble(s, ucx);
}

function assemble(s: State, ucx: UcxLog): NixlbenchResult {
  const runs = s.runs.filter((r) => r.rows.length > 0 || Object.keys(r.config).length > 0);
  const rows = runs.flatMap((r) => r.rows);
  const config = runs.find((r) => Object.keys(r.config).length > 0)?.config ?? {};
  const pick = (key: string): string | undefined => config[key] ?? s.flags[key];
  const lanes = dataLanes(ucx);
  const hosts = new Set(s.workers.map((w) => w.hostname).filter(Boolean));
  const ranks = new Set(s.workers.map((w) => w.rank));
  const single = s.workers.length === 1 ? s.workers[0] : undefined;
  const last = runs[runs.length - 1];
  const result: NixlbenchResult = {
    runs,
    rows,
    ...(rows.length ? { peakGBps: Math.max(...rows.map((r) => r.gbps)) } : {}),
    ...(pick('backend') ? { backend: pick('backend') } : {}),
    ...(pick('initiator_seg_type') ? { initiatorSegType: pick('initiator_seg_type') } : {}),
    ...(pick('target_seg_type') ? { targetSegType: pick('target_seg_type') } : {}),
    ...(pick('op_type') ? { opType: pick('op_type') } : {}),
    workers: s.workers,
    ...(single ? { rank: single.rank, role: single.role } : {}),
    ...(s.worldSize !== undefined ? { worldSize: s.worldSize } : {}),
    ...(ranks.size >= 2 && hosts.size > 0 ? { sameHost: hosts.size === 1 } : {}),
    lanes,
    transports: transportsOf(lanes),
    emulated: emulated(ucx),
    ...(ucx.version ? { ucxVersion: ucx.version } : {}),
    ucx: { endpoints: ucx.endpoints, protocols: ucx.protocols, warnings: ucx.warnings, errors: ucx.errors },
    errors: s.errors,
    ...(s.failure ? { failure: s.failure } : {}),
    waitingForPeers: s.waiting && !s.ready,
    completed: !s.failure && last !== undefined && reachedEnd(last),
  };
  return result;
}

/** The last row reached the configured maximum block and batch size (or, with no configuration, a row exists). */
function reachedEnd(run: NixlbenchRun): boolean {
  const lastRow = run.rows[run.rows.length - 1];
  if (!lastRow) return false;
  const maxBlock = parseInteger(run.config.max_block_size);
  const maxBatch = parseInteger(run.config.max_batch_size);
  if (maxBlock === undefined || maxBatch === undefined) return true;
  return lastRow.blockSize >= maxBlock && lastRow.batchSize >= maxBatch;
}
