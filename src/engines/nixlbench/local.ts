import { randomBytes } from 'node:crypto';
import { type NixlbenchResult, parseNixlbench } from '../../parsers/nixlbench.js';
import { withDisposal } from '../../procs/disposal.js';
import type { RunningProc } from '../../procs/launcher.js';
import { freePort } from '../../procs/ports.js';
import { pollUntil } from '../../procs/wait.js';
import { etcdHasKey, startLocalEtcd } from '../local/etcd.js';
import { NIXL_DEFAULT_ITERS, visibleDevices } from '../local/nixl-defaults.js';
import { procsEnv, runTwoProcs, warnTeardown, whenListening } from '../local/two-procs.js';
import type { EngineRun, RunDeps } from '../local/types.js';
import { type NixlRuntime, nixlbenchArgv, RANK0_LINE, rankKey } from './argv.js';

export interface NixlbenchPlan {
  bin: string;
  /** etcd on PATH (its full path), or undefined. */
  etcdBin: string | undefined;
  runtime: 'auto' | 'etcd' | 'asio';
  sizes: readonly number[];
  iters?: number;
  /** --warmup; undefined: a tenth of the timed iterations, at least 1. */
  warmup?: number;
  memory: 'DRAM' | 'VRAM';
  gpuCount: number;
  env: NodeJS.ProcessEnv;
}

/** nixlbench's own barriers poll etcd every 3 s; the survivor gets a few polls to follow its peer. */
const READY_MS = 60_000;
const PEER_GRACE_MS = 20_000;

/** The runtime to use: etcd when asked or when it is on PATH, else nixlbench's ASIO (v1.1.0+). */
export function pickRuntime(asked: NixlbenchPlan['runtime'], etcdBin: string | undefined): 'etcd' | 'asio' {
  if (asked !== 'auto') return asked;
  return etcdBin ? 'etcd' : 'asio';
}

function parse(lines: readonly string[] | undefined): NixlbenchResult | undefined {
  if (!lines || lines.every((l) => !l.trim())) return undefined;
  try {
    return parseNixlbench(lines.join('\n'));
  } catch {
    return undefined;
  }
}

/** The failure nixlbench itself reported: its kind (parsers/nixlbench.ts) and the line that shows it. */
function nixlFailure(role: string, r: NixlbenchResult | undefined): string | undefined {
  if (!r?.failure) return undefined;
  return `${role} ${r.failure.kind}: ${r.failure.text.trim().slice(0, 160)}`;
}

/**
 * The initiator (rank 0, prefill) and the target (decode) as two nixlbench
 * processes. With etcd, a throwaway etcd on loopback is started first and the
 * target only once the initiator holds rank 0; with ASIO, the first process to
 * listen on the ASIO port is rank 0.
 */
export async function runNixlbenchPair(plan: NixlbenchPlan, deps: RunDeps): Promise<EngineRun> {
  const pids: number[] = [];
  const group = `interconnect-test-${randomBytes(8).toString('hex')}`;
  const minBlock = Math.min(...plan.sizes);
  const maxBlock = Math.max(...plan.sizes);
  const devices = plan.memory === 'VRAM' ? visibleDevices(plan.gpuCount) : {};
  const envFor = (cuda: string | undefined) =>
    cuda ? { ...plan.env, CUDA_VISIBLE_DEVICES: cuda } : plan.env;
  const kind = pickRuntime(plan.runtime, plan.etcdBin);

  const run = await withDisposal(async (stack) => {
    let runtime: NixlRuntime;
    let ready: (p: RunningProc, signal: AbortSignal) => Promise<boolean>;
    if (kind === 'etcd') {
      if (!plan.etcdBin) throw new Error('etcd is not on PATH');
      deps.progress.update('starting a local etcd');
      const etcd = await startLocalEtcd({
        bin: plan.etcdBin,
        launcher: deps.launcher,
        stack,
        signal: AbortSignal.any([deps.interrupt, deps.deadline]),
        env: plan.env,
      });
      pids.push(etcd.proc.pid);
      runtime = { kind: 'etcd', endpoint: etcd.endpoint };
      let rank0 = false;
      ready = async (p, signal) => {
        p.onLine((l) => {
          if (RANK0_LINE.test(l)) rank0 = true;
        });
        if (p.lines().some((l) => RANK0_LINE.test(l))) rank0 = true;
        const got = await pollUntil(
          async () => {
            if (p.exitInfo()) return false;
            if (rank0 || (await etcdHasKey(etcd.endpoint, rankKey(group, 0), signal))) return true;
            return undefined;
          },
          { intervalMs: 100, timeoutMs: READY_MS, signal },
        );
        return got === true;
      };
    } else {
      const port = await freePort();
      runtime = { kind: 'asio', address: '127.0.0.1', port };
      ready = whenListening(port, 50, READY_MS);
    }
    const argv = nixlbenchArgv({
      bin: plan.bin,
      runtime,
      group,
      memory: plan.memory,
      minBlock,
      maxBlock,
      iters: plan.iters ?? NIXL_DEFAULT_ITERS,
      ...(plan.warmup !== undefined ? { warmup: plan.warmup } : {}),
    });
    deps.progress.update(`initiator and target, ${kind} runtime`);
    return runTwoProcs(
      {
        first: { name: 'initiator (prefill)', argv, env: envFor(devices.initiator) },
        second: { name: 'target (decode)', argv, env: envFor(devices.target) },
        ready,
        peerGraceMs: PEER_GRACE_MS,
      },
      procsEnv(deps, stack, pids),
    );
  }, warnTeardown(deps.progress));

  const initiator = parse(run.first?.lines);
  const target = parse(run.second?.lines);
  const rows = (initiator?.rows ?? []).map((r) => ({
    blockSize: r.blockSize,
    batchSize: r.batchSize,
    gbps: r.gbps,
    ...(r.avgLatUs !== undefined ? { avgLatUs: r.avgLatUs } : {}),
  }));
  const transports = [...new Set([...(initiator?.transports ?? []), ...(target?.transports ?? [])])];
  const lanes = [...new Set([...(initiator?.lanes ?? []), ...(target?.lanes ?? [])])];
  const hostOf = (r: NixlbenchResult | undefined) => r?.workers.find((w) => w.rank === r.rank)?.hostname;
  const hosts = {
    ...(hostOf(initiator) ? { initiator: hostOf(initiator) } : {}),
    ...(hostOf(target) ? { target: hostOf(target) } : {}),
  };
  const base = {
    rows,
    transports,
    lanes,
    pids,
    emulated: !!(initiator?.emulated || target?.emulated),
    sizesDone: rows.length,
    hosts,
    ...(initiator?.ucxVersion || target?.ucxVersion
      ? { ucxVersion: initiator?.ucxVersion ?? target?.ucxVersion }
      : {}),
  };
  if (run.outcome !== 'completed' && initiator?.completed && !initiator.failure) {
    // The whole table was printed, then a process hung (ai-dynamo/nixl#1999): the numbers stand.
    return {
      ...base,
      outcome: 'hung-after-results',
      problem: run.problem ?? 'a process hung after the results',
    };
  }
  const named = nixlFailure('initiator', initiator) ?? nixlFailure('target', target);
  if (run.outcome !== 'completed') {
    const problem = [run.problem, named].filter(Boolean).join('; ');
    return { ...base, outcome: run.outcome, ...(problem ? { problem } : {}) };
  }
  if (rows.length === 0)
    return { ...base, outcome: 'failed', problem: named ?? 'the initiator printed no result table' };
  return { ...base, outcome: 'completed' };
}
