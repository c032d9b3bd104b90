import { readFileSync } from 'node:fs';
import type { ClusterIdentity } from '../../core/cluster-identity.js';
import type { Verdict } from '../../core/model.js';
import { plural } from '../../core/verdict.js';
import { bestPeak } from '../../judge/sweep.js';
import type { PairOutcome, SweepResult } from '../../sweep/model.js';
import { regressionFindings } from '../../sweep/regression.js';
import { fixFirst } from './fixlist.js';
import { escapeHtml } from './format.js';
import { DIMENSIONS, groupSummaries, groupsOf, worstFirst } from './groups.js';
import { heatmap, legend } from './heatmap.js';
import { nodeNamer } from './names.js';
import { gridWorthDrawing, pairList } from './pairlist.js';
import { excludedList, nodeTable, pairTable, settingsList } from './tables.js';

/**
 * The `sweep` HTML report: ONE self-contained file a person opens from disk or
 * a CI artefact. Inline CSS only, no script, nothing fetched: a
 * Content-Security-Policy of `default-src 'none'` (plus inline styles) makes
 * the browser refuse any load that slipped in. Every string from the result is
 * escaped. references/sweep-html.md describes the layout.
 *
 * Cell colours (bands) and the best-measured reference are the judge's
 * (judge/sweep.ts); the page's verdict is the report's own (the roll-up of the
 * sweep's checks, fleet checks included): the page draws it, never decides it. The stylesheet
 * is style.css beside this file, inlined (the build copies it into dist/).
 */

export interface HtmlOptions {
  /** The page title; default names the sweep's start. */
  title?: string;
  /** When the report was written (ISO 8601), shown in the footer. */
  generatedAt?: string;
  /** Which cluster (core/cluster-identity.ts): in the title and under it. */
  cluster?: ClusterIdentity;
}

/** The line under the title: the cluster's name, context and API server. */
function clusterLine(c: ClusterIdentity | undefined): string {
  if (!c) return '';
  const parts = [
    `cluster <b data-cluster="${escapeHtml(c.name)}">${escapeHtml(c.name)}</b>`,
    ...(c.context ? [`context ${escapeHtml(c.context)}`] : []),
    ...(c.server ? [`API server <span class="server">${escapeHtml(c.server)}</span>`] : []),
  ];
  return `<p class="cluster">${parts.join(' · ')}</p>`;
}

/** The stylesheet (style.css beside this module, in src/ and in dist/), read once. */
let css: string | undefined;
function stylesheet(): string {
  css ??= readFileSync(new URL('./style.css', import.meta.url), 'utf8');
  return css;
}

/** At most `max` names, then how many more: a headline at 1,000 nodes stays one line or two. */
function few(names: string[], max = 5): string[] {
  return names.length <= max ? names : [...names.slice(0, max), `and ${names.length - max} more`];
}

function headline(result: SweepResult, verdict: Verdict): string {
  const n = few(result.culprits.nodes.map((c) => c.node));
  const l = few(result.culprits.links.map((c) => `${c.a} ↔ ${c.b}`));
  const failed = result.pairs.filter((p) => p.outcome === 'untrusted').length;
  const gaps = result.pairs.filter((p) => p.outcome === 'unverified' || p.outcome === 'not-run').length;
  // A check beyond the pairs (the fleet's line rate, a regression) decided it: say that one.
  const beyond = verdict.fixFirst?.detail ?? verdict.summary;
  let text: string;
  if (result.pairs.length === 0) {
    text = 'no pair was measured';
  } else if (verdict.status === 'untrusted') {
    const named = [
      ...(n.length > 0 ? [`culprit node${n.length === 1 ? '' : 's'} ${n.join(', ')}`] : []),
      ...(l.length > 0 ? [`bad link${l.length === 1 ? '' : 's'} ${l.join(', ')}`] : []),
    ];
    text =
      failed === 0
        ? beyond
        : `${failed} of ${plural(result.pairs.length, 'pair')} failed${named.length > 0 ? `: ${named.join('; ')}` : ''}`;
  } else if (verdict.status === 'unverified') {
    text =
      gaps === 0
        ? beyond
        : `no pair failed, but ${gaps} of ${result.pairs.length} ${gaps === 1 ? 'was' : 'were'} not verified`;
  } else {
    text = result.pairs.length === 1 ? 'the 1 pair trusted' : `all ${result.pairs.length} pairs trusted`;
  }
  return `<p class="headline v-${verdict.status}"><span class="vd">${verdict.status.toUpperCase()}</span> ${escapeHtml(text)}</p>`;
}

/** "N excluded" names them and why (the first few; the Excluded section lists every one). */
function excludedNames(result: SweepResult): string {
  const ex = result.nodes.filter((n) => n.status === 'excluded');
  if (ex.length === 0) return '';
  const nm = nodeNamer(result).html;
  const named = ex.slice(0, 5).map((n) => `${nm(n.name)} (${escapeHtml(n.detail)})`);
  const more = ex.length > 5 ? `, and ${ex.length - 5} more below` : '';
  return `, <b>${ex.length}</b> excluded: <span class="excluded-names">${named.join(', ')}${more}</span>`;
}

function counts(result: SweepResult): string {
  const by = (o: PairOutcome) => result.pairs.filter((p) => p.outcome === o).length;
  // As many as "what to fix" lists: a regressed node stands for its links.
  const found = result.regressions ? regressionFindings(result.regressions) : undefined;
  const regressed = found ? found.nodes.length + found.links.length : undefined;
  const items = [
    `<b>${result.matrix.nodes.length}</b> nodes swept${excludedNames(result)}`,
    `<b>${result.pairs.length}</b> pairs in <b>${result.rounds}</b> rounds`,
    `<span class="dot b-good"></span><b>${by('trusted')}</b> trusted`,
    `<span class="dot b-warn"></span><b>${by('unverified')}</b> unverified`,
    `<span class="dot b-bad"></span><b>${by('untrusted')}</b> untrusted`,
    `<span class="dot b-none"></span><b>${by('not-run')}</b> not run`,
    ...(regressed === undefined ? [] : [`<b>${regressed}</b> regressed against the baseline`]),
  ];
  return `<ul class="counts">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

/** Nodes of a big sweep drawn as a grid one group at a time: the finest dimension whose groups all fit. */
function groupGrids(result: SweepResult, best: number | null): string | undefined {
  for (const { key, label } of [...DIMENSIONS].reverse()) {
    const groups = groupsOf(result, key);
    if (!groups || [...groups.values()].some((g) => g.length > GRID_MAX_NODES)) continue;
    const inside = (nodes: string[]) => {
      const set = new Set(nodes);
      return result.pairs.filter((p) => set.has(p.prefill) && set.has(p.decode));
    };
    const dense = [...groups.values()].every((g) => gridWorthDrawing(g.length, inside(g).length));
    if (!dense) return undefined;
    const parts = worstFirst(result, groups).map(([g, nodes]) => {
      const failed = inside(nodes).filter((p) => p.outcome === 'untrusted').length;
      return `<details class="group-grid" data-group="${escapeHtml(g)}"${failed > 0 ? ' open' : ''}><summary>${escapeHtml(label)} ${escapeHtml(g)}: ${plural(nodes.length, 'node')}, ${failed} failed pair${failed === 1 ? '' : 's'} inside</summary>${heatmap(result, best, nodes)}</details>`;
    });
    return `<h2>Pair bandwidth inside each ${escapeHtml(label)} (GB/s): rows prefill, columns decode</h2><p class="note">${result.matrix.nodes.length} nodes are too many for one grid: each ${escapeHtml(label)} has its own (those with a failed pair open); pairs between groups are in the group view above.</p>${legend(result)}${parts.join('')}`;
  }
  return undefined;
}

/** The node × node part: the grid up to GRID_MAX_NODES, a grid per group beyond, else the pairs as a list. */
function matrixPart(result: SweepResult, best: number | null): { html: string; listed: boolean } {
  const n = result.matrix.nodes.length;
  if (n === 0) return { html: '<p class="note">No node took part: nothing to draw.</p>', listed: false };
  const dense = gridWorthDrawing(n, result.pairs.length);
  if (n <= GRID_MAX_NODES && dense) {
    return {
      html: `<h2>Pair bandwidth (GB/s): rows prefill, columns decode</h2>
<p class="note">Hover a cell for the pair, outcome, peak, expected rate, transport, round, detail and fix.</p>
${legend(result)}
${heatmap(result, best)}`,
      listed: false,
    };
  }
  if (n > GRID_MAX_NODES && dense) {
    const grids = groupGrids(result, best);
    if (grids) return { html: grids, listed: false };
  }
  const share = Math.round((100 * result.pairs.length) / ((n * (n - 1)) / 2));
  const why = dense
    ? `${n} nodes are too many for one grid (up to ${GRID_MAX_NODES}) and they have no groups that small: the pairs are listed instead.`
    : `${result.settings.scheme}: ${plural(result.pairs.length, 'pair')} fill ${share}% of the ${n} × ${n} grid, so they are listed instead of an empty grid.`;
  return { html: pairList(result, best, why), listed: true };
}

/** One grid of nodes is drawn up to this many: 64 fit a 1440 px screen. */
const GRID_MAX_NODES = 64;

/** The sweep as one self-contained HTML page (no script, nothing loaded), under the report's verdict. */
export function renderHtml(result: SweepResult, verdict: Verdict, opts: HtmlOptions = {}): string {
  const best = bestPeak(result.pairs);
  const title =
    opts.title ??
    `interconnect-test sweep${opts.cluster ? ` of ${opts.cluster.name}` : ''}, ${result.startedAt}`;
  const failing = result.pairs.filter((p) => p.outcome === 'untrusted');
  const gaps = result.pairs.filter((p) => p.outcome === 'unverified' || p.outcome === 'not-run');
  const matrix = matrixPart(result, best);
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
${clusterLine(opts.cluster)}
${headline(result, verdict)}
${counts(result)}
</header>
<main>
${fixFirst(result)}
${groupSummaries(result, best)}
${matrix.html}
${excludedList(result)}
${matrix.listed ? '' : pairTable(result, 'Failing pairs', 'failing', failing, best)}
${matrix.listed ? '' : pairTable(result, 'Not verified', 'gaps', gaps, best)}
${nodeTable(result)}
${settingsList(result)}
</main>
<footer>interconnect-test sweep report${opts.generatedAt ? `, generated ${escapeHtml(opts.generatedAt)}` : ''}. One self-contained file: no script, nothing loaded from elsewhere.</footer>
</body>
</html>
`;
}
