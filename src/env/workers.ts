import type { V1Pod } from '@kubernetes/client-node';
import { ToolError } from '../core/errors.js';
import { chooseContainer, notRunningReason, type PodApi, podName } from '../kube/pods.js';
import { roleFromOperatorLabels } from './dgd.js';

/**
 * A DynamoGraphDeployment's worker pods, found by the operator's labels and
 * split by role with the same label reader `env` uses (dgd.ts): what `node
 * --dgd`, `pair --dgd` and `sweep --dgd` run on.
 */

/** Operator labels (ai-dynamo/dynamo deploy/operator/internal/consts/consts.go). */
export const DGD_LABEL = 'nvidia.com/dynamo-graph-deployment-name';
export const COMPONENT_TYPE_LABEL = 'nvidia.com/dynamo-component-type';
export const SUB_COMPONENT_TYPE_LABEL = 'nvidia.com/dynamo-sub-component-type';
export type WorkerRole = 'prefill' | 'decode';

/**
 * A worker pod's disaggregation role. The operator itself reads
 * dynamo-component-type and, when that is `worker` (alpha-era selectors),
 * falls back to dynamo-sub-component-type (dynamo_model_controller.go).
 */
export function roleOf(pod: V1Pod): WorkerRole | undefined {
  // The one reader of operator labels, shared with `env` (src/env/dgd.ts).
  const role = roleFromOperatorLabels(pod.metadata?.labels ?? {});
  return role === 'prefill' || role === 'decode' ? role : undefined;
}

export interface DgdWorkers {
  prefill: V1Pod[];
  decode: V1Pod[];
  /** Pods of the graph that are neither (frontend, planner, untyped workers). */
  other: V1Pod[];
}

/** Splits a DGD's pods by role, each list sorted by name. */
export function splitWorkers(pods: readonly V1Pod[]): DgdWorkers {
  const out: DgdWorkers = { prefill: [], decode: [], other: [] };
  for (const p of pods) {
    const role = roleOf(p);
    (role ? out[role] : out.other).push(p);
  }
  const byName = (a: V1Pod, b: V1Pod) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? '');
  out.prefill.sort(byName);
  out.decode.sort(byName);
  out.other.sort(byName);
  return out;
}

/** Lists the pods a DynamoGraphDeployment owns (by the operator's label) and splits them by role. */
export async function findDgdWorkers(api: PodApi, namespace: string, dgd: string): Promise<DgdWorkers> {
  const labelSelector = `${DGD_LABEL}=${dgd}`;
  const items = await api.listPods(namespace, labelSelector);
  const workers = splitWorkers(items);
  if (items.length === 0) {
    throw new ToolError(`no pods labelled ${labelSelector} in namespace ${namespace}`, {
      fix: `check the DGD name and namespace (kubectl get dynamographdeployments -n ${namespace})`,
    });
  }
  const missing = (['prefill', 'decode'] as const).filter((r) => workers[r].length === 0);
  if (missing.length > 0) {
    const seen = items.map(
      (p) => `${p.metadata?.name} (${p.metadata?.labels?.[COMPONENT_TYPE_LABEL] ?? 'no type'})`,
    );
    throw new ToolError(
      `DynamoGraphDeployment ${dgd} in namespace ${namespace} has no ${missing.join(' or ')} worker pods (found: ${seen.join(', ')})`,
      {
        fix: `a disaggregated graph needs pods labelled ${COMPONENT_TYPE_LABEL}=prefill and =decode (or worker + ${SUB_COMPONENT_TYPE_LABEL}); pass --pod for others`,
      },
    );
  }
  return workers;
}

/**
 * The pods to probe for one role: the first Running one (by name), or every
 * Running one with allPods. Pods that are not Running are returned apart so
 * the report can say they were left out; no Running pod at all is an error.
 */
export function pickRunning(
  pods: readonly V1Pod[],
  role: WorkerRole,
  container: string | undefined,
  allPods: boolean,
): { picked: { pod: V1Pod; container: string }[]; leftOut: { pod: V1Pod; why: string }[] } {
  const picked: { pod: V1Pod; container: string }[] = [];
  const leftOut: { pod: V1Pod; why: string }[] = [];
  for (const pod of pods) {
    const c = chooseContainer(pod, container);
    const why = notRunningReason(pod, c);
    if (why) leftOut.push({ pod, why });
    else if (allPods || picked.length === 0) picked.push({ pod, container: c });
  }
  if (picked.length === 0) {
    const first = leftOut[0];
    throw new ToolError(
      `no Running ${role} pod: ${leftOut.map((l) => `${podName(l.pod)} ${l.why}`).join('; ')}`,
      {
        fix: `wait for the ${role} workers to run (kubectl get pods -n ${first?.pod.metadata?.namespace} -l ${DGD_LABEL})`,
      },
    );
  }
  return { picked, leftOut };
}
