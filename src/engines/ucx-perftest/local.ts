import { formatBytes } from '../../core/size.js';
import { withDisposal } from '../../procs/disposal.js';
import { freePort } from '../../procs/ports.js';
import { procsEnv, runTwoProcs, warnTeardown, whenListening } from '../local/two-procs.js';
import type { EngineRun, Placement, Row, RunDeps } from '../local/types.js';
import { itersFor, perftestClientArgv, perftestServerArgv, readPerftestSize } from './argv.js';

export interface PerftestPlan {
  bin: string;
  sizes: readonly number[];
  iters?: number;
  /** --warmup; undefined: a tenth of the timed iterations, at least 1. */
  warmup?: number;
  memory: 'host' | 'cuda';
  /** Environment of both processes (UCX logging switched on). */
  env: NodeJS.ProcessEnv;
  placement: Placement;
}

/** How long a server may take to listen, and a survivor to follow its peer out. */
const READY_MS = 15_000;
const PEER_GRACE_MS = 5_000;

/**
 * One server/client pair per message size (the ucx_perftest server exits after
 * one test), in sequence, under one deadline. A size that fails ends the sweep.
 */
export async function runPerftestSweep(plan: PerftestPlan, deps: RunDeps): Promise<EngineRun> {
  const rows: Row[] = [];
  const transports: string[] = [];
  const lanes: string[] = [];
  const add = (into: string[], list: readonly string[]) => {
    for (const x of list) if (!into.includes(x)) into.push(x);
  };
  const pids: number[] = [];
  let ucxVersion: string | undefined;
  let emulated = false;
  // What was measured so far, however the sweep ends.
  const result = (outcome: EngineRun['outcome'], problem?: string): EngineRun => ({
    rows,
    transports,
    lanes,
    pids,
    ucxVersion,
    emulated,
    outcome,
    ...(problem !== undefined ? { problem } : {}),
    sizesDone: rows.length,
  });
  for (const size of plan.sizes) {
    const iters = itersFor(size, plan.iters);
    deps.progress.update(`${formatBytes(size)} × ${iters}`);
    const port = await freePort();
    const args = {
      bin: plan.bin,
      port,
      size,
      iters,
      memory: plan.memory,
      ...(plan.warmup !== undefined ? { warmup: plan.warmup } : {}),
    };
    const run = await withDisposal(
      (stack) =>
        runTwoProcs(
          {
            first: {
              name: 'server (decode)',
              argv: [...plan.placement.server.wrap, ...perftestServerArgv(args)],
              env: plan.env,
            },
            second: {
              name: 'client (prefill)',
              argv: [
                ...plan.placement.client.wrap,
                ...perftestClientArgv(args, plan.placement.server.address),
              ],
              env: plan.env,
            },
            ready: whenListening(port, 20, READY_MS),
            peerGraceMs: PEER_GRACE_MS,
          },
          procsEnv(deps, stack, pids),
        ),
      warnTeardown(deps.progress),
    );
    const read = readPerftestSize(size, run.first?.lines ?? [], run.second?.lines ?? []);
    add(transports, read.transports);
    add(lanes, read.lanes);
    ucxVersion ??= read.ucxVersion;
    emulated ||= read.emulated;
    const row = read.row;
    // The sweep stops at the first size that did not complete.
    if (run.outcome === 'completed' && !row)
      return result('failed', `${formatBytes(size)}: the client printed no result row`);
    if (run.outcome !== 'completed')
      return result(run.outcome, `${formatBytes(size)}: ${run.problem ?? run.outcome}`);
    if (row) rows.push(row);
  }
  return result('completed');
}
