import { aggregatedServer } from './agg-servers.js';
import { servesNoModel } from './non-serving.js';
import type { RawService } from './raw.js';
import type { Role, RoleFrom } from './schema.js';
import { argvText, engineOf, literalEnvOf, NON_WORKER_ARGV } from './serving-engine.js';

/**
 * A service's role in disaggregated serving. The rule, strongest evidence first:
 *
 * 1. What the manifest declares: `subComponentType: prefill|decode` (v1alpha1),
 *    `type: prefill|decode|frontend` (v1beta1), `componentType: frontend`;
 *    planner and epp are `other`.
 * 2. The command line: `--disaggregation-mode prefill|decode` (vLLM, SGLang,
 *    TRT-LLM), `--is-prefill-worker` / `--is-decode-worker` (older vLLM),
 *    `python3 -m dynamo.frontend`. An explicit agg mode
 *    (`agg`, `prefill_and_decode`) makes it `agg`.
 * 3. The service name (`TrtllmPrefillWorker`, `decode`) — but only when the names
 *    together with the stronger evidence give the graph both a prefill and a
 *    decode. A lone worker called `VllmPrefillWorker` in a graph without a
 *    decode (llama-3-70b/vllm/agg) is therefore the aggregated worker: a name
 *    is a hint about a pair, never proof on its own.
 * 4. Any other worker is `worker` in a graph that has prefill or decode
 *    services (its part is unknown), and `agg` in a graph that has none.
 *
 * Plain workloads (Pod, Job, Deployment, …) declare nothing: rules 2–4 apply
 * to containers that run a Dynamo/engine worker or request GPUs; other
 * containers (benchmark clients, sidecars) are `other`.
 */

export interface RoleResult {
  role: Role;
  from: RoleFrom;
}

const KV_ROLE = /\\?["']?kv_role\\?["']?\s*:\s*\\?["']?(kv_producer|kv_consumer|kv_both)\b/;
const MODE = /--disaggregation[-_]mode(?:=|\s+)["']?([a-z_]+)/;
/** dynamo.vllm reads its mode from this variable when the flag is absent (components/src/dynamo/vllm/backend_args.py). */
const MODE_ENV = 'DYN_VLLM_DISAGGREGATION_MODE';

function modeRole(mode: string | undefined): Role | undefined {
  if (mode === 'prefill' || mode === 'decode' || mode === 'encode') return mode;
  // `pd` is dynamo.vllm's combined prefill+decode worker: aggregated (backend_args.py _resolve_disaggregation_mode).
  if (
    mode === 'agg' ||
    mode === 'pd' ||
    mode === 'prefill_and_decode' ||
    mode === 'aggregated' ||
    mode === 'null'
  )
    return 'agg';
  return undefined;
}

/** The mode a service states on its command line, else in DYN_VLLM_DISAGGREGATION_MODE. */
function statedMode(s: Pick<RawService, 'argv' | 'layers'>): string | undefined {
  return MODE.exec(argvText(s.argv))?.[1] ?? literalEnvOf(s)[MODE_ENV]?.trim().toLowerCase();
}

/** The role the command line states, if any. */
export function roleFromArgs(argv: readonly string[]): Role | undefined {
  const text = argvText(argv);
  const m = modeRole(MODE.exec(text)?.[1]);
  if (m) return m;
  if (/--is-prefill-worker\b/.test(text)) return 'prefill';
  if (/--is-decode-worker\b/.test(text)) return 'decode';
  if (/--multimodal-encode-worker\b|--is-encode-worker\b/.test(text)) return 'encode';
  // vLLM's own KV role in --kv-transfer-config: a pure producer only sends KV (the prefill side), a
  // pure consumer only receives it (decode); kv_both says nothing (vllm/config/kv_transfer.py:11-13).
  const kvRole = KV_ROLE.exec(text)?.[1];
  if (kvRole === 'kv_producer') return 'prefill';
  if (kvRole === 'kv_consumer') return 'decode';
  // A script that starts an engine worker (perhaps beside a frontend) is a worker: let the graph decide.
  if (engineOf({ argv })) return undefined;
  if (NON_WORKER_ARGV.test(text)) return /\bdynamo\.frontend\b/.test(text) ? 'frontend' : 'other';
  return undefined;
}

/** True when the service states `--disaggregation-mode prefill|decode` (flag or DYN_VLLM_DISAGGREGATION_MODE; not the deprecated booleans). */
export function explicitPdMode(s: Pick<RawService, 'argv' | 'layers'>): boolean {
  const m = statedMode(s);
  return m === 'prefill' || m === 'decode';
}

export function roleFromName(name: string): 'prefill' | 'decode' | undefined {
  const p = /prefill/i.test(name);
  const d = /decode/i.test(name);
  if (p === d) return undefined;
  return p ? 'prefill' : 'decode';
}

/** The engine is visible on the command line (not only guessed from the image), and it is a real engine. */
function plainEngine(s: RawService): boolean {
  const e = engineOf({ argv: s.argv });
  return e !== undefined && e !== 'mocker';
}

/** What tells an engine it is one side of a pair: a mode, a KV connector or transfer backend, a transceiver config. */
const DISAGG_ARGV =
  /--is-(prefill|decode)-worker\b|--kv[-_]transfer[-_]config\b|--disaggregation[-_](transfer[-_]backend|strategy)\b|cache_transceiver_config/;

/**
 * vLLM connectors whose whole purpose is to move KV from one engine instance to another: NIXL, the P2P/Py NCCL
 * connectors and Mooncake's transfer engine (vllm/distributed/kv_transfer/kv_connector/factory.py registers them;
 * vllm-ascend's MooncakeConnectorV1). Offloading and store connectors (LMCache, OffloadingConnector, MooncakeStore,
 * AIBrix's) keep KV for the same engine and say nothing about a pair.
 */
const HANDOFF_CONNECTOR =
  /\\?["']?kv_connector\\?["']?\s*:\s*\\?["']?(NixlConnector|P2pNcclConnector|PyNcclConnector|MooncakeConnector(?:V1)?)["']?/;

/**
 * A plain vLLM (`vllm serve`, not dynamo.vllm, whose own --disaggregation-mode says agg when absent) whose
 * --kv-transfer-config names a connector that hands KV to another instance, itself or inside a MultiConnector: it
 * is started as one side of a prefill/decode pair, whether or not it says which (llm-d runs both sides kv_both).
 * A container that gives only args runs its image's ENTRYPOINT, so the image names the engine then (llm-d's
 * images start `vllm serve`), as for servesModels.
 */
export function handsKvOver(s: Pick<RawService, 'argv' | 'image' | 'commandLength'>): boolean {
  const text = argvText(s.argv);
  const engine = engineOf({ argv: s.argv, image: s.commandLength === 0 ? s.image : undefined });
  return !/\bdynamo\.vllm\b/.test(text) && engine === 'vllm' && HANDOFF_CONNECTOR.test(text);
}

function toldToDisaggregate(s: RawService): boolean {
  const m = statedMode(s);
  return m === 'prefill' || m === 'decode' || DISAGG_ARGV.test(argvText(s.argv));
}

/**
 * Device-plugin resources of model accelerators: GPUs (`nvidia.com/gpu`, `amd.com/gpu`,
 * `gpu.intel.com/*`), Cloud TPU (`google.com/tpu`), AWS Neuron (`aws.amazon.com/neuron`,
 * `neuroncore`, `neurondevice`), Intel Gaudi (`habana.ai/gaudi`), Rebellions (`rebellions.ai/*`)
 * (references/env-rules.md "Accelerators").
 */
export const ACCELERATOR_RESOURCE =
  /(^|\/)gpu$|^gpu\.intel\.com\/|^google\.com\/tpu$|^aws\.amazon\.com\/neuron(core|device)?$|^habana\.ai\/gaudi$|^rebellions\.ai\//;

/** Whether a container's resources ask for a model accelerator (a count of 0 asks for none). */
export function asksAccelerator(resources: Readonly<Record<string, string>>): boolean {
  return Object.entries(resources).some(([r, n]) => ACCELERATOR_RESOURCE.test(r) && n !== '0');
}

/**
 * Whether a plain container looks like a serving worker: it asks for an accelerator or starts a known
 * engine, and is not shown to run a program that serves no model (non-serving.ts).
 */
function servesModels(s: RawService): boolean {
  // A fabric test, an MPI launcher of one, or an sshd its launcher runs one through: no engine, GPUs or not.
  if (servesNoModel(s)) return false;
  const accel = asksAccelerator(s.resources);
  // The image's engine runs only when the container gives no command of its own (its ENTRYPOINT runs).
  const e = engineOf({ argv: s.argv, image: s.commandLength === 0 ? s.image : undefined });
  return (
    accel ||
    (e !== undefined && e !== 'mocker') ||
    aggregatedServer(s) ||
    /\bdynamo\.(vllm|sglang|trtllm|mocker)\b|\b(vllm|sglang)\b.*\bserve|launch_server|trtllm-serve|\bvllm\.entrypoints\./.test(
      argvText(s.argv),
    )
  );
}

/**
 * Roles for every service of one scope (a DGD, or the plain workloads of one file), in order.
 * The graph decides: a decode-typed worker with no prefill beside it and no
 * `--disaggregation-mode prefill|decode` serves alone (several upstream `agg`
 * recipes type their only worker `decode`, or pass vLLM's deprecated
 * `--is-decode-worker` to turn KV events off), so it is `agg`.
 */
export function inferRoles(
  services: readonly RawService[],
  isDgd: boolean,
  /** False for a fragment (one DCD, a patch): the rest of its graph is elsewhere, so a lone decode stays decode. */
  whole = true,
  /** The name of each service's own plain workload (a Deployment's), a hint as its name is; undefined for a graph in one object. */
  workloads: readonly (string | undefined)[] = [],
): RoleResult[] {
  const strong: (RoleResult | undefined)[] = services.map((s) => {
    const fromArgs = roleFromArgs(s.argv) ?? modeRole(literalEnvOf(s)[MODE_ENV]?.trim().toLowerCase());
    if (s.declared && s.declared.role !== 'prefill' && s.declared.role !== 'decode')
      return { role: s.declared.role, from: s.declared.from };
    // A router or planner is never a worker, whatever its componentType says (`default`, `worker`);
    // an encode worker hands embeddings on, not KV, whatever sub-type it is given.
    if (fromArgs === 'other' || fromArgs === 'frontend' || fromArgs === 'encode')
      return { role: fromArgs, from: 'args' };
    if (s.declared) return { role: s.declared.role, from: s.declared.from };
    if (fromArgs) return { role: fromArgs, from: 'args' };
    return undefined;
  });
  const candidate = (s: RawService) => (isDgd ? s.workerish : servesModels(s));
  // An engine whose own connector hands KV to another instance is one side of a pair: its name, or its
  // workload's, is then evidence of which side, even with the other side's manifest elsewhere.
  const handing = services.map((s, k) => !isDgd && workloads[k] !== undefined && handsKvOver(s));
  const named = services.map((s, k) =>
    strong[k] || !candidate(s)
      ? undefined
      : (roleFromName(s.name) ?? (handing[k] ? roleFromName(workloads[k] ?? '') : undefined)),
  );
  const roles = new Set<Role>();
  for (const r of strong) if (r) roles.add(r.role);
  for (const n of named) if (n) roles.add(n);
  const useNames = roles.has('prefill') && roles.has('decode');
  const result = services.map((_s, k): RoleResult | undefined => {
    const st = strong[k];
    if (st) return st;
    const n = named[k];
    if (n && (useNames || handing[k])) return { role: n, from: 'name' };
    return undefined;
  });
  // Names alone never make a graph disaggregated when the engines are visibly started as plain
  // aggregated engines: no mode flag, no KV connector or transfer backend on any of them.
  const byName = result.flatMap((r, k) => (r?.from === 'name' ? [k] : []));
  if (
    byName.length > 0 &&
    byName.every((k) => plainEngine(services[k] as RawService)) &&
    !services.some(toldToDisaggregate)
  )
    for (const k of byName) result[k] = undefined;
  const hasPrefill = result.some((r) => r?.role === 'prefill');
  const explicit = services.some((s) => explicitPdMode(s));
  if (whole && !hasPrefill && !explicit) {
    for (const [k, r] of result.entries())
      if (r?.role === 'decode' && !handing[k]) result[k] = { role: 'agg', from: 'graph' };
  }
  const disagg = result.some((r) => r?.role === 'prefill' || r?.role === 'decode');
  return services.map((s, k) => {
    const r = result[k];
    if (r) return r;
    if (!candidate(s)) return { role: 'other', from: isDgd ? 'componentType' : 'workload' };
    // Its connector makes it one side of a pair though nothing says which: never the aggregated worker.
    if (handing[k]) return { role: 'worker', from: 'args' };
    return { role: disagg ? 'worker' : 'agg', from: 'graph' };
  });
}
