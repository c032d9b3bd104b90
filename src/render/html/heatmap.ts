import { formatDuration } from '../../core/duration.js';
import { BAND_WARN_FRACTION, type Band, type Reference } from '../../judge/sweep.js';
import type { NodeStatus, SweepPair, SweepResult } from '../../sweep/model.js';
import { escapeHtml, expectedText, linkKey, peakText } from './format.js';
import { shade } from './shade.js';

/**
 * The heatmap of the sweep HTML report: prefill rows by decode columns, a cell per
 * pair coloured by its band (judge/sweep.ts decides it), a native tooltip with
 * everything about the pair, and the legend beside it.
 */

const MARK: Record<Band, string> = { good: '', warn: '!', bad: '✕', none: '–' };

const STATUS_LABEL: Record<string, string> = {
  ok: '',
  culprit: 'culprit',
  suspect: 'suspect',
  outlier: 'outlier',
  unverified: 'unverified',
  excluded: 'excluded',
};

/** A node status as a class name part: a known one, or `other` (a status newer than this page). */
export function statusClass(status: string): string {
  return status in STATUS_LABEL ? status : 'other';
}

/** A cell's figure, short enough for a small cell: `44`, `3.7`. */
function short(n: number): string {
  return n >= 10 ? n.toFixed(0) : n.toFixed(1);
}

/** The native tooltip of a cell: everything about the pair, one fact a line. */
function pairTooltip(p: SweepPair, ref: Reference | null, mirror: boolean): string {
  const lines = [
    `${p.prefill} → ${p.decode} (prefill → decode)`,
    ...(mirror ? [`shown mirrored: this pair ran ${p.prefill} → ${p.decode} only`] : []),
    `outcome: ${p.outcome}${p.failure ? ` (${p.failure})` : ''}`,
    `peak: ${peakText(p, ref)}`,
    `expected: ${expectedText(p, ref)}`,
    `transport: ${p.transport ?? 'not known'}${p.engine ? ` · engine ${p.engine}` : ''}`,
    `round ${p.round + 1} · run ${p.runId}${p.durationMs > 0 ? ` · ${formatDuration(p.durationMs)}` : ''}`,
    `detail: ${p.detail}`,
    ...(p.fix ? [`fix: ${p.fix}`] : []),
  ];
  return lines.join('\n');
}

/** Cell size by node count, so 64 nodes fit a laptop screen (there the headers label only findings: an unverified node's label is in its title). */
function density(n: number): { cell: number; cls: string } {
  if (n <= 8) return { cell: 58, cls: 'roomy' };
  if (n <= 16) return { cell: 46, cls: 'normal' };
  if (n <= 24) return { cell: 34, cls: 'small' };
  if (n <= 40) return { cell: 22, cls: 'dense' };
  return { cell: 16, cls: 'dense' };
}

/** A node's label in the headers: its status, a new one (`outlier`) by its own name. */
export function statusBadge(status: NodeStatus | string): string {
  const label = STATUS_LABEL[status] ?? status;
  return label ? `<span class="badge st-${statusClass(status)}">${escapeHtml(label)}</span>` : '';
}

/**
 * Names as the matrix shows them: when every node shares one domain suffix
 * (`.cluster.local`, `.ec2.internal`) and the first labels are unique, the
 * suffix is dropped; the header's title keeps the full name.
 */
export function displayNames(names: readonly string[]): { short: Map<string, string>; suffix: string } {
  const same = new Map(names.map((n) => [n, n] as const));
  const dot = names[0]?.indexOf('.') ?? -1;
  if (names.length < 2 || dot <= 0) return { short: same, suffix: '' };
  const suffix = (names[0] as string).slice(dot);
  const firsts = names.map((n) => (n.endsWith(suffix) ? n.slice(0, -suffix.length) : undefined));
  if (firsts.some((f) => f === undefined || f === '' || f.includes('.'))) return { short: same, suffix: '' };
  if (new Set(firsts).size !== names.length) return { short: same, suffix: '' };
  return { short: new Map(names.map((n, i) => [n, firsts[i] as string] as const)), suffix };
}

/** The node × node grid over `nodes` (default every included node; a group's for big sweeps). */
export function heatmap(
  result: SweepResult,
  best: number | null,
  nodes: readonly string[] = result.matrix.nodes,
): string {
  const { cells } = result.matrix;
  const at = new Map(result.matrix.nodes.map((n, i) => [n, i] as const));
  const status = new Map(result.nodes.map((n) => [n.name, n] as const));
  const badLinks = new Set(result.culprits.links.map((l) => linkKey(l.a, l.b)));
  const mirrorable = result.settings.scheme !== 'role';
  const { cell, cls } = density(nodes.length);
  const pairAt = (ri: number, ci: number): SweepPair | undefined => {
    const idx = cells[at.get(nodes[ri] as string) ?? -1]?.[at.get(nodes[ci] as string) ?? -1];
    return idx === null || idx === undefined ? undefined : result.pairs[idx];
  };
  const { short: shown, suffix } = displayNames(nodes);

  const header = (name: string, axis: 'row' | 'col'): string => {
    const st = status.get(name)?.status ?? 'ok';
    const detail = status.get(name)?.detail;
    const title = `${name}: ${st}${detail ? ` — ${detail}` : ''}`;
    const tagAttrs = `data-status="${escapeHtml(st)}"`;
    const tag = axis === 'row' ? 'th scope="row"' : 'th scope="col"';
    return `<${tag} class="${axis} st-${statusClass(st)}" data-node="${escapeHtml(name)}" ${tagAttrs} title="${escapeHtml(title)}"><span class="hd"><span class="nm">${escapeHtml(shown.get(name) ?? name)}</span>${cls === 'dense' && st === 'unverified' ? '' : statusBadge(st)}</span></th>`;
  };

  const rows: string[] = [];
  rows.push(
    `<thead><tr><th class="corner" scope="col"><span class="axis">prefill ↓ · decode →</span></th>${nodes.map((n) => header(n, 'col')).join('')}</tr></thead>`,
  );
  const body: string[] = [];
  for (const [i, row] of nodes.entries()) {
    const tds: string[] = [];
    for (const [j, col] of nodes.entries()) {
      const pos = `data-row="${escapeHtml(row)}" data-col="${escapeHtml(col)}"`;
      let p = pairAt(i, j);
      let mirror = false;
      if (!p && mirrorable && i !== j) {
        p = pairAt(j, i);
        mirror = p !== undefined;
      }
      if (!p) {
        const what = i === j ? 'diag' : 'empty';
        const title =
          i === j ? `${row}: a node is not paired with itself` : `${row} → ${col}: no pair planned`;
        tds.push(`<td class="${what}" ${pos} title="${escapeHtml(title)}"></td>`);
        continue;
      }
      const { band, ref, style } = shade(p, best);
      const link = badLinks.has(linkKey(p.prefill, p.decode));
      const classes = ['c', `b-${band}`, ...(mirror ? ['mirror'] : []), ...(link ? ['badlink'] : [])];
      const num = p.peakGBps === null ? '' : short(p.peakGBps);
      const attrs = mirror
        ? `data-mirror-of="${p.index}"`
        : `data-pair="${p.index}" data-prefill="${escapeHtml(p.prefill)}" data-decode="${escapeHtml(p.decode)}" data-outcome="${p.outcome}" data-band="${band}"${p.peakGBps === null ? '' : ` data-gbps="${p.peakGBps}"`}`;
      const linkAttr = link ? ' data-culprit-link="true"' : '';
      tds.push(
        `<td class="${classes.join(' ')}"${style} ${pos} ${attrs}${linkAttr} tabindex="0" title="${escapeHtml(pairTooltip(p, ref, mirror))}"><span class="mk">${MARK[band]}</span><span class="num">${num}</span></td>`,
      );
    }
    body.push(`<tr>${header(row, 'row')}${tds.join('')}</tr>`);
  }
  rows.push(`<tbody>${body.join('')}</tbody>`);
  const note = suffix ? `<p class="note">Node names are shown without ${escapeHtml(suffix)}.</p>` : '';
  return `${note}<div class="scroll"><table class="heat ${cls}" style="--cell:${cell}px" aria-label="pair bandwidth, prefill rows by decode columns">${rows.join('')}</table></div>`;
}

export function legend(result: SweepResult): string {
  const minBw = result.settings.minBandwidthGBps;
  const warnShare = `${Math.round(BAND_WARN_FRACTION * 100)}%`;
  const good =
    minBw === null ? `trusted, ≥ ${warnShare} of line rate` : `trusted, ≥ --min-bandwidth ${minBw} GB/s`;
  const warn =
    minBw === null
      ? `unverified, or between the floor and ${warnShare} of line rate`
      : 'unverified (a warning)';
  const items: [string, string, string][] = [
    ['b-good', '', `${good}; darker the nearer line rate`],
    ['b-warn', '!', warn],
    ['b-bad', '✕', 'untrusted, or below the floor; darker the lower'],
    ['b-none', '–', 'not run'],
    ['empty', '', 'no pair'],
  ];
  if (result.settings.scheme !== 'role')
    items.push(['b-good mirror', '', 'the same pair, mirrored (ran the other way)']);
  if (result.culprits.links.length > 0) items.push(['b-bad badlink', '✕', 'a culprit link']);
  return `<ul class="legend" aria-label="legend">${items
    .map(
      ([c, m, t]) =>
        `<li><span class="sw c ${c}" aria-hidden="true"><span class="mk">${m}</span></span>${escapeHtml(t)}</li>`,
    )
    .join('')}</ul>`;
}
