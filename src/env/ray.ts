import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';
import { withServeLlmEngine } from './ray-serve-llm.js';

/**
 * KubeRay's clusters (ray.io/v1), read as the operator builds their pods (references/env-rules.md
 * "KubeRay"): a `RayCluster` spec holds `headGroupSpec.template` and `workerGroupSpecs[]`, each a
 * PodTemplateSpec with `replicas` and `numOfHosts` (pods of one multi-host replica); a `RayService`
 * keeps that spec under `spec.rayClusterConfig`, a `RayJob` under `spec.rayClusterSpec`
 * (ray-project/kuberay ray-operator/apis/ray/v1/raycluster_types.go:64,70,377,447,478,485,
 * rayservice_types.go:120, rayjob_types.go:219). The operator mounts a Memory emptyDir at /dev/shm
 * in the Ray container (the first) sized by its memory limit, else its request, unless the container
 * mounts /dev/shm itself or `rayStartParams` sets `plasma-directory`
 * (ray-operator/controllers/ray/common/pod.go:855-861, 1574-1592, 1615-1627).
 * The Ray Serve application (engine, its arguments) lives in `serveConfigV2` or the job's
 * entrypoint, not in the pods: the pods are read as they run, Ray nodes.
 */
export const RAY_KINDS = ['RayCluster', 'RayService', 'RayJob'];

/** The RayCluster spec inside a RayCluster, RayService or RayJob. */
function clusterSpec(kind: string, doc: Rec): { spec: Rec | undefined; path: string } {
  const spec = obj(doc.spec);
  if (kind === 'RayService') return { spec: obj(spec?.rayClusterConfig), path: 'spec.rayClusterConfig.' };
  if (kind === 'RayJob') return { spec: obj(spec?.rayClusterSpec), path: 'spec.rayClusterSpec.' };
  return { spec, path: 'spec.' };
}

/** The pod template with the /dev/shm the operator adds to the Ray container (container 0). */
function withObjectStoreShm(tmpl: Rec | undefined, rayStartParams: Rec | undefined): Rec | undefined {
  const podSpec = obj(tmpl?.spec);
  const containers = arr(podSpec?.containers).map((c) => obj(c) ?? {});
  const ray = containers[0];
  if (!tmpl || !podSpec || !ray || obj(rayStartParams)?.['plasma-directory'] !== undefined) return tmpl;
  if (arr(ray.volumeMounts).some((m) => str(obj(m)?.mountPath) === '/dev/shm')) return tmpl;
  const res = obj(ray.resources);
  const size = str(obj(res?.limits)?.memory) ?? str(obj(res?.requests)?.memory);
  const volumes = arr(podSpec.volumes);
  const shm = {
    name: 'shared-mem',
    emptyDir: { medium: 'Memory', ...(size !== undefined ? { sizeLimit: size } : {}) },
  };
  const mounted = {
    ...ray,
    volumeMounts: [...arr(ray.volumeMounts), { name: 'shared-mem', mountPath: '/dev/shm' }],
  };
  return {
    ...tmpl,
    spec: {
      ...podSpec,
      containers: [mounted, ...containers.slice(1)],
      volumes: volumes.some((v) => str(obj(v)?.name) === 'shared-mem') ? volumes : [...volumes, shm],
    },
  };
}

/** The services of a KubeRay object's pods, or undefined when the document is not one. */
export function rayServices(kind: string, apiVersion: string, doc: Rec): RawService[] | undefined {
  if (!apiVersion.startsWith('ray.io/') || !RAY_KINDS.includes(kind)) return undefined;
  const { spec, path } = clusterSpec(kind, doc);
  const services = rayClusterServices(spec, path);
  return kind === 'RayService' ? withServeLlmEngine(services, doc) : services;
}

/** The pods of one RayCluster spec found at `path` (also inside AIBrix's RayClusterFleet template). */
export function rayClusterServices(spec: Rec | undefined, path: string): RawService[] {
  const head = obj(spec?.headGroupSpec);
  const out: RawService[] = [];
  if (head)
    out.push(
      ...containerServices({
        prefix: 'head/',
        path: `${path}headGroupSpec.template.`,
        tmpl: withObjectStoreShm(obj(head.template), obj(head.rayStartParams)),
        nodeCount: 1,
        replicas: 1,
      }),
    );
  for (const [k, g] of arr(spec?.workerGroupSpecs).entries()) {
    const group = obj(g);
    if (!group) continue;
    const name = str(group.groupName) ?? `#${k}`;
    const hosts = Number(str(group.numOfHosts) ?? 1);
    const replicas = Number(str(group.replicas) ?? 1);
    out.push(
      ...containerServices({
        prefix: `${name}/`,
        path: `${path}workerGroupSpecs[groupName=${name}].template.`,
        tmpl: withObjectStoreShm(obj(group.template), obj(group.rayStartParams)),
        nodeCount: Number.isFinite(hosts) && hosts > 1 ? Math.floor(hosts) : 1,
        ...(Number.isFinite(replicas) ? { replicas } : {}),
      }),
    );
  }
  return out;
}
