import type { V1Toleration } from '@kubernetes/client-node';
import { z } from 'zod';
import { LABEL } from '../../core/labels.js';
import { NIXL_PROBE_KEY, nixlProbeSource } from '../../engines/nixl-probe.js';
import { getEngine } from '../../engines/registry.js';
import { EXPIRES_ANNOTATION } from '../../kube/cluster.js';
import { admissionTolerations, GPU, isRdmaResource } from '../../kube/nodes.js';
import { EtcdValuesSchema, etcdValues, namespaceValues } from '../../scratch/etcd-values.js';
import { type Component, CREATED_BY_ANNOTATION, LEGS_ANNOTATION, labelsFor } from '../../scratch/names.js';
import { claimValues, type ScratchClaims } from './claim-values.js';
import type { PairPlan, PlannedPod } from './plan.js';
import { podResources, probeProcesses } from './pod-resources.js';
import { DIAGNOSTIC_ENV, probeCommand } from './probe-script.js';

/**
 * The typed input of templates/*.yaml.hbs. Every derived value is computed
 * here, in TypeScript; the templates only place them. zod checks the values
 * before rendering, and render.ts checks the YAML that comes out.
 */

const Str = z.string().min(1);
const Record = z.record(z.string(), z.string());

const EnvVarSchema = z.union([
  z.strictObject({ name: Str, value: z.string() }),
  z.strictObject({ name: Str, valueFrom: z.strictObject({ fieldRef: z.strictObject({ fieldPath: Str }) }) }),
]);

export const JobValuesSchema = z.strictObject({
  name: Str,
  namespace: Str,
  labels: Record,
  annotations: Record,
  podAnnotations: Record,
  activeDeadlineSeconds: z.number().int().positive(),
  ttlSecondsAfterFinished: z.number().int().nonnegative(),
  runtimeClassName: z.string().optional(),
  hostNetwork: z.boolean(),
  hostname: Str,
  antiAffinity: z.unknown().optional(),
  tolerations: z.array(z.record(z.string(), z.unknown())),
  imagePullSecrets: z.array(z.strictObject({ name: Str })),
  /** Named after the role, so `kubectl logs` and log tooling tell the two apart. */
  container: Str,
  image: Str,
  command: z.array(z.string()).min(1),
  args: z.array(z.string()),
  env: z.array(EnvVarSchema),
  resources: z.strictObject({
    requests: Record,
    limits: Record,
    /** DRA: the container's claims, by their pod-level names. */
    claims: z.array(z.strictObject({ name: Str })).optional(),
  }),
  /** DRA: the pod's claims, each from a template in the scratch namespace. */
  resourceClaims: z.array(z.strictObject({ name: Str, resourceClaimTemplateName: Str })).optional(),
  /** Never true: a privileged container sees every GPU of the node (references/gpu-isolation.md). */
  privileged: z.literal(false),
  /** The worker's user, copied: a registration that fails as that user is a finding. */
  user: z
    .strictObject({
      runAsUser: z.number().int().nonnegative().optional(),
      runAsGroup: z.number().int().nonnegative().optional(),
      runAsNonRoot: z.boolean().optional(),
    })
    .optional(),
  capabilities: z.array(Str).refine((c) => c.includes('IPC_LOCK'), 'IPC_LOCK is required to pin RDMA memory'),
  port: z.number().int().positive().optional(),
  portName: Str.optional(),
  /** nixl: the ConfigMap with the probe, mounted read-only. */
  probeVolume: z.strictObject({ configMap: Str, mountPath: Str }).optional(),
  shmSize: Str,
  hostPaths: z.array(
    z.strictObject({
      name: Str,
      mountPath: Str,
      hostPath: z.strictObject({ path: Str, type: z.string().optional() }),
    }),
  ),
});
export type JobValues = z.infer<typeof JobValuesSchema>;

export const ServiceValuesSchema = z.strictObject({
  name: Str,
  namespace: Str,
  labels: Record,
  annotations: Record,
  selector: Record,
  port: z.number().int().positive(),
  portName: Str,
});

export const ConfigMapValuesSchema = z.strictObject({
  name: Str,
  namespace: Str,
  labels: Record,
  annotations: Record,
  data: z.record(z.string(), z.string()),
});

export const ValuesSchema = z.strictObject({
  namespace: z.strictObject({ name: Str, labels: Record, annotations: Record }).optional(),
  etcd: EtcdValuesSchema.optional(),
  services: z.array(ServiceValuesSchema),
  configMaps: z.array(ConfigMapValuesSchema),
  /** DRA: scratch ResourceClaimTemplates and ComputeDomains the probe pods' claims come from. */
  claimObjects: z.array(z.record(z.string(), z.unknown())).optional(),
  jobs: z.array(JobValuesSchema).min(1),
});
export type Values = z.infer<typeof ValuesSchema>;

/** Default /dev/shm for probe pods when the deployment sets none (the Dynamo operator's default). */
export const DEFAULT_SHM = '8Gi';

function objectAnnotations(plan: PairPlan): Record<string, string> {
  return { [EXPIRES_ANNOTATION]: plan.expiresAt, [CREATED_BY_ANNOTATION]: 'interconnect-test pair' };
}

function envFor(plan: PairPlan, pod: PlannedPod): z.infer<typeof EnvVarSchema>[] {
  const env: z.infer<typeof EnvVarSchema>[] = pod.settings.env.map((e) => ({ name: e.name, value: e.value }));
  const set = new Set(env.map((e) => e.name));
  for (const d of DIAGNOSTIC_ENV) if (!set.has(d.name)) env.push({ ...d });
  // NIXL's LIBFABRIC backend names the provider it chose only at INFO (libfabric_rail_manager.cpp L232).
  if (plan.bench.backend === 'LIBFABRIC' && !set.has('NIXL_LOG_LEVEL'))
    env.push({ name: 'NIXL_LOG_LEVEL', value: 'INFO' });
  // The probe script's own inputs come last and win: a recipe cannot set ITEST_*.
  for (const e of pod.scriptEnv) {
    const i = env.findIndex((x) => x.name === e.name);
    if (i >= 0) env.splice(i, 1);
    env.push({ ...e });
  }
  // A DRAM run asks for no GPU; `none` keeps an image's NVIDIA_VISIBLE_DEVICES=all from
  // handing it every GPU of the node (nvidia-container-toolkit internal/config/image/devices.go).
  if (plan.gpusPerPod === 0 && !set.has('NVIDIA_VISIBLE_DEVICES'))
    env.push({ name: 'NVIDIA_VISIBLE_DEVICES', value: 'none' });
  env.push({ name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } });
  return env;
}

function resourcesFor(
  plan: PairPlan,
  pod: PlannedPod,
): { requests: Record<string, string>; limits: Record<string, string> } {
  // CPU and memory by the probe processes the pod runs (one per rail): pod-resources.ts.
  const sized = podResources(
    probeProcesses(plan),
    pod.settings.shmSize ?? DEFAULT_SHM,
    plan.memoryLimit,
    pod.node.cpus,
  );
  // A GPU only when GPU memory moves; the worker's kind of GPU (a MIG slice when it has one).
  const limits: Record<string, string> = {
    ...(plan.gpusPerPod > 0 ? { [pod.settings.gpuResource ?? GPU]: String(plan.gpusPerPod) } : {}),
    memory: sized.memory,
  };
  // Intra-node tests NVLink: RDMA devices are not needed, and asking for them could keep the pod off a busy node.
  const extended =
    plan.mode === 'intra-node'
      ? pod.settings.resources.filter((r) => !isRdmaResource(r.name))
      : pod.settings.resources;
  for (const r of extended) limits[r.name] = r.count;
  return { requests: { cpu: sized.cpu }, limits };
}

/**
 * A pod that requests no GPU (a DRAM run) still runs on the GPU node it tests, where the
 * ExtendedResourceToleration admission plugin would have tolerated `nvidia.com/gpu:NoSchedule`
 * for a GPU request (GKE taints GPU nodes so): it carries that toleration itself.
 */
export function gpuTaintToleration(
  plan: Pick<PairPlan, 'gpusPerPod'>,
  tolerations: readonly V1Toleration[],
): V1Toleration[] {
  if (plan.gpusPerPod > 0) return [...tolerations];
  const extra = admissionTolerations([GPU]).filter(
    (t) => !tolerations.some((have) => have.key === t.key && (have.effect ?? t.effect) === t.effect),
  );
  return [...tolerations, ...extra];
}

/** The name of a probe pod's port (and its Service's): the engine that listens on it. */
function portName(plan: PairPlan): string {
  return getEngine(plan.engine).cluster.listen?.name ?? 'perftest';
}

/** The pod's claims and its container's, each naming its scratch template. */
function claimsFor(
  pod: PlannedPod,
  scratch: ScratchClaims,
): Pick<JobValues, 'resourceClaims'> & {
  claims?: { name: string }[];
} {
  const c = pod.settings.claims;
  if (!c || c.pod.length === 0) return {};
  return {
    resourceClaims: c.pod.map((p) => ({
      name: p.name,
      resourceClaimTemplateName: scratch.names.get(p.template as string) ?? (p.template as string),
    })),
    ...(c.container.length ? { claims: c.container.map((name) => ({ name })) } : {}),
  };
}

function jobValues(plan: PairPlan, pod: PlannedPod, scratch: ScratchClaims): JobValues {
  const component: Component = pod.role;
  const labels = { ...labelsFor(plan.runId, component), [LABEL.transferRole]: pod.transferRole };
  const legs = plan.legs.map((l) => `${l.initiator}:${l.op}`).join(' ');
  const s = pod.settings;
  const { claims, ...podClaims } = claimsFor(pod, scratch);
  const resources = resourcesFor(plan, pod);
  return {
    name: pod.jobName,
    namespace: plan.namespace.name,
    labels,
    annotations: objectAnnotations(plan),
    podAnnotations: { ...pod.annotations, ...objectAnnotations(plan), [LEGS_ANNOTATION]: legs },
    activeDeadlineSeconds: plan.activeDeadlineSeconds,
    ttlSecondsAfterFinished: plan.ttlSecondsAfterFinished,
    ...(s.runtimeClassName ? { runtimeClassName: s.runtimeClassName } : {}),
    hostNetwork: s.hostNetwork,
    hostname: pod.node.hostname,
    ...(plan.mode === 'cross-node'
      ? {
          antiAffinity: {
            matchLabels: { [LABEL.runId]: plan.runId },
            matchExpressions: [{ key: LABEL.component, operator: 'In', values: ['prefill', 'decode'] }],
          },
        }
      : {}),
    tolerations: gpuTaintToleration(plan, s.tolerations) as Record<string, unknown>[],
    imagePullSecrets: plan.imagePullSecrets.map((name) => ({ name })),
    container: pod.role,
    image: plan.image,
    command: probeCommand(plan.engine, pod.role),
    args: pod.args,
    env: envFor(plan, pod),
    resources: claims ? { ...resources, claims } : resources,
    ...podClaims,
    privileged: false,
    ...(s.user ? { user: s.user } : {}),
    capabilities: [...new Set(['IPC_LOCK', ...s.capabilities])],
    ...(pod.port ? { port: pod.port, portName: portName(plan) } : {}),
    ...(plan.nixlProbe
      ? { probeVolume: { configMap: plan.nixlProbe.configMap, mountPath: plan.nixlProbe.mountPath } }
      : {}),
    shmSize: s.shmSize ?? DEFAULT_SHM,
    hostPaths: s.hostPaths.map((h) => ({
      name: h.name,
      mountPath: h.mountPath,
      hostPath: { path: h.path, ...(h.type ? { type: h.type } : {}) },
    })),
  };
}

/** The values every template renders from, checked. */
export function valuesOf(plan: PairPlan): Values {
  const ns = plan.namespace.name;
  const annotations = objectAnnotations(plan);
  const scratch = claimValues(plan, labelsFor(plan.runId, 'claims'), annotations);
  const values: Values = {
    ...(plan.namespace.create ? { namespace: namespaceValues(plan.runId, ns, annotations) } : {}),
    ...(plan.etcd?.create
      ? {
          etcd: etcdValues({
            runId: plan.runId,
            name: plan.names.etcd,
            namespace: ns,
            annotations,
            podAnnotations: plan.etcd.annotations,
            image: plan.etcd.image,
            port: plan.etcd.port,
            endpoint: plan.etcd.endpoint,
            activeDeadlineSeconds: plan.activeDeadlineSeconds,
            // It runs beside the probes: the deployment's tolerations (prefill's and decode's) and --toleration apply to it too.
            tolerations: plan.pods.flatMap((p) => p.settings.tolerations),
            node: plan.etcd.node,
            imagePullSecrets: plan.etcd.node ? plan.imagePullSecrets : [],
          }),
        }
      : {}),
    // ucx_perftest across nodes: each pod behind its own Service; a leg's client dials its target's.
    services: plan.services
      ? plan.pods.map((p) => ({
          name: p.jobName,
          namespace: ns,
          labels: labelsFor(plan.runId, p.role),
          annotations,
          selector: { [LABEL.runId]: plan.runId, [LABEL.component]: p.role },
          port: (plan.services as { port: number }).port,
          portName: portName(plan),
        }))
      : [],
    // nixl: the probe program travels in a ConfigMap; no image is rebuilt for it.
    configMaps: plan.nixlProbe
      ? [
          {
            name: plan.nixlProbe.configMap,
            namespace: ns,
            labels: labelsFor(plan.runId, 'nixl-probe'),
            annotations,
            data: { [NIXL_PROBE_KEY]: nixlProbeSource() },
          },
        ]
      : [],
    claimObjects: scratch.objects,
    jobs: plan.pods.map((p) => jobValues(plan, p, scratch)),
  };
  return ValuesSchema.parse(values);
}
