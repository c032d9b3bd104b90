import type { Report } from '../core/model.js';
import type { Section } from '../core/report.js';

interface Row {
  blockSize?: number;
  batchSize?: number;
  gbps: number;
  avgLatUs?: number;
}

function size(bytes: number | undefined): string {
  if (bytes === undefined) return '?';
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)}M`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}K`;
  return String(bytes);
}

/** Text output of `read`: the measured rows for transfer tools; other tools speak through their checks. */
export function readSections(report: Report): Section[] {
  const input = report.input as { tool: string; source: string } | undefined;
  const parsed = report.parsed as { rows?: Row[]; peakGBps?: number } | undefined;
  if (!input || !parsed?.rows || parsed.rows.length === 0) return [];
  const lines = [
    `${'block'.padStart(8)} ${'batch'.padStart(6)} ${'GB/s'.padStart(10)} ${'lat µs'.padStart(10)}`,
    ...parsed.rows.map(
      (r) =>
        `${size(r.blockSize).padStart(8)} ${String(r.batchSize ?? '?').padStart(6)} ${r.gbps.toFixed(3).padStart(10)} ${(r.avgLatUs === undefined ? '' : r.avgLatUs.toFixed(1)).padStart(10)}`,
    ),
    `peak ${parsed.peakGBps?.toFixed(3) ?? '?'} GB/s (GB = 10^9 bytes)`,
  ];
  return [{ title: `${input.tool} (${input.source})`, lines }];
}
