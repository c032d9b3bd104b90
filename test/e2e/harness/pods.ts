/** The pods and Jobs a TestEnv creates: their options and manifests. */
import type {
  V1Container,
  V1Job,
  V1Pod,
  V1ResourceRequirements,
  V1Toleration,
} from '@kubernetes/client-node';
import { type SimBehaviour, simAnnotations } from './cluster.js';
import type { ExecBehaviour, ExecOptions, LogSource } from './kwok.js';

export interface PodOptions {
  name: string;
  /** Pin to this node (spec.nodeName is NOT set: the real scheduler still decides, via nodeSelector). */
  node?: string;
  image?: string;
  containerName?: string;
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  sim?: SimBehaviour;
  resources?: V1ResourceRequirements;
  tolerations?: V1Toleration[];
  nodeSelector?: Record<string, string>;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  serviceAccountName?: string;
  /** The container's log (kwok Logs object named after the pod). */
  logs?: LogSource | LogSource[];
  /** Commands runnable with exec in this pod (kwok Exec object named after the pod). */
  exec?: Record<string, ExecBehaviour>;
  execOptions?: ExecOptions;
}

export interface JobOptions {
  name: string;
  image?: string;
  containerName?: string;
  sim?: SimBehaviour;
  resources?: V1ResourceRequirements;
  tolerations?: V1Toleration[];
  nodeSelector?: Record<string, string>;
  backoffLimit?: number;
  completions?: number;
  parallelism?: number;
  ttlSecondsAfterFinished?: number;
  activeDeadlineSeconds?: number;
  /** Logs of every pod of this Job, by container name (kwok ClusterLogs scoped to the namespace). */
  logs?: LogSource | LogSource[];
  /** Commands runnable with exec in the Job's pods (kwok ClusterExec scoped to the namespace). */
  exec?: Record<string, ExecBehaviour>;
  execOptions?: ExecOptions;
}

function container(
  opts: { image?: string; containerName?: string; resources?: V1ResourceRequirements },
  fallbackName: string,
): V1Container {
  const c: V1Container = {
    name: opts.containerName ?? fallbackName,
    image: opts.image ?? 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.5.0',
    command: ['sleep', 'infinity'],
  };
  if (opts.resources) c.resources = opts.resources;
  return c;
}

/** The pod `opts` describe, with `labels` (the TestEnv's, plus the pod's own). */
export function podManifest(opts: PodOptions, labels: Record<string, string>): V1Pod {
  const nodeSelector = { ...(opts.nodeSelector ?? {}) };
  if (opts.node) nodeSelector['kubernetes.io/hostname'] = opts.node;
  return {
    metadata: {
      name: opts.name,
      labels,
      annotations: { ...simAnnotations(opts.sim), ...(opts.annotations ?? {}) },
    },
    spec: {
      restartPolicy: opts.restartPolicy ?? 'Always',
      containers: [container(opts, 'main')],
      nodeSelector,
      tolerations: opts.tolerations ?? [],
      terminationGracePeriodSeconds: 1,
      ...(opts.serviceAccountName ? { serviceAccountName: opts.serviceAccountName } : {}),
    },
  };
}

/** The Job `opts` describe, its container named `containerName`, with the TestEnv's `labels`. */
export function jobManifest(opts: JobOptions, containerName: string, labels: Record<string, string>): V1Job {
  return {
    metadata: { name: opts.name, labels },
    spec: {
      backoffLimit: opts.backoffLimit ?? 0,
      ...(opts.completions !== undefined ? { completions: opts.completions } : {}),
      ...(opts.parallelism !== undefined ? { parallelism: opts.parallelism } : {}),
      ...(opts.ttlSecondsAfterFinished !== undefined
        ? { ttlSecondsAfterFinished: opts.ttlSecondsAfterFinished }
        : {}),
      activeDeadlineSeconds: opts.activeDeadlineSeconds ?? 600,
      template: {
        metadata: { labels, annotations: simAnnotations(opts.sim) },
        spec: {
          restartPolicy: 'Never',
          containers: [container(opts, containerName)],
          nodeSelector: opts.nodeSelector ?? {},
          tolerations: opts.tolerations ?? [],
          terminationGracePeriodSeconds: 1,
        },
      },
    },
  };
}
