import { formatDuration } from '../core/duration.js';
import { fmtGBps, fmtSize } from '../judge/bandwidth.js';
import { RDMA_WARN_FRACTION } from '../judge/expectations.js';
import type { NodeStatus, PairOutcome, SweepPair, SweepResult } from '../sweep/model.js';

/**
 * The `sweep` HTML report: ONE self-contained file a person opens from disk or
 * a CI artefact. Inline CSS only, no script, nothing fetched: a
 * Content-Security-Policy of `default-src 'none'` (plus inline styles) makes
 * the browser refuse any load that slipped in. Every string from the result is
 * escaped. references/sweep-html.md describes the layout.
 *
 * Cell colour = the worse of the pair's outcome and its bandwidth band against
 * the expected figure (line rate; else the judge's floor; else the best figure
 * measured in this sweep):
 *   good  ≥ the judge's warning share of line rate (60 %, pair/expected.ts)
 *   warn  between the floor and that share, or an unverified outcome
 *   bad   below the floor, or an untrusted outcome
 *   none  not run
 */

export interface HtmlOptions {
  /** The page title; default names the sweep's start. */
  title?: string;
  /** When the report was written (ISO 8601), shown in the footer. */
  generatedAt?: string;
}

export type Band = 'good' | 'warn' | 'bad' | 'none';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESC[c] ?? c);
}

/** What a pair's figure is measured against. */
export interface Reference {
  gbps: number;
  kind: 'line rate' | 'floor' | 'best measured';
}

/** The figure a pair's peak is compared with: its line rate, else its floor, else the sweep's best peak. */
export function referenceFor(pair: SweepPair, bestGBps: number | null): Reference | null {
  if (pair.lineGBps !== null) return { gbps: pair.lineGBps, kind: 'line rate' };
  if (pair.floorGBps !== null && pair.floorGBps > 0) return { gbps: pair.floorGBps, kind: 'floor' };
  if (bestGBps !== null && bestGBps > 0) return { gbps: bestGBps, kind: 'best measured' };
  return null;
}

const RANK: Record<Band, number> = { good: 0, warn: 1, bad: 2, none: 3 };
const worse = (a: Band, b: Band): Band => (RANK[a] >= RANK[b] ? a : b);

const OUTCOME_BAND: Record<PairOutcome, Band> = {
  trusted: 'good',
  unverified: 'warn',
  untrusted: 'bad',
  'not-run': 'none',
};

/**
 * The colour band of one pair. The warning share applies only where the judge
 * used one: a known line rate and no --min-bandwidth (pair/expected.ts).
 */
export function bandOf(pair: SweepPair, bestGBps: number | null, minBandwidth: number | null): Band {
  const outcome = OUTCOME_BAND[pair.outcome];
  if (pair.outcome === 'not-run' || pair.peakGBps === null) return outcome;
  const g = pair.peakGBps;
  let band: Band = 'good';
  if (pair.floorGBps !== null && g < pair.floorGBps) band = 'bad';
  else if (pair.lineGBps !== null && minBandwidth === null && g < pair.lineGBps * RDMA_WARN_FRACTION)
    band = 'warn';
  else if (
    pair.lineGBps === null &&
    pair.floorGBps === null &&
    bestGBps !== null &&
    g < bestGBps * RDMA_WARN_FRACTION
  )
    band = 'warn';
  return worse(band, outcome);
}

const MARK: Record<Band, string> = { good: '', warn: '!', bad: '✕', none: '–' };

const STATUS_LABEL: Record<NodeStatus, string> = {
  ok: '',
  culprit: 'culprit',
  suspect: 'suspect',
  unverified: 'unverified',
  excluded: 'excluded',
};

type Verdict = 'trusted' | 'unverified' | 'untrusted';

/** The sweep's standing as the page states it: untrusted on any failed pair, unverified on any gap. */
export function sweepVerdict(result: SweepResult): Verdict {
  if (result.pairs.some((p) => p.outcome === 'untrusted')) return 'untrusted';
  if (result.pairs.length === 0 || result.pairs.some((p) => p.outcome !== 'trusted')) return 'unverified';
  return 'trusted';
}

/** A threshold as given: `50`, `12.5`. */
function plain(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** A cell's figure, short enough for a small cell: `44`, `3.7`. */
function short(n: number): string {
  return n >= 10 ? n.toFixed(0) : n.toFixed(1);
}

function pct(g: number, ref: number): string {
  return `${Math.round((100 * g) / ref)}%`;
}

function expectedText(p: SweepPair, ref: Reference | null): string {
  const parts: string[] = [];
  if (p.lineGBps !== null) parts.push(`line rate ${plain(p.lineGBps)} GB/s`);
  if (p.floorGBps !== null) parts.push(`floor ${plain(p.floorGBps)} GB/s`);
  if (parts.length === 0 && ref) parts.push(`${fmtGBps(ref.gbps)} GB/s (${ref.kind} in this sweep)`);
  return parts.length > 0 ? parts.join(', ') : 'not known';
}

function peakText(p: SweepPair, ref: Reference | null): string {
  if (p.peakGBps === null) return 'not measured';
  const of = ref ? ` (${pct(p.peakGBps, ref.gbps)} of ${ref.kind})` : '';
  return `${fmtGBps(p.peakGBps)} GB/s${of}`;
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

/** Cell size by node count, so 64 nodes fit a laptop screen. */
function density(n: number): { cell: number; cls: string } {
  if (n <= 8) return { cell: 58, cls: 'roomy' };
  if (n <= 16) return { cell: 46, cls: 'normal' };
  if (n <= 24) return { cell: 34, cls: 'small' };
  if (n <= 40) return { cell: 22, cls: 'dense' };
  return { cell: 16, cls: 'dense' };
}

function statusBadge(status: NodeStatus): string {
  const label = STATUS_LABEL[status];
  return label ? `<span class="badge st-${status}">${label}</span>` : '';
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

function linkKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

function heatmap(result: SweepResult, best: number | null): string {
  const { nodes, cells } = result.matrix;
  const status = new Map(result.nodes.map((n) => [n.name, n] as const));
  const badLinks = new Set(result.culprits.links.map((l) => linkKey(l.a, l.b)));
  const mirrorable = result.settings.scheme !== 'role';
  const { cell, cls } = density(nodes.length);
  const pairAt = (i: number, j: number): SweepPair | undefined => {
    const idx = cells[i]?.[j];
    return idx === null || idx === undefined ? undefined : result.pairs[idx];
  };
  const minBw = result.settings.minBandwidthGBps;
  const { short: shown, suffix } = displayNames(nodes);

  const header = (name: string, axis: 'row' | 'col'): string => {
    const st = status.get(name)?.status ?? 'ok';
    const detail = status.get(name)?.detail;
    const title = `${name}: ${st}${detail ? ` — ${detail}` : ''}`;
    const tag = axis === 'row' ? 'th scope="row"' : 'th scope="col"';
    return `<${tag} class="${axis} st-${st}" data-node="${escapeHtml(name)}" data-status="${st}" title="${escapeHtml(title)}"><span class="hd"><span class="nm">${escapeHtml(shown.get(name) ?? name)}</span>${statusBadge(st)}</span></th>`;
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
      const ref = referenceFor(p, best);
      const band = bandOf(p, best, minBw);
      const link = badLinks.has(linkKey(p.prefill, p.decode));
      const classes = ['c', `b-${band}`, ...(mirror ? ['mirror'] : []), ...(link ? ['badlink'] : [])];
      const num = p.peakGBps === null ? '' : short(p.peakGBps);
      const attrs = mirror
        ? `data-mirror-of="${p.index}"`
        : `data-pair="${p.index}" data-prefill="${escapeHtml(p.prefill)}" data-decode="${escapeHtml(p.decode)}" data-outcome="${p.outcome}" data-band="${band}"${p.peakGBps === null ? '' : ` data-gbps="${p.peakGBps}"`}`;
      const linkAttr = link ? ' data-culprit-link="true"' : '';
      tds.push(
        `<td class="${classes.join(' ')}" ${pos} ${attrs}${linkAttr} title="${escapeHtml(pairTooltip(p, ref, mirror))}"><span class="mk">${MARK[band]}</span><span class="num">${num}</span></td>`,
      );
    }
    body.push(`<tr>${header(row, 'row')}${tds.join('')}</tr>`);
  }
  rows.push(`<tbody>${body.join('')}</tbody>`);
  const note = suffix ? `<p class="note">Node names are shown without ${escapeHtml(suffix)}.</p>` : '';
  return `${note}<div class="scroll"><table class="heat ${cls}" style="--cell:${cell}px" aria-label="pair bandwidth, prefill rows by decode columns">${rows.join('')}</table></div>`;
}

function legend(result: SweepResult): string {
  const minBw = result.settings.minBandwidthGBps;
  const warnShare = `${Math.round(RDMA_WARN_FRACTION * 100)}%`;
  const good =
    minBw === null ? `trusted, ≥ ${warnShare} of line rate` : `trusted, ≥ --min-bandwidth ${minBw} GB/s`;
  const warn =
    minBw === null
      ? `unverified, or between the floor and ${warnShare} of line rate`
      : 'unverified (a warning)';
  const items: [string, string, string][] = [
    ['b-good', '', good],
    ['b-warn', '!', warn],
    ['b-bad', '✕', 'untrusted, or below the floor'],
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

function fixFirst(result: SweepResult): string {
  const items: string[] = [];
  const fixOf = (pred: (p: SweepPair) => boolean) =>
    result.pairs.find((p) => p.outcome === 'untrusted' && p.fix && pred(p))?.fix;
  for (const c of result.culprits.nodes) {
    const fix = fixOf((p) => p.prefill === c.node || p.decode === c.node);
    items.push(
      `<li><b>Node ${escapeHtml(c.node)}</b>: take it out of service (cordon) and check its NICs and GPUDirect path. ${escapeHtml(c.detail)}${fix ? `<div class="fix">fix: ${escapeHtml(fix)}</div>` : ''}</li>`,
    );
  }
  for (const l of result.culprits.links) {
    const fix = fixOf((p) => linkKey(p.prefill, p.decode) === linkKey(l.a, l.b));
    items.push(
      `<li><b>Link ${escapeHtml(l.a)} ↔ ${escapeHtml(l.b)}</b>: ${escapeHtml(l.detail)}${fix ? `<div class="fix">fix: ${escapeHtml(fix)}</div>` : ''}</li>`,
    );
  }
  if (items.length === 0) {
    const failing = result.pairs.filter((p) => p.outcome === 'untrusted');
    const first = failing.find((p) => p.fix) ?? failing[0];
    if (first) {
      items.push(
        `<li>No single node or link explains the ${failing.length} failed pair${failing.length === 1 ? '' : 's'}; start with <b>${escapeHtml(first.prefill)} → ${escapeHtml(first.decode)}</b>: ${escapeHtml(first.detail)}${first.fix ? `<div class="fix">fix: ${escapeHtml(first.fix)}</div>` : ''}</li>`,
      );
    }
  }
  return items.length > 0 ? `<h3>What to fix first</h3><ol class="fixfirst">${items.join('')}</ol>` : '';
}

function headline(result: SweepResult, verdict: Verdict): string {
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
    text = `${failed} of ${result.pairs.length} pairs failed${named.length > 0 ? `: ${named.join('; ')}` : ''}`;
  } else if (verdict === 'unverified') {
    text =
      result.pairs.length === 0
        ? 'no pair was measured'
        : `no pair failed, but ${gaps} of ${result.pairs.length} ${gaps === 1 ? 'was' : 'were'} not verified`;
  } else {
    text = `all ${result.pairs.length} pairs trusted`;
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

function excludedList(result: SweepResult): string {
  const ex = result.nodes.filter((n) => n.status === 'excluded');
  if (ex.length === 0) return '';
  return `<section class="excluded"><h3>Excluded nodes</h3><p class="note">Could not take a probe pod; listed, never counted as failures.</p><ul>${ex
    .map(
      (n) =>
        `<li data-node="${escapeHtml(n.name)}"><b>${escapeHtml(n.name)}</b>: ${escapeHtml(n.detail)}</li>`,
    )
    .join('')}</ul></section>`;
}

/** Lists longer than this start folded (their count shows), so 64 nodes' report stays short. */
const LIST_OPEN = 12;

function pairTable(title: string, cls: string, pairs: SweepPair[], best: number | null): string {
  if (pairs.length === 0) return '';
  const rows = pairs.map((p) => {
    const ref = referenceFor(p, best);
    return `<tr data-pair="${p.index}"><td>${escapeHtml(p.prefill)} → ${escapeHtml(p.decode)}</td><td>${p.outcome}${p.failure ? ` <span class="muted">(${p.failure})</span>` : ''}</td><td class="r">${p.peakGBps === null ? '—' : `${fmtGBps(p.peakGBps)}`}</td><td>${escapeHtml(expectedText(p, ref))}</td><td>${escapeHtml(p.transport ?? '—')}</td><td>${escapeHtml(p.detail)}${p.fix ? `<div class="fix">fix: ${escapeHtml(p.fix)}</div>` : ''}</td></tr>`;
  });
  const open = pairs.length <= LIST_OPEN ? ' open' : '';
  return `<section class="${cls}"><details${open}><summary><h3>${title} (${pairs.length})</h3></summary><table class="list"><thead><tr><th>prefill → decode</th><th>outcome</th><th>peak GB/s</th><th>expected</th><th>transport</th><th>detail</th></tr></thead><tbody>${rows.join('')}</tbody></table></details></section>`;
}

function nodeTable(result: SweepResult): string {
  const rows = result.nodes
    .filter((n) => n.status !== 'excluded')
    .map(
      (n) =>
        `<tr data-node="${escapeHtml(n.name)}"><td>${escapeHtml(n.name)}</td><td>${n.status}</td><td class="r">${n.pairs.trusted}</td><td class="r">${n.pairs.unverified}</td><td class="r">${n.pairs.untrusted}</td><td class="r">${n.pairs.notRun}</td><td>${escapeHtml(n.detail)}</td></tr>`,
    );
  if (rows.length === 0) return '';
  return `<details class="nodes"><summary>Nodes (${rows.length})</summary><table class="list"><thead><tr><th>node</th><th>status</th><th>trusted</th><th>unverified</th><th>untrusted</th><th>not run</th><th>detail</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`;
}

function settingsList(result: SweepResult): string {
  const s = result.settings;
  const items: [string, string][] = [
    ['scheme', s.scheme],
    ['engine', s.engine],
    ['selection', s.selection],
    ['max parallel', String(s.maxParallel)],
    ['timeout', `${formatDuration(s.timeoutMs)} (sweep), ${formatDuration(s.pairTimeoutMs)} (each pair)`],
    ['min bandwidth', s.minBandwidthGBps === null ? 'from the line rate' : `${s.minBandwidthGBps} GB/s`],
    ['sizes', s.sizes && s.sizes.length > 0 ? s.sizes.map(fmtSize).join(', ') : "the engine's default"],
    ['started', result.startedAt],
    ['duration', formatDuration(result.durationMs)],
  ];
  return `<section class="settings"><h3>Settings</h3><dl>${items
    .map(([k, v]) => `<div><dt>${k}</dt><dd>${escapeHtml(v)}</dd></div>`)
    .join('')}</dl></section>`;
}

const CSS = `
:root{--good:#1a7f4b;--warn:#f2c14e;--bad:#c62828;--none:#b9bec4;--ink:#1d2228;--muted:#5b6570;--line:#d9dde2;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#fff}
body{margin:0;padding:16px 20px;font-size:14px;line-height:1.4}
h1{font-size:18px;margin:0 0 6px}h2{font-size:15px;margin:18px 0 6px}h3{font-size:14px;margin:14px 0 4px}
.headline{font-size:16px;margin:4px 0 8px;padding:8px 10px;border-left:6px solid var(--muted);background:#f5f6f8}
.headline.v-untrusted{border-color:var(--bad)}.headline.v-unverified{border-color:#b8860b}.headline.v-trusted{border-color:var(--good)}
.vd{font-weight:700;letter-spacing:.03em;margin-right:6px}.v-untrusted .vd{color:var(--bad)}.v-trusted .vd{color:var(--good)}.v-unverified .vd{color:#8a6400}
.counts,.legend{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 16px}
.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:4px;vertical-align:-1px}
.fixfirst{margin:4px 0;padding-left:22px}.fixfirst li{margin:3px 0}
.fix{color:var(--muted);font-size:12.5px}.muted,.note{color:var(--muted)}.note{margin:2px 0}
.wrap{display:flex;flex-wrap:wrap;gap:8px 32px;align-items:flex-start}
.scroll{overflow:auto;max-width:100%}
table.heat{border-collapse:separate;border-spacing:2px;font-variant-numeric:tabular-nums}
table.heat td{width:var(--cell);min-width:var(--cell);max-width:var(--cell);height:calc(var(--cell)*0.62);padding:0;text-align:center;font-size:12px;border-radius:3px;white-space:nowrap;overflow:hidden;position:relative}
table.heat.small td{font-size:10.5px}table.heat.dense td{height:var(--cell);font-size:10px}
table.heat.dense .num{display:none}
table.heat th{font-weight:500;font-size:12px;color:var(--ink)}
th.row{text-align:right;padding:0 6px 0 0;max-width:16em;white-space:nowrap}
th.row .hd{display:inline-flex;gap:4px;align-items:center;max-width:16em}
th.col{vertical-align:bottom;padding:0 0 4px;height:auto}
th.col .hd{writing-mode:vertical-rl;transform:rotate(180deg);display:inline-flex;gap:4px;align-items:center;max-height:14em;margin:0 auto}
.nm{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
th.row .nm{max-width:12em}th.col .nm{max-height:10em}
th.corner{font-size:11px;color:var(--muted);font-weight:400;text-align:left;vertical-align:bottom;padding:0 6px 4px 0}
.badge{font-size:10px;font-weight:700;padding:0 4px;border-radius:3px;text-transform:uppercase;letter-spacing:.02em;white-space:nowrap}
.badge.st-culprit{background:var(--bad);color:#fff}.badge.st-suspect{background:var(--warn);color:#3d2e00}
.badge.st-unverified{background:#e4e6e9;color:#3b434c}.badge.st-excluded{background:#e4e6e9;color:#3b434c}
th.st-culprit .nm{color:var(--bad);font-weight:700}
.c.b-good,.dot.b-good{background:var(--good);color:#fff}
.c.b-warn,.dot.b-warn{background:var(--warn);color:#3d2e00}
.c.b-bad,.dot.b-bad{background:var(--bad);color:#fff}
.c.b-bad{box-shadow:inset 0 0 0 2px #6d0d0d}
.c.b-none,.dot.b-none{background:var(--none) repeating-linear-gradient(135deg,transparent 0 3px,rgba(255,255,255,.45) 3px 5px);color:#2b3138}
.c.mirror{opacity:.45}
.c.badlink{outline:3px solid #111;outline-offset:-1px;z-index:1}
td.empty{background:#f3f4f6}td.diag{background:#e7e9ec}
.mk{font-weight:700}.mk:not(:empty)+.num:not(:empty){margin-left:2px}
table.heat td:hover{outline:2px solid #1f4fd1;outline-offset:-1px}
.legend li{display:flex;align-items:center;gap:6px;font-size:12.5px}
.legend .sw{display:inline-flex;align-items:center;justify-content:center;width:22px;height:16px;border-radius:3px;font-size:11px}
.legend .sw.empty{background:#f3f4f6;border:1px solid var(--line)}
table.list{border-collapse:collapse;font-size:12.5px;margin-top:4px}
table.list th,table.list td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
table.list th{font-weight:600;color:var(--muted)}td.r{text-align:right;font-variant-numeric:tabular-nums}
.settings dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:2px 16px;margin:4px 0}
.settings dl div{display:flex;gap:8px}.settings dt{color:var(--muted);min-width:7.5em;flex:none}.settings dd{margin:0;word-break:break-word}
.excluded ul{margin:4px 0;padding-left:20px}
details.nodes summary{cursor:pointer;font-weight:600;margin-top:12px}
section>details>summary{cursor:pointer}section>details>summary h3{display:inline}
footer{margin-top:18px;color:var(--muted);font-size:12px}
@media print{.scroll{overflow:visible}}
`;

/** The sweep as one self-contained HTML page (no script, nothing loaded). */
export function renderHtml(result: SweepResult, opts: HtmlOptions = {}): string {
  const peaks = result.pairs.map((p) => p.peakGBps).filter((g): g is number => g !== null);
  const best = peaks.length > 0 ? Math.max(...peaks) : null;
  const verdict = sweepVerdict(result);
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
<style>${CSS}</style>
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
