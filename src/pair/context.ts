import type { CoreV1Event, KubernetesObject, V1Pod } from '@kubernetes/client-node';
import { after, type Clock, systemClock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import type { Measurement } from '../core/measurement.js';
import type { Check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { PodRole } from '../engines/types.js';
import type { NicPort } from '../judge/expectations.js';
import type { Cluster } from '../kube/cluster.js';
import { DeadlineError } from '../kube/errors.js';
import type { NodeView } from '../kube/nodes.js';
import type { PodSource } from '../kube/pod-cache.js';
import { DisposalStack } from '../procs/disposal.js';
import { newRunId } from '../scratch/names.js';
import type { PairConfig } from './options/config.js';
import { DEFAULT_PULL_TIMEOUT_MS } from './options/flags.js';
import type { PairPlan } from './plan/plan.js';
import type { ProbeSettings } from './plan/settings.js';
import type { RunProblem } from './pods/assess.js';

/** A short look at an API outage the run lived through: since when, how long in all, the last error. */
export interface ApiOutage {
  /** When the current outage began (undefined: the API answers now). */
  since?: number | undefined;
  /** All outages of this run together, ms (the current one included once it ends). */
  totalMs: number;
  lastError?: string | undefined;
}

/** What the steps learn and hand on. */
export interface PairState {
  checks: Check[];
  settings?: { prefill: ProbeSettings; decode: ProbeSettings } | undefined;
  /** Nodes of the DGD's prefill and decode workers, when --dgd was given. */
  dgdNodes?: { prefill?: string | undefined; decode?: string | undefined; from: string } | undefined;
  nodes?: NodeView[] | undefined;
  /** NIC ports the node probes saw on the prefill and decode nodes. */
  knownNics?: { prefill: NicPort[]; decode: NicPort[] } | undefined;
  plan?: PairPlan | undefined;
  objects?: KubernetesObject[] | undefined;
  /** Set by a step to end the run early; the report says why. */
  stop?: 'dry-run' | 'blocked' | 'no-nodes' | 'failed' | undefined;
  /** ms timestamps: when each pod was first seen Running, and when results were first complete. */
  runningSince: Partial<Record<PodRole, number>>;
  resultsSince?: number | undefined;
  problem?: RunProblem | undefined;
  pods: Partial<Record<PodRole, V1Pod>>;
  logs: Partial<Record<PodRole, string>>;
  /** When each pod's log was last read, and at which pod resourceVersion (a watched run reads less often). */
  logReads?: Partial<Record<PodRole, { resourceVersion?: string | undefined; at: number }>>;
  /** When each stuck pod's events were last read, and what they were (a watched run reads less often). */
  eventReads?: Partial<Record<PodRole, { pod: string; at: number; events: CoreV1Event[] }>>;
  measurement?: Measurement | undefined;
  /** Every leg's measurement, when the run measured both directions. */
  measurements?: Measurement[] | undefined;
  /** Something of this run was created (so its namespace existed): only then can it be deleted under us. */
  createdAny?: boolean | undefined;
  /**
   * kind/namespace/name of what may exist: created, or a create that failed on the wire (it may
   * have been stored). A create refused outright (403, 404) is not here: what teardown could not
   * confirm gone is only ever named from this.
   */
  mayExist: Set<string>;
  /** When the probe Jobs were created: --pull-timeout counts from here. */
  jobsCreatedAt?: number | undefined;
  /** Names of every pod of ours seen so far: one that vanishes was deleted by someone else. */
  seenPods: Set<string>;
  /** The API server's outages this run lived through (watch and create retries). */
  apiOutage: ApiOutage;
  /** What disturbed the run (not about the fabric): it ends with exit 2, never a verdict. */
  disturbed?: string | undefined;
  /** Wall time the probe containers themselves ran (first start → last finish), for `npm run bench`. */
  probeMs?: number | undefined;
  /** The nodes' Leases once held (steps/hold.ts); release is idempotent and deletes only what is still ours. */
  leases?: { nodes: string[]; release(signal: AbortSignal): Promise<void> } | undefined;
}

export interface PairContext {
  config: PairConfig;
  runId: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * The cluster, loaded on first use (a --dry-run with named nodes and a recipe
   * needs none), every call bounded by `signal` (Ctrl-C and --timeout).
   */
  cluster(): Promise<Cluster>;
  /** The same cluster bounded by another signal: teardown's own, after the run's signal fired. */
  clusterFor(signal: AbortSignal): Promise<Cluster>;
  progress: Progress;
  clock: Clock;
  /** Ctrl-C / SIGTERM. */
  interrupt: AbortSignal;
  /** Our own wall-clock limit (--timeout). */
  deadline: AbortSignal;
  /**
   * Pushes --timeout's deadline to at least `untilMs` (a clock time): while the probe pods are
   * still starting, the run's deadline is --timeout from now (it starts when both run).
   */
  extendDeadline(untilMs: number): void;
  /** Either of the two: what waits listen to. */
  signal: AbortSignal;
  stack: DisposalStack;
  pollMs: number;
  /** The sweep's shared pod watch, when there is one: pods come from it, not from a list per poll. */
  pods?: PodSource | undefined;
  /** Where --dry-run prints the manifests (stdout, in the chosen format). */
  printManifests(objects: readonly KubernetesObject[]): void;
  /** Once, when the run starts waiting for a node another run holds (a sweep shows it; its pairs' progress is silent). */
  onWaiting?: ((line: string) => void) | undefined;
  state: PairState;
}

/** One step of the run: kind's actions, one method each. */
export interface Step {
  /** Its name in `timing.steps` (ms each, for `npm run bench`). */
  name: string;
  title(ctx: PairContext): string;
  /** Skips the step when false. */
  when?(ctx: PairContext): boolean;
  run(ctx: PairContext): Promise<void>;
}

/** What the context is built from (`pair/run.ts` PairDeps adds what only the loop reads). */
export interface ContextDeps {
  /** Builds the cluster on first need; the run scopes it to its own signal (Ctrl-C, --timeout). */
  cluster: () => Promise<Cluster>;
  progress: Progress;
  /** Ctrl-C / SIGTERM. */
  signal: AbortSignal;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  printManifests: (objects: readonly KubernetesObject[]) => void;
  clock?: Clock;
  runId?: string;
  pollMs?: number;
  /** Once, when the run starts waiting for a node another run holds (steps/hold.ts). */
  onWaiting?: (line: string) => void;
  /** The sweep's one pod watch (src/kube/pod-cache.ts): the run reads its pods there instead of listing them. */
  pods?: PodSource | undefined;
}

/** A context ready for the steps, and what only the loop around them holds. */
export interface PairRun {
  ctx: PairContext;
  /** When the run began (ms, on ctx.clock). */
  started: number;
  /** The cluster if a step loaded one: teardown deletes through it, and never loads one. */
  loaded(): Cluster | undefined;
  /** Stops --timeout's timer (the run is over; teardown has its own budget). */
  stopDeadline(): void;
}

const DEFAULT_POLL_MS = 250;

/**
 * --timeout as a signal. It counts from when both probe pods run: until then the watch pushes it
 * on (extend), never past --pull-timeout plus --timeout from the start, the run's whole bound.
 */
function runDeadline(config: PairConfig, clock: Clock, started: number) {
  const ctl = new AbortController();
  let deadlineAt = started + config.timeoutMs;
  const lastDeadline = started + (config.pullTimeoutMs ?? DEFAULT_PULL_TIMEOUT_MS) + config.timeoutMs;
  let cancelTimer: () => void = () => {};
  const arm = (ms: number) => {
    cancelTimer = after(clock, ms, () => {
      if (clock.now() < deadlineAt) arm(deadlineAt - clock.now());
      else ctl.abort(new DeadlineError(`--timeout ${formatDuration(config.timeoutMs)} reached`));
    });
  };
  arm(config.timeoutMs);
  return {
    signal: ctl.signal,
    extend: (untilMs: number) => {
      if (!ctl.signal.aborted) deadlineAt = Math.max(deadlineAt, Math.min(untilMs, lastDeadline));
    },
    stop: () => cancelTimer(),
  };
}

/** The one context of a run (kind's NewActionContext): its deadline armed, its cluster not yet loaded. */
export function newPairRun(config: PairConfig, deps: ContextDeps): PairRun {
  const clock = deps.clock ?? systemClock;
  const started = clock.now();
  const deadline = runDeadline(config, clock, started);
  const signal = AbortSignal.any([deps.signal, deadline.signal]);
  let base: Promise<Cluster> | undefined;
  let loaded: Cluster | undefined;
  let scoped: Promise<Cluster> | undefined;
  const ctx: PairContext = {
    config,
    runId: deps.runId ?? newRunId(),
    cwd: deps.cwd,
    env: deps.env ?? process.env,
    cluster: () => {
      base ??= deps.cluster().then((c) => {
        loaded = c;
        return c;
      });
      scoped ??= base.then((c) => c.withSignal(signal));
      return scoped;
    },
    clusterFor: async (other) => {
      await ctx.cluster();
      return (loaded as Cluster).withSignal(other);
    },
    progress: deps.progress,
    clock,
    interrupt: deps.signal,
    deadline: deadline.signal,
    extendDeadline: deadline.extend,
    signal,
    stack: new DisposalStack(),
    pollMs: deps.pollMs ?? DEFAULT_POLL_MS,
    printManifests: deps.printManifests,
    onWaiting: deps.onWaiting,
    pods: deps.pods,
    state: {
      checks: [],
      runningSince: {},
      pods: {},
      logs: {},
      seenPods: new Set(),
      mayExist: new Set(),
      apiOutage: { totalMs: 0 },
    },
  };
  return { ctx, started, loaded: () => loaded, stopDeadline: deadline.stop };
}
