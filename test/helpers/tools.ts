import { findOnPath } from '../../src/procs/path.js';
import { type Precondition, precondition } from './preconditions.js';

/**
 * Real tools some tests run, and how to install each. A test that needs one
 * says so with the one guard, test/helpers/preconditions.ts:
 * `describeNeeding([tools('ucx_perftest')], ...)` or `need(ctx, tools('ip'))`:
 * skipped on a developer machine without it, a failure in CI (CI=true) naming
 * the tool and its install command.
 */
export const TOOL_INSTALL = {
  ucx_perftest: 'apt-get install ucx-utils',
  etcd: 'apt-get install etcd-server',
  etcdctl: 'apt-get install etcd-client',
  ip: 'apt-get install iproute2',
  gcc: 'apt-get install gcc',
  iptables: 'apt-get install iptables',
  openssl: 'apt-get install openssl',
  'prometheus-pushgateway': 'apt-get install prometheus-pushgateway',
  promtool: 'apt-get install prometheus (only its promtool is used)',
  prometheus: 'apt-get install prometheus',
  chromium: 'apt-get install chromium',
  shellcheck: 'apt-get install shellcheck',
  zsh: 'apt-get install zsh',
  fish: 'apt-get install fish',
  // env renders kustomize directories with it (src/env/kustomize.ts); .ci/run puts the one it builds on PATH when none is.
  kubectl:
    'the kubectl package (this machine image has it), or bash scripts/cluster/build.sh and its bin directory on PATH',
  // env's fallback renderer when kubectl is absent (src/env/kustomize.ts); .ci/run puts it on PATH.
  kustomize: 'bash scripts/kustomize.sh (builds the pinned one) and the directory it prints on PATH',
} as const;

export type ToolName = keyof typeof TOOL_INSTALL;

/** Where `name` is on this PATH, or undefined. */
export function hasTool(name: ToolName): string | undefined {
  return findOnPath(name, process.env.PATH);
}

/** The path of a tool a test needs; throws when it is missing (use behind a tools() guard). */
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

/** The precondition "these tools are on PATH". */
export function tools(...names: ToolName[]): Precondition {
  const missing = missingTools(names);
  return precondition(`${names.join(', ')} on PATH`, missing.length ? missingMessage(missing) : undefined);
}
