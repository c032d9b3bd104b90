/**
 * The label keys on everything this tool creates (scratch objects, node Leases), low in the
 * stack so that every layer that writes an object names it the same way (src/scratch/names.ts
 * builds the per-run sets from these).
 */

export const TOOL = 'interconnect-test';

export const LABEL = {
  managedBy: 'app.kubernetes.io/managed-by',
  name: 'app.kubernetes.io/name',
  component: 'app.kubernetes.io/component',
  instance: 'app.kubernetes.io/instance',
  partOf: 'app.kubernetes.io/part-of',
  runId: 'interconnect-test/run-id',
  /** `initiator` or `target`: the pod's side of the (first) transfer. */
  transferRole: 'interconnect-test/transfer-role',
} as const;

/** Selector for everything this tool ever created. */
export const MANAGED_SELECTOR = `${LABEL.managedBy}=${TOOL}`;
