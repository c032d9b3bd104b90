import { DYNAMO_KINDS } from './dgd.js';
import { obj, type Rec, str } from './raw.js';
import { RAY_KINDS } from './ray.js';
import { RBG_KINDS } from './rbg.js';
import { SERVING_CRD_KINDS } from './serving-crds.js';
import { GENERATED_SERVING_KINDS, MORE_SERVING_CRD_KINDS } from './serving-crds-more.js';
import { TRAINING_JOB_KINDS } from './training-jobs.js';

/**
 * Issue 38 P1 for manifests: a poster who trims a manifest to its point often drops `apiVersion`
 * and keeps `kind` (a block that opens at `kind: LLMInferenceService`). Where the kind names one
 * API group among those env reads, the object is read as that group's: env's readers look at the
 * group, and every version env reads of it has the same fields. A kind two groups share (KServe's
 * and OME's `InferenceService`, `ServingRuntime`, `ClusterServingRuntime`) is left unread, as
 * before. The core kinds are Kubernetes' own.
 */
const SHARED = new Set(['InferenceService', 'ServingRuntime', 'ClusterServingRuntime']);
const CORE: Record<string, string> = {
  Pod: 'v1',
  Service: 'v1',
  ConfigMap: 'v1',
  PodTemplate: 'v1',
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  CronJob: 'batch/v1',
  LeaderWorkerSet: 'leaderworkerset.x-k8s.io/v1',
  JobSet: 'jobset.x-k8s.io/v1alpha2',
};

/** The one group (with a trailing `/`) each CRD kind env reads belongs to; undefined where two share it. */
function groupsByKind(): Map<string, string | undefined> {
  return kindGroups().byKind;
}

/** The CRD groups env reads (with a trailing `/`), and the one group each of their kinds belongs to. */
function kindGroups(): { byKind: Map<string, string | undefined>; groups: Set<string> } {
  const groups = new Set(['leaderworkerset.x-k8s.io/', 'jobset.x-k8s.io/']);
  const byKind = new Map<string, string | undefined>();
  const add = (group: string, kinds: readonly string[]) => {
    groups.add(group);
    for (const k of kinds) byKind.set(k, byKind.has(k) && byKind.get(k) !== group ? undefined : group);
  };
  for (const table of [SERVING_CRD_KINDS, MORE_SERVING_CRD_KINDS, TRAINING_JOB_KINDS])
    for (const [g, kinds] of Object.entries(table)) add(g, kinds);
  for (const [g, { kinds }] of Object.entries(GENERATED_SERVING_KINDS)) add(g, kinds);
  add('ray.io/', RAY_KINDS);
  add('workloads.x-k8s.io/', RBG_KINDS);
  add('nvidia.com/', DYNAMO_KINDS);
  return { byKind, groups };
}

const VERSION: Record<string, string> = {
  'ray.io/': 'v1',
  'kubeflow.org/': 'v2beta1',
  'serving.kserve.io/': 'v1alpha1',
};

/**
 * The document with the apiVersion its kind implies, when it has a kind and no apiVersion;
 * otherwise the document as it is. `Job` is Kubernetes' batch Job unless it holds Volcano's
 * `spec.tasks` (batch.volcano.sh).
 */
export function withImpliedApiVersion(doc: Rec | undefined): Rec | undefined {
  const kind = str(doc?.kind);
  if (!doc || !kind || str(doc.apiVersion)) return doc;
  const spec = obj(doc.spec);
  if (kind === 'Job')
    return { ...doc, apiVersion: spec && 'tasks' in spec ? 'batch.volcano.sh/v1alpha1' : 'batch/v1' };
  if (kind === 'DynamoGraphDeployment')
    return {
      ...doc,
      apiVersion: spec && 'components' in spec ? 'nvidia.com/v1beta1' : 'nvidia.com/v1alpha1',
    };
  const core = CORE[kind];
  if (core) return { ...doc, apiVersion: core };
  const group = SHARED.has(kind) ? undefined : groupsByKind().get(kind);
  if (!group) return doc;
  return { ...doc, apiVersion: `${group}${VERSION[group] ?? 'v1alpha1'}` };
}

/** A CRD kind env reads, written under an API group that does not serve it. */
export interface Misgrouped {
  file: string;
  doc: number;
  kind: string;
  name: string;
  written: string;
  group: string;
}

/**
 * Issue 38 P1: a CRD kind env reads (one group serves it) written under another group's
 * apiVersion (`leaderworkerset.x-k8s.io/v1alpha1` `DisaggregatedSet`, which LWS serves as
 * `disaggregatedset.x-k8s.io`) is read as its group's and noted in `notes`: the API server has
 * no such kind in the group written and refuses the object ("no matches for kind"). Kubernetes'
 * own kinds, a kind two groups share and a group env does not read are left as written.
 */
export function withKnownGroup(
  doc: Rec | undefined,
  notes: Misgrouped[],
  at: { file: string; doc: number },
): Rec | undefined {
  const kind = str(doc?.kind);
  const written = str(doc?.apiVersion);
  if (!doc || !kind || !written || CORE[kind] || SHARED.has(kind) || kind === 'Job') return doc;
  const { byKind, groups } = kindGroups();
  const group = byKind.get(kind);
  // Only a group env reads (a sibling project's, as LWS's for its DisaggregatedSet): a kind of the
  // same name in an unrelated group (another project's `Model` or `Workspace`) is that project's.
  const wrote = [...groups].find((g) => written.startsWith(g));
  if (!group || !wrote || wrote === group) return doc;
  const name = str(obj(doc.metadata)?.name) ?? '(unnamed)';
  notes.push({ file: at.file, doc: at.doc, kind, name, written, group: group.slice(0, -1) });
  const version = written.includes('/') ? written.slice(written.lastIndexOf('/') + 1) : 'v1alpha1';
  return { ...doc, apiVersion: `${group}${version}` };
}
