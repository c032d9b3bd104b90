import type { NixlbenchRow } from './nixlbench-types.js';
import { gibpsToGBps, mibpsToGBps, parseInteger, parseNumber, round } from './units.js';

/**
 * The result table and configuration block of nixlbench (src/utils/utils.cpp
 * printStatsHeader/printStats/printConfig). Columns are found by their labels, so the
 * current (10/12 columns) and legacy (6/8 columns, MiB/GiB/GB) layouts read alike.
 */
/** Column labels as printed, mapped to row fields. */
export const COLUMNS: Readonly<Record<string, keyof NixlbenchRow>> = {
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
export function headerColumns(text: string): (keyof NixlbenchRow)[] | undefined {
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

export function parseRow(text: string, columns: readonly (keyof NixlbenchRow)[]): NixlbenchRow | undefined {
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

/**
 * The column order of each table nixlbench has printed, by the number of fields in a row. Every version of
 * benchmark/nixlbench/src/utils/utils.cpp prints one of two layouts, each with an aggregate variant for more than
 * two ranks pairwise (printStatsHeader and printStats print the same columns): current (nixl ≥ 0.5.1, #591) 10 or
 * 12 fields, legacy 6 or 8 (references/read-shapes.md, "nixlbench rows without their header"). No two layouts share
 * a field count, so a whole row's count fixes its columns.
 */
const CURRENT: readonly (keyof NixlbenchRow)[] = [
  'blockSize',
  'batchSize',
  'gbps',
  'aggregateGbps',
  'networkUtilPct',
  'avgLatUs',
  'avgPrepUs',
  'p99PrepUs',
  'avgPostUs',
  'p99PostUs',
  'avgTxUs',
  'p99TxUs',
];
const SHAPES: Readonly<Record<number, readonly (keyof NixlbenchRow)[]>> = {
  12: CURRENT,
  // The same without the aggregate and network-utilisation columns, which only runs of more than two ranks print.
  10: CURRENT.filter((k) => k !== 'aggregateGbps' && k !== 'networkUtilPct'),
  8: ['blockSize', 'batchSize', 'avgLatUs', 'mibps', 'gibps', 'gbps', 'aggregateGbps', 'networkUtilPct'],
  6: ['blockSize', 'batchSize', 'avgLatUs', 'mibps', 'gibps', 'gbps'],
};

/** A line of numbers whose first two are integers: the shape of a result row, whatever its columns. */
export function looksLikeRow(text: string): boolean {
  const f = text.trim().split(/\s+/);
  return (
    f.length >= 3 &&
    parseInteger(f[0]) !== undefined &&
    parseInteger(f[1]) !== undefined &&
    f.every((x) => parseNumber(x) !== undefined)
  );
}

/**
 * The columns of a result row pasted without its table's header line, when its field count fixes them (SHAPES);
 * a legacy row must also agree with itself (its MiB/s, GiB/s and GB/s columns are one figure in three units).
 */
export function headlessColumns(text: string): (keyof NixlbenchRow)[] | undefined {
  const columns = SHAPES[text.trim().split(/\s+/).length];
  if (!columns || !looksLikeRow(text)) return undefined;
  const row = parseRow(text, columns);
  if (!row) return undefined;
  if (row.mibps !== undefined && row.gibps !== undefined) {
    const near = (a: number, b: number) => Math.abs(a - b) <= 0.02 * Math.max(Math.abs(a), Math.abs(b), 1e-6);
    if (!near(mibpsToGBps(row.mibps), row.gbps) || !near(gibpsToGBps(row.gibps), row.gbps)) return undefined;
  }
  return [...columns];
}

/** "Backend (--backend=[UCX,GDS])" → "backend"; "ETCD Endpoint" → "etcd_endpoint". */
export function configKey(label: string): string {
  const flag = /\(--([a-z0-9_]+)=/.exec(label);
  if (flag) return flag[1] as string;
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
