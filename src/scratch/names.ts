import { randomBytes } from 'node:crypto';
import { ToolError } from '../core/errors.js';
import { LABEL, MANAGED_SELECTOR, TOOL } from '../core/labels.js';

/** On each probe pod: every leg it runs, `decode:READ prefill:WRITE` (initiator:operation). */
export const LEGS_ANNOTATION = 'interconnect-test/transfer-legs';
/** On every object: the command that made it, for people reading `kubectl get -o yaml`. */
export const CREATED_BY_ANNOTATION = 'interconnect-test/created-by';

export type Component =
  | 'prefill'
  | 'decode'
  | 'etcd'
  | 'intra-node'
  | 'namespace'
  | 'nixl-probe'
  /** A NetworkAttachmentDefinition copied into the scratch namespace (network-copies.ts). */
  | 'network'
  /** DRA claim sources made in the scratch namespace (claim-values.ts). */
  | 'claims';

/** A run id: 8 lower-case base-36 characters, valid in names and label values. */
export function newRunId(bytes: () => Buffer = () => randomBytes(6)): string {
  const n = bytes().readUIntBE(0, 6);
  return n.toString(36).padStart(10, '0').slice(-8);
}

/**
 * What `gc --run` accepts as a run id: newRunId's 8 characters, a sweep pair's (`<sweep id>p<index>`),
 * or one fixed with INTERCONNECT_TEST_RUN_ID (1 to 12 lower-case letters and digits).
 */
export const RUN_ID_PATTERN = /^[a-z0-9]{1,12}$/;
/** A sweep's own id: 1 to 8 of the same characters, so each pair's `<sweep id>p<index>` is still a run id. */
const SWEEP_ID_PATTERN = /^[a-z0-9]{1,8}$/;

/**
 * THE rule for a run id fixed with INTERCONNECT_TEST_RUN_ID (tests, and CI jobs that want
 * the namespace name up front): a pair's is a run id, a sweep's leaves room for its pairs'
 * suffix. Undefined when unset; a wrong one is bad input (exit 2).
 */
export function fixedRunId(env: NodeJS.ProcessEnv, what: 'pair' | 'sweep'): string | undefined {
  const id = env.INTERCONNECT_TEST_RUN_ID;
  if (id === undefined || id === '') return undefined;
  if (what === 'pair' ? RUN_ID_PATTERN.test(id) : SWEEP_ID_PATTERN.test(id)) return id;
  throw new ToolError(
    `INTERCONNECT_TEST_RUN_ID=${id} is not a ${what === 'pair' ? 'run id' : 'sweep run id'}`,
    {
      fix:
        what === 'pair'
          ? 'use 1 to 12 lower-case letters and digits'
          : 'use 1 to 8 lower-case letters and digits (each pair adds p<index>)',
    },
  );
}

export function runSelector(runId: string): string {
  return `${MANAGED_SELECTOR},${LABEL.runId}=${runId}`;
}

export function labelsFor(runId: string, component: Component): Record<string, string> {
  return {
    [LABEL.managedBy]: TOOL,
    [LABEL.name]: TOOL,
    [LABEL.partOf]: TOOL,
    [LABEL.component]: component,
    [LABEL.instance]: `pair-${runId}`,
    [LABEL.runId]: runId,
  };
}

export interface ObjectNames {
  namespace: string;
  etcd: string;
  prefill: string;
  decode: string;
  intra: string;
  /** The ConfigMap that carries the nixl probe. */
  nixlProbe: string;
}

export function objectNames(runId: string, scratchNamespace?: string): ObjectNames {
  const base = `itest-${runId}`;
  return {
    namespace: scratchNamespace ?? `itest-pair-${runId}`,
    etcd: `${base}-etcd`,
    prefill: `${base}-prefill`,
    decode: `${base}-decode`,
    intra: `${base}-intra`,
    nixlProbe: `${base}-nixl-probe`,
  };
}

/** The nixlbench etcd group for one attempt: fresh per attempt, so stale keys never poison a rerun. */
export function benchmarkGroup(runId: string, attempt: number): string {
  return `itest-${runId}-a${attempt}`;
}
