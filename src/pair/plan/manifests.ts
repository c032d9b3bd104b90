import type { KubernetesObject } from '@kubernetes/client-node';
import { z } from 'zod';
import { ToolError } from '../../core/errors.js';
import { LABEL, TOOL } from '../../core/labels.js';
import { NIXL_PROBE_KEY, nixlProbeConfigMap } from '../../engines/nixl-probe.js';
import { renderDocs } from '../../scratch/templates.js';
import type { PairPlan } from './plan.js';
import { type Values, valuesOf } from './values.js';

/**
 * templates/*.yaml.hbs → Kubernetes objects. Values are placed with the
 * `json` helper only (a JSON scalar or collection is valid YAML flow), so no
 * value can break the document's structure. The YAML is parsed back and
 * checked: every object in the scratch namespace, carrying our labels.
 */

const ObjectSchema = z.object({
  apiVersion: z.string().min(1),
  kind: z.enum([
    'Namespace',
    'Pod',
    'Service',
    'ConfigMap',
    'ResourceClaimTemplate',
    'ComputeDomain',
    'Job',
    'NetworkAttachmentDefinition',
  ]),
  metadata: z.object({
    name: z.string().regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'a DNS-1123 label'),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
});

const JobSpecSchema = z.object({
  spec: z.object({
    backoffLimit: z.literal(0),
    activeDeadlineSeconds: z.number().int().positive(),
    ttlSecondsAfterFinished: z.number().int().nonnegative(),
    template: z.object({
      spec: z.object({
        restartPolicy: z.literal('Never'),
        containers: z
          .array(
            z.object({
              resources: z.object({ limits: z.record(z.string(), z.string()) }),
              securityContext: z.object({
                // A privileged probe would see every GPU of the node (references/gpu-isolation.md).
                privileged: z.literal(false),
                capabilities: z.object({ add: z.array(z.string()).refine((a) => a.includes('IPC_LOCK')) }),
              }),
            }),
          )
          .length(1),
        volumes: z
          .array(z.unknown())
          .refine(
            (vs) => vs.some((v) => (v as { emptyDir?: { medium?: string } }).emptyDir?.medium === 'Memory'),
            'a memory-backed /dev/shm',
          ),
      }),
    }),
  }),
});

function problemsOf(obj: unknown, plan: PairPlan): string[] {
  const base = ObjectSchema.safeParse(obj);
  if (!base.success) return base.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const o = base.data;
  const out: string[] = [];
  const where = `${o.kind} ${o.metadata.name}`;
  if (o.metadata.labels[LABEL.managedBy] !== TOOL) out.push(`${where} lacks ${LABEL.managedBy}=${TOOL}`);
  if (o.metadata.labels[LABEL.runId] !== plan.runId) out.push(`${where} lacks ${LABEL.runId}=${plan.runId}`);
  if (
    o.kind === 'Namespace'
      ? o.metadata.name !== plan.namespace.name
      : o.metadata.namespace !== plan.namespace.name
  ) {
    out.push(`${where} is outside the scratch namespace ${plan.namespace.name}`);
  }
  if (o.kind === 'Job') {
    const job = JobSpecSchema.safeParse(obj);
    if (!job.success) out.push(...job.error.issues.map((i) => `${where} ${i.path.join('.')}: ${i.message}`));
  }
  return out;
}

/** Renders values into objects, in creation order: namespace, etcd, the pods' Services, the probe's ConfigMap, claim sources, Jobs. */
export function renderValues(values: Values): unknown[] {
  const out: unknown[] = [];
  if (values.namespace) out.push(...renderDocs('namespace', values.namespace));
  if (values.etcd) out.push(...renderDocs('etcd', values.etcd));
  for (const svc of values.services) out.push(...renderDocs('peer-service', svc));
  // Built in TypeScript, not a template: the probe's text is data, never spliced into YAML.
  for (const cm of values.configMaps)
    out.push(
      nixlProbeConfigMap({
        name: cm.name,
        namespace: cm.namespace,
        labels: cm.labels,
        annotations: cm.annotations,
        script: cm.data[NIXL_PROBE_KEY] ?? '',
      }),
    );
  // DRA: the claims' scratch sources, before the pods whose claims name them.
  out.push(...(values.claimObjects ?? []));
  for (const job of values.jobs) out.push(...renderDocs('job', job));
  return out;
}

/** The plan's objects, rendered and checked. A problem here is a bug or an unusable input: exit 2. */
export function renderPlan(plan: PairPlan): KubernetesObject[] {
  let values: Values;
  try {
    values = valuesOf(plan);
  } catch (err) {
    const issues =
      err instanceof z.ZodError
        ? err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
        : String(err);
    throw new ToolError(`cannot build the probe manifests: ${issues}`, {
      fix: 'check --image, --env and the recipe values named',
    });
  }
  const rendered = renderValues(values) as KubernetesObject[];
  // The copied networks (network-copies.ts) right after the namespace: the pods name them.
  const at = rendered.findIndex((o) => o.kind !== 'Namespace');
  const objects = [
    ...rendered.slice(0, at < 0 ? rendered.length : at),
    ...(plan.networks ?? []),
    ...(at < 0 ? [] : rendered.slice(at)),
  ];
  const problems = objects.flatMap((o) => problemsOf(o, plan));
  if (problems.length > 0)
    throw new ToolError(`rendered manifests failed validation: ${problems.join('; ')}`);
  return objects;
}
