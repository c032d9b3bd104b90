import type { SweepResult } from '../../sweep/model.js';
import { linkName, regressionDetail, regressionFindings } from '../../sweep/regression.js';
import { escapeHtml } from './format.js';
import { cmd, nodeNamer } from './names.js';

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

/** A partner that passed with `node` (its own pair ran trusted), else any node that is ok: the re-check's other end. */
function goodPartner(result: SweepResult, node: string): string {
  const ok = new Set(result.nodes.filter((n) => n.status === 'ok').map((n) => n.name));
  const partnered = result.pairs.find(
    (p) => (p.prefill === node && ok.has(p.decode)) || (p.decode === node && ok.has(p.prefill)),
  );
  if (partnered) return partnered.prefill === node ? partnered.decode : partnered.prefill;
  return [...ok][0] ?? '<a node that passed>';
}

/** The re-check of one link, as a command to copy. */
const recheck = (a: string, b: string) =>
  cmd(`interconnect-test pair --prefill-node ${a} --decode-node ${b}`);

function culpritLists(result: SweepResult): string[] {
  const out: string[] = [];
  const nm = nodeNamer(result).html;
  // A culprit node's fix is its own (cordon it, re-check it against a node that passed), never
  // the first failed pair's, which may be about its partner.
  const nodes = result.culprits.nodes.map(
    (c) =>
      `<li data-node="${escapeHtml(c.node)}"><b>Node ${nm(c.node)}</b>: ${escapeHtml(c.detail)}<div class="do">Take it out of service: ${cmd(`kubectl cordon ${c.node}`)}; check its NICs and GPUDirect: ${cmd(`interconnect-test node ${c.node}`)}; then re-check it: ${recheck(c.node, goodPartner(result, c.node))}</div></li>`,
  );
  if (nodes.length > 0) out.push(`<h3>Bad nodes (${nodes.length})</h3>${list(nodes, 'nodes')}`);
  const links = result.culprits.links.map(
    (l) =>
      `<li data-link="${escapeHtml(`${l.a} ${l.b}`)}"><b>Link ${nm(l.a)} ↔ ${nm(l.b)}</b>: ${escapeHtml(l.detail)}<div class="do">Check both ports, the cables and the switch ports, then re-check it: ${recheck(l.a, l.b)}</div></li>`,
  );
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
            `<li data-node="${escapeHtml(n.name)}"><b>${nodeNamer(result).html(n.name)}</b>: ${escapeHtml(n.detail)}</li>`,
        ),
        'status',
      )}`,
  );
}

/** Pairs that could not remove what they created: the `gc --run` that does. */
function leftovers(result: SweepResult): string[] {
  const left = result.pairs.filter((p) =>
    p.checks.some((c) => c.id === 'pair.cleanup' && (c.status === 'warn' || c.status === 'fail')),
  );
  if (left.length === 0) return [];
  const nm = nodeNamer(result).html;
  const items = left.map(
    (p) =>
      `<li data-run="${escapeHtml(p.runId)}"><b>${nm(p.prefill)} → ${nm(p.decode)}</b> left objects behind${p.namespace ? ` in ${escapeHtml(p.namespace)}` : ''}: ${cmd(`interconnect-test gc --run ${p.runId}`)}</li>`,
  );
  return [`<h3>Leftovers (${items.length})</h3>${list(items, 'leftovers')}`];
}

function regressions(result: SweepResult): string[] {
  const r = result.regressions;
  if (!r) return [];
  const found = regressionFindings(r);
  const items = [
    ...found.nodes.map(
      (n) =>
        `<li data-node="${escapeHtml(n.node)}"><b>Node ${nodeNamer(result).html(n.node)}</b>: ${escapeHtml(regressionDetail(n, r))}</li>`,
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
  const parts = [
    ...culpritLists(result),
    ...otherStatuses(result),
    ...regressions(result),
    ...leftovers(result),
  ];
  const acted = parts.length > 0 && (result.culprits.nodes.length > 0 || result.culprits.links.length > 0);
  if (!acted) {
    const failing = result.pairs.filter((p) => p.outcome === 'untrusted');
    const first = failing.find((p) => p.fix) ?? failing[0];
    if (first) {
      parts.unshift(
        `<ol class="fixfirst"><li>No single node or link explains the ${failing.length} failed pair${failing.length === 1 ? '' : 's'}; start with <b>${nodeNamer(result).html(first.prefill)} → ${nodeNamer(result).html(first.decode)}</b>: ${escapeHtml(first.detail)}${fixDiv(first.fix)}<div class="do">Re-check it: ${recheck(first.prefill, first.decode)}</div></li></ol>`,
      );
    }
  }
  return parts.length > 0 ? `<section class="fix"><h2>What to fix</h2>${parts.join('')}</section>` : '';
}
