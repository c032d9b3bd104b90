import { describe, it, type TestContext } from 'vitest';

/**
 * The one guard for what a test needs from its environment: a tool on PATH,
 * network namespaces, a NIXL venv, the local test control plane, two real
 * nodes. Where a precondition does not hold, the test SKIPS on a developer
 * machine, saying why and how to fix it, and FAILS in CI (CI=true), naming the
 * precondition: CI must run every test, and a skip there would hide a broken
 * set-up behind a green run.
 *
 *   describeNeeding([tools('ucx_perftest')], 'real transfers', () => { ... });
 *   it('...', (ctx) => { need(ctx, netns(link)); ... });
 */
export interface Precondition {
  /** What the test needs, e.g. "ucx_perftest on PATH". */
  readonly what: string;
  /** Why it does not hold here, with the fix; undefined when it holds. */
  readonly problem: string | undefined;
}

/** A precondition `what` that holds unless `problem` says why not. */
export function precondition(what: string, problem: string | undefined): Precondition {
  return { what, problem };
}

/** True in CI (the CI environment variable is "true", as CI systems and .ci/run set it). */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === 'true';
}

/** The preconditions of `pre` that do not hold. */
export function unmet(pre: readonly Precondition[]): Precondition[] {
  return pre.filter((p) => p.problem !== undefined);
}

/** "needs X: why; needs Y: why", one clause per unmet precondition. */
export function unmetMessage(pre: readonly Precondition[]): string {
  return unmet(pre)
    .map((p) => `needs ${p.what}: ${p.problem}`)
    .join('; ');
}

/** The error a test fails with in CI when a precondition does not hold. */
export function ciFailure(pre: readonly Precondition[]): Error {
  return new Error(`${unmetMessage(pre)} (CI=true: a precondition that does not hold fails, never skips)`);
}

/**
 * Inside one test: returns when every precondition holds; otherwise fails the
 * test in CI, or skips it (with the reason, also printed) elsewhere.
 * `it('...', (ctx) => { need(ctx, tools('ip', 'iptables'), netns(link)); ... })`.
 */
export function need(ctx: SkipContext, ...pre: Precondition[]): void {
  if (unmet(pre).length === 0) return;
  if (inCi()) throw ciFailure(pre);
  const why = unmetMessage(pre);
  console.warn(`skipped: ${why}`);
  // The reason in the task's meta too: the JSON report carries it, and the fresh-clone check
  // (scripts/fresh-clone-check.mjs) accepts a skip only with one.
  if (ctx.task) (ctx.task.meta as Record<string, unknown>)[SKIP_REASON] = why;
  ctx.skip(why);
}

/** The meta key of a skipped test's reason (need()), read by scripts/fresh-clone-check.mjs. */
export const SKIP_REASON = 'skipReason';

/** What need() uses of vitest's test context: skip(), and the task whose meta takes the reason. */
export type SkipContext = Pick<TestContext, 'skip'> & { task?: { meta: object } };

/**
 * `describe` for tests that all need `pre`: runs them when every precondition
 * holds; otherwise skips them, the reason in the title (and printed), or in CI
 * replaces them with one failing test that names what is missing. Preconditions
 * are read when the file is collected: for one set up in beforeAll, use need().
 */
export function describeNeeding(pre: readonly Precondition[], title: string, body: () => void): void {
  const missing = unmet(pre);
  if (missing.length === 0) {
    describe(title, body);
  } else if (inCi()) {
    describe(title, () => {
      it(`needs ${missing.map((p) => p.what).join(', ')}`, () => {
        throw ciFailure(pre);
      });
    });
  } else {
    const why = unmetMessage(pre);
    console.warn(`skipped "${title}": ${why}`);
    describe.skip(`${title} (skipped: ${why})`, body);
  }
}

/** What `netns()` reads: the veth pair of test/helpers/netns.ts, or anything with its `problem`. */
export interface NetnsSetUp {
  problem: string | undefined;
}

/** Network namespaces of our own (root and `ip netns`), as vethPair() set them up (undefined: not set up). */
export function netns(link: NetnsSetUp | undefined): Precondition {
  return precondition(
    'network namespaces (root and ip netns)',
    link ? link.problem : 'not set up (the beforeAll that creates them did not run)',
  );
}

/** The e2e cluster is the local test control plane (npm run cluster:up), not some other cluster. */
export function localControlPlane(isLocal: boolean): Precondition {
  return precondition(
    'the local test control plane',
    isLocal
      ? undefined
      : '$KUBECONFIG names a cluster without the ConfigMap kube-public/interconnect-test-cluster of ' +
          'scripts/cluster/up.sh (start it with npm run cluster:up and export the KUBECONFIG=... line it prints)',
  );
}

/** At least two real nodes in the local cluster (scripts/cluster/real-nodes.sh). */
export function twoRealNodes(nodes: readonly string[]): Precondition {
  return precondition(
    'two real nodes',
    nodes.length >= 2
      ? undefined
      : `the cluster has ${nodes.length === 0 ? 'no real nodes' : `only ${nodes.join(', ')}`} ` +
          '(scripts/cluster/up.sh starts real-0 and real-1 unless CLUSTER_REAL_NODES=0)',
  );
}
