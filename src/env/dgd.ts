import { alphaServices, betaServices } from './dgd-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';

/** What a value is, for shape messages: `a list`, `a string`, `a map`. */
export function typeName(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'a list';
  if (typeof x === 'object') return 'a map';
  return `a ${typeof x}`;
}

/**
 * The fields of a DynamoGraphDeployment's spec (ai-dynamo/dynamo deploy/operator/api/v1alpha1 and v1beta1
 * dynamographdeployment_types.go, `DynamoGraphDeploymentSpec`'s json names).
 */
const DGD_SPEC_FIELDS = new Set([
  'annotations',
  'labels',
  'pvcs',
  'services',
  'components',
  'envs',
  'backendFramework',
  'restart',
  'topologyConstraint',
  'priorityClassName',
]);

/**
 * `spec:` followed by one of the spec's own field names and nothing else (`spec:` then `  backendFramework`
 * as a thread's copy ends) is a key cut before its colon: YAML reads the word as the spec's string value,
 * but no one writes a spec that is the name of its own field. The file is cut there, so the spec is not
 * shown (issue 38 P1: a paste cut mid-line); any other value of the wrong shape stays a shape error.
 */
export function specCutAtKey(spec: unknown): string | undefined {
  return typeof spec === 'string' && DGD_SPEC_FIELDS.has(spec.trim()) ? spec.trim() : undefined;
}

/** A field whose YAML type is not what the CRD says: env reads nothing from it, and says so. */
export interface ShapeProblem {
  path: string;
  expected: 'a map' | 'a list' | 'a string' | 'a number';
  got: string;
  /** The value is a template placeholder filled before apply (`placeholderOf`): not shown, not wrong. */
  placeholder?: string;
  /** The key is no field of its object (the CRD's schema drops it): the path it belongs at instead. */
  notAField?: string;
}

/**
 * v1alpha1 `resources.{requests,limits}` is the operator's ResourceItem, not a container's resource list:
 * `cpu`, `memory`, `gpu`, `gpuType`, `custom` (ai-dynamo/dynamo deploy/operator/api/v1alpha1/common.go:127-140;
 * its CRD lists these properties and no additionalProperties, so the API server prunes any other key).
 */
const RESOURCE_ITEM_FIELDS = new Set(['cpu', 'memory', 'gpu', 'gpuType', 'custom']);

/** A device resource (`rdma/ib`, `nvidia.com/gpu`) written beside `gpu` instead of under `custom`: never requested. */
function resourceItemKeys(out: ShapeProblem[], res: Rec | undefined, base: string): void {
  for (const part of ['requests', 'limits'] as const)
    for (const key of Object.keys(obj(res?.[part]) ?? {}))
      if (!RESOURCE_ITEM_FIELDS.has(key) && key.includes('/'))
        out.push({
          path: `${base}.resources.${part}.${key}`,
          expected: 'a map',
          got: "no field of the operator's resources (cpu, memory, gpu, gpuType, custom)",
          notAField: `${base}.resources.${part}.custom.${key}`,
        });
}

/**
 * A number written as a template placeholder that a tool fills in before `kubectl apply` (issue 38 P2: not
 * shown is never failed): envsubst's `$NAME` or `${NAME}` (envsubst(1), GNU gettext: "references to environment
 * variables of the form $VARIABLE or ${VARIABLE} being replaced"), a shell default `${NAME:-2}`, or a
 * capitalised token with an underscore that a script's `sed` replaces (`REPLICAS_PLACEHOLDER`). Anything else
 * where a number belongs stays a shape error.
 */
export function placeholderOf(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return /^\$\{[A-Za-z_]\w*(?::?[-=?+][^}]*)?\}$|^\$[A-Za-z_]\w*$|^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(t)
    ? t
    : undefined;
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
  const placeholder = expected === 'a number' ? placeholderOf(v) : undefined;
  if (!ok) out.push({ path, expected, got: typeName(v), ...(placeholder ? { placeholder } : {}) });
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
  resourceItemKeys(out, obj(svc.resources), base);
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

/**
 * The kinds the Dynamo operator defines (ai-dynamo/dynamo deploy/cloud/operator/config/crd/bases, group nvidia.com:
 * the three above, DynamoModel, DynamoGraphDeploymentScalingAdapter, and DynamoComponent before it was removed).
 */
const OPERATOR_KINDS = new Set<string>([
  ...DYNAMO_KINDS,
  'DynamoModel',
  'DynamoGraphDeploymentScalingAdapter',
  'DynamoComponent',
]);

/**
 * Why a `Dynamo…` kind no Dynamo CRD defines is refused, naming the kind a graph is written as: the API server
 * rejects it (no such resource), so the operator builds nothing from it. Undefined for any other kind.
 */
export function notADynamoKind(kind: string, apiVersion: string): string | undefined {
  if (!/^Dynamo/.test(kind) || OPERATOR_KINDS.has(kind) || !/^nvidia\.com\//.test(apiVersion))
    return undefined;
  return `${kind} is no kind the Dynamo operator defines (a graph is a DynamoGraphDeployment, ${apiVersion.replace(/\/.*$/, '')}/v1alpha1 or v1beta1)`;
}

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
      'spec' in d && d.spec !== null && !specCutAtKey(d.spec)
        ? [{ path: 'spec', expected: 'a map', got: typeName(d.spec) }]
        : [];
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
  // Without overrides the whole graph is generated: not shown, so a partial graph (issue 38, P2), never "nothing to check".
  // With features.mocker.enabled the operator deploys mocker workers instead of engines (MockerSpec): no KV to move.
  if (!embedded) {
    const mocker = str(obj(obj(spec.features)?.mocker)?.enabled) === 'true';
    const main = mocker ? { name: 'main', command: ['python3', '-m', 'dynamo.mocker'] } : { name: 'main' };
    const generated = { name: mocker ? 'generated-mocker' : 'generated', type: 'worker' };
    return {
      ...base,
      services: betaServices(name, {
        components: [{ ...generated, podTemplate: { spec: { containers: [main] } } }],
      }),
      problems: [],
      ...(mocker
        ? {}
        : {
            partial: `DynamoGraphDeploymentRequest without spec.overrides.dgd: the operator generates the graph by profiling${dgdrFacts(spec)}; its workers' engine command, devices and network are not in the object`,
          }),
    };
  }
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

/**
 * What a DGDR names about the graph profiling generates (v1beta1 DynamoGraphDeploymentRequestSpec: `model`,
 * `backend`, `hardware.totalGpus`/`numGpusPerNode`/`gpuSku`, `features.planner`/`mocker`; see references/env-rules.md).
 */
function dgdrFacts(spec: Rec): string {
  const hw = obj(spec.hardware);
  const features = obj(spec.features);
  const facts = [
    str(spec.model) && `model ${str(spec.model)}`,
    str(spec.backend) && `backend ${str(spec.backend)}`,
    str(hw?.totalGpus) && `${str(hw?.totalGpus)} GPUs`,
    str(hw?.numGpusPerNode) && `${str(hw?.numGpusPerNode)} per node`,
    str(hw?.gpuSku) && `GPU ${str(hw?.gpuSku)}`,
    str(obj(features?.planner)?.mode) && `planner mode ${str(obj(features?.planner)?.mode)}`,
  ].filter(Boolean);
  return facts.length ? ` (${facts.join(', ')})` : '';
}
