import { describe, it, type TestContext } from 'vitest';
import { findOnPath } from '../../src/procs/path.js';

/**
 * Real tools some tests run, and how to install each. A test that needs one
 * SKIPS on a developer machine without it, but FAILS in CI (CI=true), naming
 * the tool and its install command: CI must run every test, and a skipped real
 * transfer there would hide a broken install behind a green run.
 */
export const TOOL_INSTALL = {
  ucx_perftest: 'apt-get install ucx-utils',
  etcd: 'apt-get install etcd-server',
  etcdctl: 'apt-get install etcd-client',
  ip: 'apt-get install iproute2',
  iptables: 'apt-get install iptables',
  'prometheus-pushgateway': 'apt-get install prometheus-pushgateway',
  chromium: 'apt-get install chromium',
  shellcheck: 'apt-get install shellcheck',
} as const;

export type ToolName = keyof typeof TOOL_INSTALL;

/** True in CI (the CI environment variable is "true", as CI systems and .ci/run set it). */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === 'true';
}

/** Where `name` is on this PATH, or undefined. */
export function hasTool(name: ToolName): string | undefined {
  return findOnPath(name, process.env.PATH);
}

/** The path of a tool a test needs; throws when it is missing (use after requireTools / in describeWithTools). */
export function toolPath(name: ToolName): string {
  const p = hasTool(name);
  if (!p) throw new Error(missingMessage([name]));
  return p;
}

/** The tools of `names` not on PATH. */
export function missingTools(names: readonly ToolName[]): ToolName[] {
  return names.filter((n) => !hasTool(n));
}

/** "ucx_perftest is not on PATH (install: apt-get install ucx-utils)", one clause per tool. */
export function missingMessage(missing: readonly ToolName[]): string {
  return missing.map((n) => `${n} is not on PATH (install: ${TOOL_INSTALL[n]})`).join('; ');
}

/**
 * `describe` for tests that need real tools: runs them when every tool is on
 * PATH; otherwise skips them, or in CI replaces them with one failing test
 * that says which tool is missing and how to install it.
 */
export function describeWithTools(tools: readonly ToolName[], title: string, body: () => void): void {
  const missing = missingTools(tools);
  if (missing.length === 0) {
    describe(title, body);
  } else if (inCi()) {
    describe(title, () => {
      it(`needs ${missing.join(', ')}`, () => {
        throw new Error(`${missingMessage(missing)}; CI must have it (CI=true)`);
      });
    });
  } else {
    describe.skip(`${title} (skipped: ${missingMessage(missing)})`, body);
  }
}

/**
 * Inside one test: skip it (locally) or fail it (in CI) when a tool is missing.
 * `it('...', (ctx) => { requireTools(ctx, 'ucx_perftest'); ... })`.
 */
export function requireTools(ctx: Pick<TestContext, 'skip'>, ...tools: ToolName[]): void {
  const missing = missingTools(tools);
  if (missing.length === 0) return;
  if (inCi()) throw new Error(`${missingMessage(missing)}; CI must have it (CI=true)`);
  ctx.skip(missingMessage(missing));
}
