import path from 'node:path';
import { notADynamoKind, readDgd, type ShapeProblem } from './dgd.js';
import { expandArgv, expandEnv } from './expansion.js';
import { type Misgrouped, withImpliedApiVersion, withKnownGroup } from './kind-only.js';
import { knativeServices as knative } from './knative.js';
import type { LoadedDoc } from './load.js';
import { dgdSpecNotShown, type NotShownGraph, rolesNotShown } from './not-shown.js';
import { containerServices } from './pod-services.js';
import { arr, obj, type RawGraph, type RawService, type Rec, str, stringMap } from './raw.js';
import { rayServices } from './ray.js';
import { rbgServices } from './rbg.js';
import type { Skipped } from './schema.js';
import { servingCrdGraph } from './serving-crds.js';
import { withSglangConfig } from './sglang-config.js';

/** What the loaded documents hold: serving graphs, and the side objects the checks consult. */
export interface Extracted {
  graphs: RawGraph[];
  skipped: Skipped[];
  /** ConfigMaps in the input by name, for `envFrom.configMapRef`. */
  configMaps: Map<string, Record<string, string>>;
  /** Resource-claim template names of ComputeDomain channels in the input. */
  computeDomainTemplates: Set<string>;
  /** ResourceClaim(Template)s in the input whose device class is a NIC or RDMA device (DRA). */
  rdmaClaimTemplates: Set<string>;
  /** Fields of a wrong type, per document: each becomes a one-line fail. */
  shapes: { file: string; doc: number; kind: string; deployment: string; problem: ShapeProblem }[];
  /** Kinds env reads written under a group that does not serve them (kind-only.ts withKnownGroup). */
  misgrouped: Misgrouped[];
}

/** Where each plain workload kind keeps its pod template; LeaderWorkerSet has two. */
function podTemplates(
  kind: string,
  spec: Rec | undefined,
  doc: Rec,
): { prefix: string; path: string; tmpl: Rec | undefined }[] {
  switch (kind) {
    case 'Pod':
      return [{ prefix: '', path: '', tmpl: { metadata: doc.metadata, spec } }];
    case 'Deployment':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'ReplicaSet':
    case 'Job':
      return [{ prefix: '', path: 'spec.template.', tmpl: obj(spec?.template) }];
    case 'CronJob':
      return [
        {
          prefix: '',
          path: 'spec.jobTemplate.spec.template.',
          tmpl: obj(obj(obj(spec?.jobTemplate)?.spec)?.template),
        },
      ];
    case 'PodTemplate':
      return [{ prefix: '', path: 'template.', tmpl: obj(doc.template) }];
    case 'LeaderWorkerSet': {
      const lwt = obj(spec?.leaderWorkerTemplate);
      const out = [];
      if (obj(lwt?.leaderTemplate))
        out.push({
          prefix: 'leader/',
          path: 'spec.leaderWorkerTemplate.leaderTemplate.',
          tmpl: obj(lwt?.leaderTemplate),
        });
      out.push({
        prefix: obj(lwt?.leaderTemplate) ? 'worker/' : '',
        path: 'spec.leaderWorkerTemplate.workerTemplate.',
        tmpl: obj(lwt?.workerTemplate),
      });
      return out;
    }
    default:
      return [];
  }
}

export const PLAIN_KINDS = [
  'Pod',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'Job',
  'CronJob',
  'PodTemplate',
  'LeaderWorkerSet',
];

function plainServices(kind: string, doc: Rec): RawService[] {
  const spec = obj(doc.spec);
  const lwsSize = Number(str(obj(spec?.leaderWorkerTemplate)?.size) ?? 1);
  const replicas = Number(str(spec?.replicas) ?? Number.NaN);
  const nodeCount = kind === 'LeaderWorkerSet' && Number.isFinite(lwsSize) && lwsSize > 1 ? lwsSize : 1;
  return podTemplates(kind, spec, doc).flatMap((t) =>
    containerServices({ ...t, nodeCount, ...(Number.isFinite(replicas) ? { replicas } : {}) }),
  );
}

function kindOf(doc: Rec): string {
  const apiVersion = str(doc.apiVersion);
  const kind = str(doc.kind);
  return apiVersion && kind ? `${apiVersion}/${kind}` : (kind ?? apiVersion ?? '-');
}

/** Files that a kustomization.yaml in the input lists as patches, mapped to that kustomization's file. */
export function kustomizePatches(docs: readonly LoadedDoc[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of docs) {
    const v = obj(d.value);
    if (!v || !(/(^|[\\/])kustomization\.ya?ml$/i.test(d.file) || str(v.kind) === 'Kustomization')) continue;
    const dir = path.dirname(d.file);
    const listed = [
      ...arr(v.patches).map((p) => (typeof p === 'string' ? p : str(obj(p)?.path))),
      ...arr(v.patchesStrategicMerge).map((p) => str(p)),
      ...arr(v.patchesJson6902).map((p) => str(obj(p)?.path)),
    ];
    for (const p of listed) if (p) out.set(path.normalize(path.join(dir, p)), d.file);
  }
  return out;
}

/** DRA device classes that grant a NIC or RDMA device (mrdma.google.com, *rdma*, *nic*, dra-driver-sriov, …). */
export const NIC_DEVICE_CLASS =
  /rdma|(^|[-_.])nics?([-_.]|$)|sriov|roce|(^|[-_.])efa([-_.]|$)|(^|[-_.])ib([-_.]|$)/i;

/** True when a ResourceClaim(Template) spec asks for a NIC-like device class (resource.k8s.io v1 `exactly`, v1beta1 flat). */
function claimsNic(spec: Rec | undefined): boolean {
  const devices = obj(obj(spec?.spec)?.devices) ?? obj(spec?.devices);
  return arr(devices?.requests).some((r) => {
    const o = obj(r);
    const cls = str(obj(o?.exactly)?.deviceClassName) ?? str(o?.deviceClassName) ?? '';
    const first = arr(o?.firstAvailable).map((x) => str(obj(x)?.deviceClassName) ?? '');
    return [cls, ...first].some((c) => NIC_DEVICE_CLASS.test(c));
  });
}

/** Sorts documents into graphs (DGDs; plain workloads) and skipped objects. */
export function extractWorkloads(docs: readonly LoadedDoc[]): Extracted {
  const x = workloadExtractor();
  for (const d of docs) x.add(d);
  return x.finish();
}

/** A kustomize patch fragment: listed as a patch, or a DGD under components/ or overlays/ with no container to run. */
function patchOf(file: string, services: RawService[], patches: Map<string, string>): string | undefined {
  const k = patches.get(path.normalize(file));
  if (k) return `a kustomize patch (listed in ${k})`;
  const underKustomize = /(^|[\\/])(components|overlays)[\\/]/.test(file);
  const runs = services.some((s) => s.argv.length > 0 || s.image !== undefined);
  if (runs) return undefined;
  if (underKustomize)
    return 'a kustomize patch fragment (under components/ or overlays/, no container to run)';
  // No image, command or declared type anywhere: nothing the operator could run on its own.
  if (services.every((s) => s.declared === undefined))
    return 'a patch fragment (no image, command or componentType in any service)';
  return undefined;
}

/**
 * What the kubelet and SGLang make of each service's command line, in place: `$(VAR)` expanded
 * against the container's env, then SGLang's --config file (a mounted ConfigMap in the input) in
 * front of it.
 */
export function prepareServices(
  graphs: readonly RawGraph[],
  configMaps: Map<string, Record<string, string>>,
) {
  for (const g of graphs)
    for (const s of g.services) {
      s.argv = kubeletArgv(s, configMaps);
      const c = withSglangConfig(s, configMaps);
      s.argv = c.argv;
      if (c.from) s.optionsFrom = c.from;
    }
}

/** Whether a document is a kustomization (its patches decide which DGDs are fragments). */
export const isKustomization = (d: LoadedDoc) =>
  /(^|[\\/])kustomization\.ya?ml$/i.test(d.file) || str(obj(d.value)?.kind) === 'Kustomization';

/**
 * extractWorkloads one document at a time, as `env` reads them (load.ts hands each file's
 * documents over and keeps none): what a document adds is kept (graphs, ConfigMaps, claim
 * names, kustomizations), the rest of it can go at once, so reading a tree holds one file at a
 * time. What needs every document (a DGD listed as a kustomize patch in a later file, `$(VAR)`
 * from a ConfigMap in a later file) is settled in finish().
 */
export interface WorkloadExtractor {
  add(d: LoadedDoc): void;
  finish(): Extracted;
  /**
   * The graphs added since the last call, fragments marked as finish() would mark them, for
   * eager.ts to judge before the rest is read; undefined once a kustomization was read (its
   * patches may name any file: the graphs wait for finish()).
   */
  fresh(): RawGraph[] | undefined;
  /** Graphs fresh() handed out and eager.ts judged: finish() neither holds nor returns them. */
  judged(graphs: ReadonlySet<RawGraph>): void;
  /** The input's side objects read so far (what judging a service looks up). */
  readonly lookups: Pick<Extracted, 'configMaps' | 'computeDomainTemplates' | 'rdmaClaimTemplates'>;
}

/** Lists a serving graph named but not shown (not-shown.ts, issue 38 P2), or skips the document saying why. */
function notShownLister(
  out: Extracted,
  where: Pick<RawGraph, 'file' | 'doc' | 'deployment' | 'kind' | 'apiVersion'>,
  skip: (why: string) => void,
) {
  return (g: NotShownGraph | undefined, why: string) =>
    g ? void out.graphs.push({ ...where, isDgd: false, ownScope: true, ...g }) : skip(why);
}

/** Where a document sits, and why it is not whole when its file was read in part (read-in-part.ts). */
const placeOf = (d: LoadedDoc) => ({
  file: d.file,
  doc: d.doc,
  ...(d.partial ? { partial: d.partial } : {}),
});

/** The objects a v1 List holds, or those an OpenShift Template creates (`${PARAM}`s left as written). */
function containedObjects(kind: string, apiVersion: string, doc: Rec): unknown[] | undefined {
  if (kind === 'List' && apiVersion === 'v1') return arr(doc.items);
  if (kind === 'Template' && apiVersion.startsWith('template.openshift.io/')) return arr(doc.objects);
  return undefined;
}

export function workloadExtractor(): WorkloadExtractor {
  const out: Extracted = {
    graphs: [],
    skipped: [],
    configMaps: new Map(),
    computeDomainTemplates: new Set(),
    rdmaClaimTemplates: new Set(),
    shapes: [],
    misgrouped: [],
  };
  const kustomizations: LoadedDoc[] = [];
  /** DGD graphs whose fragment-ness waits for every kustomization (finish). */
  const undecided: { graph: RawGraph; services: RawService[] }[] = [];
  let patches = new Map<string, string>();
  /** How many of `out.graphs` and `undecided` fresh() has handed out. */
  let mark = 0;
  let undecidedMark = 0;
  const visit = (d: LoadedDoc, value: unknown) => {
    const doc = withKnownGroup(withImpliedApiVersion(obj(value)), out.misgrouped, d);
    const skip = (why: string) =>
      out.skipped.push({ file: d.file, doc: d.doc, line: d.line, kind: doc ? kindOf(doc) : '-', why });
    if (!doc) return skip(`not a Kubernetes object (a ${Array.isArray(value) ? 'list' : typeof value})`);
    const apiVersion = str(doc.apiVersion);
    const kind = str(doc.kind);
    if (!apiVersion || !kind) return skip('not a Kubernetes object (no apiVersion/kind)');
    const name = str(obj(doc.metadata)?.name) ?? '(unnamed)';
    const spec = obj(doc.spec);
    const inner = containedObjects(kind, apiVersion, doc);
    if (inner) return inner.forEach((item) => void visit(d, item));
    /** Where a graph read from this document sits, as every graph names it. */
    const where = { ...placeOf(d), deployment: name, kind, apiVersion };
    const listOr = notShownLister(out, where, skip);
    const podless = (w: string) =>
      listOr(rolesNotShown(kind, doc), `${kind} without ${w} that run a container`);
    const dgd = readDgd(doc);
    if (dgd) {
      for (const problem of dgd.problems)
        out.shapes.push({ file: d.file, doc: d.doc, kind: dgd.kind, deployment: name, problem });
      if (dgd.unreadable) return listOr(dgdSpecNotShown(kind, doc), dgd.unreadable);
      if (dgd.services.length === 0) {
        if (dgd.problems.length === 0) skip(`${kind} without services`);
        // A Dynamo graph whose services cannot be read because of their shape: say so, naming the field.
        else
          skip(
            `a Dynamo graph (${kind} ${name}) with a shape error: ${dgd.problems
              .slice(0, 2)
              .map((p) => `${p.path} is ${p.got}, the operator expects ${p.expected}`)
              .join('; ')}`,
          );
        return;
      }
      // env reads nothing a probe pod copies (ProbeParts: the whole pod spec); left out, the
      // rest of the document can go as soon as its facts are read (issue 40 item 13).
      const services = dgd.services.map(({ probe: _probe, ...s }) => s);
      const graph: RawGraph = {
        ...where,
        isDgd: true,
        services,
        ...(dgd.partial ? { partial: dgd.partial } : {}),
      };
      out.graphs.push(graph);
      if (!dgd.partial) undecided.push({ graph, services });
      return;
    }
    const roles = rbgServices(kind, apiVersion, doc);
    if (roles) {
      if (roles.length === 0) return podless('roles');
      out.graphs.push({
        ...where,
        isDgd: false,
        ownScope: true,
        services: roles,
      });
      return;
    }
    // KubeRay RayCluster / RayService / RayJob: the Ray head and worker groups' pods, one graph.
    const ray = rayServices(kind, apiVersion, doc);
    if (ray) {
      if (ray.length === 0) return skip(`${kind} without pods that run a container`);
      out.graphs.push({ ...where, isDgd: false, ownScope: true, services: ray });
      return;
    }
    // KServe LLMInferenceService, AIBrix StormService, Grove PodCliqueSet, OME ServingRuntime, Kubeflow MPIJob/PyTorchJob: one graph each.
    const crd = servingCrdGraph(kind, apiVersion, doc);
    if (crd) {
      if (crd.services.length === 0) return podless('pods');
      out.graphs.push({
        ...where,
        isDgd: false,
        ownScope: true,
        services: crd.services,
        ...(crd.partial ? { partial: crd.partial } : {}),
      });
      return;
    }
    // Plain workloads, and Knative Serving's, whose revisions run a PodSpec as written (knative.ts).
    const plain = PLAIN_KINDS.includes(kind) ? plainServices(kind, doc) : knative(kind, apiVersion, doc);
    if (plain) {
      if (plain.length === 0) return skip(`${kind} without containers`);
      out.graphs.push({ ...where, isDgd: false, services: plain });
      return;
    }
    if (kind === 'ConfigMap') out.configMaps.set(name, stringMap(doc.data));
    if (kind === 'ComputeDomain') {
      const t = str(obj(obj(spec?.channel)?.resourceClaimTemplate)?.name);
      if (t) out.computeDomainTemplates.add(t);
    }
    if ((kind === 'ResourceClaimTemplate' || kind === 'ResourceClaim') && claimsNic(spec))
      out.rdmaClaimTemplates.add(name);
    skip(notADynamoKind(kind, str(doc.apiVersion) ?? '') ?? `${kind} is not a workload`);
  };
  return {
    add(d) {
      if (isKustomization(d)) kustomizations.push(d);
      visit(d, d.value);
    },
    finish() {
      patches = kustomizePatches(kustomizations);
      for (const { graph, services } of undecided) {
        const partial = patchOf(graph.file, services, patches);
        if (partial) graph.partial = partial;
      }
      // Let go of every graph: analyse() takes them from `out.graphs` and drops each scope's raw
      // services once judged, which it cannot while this list (alive as long as the extractor) holds them.
      undecided.length = 0;
      kustomizations.length = 0;
      // The kubelet expands $(VAR) in command and args against the container's env before it starts it.
      // SGLang then reads its --config file (a mounted ConfigMap in the input) in front of the command line.
      prepareServices(out.graphs, out.configMaps);
      return out;
    },
    fresh() {
      if (kustomizations.length > 0) return undefined;
      for (const { graph, services } of undecided.slice(undecidedMark)) {
        const partial = patchOf(graph.file, services, patches);
        if (partial) graph.partial = partial;
      }
      undecidedMark = undecided.length;
      const graphs = out.graphs.slice(mark);
      mark = out.graphs.length;
      return graphs;
    },
    judged(graphs) {
      if (graphs.size === 0) return;
      out.graphs = out.graphs.filter((g) => !graphs.has(g));
      const left = undecided.filter((u) => !graphs.has(u.graph));
      undecided.length = 0;
      undecided.push(...left);
      mark = out.graphs.length;
      undecidedMark = undecided.length;
    },
    lookups: out,
  };
}

/** A service's command line as the kubelet starts it: envFrom, then env entries in order, expanded. */
function kubeletArgv(s: RawService, configMaps: Map<string, Record<string, string>>): string[] {
  if (!s.argv.some((a) => a.includes('$'))) return s.argv;
  const entries: { name: string; value?: string }[] = [];
  for (const ef of s.envFrom)
    if (ef.kind === 'configMap')
      for (const [k, v] of Object.entries(configMaps.get(ef.name) ?? {}))
        entries.push({ name: `${ef.prefix ?? ''}${k}`, value: v });
  for (const layer of s.layers)
    for (const e of layer.entries) {
      const o = obj(e);
      const name = str(o?.name);
      if (name)
        entries.push({ name, ...(str(o?.value) !== undefined ? { value: str(o?.value) as string } : {}) });
    }
  return expandArgv(s.argv, expandEnv(entries));
}
