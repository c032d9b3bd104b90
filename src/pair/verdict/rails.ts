import type { Expectation, Measurement, MeasurementRow, RailResult } from '../../core/measurement.js';
import { type Check, check } from '../../core/model.js';
import type { PodRole } from '../../engines/types.js';
import { railName, railsCheck, withSiblings, worstStatus } from '../../judge/rails.js';
import type { PairPlan } from '../plan/plan.js';
import { type Rail, railLines, railNetDevices, railSections } from '../plan/rails.js';
import { railWorth } from './rail-bar.js';
import { type JudgeInput, type Judgement, judge } from './verdict.js';

/**
 * A pair that crossed every GPU↔NIC rail at once: each pod's log holds one
 * section per rail (`interconnect-test: rail N begin` … `end`). Each rail is
 * judged by the one judge on its own log and its own NICs (UCX_NET_DEVICES the
 * pod pinned it to), its bar their line: every NIC the GPU's memory is
 * registered on, shared with the rails that ran on it too (rail-bar.ts), and
 * `pair.rails` names the worst rail by GPU and NICs. The measurement is the
 * rails' sum, row by row: they ran at the same time.
 */

/** The plan of one rail: its NICs are the only ones the expectation counts. */
function railPlan(plan: PairPlan, nic: string | undefined): PairPlan {
  if (!nic) return plan;
  const pods = plan.pods.map((p) => ({
    ...p,
    settings: {
      ...p.settings,
      env: [
        ...p.settings.env.filter((e) => e.name !== 'UCX_NET_DEVICES'),
        { name: 'UCX_NET_DEVICES', value: railNetDevices(nic) },
      ],
    },
  }));
  return { ...plan, pods };
}

function sumRows(all: readonly MeasurementRow[][]): MeasurementRow[] {
  const by = new Map<string, MeasurementRow & { n: number }>();
  for (const rows of all)
    for (const r of rows) {
      const k = `${r.blockSize}x${r.batchSize}x${r.inFlight ?? 1}`;
      const had = by.get(k);
      if (had) {
        had.gbps += r.gbps;
        had.n += 1;
      } else by.set(k, { ...r, n: 1 });
    }
  // A row is the pair's only where every rail measured it; otherwise the sum would be short.
  return [...by.values()]
    .filter((r) => r.n === all.length)
    .map(({ n: _n, ...r }) => r)
    .sort(
      (a, b) =>
        a.blockSize - b.blockSize || a.batchSize - b.batchSize || (a.inFlight ?? 1) - (b.inFlight ?? 1),
    );
}

function sumExpected(es: readonly Expectation[]): Expectation {
  const first = es[0] as Expectation;
  const total = (f: (e: Expectation) => number | undefined) => {
    const v = es.map(f);
    return v.every((x) => x !== undefined) ? (v as number[]).reduce((a, b) => a + b, 0) : undefined;
  };
  const line = total((e) => e.lineGBps);
  const warn = total((e) => e.warnGBps);
  const ceiling = total((e) => e.ceilingGBps);
  return {
    ...(line !== undefined ? { lineGBps: line } : {}),
    floorGBps: total((e) => e.floorGBps) ?? first.floorGBps,
    ...(warn !== undefined ? { warnGBps: warn } : {}),
    ...(ceiling !== undefined ? { ceilingGBps: ceiling } : {}),
    source: `${es.length} rails: ${first.source} each`,
  };
}

/** The checks of all rails as one set: per id the worst rail's, named; ok ones say "every rail". */
function mergeChecks(per: { rail: RailResult; checks: Check[] }[]): Check[] {
  const ids: string[] = [];
  for (const p of per) for (const c of p.checks) if (!ids.includes(c.id)) ids.push(c.id);
  return ids.map((id) => {
    const mine = per.flatMap((p) => p.checks.filter((c) => c.id === id).map((c) => ({ c, rail: p.rail })));
    const status = worstStatus(mine.map((m) => m.c.status));
    const worst = mine.find((m) => m.c.status === status) as { c: Check; rail: RailResult };
    const others = mine.filter((m) => m.c.status === status).length;
    const who = others === per.length && per.length > 1 ? `every rail (${per.length})` : railName(worst.rail);
    return { ...worst.c, detail: `${who}: ${worst.c.detail}` };
  });
}

/** The GPU a rail's probe ran on, by UUID: its start line's `gpu.visible` (the UUID pair's pod script passed). */
export function gpuUuidOf(part: string | undefined): string | undefined {
  return /"visible":"((?:GPU|MIG)-[0-9A-Za-z/-]+)"/.exec(part ?? '')?.[1];
}

export function judgeRails(input: JudgeInput): Judgement | undefined {
  const { plan } = input;
  if (!plan.rails) return undefined;
  const split: Partial<Record<PodRole, ReturnType<typeof railSections>>> = {};
  for (const [role, log] of Object.entries(input.logs)) if (log) split[role as PodRole] = railSections(log);
  const gpus = [...new Set(Object.values(split).flatMap((s) => [...(s?.rails.keys() ?? [])]))].sort(
    (a, b) => a - b,
  );
  if (gpus.length === 0) {
    if (plan.rails.rails.length <= 1) return undefined;
    // Rails were planned, the logs show one transfer: say so, never pass it as every rail.
    const j = judge(input);
    j.checks.push(
      check(
        'pair.rails',
        'warn',
        `the logs hold no rail sections: one transfer was measured, not the ${plan.rails.rails.length} rails planned (GPU ${plan.rails.rails.join(', ')})`,
        {
          fix: "check that the probe image runs this version's pod script; rerun, or test one rail with --rails N",
        },
      ),
    );
    return j;
  }
  const maps: Partial<Record<PodRole, Rail[]>> = {};
  for (const role of ['prefill', 'decode'] as const) maps[role] = railLines(input.logs[role] ?? '');
  const nicOf = (role: 'prefill' | 'decode', gpu: number) => maps[role]?.find((r) => r.gpu === gpu)?.nic;
  // The run's problem (a pod exited non-zero) belongs to the rail whose probe failed, else the first.
  const failed = Object.values(input.logs).flatMap((log) =>
    [...(log ?? '').matchAll(/^interconnect-test: rail (\d+) end rc=([1-9]\d*)/gm)].map((m) => Number(m[1])),
  );
  const culprit = gpus.find((g) => failed.includes(g)) ?? gpus[0];
  const per: { rail: RailResult; checks: Check[]; m: Measurement; worth?: number | undefined }[] = [];
  for (const gpu of gpus) {
    const logs: Partial<Record<PodRole, string>> = {};
    for (const [role, s] of Object.entries(split)) {
      const part = s?.rails.get(gpu);
      if (part !== undefined) logs[role as PodRole] = `${s?.head ?? ''}\n${part}`;
    }
    const nic = nicOf('prefill', gpu) ?? nicOf('decode', gpu);
    const peerNic = nicOf('decode', gpu) ?? nic;
    const uuid = (role: PodRole) => gpuUuidOf(split[role]?.rails.get(gpu));
    // The rail's NICs' worth on the side that had less of it (each pod prints its own map).
    const worths = (['prefill', 'decode'] as const)
      .map((role) => railWorth(maps[role] ?? [], gpu, gpus))
      .filter((w): w is number => w !== undefined);
    const worth = worths.length ? Math.min(...worths) : undefined;
    const j = judge({
      ...input,
      plan: railPlan(plan, nic),
      railWorth: worth,
      logs,
      problem: gpu === culprit ? input.problem : undefined,
    });
    const bw = j.checks.find((c) => c.id === 'pair.bandwidth');
    const run = j.checks.find((c) => c.id === 'pair.run');
    const status = worstStatus([bw?.status ?? 'fail', run?.status ?? 'ok']);
    const judged = (bw?.data as { judgedGBps?: number | null } | undefined)?.judgedGBps;
    const rail: RailResult = {
      gpu,
      nic: nic ?? null,
      peerNic: peerNic ?? null,
      gpuUuid: uuid('prefill') ?? null,
      peerGpuUuid: uuid('decode') ?? null,
      gbps: typeof judged === 'number' ? judged : j.measurement.peakGBps,
      expectedGBps: j.measurement.expected?.lineGBps ?? null,
      status,
      detail: (status === run?.status && run?.status !== 'ok' ? run?.detail : bw?.detail) ?? '',
    };
    per.push({ rail, checks: j.checks, m: j.measurement, worth });
  }
  const first = per[0]?.m as Measurement;
  const rows = sumRows(per.map((p) => p.m.rows));
  const lanes = [...new Set(per.flatMap((p) => p.m.transport.lanes))];
  const rails = withSiblings(
    per.map((p) => p.rail),
    per.map((p) => p.worth),
  );
  per.forEach((p, i) => {
    p.rail = rails[i] as RailResult;
  });
  const subject =
    plan.mode === 'cross-node'
      ? `${plan.pods[0]?.node.name} → ${plan.pods[1]?.node.name}`
      : plan.pods[0]?.node.name;
  const measurement: Measurement = {
    ...first,
    transport: { ...first.transport, lanes },
    rows,
    peakGBps: rows.length ? Math.max(...rows.map((r) => r.gbps)) : null,
    ...(first.expected ? { expected: sumExpected(per.map((p) => p.m.expected as Expectation)) } : {}),
    rails,
  };
  const missing = (plan.rails.rails ?? []).filter((g) => !gpus.includes(g));
  const checks = mergeChecks(per);
  checks.push(railsCheck(rails, [...plan.rails.notTested, ...missing], subject ?? ''));
  if (missing.length)
    checks.push(
      check(
        'pair.rails-missing',
        'fail',
        `the logs hold no section for GPU ${missing.join(', ')}: those rails never ran`,
        {
          subject,
          fix: 'keep the pods with --keep and read their logs',
        },
      ),
    );
  return { measurement, checks };
}
