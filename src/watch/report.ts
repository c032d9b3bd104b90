import type { Report } from '../core/model.js';
import type { Section } from '../core/report.js';
import { formatBytes } from '../core/size.js';

/** Means and quantiles: formatBytes' measured form. */
const MEASURED = { measured: true } as const;

import { fmtGBps } from '../judge/bandwidth.js';
import type { WatchResult } from './run.js';

/** The text view's table of workers (the checks follow it). */
export function watchSections(report: Report): Section[] {
  const w = report.watch as WatchResult | undefined;
  if (!w) return [];
  const lines = w.workers.map((r) => {
    const where = `${r.worker}${r.role && r.role !== r.worker ? ` (${r.role})` : ''}${r.node ? ` on ${r.node}` : ''}`;
    const x = r.window;
    if (!x) return `${where}: no KV transfer metrics`;
    const rate = x.bytes && x.seconds ? `, ${fmtGBps(x.bytes / x.seconds / 1e9)} GB/s per transfer` : '';
    const size = x.bytes && x.transfers ? `, ${formatBytes(x.bytes / x.transfers, MEASURED)} each` : '';
    const failed = x.failures.reduce((n, f) => n + f.count, 0);
    return `${where}: ${x.framework}, ${x.transfers} transfers${size}${rate}${failed ? `, ${failed} failures` : ''}`;
  });
  const head = `${w.source === 'files' ? 'two saved expositions' : w.source === 'prometheus' ? 'Prometheus increase()' : "the pods' /metrics, twice"} over ${w.windowSeconds} s; healthy figure from ${w.reference.source}`;
  return [{ title: 'KV transfers', lines: [head, ...lines] }];
}

function esc(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

const VERDICT_VALUE = { trusted: 2, unverified: 1, untrusted: 0 } as const;

/**
 * The Prometheus text exposition of a watch report (format 0.0.4, as
 * references/sweep-metrics.md): bytes per second base units, a `cluster`
 * label on every sample, no timestamps.
 */
export function watchExposition(report: Report, cluster: string): string {
  const w = report.watch as WatchResult | undefined;
  const out: string[] = [];
  const fam = (name: string, help: string, rows: string[]) => {
    if (rows.length === 0) return;
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...rows);
  };
  const labels = (r: WatchResult['workers'][number], extra = '') =>
    `{cluster="${esc(cluster)}",worker="${esc(r.worker)}",role="${r.role ?? 'unknown'}",framework="${r.framework ?? 'none'}"${extra}}`;
  const workers = w?.workers ?? [];
  fam(
    'interconnect_kv_transfer_bytes_per_second',
    'Bytes per second of one KV transfer over the watch window (bytes / seconds of the transfers).',
    workers
      .filter((r) => r.window?.bytes && r.window.seconds)
      .map(
        (r) =>
          `interconnect_kv_transfer_bytes_per_second${labels(r)} ${(r.window?.bytes ?? 0) / (r.window?.seconds ?? 1)}`,
      ),
  );
  fam(
    'interconnect_kv_transfers',
    'KV transfers in the watch window.',
    workers
      .filter((r) => r.window)
      .map((r) => `interconnect_kv_transfers${labels(r)} ${r.window?.transfers ?? 0}`),
  );
  fam(
    'interconnect_kv_transfer_failures',
    'Failed KV transfers, notifications, bootstraps or expired KV leases in the watch window.',
    workers.flatMap((r) =>
      (r.window?.failures ?? []).map(
        (f) => `interconnect_kv_transfer_failures${labels(r, `,what="${esc(f.what)}"`)} ${f.count}`,
      ),
    ),
  );
  fam('interconnect_watch_window_seconds', 'Length of the watch window.', [
    `interconnect_watch_window_seconds{cluster="${esc(cluster)}"} ${w?.windowSeconds ?? 0}`,
  ]);
  fam('interconnect_watch_verdict', '2 trusted, 1 unverified, 0 untrusted.', [
    `interconnect_watch_verdict{cluster="${esc(cluster)}"} ${VERDICT_VALUE[report.verdict.status]}`,
  ]);
  return `${out.join('\n')}\n`;
}
