import { formatDuration } from '../../core/duration.js';
import { formatBytes } from '../../core/size.js';
import { fmtGBps } from '../../judge/bandwidth.js';
import { referenceFor } from '../../judge/sweep.js';
import type { SweepPair, SweepResult } from '../../sweep/model.js';
import { escapeHtml, expectedText } from './format.js';
import { nodeNamer } from './names.js';

/** The lists of the sweep HTML report: excluded nodes, failing and unverified pairs, nodes, settings. */

export function excludedList(result: SweepResult): string {
  const ex = result.nodes.filter((n) => n.status === 'excluded');
  if (ex.length === 0) return '';
  return `<section class="excluded"><h3>Excluded nodes</h3><p class="note">Could not take a probe pod; listed, never counted as failures.</p><ul>${ex
    .map(
      (n) =>
        `<li data-node="${escapeHtml(n.name)}"><b>${nodeNamer(result).html(n.name)}</b>: ${escapeHtml(n.detail)}</li>`,
    )
    .join('')}</ul></section>`;
}

/** Lists longer than this start folded (their count shows), so 64 nodes' report stays short. */
const LIST_OPEN = 12;

export function pairTable(
  result: SweepResult,
  title: string,
  cls: string,
  pairs: SweepPair[],
  best: number | null,
): string {
  if (pairs.length === 0) return '';
  const nm = nodeNamer(result).html;
  const rows = pairs.map((p) => {
    const ref = referenceFor(p, best);
    return `<tr data-pair="${p.index}"><td>${nm(p.prefill)} → ${nm(p.decode)}</td><td>${p.outcome}${p.failure ? ` <span class="muted">(${p.failure})</span>` : ''}</td><td class="r">${p.peakGBps === null ? '—' : `${fmtGBps(p.peakGBps)}`}</td><td>${escapeHtml(expectedText(p, ref))}</td><td>${escapeHtml(p.transport ?? '—')}</td><td>${escapeHtml(p.detail)}${p.fix ? `<div class="fix">fix: ${escapeHtml(p.fix)}</div>` : ''}</td></tr>`;
  });
  const open = pairs.length <= LIST_OPEN ? ' open' : '';
  return `<section class="${cls}"><details${open}><summary><h3>${title} (${pairs.length})</h3></summary><div class="scroll"><table class="list"><thead><tr><th>prefill → decode</th><th>outcome</th><th>peak GB/s</th><th>expected</th><th>transport</th><th>detail</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></details></section>`;
}

export function nodeTable(result: SweepResult): string {
  const rows = result.nodes
    .filter((n) => n.status !== 'excluded')
    .map(
      (n) =>
        `<tr data-node="${escapeHtml(n.name)}"><td>${nodeNamer(result).html(n.name)}</td><td>${n.status}</td><td class="r">${n.pairs.trusted}</td><td class="r">${n.pairs.unverified}</td><td class="r">${n.pairs.untrusted}</td><td class="r">${n.pairs.notRun}</td><td>${escapeHtml(n.detail)}</td></tr>`,
    );
  if (rows.length === 0) return '';
  return `<details class="nodes"><summary>Nodes (${rows.length})</summary><div class="scroll"><table class="list"><thead><tr><th>node</th><th>status</th><th>trusted</th><th>unverified</th><th>untrusted</th><th>not run</th><th>detail</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></details>`;
}

export function settingsList(result: SweepResult): string {
  const s = result.settings;
  const items: [string, string][] = [
    ['scheme', s.scheme],
    ['engine', s.engine],
    ['selection', s.selection],
    ['max parallel', String(s.maxParallel)],
    ['timeout', `${formatDuration(s.timeoutMs)} (sweep), ${formatDuration(s.pairTimeoutMs)} (each pair)`],
    ['min bandwidth', s.minBandwidthGBps === null ? 'from the line rate' : `${s.minBandwidthGBps} GB/s`],
    [
      'sizes',
      s.sizes && s.sizes.length > 0 ? s.sizes.map((n) => formatBytes(n)).join(', ') : "the engine's default",
    ],
    ['started', result.startedAt],
    ['duration', formatDuration(result.durationMs)],
  ];
  return `<section class="settings"><h3>Settings</h3><dl>${items
    .map(([k, v]) => `<div><dt>${k}</dt><dd>${escapeHtml(v)}</dd></div>`)
    .join('')}</dl></section>`;
}
