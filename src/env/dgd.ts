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
    const sec = securityOf(main);
    const shm = obj(svc.sharedMemory);
    const envFromSecret = str(svc.envFromSecret);
    const declared =
      sub && PD.has(sub)
        ? { role: sub as 'prefill' | 'decode', from: 'subComponentType' as const }
        : declaredFrom(componentType, 'componentType');
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
        hostNetwork: extra?.hostNetwork === true,
        annotations: { ...stringMap(spec.annotations), ...stringMap(obj(svc.extraPodMetadata)?.annotations) },
        labels: {
          ...stringMap(spec.labels),
          ...stringMap(obj(svc.extraPodMetadata)?.labels),
          ...operatorLabels(dgd, name, componentType, sub),
        },
        ...(obj(extra?.affinity) ? { affinity: obj(extra?.affinity) } : {}),
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
    const main = containers[mainIndex];
    const cname = str(main?.name);
    const containerPath = `${base}.podTemplate.spec.containers[${cname ? `name=${cname}` : mainIndex}]`;
    const sec = securityOf(main);
    const declared = declaredFrom(type, 'type');
    const shmSize = str(comp.sharedMemorySize);
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
          { source: 'graph-env' as const, path: 'spec.env', entries: graphEnv },
          { source: 'container-env' as const, path: `${containerPath}.env`, entries: arr(main?.env) },
        ],
        envFrom: envFromOf(main, containerPath),
        resources: resourcesOf(obj(main?.resources)),
        claimTemplates: podClaimTemplates(podSpec),
        capabilities: sec.capabilities,
        privileged: sec.privileged,
        hostNetwork: podSpec?.hostNetwork === true,
        annotations: { ...stringMap(spec.annotations), ...stringMap(obj(tmpl?.metadata)?.annotations) },
        labels: {
          ...stringMap(spec.labels),
          ...stringMap(obj(tmpl?.metadata)?.labels),
          ...operatorLabels(dgd, name, type, type && PD.has(type) ? type : undefined),
        },
        ...(obj(podSpec?.affinity) ? { affinity: obj(podSpec?.affinity) } : {}),
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

/** What a value is, for shape messages: `a list`, `a string`, `a map`. */
export function typeName(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'a list';
  if (typeof x === 'object') return 'a map';
  return `a ${typeof x}`;
}

/** A field whose YAML type is not what the CRD says: env reads nothing from it, and says so. */
export interface ShapeProblem {
  path: string;
  expected: 'a map' | 'a list' | 'a string' | 'a number';
  got: string;
}

function want(
  out: ShapeProblem[],
  parent: Rec | undefined,
  key: string,
  path: string,
  expected: ShapeProblem['expected'],
): void {
  if (!parent || !(key in parent)) return;
  const v = parent[key];
  if (v === null || v === undefined) return;
  const ok =
    expected === 'a map'
      ? obj(v) !== undefined
      : expected === 'a list'
        ? Array.isArray(v)
        : expected === 'a string'
          ? typeof v === 'string'
          : typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v));
  if (!ok) out.push({ path, expected, got: typeName(v) });
}

function containerShape(out: ShapeProblem[], c: Rec | undefined, path: string): void {
  if (!c) return;
  want(out, c, 'env', `${path}.env`, 'a list');
  want(out, c, 'envFrom', `${path}.envFrom`, 'a list');
  want(out, c, 'command', `${path}.command`, 'a list');
  want(out, c, 'args', `${path}.args`, 'a list');
  want(out, c, 'resources', `${path}.resources`, 'a map');
  want(out, c, 'image', `${path}.image`, 'a string');
}

/** v1alpha1 service (also a DynamoComponentDeployment spec) at `base`. */
function alphaServiceShape(out: ShapeProblem[], svc: Rec, base: string): void {
  want(out, svc, 'componentType', `${base}.componentType`, 'a string');
  want(out, svc, 'subComponentType', `${base}.subComponentType`, 'a string');
  want(out, svc, 'envs', `${base}.envs`, 'a list');
  want(out, svc, 'envFromSecret', `${base}.envFromSecret`, 'a string');
  want(out, svc, 'resources', `${base}.resources`, 'a map');
  want(out, svc, 'extraPodSpec', `${base}.extraPodSpec`, 'a map');
  want(out, svc, 'sharedMemory', `${base}.sharedMemory`, 'a map');
  want(out, svc, 'multinode', `${base}.multinode`, 'a map');
  want(out, svc, 'replicas', `${base}.replicas`, 'a number');
  const extra = obj(svc.extraPodSpec);
  want(out, extra, 'mainContainer', `${base}.extraPodSpec.mainContainer`, 'a map');
  want(out, extra, 'volumes', `${base}.extraPodSpec.volumes`, 'a list');
  containerShape(out, obj(extra?.mainContainer), `${base}.extraPodSpec.mainContainer`);
}

/** Every field env reads whose type is wrong (`services` as a list, `env` as a string, …). */
export function dgdShapeProblems(apiVersion: string, spec: Rec): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  if (apiVersion === 'nvidia.com/v1alpha1') {
    want(out, spec, 'services', 'spec.services', 'a map');
    want(out, spec, 'envs', 'spec.envs', 'a list');
    for (const [name, value] of Object.entries(obj(spec.services) ?? {})) {
      if (value === null) continue;
      if (!obj(value)) out.push({ path: `spec.services.${name}`, expected: 'a map', got: typeName(value) });
      else alphaServiceShape(out, obj(value) as Rec, `spec.services.${name}`);
    }
  } else {
    want(out, spec, 'components', 'spec.components', 'a list');
    want(out, spec, 'env', 'spec.env', 'a list');
    for (const [k, value] of arr(spec.components).entries()) {
      const comp = obj(value);
      const base = `spec.components[${str(comp?.name) ? `name=${str(comp?.name)}` : k}]`;
      if (!comp) {
        out.push({ path: base, expected: 'a map', got: typeName(value) });
        continue;
      }
      want(out, comp, 'type', `${base}.type`, 'a string');
      want(out, comp, 'podTemplate', `${base}.podTemplate`, 'a map');
      want(out, comp, 'replicas', `${base}.replicas`, 'a number');
      const podSpec = obj(obj(comp.podTemplate)?.spec);
      want(out, podSpec, 'containers', `${base}.podTemplate.spec.containers`, 'a list');
      for (const [i, c] of arr(podSpec?.containers).entries()) {
        const co = obj(c);
        containerShape(
          out,
          co,
          `${base}.podTemplate.spec.containers[${str(co?.name) ? `name=${str(co?.name)}` : i}]`,
        );
      }
    }
  }
  return out;
}

export const DYNAMO_KINDS = [
  'DynamoGraphDeployment',
  'DynamoComponentDeployment',
  'DynamoGraphDeploymentRequest',
] as const;
export type DynamoKind = (typeof DYNAMO_KINDS)[number];

/** One Dynamo object read: its services as written, and what is wrong with its shape. */
export interface DgdRead {
  kind: DynamoKind;
  apiVersion: string;
  name: string;
  /** For a DGDR, the path of the embedded graph (`spec.overrides.dgd`). */
  at?: string;
  services: RawService[];
  problems: ShapeProblem[];
  /** Why this object holds only part of a graph (a DGDR override, a DCD), if it does. */
  partial?: string;
  /** Why nothing could be read (no spec, a version env does not read), if so. */
  unreadable?: string;
}

/**
 * THE DGD reader: `env`, `pair --recipe/--dgd` and pod discovery read Dynamo
 * objects here. DynamoGraphDeployment v1alpha1/v1beta1; DynamoComponentDeployment
 * (one v1alpha1 service spec); DynamoGraphDeploymentRequest (its embedded
 * `spec.overrides.dgd`, merged by the operator onto the graph it generates,
 * so partial). Undefined for anything else.
 */
export function readDgd(doc: unknown): DgdRead | undefined {
  const d = obj(doc);
  const kind = str(d?.kind);
  const apiVersion = str(d?.apiVersion) ?? '';
  if (!d || !kind || !(DYNAMO_KINDS as readonly string[]).includes(kind)) return undefined;
  const k = kind as DynamoKind;
  const name = str(obj(d.metadata)?.name) ?? '(unnamed)';
  const base = { kind: k, apiVersion, name };
  const spec = obj(d.spec);
  if (!spec) {
    const problems: ShapeProblem[] =
      'spec' in d && d.spec !== null ? [{ path: 'spec', expected: 'a map', got: typeName(d.spec) }] : [];
    return { ...base, services: [], problems, unreadable: `${kind} without a spec` };
  }
  if (k === 'DynamoGraphDeployment') {
    if (apiVersion !== 'nvidia.com/v1alpha1' && apiVersion !== 'nvidia.com/v1beta1')
      return {
        ...base,
        services: [],
        problems: [],
        unreadable: `DynamoGraphDeployment ${apiVersion} is not a version env reads (v1alpha1, v1beta1)`,
      };
    const problems = dgdShapeProblems(apiVersion, spec);
    const services =
      apiVersion === 'nvidia.com/v1alpha1' ? alphaServices(name, spec) : betaServices(name, spec);
    return { ...base, services, problems };
  }
  if (k === 'DynamoComponentDeployment') {
    // One component's spec: v1alpha1 is a `services.<S>` entry, v1beta1 a `components[]` entry.
    const graph = str(obj(obj(d.metadata)?.labels)?.['nvidia.com/dynamo-graph-deployment-name']) ?? name;
    const partial = 'one component of a graph (DynamoComponentDeployment)';
    if (apiVersion === 'nvidia.com/v1beta1') {
      const comp = { ...spec, name: str(spec.name) ?? name };
      const at = `spec.components[name=${comp.name}]`;
      const problems = dgdShapeProblems(apiVersion, { components: [comp] }).map((p) => ({
        ...p,
        path: p.path.replace(at, 'spec'),
      }));
      const services = betaServices(graph, { components: [comp] }).map((s) => ({
        ...s,
        containerPath: s.containerPath.replace(at, 'spec'),
        layers: s.layers.map((l) => ({ ...l, path: l.path.replace(at, 'spec') })),
      }));
      return { ...base, services, problems, partial };
    }
    const svcName = str(spec.serviceName) ?? name;
    const at = `spec.services.${svcName}.`;
    const problems: ShapeProblem[] = [];
    alphaServiceShape(problems, spec, 'spec');
    const services = alphaServices(graph, { envs: [], services: { [svcName]: spec } }).map((s) => ({
      ...s,
      containerPath: s.containerPath.replace(at, 'spec.'),
      layers: s.layers.map((l) => ({ ...l, path: l.path.replace(at, 'spec.') })),
    }));
    return { ...base, services, problems, partial };
  }
  // DynamoGraphDeploymentRequest: the graph is generated by profiling; only the overrides are written.
  // v1beta1 `spec.overrides.dgd` (a RawExtension DGD); v1alpha1 `deploymentOverrides` holds only names, labels and an image.
  const embedded = obj(obj(spec.overrides)?.dgd);
  if (!embedded)
    return {
      ...base,
      services: [],
      problems: [],
      unreadable:
        'DynamoGraphDeploymentRequest without spec.overrides.dgd: the graph is generated by profiling',
    };
  const inner = obj(embedded.spec) ?? embedded;
  const innerVersion =
    str(embedded.apiVersion) ??
    (obj(inner.services) || Array.isArray(inner.services) ? 'nvidia.com/v1alpha1' : 'nvidia.com/v1beta1');
  const problems = dgdShapeProblems(innerVersion, inner).map((p) => ({
    ...p,
    path: `spec.overrides.dgd.${p.path}`,
  }));
  const services =
    innerVersion === 'nvidia.com/v1alpha1' ? alphaServices(name, inner) : betaServices(name, inner);
  return {
    ...base,
    at: 'spec.overrides.dgd',
    services,
    problems,
    partial: 'DynamoGraphDeploymentRequest overrides, merged onto the graph profiling generates',
  };
}

/** Operator labels on a pod (or a plain workload's pod template): its declared role, if any (dynamo_model_controller.go). */
export function roleFromOperatorLabels(
  labels: Readonly<Record<string, string | undefined>>,
): 'prefill' | 'decode' | 'frontend' | 'other' | undefined {
  const type = labels['nvidia.com/dynamo-component-type'];
  const sub = labels['nvidia.com/dynamo-sub-component-type'];
  const role = type === 'worker' || type === undefined ? sub : type;
  if (role === 'prefill' || role === 'decode' || role === 'frontend') return role;
  if (role === 'planner' || role === 'epp') return 'other';
  return undefined;
}
