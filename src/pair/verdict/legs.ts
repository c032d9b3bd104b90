import type { Measurement } from '../../core/measurement.js';
import { type Check, check } from '../../core/model.js';
import type { Leg, PodRole } from '../../engines/types.js';
import type { PairPlan } from '../plan/plan.js';
import { resultsComplete } from '../pods/assess.js';
import { splitLegs } from '../pods/logs.js';
import { judgeRails } from './rails.js';
import { type JudgeInput, type Judgement, judge } from './verdict.js';

/**
 * A run of several legs (both directions, when the framework is unknown):
 * each pod's log is cut at the probe script's `interconnect-test: leg N`
 * lines (logs.ts splitLegs), and every leg is judged on its own with the one judge.
 */

export { splitLegs };

/** `decode READ`, and the id suffix `decode-read`. */
export function legName(l: Leg): string {
  return `${l.initiator} ${l.op}`;
}

function legPlan(plan: PairPlan, leg: Leg): PairPlan {
  return { ...plan, legs: [leg], bench: { ...plan.bench, opType: leg.op } };
}

function complete(plan: PairPlan, logs: Partial<Record<PodRole, string>>): boolean {
  return Object.values(logs).some((log) => resultsComplete(plan.engine, log ?? '', plan.bench.maxBlockSize));
}

export interface LegsJudgement {
  /** The first leg's: the framework's own direction, or decode READ when unknown. */
  measurement: Measurement;
  /** Every leg's, in order, when there were several. */
  measurements?: Measurement[] | undefined;
  checks: Check[];
}

/** One leg: its rails when the pods ran rails (rail-judge.ts), else the one judge. */
function judgeLeg(input: JudgeInput): Judgement {
  return judgeRails(input) ?? judge(input);
}

export function judgeLegs(input: JudgeInput): LegsJudgement {
  const { plan } = input;
  if (plan.legs.length <= 1) return judgeLeg(input);
  const split: Partial<Record<PodRole, string[]>> = {};
  for (const [role, log] of Object.entries(input.logs)) if (log) split[role as PodRole] = splitLegs(log);
  const results: Judgement[] = [];
  const checks: Check[] = [];
  let problemUsed = false;
  plan.legs.forEach((leg, i) => {
    const logs: Partial<Record<PodRole, string>> = {};
    for (const [role, parts] of Object.entries(split)) {
      const part = parts?.[i];
      if (part !== undefined) logs[role as PodRole] = part;
    }
    const suffix = `.${leg.initiator}-${leg.op.toLowerCase()}`;
    const p = legPlan(plan, leg);
    if (Object.keys(logs).length === 0) {
      checks.push(
        check(
          `pair.run${suffix}`,
          'skipped',
          `${legName(leg)}: not run${input.problem ? ', an earlier leg failed' : ''}`,
          {
            fix: `rerun with --initiator ${leg.initiator} --op ${leg.op.toLowerCase()} to measure this direction alone`,
          },
        ),
      );
      return;
    }
    // The run's problem belongs to the first leg that did not complete.
    const mine = !problemUsed && input.problem && !complete(p, logs);
    if (mine) problemUsed = true;
    const j = judgeLeg({ ...input, plan: p, logs, problem: mine ? input.problem : undefined });
    results.push(j);
    for (const c of j.checks)
      checks.push({ ...c, id: `${c.id}${suffix}`, detail: `${legName(leg)}: ${c.detail}` });
  });
  const first = results[0];
  if (!first) {
    const j = judgeLeg(input);
    return { measurement: j.measurement, checks: [...j.checks, ...checks] };
  }
  return { measurement: first.measurement, measurements: results.map((r) => r.measurement), checks };
}
