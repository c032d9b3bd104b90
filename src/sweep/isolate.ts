import { vouches } from '../judge/sweep.js';
import type { Culprits, SweepNode, SweepPair } from './model.js';

/**
 * Culprit isolation over a sweep's pairs. Pure.
 *
 * A pair is `bad` when it ran and failed on the fabric (too slow, TCP, broken mid
 * transfer), `measured` when it ran (bad, trusted or unverified), and it vouches
 * for its nodes only when it passed its bar (judge/sweep.ts `vouches`): a warning is never a pass.
 * Pairs that could not be scheduled or set up say nothing about the fabric and
 * are left out of the reasoning (they are reported as such).
 *
 * - A node is the **culprit** when all of its measured pairs are bad and at least
 *   one of those partners passed with another node: the common end is to blame.
 * - A bad pair that no culprit explains is a **bad link**: both of its nodes passed
 *   elsewhere, or there is not enough evidence to pick one end (then the detail says so).
 */

const bad = (p: SweepPair) => p.outcome === 'untrusted' && p.failure === 'fabric';
const measured = (p: SweepPair) => p.outcome === 'trusted' || p.outcome === 'unverified';
const good = (p: SweepPair) => vouches(p);

function partner(p: SweepPair, node: string): string {
  return p.prefill === node ? p.decode : p.prefill;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

export interface Isolation {
  nodes: SweepNode[];
  culprits: Culprits;
}

/**
 * `included`: the nodes that took part, in matrix order; `excluded`: left out, with why.
 */
export function isolate(
  included: readonly string[],
  excluded: readonly { node: string; reason: string }[],
  pairs: readonly SweepPair[],
): Isolation {
  const of = (node: string) => pairs.filter((p) => p.prefill === node || p.decode === node);
  const passedElsewhere = (node: string, except: string) =>
    of(node).some((p) => good(p) && partner(p, node) !== except);

  const culprit = new Map<string, string>();
  for (const node of included) {
    const mine = of(node).filter((p) => bad(p) || measured(p));
    const failed = mine.filter(bad);
    if (failed.length === 0 || failed.length < mine.length) continue;
    const vouched = failed.filter((p) => passedElsewhere(partner(p, node), node)).length;
    if (vouched === 0) continue;
    culprit.set(
      node,
      `failed all ${plural(failed.length, 'pair')} it ran, while ${vouched === failed.length ? (failed.length === 1 ? 'its partner' : 'every partner') : `${vouched} of its ${failed.length} partners`} passed with other nodes`,
    );
  }

  const links: Culprits['links'] = [];
  for (const p of pairs.filter(bad)) {
    if (culprit.has(p.prefill) || culprit.has(p.decode)) continue;
    const a = passedElsewhere(p.prefill, p.decode);
    const b = passedElsewhere(p.decode, p.prefill);
    const why =
      a && b
        ? 'failed while both nodes passed with other partners'
        : a || b
          ? `failed; ${a ? p.prefill : p.decode} passed with other partners, ${a ? p.decode : p.prefill} ran no passing pair to compare`
          : 'failed, and neither node ran a passing pair to compare: either end may be at fault';
    links.push({ a: p.prefill, b: p.decode, detail: `${p.prefill} → ${p.decode} ${why}: ${p.detail}` });
  }

  const nodes: SweepNode[] = included.map((name) => {
    const mine = of(name);
    const counts = {
      trusted: mine.filter((p) => p.outcome === 'trusted').length,
      unverified: mine.filter((p) => p.outcome === 'unverified').length,
      untrusted: mine.filter((p) => p.outcome === 'untrusted').length,
      notRun: mine.filter((p) => p.outcome === 'not-run').length,
    };
    const blame = culprit.get(name);
    if (blame) return { name, status: 'culprit', detail: blame, pairs: counts };
    // Failures a culprit explains say nothing against this node.
    const failed = mine.filter((p) => p.outcome === 'untrusted' && !culprit.has(partner(p, name)));
    const explained = mine.filter((p) => p.outcome === 'untrusted' && culprit.has(partner(p, name)));
    if (failed.length > 0) {
      return {
        name,
        status: 'suspect',
        detail: `${plural(failed.length, 'pair')} of ${mine.length} failed (${failed.map((p) => `${p.prefill} → ${p.decode}`).join(', ')})`,
        pairs: counts,
      };
    }
    if (mine.length === 0 || counts.notRun > 0 || counts.unverified > 0) {
      return {
        name,
        status: 'unverified',
        detail:
          mine.length === 0
            ? 'in no pair'
            : `${counts.trusted} of ${plural(mine.length, 'pair')} trusted; ${counts.unverified} unverified, ${counts.notRun} not run`,
        pairs: counts,
      };
    }
    return {
      name,
      status: 'ok',
      detail: explained.length
        ? `${counts.trusted} of ${plural(mine.length, 'pair')} trusted; the other failed with culprit ${[...new Set(explained.map((p) => partner(p, name)))].join(', ')}`
        : `all ${plural(mine.length, 'pair')} trusted`,
      pairs: counts,
    };
  });
  for (const x of excluded) {
    nodes.push({
      name: x.node,
      status: 'excluded',
      detail: x.reason,
      pairs: { trusted: 0, unverified: 0, untrusted: 0, notRun: 0 },
    });
  }
  return {
    nodes,
    culprits: { nodes: [...culprit].map(([node, detail]) => ({ node, detail })), links },
  };
}
