import { readDgd } from './dgd.js';
import { type Framework, frameworkOfWorkers } from './framework.js';
import { obj, str } from './raw.js';
import { engineFactsOf, transportVarsOf } from './resolve.js';
import { inferRoles } from './roles.js';
import type { Role, RoleFrom } from './schema.js';
import type { KvPath } from './serving-engine.js';

/**
 * What one Dynamo object says about disaggregated serving, read through THE
 * DGD reader (dgd.ts readDgd) and the same role rule `env` uses: each
 * service's role, whether the graph is disaggregated, and the engine and KV
 * path its KV workers use. `pair` picks the KV direction and backend from
 * this; pod discovery and `env` share the same code.
 */
export interface DgdFacts {
  name: string;
  kind: string;
  apiVersion: string;
  /** Set when the object is only part of a graph (a DCD, DGDR overrides): roles are as declared. */
  partial?: string;
  services: { name: string; role: Role; from: RoleFrom }[];
  /** True when the graph has a prefill and a decode worker, or a worker with `--disaggregation-mode prefill|decode`. */
  disaggregated: boolean;
  /** The engine of the KV workers (prefill/decode first, else the aggregated worker). */
  engine?: 'vllm' | 'sglang' | 'trtllm' | 'mocker';
  /** How that engine moves KV (transport NIXL/UCX/MOONCAKE/MPI/NCCL, NIXL plugin UCX/LIBFABRIC, host staging). */
  kv?: KvPath;
  tensorParallel?: number;
  /** The framework of the KV workers (framework.ts), when they show one and agree: it decides the KV direction. */
  framework?: Framework;
}

/** Facts of a DGD document (undefined for anything readDgd does not read). `configMaps`: ConfigMaps by name, for mounted engine configs. */
export function dgdFacts(
  doc: unknown,
  configMaps: Map<string, Record<string, string>> = new Map(),
): DgdFacts | undefined {
  const d = readDgd(doc);
  if (!d || d.unreadable) return undefined;
  const roles = inferRoles(d.services, true, !d.partial);
  const services = d.services.map((s, k) => {
    const r = roles[k] as (typeof roles)[number];
    return { name: s.name, role: r.role, from: r.from };
  });
  const disaggregated = services.some((s) => s.role === 'prefill' || s.role === 'decode');
  const order = d.services
    .map((s, k) => ({ s, role: (roles[k] as (typeof roles)[number]).role }))
    .filter((x) => ['prefill', 'decode', 'worker', 'agg'].includes(x.role))
    .sort(
      (a, b) =>
        Number(b.role === 'prefill' || b.role === 'decode') -
        Number(a.role === 'prefill' || a.role === 'decode'),
    );
  const kvWorkers = order.some((x) => x.role === 'prefill' || x.role === 'decode')
    ? order.filter((x) => x.role === 'prefill' || x.role === 'decode')
    : order;
  const framework = frameworkOfWorkers(kvWorkers.map((x) => x.s)) ?? declaredFramework(doc);
  let facts: ReturnType<typeof engineFactsOf> = {};
  for (const { s } of order) {
    facts = engineFactsOf(s, transportVarsOf(s, configMaps), configMaps);
    if (facts.engine) break;
  }
  return {
    name: d.name,
    kind: d.kind,
    apiVersion: d.apiVersion,
    ...(d.partial ? { partial: d.partial } : {}),
    services,
    disaggregated,
    ...(facts.engine ? { engine: facts.engine } : {}),
    ...(facts.kv ? { kv: facts.kv } : {}),
    ...(facts.tensorParallel ? { tensorParallel: facts.tensorParallel } : {}),
    ...(framework ? { framework } : {}),
  };
}

/** The operator's `spec.backendFramework` (vllm, sglang, trtllm): what a graph declares when its workers' commands do not show it. */
function declaredFramework(doc: unknown): Framework | undefined {
  const v = str(obj(obj(doc)?.spec)?.backendFramework);
  return v === 'vllm' || v === 'sglang' || v === 'trtllm' ? v : undefined;
}

/** The prefill/decode role of each service of a DGD document, by name (what pair's settings copy). */
export function dgdWorkerRoles(doc: unknown): Map<string, 'prefill' | 'decode'> {
  const out = new Map<string, 'prefill' | 'decode'>();
  for (const s of dgdFacts(doc)?.services ?? [])
    if (s.role === 'prefill' || s.role === 'decode') out.set(s.name, s.role);
  return out;
}
