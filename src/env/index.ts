import path from 'node:path';
import { ToolError, ToolErrors } from '../core/errors.js';
import type { Check, Report } from '../core/model.js';
import { check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import { makeReport } from '../core/report.js';
import { kvNetworkCheck, type ServiceCtx } from './graph-rules.js';
import { KUSTOMIZE_KIND, kustomizeCheck } from './kustomize.js';
import { settleKv } from './kv-graph.js';
import { type Loaded, loadInputs, type ReadCaps } from './load.js';
import { locateChecks } from './locate.js';
import { pdMismatchCheck } from './pd-match.js';
import type { RawGraph, RawService } from './raw.js';
import { engineFactsOf, missingCriticalOf, podFactsOf, transportVarsOf } from './resolve.js';
import { inferRoles, type RoleResult, roleFromArgs, roleFromName } from './roles.js';
import {
  gpuDirectCheck,
  missingCriticalCheck,
  ncclIbDisableCheck,
  netDevicesCheck,
  ucxTlsCheck,
} from './rules.js';
import { errorFlagCheck } from './rules-flags.js';
import { mnnvlCheck } from './rules-mnnvl.js';
import { efaCheck, ipcLockCheck, shmCheck } from './rules-pod.js';
import { roleModeCheck } from './rules-role.js';
import { foreignKnobCheck, kvConnectorCheck, multinodeRdmaCheck } from './rules-serving.js';
import type { EnvReportPart, EnvService, Graph, Skipped } from './schema.js';
import { type Extracted, extractWorkloads, workloadExtractor } from './workloads.js';

/**
 * `env`: which transport variables each service of a recipe sets, which
 * disagg-critical ones are missing, and which values are wrong. Read-only:
 * files in, a Report out.
 */

export const ENV_VERDICT_SUBJECT = 'disaggregated serving with these manifests';

/** A scope is what roles and the prefill↔decode checks are decided over: one DGD, the DGDs of one file that pair up, or a file's plain workloads. */
interface Scope {
  subject: string;
  isDgd: boolean;
  graphs: RawGraph[];
  partial?: string;
}

/** Which side of a prefill/decode pair a DGD holds on its own: declared, by flag, or by name. */
function sideOf(g: RawGraph): 'prefill' | 'decode' | 'both' | 'none' {
  let p = false;
  let d = false;
  for (const s of g.services) {
    const r = s.declared?.role ?? roleFromArgs(s.argv) ?? (s.workerish ? roleFromName(s.name) : undefined);
    if (r === 'prefill') p = true;
    if (r === 'decode') d = true;
  }
  return p && d ? 'both' : p ? 'prefill' : d ? 'decode' : 'none';
}

function scopesOf(graphs: RawGraph[]): Scope[] {
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
    scopes.push({ subject: `${file}#${list.map((g) => g.deployment).join('+')}`, isDgd: true, graphs: list });
  }
  for (const g of graphs) {
    if (paired.has(g)) continue;
    if (g.isDgd || g.ownScope) {
      scopes.push({
        subject: `${g.file}#${g.deployment}`,
        isDgd: g.isDgd,
        graphs: [g],
        ...(g.partial ? { partial: g.partial } : {}),
      });
      continue;
    }
    let s = plain.get(g.file);
    if (!s) {
      s = { subject: g.file, isDgd: false, graphs: [] };
      plain.set(g.file, s);
      scopes.push(s);
    }
    s.graphs.push(g);
  }
  return scopes;
}

const KV_ROLES = new Set(['prefill', 'decode', 'worker']);
const SERVING = new Set(['prefill', 'decode', 'worker', 'agg', 'encode']);

/** Value checks of one serving service (missing-critical is separate: see the ordering in analyse). */
function valueChecks(c: ServiceCtx, disagg: boolean, leader?: ServiceCtx): Check[] {
  const { svc, subject } = c;
  // An UNKNOWN KV path (engine config not in the input) is judged like an unnamed one.
  const f = c.facts?.kv?.transport === 'UNKNOWN' ? { ...c.facts, kv: undefined } : (c.facts ?? {});
  if (!SERVING.has(svc.role)) return [];
  // A flag that stops the engine is raised before any KV check of dynamo.vllm: it comes first, alone.
  const stops = errorFlagCheck(c.raw, subject);
  const list: (Check | undefined)[] = [
    stops,
    multinodeRdmaCheck(svc, c.raw, subject, leader?.raw.argv),
    foreignKnobCheck(c.raw, subject),
  ];
  if (disagg && KV_ROLES.has(svc.role)) {
    list.push(
      roleModeCheck(c.raw, subject),
      mnnvlCheck(svc, subject),
      stops ? undefined : kvConnectorCheck(svc, c.raw, subject, f),
      ucxTlsCheck(svc, subject, f),
      netDevicesCheck(svc, subject),
      gpuDirectCheck(svc, subject),
      ncclIbDisableCheck(svc, subject, f),
      efaCheck(svc, subject, f),
    );
  }
  list.push(ipcLockCheck(svc, subject), shmCheck(svc, subject, f));
  return list.filter((x): x is Check => x !== undefined);
}

/** One service of a graph as the checks read it: its report entry, engine facts and subject. */
function serviceCtx(g: RawGraph, raw: RawService, role: RoleResult, ex: Extracted): ServiceCtx {
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

/** Skipped entries for whole files that could not be read or parsed (doc 0, not an empty file). */
function unusable(skipped: readonly Skipped[]): Skipped[] {
  return skipped.filter(
    (k) => k.doc === 0 && k.kind !== KUSTOMIZE_KIND && !/^no YAML documents|^a Helm\/Go template/.test(k.why),
  );
}

/** The pure part: loaded documents in, the env report part and its checks out (`ex.graphs` is consumed). */
export function analyse(
  loaded: Loaded,
  ex: Extracted = extractWorkloads(loaded.docs),
): { part: EnvReportPart; checks: Check[] } {
  const services: EnvService[] = [];
  const graphs: Graph[] = [];
  const checks: Check[] = [];
  const missing: Check[] = [];
  for (const sh of ex.shapes) {
    const p = sh.problem;
    checks.push(
      check(
        'env.shape',
        'fail',
        `${sh.file}: ${sh.kind} ${sh.deployment}: ${p.path} is ${p.got}, it should be ${p.expected}; env cannot read it`,
        {
          subject: `${sh.file}#${sh.deployment}`,
          fix: `write ${p.path} as ${p.expected} (see the ${sh.kind} CRD)`,
        },
      ),
    );
  }
  // Judged scope by scope, each scope's raw services let go once judged (the report keeps its own
  // entries): a large tree never holds both all its services as read and all as reported. The
  // graphs are taken from `ex` (issue 40 item 13).
  const scopes = scopesOf(ex.graphs).reverse();
  ex.graphs = [];
  for (let scope = scopes.pop(); scope; scope = scopes.pop()) {
    const raws = scope.graphs.flatMap((g) => g.services.map((raw) => ({ g, raw })));
    const roles = inferRoles(
      raws.map((r) => r.raw),
      scope.isDgd,
      !scope.partial,
    );
    const ctxs = raws.map(({ g, raw }, k) => serviceCtx(g, raw, roles[k] as RoleResult, ex));
    // The mocker simulates engines and moves no KV: there is no KV path to judge.
    const moves = (c: ServiceCtx) => c.facts?.engine !== 'mocker';
    const prefill = ctxs.filter((c) => c.svc.role === 'prefill' && moves(c));
    const decode = ctxs.filter((c) => c.svc.role === 'decode' && moves(c));
    const settled = settleKv(prefill, decode, scope.subject);
    const disagg = ctxs.some((c) => c.svc.role === 'prefill' || c.svc.role === 'decode');
    const serving = ctxs.some((c) => SERVING.has(c.svc.role));
    const names = scope.graphs.map((g) => g.deployment);
    const kvWorker =
      ctxs.find((c) => (c.svc.role === 'prefill' || c.svc.role === 'decode') && c.facts?.engine) ??
      ctxs.find((c) => SERVING.has(c.svc.role) && c.facts?.engine);
    for (const g of scope.graphs) {
      const others = names.filter((n) => n !== g.deployment);
      graphs.push({
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
    for (const c of ctxs) services.push(c.svc);
    if (scope.partial) {
      // A fragment: list what it sets, judge no value against a graph it is only part of.
      checks.push(
        check('env.partial', 'skipped', `${scope.partial}: not linted as a complete graph`, {
          subject: scope.subject,
          matters: false,
        }),
      );
      continue;
    }
    // Order matters: the verdict's "fix first" is the first worst check, so wrong values and
    // the KV path of every graph come before the (often image-provided) missing variables.
    if (settled.check) checks.push(settled.check);
    for (const c of ctxs) checks.push(...valueChecks(c, disagg && moves(c), leaderOf(c, ctxs)));
    const mocked = ctxs.filter((c) => (c.svc.role === 'prefill' || c.svc.role === 'decode') && !moves(c));
    if (mocked.length && prefill.length + decode.length === 0) {
      checks.push(
        check(
          'env.kv-over-pod-network',
          'skipped',
          'the workers are dynamo.mocker: it simulates the engine and moves no KV',
          {
            subject: scope.subject,
            matters: false,
          },
        ),
      );
    }
    for (const c of [
      kvNetworkCheck(prefill, decode, scope.subject),
      pdMismatchCheck(prefill, decode, scope.subject),
    ]) {
      if (c) checks.push(c);
    }
    for (const c of ctxs.filter((x) => SERVING.has(x.svc.role) && x.svc.role !== 'encode' && moves(x))) {
      const f = c.facts?.kv?.transport === 'UNKNOWN' ? { ...c.facts, kv: undefined } : c.facts;
      missing.push(missingCriticalCheck(c.svc, c.subject, disagg && KV_ROLES.has(c.svc.role), f));
    }
  }
  checks.push(...missing);
  const kustomized = kustomizeCheck(loaded.skipped, loaded.rendered ?? []);
  if (kustomized) checks.push(kustomized);
  const skipped = [...loaded.skipped, ...ex.skipped];
  const bad = unusable(loaded.skipped);
  if (bad.length) {
    const shown = bad.slice(0, 3).map((k) => `${k.file}:${k.line} (${k.why})`);
    checks.push(
      check(
        'env.unreadable',
        'warn',
        `${bad.length} file${bad.length > 1 ? 's' : ''} could not be read as YAML and ${bad.length > 1 ? 'were' : 'was'} skipped: ${shown.join('; ')}${bad.length > 3 ? `; +${bad.length - 3} more (see skipped)` : ''}`,
        { fix: 'render templates first (envsubst, helm template) or fix the YAML; the rest was checked' },
      ),
    );
  }
  if (services.length === 0 && ex.shapes.length === 0) {
    checks.push(
      check(
        'env.workloads',
        'warn',
        `no DynamoGraphDeployment or pod workload in ${loaded.files.length} file(s): nothing was checked`,
        {
          fix: 'point env at the recipe directory that holds the DynamoGraphDeployment',
        },
      ),
    );
  }
  return {
    part: { files: loaded.files, graphs, services, skipped },
    checks: locateChecks(checks, loaded.docs, graphs, skipped),
  };
}

export interface EnvOptions {
  cwd: string;
  now?: () => Date;
  /** Stops reading (a FIFO with no writer, a huge file) when the run is interrupted. */
  signal?: AbortSignal;
  /** What `-` reads (default: the process's stdin). */
  stdin?: NodeJS.ReadableStream;
  /** Where a walk that takes over a second shows files and MB read; give it only when stderr is a TTY. */
  progress?: Progress;
  /** The run's file and byte caps (`--max-files`, `--max-total`); default DEFAULT_CAPS. */
  caps?: ReadCaps;
}

export async function runEnv(paths: readonly string[], opts: EnvOptions): Promise<Report> {
  const watch = opts.progress ? { progress: opts.progress } : undefined;
  // Each file's documents go to the extractor as they are read; none is kept (issue 35 item 11).
  const extractor = workloadExtractor();
  const loaded = await loadInputs(paths, opts.cwd, opts.signal, opts.stdin, watch, opts.caps, (d) =>
    extractor.add(d),
  );
  const { part, checks } = analyse(loaded, extractor.finish());
  return makeReport('env', checks, { ...part }, ENV_VERDICT_SUBJECT, opts.now);
}

/**
 * Each input named on the command line must yield a workload to check: an
 * empty stdin (`helm template … | interconnect-test env -` after helm failed),
 * an empty or binary file, a bare scalar or a file with duplicate keys would
 * otherwise pass having checked nothing.
 */
export function refuseEmptyInputs(
  paths: readonly string[],
  part: { services: readonly Pick<EnvService, 'file'>[]; skipped: readonly Skipped[] },
  cwd: string,
): void {
  const errors: ToolError[] = [];
  const abs = (f: string) => (f === 'stdin' ? f : path.resolve(cwd, f));
  for (const given of new Set(paths)) {
    const shown = given === '-' ? 'stdin' : given;
    const root = abs(shown);
    const inside = (file: string) => {
      const f = abs(file);
      return f === root || f.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`);
    };
    if (part.services.some((s) => inside(s.file))) continue;
    const why = part.skipped
      .filter((k) => inside(k.file))
      .map((k) => (k.file === shown ? k.why : `${k.file}: ${k.why}`));
    const what =
      given === '-' && why.length === 1 && /^no YAML documents/.test(why[0] ?? '')
        ? 'empty input (did the command before the pipe fail?)'
        : why.length > 0
          ? why.slice(0, 3).join('; ') + (why.length > 3 ? `; and ${why.length - 3} more` : '')
          : 'no Dynamo graph or Kubernetes workload in it';
    // A kustomization env could not render says how in its own line; the generic fix would repeat it.
    const unrendered = part.skipped.some((k) => inside(k.file) && k.kind === KUSTOMIZE_KIND && k.doc === 0);
    errors.push(
      new ToolError(`${shown}: nothing to check: ${what}`, {
        fix: unrendered
          ? 'install kubectl (or kustomize), or render it yourself as said'
          : 'give a Dynamo recipe or Kubernetes manifests with a workload in them, and mend what is named',
      }),
    );
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new ToolErrors(errors);
}

/** A LeaderWorkerSet group's worker template runs the engine its leader starts (`…/worker/x` beside `…/leader/y`). */
function leaderOf(c: ServiceCtx, ctxs: readonly ServiceCtx[]): ServiceCtx | undefined {
  const base =
    /^(.*\/)?worker\/[^/]+$/.exec(c.svc.name)?.[1] ?? (c.svc.name.startsWith('worker/') ? '' : undefined);
  if (base === undefined) return undefined;
  return ctxs.find((x) => x !== c && x.svc.name.startsWith(`${base}leader/`));
}
