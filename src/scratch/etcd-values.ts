import { z } from 'zod';
import { LABEL } from '../core/labels.js';
import { labelsFor } from './names.js';

/**
 * The typed input of templates/etcd.yaml.hbs and templates/namespace.yaml.hbs:
 * what every run makes before its probes, a pair's own or a sweep's shared one.
 */

const Str = z.string().min(1);
const Record = z.record(z.string(), z.string());

/** The port every run's etcd listens on (etcd's own default client port). */
export const ETCD_PORT = 2379;

export const EtcdValuesSchema = z.strictObject({
  name: Str,
  namespace: Str,
  labels: Record,
  annotations: Record,
  podAnnotations: Record,
  selector: Record,
  image: Str,
  port: z.number().int().positive(),
  listenArg: Str,
  advertiseArg: Str,
  activeDeadlineSeconds: z.number().int().positive(),
  tolerations: z.array(z.record(z.string(), z.unknown())),
  /** The probe image's own etcd: pinned to the prefill node, with the probe's pull secrets. */
  node: Str.optional(),
  imagePullSecrets: z.array(z.strictObject({ name: Str })),
});

export type EtcdValues = z.infer<typeof EtcdValuesSchema>;

/** A scratch namespace's values: name, labels and annotations. */
export interface NamespaceValues {
  name: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

/** A run's scratch namespace: its labels, and a Pod Security level the probe pods fit. */
export function namespaceValues(
  runId: string,
  name: string,
  annotations: Record<string, string>,
): NamespaceValues {
  return {
    name,
    // IPC_LOCK and hostPath devices are outside the `baseline` Pod Security level.
    labels: { ...labelsFor(runId, 'namespace'), 'pod-security.kubernetes.io/enforce': 'privileged' },
    annotations,
  };
}

/** A run's etcd Pod and Service (a pair's own, or one a whole sweep shares). */
export function etcdValues(e: {
  runId: string;
  name: string;
  namespace: string;
  annotations: Record<string, string>;
  podAnnotations: Record<string, string>;
  image: string;
  port: number;
  endpoint: string;
  activeDeadlineSeconds: number;
  tolerations: readonly unknown[];
  node?: string | undefined;
  imagePullSecrets?: readonly string[] | undefined;
}): EtcdValues {
  return {
    name: e.name,
    namespace: e.namespace,
    labels: labelsFor(e.runId, 'etcd'),
    annotations: e.annotations,
    podAnnotations: { ...e.podAnnotations, ...e.annotations },
    selector: { [LABEL.runId]: e.runId, [LABEL.component]: 'etcd' },
    image: e.image,
    port: e.port,
    listenArg: `--listen-client-urls=http://0.0.0.0:${e.port}`,
    advertiseArg: `--advertise-client-urls=${e.endpoint}`,
    activeDeadlineSeconds: e.activeDeadlineSeconds,
    tolerations: [...new Map(e.tolerations.map((t) => [JSON.stringify(t), t])).values()] as Record<
      string,
      unknown
    >[],
    ...(e.node ? { node: e.node } : {}),
    imagePullSecrets: (e.imagePullSecrets ?? []).map((name) => ({ name })),
  };
}
