import { type ClaimSource, COMPUTE_DOMAIN_API, RESOURCE_API } from './claims.js';
import type { PairPlan } from './plan.js';

/**
 * The scratch objects the probe pods' DRA claims come from, one per claim
 * template the workers name (shared when prefill and decode name the same):
 * a ResourceClaimTemplate copied from the recipe or the deployment's
 * namespace, or, for a ComputeDomain's IMEX channel, a ComputeDomain of the
 * run whose controller makes the channel template in the scratch namespace
 * (the driver refuses a channel claim from another namespace than its
 * ComputeDomain's: references/dra-claims.md). Built in TypeScript: a copied
 * spec is data, never spliced into YAML.
 */

export interface ScratchClaims {
  /** Worker template name → the scratch template the probe pods name. */
  names: Map<string, string>;
  objects: Record<string, unknown>[];
}

/** `itest-<run>-<template>`, cut to a DNS-1123 label (the checks on rendered objects ask one). */
function scratchName(runId: string, template: string, taken: Set<string>): string {
  const base = `itest-${runId}-${template}`.slice(0, 60).replace(/-+$/, '');
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base.slice(0, 57)}-${i}`;
  taken.add(name);
  return name;
}

function objectFor(
  source: ClaimSource,
  name: string,
  meta: { namespace: string; labels: Record<string, string>; annotations: Record<string, string> },
  nodes: number,
): Record<string, unknown> {
  if (source.kind === 'ResourceClaimTemplate')
    return {
      apiVersion: RESOURCE_API,
      kind: 'ResourceClaimTemplate',
      metadata: {
        name,
        ...meta,
        annotations: { ...meta.annotations, 'interconnect-test/copied-from': source.from },
      },
      spec: source.spec,
    };
  return {
    apiVersion: COMPUTE_DOMAIN_API,
    kind: 'ComputeDomain',
    metadata: {
      name,
      ...meta,
      annotations: { ...meta.annotations, 'interconnect-test/copied-from': source.from },
    },
    spec: {
      // The probe's own nodes (computedomain.go: numNodes is the IMEX daemons expected; 0 = do not wait).
      numNodes: nodes,
      channel: {
        resourceClaimTemplate: { name },
        ...(source.allocationMode ? { allocationMode: source.allocationMode } : {}),
      },
    },
  };
}

export function claimValues(
  plan: PairPlan,
  labels: Record<string, string>,
  annotations: Record<string, string>,
): ScratchClaims {
  const names = new Map<string, string>();
  const objects: Record<string, unknown>[] = [];
  const taken = new Set<string>();
  const users = new Map<string, { source: ClaimSource; hosts: Set<string> }>();
  for (const pod of plan.pods) {
    const c = pod.settings.claims;
    for (const p of c?.pod ?? []) {
      const t = p.template as string;
      const source = c?.sources[t];
      if (!source) continue;
      const u = users.get(t) ?? { source, hosts: new Set<string>() };
      u.hosts.add(pod.node.hostname);
      users.set(t, u);
    }
  }
  for (const [t, u] of users) {
    const name = scratchName(plan.runId, t, taken);
    names.set(t, name);
    objects.push(
      objectFor(u.source, name, { namespace: plan.namespace.name, labels, annotations }, u.hosts.size),
    );
  }
  return { names, objects };
}
