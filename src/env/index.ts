import type { Check, Report } from '../core/model.js';
import { check } from '../core/model.js';
import { makeReport } from '../core/report.js';
import { kvNetworkCheck, pdMismatchCheck, type ServiceCtx } from './graph-rules.js';
import { type Loaded, loadInputs } from './load.js';
import type { RawGraph } from './raw.js';
import { missingCriticalOf, podFactsOf, transportVarsOf } from './resolve.js';
import { inferRoles } from './roles.js';
import {
  gpuDirectCheck,
  ipcLockCheck,
  missingCriticalCheck,
  ncclIbDisableCheck,
  netDevicesCheck,
  shmCheck,
  ucxTlsCheck,
} from './rules.js';
import type { EnvReportPart, EnvService, Graph } from './schema.js';
import { extractWorkloads } from './workloads.js';

/**
 * `env`: which transport variables each service of a recipe sets, which
 * disagg-critical ones are missing, and which values are wrong. Read-only:
 * files in, a Report out.
 */

export const ENV_VERDICT_SUBJECT = 'disaggregated serving with these manifests';

/** A scope is what roles and the prefill↔decode checks are decided over: one DGD, or a file's plain workloads. */
interface Scope {
  subject: string;
  isDgd: boolean;
  graphs: RawGraph[];
}

function scopesOf(graphs: RawGraph[]): Scope[] {
  const scopes: Scope[] = [];
  const plain = new Map<string, Scope>();
  for (const g of graphs) {
    if (g.isDgd) {
      scopes.push({ subject: `${g.file}#${g.deployment}`, isDgd: true, graphs: [g] });
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
const SERVING = new Set(['prefill', 'decode', 'worker', 'agg']);

/** Value checks of one serving service (missing-critical is separate: see the ordering in analyse). */
function valueChecks(c: ServiceCtx, disagg: boolean): Check[] {
  const { svc, subject } = c;
  if (!SERVING.has(svc.role)) return [];
  const list: (Check | undefined)[] = [];
  if (disagg && KV_ROLES.has(svc.role)) {
    list.push(
      ucxTlsCheck(svc, subject),
      netDevicesCheck(svc, subject),
      gpuDirectCheck(svc, subject),
      ncclIbDisableCheck(svc, subject),
    );
  }
  list.push(ipcLockCheck(svc, subject), shmCheck(svc, subject));
  return list.filter((x): x is Check => x !== undefined);
}

/** The pure part: loaded documents in, the env report part and its checks out. */
export function analyse(loaded: Loaded): { part: EnvReportPart; checks: Check[] } {
  const ex = extractWorkloads(loaded.docs);
  const services: EnvService[] = [];
  const graphs: Graph[] = [];
  const checks: Check[] = [];
  const missing: Check[] = [];
  for (const scope of scopesOf(ex.graphs)) {
    const raws = scope.graphs.flatMap((g) => g.services.map((raw) => ({ g, raw })));
    const roles = inferRoles(
      raws.map((r) => r.raw),
      scope.isDgd,
    );
    const ctxs: ServiceCtx[] = raws.map(({ g, raw }, k) => {
      const role = roles[k] as (typeof roles)[number];
      const transportVars = transportVarsOf(raw, ex.configMaps);
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
        missingCritical: missingCriticalOf(role.role, transportVars),
        pod: podFactsOf(raw, transportVars, ex.computeDomainTemplates),
      };
      return { svc, raw, subject: `${g.file}#${g.deployment}/${raw.name}` };
    });
    const disagg = ctxs.some((c) => c.svc.role === 'prefill' || c.svc.role === 'decode');
    const serving = ctxs.some((c) => SERVING.has(c.svc.role));
    for (const g of scope.graphs) {
      graphs.push({
        file: g.file,
        doc: g.doc,
        deployment: g.deployment,
        kind: g.kind,
        apiVersion: g.apiVersion,
        mode: disagg ? 'disaggregated' : serving ? 'aggregated' : 'none',
        services: g.services.map((s) => s.name),
      });
    }
    // Order matters: the verdict's "fix first" is the first worst check, so wrong values and
    // the KV path of every graph come before the (often image-provided) missing variables.
    const prefill = ctxs.filter((c) => c.svc.role === 'prefill');
    const decode = ctxs.filter((c) => c.svc.role === 'decode');
    for (const c of ctxs) {
      services.push(c.svc);
      checks.push(...valueChecks(c, disagg));
    }
    for (const c of [
      kvNetworkCheck(prefill, decode, scope.subject),
      pdMismatchCheck(prefill, decode, scope.subject),
    ]) {
      if (c) checks.push(c);
    }
    for (const c of ctxs.filter((x) => SERVING.has(x.svc.role))) {
      missing.push(missingCriticalCheck(c.svc, c.subject, disagg && KV_ROLES.has(c.svc.role)));
    }
  }
  checks.push(...missing);
  if (services.length === 0) {
    checks.push(
      check(
        'env.workloads',
        'skipped',
        `no DynamoGraphDeployment or pod workload in ${loaded.files.length} file(s); nothing to check`,
        {
          fix: 'point env at the recipe directory that holds the DynamoGraphDeployment',
        },
      ),
    );
  }
  return {
    part: { files: loaded.files, graphs, services, skipped: [...loaded.skipped, ...ex.skipped] },
    checks,
  };
}

export interface EnvOptions {
  cwd: string;
  now?: () => Date;
  /** Stops reading (a FIFO with no writer, a huge file) when the run is interrupted. */
  signal?: AbortSignal;
}

export async function runEnv(paths: readonly string[], opts: EnvOptions): Promise<Report> {
  const loaded = await loadInputs(paths, opts.cwd, opts.signal);
  const { part, checks } = analyse(loaded);
  return makeReport('env', checks, { ...part }, ENV_VERDICT_SUBJECT, opts.now);
}
