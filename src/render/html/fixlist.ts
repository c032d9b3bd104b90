import type { SweepPair, SweepResult } from '../../sweep/model.js';
import { linkName, regressionDetail, regressionFindings } from '../../sweep/regression.js';
import { escapeHtml, linkKey } from './format.js';

/**
 * "What to fix", the page's lead: bad nodes, bad links, infrastructure faults, outliers and
 * regressions, each a short list (the first FIX_SHOWN open, the rest folded), so that at
 * 1,000 nodes the page still opens on what a person acts on. Kinds of finding newer than
 * this page (a culprit kind, a node status) are listed under their own names.
 */

const FIX_SHOWN = 20;
const KNOWN_STATUS = new Set(['ok', 'culprit', 'suspect', 'unverified', 'excluded']);

function list(items: string[], cls: string): string {
  const open = items.slice(0, FIX_SHOWN).join('');
  const rest = items.slice(FIX_SHOWN);
  const more =
    rest.length > 0
      ? `<li class="more"><details><summary>${rest.length} more</summary><ol>${rest.join('')}</ol></details></li>`
      : '';
  return `<ol class="fixfirst ${cls}">${open}${more}</ol>`;
}

const fixDiv = (fix: string | undefined) => (fix ? `<div class="fix">fix: ${escapeHtml(fix)}</div>` : '');

/** A finding of a kind this page does not know: its detail, and any names it carries. */
function genericItem(x: unknown): string {
  if (typeof x !== 'object' || x === null) return `<li>${escapeHtml(String(x))}</li>`;
  const o = x as Record<string, unknown>;
  const names = Object.entries(o)
    .filter(([k, v]) => k !== 'detail' && k !== 'fix' && (typeof v === 'string' || Array.isArray(v)))
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : v}`);
  const detail = typeof o.detail === 'string' ? o.detail : '';
  return `<li><b>${escapeHtml(names.join(' · '))}</b>${detail ? `: ${escapeHtml(detail)}` : ''}${fixDiv(typeof o.fix === 'string' ? o.fix : undefined)}</li>`;
}

function title(key: string): string {
  if (/infra/i.test(key)) return 'Infrastructure faults';
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function culpritLists(result: SweepResult): string[] {
  const out: string[] = [];
  const fixOf = (pred: (p: SweepPair) => boolean) =>
    result.pairs.find((p) => p.outcome === 'untrusted' && p.fix && pred(p))?.fix;
  const nodes = result.culprits.nodes.map((c) => {
    const fix = fixOf((p) => p.prefill === c.node || p.decode === c.node);
    return `<li data-node="${escapeHtml(c.node)}"><b>Node ${escapeHtml(c.node)}</b>: take it out of service (cordon) and check its NICs and GPUDirect path. ${escapeHtml(c.detail)}${fixDiv(fix)}</li>`;
  });
  if (nodes.length > 0) out.push(`<h3>Bad nodes (${nodes.length})</h3>${list(nodes, 'nodes')}`);
  const links = result.culprits.links.map((l) => {
    const fix = fixOf((p) => linkKey(p.prefill, p.decode) === linkKey(l.a, l.b));
    return `<li><b>Link ${escapeHtml(l.a)} ↔ ${escapeHtml(l.b)}</b>: ${escapeHtml(l.detail)}${fixDiv(fix)}</li>`;
  });
  if (links.length > 0) out.push(`<h3>Bad links (${links.length})</h3>${list(links, 'links')}`);
  // An infrastructure fault: the fabric between two groups (zones, racks, cliques), not a node.
  const infra = (result.culprits.infra ?? []).map(
    (f) =>
      `<li><b>Between ${escapeHtml(f.label)} ${escapeHtml(f.a)} and ${escapeHtml(f.b)}</b>: ${escapeHtml(f.detail)} (${f.links.length} failing pair${f.links.length === 1 ? '' : 's'}: ${escapeHtml(
        f.links
          .slice(0, 8)
          .map(([a, b]) => `${a} ↔ ${b}`)
          .join(', '),
      )}${f.links.length > 8 ? ', …' : ''})</li>`,
  );
  if (infra.length > 0) out.push(`<h3>Infrastructure faults (${infra.length})</h3>${list(infra, 'infra')}`);
  // Culprit kinds beyond these (outliers, what --scheme auto left undecided, …).
  for (const [key, value] of Object.entries(result.culprits as Record<string, unknown>)) {
    if (['nodes', 'links', 'infra'].includes(key) || !Array.isArray(value) || value.length === 0) continue;
    out.push(`<h3>${escapeHtml(title(key))} (${value.length})</h3>${list(value.map(genericItem), 'other')}`);
  }
  return out;
}

/** Nodes whose status this page has no section for (an `outlier`, …), by status. */
function otherStatuses(result: SweepResult): string[] {
  const by = new Map<string, SweepResult['nodes']>();
  for (const n of result.nodes) {
    if (KNOWN_STATUS.has(n.status)) continue;
    by.set(n.status, [...(by.get(n.status) ?? []), n]);
  }
  return [...by].map(
    ([status, nodes]) =>
      `<h3>${escapeHtml(title(status))} nodes (${nodes.length})</h3>${list(
        nodes.map(
          (n) =>
            `<li data-node="${escapeHtml(n.name)}"><b>${escapeHtml(n.name)}</b>: ${escapeHtml(n.detail)}</li>`,
        ),
        'status',
      )}`,
  );
}

function regressions(result: SweepResult): string[] {
  const r = result.regressions;
  if (!r) return [];
  const found = regressionFindings(r);
  const items = [
    ...found.nodes.map(
      (n) =>
        `<li data-node="${escapeHtml(n.node)}"><b>Node ${escapeHtml(n.node)}</b>: ${escapeHtml(regressionDetail(n, r))}</li>`,
    ),
    ...found.links.map(
      (l) => `<li><b>Link ${escapeHtml(linkName(l))}</b>: ${escapeHtml(regressionDetail(l, r))}</li>`,
    ),
  ];
  const compared = r.links.filter((l) => l.rail === null).length;
  const head = `<h3>Regressions against ${escapeHtml(r.baseline.startedAt)} (${items.length})</h3>`;
  if (items.length === 0)
    return [
      `${head}<p class="note">${compared} links compared with ${escapeHtml(r.baseline.source)}: none fell more than ${Math.round(r.fraction * 100)}%.</p>`,
    ];
  return [`${head}${list(items, 'regressions')}`];
}

/** The lead section: everything to act on, or the first failed pair when no one thing explains the failures. */
export function fixFirst(result: SweepResult): string {
  const parts = [...culpritLists(result), ...otherStatuses(result), ...regressions(result)];
  const acted = parts.length > 0 && (result.culprits.nodes.length > 0 || result.culprits.links.length > 0);
  if (!acted) {
    const failing = result.pairs.filter((p) => p.outcome === 'untrusted');
    const first = failing.find((p) => p.fix) ?? failing[0];
    if (first) {
      parts.unshift(
        `<ol class="fixfirst"><li>No single node or link explains the ${failing.length} failed pair${failing.length === 1 ? '' : 's'}; start with <b>${escapeHtml(first.prefill)} → ${escapeHtml(first.decode)}</b>: ${escapeHtml(first.detail)}${fixDiv(first.fix)}</li></ol>`,
      );
    }
  }
  return parts.length > 0 ? `<section class="fix"><h2>What to fix</h2>${parts.join('')}</section>` : '';
}
