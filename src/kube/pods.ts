import type { V1Pod } from '@kubernetes/client-node';
import { ToolError } from '../core/errors.js';
import type { Cluster } from './cluster.js';

/** The two Cluster calls pod lookup needs. */
export type PodApi = Pick<Cluster, 'getPod' | 'listPods'>;

/** kubectl's own annotation naming the container `kubectl exec` picks by default. */
export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

export interface PodRef {
  namespace: string;
  name: string;
}

export function getPod(api: PodApi, ref: PodRef): Promise<V1Pod> {
  return api.getPod(ref.namespace, ref.name);
}

export function podName(pod: V1Pod): string {
  return `${pod.metadata?.namespace ?? '?'}/${pod.metadata?.name ?? '?'}`;
}

/**
 * The container to exec into: the one asked for (it must exist), else kubectl's
 * default-container annotation, else the operator's `main`, else the only or first one.
 */
export function chooseContainer(pod: V1Pod, requested?: string): string {
  const names = (pod.spec?.containers ?? []).map((c) => c.name);
  if (requested) {
    if (names.includes(requested)) return requested;
    const init = (pod.spec?.initContainers ?? []).some((c) => c.name === requested);
    throw new ToolError(
      `container "${requested}" is not in pod ${podName(pod)}${init ? ' (it is an init container, which has exited)' : ''}`,
      { fix: `use one of: ${names.join(', ') || '(none)'}` },
    );
  }
  const annotated = pod.metadata?.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (annotated && names.includes(annotated)) return annotated;
  if (names.includes('main')) return 'main';
  const first = names[0];
  if (!first) throw new ToolError(`pod ${podName(pod)} has no containers`, { fix: 'choose another pod' });
  return first;
}

/** Why a pod or its container cannot be exec'd into, or undefined when it can. */
export function notRunningReason(pod: V1Pod, container: string): string | undefined {
  const phase = pod.status?.phase ?? 'Unknown';
  if (pod.metadata?.deletionTimestamp) return 'is terminating';
  if (phase !== 'Running') {
    const why =
      pod.status?.reason ??
      waitingReason(pod) ??
      pod.status?.conditions?.find((c) => c.status === 'False')?.reason;
    return `is ${phase}${why ? ` (${why})` : ''}, not Running`;
  }
  const cs = pod.status?.containerStatuses?.find((c) => c.name === container);
  if (cs && !cs.state?.running) {
    const w =
      cs.state?.waiting?.reason ??
      (cs.state?.terminated ? `terminated: ${cs.state.terminated.reason ?? 'exited'}` : undefined);
    return `has container ${container} not running${w ? ` (${w})` : ''}`;
  }
  return undefined;
}

function waitingReason(pod: V1Pod): string | undefined {
  return pod.status?.containerStatuses?.map((c) => c.state?.waiting?.reason).find(Boolean);
}

export function assertRunning(pod: V1Pod, container: string): void {
  const why = notRunningReason(pod, container);
  if (why) {
    throw new ToolError(`pod ${podName(pod)} ${why}`, {
      fix: `wait for it to run or pick another pod (kubectl describe pod ${pod.metadata?.name} -n ${pod.metadata?.namespace})`,
    });
  }
}
