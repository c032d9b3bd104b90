import { median } from '../../core/stats.js';
import { BAND_WARN_FRACTION, type Band } from '../../judge/sweep.js';
import type { NodeTopology, SweepPair, SweepResult } from '../../sweep/model.js';
import { escapeHtml } from './format.js';
import { shade, shadeOf, shareText } from './shade.js';

/**
 * Per-group summaries of the sweep HTML report: the nodes grouped by zone, rack and NVLink
 * clique (result.topology, from their labels), a table per dimension, and a group × group
 * view whose cell holds every pair between the two groups (the diagonal: pairs inside one).
 * A fault on one leaf or between two zones shows as one row, or one cell, at any size.
 */

export const DIMENSIONS: { key: keyof NodeTopology; label: string }[] = [
  { key: 'zone', label: 'zone' },
  { key: 'rack', label: 'rack (leaf)' },
  { key: 'clique', label: 'NVLink clique' },
];
const NONE = '(no label)';
/** More groups than this get the table only: a grid of 48 × 48 is as far as it reads. */
const GRID_MAX = 48;
const RANK: Record<Band, number> = { good: 0, warn: 1, bad: 2, none: -1 };

/** Group → its nodes, in matrix order, for one dimension; undefined when the nodes do not split. */
export function groupsOf(result: SweepResult, key: keyof NodeTopology): Map<string, string[]> | undefined {
  const t = result.topology;
  if (!t) return undefined;
  const out = new Map<string, string[]>();
  for (const n of result.matrix.nodes) {
    const g = t[n]?.[key] ?? NONE;
    const list = out.get(g);
    if (list) list.push(n);
    else out.set(g, [n]);
  }
  if (out.size < 2) return undefined;
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
}

interface Tally {
  pairs: SweepPair[];
  measured: number;
  failed: number;
  /** The worst band of all its pairs. */
  worst: Band;
  shares: number[];
}

function tally(pairs: SweepPair[], best: number | null): Tally {
  let worst: Band = 'none';
  const shares: number[] = [];
  let measured = 0;
  let failed = 0;
  for (const p of pairs) {
    const s = shade(p, best);
    if (p.outcome !== 'not-run') measured++;
    if (p.outcome === 'untrusted') failed++;
    if (RANK[s.band] > RANK[worst]) worst = s.band;
    if (s.share !== null) shares.push(s.share);
  }
  return { pairs, measured, failed, worst, shares };
}

function summaryRow(
  group: string,
  nodes: string[],
  status: Map<string, string>,
  inside: Tally,
  across: Tally,
): string {
  const culprits = nodes.filter((n) => status.get(n) === 'culprit').length;
  const other = nodes.filter((n) => !['ok', 'culprit', undefined].includes(status.get(n))).length;
  // Colours follow failures: a group with a failed pair is shaded failed (deeper the larger its
  // failed share), never as its passing pairs' median; the median is still written in it.
  const cell = (t: Tally) => {
    const m = median(t.shares) ?? null;
    const band: Band = t.failed > 0 ? 'bad' : m === null ? 'none' : t.worst;
    const style = t.failed > 0 ? shadeOf('bad', 1 - t.failed / Math.max(1, t.measured)) : shadeOf(band, m);
    return `<td class="r">${t.measured}</td><td class="r${t.failed ? ' bad' : ''}">${t.failed}</td><td class="c b-${band}"${style} data-band="${band}">${t.failed > 0 ? '✕ ' : ''}${m === null ? '—' : shareText(m)}</td>`;
  };
  const failing = culprits > 0 || inside.failed > 0 || across.failed > 0;
  return `<tr data-group="${escapeHtml(group)}"${failing ? ' class="failing"' : ''}><th scope="row">${escapeHtml(group)}</th><td class="r">${nodes.length}</td><td class="r${culprits ? ' bad' : ''}">${culprits}</td><td class="r">${other}</td>${cell(inside)}${cell(across)}</tr>`;
}

function grid(groups: [string, string[]][], between: (a: number, b: number) => Tally): string {
  const head = `<tr><th class="corner" scope="col"></th>${groups.map(([g]) => `<th scope="col" class="col" title="${escapeHtml(g)}"><span class="hd"><span class="nm">${escapeHtml(g)}</span></span></th>`).join('')}</tr>`;
  const rows = groups.map(([g, nodes], i) => {
    const tds = groups.map(([h, other], j) => {
      const t = between(i, j);
      const pos = `data-row="${escapeHtml(g)}" data-col="${escapeHtml(h)}"`;
      if (t.pairs.length === 0)
        return `<td class="empty" ${pos} title="${escapeHtml(`${g} × ${h}: no pair planned`)}"></td>`;
      const m = median(t.shares) ?? null;
      const band: Band = t.measured === 0 ? 'none' : t.failed > 0 ? 'bad' : t.worst;
      const title = [
        `${g} × ${h}${i === j ? ' (inside the group)' : ''}: ${t.pairs.length} pairs (${nodes.length} × ${other.length} nodes)`,
        `measured ${t.measured}, failed ${t.failed}`,
        `median ${m === null ? 'not known' : `${shareText(m)} of the expected figure`}`,
      ].join('\n');
      const mark = t.failed > 0 ? `${t.failed}✕` : '';
      return `<td class="c b-${band}"${t.failed > 0 ? shadeOf('bad', 1 - t.failed / t.pairs.length) : shadeOf(band, m)} ${pos} data-pairs="${t.pairs.length}" data-failed="${t.failed}" tabindex="0" title="${escapeHtml(title)}"><span class="mk">${mark}</span><span class="num">${t.failed > 0 ? '' : shareText(m)}</span></td>`;
    });
    return `<tr><th scope="row" class="row" title="${escapeHtml(g)}"><span class="hd"><span class="nm">${escapeHtml(g)}</span></span></th>${tds.join('')}</tr>`;
  });
  const n = groups.length;
  const cell = n <= 8 ? 58 : n <= 16 ? 40 : n <= 24 ? 30 : 20;
  return `<div class="scroll"><table class="heat groupgrid${n > 16 ? ' dense' : ''}" style="--cell:${cell}px" aria-label="group by group">${head}${rows.join('')}</table></div>`;
}

/**
 * The groups, the worst first: most bad nodes, then most failed pairs they are in, then most
 * pairs short of trusted; their name (numeric order) last. The table and the grid share it.
 */
export function worstFirst(result: SweepResult, groups: Map<string, string[]>): [string, string[]][] {
  const status = new Map(result.nodes.map((n) => [n.name, n.status as string] as const));
  const score = new Map<string, [number, number, number]>();
  for (const [g, nodes] of groups) {
    const set = new Set(nodes);
    const mine = result.pairs.filter((p) => set.has(p.prefill) || set.has(p.decode));
    score.set(g, [
      nodes.filter((n) => status.get(n) === 'culprit').length,
      mine.filter((p) => p.outcome === 'untrusted').length,
      mine.filter((p) => p.outcome !== 'trusted').length,
    ]);
  }
  return [...groups].sort(([a], [b]) => {
    const [xa, xb, xc] = score.get(a) ?? [0, 0, 0];
    const [ya, yb, yc] = score.get(b) ?? [0, 0, 0];
    return ya - xa || yb - xb || yc - xc || a.localeCompare(b, 'en', { numeric: true });
  });
}

/** One dimension's table and group × group view. */
function dimension(
  result: SweepResult,
  best: number | null,
  label: string,
  groups: Map<string, string[]>,
): string {
  const list = worstFirst(result, groups);
  const groupOf = new Map<string, number>();
  list.forEach(([, nodes], i) => {
    for (const n of nodes) groupOf.set(n, i);
  });
  const cells = new Map<string, SweepPair[]>();
  const key = (a: number, b: number) => (a <= b ? `${a},${b}` : `${b},${a}`);
  for (const p of result.pairs) {
    const a = groupOf.get(p.prefill);
    const b = groupOf.get(p.decode);
    if (a === undefined || b === undefined) continue;
    const k = key(a, b);
    const list = cells.get(k);
    if (list) list.push(p);
    else cells.set(k, [p]);
  }
  const tallies = new Map<string, Tally>();
  const between = (a: number, b: number): Tally => {
    const k = key(a, b);
    let t = tallies.get(k);
    if (!t) {
      t = tally(cells.get(k) ?? [], best);
      tallies.set(k, t);
    }
    return t;
  };
  const status = new Map(result.nodes.map((n) => [n.name, n.status as string] as const));
  const rows = list.map(([g, nodes], i) => {
    const across = list.flatMap((_, j) => (j === i ? [] : between(i, j).pairs));
    return summaryRow(g, nodes, status, between(i, i), tally(across, best));
  });
  const table = `<div class="scroll"><table class="list groups"><thead><tr><th>${escapeHtml(label)}</th><th>nodes</th><th>bad nodes</th><th>unverified or other</th><th>pairs inside</th><th>failed</th><th>median</th><th>pairs to other groups</th><th>failed</th><th>median</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
  const view =
    list.length <= GRID_MAX
      ? grid(list, between)
      : `<p class="note">${list.length} groups: too many for a group × group view; the table above has each.</p>`;
  return `<section class="group-dim" data-dimension="${escapeHtml(label)}"><h3>By ${escapeHtml(label)} (${list.length} groups)</h3>${table}${view}</section>`;
}

/** Every dimension the nodes split along, or a note saying they carry no topology labels. */
export function groupSummaries(result: SweepResult, best: number | null): string {
  const parts = DIMENSIONS.flatMap(({ key, label }) => {
    const groups = groupsOf(result, key);
    return groups && groups.size >= 2 ? [dimension(result, best, label, groups)] : [];
  });
  if (parts.length === 0) {
    return result.matrix.nodes.length > 16
      ? '<section class="groups"><h2>Groups</h2><p class="note">The nodes carry no zone, rack or clique labels (topology.kubernetes.io/zone, network.topology.nvidia.com/leaf, nvidia.com/gpu.clique): no groups to summarise.</p></section>'
      : '';
  }
  const median = `median: the median share of the expected figure (line rate) over the pairs; green from ${Math.round(BAND_WARN_FRACTION * 100)}%`;
  return `<section class="groups"><h2>Groups</h2><p class="note">Pairs inside each group and to the other groups; in the group × group view a cell holds every pair between two groups (${escapeHtml(median)}; ✕: failed pairs in it).</p>${parts.join('')}</section>`;
}
