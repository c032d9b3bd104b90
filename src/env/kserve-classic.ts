import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str, stringMap } from './raw.js';

/**
 * KServe's predictive serving kinds (serving.kserve.io), read as the pods the controller builds
 * (references/env-rules.md "Red Hat / OpenShift manifests"):
 * - `ServingRuntime` / `ClusterServingRuntime` (v1alpha1): the spec is a ServingRuntimePodSpec inline
 *   (`containers`, `volumes`, scheduling fields) beside the runtime's own fields; `workerSpec` is the
 *   multi-node worker pod, `pipelineParallelSize` the number of nodes (head included). The model,
 *   replicas and accelerators come from each InferenceService that selects the runtime: partial.
 * - `InferenceService` (v1beta1): `spec.predictor` is a PodSpec with the component's own fields; its
 *   `model` is the runtime's `kserve-container` overlaid with the object's resources, env and args;
 *   custom `containers` are the pod as written. A predictor on a runtime merges over that runtime,
 *   which the object does not hold: partial.
 */
export const KSERVE_CLASSIC_KINDS = ['ServingRuntime', 'ClusterServingRuntime', 'InferenceService'];

/** Fields of a runtime or predictor that are not the pod's (kserve pkg/apis/serving types). */
const NOT_POD = new Set([
  'supportedModelFormats',
  'multiModel',
  'disabled',
  'protocolVersions',
  'builtInAdapter',
  'storageHelper',
  'grpcEndpoint',
  'grpcDataEndpoint',
  'httpDataEndpoint',
  'replicas',
  'annotations',
  'labels',
  'workerSpec',
  'pipelineParallelSize',
  'tensorParallelSize',
  'model',
  'minReplicas',
  'maxReplicas',
  'scaleTarget',
  'scaleMetric',
  'scaleMetricType',
  'containerConcurrency',
  'timeout',
  'canaryTrafficPercent',
  'logger',
  'batcher',
  'deploymentStrategy',
  'autoScaling',
  'storageUri',
]);

const nodes = (x: unknown) => {
  const n = Number(str(x) ?? 2);
  return Number.isFinite(n) && n >= 2 ? Math.floor(n) : 2;
};

/** The pod of a runtime, worker or predictor part: its PodSpec fields, its pod labels and annotations. */
function pod(part: Rec, containers: unknown[]): Rec {
  const spec: Rec = {};
  for (const [k, v] of Object.entries(part)) if (!NOT_POD.has(k)) spec[k] = v;
  spec.containers = containers;
  return { metadata: { labels: stringMap(part.labels), annotations: stringMap(part.annotations) }, spec };
}

/** A head pod and, with a workerSpec, its worker pods: one engine over `pipelineParallelSize` nodes. */
function headAndWorkers(part: Rec, containers: unknown[], path: string): RawService[] {
  const worker = obj(part.workerSpec);
  const nodeCount = worker ? nodes(worker.pipelineParallelSize ?? part.pipelineParallelSize) : 1;
  const head = containerServices({
    prefix: worker ? 'head/' : '',
    path,
    tmpl: pod(part, containers),
    nodeCount,
  });
  if (!worker) return head;
  const tmpl = pod(worker, arr(worker.containers));
  return [...head, ...containerServices({ prefix: 'worker/', path: `${path}workerSpec.`, tmpl, nodeCount })];
}

export function kserveClassicGraph(
  kind: string,
  apiVersion: string,
  doc: Rec,
): { services: RawService[]; partial: string | undefined } | undefined {
  // KFServing, KServe's name before v0.7, served the same v1beta1 InferenceService as serving.kubeflow.org.
  const kfserving = kind === 'InferenceService' && apiVersion === 'serving.kubeflow.org/v1beta1';
  if (!(apiVersion.startsWith('serving.kserve.io/') || kfserving) || !KSERVE_CLASSIC_KINDS.includes(kind))
    return undefined;
  const spec = obj(doc.spec) ?? {};
  if (kind !== 'InferenceService') {
    return {
      services: headAndWorkers(spec, arr(spec.containers), 'spec.'),
      partial: `${kind}: the model, replicas and accelerators come from each InferenceService that selects this runtime, which this object does not hold`,
    };
  }
  const predictor = obj(spec.predictor) ?? {};
  const model = obj(predictor.model);
  if (arr(predictor.containers).length > 0 || !model)
    return {
      services: headAndWorkers(predictor, arr(predictor.containers), 'spec.predictor.'),
      partial: arr(predictor.containers).length
        ? undefined
        : 'a predictor on a serving runtime this object does not hold',
    };
  const {
    modelFormat: _f,
    runtime: _r,
    storageUri: _s,
    storage: _t,
    protocolVersion: _p,
    ...container
  } = model;
  const runtime = str(model.runtime);
  return {
    services: headAndWorkers(predictor, [{ name: 'kserve-container', ...container }], 'spec.predictor.'),
    partial: `merged over the serving runtime ${runtime ?? 'KServe selects for the model format'}${runtime ? ' (spec.predictor.model.runtime)' : ''}, which this object does not hold`,
  };
}
