import {
  arr,
  envFromOf,
  mountsOf,
  obj,
  podClaimTemplates,
  type RawService,
  type Rec,
  resourcesOf,
  securityOf,
  str,
  stringMap,
  strs,
  volumesOf,
} from './raw.js';
import { engineOf } from './serving-engine.js';
import { engineContainerOf } from './sidecars.js';

/**
 * DynamoGraphDeployment services, for both served versions (ai-dynamo/dynamo
 * deploy/operator/api/{v1alpha1,v1beta1}/dynamographdeployment_types.go):
 * v1alpha1 `spec.services` (a map) and v1beta1 `spec.components` (a list whose
 * pod is a native podTemplate).
 */

const PD = new Set(['prefill', 'decode']);

function declaredFrom(type: string | undefined, from: 'type' | 'componentType'): RawService['declared'] {
  if (type === 'frontend') return { role: 'frontend', from };
  if (type === 'planner' || type === 'epp') return { role: 'other', from };
  if (type && PD.has(type)) return { role: type as 'prefill' | 'decode', from };
  return undefined;
}

function nodeCountOf(multinode: unknown): number {
  const m = obj(multinode);
  if (!m) return 1;
  const n = Number(str(m.nodeCount) ?? 2);
  return Number.isFinite(n) && n > 0 ? n : 2;
}

function replicasOf(x: unknown): number | undefined {
  const n = Number(str(x));
  return str(x) !== undefined && Number.isFinite(n) ? n : undefined;
}

function operatorLabels(dgd: string, name: string, type: string | undefined, sub: string | undefined) {
  const labels: Record<string, string> = {
    'nvidia.com/dynamo-graph-deployment-name': dgd,
    'nvidia.com/dynamo-component': name,
    'nvidia.com/selector': `${dgd}-${name.toLowerCase()}`,
  };
  if (type) labels['nvidia.com/dynamo-component-type'] = type;
  if (sub) labels['nvidia.com/dynamo-sub-component-type'] = sub;
  return labels;
}

/** v1alpha1: `spec.services.<Name>`, pod facts spread over the DGD shorthands and `extraPodSpec`. */
export function alphaServices(dgd: string, spec: Rec): RawService[] {
  const graphEnv = arr(spec.envs);
  return Object.entries(obj(spec.services) ?? {}).flatMap(([name, value]) => {
    const svc = obj(value);
    if (!svc) return [];
    const base = `spec.services.${name}`;
    const componentType = str(svc.componentType);
    const sub = str(svc.subComponentType);
    const extra = obj(svc.extraPodSpec);
    const main = obj(extra?.mainContainer);
    const containerPath = `${base}.extraPodSpec.mainContainer`;
    const res = obj(svc.resources);
    const resources: Record<string, string> = {};
    for (const part of ['requests', 'limits'] as const) {
      const r = obj(res?.[part]);
      const gpu = str(r?.gpu);
      if (gpu !== undefined) resources['nvidia.com/gpu'] = gpu;
      Object.assign(resources, stringMap(r?.custom));
    }
    Object.assign(resources, resourcesOf(obj(main?.resources)));
    const sec = securityOf(main, extra);
    const shm = obj(svc.sharedMemory);
    const envFromSecret = str(svc.envFromSecret);
    // The operator reads the legacy `componentType: main` as the frontend: frontend defaults and a
    // generated `python3 -m dynamo.frontend` (deploy/cloud/operator/internal/dynamo/component_defaults.go,
    // ComponentDefaultsFactory); a `main` whose own command starts an engine is still a worker.
    const legacyMain =
      componentType === 'main' && !engineOf({ argv: [...strs(main?.command), ...strs(main?.args)] })
        ? { role: 'frontend' as const, from: 'componentType' as const }
        : undefined;
    const declared =
      sub && PD.has(sub)
        ? { role: sub as 'prefill' | 'decode', from: 'subComponentType' as const }
        : (legacyMain ?? declaredFrom(componentType, 'componentType'));
    return [
      {
        name,
        ...(declared ? { declared } : {}),
        workerish: !declared,
        argv: [...strs(main?.command), ...strs(main?.args)],
        ...(str(main?.image) ? { image: str(main?.image) } : {}),
        containerPath,
        commandLength: strs(main?.command).length,
        layers: [
          { source: 'graph-env' as const, path: 'spec.envs', entries: graphEnv },
          { source: 'service-envs' as const, path: `${base}.envs`, entries: arr(svc.envs) },
          { source: 'container-env' as const, path: `${containerPath}.env`, entries: arr(main?.env) },
        ],
        envFrom: [
          ...(envFromSecret
            ? [{ kind: 'secret' as const, name: envFromSecret, path: `${base}.envFromSecret` }]
            : []),
          ...envFromOf(main, containerPath),
        ],
        resources,
        claimTemplates: podClaimTemplates(extra),
        capabilities: sec.capabilities,
        privileged: sec.privileged,
        ...(sec.runAsUser !== undefined ? { runAsUser: sec.runAsUser } : {}),
        ...(sec.runAsNonRoot ? { runAsNonRoot: true } : {}),
        hostNetwork: extra?.hostNetwork === true,
        annotations: { ...stringMap(spec.annotations), ...stringMap(obj(svc.extraPodMetadata)?.annotations) },
        labels: {
          ...stringMap(spec.labels),
          ...stringMap(obj(svc.extraPodMetadata)?.labels),
          ...operatorLabels(dgd, name, componentType, sub),
        },
        ...(obj(extra?.affinity) ? { affinity: obj(extra?.affinity) } : {}),
        ...(obj(extra?.nodeSelector) ? { nodeSelector: stringMap(extra?.nodeSelector) } : {}),
        nodeCount: nodeCountOf(svc.multinode),
        ...(replicasOf(svc.replicas) !== undefined ? { replicas: replicasOf(svc.replicas) } : {}),
        dgdShm: {
          field: 'sharedMemory' as const,
          ...(str(shm?.size) ? { size: str(shm?.size) } : {}),
          ...(shm?.disabled === true ? { disabled: true } : {}),
        },
        volumes: volumesOf(extra),
        mounts: mountsOf(main),
        probe: {
          annotations: obj(obj(svc.extraPodMetadata)?.annotations) ?? {},
          spec: extra ?? {},
          container: main ?? {},
          envLayers: [graphEnv, arr(svc.envs), arr(main?.env)],
          shmSize: shm?.disabled === true ? undefined : str(shm?.size),
          resources: customResources(res),
          claims: arr(res?.claims),
        },
      },
    ];
  });
}

/** v1alpha1 `resources.{requests,limits}.custom` (a count per name; a bare name counts 1). */
function customResources(res: Rec | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of [obj(res?.requests), obj(res?.limits)])
    for (const [k, v] of Object.entries(obj(part?.custom) ?? {})) out[k] = str(v) ?? '1';
  return out;
}

/** v1beta1: `spec.components[]`, each with a native podTemplate and a container named `main`. */
export function betaServices(dgd: string, spec: Rec): RawService[] {
  const graphEnv = arr(spec.env);
  return arr(spec.components).flatMap((value, index) => {
    const comp = obj(value);
    if (!comp) return [];
    const name = str(comp.name) ?? `#${index}`;
    const type = str(comp.type);
    const base = `spec.components[name=${name}]`;
    const tmpl = obj(comp.podTemplate);
    const podSpec = obj(tmpl?.spec);
    const containers = arr(podSpec?.containers).map(obj);
    let mainIndex = containers.findIndex((c) => str(c?.name) === 'main');
    if (mainIndex < 0 && containers.length === 1) mainIndex = 0;
    const listed = containers[mainIndex];
    // An engine in a native sidecar holds the GPU: its process, environment and devices are the worker's KV path, and
    // the listed container's command line (the Dynamo worker's role flags) is read after the engine's (pod-services.ts).
    const sidecar = engineContainerOf(podSpec, listed);
    const main = sidecar?.container ?? listed;
    const cname = str(main?.name);
    const containerPath = sidecar
      ? `${base}.podTemplate.spec.initContainers[${cname ? `name=${cname}` : sidecar.index}]`
      : `${base}.podTemplate.spec.containers[${cname ? `name=${cname}` : mainIndex}]`;
    const sec = securityOf(main, podSpec);
    const declared = declaredFrom(type, 'type');
    const shmSize = str(comp.sharedMemorySize);
    return [
      {
        name,
        ...(declared ? { declared } : {}),
        workerish: !declared,
        argv: [
          ...strs(main?.command),
          ...strs(main?.args),
          ...(sidecar ? [...strs(listed?.command), ...strs(listed?.args)] : []),
        ],
        ...(str(main?.image) ? { image: str(main?.image) } : {}),
        containerPath,
        commandLength: strs(main?.command).length,
        layers: [
          { source: 'graph-env' as const, path: 'spec.env', entries: graphEnv },
          { source: 'container-env' as const, path: `${containerPath}.env`, entries: arr(main?.env) },
        ],
        envFrom: envFromOf(main, containerPath),
        resources: resourcesOf(obj(main?.resources)),
        claimTemplates: podClaimTemplates(podSpec),
        capabilities: sec.capabilities,
        privileged: sec.privileged,
        ...(sec.runAsUser !== undefined ? { runAsUser: sec.runAsUser } : {}),
        ...(sec.runAsNonRoot ? { runAsNonRoot: true } : {}),
        hostNetwork: podSpec?.hostNetwork === true,
        annotations: { ...stringMap(spec.annotations), ...stringMap(obj(tmpl?.metadata)?.annotations) },
        labels: {
          ...stringMap(spec.labels),
          ...stringMap(obj(tmpl?.metadata)?.labels),
          ...operatorLabels(dgd, name, type, type && PD.has(type) ? type : undefined),
        },
        ...(obj(podSpec?.affinity) ? { affinity: obj(podSpec?.affinity) } : {}),
        ...(obj(podSpec?.nodeSelector) ? { nodeSelector: stringMap(podSpec?.nodeSelector) } : {}),
        nodeCount: nodeCountOf(comp.multinode),
        ...(replicasOf(comp.replicas) !== undefined ? { replicas: replicasOf(comp.replicas) } : {}),
        dgdShm: {
          field: 'sharedMemorySize' as const,
          ...(shmSize === undefined
            ? {}
            : /^0+[a-zA-Z]*$/.test(shmSize)
              ? { disabled: true }
              : { size: shmSize }),
        },
        volumes: volumesOf(podSpec),
        mounts: mountsOf(main),
        probe: {
          annotations: obj(obj(tmpl?.metadata)?.annotations) ?? {},
          spec: podSpec ?? {},
          container: main ?? containers[0] ?? {},
          envLayers: [graphEnv, arr((main ?? containers[0])?.env)],
          shmSize,
        },
      },
    ];
  });
}
