import { ParseError } from './errors.js';
import { dataLines, type Line } from './lines.js';
import { ABSL, failureOf } from './nixlbench-failures.js';
import { configKey, headerColumns, headlessColumns, looksLikeRow, parseRow } from './nixlbench-table.js';
import type {
  NixlbenchFailure,
  NixlbenchResult,
  NixlbenchRow,
  NixlbenchRun,
  NixlbenchWorker,
} from './nixlbench-types.js';
import { dataLanes, emulated, parseUcxLog, transportsOf, type UcxLog } from './ucx-log.js';
import { parseInteger } from './units.js';

export type {
  NixlbenchFailure,
  NixlbenchResult,
  NixlbenchRow,
  NixlbenchRun,
  NixlbenchWorker,
} from './nixlbench-types.js';

/**
 * nixlbench output (ai-dynamo/nixl benchmark/nixlbench, src/utils/utils.cpp
 * printConfig/printStatsHeader/printStats; the formats in test/fixtures/nixlbench/INDEX.md).
 * Only the initiator with rank 0 prints the configuration block and the table;
 * a target prints only start-up lines. UCX/NIXL log lines may sit anywhere,
 * including between table rows, and collectors may prefix every line.
 */

const TOOL = 'nixlbench';
const FIX = 'pass the complete log of the nixlbench initiator (rank 0), e.g. `kubectl logs <pod>`';

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
  peerMemoryNote?: { line: number; text: string };
  /** The number of the paste's last line read here (a row on it may be cut mid-line). */
  lastNo: number;
  /** Result-shaped lines seen with no table header to give them columns (see headlessRow). */
  headless: number;
}

/**
 * An option line of the configuration block (utils.cpp xferBenchConfig::printOption: the description, padded to
 * 60, then ": " and the value), one that names its flag: `Backend (--backend=[UCX,GDS]) : UCX`. Nothing else
 * nixlbench prints has this shape, so it opens the block where the paste starts below its banner.
 */
const OPTION_LINE = /^[A-Z][A-Za-z0-9 /.-]*\(--[a-z0-9_]+=[^)]*\)\s*:\s?.*$/;

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

/**
 * A result row with no table header before it (the paste starts below the header): read when its field count
 * fixes the columns (headlessColumns) and it is not the paste's last line (which may be cut mid-row); the rows
 * after it are read with those columns. True when the line was read.
 */
function headlessRow(s: State, line: Line, text: string): boolean {
  if (!looksLikeRow(text)) return false;
  const columns = line.no !== s.lastNo ? headlessColumns(text) : undefined;
  const row = columns && parseRow(text, columns);
  if (!columns || !row) {
    s.headless++;
    return false;
  }
  s.recognised++;
  const format = columns.includes('mibps') ? 'legacy' : 'current';
  const run = !s.run || s.run.rows.length > 0 ? newRun(s, format) : s.run;
  run.format = format;
  run.headerNotShown = columns.length;
  s.columns = columns;
  run.rows.push(row);
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
  if (!s.columns && !s.inConfig && headlessRow(s, line, text)) return;
  if (!s.inConfig && OPTION_LINE.test(text)) {
    // The paste starts inside the configuration block, its `NIXLBench Configuration` banner above the cut.
    s.inConfig = true;
    s.columns = undefined;
    newRun(s, 'current').configCut = true;
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
  // The NGC containers' entrypoint (entrypoint.d MOFED check) prints this when /sys/module/mlx5_core/version
  // exists but neither /sys/kernel/mm/memory_peers/nv_mem/version nor …/nvidia-peermem/version does.
  if (/^NOTE: Mellanox network driver detected, but NVIDIA peer memory driver not\b/.test(text)) {
    s.peerMemoryNote ??= { line: line.no, text };
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
  const lines = dataLines(text);
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
    lastNo: lines.filter((l) => !ucx.consumed.has(l.no) && l.text.trim() !== '').at(-1)?.no ?? 0,
    headless: 0,
  };
  for (const line of lines) if (!ucx.consumed.has(line.no)) handleLine(s, line);
  if (s.recognised === 0 && s.headless > 0) {
    const first = lines.find((l) => looksLikeRow(l.text)) as Line;
    throw new ParseError(
      TOOL,
      `${s.headless === 1 ? 'a result row' : `${s.headless} result rows`} without the table's header line (\`Block Size (B) …\`, not in the paste), and ${s.headless === 1 ? 'its' : 'their'} shape does not fix the columns`,
      {
        line: first.no,
        text: first.text,
        fix: 'paste the result table from its `Block Size (B)` header line',
      },
    );
  }
  if (s.recognised === 0) {
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
    ...(s.peerMemoryNote ? { peerMemoryNote: s.peerMemoryNote } : {}),
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
