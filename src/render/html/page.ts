import { readFileSync } from 'node:fs';
import type { VerdictStatus } from '../../core/model.js';
import { plural } from '../../core/verdict.js';
import { bestPeak, sweepStanding } from '../../judge/sweep.js';
import type { PairOutcome, SweepResult } from '../../sweep/model.js';
import { escapeHtml } from './format.js';
import { heatmap, legend } from './heatmap.js';
import { excludedList, fixFirst, nodeTable, pairTable, settingsList } from './tables.js';

/**
 * The `sweep` HTML report: ONE self-contained file a person opens from disk or
 * a CI artefact. Inline CSS only, no script, nothing fetched: a
 * Content-Security-Policy of `default-src 'none'` (plus inline styles) makes
 * the browser refuse any load that slipped in. Every string from the result is
 * escaped. references/sweep-html.md describes the layout.
 *
 * Cell colours (bands), the page's verdict and the best-measured reference
 * are the judge's (judge/sweep.ts); the page only draws them. The stylesheet
 * is style.css beside this file, inlined (the build copies it into dist/).
 */

export interface HtmlOptions {
  /** The page title; default names the sweep's start. */
  title?: string;
  /** When the report was written (ISO 8601), shown in the footer. */
  generatedAt?: string;
}

/** The stylesheet (style.css beside this module, in src/ and in dist/), read once. */
let css: string | undefined;
function stylesheet(): string {
  css ??= readFileSync(new URL('./style.css', import.meta.url), 'utf8');
  return css;
}

function headline(result: SweepResult, verdict: VerdictStatus): string {
  const n = result.culprits.nodes.map((c) => c.node);
  const l = result.culprits.links.map((c) => `${c.a} ↔ ${c.b}`);
  const failed = result.pairs.filter((p) => p.outcome === 'untrusted').length;
  const gaps = result.pairs.filter((p) => p.outcome === 'unverified' || p.outcome === 'not-run').length;
  let text: string;
  if (verdict === 'untrusted') {
    const named = [
      ...(n.length > 0 ? [`culprit node${n.length === 1 ? '' : 's'} ${n.join(', ')}`] : []),
      ...(l.length > 0 ? [`bad link${l.length === 1 ? '' : 's'} ${l.join(', ')}`] : []),
    ];
    text = `${failed} of ${plural(result.pairs.length, 'pair')} failed${named.length > 0 ? `: ${named.join('; ')}` : ''}`;
  } else if (verdict === 'unverified') {
    text =
      result.pairs.length === 0
        ? 'no pair was measured'
        : `no pair failed, but ${gaps} of ${result.pairs.length} ${gaps === 1 ? 'was' : 'were'} not verified`;
  } else {
    text = result.pairs.length === 1 ? 'the 1 pair trusted' : `all ${result.pairs.length} pairs trusted`;
  }
  return `<p class="headline v-${verdict}"><span class="vd">${verdict.toUpperCase()}</span> ${escapeHtml(text)}</p>`;
}

function counts(result: SweepResult): string {
  const by = (o: PairOutcome) => result.pairs.filter((p) => p.outcome === o).length;
  const excluded = result.nodes.filter((n) => n.status === 'excluded').length;
  const items = [
    `<b>${result.matrix.nodes.length}</b> nodes swept${excluded > 0 ? `, <b>${excluded}</b> excluded` : ''}`,
    `<b>${result.pairs.length}</b> pairs in <b>${result.rounds}</b> rounds`,
    `<span class="dot b-good"></span><b>${by('trusted')}</b> trusted`,
    `<span class="dot b-warn"></span><b>${by('unverified')}</b> unverified`,
    `<span class="dot b-bad"></span><b>${by('untrusted')}</b> untrusted`,
    `<span class="dot b-none"></span><b>${by('not-run')}</b> not run`,
  ];
  return `<ul class="counts">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

/** The sweep as one self-contained HTML page (no script, nothing loaded). */
export function renderHtml(result: SweepResult, opts: HtmlOptions = {}): string {
  const best = bestPeak(result.pairs);
  const verdict = sweepStanding(result.pairs);
  const title = opts.title ?? `interconnect-test sweep, ${result.startedAt}`;
  const failing = result.pairs.filter((p) => p.outcome === 'untrusted');
  const gaps = result.pairs.filter((p) => p.outcome === 'unverified' || p.outcome === 'not-run');
  const matrix =
    result.matrix.nodes.length > 0
      ? heatmap(result, best)
      : '<p class="note">No node took part: nothing to draw.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
${stylesheet()}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
${headline(result, verdict)}
${counts(result)}
${fixFirst(result)}
</header>
<main>
<h2>Pair bandwidth (GB/s): rows prefill, columns decode</h2>
<p class="note">Hover a cell for the pair, outcome, peak, expected rate, transport, round, detail and fix.</p>
${legend(result)}
${matrix}
${excludedList(result)}
${pairTable('Failing pairs', 'failing', failing, best)}
${pairTable('Not verified', 'gaps', gaps, best)}
${nodeTable(result)}
${settingsList(result)}
</main>
<footer>interconnect-test sweep report${opts.generatedAt ? `, generated ${escapeHtml(opts.generatedAt)}` : ''}. One self-contained file: no script, nothing loaded from elsewhere.</footer>
</body>
</html>
`;
}
