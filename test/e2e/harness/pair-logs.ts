/**
 * The logs kwok "prints" for a pair run's probe pods (ClusterLogs for the run's
 * scratch namespace, whose name is fixed with INTERCONNECT_TEST_RUN_ID), and
 * the nixlbench target's start-up lines: shared by the pair and fault suites.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { KubernetesObject } from '@kubernetes/client-node';
import { toCriLog } from '../../../src/core/cri-log.js';
import type { TestEnv } from './env.js';

export const PREFILL_NODE = 'gpu-node-0';
export const DECODE_NODE = 'gpu-node-2';

/** What a nixlbench target prints (it never prints a table): start-up lines, as in nixlbench.md §3. */
export const TARGET_LOG = `WARNING: Adjusting num_iter to 1008 to allow equal distribution to 1 threads
WARNING: Adjusting warmup_iter to 112 to allow equal distribution to 1 threads
Connecting to ETCD at http://etcd:2379
ETCD Runtime: Registered as rank 1 item 2 of 2
Init nixl worker, dev all rank 1, type target, hostname ${DECODE_NODE}
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
All processes are ready to proceed
`;

export type PairLogs = { prefill?: string; decode?: string; 'intra-node'?: string };

export function newE2eRunId(): string {
  return `e2e${randomBytes(3).toString('hex')}`;
}

/** A text as a kwok log file (CRI format) in `dir`. */
export function criFile(dir: string, name: string, text: string): string {
  const f = path.join(dir, `${name}-${randomBytes(3).toString('hex')}.log`);
  writeFileSync(f, toCriLog(text));
  return f;
}

/** The probe pods of run `runId` print these logs (by container name: prefill, decode). */
export async function declarePairLogs(
  e: TestEnv,
  dir: string,
  runId: string,
  logs: PairLogs,
  namespace = `itest-pair-${runId}`,
): Promise<void> {
  const entries = (['prefill', 'decode', 'intra-node'] as const)
    .filter((r) => logs[r] !== undefined)
    .map((r) => ({ containers: [r], logsFile: criFile(dir, `${runId}-${r}`, logs[r] as string) }));
  await e.createObject({
    apiVersion: 'kwok.x-k8s.io/v1alpha1',
    kind: 'ClusterLogs',
    metadata: { name: `pair-${runId}`, labels: e.labels() },
    spec: { selector: { matchNamespaces: [namespace] }, logs: entries },
  } as KubernetesObject);
}
