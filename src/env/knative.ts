import { containerServices } from './pod-services.js';
import { obj, type RawService, type Rec } from './raw.js';

/**
 * Knative Serving's workloads (serving.knative.dev), read as the pods their revisions run
 * (references/env-rules.md "Knative Serving"): a `Service` inlines a ConfigurationSpec, whose `template`
 * is a RevisionTemplateSpec (`metadata` and a RevisionSpec); a `Configuration` holds the same `template`;
 * a `Revision`'s `spec` is a RevisionSpec, a Kubernetes PodSpec inline with Knative's own
 * `containerConcurrency` and `timeoutSeconds` (knative/serving pkg/apis/serving/v1 service_types.go:79-81,
 * configuration_types.go:64-67, revision_types.go:66-76). The core `v1` Service is no workload.
 */
export const KNATIVE_KINDS = ['Service', 'Configuration', 'Revision'];

/** The containers of a Knative Service, Configuration or Revision; undefined for any other object. */
export function knativeServices(kind: string, apiVersion: string, doc: Rec): RawService[] | undefined {
  if (!apiVersion.startsWith('serving.knative.dev/') || !KNATIVE_KINDS.includes(kind)) return undefined;
  const spec = obj(doc.spec);
  if (kind === 'Revision')
    return containerServices({ prefix: '', path: '', tmpl: { metadata: doc.metadata, spec }, nodeCount: 1 });
  return containerServices({ prefix: '', path: 'spec.template.', tmpl: obj(spec?.template), nodeCount: 1 });
}
