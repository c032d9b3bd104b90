import type { Section } from '../core/report.js';
import { plural } from '../core/verdict.js';
import type { SweepPair, SweepResult } from './model.js';
import { linkName, regressionDetail, regressionFindings } from './regression.js';
import { atOnce } from './schemes.js';

/**
 * The text report's sections for people: the plan, the node × node matrix
 * (up to MATRIX_MAX nodes; beyond that the failing pairs are listed), the
 * culprits. The checks and the verdict follow them (render/text.ts).
 */

const MATRIX_MAX = 24;

function cell(p: SweepPair | undefined): string {
  if (!p) return '·';
  if (p.outcome === 'not-run') return '--';
  const gbps = p.peakGBps === null ? '?' : p.peakGBps >= 10 ? p.peakGBps.toFixed(0) : p.peakGBps.toFixed(1);
  return p.outcome === 'untrusted' ? `${gbps}!` : p.outcome === 'unverified' ? `${gbps}~` : gbps;
}

export function matrixLines(r: SweepResult): string[] {
  const { nodes, cells } = r.matrix;
  if (nodes.length === 0) return ['no nodes'];
  const w = Math.max(5, ...r.pairs.map((p) => cell(p).length + 1));
  const label = (i: number) => String(i).padStart(w);
  const lines = [`${'prefill ↓ decode →'.padEnd(20)}${nodes.map((_, j) => label(j)).join('')}`];
  nodes.forEach((n, i) => {
    const row = (cells[i] ?? []).map((idx) => cell(idx === null ? undefined : r.pairs[idx]).padStart(w));
    lines.push(`${`${i} ${n}`.slice(0, 19).padEnd(20)}${row.join('')}`);
  });
  lines.push('GB/s peak; ! failed, ~ unverified, -- not run, · not paired');
  return lines;
}

export function sweepSections(r: SweepResult, dryRun = false): Section[] {
  const s = r.settings;
  const out: Section[] = [
    {
      title: dryRun ? 'Plan (dry run: nothing was created)' : 'Sweep',
      lines: [
        `${s.scheme} over ${plural(r.matrix.nodes.length, 'node')} (${s.selection}): ${plural(r.pairs.length, 'pair')} in ${plural(r.rounds, 'round')}, at most ${atOnce(r.pairs, r.rounds, s.maxParallel)} at once`,
        ...(dryRun
          ? Array.from({ length: r.rounds }, (_, round) => {
              const ps = r.pairs.filter((p) => p.round === round);
              return `round ${round + 1}: ${ps.map((p) => `${p.prefill} → ${p.decode}`).join(', ')}`;
            })
          : [`took ${(r.durationMs / 1000).toFixed(1)} s, engine ${s.engine}`]),
        ...r.nodes.filter((n) => n.status === 'excluded').map((n) => `left out: ${n.name} (${n.detail})`),
      ],
    },
  ];
  if (dryRun) return out;
  if (r.matrix.nodes.length <= MATRIX_MAX) out.push({ title: 'Matrix', lines: matrixLines(r) });
  else {
    const bad = r.pairs.filter((p) => p.outcome === 'untrusted');
    out.push({
      title: `Failed pairs (${bad.length} of ${r.pairs.length}; the matrix of ${plural(r.matrix.nodes.length, 'node')} is in --html and -o json)`,
      lines: bad.length ? bad.map((p) => `${p.prefill} → ${p.decode}: ${p.detail}`) : ['none'],
    });
  }
  if (r.regressions) {
    const reg = r.regressions;
    const found = regressionFindings(reg);
    const compared = reg.links.filter((l) => l.rail === null).length;
    out.push({
      title: `Regressed (against ${reg.baseline.startedAt}, ${reg.baseline.source})`,
      lines:
        found.nodes.length + found.links.length === 0
          ? [
              `none: ${plural(compared, 'link')} compared, none fell more than ${Math.round(reg.fraction * 100)}%`,
            ]
          : [
              ...found.nodes.map((n) => `node ${regressionDetail(n, reg)}`),
              ...found.links.map((l) => `link ${linkName(l)}: ${regressionDetail(l, reg)}`),
            ],
    });
  }
  const c = r.culprits;
  if (c.nodes.length || c.links.length || c.infra?.length) {
    out.push({
      title: 'Culprits',
      lines: [
        ...c.nodes.map((n) => `node ${n.node}: ${n.detail}`),
        ...c.links.map((l) => `link ${l.a} ↔ ${l.b}: ${l.detail}`),
        ...(c.infra ?? []).map((i) => `between ${i.label}=${i.a} and ${i.label}=${i.b}: ${i.detail}`),
      ],
    });
  }
  if (c.outliers?.length) {
    out.push({
      title: "Outliers (passed, but well below the fleet's median)",
      lines: c.outliers.map((o) =>
        o.node ? `node ${o.node}: ${o.detail}` : `pair ${o.a} ↔ ${o.b}: ${o.detail}`,
      ),
    });
  }
  if (c.undecided?.length) {
    out.push({ title: 'Undecided', lines: c.undecided.map((u) => `${u.subject}: ${u.why}`) });
  }
  return out;
}
