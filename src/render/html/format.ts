import { fmtGBps } from '../../judge/bandwidth.js';
import type { Reference } from '../../judge/sweep.js';
import type { SweepPair } from '../../sweep/model.js';

/** What the heatmap and the tables both write: escaped text and a pair's figures in words. */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESC[c] ?? c);
}

/** One key for a link, whichever end is named first. */
export function linkKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** A threshold as given: `50`, `12.5`. */
function plain(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function pct(g: number, ref: number): string {
  return `${Math.round((100 * g) / ref)}%`;
}

export function expectedText(p: SweepPair, ref: Reference | null): string {
  const parts: string[] = [];
  if (p.lineGBps !== null) parts.push(`line rate ${plain(p.lineGBps)} GB/s`);
  if (p.floorGBps !== null) parts.push(`floor ${plain(p.floorGBps)} GB/s`);
  if (parts.length === 0 && ref) parts.push(`${fmtGBps(ref.gbps)} GB/s (${ref.kind} in this sweep)`);
  return parts.length > 0 ? parts.join(', ') : 'not known';
}

export function peakText(p: SweepPair, ref: Reference | null): string {
  if (p.peakGBps === null) return 'not measured';
  const of = ref ? ` (${pct(p.peakGBps, ref.gbps)} of ${ref.kind})` : '';
  return `${fmtGBps(p.peakGBps)} GB/s${of}`;
}
