import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';
import { jobSetServices } from './training-jobs.js';

/**
 * Kinds that hold their pods in fields of their own (issue 38: the manifest kinds env still misses; P1, read
 * what is there), read as one graph each, as the serving CRDs and the Kubeflow jobs are
 * (references/env-rules.md "Thirty-first manifest batch"):
 *
 * - Kubeflow Trainer v2 (trainer.kubeflow.org): a `ClusterTrainingRuntime` or `TrainingRuntime` holds a JobSet's
 *   spec in `spec.template.spec` (kubeflow/trainer pkg/apis/trainer/v1alpha1/trainingruntime_types.go
 *   `JobSetTemplateSpec`), read as that JobSet; a `TrainJob` names its runtime (`spec.runtimeRef`) and sets
 *   the trainer's command, image, node count and resources per node (`spec.trainer`): its pods are built
 *   from a runtime the object does not hold (P2: listed as a partial graph with what it shows).
 * - FusionInfer (fusioninfer.io): an `InferenceService` lists `spec.roles`, each a `componentType` (router,
 *   prefiller, decoder, worker), `replicas`, `multinode.nodeCount` and a PodTemplateSpec `template`
 *   (fusioninfer/fusioninfer api/core/v1alpha1/inferenceservice_types.go:26-32, 51, 66, 94, 98, 104, 115-118);
 *   a `RuntimeProfile` or `ClusterRuntimeProfile` holds `aggregated`, `prefiller`, `decoder`, each a
 *   `podTemplate` and `multinode.nodeCount` (docs/fusioninfer/docs/design/runtime-profile.md "API Structure").
 *   A role of N nodes is N pods from the one template; the prefiller and decoder fields declare the side.
 */
export const MORE_KINDS: Record<string, string[]> = {
  'trainer.kubeflow.org/': ['ClusterTrainingRuntime', 'TrainingRuntime', 'TrainJob'],
  'fusioninfer.io/': ['InferenceService', 'RuntimeProfile', 'ClusterRuntimeProfile'],
};

export interface MoreKindGraph {
  services: RawService[];
  partial?: string;
}

const count = (x: unknown, dflt: number) => {
  const n = Number(str(x) ?? dflt);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : dflt;
};

const SIDE: Record<string, 'prefill' | 'decode'> = { prefiller: 'prefill', decoder: 'decode' };

/** One FusionInfer role: its template's containers, N pods for a role of N nodes, the side a P/D role declares. */
function fusionRole(o: {
  name: string;
  path: string;
  side?: string;
  tmpl: Rec | undefined;
  role: Rec;
  replicas: number;
}) {
  const nodes = count(obj(o.role.multinode)?.nodeCount, 1);
  const services = containerServices({
    prefix: `${o.name}/`,
    path: o.path,
    tmpl: o.tmpl,
    nodeCount: nodes,
    replicas: o.replicas,
  });
  const side = o.side ? SIDE[o.side] : undefined;
  if (side) for (const s of services) s.declared = { role: side, from: 'field' };
  return services;
}

function fusionInferenceService(doc: Rec): RawService[] {
  return arr(obj(doc.spec)?.roles).flatMap((r, k) => {
    const role = obj(r);
    if (!role) return [];
    const name = str(role.name) ?? `#${k}`;
    return fusionRole({
      name,
      path: `spec.roles[name=${name}].template.`,
      side: str(role.componentType),
      tmpl: obj(role.template),
      role,
      replicas: count(role.replicas, 1),
    });
  });
}

function fusionRuntimeProfile(doc: Rec): RawService[] {
  const spec = obj(doc.spec);
  return ['aggregated', 'prefiller', 'decoder'].flatMap((field) => {
    const role = obj(spec?.[field]);
    if (!role) return [];
    return fusionRole({
      name: field,
      path: `spec.${field}.podTemplate.`,
      side: field,
      tmpl: obj(role.podTemplate),
      role,
      replicas: 1,
    });
  });
}

/** A TrainJob's trainer as one pod template of `numNodes` pods (its runtime, not shown, builds the rest). */
function trainJob(doc: Rec): MoreKindGraph {
  const spec = obj(doc.spec);
  const trainer = obj(spec?.trainer);
  const ref = obj(spec?.runtimeRef);
  const container = {
    name: 'node',
    ...(trainer?.image ? { image: trainer.image } : {}),
    ...(trainer?.command ? { command: trainer.command } : {}),
    ...(trainer?.args ? { args: trainer.args } : {}),
    ...(trainer?.env ? { env: trainer.env } : {}),
    ...(trainer?.resourcesPerNode ? { resources: trainer.resourcesPerNode } : {}),
  };
  const services = trainer
    ? containerServices({
        prefix: 'trainer/',
        path: 'spec.trainer.',
        tmpl: { spec: { containers: [container] } },
        containersPath: 'spec.trainer',
        nodeCount: count(trainer.numNodes, 1),
        replicas: 1,
      })
    : [];
  const named = str(ref?.name)
    ? `${str(ref?.kind) ?? 'ClusterTrainingRuntime'} ${str(ref?.name)}`
    : 'a runtime';
  return {
    services,
    partial: `TrainJob: the Kubeflow Trainer builds its pods from ${named} (spec.runtimeRef), which this object does not hold; only the trainer's command and resources are shown`,
  };
}

/** The graph of one of MORE_KINDS, or undefined when the document is not one. */
export function moreKindGraph(kind: string, apiVersion: string, doc: Rec): MoreKindGraph | undefined {
  const group = Object.keys(MORE_KINDS).find((g) => apiVersion.startsWith(g));
  if (!group || !MORE_KINDS[group]?.includes(kind)) return undefined;
  if (kind === 'TrainJob') return trainJob(doc);
  if (group === 'trainer.kubeflow.org/') {
    const jobSet = { spec: obj(obj(obj(doc.spec)?.template)?.spec) ?? {} };
    return { services: jobSetServices('JobSet', 'jobset.x-k8s.io/v1alpha2', jobSet) ?? [] };
  }
  return { services: kind === 'InferenceService' ? fusionInferenceService(doc) : fusionRuntimeProfile(doc) };
}
