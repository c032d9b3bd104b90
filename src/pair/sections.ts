import type { Measurement, RailResult } from '../core/measurement.js';
import type { Section } from '../core/report.js';
import { formatBytes } from '../core/size.js';
import { getEngine } from '../engines/registry.js';
import { railName } from '../judge/rails.js';
import type { PairResult } from './run.js';

/** The blocks `pair` prints before its checks: what ran where, then what it measured. */
export function clusterSections(result: PairResult): Section[] {
  const out: Section[] = [];
  const plan = result.plan;
  if (plan) {
    const lines = [
      plan.mode === 'cross-node'
        ? plan.legs[0]?.initiator === 'decode'
          ? `decode (initiator) on ${plan.pods[1]?.node.name} ← prefill (target) on ${plan.pods[0]?.node.name}`
          : `prefill (initiator) on ${plan.pods[0]?.node.name} → decode (target) on ${plan.pods[1]?.node.name}`
        : `both ranks on ${plan.pods[0]?.node.name}, GPUs 0 and 1 of one pod`,
      `${plan.engine} ${getEngine(plan.engine).versionOf?.(plan.bench) ?? ''}`.trimEnd() +
        `${plan.engineWhy !== '--engine' ? ` (${plan.engineWhy})` : ''}, image ${plan.image} (${plan.imageWhy})`,
      `settings from ${plan.pods[0]?.settings.source}; scratch namespace ${plan.namespace.name}, run ${plan.runId}`,
    ];
    if (result.kept) lines.push(`kept for debugging; delete with: ${result.kept.command}`);
    out.push({ title: 'Pair', lines });
  }
  if (result.measurement) out.push(measurementLines(result.measurement));
  const rails = result.measurement?.rails;
  if (rails?.length) out.push(railLines(rails, plan?.rails?.notTested ?? []));
  return out;
}

/** One line per GPU↔NIC rail: its figure, what its NIC should carry, its verdict. */
function railLines(rails: readonly RailResult[], notTested: readonly number[]): Section {
  const lines = [`${'rail'.padEnd(22)}${'GB/s'.padStart(9)}${'expected'.padStart(10)}  status`];
  for (const r of rails)
    lines.push(
      `${railName(r).padEnd(22)}${(r.gbps === null ? '—' : r.gbps.toFixed(2)).padStart(9)}${(r.expectedGBps === null ? '—' : r.expectedGBps.toFixed(1)).padStart(10)}  ${r.status}`,
    );
  if (notTested.length)
    lines.push(`not tested: GPU ${notTested.join(', ')} (their GPUs were busy or absent)`);
  return { title: `Rails (${rails.length}, run at once; the peak above is their sum)`, lines };
}

function measurementLines(m: Measurement): Section {
  const lines = [
    `transport: ${m.transport.kind}${m.transport.lanes.length ? ` (${m.transport.lanes.slice(0, 4).join(', ')})` : ''}`,
    `peak: ${m.peakGBps === null ? 'no result' : `${m.peakGBps.toFixed(2)} GB/s`}`,
  ];
  if (m.versions)
    lines.push(
      `ran: ${m.engine}${m.versions.nixl ? `, NIXL ${m.versions.nixl}` : ''}${m.versions.ucx ? `, UCX ${m.versions.ucx}` : ''}`,
    );
  if (m.expected) {
    const e = m.expected;
    const bands = [
      e.lineGBps !== undefined ? `line ${e.lineGBps}` : '',
      `floor ${e.floorGBps}`,
      e.warnGBps !== undefined ? `expected ≥ ${e.warnGBps}` : '',
      e.ceilingGBps !== undefined ? `ceiling ${e.ceilingGBps}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(`judged against: ${bands} GB/s (${e.source})`);
  }
  if (m.rows.length) {
    lines.push(
      '',
      `${'block'.padEnd(10)}${'batch'.padStart(6)}${'GB/s'.padStart(12)}${'avg lat (us)'.padStart(15)}`,
    );
    for (const r of m.rows) {
      const lat = r.avgLatUs === undefined ? '' : r.avgLatUs.toFixed(1);
      const flight = (r.inFlight ?? 1) > 1 ? `  (${r.inFlight} in flight)` : '';
      lines.push(
        `${formatBytes(r.blockSize).padEnd(10)}${String(r.batchSize).padStart(6)}${r.gbps.toFixed(3).padStart(12)}${lat.padStart(15)}${flight}`,
      );
    }
  }
  return { title: 'Measurement', lines };
}
