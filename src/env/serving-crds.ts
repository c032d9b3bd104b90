import { disaggregatedSetServices } from './disaggregated-set.js';
import { kserveClassicGraph } from './kserve-classic.js';
import { containerServices, type PodTemplateAt } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str, stringMap } from './raw.js';
import { kserveDecodePreset, moreServingCrdGraph } from './serving-crds-more.js';
import { tokenize } from './shell.js';
import { jobSetServices, trainingJobServices, volcanoJobServices } from './training-jobs.js';

/**
 * Serving CRDs that hold a whole prefill/decode graph in one object, read as a graph (roles, pods,
 * engines, env, resources) the way each controller builds its pods. references/env-rules.md
 * ("Serving CRDs") cites the upstream types and the lines each rule follows:
 * - KServe `LLMInferenceService` (serving.kserve.io): the top-level WorkloadSpec is the decode pool
 *   when `spec.prefill` is set (else the only one); each pool has a PodSpec `template` (the pod, or
 *   a multi-node group's head) and an optional `worker` PodSpec (multi-node: `parallelism` data ÷
 *   dataLocal, else pipeline, pods per group). The controller's templates start `vllm serve` with
 *   `${VLLM_ADDITIONAL_ARGS}` when the container gives no command, run it `runAsNonRoot`, and add
 *   IPC_LOCK only in the multi-node data-parallel ones. `baseRefs` merge LLMInferenceServiceConfig
 *   objects under the spec: what they hold is not in the object. An `LLMInferenceServiceConfig`
 *   holds the same LLMInferenceServiceSpec and is read the same way: its pools are the pools of
 *   every service that names it.
 * - AIBrix `StormService` / `RoleSet` (orchestration.aibrix.ai): named roles, each a pod template,
 *   `replicas` and `podGroupSize` (pods of one multi-node role instance).
 * - Grove `PodCliqueSet` (grove.io): cliques, each a PodSpec with `roleName` and `replicas`;
 *   `podCliqueScalingGroups` bind cliques into one multi-node unit.
 * - OME `ClusterServingRuntime` / `ServingRuntime` (ome.io): `engineConfig` (the prefill engine when
 *   `decoderConfig` is set), `decoderConfig`, `routerConfig`; each an inline PodSpec with a `runner`
 *   container, or `leader` + `worker` (`size` worker pods) for a multi-node engine. An OME
 *   `InferenceService` has the same `engine`, `decoder` and `router` parts, merged over the runtime it
 *   names (or the one OME selects): what the runtime holds is not in the object, so it is partial.
 * - LWS `DisaggregatedSet` (disaggregatedset.x-k8s.io): roles, each a LeaderWorkerSet (disaggregated-set.ts).
 * - Kubeflow `MPIJob` / `PyTorchJob` (kubeflow.org): replica specs, each a pod template (training-jobs.ts).
 * - `JobSet` (jobset.x-k8s.io): replicated Jobs, each a pod template (training-jobs.ts).
 */

export const SERVING_CRD_KINDS: Record<string, string[]> = {
  'serving.kserve.io/': ['LLMInferenceService', 'LLMInferenceServiceConfig'],
  'orchestration.aibrix.ai/': ['StormService', 'RoleSet'],
  'grove.io/': ['PodCliqueSet'],
  'ome.io/': ['ClusterServingRuntime', 'ServingRuntime', 'InferenceService'],
  'disaggregatedset.x-k8s.io/': ['DisaggregatedSet'],
};

export interface CrdGraph {
  services: RawService[];
  /** Why the object is only part of its graph (settings merged from objects it names). */
  partial?: string;
}

const num = (x: unknown, dflt: number) => {
  const n = Number(str(x) ?? dflt);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : dflt;
};

/** Services of one pod template; one container alone is named after its role, as the graph names it. */
function podServices(at: PodTemplateAt, role: string, declared?: RawService['declared']): RawService[] {
  const services = containerServices(at);
  if (services.length === 1 && at.prefix === `${role}/`) for (const s of services) s.name = role;
  if (declared) for (const s of services) if (!s.declared) s.declared = declared;
  return services;
}

const field = (role: 'prefill' | 'decode' | 'other'): RawService['declared'] => ({ role, from: 'field' });

// ---------------------------------------------------------------- KServe LLMInferenceService

/** Top-level annotations the controller copies onto the pods (workload_single_node.go propagateDeploymentMetadata). */
const KSERVE_POD_ANNOTATION_PREFIXES = ['k8s.v1.cni.cncf.io', 'kueue.x-k8s.io', 'prometheus.io'];

/** Pods of one multi-node group: ParallelismSpec.GetSize (data ÷ dataLocal, else pipeline), at least 1. */
function kserveGroupSize(parallelism: Rec | undefined): number {
  if (!parallelism) return 1;
  if (parallelism.data !== undefined)
    return Math.max(1, Math.floor(num(parallelism.data, 1) / num(parallelism.dataLocal, 1)));
  if (parallelism.pipeline !== undefined) return num(parallelism.pipeline, 1);
  return 1;
}

/**
 * The `main` container as the controller's template runs it: no command of its own → `vllm serve
 * /mnt/models … ${VLLM_ADDITIONAL_ARGS} "$@"` (the env value split as the template's `eval` splits
 * it, the container's args after it); `runAsNonRoot: true` unless it says otherwise; IPC_LOCK (with
 * SYS_RAWIO, NET_RAW) in the data-parallel multi-node templates when it adds no capabilities itself.
 */
function kserveMain(container: Rec, dataParallelGroup: boolean, parallelism?: Rec): Rec {
  if (str(container.name) !== 'main') return container;
  const out: Rec = { ...container };
  if (!Array.isArray(container.command)) {
    const extra = arr(container.env)
      .map(obj)
      .find((e) => str(e?.name) === 'VLLM_ADDITIONAL_ARGS');
    const words = tokenize(str(extra?.value) ?? '').flatMap((t) => (t.t === 'word' ? [t.w.text] : []));
    out.command = ['vllm', 'serve', '/mnt/models', ...parallelFlags(parallelism), ...words];
  }
  const sc: Rec = { ...(obj(container.securityContext) ?? {}) };
  if (sc.runAsNonRoot === undefined && sc.runAsUser === undefined) sc.runAsNonRoot = true;
  const caps = obj(sc.capabilities);
  if (dataParallelGroup && !arr(caps?.add).length)
    sc.capabilities = { ...(caps ?? {}), add: ['IPC_LOCK', 'SYS_RAWIO', 'NET_RAW'] };
  out.securityContext = sc;
  return out;
}

/** The pool's `parallelism` as the controller's templates pass it to `vllm serve` (references/env-rules.md). */
function parallelFlags(p: Rec | undefined): string[] {
  const flag = (name: string, v: unknown) => (str(v) === undefined ? [] : [name, str(v) as string]);
  return [
    ...flag('--tensor-parallel-size', p?.tensor),
    ...flag('--pipeline-parallel-size', p?.pipeline),
    ...flag('--data-parallel-size', p?.data),
    ...flag('--data-parallel-size-local', p?.dataLocal),
  ];
}

/**
 * The pod spec after the controller's template is merged under it (containers and volumes by name):
 * `main` as kserveMain says, and the template's `dshm` Memory emptyDir at /dev/shm (1Gi; 8Gi in the
 * data-parallel multi-node templates) unless the pod spec mounts its own /dev/shm.
 */
function kservePodSpec(spec: Rec, dp: boolean, parallelism?: Rec): Rec {
  const containers = arr(spec.containers).map((c) => kserveMain(obj(c) ?? {}, dp, parallelism));
  const main = containers.find((c) => str(c.name) === 'main');
  const ownShm = arr(main?.volumeMounts).some((m) => str(obj(m)?.mountPath) === '/dev/shm');
  if (!main || ownShm) return { ...spec, containers };
  const volumes = arr(spec.volumes);
  const dshm = { name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: dp ? '8Gi' : '1Gi' } };
  main.volumeMounts = [...arr(main.volumeMounts), { name: 'dshm', mountPath: '/dev/shm' }];
  return {
    ...spec,
    containers,
    volumes: volumes.some((v) => str(obj(v)?.name) === 'dshm') ? volumes : [...volumes, dshm],
  };
}

function kservePool(
  pool: Rec,
  role: string,
  path: string,
  podAnnotations: Record<string, string>,
  declared?: RawService['declared'],
): RawService[] {
  const parallelism = obj(pool.parallelism);
  const worker = obj(pool.worker);
  const nodeCount = worker ? kserveGroupSize(parallelism) : 1;
  const dp = worker !== undefined && parallelism?.data !== undefined;
  const replicas = num(pool.replicas, 1);
  const metadata = {
    labels: stringMap(pool.labels),
    annotations: { ...podAnnotations, ...stringMap(pool.annotations) },
  };
  const podOf = (spec: Rec | undefined) =>
    spec ? { metadata, spec: kservePodSpec(spec, dp, parallelism) } : undefined;
  const base = role ? `${role}/` : '';
  if (!worker)
    return podServices(
      { prefix: base, path: `${path}template.`, tmpl: podOf(obj(pool.template)), nodeCount, replicas },
      role,
      declared,
    );
  return [
    ...podServices(
      {
        prefix: `${base}leader/`,
        path: `${path}template.`,
        tmpl: podOf(obj(pool.template)),
        nodeCount,
        replicas,
      },
      role,
      declared,
    ),
    ...podServices(
      { prefix: `${base}worker/`, path: `${path}worker.`, tmpl: podOf(worker), nodeCount, replicas },
      role,
      declared,
    ),
  ];
}

function kserveGraph(doc: Rec): CrdGraph {
  const spec = obj(doc.spec) ?? {};
  // A PodSpec `template` is a pod spec itself, not a PodTemplateSpec: wrap the fields the pools read.
  const wrap = (pool: Rec) => ({ ...pool, template: obj(pool.template), worker: obj(pool.worker) });
  const annotations = Object.fromEntries(
    Object.entries(stringMap(obj(doc.metadata)?.annotations)).filter(([k]) =>
      KSERVE_POD_ANNOTATION_PREFIXES.some((p) => k.startsWith(p)),
    ),
  );
  const prefill = obj(spec.prefill);
  const preset = kserveDecodePreset(doc, prefill);
  const services = prefill
    ? [
        ...kservePool(wrap(spec), 'decode', 'spec.', annotations, field('decode')),
        ...kservePool(wrap(prefill), 'prefill', 'spec.prefill.', annotations, field('prefill')),
      ]
    : preset
      ? kservePool(wrap(spec), 'decode', 'spec.', annotations, field('decode'))
      : kservePool(wrap(spec), '', 'spec.', annotations);
  const refs = arr(spec.baseRefs).flatMap((r) => str(obj(r)?.name) ?? []);
  return {
    services,
    ...(preset ? { partial: preset } : {}),
    ...(refs.length
      ? {
          partial: `merged onto LLMInferenceServiceConfig ${refs.join(', ')} (baseRefs), which this object does not hold`,
        }
      : {}),
  };
}

// ---------------------------------------------------------------- AIBrix StormService / RoleSet

function aibrixGraph(kind: string, doc: Rec): CrdGraph {
  const spec = obj(doc.spec);
  const storm = kind === 'StormService';
  const roles = storm ? arr(obj(obj(spec?.template)?.spec)?.roles) : arr(spec?.roles);
  const at = storm ? 'spec.template.spec.roles' : 'spec.roles';
  const services = roles.flatMap((r, k) => {
    const role = obj(r);
    if (!role) return [];
    const name = str(role.name) ?? `#${k}`;
    // AIBrix's P/D router takes a pod's side from its role-name label, the role's name
    // (pkg/controller/roleset/sync.go:212; pkg/plugins/gateway/algorithms/pd_disaggregation.go:53-55).
    const side = name === 'prefill' || name === 'decode' ? field(name) : undefined;
    return podServices(
      {
        prefix: `${name}/`,
        path: `${at}[name=${name}].template.`,
        tmpl: obj(role.template),
        nodeCount: num(role.podGroupSize, 1),
        replicas: num(role.replicas, 1),
      },
      name,
      side,
    );
  });
  return { services };
}

// ---------------------------------------------------------------- Grove PodCliqueSet

function groveGraph(doc: Rec): CrdGraph {
  const tmpl = obj(obj(doc.spec)?.template);
  const cliques = arr(tmpl?.cliques).flatMap((c): Rec[] => {
    const o = obj(c);
    return o ? [o] : [];
  });
  const replicasOf = new Map(cliques.map((c) => [str(c.name) ?? '', num(obj(c.spec)?.replicas, 1)]));
  // A scaling group is one multi-node unit: its pods are the member cliques' replicas together.
  const groupPods = new Map<string, number>();
  for (const g of arr(tmpl?.podCliqueScalingGroups)) {
    const names = arr(obj(g)?.cliqueNames).flatMap((n) => str(n) ?? []);
    const pods = names.reduce((sum, n) => sum + (replicasOf.get(n) ?? 1), 0);
    for (const n of names) groupPods.set(n, pods);
  }
  const services = cliques.flatMap((c, k) => {
    const name = str(c.name) ?? `#${k}`;
    const cspec = obj(c.spec);
    const grouped = groupPods.get(name);
    return podServices(
      {
        prefix: `${name}/`,
        path: `spec.template.cliques[name=${name}].spec.podSpec.`,
        tmpl: {
          metadata: { labels: stringMap(c.labels), annotations: stringMap(c.annotations) },
          spec: obj(cspec?.podSpec),
        },
        nodeCount: grouped ?? 1,
        replicas: grouped ? 1 : num(cspec?.replicas, 1),
      },
      name,
    );
  });
  return { services };
}

// ---------------------------------------------------------------- OME ServingRuntime

const OME_NON_POD = new Set([
  'runner',
  'leader',
  'worker',
  'acceleratorOverride',
  'annotations',
  'labels',
  'config',
  'size',
]);

/** An OME component's pod: its inline PodSpec fields with the runner as the first container. */
function omePod(part: Rec, over: Rec | undefined): Rec {
  const spec: Rec = {};
  for (const [k, v] of Object.entries({ ...part, ...(over ?? {}) })) if (!OME_NON_POD.has(k)) spec[k] = v;
  const runner = obj(over?.runner) ?? obj(part.runner);
  const containers = arr(spec.containers);
  spec.containers = runner ? [{ name: 'ome-container', ...runner }, ...containers] : containers;
  return {
    metadata: { labels: stringMap(part.labels), annotations: stringMap(part.annotations) },
    spec,
  };
}

function omeComponent(
  part: Rec | undefined,
  role: string,
  path: string,
  declared?: RawService['declared'],
): RawService[] {
  if (!part) return [];
  const leader = obj(part.leader);
  const worker = obj(part.worker);
  if (!leader && !worker)
    return podServices(
      { prefix: `${role}/`, path, tmpl: omePod(part, undefined), nodeCount: 1 },
      role,
      declared,
    );
  const nodeCount = 1 + num(worker?.size, 1);
  return [
    ...podServices(
      { prefix: `${role}/leader/`, path: `${path}leader.`, tmpl: omePod(part, leader), nodeCount },
      role,
      declared,
    ),
    ...podServices(
      { prefix: `${role}/worker/`, path: `${path}worker.`, tmpl: omePod(part, worker), nodeCount },
      role,
      declared,
    ),
  ];
}

function omeGraph(doc: Rec): CrdGraph {
  const spec = obj(doc.spec);
  const decoder = obj(spec?.decoderConfig);
  const services = [
    ...omeComponent(obj(spec?.routerConfig), 'router', 'spec.routerConfig.', field('other')),
    ...omeComponent(
      obj(spec?.engineConfig),
      decoder ? 'prefill' : 'engine',
      'spec.engineConfig.',
      decoder ? field('prefill') : undefined,
    ),
    ...omeComponent(decoder, 'decode', 'spec.decoderConfig.', field('decode')),
  ];
  return { services };
}

/**
 * An OME InferenceService: its `engine` (prefill when a `decoder` is set), `decoder` and `router`
 * override the runtime's parts (the same PodSpec + runner + leader/worker shape); a part with no
 * container of its own runs the runtime's runner (`ome-container`). The runtime is not in the object.
 */
function omeIsvcGraph(doc: Rec): CrdGraph {
  const spec = obj(doc.spec);
  const decoder = obj(spec?.decoder);
  const own = (part: Rec | undefined) =>
    part && !part.runner && !arr(part.containers).length && !part.leader && !part.worker
      ? { ...part, runner: {} }
      : part;
  const services = [
    ...omeComponent(own(obj(spec?.router)), 'router', 'spec.router.', field('other')),
    ...omeComponent(
      own(obj(spec?.engine)),
      decoder ? 'prefill' : 'engine',
      'spec.engine.',
      decoder ? field('prefill') : undefined,
    ),
    ...omeComponent(own(decoder), 'decode', 'spec.decoder.', field('decode')),
  ];
  const runtime = str(obj(spec?.runtime)?.name);
  const partial = runtime
    ? `merged over the serving runtime ${runtime} (spec.runtime.name), which this object does not hold`
    : 'merged over the serving runtime OME selects for the model, which this object does not hold';
  return { services, partial };
}

/** A serving CRD's graph, or undefined when the document is not one of SERVING_CRD_KINDS. */
export function servingCrdGraph(kind: string, apiVersion: string, doc: Rec): CrdGraph | undefined {
  // Kubeflow MPIJob / PyTorchJob: one distributed job, read as one graph as these are (training-jobs.ts).
  const job =
    trainingJobServices(kind, apiVersion, doc) ??
    jobSetServices(kind, apiVersion, doc) ??
    volcanoJobServices(kind, apiVersion, doc);
  if (job) return { services: job };
  // Kthena, llmaz, AIBrix RayClusterFleet, and the kinds whose controller builds every pod (serving-crds-more.ts).
  const more = moreServingCrdGraph(kind, apiVersion, doc);
  if (more) return more;
  const classic = kserveClassicGraph(kind, apiVersion, doc);
  if (classic)
    return { services: classic.services, ...(classic.partial ? { partial: classic.partial } : {}) };
  const group = Object.keys(SERVING_CRD_KINDS).find((g) => apiVersion.startsWith(g));
  if (!group || !SERVING_CRD_KINDS[group]?.includes(kind)) return undefined;
  // A config holds the same spec, merged under every LLMInferenceService that names it in baseRefs.
  if (kind === 'LLMInferenceService' || kind === 'LLMInferenceServiceConfig') return kserveGraph(doc);
  if (kind === 'PodCliqueSet') return groveGraph(doc);
  if (group === 'ome.io/') return kind === 'InferenceService' ? omeIsvcGraph(doc) : omeGraph(doc);
  if (kind === 'DisaggregatedSet') return { services: disaggregatedSetServices(doc) };
  return aibrixGraph(kind, doc);
}
