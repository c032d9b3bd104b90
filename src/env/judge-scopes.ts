import type { Check } from '../core/model.js';
import { check } from '../core/model.js';
import { aggregatedServer } from './agg-servers.js';
import { cpuEngineOf } from './cpu-engine.js';
import { kvNetworkCheck, oneSidedKvCheck, type ServiceCtx } from './graph-rules.js';
import { settleKv } from './kv-graph.js';
import { kvHandOverChecks } from './kv-rendezvous.js';
import { servesNoModel } from './non-serving.js';
import { pdMismatchCheck } from './pd-match.js';
import type { RawGraph, RawService } from './raw.js';
import { engineFactsOf, missingCriticalOf, podFactsOf, transportVarsOf } from './resolve.js';
import {
  asksAccelerator,
  handsKvOver,
  inferRoles,
  type RoleResult,
  roleFromArgs,
  roleFromName,
} from './roles.js';
import {
  gpuDirectCheck,
  missingCriticalCheck,
  ncclIbDisableCheck,
  netDevicesCheck,
  ucxTlsCheck,
} from './rules.js';
import { errorFlagCheck } from './rules-flags.js';
import { mnnvlCheck } from './rules-mnnvl.js';
import { cudaVisibleCheck, efaCheck, ipcLockCheck, shmCheck, worldBeyondPodsCheck } from './rules-pod.js';
import { pdOptionsWithoutModeCheck, plainEngineRoleCheck, roleModeCheck, statesSide } from './rules-role.js';
import { foreignKnobCheck, kvConnectorCheck, kvDeviceCheck, multinodeRdmaCheck } from './rules-serving.js';
import type { EnvService, Graph } from './schema.js';
import { literalEnvOf } from './serving-engine.js';
import type { Extracted } from './workloads.js';

/**
 * The judging of one scope (one DGD, the DGDs of one file that pair up, or a file's plain
 * workloads): its report entries and checks, from its raw graphs and the side objects of the
 * input it looks up (ConfigMaps, claim templates). `env` judges each scope as soon as it can
 * (eager.ts), so a large tree is never held whole (issue 40 item 13).
 */

/** The side objects of the input that judging a service may look up. */
export type Lookups = Pick<Extracted, 'configMaps' | 'computeDomainTemplates' | 'rdmaClaimTemplates'>;

/** What judged scopes add to the report, each list in report order. */
export interface Part {
  graphs: Graph[];
  services: EnvService[];
  checks: Check[];
  /** Missing-critical checks: the report lists them after every scope's other checks. */
  missing: Check[];
}

/** A scope in report order: judged already (eager.ts), or still to judge once every document is read. */
export interface Unit {
  paired: boolean;
  part?: Part | undefined;
  scope?: Scope | undefined;
}

export function emptyPart(): Part {
  return { graphs: [], services: [], checks: [], missing: [] };
}

/** `from` appended to `into`. */
export function addPart(into: Part, from: Part): void {
  for (const k of ['graphs', 'services', 'checks', 'missing'] as const)
    for (const x of from[k] as unknown[]) (into[k] as unknown[]).push(x);
}

/** A scope is what roles and the prefill↔decode checks are decided over: one DGD, the DGDs of one file that pair up, or a file's plain workloads. */
export interface Scope {
  subject: string;
  /** DGDs of one file that pair up: the report lists these scopes before every other (scopesOf's order). */
  paired: boolean;
  isDgd: boolean;
  graphs: RawGraph[];
  partial?: string;
}

/** Which side of a prefill/decode pair a DGD holds on its own: declared, by flag, or by name. */
export function sideOf(g: RawGraph): 'prefill' | 'decode' | 'both' | 'none' {
  let p = false;
  let d = false;
  for (const s of g.services) {
    const r = s.declared?.role ?? roleFromArgs(s.argv) ?? (s.workerish ? roleFromName(s.name) : undefined);
    if (r === 'prefill') p = true;
    if (r === 'decode') d = true;
  }
  return p && d ? 'both' : p ? 'prefill' : d ? 'decode' : 'none';
}

export function scopesOf(graphs: RawGraph[]): Scope[] {
  const scopes: Scope[] = [];
  const plain = new Map<string, Scope>();
  // DGDs of one file that each hold one side (global-planner pools: gp-prefill-0 + gp-decode-0) are one pair.
  const oneSided = new Map<string, RawGraph[]>();
  for (const g of graphs) {
    if (g.isDgd && !g.partial && (sideOf(g) === 'prefill' || sideOf(g) === 'decode')) {
      const list = oneSided.get(g.file) ?? [];
      list.push(g);
      oneSided.set(g.file, list);
    }
  }
  const paired = new Set<RawGraph>();
  for (const [file, list] of oneSided) {
    const sides = new Set(list.map(sideOf));
    if (list.length < 2 || !sides.has('prefill') || !sides.has('decode')) continue;
    for (const g of list) paired.add(g);
    scopes.push({
      subject: `${file}#${list.map((g) => g.deployment).join('+')}`,
      paired: true,
      isDgd: true,
      graphs: list,
    });
  }
  for (const g of graphs) {
    if (paired.has(g)) continue;
    if (g.isDgd || g.ownScope) {
      scopes.push({
        subject: `${g.file}#${g.deployment}`,
        paired: false,
        isDgd: g.isDgd,
        graphs: [g],
        ...(g.partial ? { partial: g.partial } : {}),
      });
      continue;
    }
    let s = plain.get(g.file);
    if (!s) {
      s = { subject: g.file, paired: false, isDgd: false, graphs: [] };
      plain.set(g.file, s);
      scopes.push(s);
    }
    s.graphs.push(g);
    // The plain workloads of a file are judged together: one of them not whole (a file read in part) leaves the set partial.
    if (g.partial && !s.partial) s.partial = g.partial;
  }
  return scopes;
}

const KV_ROLES = new Set(['prefill', 'decode', 'worker']);
const SERVING = new Set(['prefill', 'decode', 'worker', 'agg', 'encode']);

/** Value checks of one serving service (missing-critical is separate: see the ordering in analyse). */
function valueChecks(c: ServiceCtx, disagg: boolean, gpus: number, leader?: ServiceCtx): Check[] {
  const { svc, subject } = c;
  // An UNKNOWN KV path (engine config not in the input) is judged like an unnamed one.
  const f = c.facts?.kv?.transport === 'UNKNOWN' ? { ...c.facts, kv: undefined } : (c.facts ?? {});
  if (!SERVING.has(svc.role)) return [];
  // A flag that stops the engine is raised before any KV check of dynamo.vllm: it comes first, alone.
  const stops = errorFlagCheck(c.raw, subject, disagg && (svc.role === 'prefill' || svc.role === 'decode'));
  const list: (Check | undefined)[] = [
    stops,
    cudaVisibleCheck(svc, literalEnvOf(c.raw), subject),
    // The mocker simulates the engine on no GPU: a mocker worker spanning nodes sends no tensor traffic between them.
    c.facts?.engine === 'mocker' ? undefined : multinodeRdmaCheck(svc, c.raw, subject, leader?.raw.argv),
    worldBeyondPodsCheck(svc, c.raw, subject, gpus),
    foreignKnobCheck(c.raw, subject),
    pdOptionsWithoutModeCheck(c.raw, subject),
  ];
  if (disagg && KV_ROLES.has(svc.role)) {
    list.push(
      roleModeCheck(c.raw, subject),
      mnnvlCheck(svc, subject),
      stops ? undefined : kvConnectorCheck(svc, c.raw, subject, f),
      ucxTlsCheck(svc, subject, f),
      netDevicesCheck(svc, subject, f, c.raw.resources),
      kvDeviceCheck(svc, c.raw, subject, f),
      gpuDirectCheck(svc, subject),
      ncclIbDisableCheck(svc, subject, f),
      efaCheck(svc, subject, f),
    );
  }
  // What the pod runs is shown by a command line, a launcher, or the graph declaring it a worker (its operator starts the engine).
  const programShown =
    c.raw.argv.length > 0 ||
    c.raw.launchedBy !== undefined ||
    c.raw.declared !== undefined ||
    c.raw.workerish;
  const shm = shmCheck(svc, subject, f, c.raw.resources, programShown, aggregatedServer(c.raw));
  list.push(ipcLockCheck(svc, subject), shm);
  return list.filter((x): x is Check => x !== undefined);
}

/** One service of a graph as the checks read it: its report entry, engine facts and subject. */
function serviceCtx(g: RawGraph, raw: RawService, role: RoleResult, ex: Lookups): ServiceCtx {
  const transportVars = transportVarsOf(raw, ex.configMaps);
  const facts = engineFactsOf(raw, transportVars, ex.configMaps);
  const { computeDomainTemplates: cd, configMaps: cm, rdmaClaimTemplates: rdma } = ex;
  const svc: EnvService = {
    file: g.file,
    doc: g.doc,
    deployment: g.deployment,
    kind: g.kind,
    apiVersion: g.apiVersion,
    name: raw.name,
    role: role.role,
    roleFrom: role.from,
    transportVars,
    // A fragment is merged onto a graph written elsewhere: what it does not set says nothing.
    missingCritical: g.partial ? [] : missingCriticalOf(role.role, transportVars),
    pod: podFactsOf(raw, transportVars, cd, cm, rdma, facts),
  };
  return { svc, raw, subject: `${g.file}#${g.deployment}/${raw.name}`, facts };
}

/** One scope judged: its graphs' and services' report entries, its checks and its missing-critical checks. */
export function judgeScope(scope: Scope, lookups: Lookups): Part {
  const part = emptyPart();
  const raws = scope.graphs.flatMap((g) => g.services.map((raw) => ({ g, raw })));
  const roles = inferRoles(
    raws.map((r) => r.raw),
    scope.isDgd,
    !scope.partial,
    // A serving graph in one object (a KServe LLMInferenceService, a RoleBasedGroup) states its pools by its schema.
    raws.map((r) => (scope.isDgd || r.g.ownScope ? undefined : r.g.deployment)),
  );
  const ctxs = raws.map(({ g, raw }, k) => serviceCtx(g, raw, roles[k] as RoleResult, lookups));
  // The mocker simulates engines and moves no KV; nor does a worker that starts no known engine and
  // asks for no accelerator (a simulator, a placeholder): there is no KV path to judge.
  const moves = (c: ServiceCtx) => c.facts?.engine !== 'mocker' && !idle(c);
  const prefill = ctxs.filter((c) => c.svc.role === 'prefill' && moves(c));
  const decode = ctxs.filter((c) => c.svc.role === 'decode' && moves(c));
  const settled = settleKv(prefill, decode, scope.subject);
  // Workers whose connector hands KV over, in a scope with no side stated at all (beside a stated side, such a worker
  // is that side's partner, judged as the graph is).
  const unsided =
    prefill.length + decode.length === 0
      ? ctxs.filter((c) => c.svc.role === 'worker' && handsKvOver(c.raw) && moves(c))
      : [];
  const disagg = ctxs.some((c) => c.svc.role === 'prefill' || c.svc.role === 'decode') || unsided.length > 0;
  const serving = ctxs.some((c) => SERVING.has(c.svc.role));
  const names = scope.graphs.map((g) => g.deployment);
  const kvWorker =
    ctxs.find((c) => (c.svc.role === 'prefill' || c.svc.role === 'decode') && c.facts?.engine) ??
    ctxs.find((c) => SERVING.has(c.svc.role) && c.facts?.engine);
  for (const g of scope.graphs) {
    const others = names.filter((n) => n !== g.deployment);
    part.graphs.push({
      file: g.file,
      doc: g.doc,
      deployment: g.deployment,
      kind: g.kind,
      apiVersion: g.apiVersion,
      mode: scope.partial ? 'partial' : disagg ? 'disaggregated' : serving ? 'aggregated' : 'none',
      ...(scope.partial ? { partial: scope.partial } : {}),
      ...(others.length ? { pairedWith: others } : {}),
      ...(kvWorker?.facts?.engine ? { engine: kvWorker.facts.engine } : {}),
      ...(kvWorker?.facts?.tensorParallel ? { tensorParallel: kvWorker.facts.tensorParallel } : {}),
      ...(settled.kv ? { kv: settled.kv } : kvWorker?.facts?.kv ? { kv: kvWorker.facts.kv } : {}),
      services: g.services.map((s) => s.name),
    });
  }
  for (const c of ctxs) part.services.push(c.svc);
  if (scope.partial) {
    // A fragment: list what it sets, judge no value against a graph it is only part of.
    part.checks.push(
      check('env.partial', 'skipped', `${scope.partial}: not linted as a complete graph`, {
        subject: scope.subject,
        matters: false,
      }),
    );
    return part;
  }
  // Order matters: the verdict's "fix first" is the first worst check, so wrong values and
  // the KV path of every graph come before the (often image-provided) missing variables.
  if (settled.check) part.checks.push(settled.check);
  // A declared pair of engines started on their own: where one side states its side, the other must too.
  for (const [mine, theirs] of [
    [prefill, decode],
    [decode, prefill],
  ] as const)
    if (theirs.some((o) => statesSide(o.raw)))
      for (const c of mine) {
        const k = plainEngineRoleCheck(c.raw, c.subject);
        if (k) part.checks.push(k);
      }
  // A worker that may hand KV over but whose pair is not shown (a decode pool by its name alone, which also serves
  // alone, or a worker that states no side): its KV path is a condition, warned once below, not a path to fail.
  const conditional = (c: ServiceCtx) =>
    unsided.includes(c) || (c.svc.role === 'decode' && c.svc.roleFrom === 'name' && prefill.length === 0);
  const gpus = ctxs.reduce((n, x) => n + (x.svc.pod.gpus ?? 0) * x.svc.pod.nodeCount, 0);
  for (const c of ctxs)
    if (!idle(c))
      part.checks.push(...valueChecks(c, disagg && moves(c) && !conditional(c), gpus, leaderOf(c, ctxs)));
  const mocked = ctxs.filter((c) => (c.svc.role === 'prefill' || c.svc.role === 'decode') && !moves(c));
  if (mocked.length && prefill.length + decode.length === 0) {
    // The mocker is Dynamo's own stand-in (skipped, as a simulation); workers with no engine and no
    // accelerator at all move no KV, as a graph of such pods in one object does (below): ok.
    const mocker = mocked.every((c) => c.facts?.engine === 'mocker');
    part.checks.push(
      mocker
        ? check(
            'env.kv-over-pod-network',
            'skipped',
            'the workers are dynamo.mocker: it simulates the engine and moves no KV',
            { subject: scope.subject, matters: false },
          )
        : check(
            'env.kv-over-pod-network',
            'ok',
            `the prefill and decode workers start no known engine ${noEngineWhy(mocked) ?? 'and ask for no accelerator'}: no KV moves between pods`,
            { subject: scope.subject },
          ),
    );
  }
  // A serving graph in one object (RoleBasedGroup, a serving CRD, a Kubeflow job) whose pods start no engine: they ask
  // for no GPU (placeholders, a scheduling demo) or run a program that serves no model (a fabric test), so no KV moves,
  // as the mocker moves none. Plain workloads too, when every pod is shown to run such a program; and a graph whose
  // schema gives its pods a serving role (an aggregated LeaderWorkerSet) when every one is idle (a simulator).
  const servingCtxs = ctxs.filter((c) => SERVING.has(c.svc.role));
  const allIdle = serving && !mocked.length && servingCtxs.every(idle);
  const shownIdle = scope.graphs.every((g) => g.ownScope) || ctxs.every((c) => servesNoModel(c.raw));
  // A CPU pod of a model server with no prefill/decode hand-off (agg-servers.ts) serves alone: idle for the KV path.
  const alone = servingCtxs.filter((c) => aggregatedServer(c.raw)).map((c) => c.svc.name);
  const why = alone.length
    ? `${alone.join(', ')} serve${alone.length > 1 ? '' : 's'} a model alone (a server with no prefill/decode KV hand-off) and no other pod starts an engine or requests a GPU`
    : `no pod starts an engine ${noEngineWhy(allIdle ? servingCtxs : ctxs) ?? 'or requests a GPU'}`;
  if (allIdle || (!serving && ctxs.length && shownIdle))
    part.checks.push(
      check('env.kv-over-pod-network', 'ok', `${why}: no KV moves between pods`, { subject: scope.subject }),
    );
  // CPU engines on both sides keep KV in host memory: the pod network is the path they are built for.
  const cpu = (c: ServiceCtx) => cpuEngineOf(c.raw, c.facts?.engine);
  const allCpu = prefill.length > 0 && decode.length > 0 && [...prefill, ...decode].every((c) => cpu(c));
  for (const c of [
    allCpu
      ? check(
          'env.kv-over-pod-network',
          'ok',
          `prefill and decode are CPU engines (${[...new Set([...prefill, ...decode].map(cpu))].join(', ')}): their KV is host memory and the pod network is its path`,
          { subject: scope.subject },
        )
      : kvNetworkCheck(prefill, decode, scope.subject),
    pdMismatchCheck(prefill, decode, scope.subject),
    ...kvHandOverChecks(prefill, decode, scope.subject),
    oneSidedKvCheck(prefill, decode, scope.subject, unsided),
  ]) {
    if (c) part.checks.push(c);
  }
  for (const c of ctxs.filter((x) => SERVING.has(x.svc.role) && x.svc.role !== 'encode' && moves(x))) {
    const f = c.facts?.kv?.transport === 'UNKNOWN' ? { ...c.facts, kv: undefined } : c.facts;
    const onCpu = allCpu ? cpu(c) : undefined;
    if (onCpu) {
      part.missing.push(
        check(
          'env.missing-critical',
          'skipped',
          `a CPU engine (${onCpu}): the RDMA and NCCL transport variables do not apply to its host-memory KV`,
          { subject: c.subject, matters: false },
        ),
      );
      continue;
    }
    part.missing.push(missingCriticalCheck(c.svc, c.subject, disagg && KV_ROLES.has(c.svc.role), f));
  }
  return part;
}

const accelerated = (raw: RawService) => asksAccelerator(raw.resources);

/**
 * A worker shown to run something else than an engine: its command line runs a program that serves
 * no model (non-serving.ts: a fabric test), whatever it requests; or its image is given, neither it
 * nor the command line is a known engine, and it requests no accelerator (device claims included).
 * One whose image is not shown (a DGD service the operator fills in, a bare template) may be an engine.
 */
function idle(c: ServiceCtx): boolean {
  if (c.facts?.engine) return false;
  if (servesNoModel(c.raw)) return true;
  if (!c.raw.image || c.raw.claimTemplates.length > 0) return false;
  return !accelerated(c.raw);
}

/** Why pods that start no engine move no KV: they ask for no accelerator, or those that do run what serves no model. */
function noEngineWhy(ctxs: readonly ServiceCtx[]): string | undefined {
  const busy = ctxs.filter((c) => accelerated(c.raw) || c.raw.claimTemplates.length > 0);
  const runs = busy.flatMap((c) => {
    const p = servesNoModel(c.raw);
    return p ? [`${c.svc.name} runs ${p}`] : [];
  });
  return busy.length > 0 && runs.length === busy.length ? `(${runs.join('; ')}: no model server)` : undefined;
}

/**
 * A group's worker template runs the engine its leader starts (`…/worker/x` beside `…/leader/y`): a
 * LeaderWorkerSet's leader, or a Kthena ModelServing role's entry pod (`…/entry/y`), which leads its
 * `workerReplicas` workers in one serving group (serving-crds-more.ts).
 */
function leaderOf(c: ServiceCtx, ctxs: readonly ServiceCtx[]): ServiceCtx | undefined {
  const base =
    /^(.*\/)?worker\/[^/]+$/.exec(c.svc.name)?.[1] ?? (c.svc.name.startsWith('worker/') ? '' : undefined);
  if (base === undefined) return undefined;
  const leads = (x: ServiceCtx) =>
    x.svc.name.startsWith(`${base}leader/`) || x.svc.name.startsWith(`${base}entry/`);
  return ctxs.find((x) => x !== c && leads(x));
}
