import { plural } from '../core/verdict.js';
import { type Diagnosis, diagnose, nextRound, type Stage } from './adaptive.js';
import { markOutliers, observationsOf } from './findings.js';
import type { SweepPair } from './model.js';
import { autoInput } from './planner.js';
import { type PairsInput, type PairsOutcome, runPairs } from './scheduler.js';

/**
 * `--scheme auto` on a cluster: the adaptive planner's rounds, one after the other, each run
 * as whole pairs by the scheduler; after each round the pairs so far are judged against the
 * fleet's median (outliers) and fed back as samples. Stops when the planner has nothing left
 * to learn, at --budget (pairs: the planner; minutes: here), at --timeout or on Ctrl-C.
 */

export interface AutoOutcome extends PairsOutcome {
  rounds: number;
  diagnosis: Diagnosis;
}

function stagesLine(pairs: readonly { stage: Stage }[]): string {
  const count = new Map<Stage, number>();
  for (const p of pairs) count.set(p.stage, (count.get(p.stage) ?? 0) + 1);
  return [...count].map(([s, n]) => `${n} ${s}`).join(', ');
}

export async function runAuto(input: Omit<PairsInput, 'pairs'>, started: number): Promise<AutoOutcome> {
  const { config, deps, clock, signal } = input;
  const plan = autoInput(input.cand, config);
  const all: SweepPair[] = [];
  const out: AutoOutcome = { pairs: all, timings: [], rounds: 0, diagnosis: diagnose(plan, []) };
  for (;;) {
    if (signal.aborted) break;
    if (config.budget?.ms !== undefined && clock.now() - started >= config.budget.ms) {
      deps.progress.warn(
        `--budget reached after ${plural(out.rounds, 'round')}: what is left open is listed as undecided`,
      );
      break;
    }
    markOutliers(all, config.outlierFraction);
    const next = nextRound(plan, observationsOf(all));
    if (!next) break;
    deps.progress.step(
      `Round ${next.round + 1}: ${plural(next.pairs.length, 'pair')} (${stagesLine(next.pairs)})`,
    );
    deps.progress.done();
    const planned = next.pairs.map((p, i) => ({
      index: all.length + i,
      round: next.round,
      prefill: p.prefill,
      decode: p.decode,
    }));
    const ran = await runPairs({ ...input, pairs: planned });
    const stageOf = new Map(planned.map((p, i) => [p.index, next.pairs[i]?.stage]));
    for (const p of ran.pairs) {
      const stage = stageOf.get(p.index);
      all.push(stage ? { ...p, stage } : p);
    }
    out.timings.push(...ran.timings);
    out.rounds = next.round + 1;
    out.setupError ??= ran.setupError;
    if (ran.fatalError) {
      out.fatalError = ran.fatalError;
      break;
    }
  }
  markOutliers(all, config.outlierFraction);
  out.diagnosis = diagnose(plan, observationsOf(all));
  return out;
}
