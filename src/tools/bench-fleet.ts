/**
 * `npm run bench` (the simulated-fleet part; alone: `npm run bench:fleet`): `--scheme auto`
 * over simulated fleets of 64, 256 and 1,024 nodes (4 zones, racks of 16), healthy, with
 * 2 broken nodes + 1 slow node + 1 bad link, and with everything between two zones broken.
 * The planner is the sweep's own (src/sweep/adaptive.ts); only the pairs are simulated
 * (src/sweep/simulate.ts). Prints rounds, pairs, the simulated wall time (each round's pairs
 * in waves of --max-parallel N/2, one pair's time a wave), wall time against one pair, and
 * whether the faults were found and confirmed with no false blame.
 * Aims: healthy in at most 3 rounds; faulty in at most 3 + 2·log2(N) rounds, all found, nothing
 * else blamed. Env: BENCH_FLEET_SIZES (default 64,256,1024), BENCH_FLEET_SEEDS (default 1,2,3).
 */
import { pathToFileURL } from 'node:url';
import { TYPICAL_PAIR_MS } from '../sweep/candidates.js';
import { type Fleet, faultyFleet, fleetOf, scoreRun, simulateAuto } from '../sweep/simulate.js';
import { ZONE_LABEL } from '../sweep/topology.js';

const min = (ms: number) => `${(ms / 60_000).toFixed(0)} min`;

function zoneFault(n: number): Fleet {
  const f = fleetOf(n);
  f.badBetween = [{ label: ZONE_LABEL, a: 'zone-1', b: 'zone-2' }];
  return f;
}

/** Writes the table; returns how many rows missed their aim. */
export function fleetBench(write: (s: string) => void): number {
  const sizes = (process.env.BENCH_FLEET_SIZES ?? '64,256,1024').split(',').map(Number);
  const seeds = (process.env.BENCH_FLEET_SEEDS ?? '1,2,3').split(',').map(Number);
  write(
    `\nsweep --scheme auto on a simulated fleet (planner: src/sweep/adaptive.ts; one pair = ${min(TYPICAL_PAIR_MS)}, --max-parallel N/2)\n`,
  );
  write(
    `${'fleet'.padEnd(32)}${'nodes'.padStart(6)}${'seed'.padStart(5)}${'rounds'.padStart(7)}${'aim'.padStart(5)}${'pairs'.padStart(7)}  ${'screen/confirm/retest/probe'.padEnd(28)}${'wall'.padStart(8)}${'× pair'.padStart(7)}  found  false blame  result\n`,
  );
  let missed = 0;
  for (const n of sizes) {
    const cases: [string, (seed: number) => Fleet, number][] = [
      ['healthy', () => fleetOf(n), 3],
      ['2 bad, 1 slow node, 1 bad link', (seed) => faultyFleet(n, seed), 3 + 2 * Math.log2(n)],
      ['zone-1 ↔ zone-2 fabric down', () => zoneFault(n), 3 + 2 * Math.log2(n)],
    ];
    for (const [name, make, aim] of cases) {
      for (const seed of name === 'healthy' ? [seeds[0] ?? 1] : seeds) {
        const fleet = make(seed);
        const run = simulateAuto(fleet, { seed, maxParallel: n / 2, pairMs: TYPICAL_PAIR_MS });
        const score = scoreRun(fleet, run.diagnosis);
        const clean = name !== 'healthy' || run.diagnosis.healthy.length === n;
        const met = run.rounds <= aim && score.found && score.falseBlame.length === 0 && clean;
        if (!met) missed++;
        const st = run.stages;
        write(
          `${name.padEnd(32)}${String(n).padStart(6)}${String(seed).padStart(5)}${String(run.rounds).padStart(7)}${`≤${Math.floor(aim)}`.padStart(5)}${String(run.pairs).padStart(7)}  ${`${st.screen}/${st.confirm}/${st.retest}/${st.probe}`.padEnd(28)}${min(run.wallMs).padStart(8)}${`${(run.wallMs / TYPICAL_PAIR_MS).toFixed(0)}×`.padStart(7)}  ${(score.found ? 'all' : `missed ${score.missed.join(',')}`).padEnd(5)}  ${(score.falseBlame.join(',') || 'none').padEnd(11)}  ${met ? 'met' : 'MISSED'}\n`,
        );
      }
    }
  }
  write(
    "for comparison: all-pairs over 1,024 nodes is 523,776 pairs in 1,023 rounds (≈ 1,023 × one pair); NVIDIA CRE's diagnose: 232 nodes in 7 rounds (3 when healthy)\n",
  );
  return missed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = fleetBench((s) => process.stdout.write(s)) ? 1 : 0;
}
