import { fmtGBps } from '../../judge/bandwidth.js';
import type { Band } from '../../judge/sweep.js';
import type { SweepPair, SweepResult } from '../../sweep/model.js';
import { escapeHtml, expectedText } from './format.js';
import { nodeNamer } from './names.js';
import { shade, shareText } from './shade.js';

/**
 * A sweep whose pairs fill little of its node × node grid (a ring, a matching, a big
 * sweep) as a list instead of an empty grid: every pair, the worst first (its band, then
 * its share of the expected figure), the share cell shaded as the grid would be. The
 * first LIST_SHOWN rows are open; the rest (the best) fold.
 */

const LIST_SHOWN = 100;
const ORDER: Record<Band, number> = { bad: 0, warn: 1, none: 2, good: 3 };

/** Whether the pairs fill enough of the grid over `n` nodes to draw it (a third of the node pairs, as all-pairs or role do). */
export function gridWorthDrawing(nodes: number, pairs: number): boolean {
  const possible = (nodes * (nodes - 1)) / 2;
  return possible > 0 && pairs / possible >= 1 / 3;
}

function row(p: SweepPair, best: number | null, nm: (n: string) => string): string {
  const s = shade(p, best);
  return `<tr data-pair="${p.index}" data-band="${s.band}"><td>${nm(p.prefill)} → ${nm(p.decode)}</td><td>${escapeHtml(p.outcome)}${p.failure ? ` <span class="muted">(${p.failure})</span>` : ''}</td><td class="r">${p.peakGBps === null ? '—' : fmtGBps(p.peakGBps)}</td><td class="c b-${s.band}"${s.style}>${shareText(s.share) || '—'}</td><td>${escapeHtml(expectedText(p, s.ref))}</td><td>${escapeHtml(p.transport ?? '—')}</td><td class="r">${p.round + 1}</td><td>${escapeHtml(p.detail)}</td></tr>`;
}

export function pairList(result: SweepResult, best: number | null, why: string): string {
  const sorted = result.pairs
    .map((p) => ({ p, s: shade(p, best) }))
    .sort(
      (x, y) =>
        ORDER[x.s.band] - ORDER[y.s.band] || (x.s.share ?? 2) - (y.s.share ?? 2) || x.p.index - y.p.index,
    )
    .map((x) => x.p);
  const head =
    '<thead><tr><th>prefill → decode</th><th>outcome</th><th>peak GB/s</th><th>of expected</th><th>expected</th><th>transport</th><th>round</th><th>detail</th></tr></thead>';
  const nm = nodeNamer(result).html;
  const shown = sorted.slice(0, LIST_SHOWN).map((p) => row(p, best, nm));
  const rest = sorted.slice(LIST_SHOWN);
  const more =
    rest.length > 0
      ? `<details class="more"><summary>${rest.length} more pairs (the best)</summary><div class="scroll"><table class="list pairs">${head}<tbody>${rest.map((p) => row(p, best, nm)).join('')}</tbody></table></div></details>`
      : '';
  return `<section class="pairlist"><h2>Pairs, the worst first (${result.pairs.length})</h2><p class="note">${escapeHtml(why)}</p><div class="scroll"><table class="list pairs">${head}<tbody>${shown.join('')}</tbody></table></div>${more}</section>`;
}
