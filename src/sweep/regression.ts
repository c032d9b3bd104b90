import { type Check, check } from '../core/model.js';
import { median } from '../core/stats.js';
import { plural } from '../core/verdict.js';
import { dropOf, hasRegressed, nodeRegressed } from '../judge/regression.js';
import type { LinkRegression, NodeRegression, Regressions, SweepPair, SweepResult } from './model.js';

/**
 * This sweep against an earlier one (`--baseline`): every link measured in both (a
 * pair's peak, and each of its rails by GPU UUID and NIC), whether it fell by more than the
 * fraction (judge/regression.ts), and every node over its links. Pure.
 *
 * A link is its two nodes whichever way it ran: a ring or all-pairs sweep may
 * run a ↔ b as a → b one night and b → a the next. When a plan holds a link twice,
 * its better figure stands for it. Pairs that measured nothing are not compared.
 */

type Figures = Map<string, { a: string; b: string; rail: number | null; gbps: number }>;

/**
 * A rail's identity across runs: its GPUs by UUID with their NICs, both ends sorted (a link may
 * run either way); the pod's GPU index only when a run did not say the UUIDs (older results):
 * the index follows the device plugin's allocation, so two runs' "rail 3" can be different GPUs.
 */
function railId(r: NonNullable<SweepPair['rails']>[number]): string {
  if (!r.gpuUuid || !r.peerGpuUuid) return `#${r.gpu}`;
  return [`${r.gpuUuid}/${r.nic ?? ''}`, `${r.peerGpuUuid}/${r.peerNic ?? ''}`].sort().join('+');
}

function ends(p: SweepPair): [string, string] {
  return p.prefill < p.decode ? [p.prefill, p.decode] : [p.decode, p.prefill];
}

function figures(result: SweepResult): Figures {
  const out: Figures = new Map();
  const put = (a: string, b: string, rail: number | null, gbps: number, id = '') => {
    const key = `${a}\u0000${b}\u0000${id}`;
    const seen = out.get(key);
    if (!seen || gbps > seen.gbps) out.set(key, { a, b, rail, gbps });
  };
  for (const p of result.pairs) {
    if (p.outcome === 'not-run' || p.peakGBps === null) continue;
    const [a, b] = ends(p);
    put(a, b, null, p.peakGBps);
    for (const r of p.rails ?? []) if (r.gbps !== null) put(a, b, r.gpu, r.gbps, railId(r));
  }
  return out;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function compareWithBaseline(
  now: SweepResult,
  before: SweepResult,
  fraction: number,
  baseline: Regressions['baseline'],
): Regressions {
  const was = figures(before);
  const links: LinkRegression[] = [];
  for (const [key, f] of figures(now)) {
    const old = was.get(key);
    if (!old) continue;
    links.push({
      a: f.a,
      b: f.b,
      rail: f.rail,
      beforeGBps: old.gbps,
      nowGBps: f.gbps,
      drop: round3(dropOf(old.gbps, f.gbps)),
      regressed: hasRegressed(old.gbps, f.gbps, fraction),
    });
  }
  links.sort((x, y) => x.a.localeCompare(y.a) || x.b.localeCompare(y.b) || (x.rail ?? -1) - (y.rail ?? -1));
  const whole = links.filter((l) => l.rail === null);
  const nodes: NodeRegression[] = [];
  for (const node of now.matrix.nodes) {
    const mine = whole.filter((l) => l.a === node || l.b === node);
    if (mine.length === 0) continue;
    const regressedLinks = mine.filter((l) => l.regressed).length;
    const beforeGBps = round3(median(mine.map((l) => l.beforeGBps)) as number);
    const nowGBps = round3(median(mine.map((l) => l.nowGBps)) as number);
    nodes.push({
      node,
      beforeGBps,
      nowGBps,
      drop: round3(dropOf(beforeGBps, nowGBps)),
      links: mine.length,
      regressedLinks,
      regressed: nodeRegressed(regressedLinks, mine.length),
    });
  }
  return { baseline, fraction, links, nodes };
}

/**
 * What to report: the regressed nodes, then each regressed link (or rail) that no regressed
 * node explains. A rail is named only when its pair's peak did not regress as a whole.
 */
export function regressionFindings(r: Regressions): { nodes: NodeRegression[]; links: LinkRegression[] } {
  const nodes = r.nodes.filter((n) => n.regressed);
  const named = new Set(nodes.map((n) => n.node));
  const wholeKey = (l: LinkRegression) => `${l.a}\u0000${l.b}`;
  const wholeRegressed = new Set(r.links.filter((l) => l.rail === null && l.regressed).map(wholeKey));
  const links = r.links.filter(
    (l) =>
      l.regressed &&
      !named.has(l.a) &&
      !named.has(l.b) &&
      (l.rail === null || !wholeRegressed.has(wholeKey(l))),
  );
  return { nodes, links };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const gb = (x: number) => `${Math.round(x * 10) / 10} GB/s`;

/** The link's name as people read it: `a ↔ b`, `a ↔ b rail 3`. */
export function linkName(l: Pick<LinkRegression, 'a' | 'b' | 'rail'>): string {
  return `${l.a} ↔ ${l.b}${l.rail === null ? '' : ` rail ${l.rail}`}`;
}

/** One line of a regressed link or node, for the checks, the text and the HTML. */
export function regressionDetail(x: LinkRegression | NodeRegression, r: Regressions): string {
  const since = `the baseline of ${r.baseline.startedAt}`;
  if ('node' in x) {
    return `${x.node} fell ${pct(x.drop)} against ${since} (median of its links ${gb(x.beforeGBps)} → ${gb(x.nowGBps)}; ${x.regressedLinks} of ${plural(x.links, 'link')} fell more than ${pct(r.fraction)})`;
  }
  return `${linkName(x)} fell ${pct(x.drop)} against ${since} (${gb(x.beforeGBps)} → ${gb(x.nowGBps)}, more than --regression ${pct(r.fraction)})`;
}

/** The sweep's `sweep.regressed` checks (warnings: a regressed link may still pass), and one summary. */
export function regressionChecks(r: Regressions): Check[] {
  const found = regressionFindings(r);
  const out: Check[] = [];
  const compared = r.links.filter((l) => l.rail === null).length;
  const total = found.nodes.length + found.links.length;
  out.push(
    check(
      'sweep.baseline',
      total === 0 ? 'ok' : 'warn',
      `${plural(compared, 'link')} compared with ${r.baseline.source} (${r.baseline.startedAt}): ${total === 0 ? `none fell more than ${pct(r.fraction)}` : `${plural(found.nodes.length, 'node')} and ${plural(found.links.length, 'link')} regressed`}`,
      total === 0
        ? {}
        : { fix: 'see the sweep.regressed checks: each names the node or link and what it moved before' },
    ),
  );
  for (const n of found.nodes) {
    out.push(
      check('sweep.regressed', 'warn', regressionDetail(n, r), {
        subject: n.node,
        fix: `check ${n.node}'s NICs (port rate, PCIe width), GPUDirect and firmware against the baseline's; confirm with interconnect-test pair --prefill-node ${n.node} --decode-node <a good node>`,
      }),
    );
  }
  for (const l of found.links) {
    out.push(
      check('sweep.regressed', 'warn', regressionDetail(l, r), {
        subject: linkName(l),
        fix: `check the path between ${l.a} and ${l.b}${l.rail === null ? '' : ` on rail ${l.rail} (GPU ${l.rail}'s NIC)`}: port counters, cables and the switch ports between them; rerun interconnect-test pair --prefill-node ${l.a} --decode-node ${l.b}`,
      }),
    );
  }
  return out;
}
