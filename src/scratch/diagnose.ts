import type { CoreV1Event, V1Pod } from '@kubernetes/client-node';
import { formatDuration } from '../core/duration.js';
import { sandboxProblem } from './sandbox.js';

/**
 * What is wrong with a probe pod, from its status and events alone: the
 * problems a user meets before the benchmark even runs. Pure; the watch step
 * feeds it what the API returned.
 */

export type PodProblemKind =
  | 'unschedulable'
  | 'image-pull'
  | 'container-config'
  | 'oom-killed'
  | 'crash-loop'
  | 'evicted'
  | 'deadline'
  | 'exited'
  /** Stuck in ContainerCreating: the node's CNI could not build the sandbox (sandbox.ts). */
  | 'sandbox';

export interface PodProblem {
  kind: PodProblemKind;
  detail: string;
  fix: string;
  /** The container's exit code, when it terminated. */
  exitCode?: number;
}

const IMAGE_PULL = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'ErrImageNeverPull',
  'RegistryUnavailable',
]);
const CONFIG = new Set([
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'StartError',
]);

/** The fix for a scheduler message, by what it complains about. */
export function unschedulableFix(message: string, resources: { rdma?: string | undefined } = {}): string {
  if (/Insufficient nvidia\.com\/gpu/.test(message)) {
    return 'no free GPU on the chosen node(s): the serving pods may hold them all; scale a worker down for the test, or pick nodes with free GPUs (--prefill-node/--decode-node)';
  }
  const name = /Insufficient ([\w./-]*[\w-])/.exec(message)?.[1];
  if (name && name !== 'cpu' && name !== 'memory' && name !== 'ephemeral-storage') {
    const mine = resources.rdma && name === resources.rdma;
    return `the node has no free ${name}${mine ? ' (the RDMA resource)' : ''}: check its device plugin (kubectl describe node), or pass --rdma-resource with the name the nodes advertise`;
  }
  if (/Insufficient (cpu|memory)/.test(message))
    return 'the node has too little free CPU or memory: lower --memory, or free capacity';
  if (/untolerated taint|had taint/.test(message)) {
    return 'the node has a taint the probe does not tolerate: add the toleration to the recipe/DGD (the probe copies its tolerations) or pick another node';
  }
  if (
    /didn't match Pod's node affinity|node\(s\) didn't match node selector|didn't match pod anti-affinity|didn't match pod affinity/.test(
      message,
    )
  ) {
    return 'the pinned node is wrong or not Ready, or both pods landed on one node in cross-node mode: check the node names (kubectl get nodes)';
  }
  if (/unschedulable|were unschedulable/.test(message))
    return 'the node is cordoned: uncordon it or pick another node';
  return 'read the scheduler message above; kubectl describe pod shows the same';
}

function latest(events: readonly CoreV1Event[], reason: RegExp): CoreV1Event | undefined {
  const hits = events.filter((e) => reason.test(e.reason ?? ''));
  const time = (e: CoreV1Event) =>
    new Date(
      e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp ?? 0,
    ).getTime();
  return hits.sort((a, b) => time(b) - time(a))[0];
}

function oneLine(s: string | undefined): string {
  return (s ?? '').replace(/\s+/g, ' ').trim();
}

/** The problem a pod shows, or undefined while it is fine (pending without complaint, running, succeeded). */
export function diagnosePod(
  pod: V1Pod,
  events: readonly CoreV1Event[] = [],
  resources: { rdma?: string | undefined } = {},
): PodProblem | undefined {
  const status = pod.status ?? {};
  const name = pod.metadata?.name ?? 'pod';
  if (status.reason === 'Evicted') {
    return {
      kind: 'evicted',
      detail: `${name} was evicted: ${oneLine(status.message)}`,
      fix: 'free node resources (memory, ephemeral storage) and rerun',
    };
  }
  if (status.reason === 'DeadlineExceeded') {
    return {
      kind: 'deadline',
      detail: `${name} ran past its activeDeadlineSeconds`,
      fix: 'raise --timeout, or find out why the benchmark did not finish',
    };
  }
  const sched = status.conditions?.find((c) => c.type === 'PodScheduled');
  if (status.phase === 'Pending' && sched?.status === 'False' && sched.reason === 'Unschedulable') {
    const message = oneLine(sched.message) || oneLine(latest(events, /FailedScheduling/)?.message);
    return {
      kind: 'unschedulable',
      detail: `${name} cannot be scheduled: ${message}`,
      fix: unschedulableFix(message, resources),
    };
  }
  for (const cs of status.containerStatuses ?? []) {
    const waiting = cs.state?.waiting;
    if (waiting?.reason && IMAGE_PULL.has(waiting.reason)) {
      const ev = latest(events, /^Failed$/);
      const msg = oneLine(ev?.message ?? waiting.message);
      return {
        kind: 'image-pull',
        detail: `${name} cannot pull image ${cs.image}: ${waiting.reason}${msg ? ` (${msg})` : ''}`,
        fix: 'check the image name and tag (--image), that the nodes can reach the registry, and the pull secret (--image-pull-secret)',
      };
    }
    if (waiting?.reason && CONFIG.has(waiting.reason)) {
      return {
        kind: 'container-config',
        detail: `${name} cannot start its container: ${waiting.reason}${waiting.message ? ` (${oneLine(waiting.message)})` : ''}`,
        fix: 'fix what the message names (a missing ConfigMap/Secret, a bad command, a device the runtime cannot mount)',
      };
    }
    if (waiting?.reason === 'CrashLoopBackOff') {
      return {
        kind: 'crash-loop',
        detail: `${name} keeps crashing (CrashLoopBackOff)`,
        fix: 'read its log: the benchmark exits at start',
      };
    }
    const term = cs.state?.terminated ?? (status.phase === 'Failed' ? cs.lastState?.terminated : undefined);
    if (term?.reason === 'OOMKilled') {
      return {
        kind: 'oom-killed',
        detail: `${name} was OOMKilled (exit ${term.exitCode}): out of memory`,
        fix: 'raise --memory (nixlbench allocates its whole --total_buffer_size; DRAM runs need more than that in pod memory)',
        exitCode: term.exitCode,
      };
    }
    if (term && term.exitCode !== 0) {
      return {
        kind: 'exited',
        detail: `${name} exited with code ${term.exitCode}${term.reason && term.reason !== 'Error' ? ` (${term.reason})` : ''}`,
        fix: 'read its log for the cause',
        exitCode: term.exitCode,
      };
    }
  }
  return sandboxProblem(pod, events);
}

/** `Pending (ContainerCreating)`, `Running`, `Succeeded`, … for progress lines. */
/**
 * `Running`, `Pending (ContainerCreating, 1m20s)`: with `now`, a pod that has
 * not started says for how long (scheduling and image pull show here).
 */
export function podStateLine(pod: V1Pod | undefined, now?: number): string {
  if (!pod) return 'not created yet';
  const phase = pod.status?.phase ?? 'Pending';
  const cs = pod.status?.containerStatuses?.[0];
  const why = cs?.state?.waiting?.reason ?? cs?.state?.terminated?.reason;
  const created = pod.metadata?.creationTimestamp ? new Date(pod.metadata.creationTimestamp).getTime() : NaN;
  const pending = phase === 'Pending' && now !== undefined && Number.isFinite(created);
  const what = [
    why && why !== phase ? why : '',
    !pod.spec?.nodeName && phase === 'Pending' && !why ? 'not scheduled yet' : '',
    pending ? formatDuration(Math.max(0, (now as number) - created)) : '',
  ].filter(Boolean);
  return what.length ? `${phase} (${what.join(', ')})` : phase;
}

/**
 * `pulling nvcr.io/…:1.2.0 on gpu-b: 3m12s`: a scheduled pod whose kubelet said Pulling
 * (and no Pulled since), timed from that event; undefined otherwise.
 */
export function pullingLine(
  pod: V1Pod | undefined,
  events: readonly CoreV1Event[],
  now: number,
): string | undefined {
  if (!pod?.spec?.nodeName || pod.status?.phase !== 'Pending') return undefined;
  const pulling = latest(events, /^Pulling$/);
  if (!pulling) return undefined;
  const pulled = latest(events, /^Pulled$/);
  const t = (e: CoreV1Event | undefined) =>
    e ? new Date(e.firstTimestamp ?? e.eventTime ?? e.metadata?.creationTimestamp ?? 0).getTime() : NaN;
  if (pulled && t(pulled) >= t(pulling)) return undefined;
  const image =
    /image "([^"]+)"/.exec(pulling.message ?? '')?.[1] ?? pod.spec.containers?.[0]?.image ?? 'the image';
  const since = t(pulling);
  const took = Number.isFinite(since) ? `: ${formatDuration(Math.max(0, now - since))}` : '';
  return `pulling ${image} on ${pod.spec.nodeName}${took}`;
}

/** The container finished: exit code when it did, undefined while it runs. */
export function exitCodeOf(pod: V1Pod | undefined): number | undefined {
  const term = pod?.status?.containerStatuses?.[0]?.state?.terminated;
  if (term) return term.exitCode;
  if (pod?.status?.phase === 'Succeeded') return 0;
  if (pod?.status?.phase === 'Failed') return 1;
  return undefined;
}

export function nodeOf(pod: V1Pod | undefined): string | undefined {
  return pod?.spec?.nodeName || undefined;
}
