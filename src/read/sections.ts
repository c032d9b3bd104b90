import type { Report } from '../core/model.js';
import type { Section } from '../core/report.js';

/**
 * The measured rows of a transfer table, in the shape each reader parses them: nixlbench and
 * ucx_perftest (`gbps`), nccl-tests (`busbw`, `algbw`), perftest bandwidth (`avgGBps`) or latency
 * (`tAvgUs`). A row of another shape is left out of the table, never read as one of these.
 */
interface Row {
  blockSize?: number;
  batchSize?: number;
  gbps?: number;
  avgLatUs?: number;
  bytes?: number;
  algbw?: number;
  busbw?: number;
  avgGBps?: number;
  peakGBps?: number;
  tAvgUs?: number;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function size(bytes: number | undefined): string {
  if (bytes === undefined) return '?';
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)}M`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}K`;
  return String(bytes);
}

const cell = (v: number | undefined, digits: number, width = 10): string =>
  (num(v) ? v.toFixed(digits) : '').padStart(width);

/** One table per row shape; `undefined` when no row has the shape's figure. */
function table(rows: Row[], peakGBps: number | undefined): string[] | undefined {
  if (rows.some((r) => num(r.gbps))) {
    return [
      `${'block'.padStart(8)} ${'batch'.padStart(6)} ${'GB/s'.padStart(10)} ${'lat µs'.padStart(10)}`,
      ...rows
        .filter((r) => num(r.gbps))
        .map(
          (r) =>
            `${size(r.blockSize).padStart(8)} ${String(r.batchSize ?? '?').padStart(6)} ${cell(r.gbps, 3)} ${cell(r.avgLatUs, 1)}`,
        ),
      `peak ${num(peakGBps) ? peakGBps.toFixed(3) : '?'} GB/s (GB = 10^9 bytes)`,
    ];
  }
  if (rows.some((r) => num(r.busbw))) {
    return [
      `${'size'.padStart(8)} ${'algbw'.padStart(10)} ${'busbw'.padStart(10)}`,
      ...rows
        .filter((r) => num(r.busbw))
        .map((r) => `${size(r.bytes).padStart(8)} ${cell(r.algbw, 2)} ${cell(r.busbw, 2)}`),
      'GB/s (GB = 10^9 bytes), out-of-place',
    ];
  }
  if (rows.some((r) => num(r.avgGBps) || num(r.tAvgUs))) {
    return [
      `${'bytes'.padStart(8)} ${'avg GB/s'.padStart(10)} ${'t_avg µs'.padStart(10)}`,
      ...rows
        .filter((r) => num(r.avgGBps) || num(r.tAvgUs))
        .map((r) => `${size(r.bytes).padStart(8)} ${cell(r.avgGBps, 3)} ${cell(r.tAvgUs, 2)}`),
      'GB = 10^9 bytes',
    ];
  }
  return undefined;
}

/** Text output of `read`: the measured rows for transfer tools; other tools speak through their checks. */
export function readSections(report: Report): Section[] {
  const input = report.input as { tool: string; source: string } | undefined;
  const parsed = report.parsed as { rows?: unknown; peakGBps?: number } | undefined;
  if (!input || !Array.isArray(parsed?.rows) || parsed.rows.length === 0) return [];
  const lines = table(parsed.rows as Row[], parsed.peakGBps);
  return lines ? [{ title: `${input.tool} (${input.source})`, lines }] : [];
}
