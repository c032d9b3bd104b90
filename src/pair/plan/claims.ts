import { COMPUTE_DOMAIN_LABEL } from '../../kube/nodes.js';

/**
 * DRA claims a probe pod copies from the worker it stands in for: the pod's
 * `spec.resourceClaims` and the container's `resources.claims` (GB200/GB300
 * recipes join a ComputeDomain's IMEX channel this way). A claim is
 * namespaced, so the probe pods in the scratch namespace need their own
 * source there: a ResourceClaimTemplate is copied; a ComputeDomain channel is
 * a scratch ComputeDomain, because the NVIDIA DRA driver refuses a channel
 * claim from another namespace than its ComputeDomain's
 * (references/dra-claims.md). Pure.
 */

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** One entry of the worker pod's `spec.resourceClaims`, as written. */
export interface PodClaim {
  name: string;
  /** resourceClaimTemplateName: copied into the scratch namespace. */
  template?: string | undefined;
  /** resourceClaimName: one shared ResourceClaim of the deployment's namespace; never copied. */
  claim?: string | undefined;
}

/** Where a claim template's scratch copy comes from. */
export type ClaimSource =
  | { kind: 'ComputeDomain'; allocationMode?: string | undefined; from: string }
  | { kind: 'ResourceClaimTemplate'; spec: Obj; from: string };

export interface ProbeClaims {
  /** The pod's claims the probe copies (templates only). */
  pod: PodClaim[];
  /** The container's `resources.claims` names that refer to a copied pod claim. */
  container: string[];
  /** By template name: its source, where the recipe or the cluster showed it. */
  sources: Record<string, ClaimSource>;
}

export const COMPUTE_DOMAIN_API = 'resource.nvidia.com/v1beta1';
export const RESOURCE_API = 'resource.k8s.io/v1';

/**
 * The claims of a pod spec and its container (plus, v1alpha1, the service's
 * `resources.claims`), with a note for each one not copied.
 */
export function claimsOf(
  spec: Obj,
  container: Obj,
  extraContainerClaims: unknown[],
  notes: string[],
): ProbeClaims | undefined {
  const written: PodClaim[] = arr(spec.resourceClaims).flatMap((c) => {
    const o = obj(c);
    const name = str(o.name);
    if (!name) return [];
    const template = str(o.resourceClaimTemplateName) ?? str(obj(o.source).resourceClaimTemplateName);
    const claim = str(o.resourceClaimName) ?? str(obj(o.source).resourceClaimName);
    return [{ name, ...(template ? { template } : {}), ...(claim ? { claim } : {}) }];
  });
  const pod = written.filter((c) => c.template !== undefined);
  for (const c of written)
    if (!c.template && c.claim)
      notes.push(
        `resourceClaim ${c.name} (ResourceClaim ${c.claim}) not copied: a shared claim is the deployment's; give the probe its own with a ResourceClaimTemplate`,
      );
  const names = [...arr(obj(container.resources).claims), ...extraContainerClaims]
    .map((c) => str(obj(c).name))
    .filter((n): n is string => n !== undefined);
  const container_ = [...new Set(names)].filter((n) => pod.some((c) => c.name === n));
  if (pod.length === 0) return undefined;
  return { pod, container: container_, sources: {} };
}

/**
 * Claim sources a recipe holds: each ComputeDomain's channel template
 * (`spec.channel.resourceClaimTemplate.name`) and each ResourceClaimTemplate.
 */
export function claimSourcesOf(
  docs: readonly { file: string; value: unknown }[],
): Record<string, ClaimSource> {
  const out: Record<string, ClaimSource> = {};
  for (const d of docs) {
    const o = obj(d.value);
    const name = str(obj(o.metadata).name);
    if (o.kind === 'ComputeDomain') {
      const channel = obj(obj(o.spec).channel);
      const t = str(obj(channel.resourceClaimTemplate).name);
      if (t)
        out[t] = {
          kind: 'ComputeDomain',
          allocationMode: str(channel.allocationMode),
          from: `ComputeDomain ${name ?? '?'} in ${d.file}`,
        };
    } else if (o.kind === 'ResourceClaimTemplate' && name && !out[name]) {
      out[name] = {
        kind: 'ResourceClaimTemplate',
        spec: obj(o.spec),
        from: `ResourceClaimTemplate ${name} in ${d.file}`,
      };
    }
  }
  return out;
}

/**
 * A live ResourceClaimTemplate's source: one the ComputeDomain controller made
 * (its label) is that domain's channel; any other is copied as it is.
 */
export function claimSourceOfTemplate(rct: unknown, from: string): ClaimSource {
  const o = obj(rct);
  const labels = obj(obj(o.metadata).labels);
  if (typeof labels[COMPUTE_DOMAIN_LABEL] === 'string') {
    // The channel's opaque config carries the domain's allocationMode (templates/compute-domain-workload-claim-template.tmpl.yaml).
    const config = arr(obj(obj(obj(o.spec).spec).devices).config).map((c) =>
      obj(obj(obj(c).opaque).parameters),
    );
    const allocationMode = config.map((p) => str(p.allocationMode)).find((m) => m !== undefined);
    return { kind: 'ComputeDomain', allocationMode, from };
  }
  return { kind: 'ResourceClaimTemplate', spec: obj(o.spec), from };
}

/** Claims with the sources filled in, for the templates those sources name. */
export function withSources(
  c: ProbeClaims | undefined,
  sources: Record<string, ClaimSource>,
): ProbeClaims | undefined {
  if (!c) return c;
  const own: Record<string, ClaimSource> = { ...c.sources };
  for (const p of c.pod) {
    const s = p.template ? sources[p.template] : undefined;
    if (p.template && s && !own[p.template]) own[p.template] = s;
  }
  return { ...c, sources: own };
}

/** Templates the probe needs that no source was found for. */
export function unsourced(c: ProbeClaims | undefined): string[] {
  return (c?.pod ?? []).flatMap((p) => (p.template && !c?.sources[p.template] ? [p.template] : []));
}
