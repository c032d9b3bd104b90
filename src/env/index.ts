import path from 'node:path';
import { ToolError, ToolErrors } from '../core/errors.js';
import type { Check, Report } from '../core/model.js';
import { check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import { makeReport } from '../core/report.js';
import { eagerJudging } from './eager.js';
import { addPart, emptyPart, judgeScope, type Scope, scopesOf, type Unit } from './judge-scopes.js';
import { KUSTOMIZE_KIND, kustomizeCheck } from './kustomize.js';
import { type Loaded, loadInputs, type ReadCaps } from './load.js';
import { locateChecks } from './locate.js';
import { pairAcrossFiles } from './pair-files.js';
import { AS_COMMAND, READ_UP_TO } from './read-in-part.js';
import { REPEATED_KEY } from './repeated-keys.js';
import type { EnvReportPart, EnvService, Skipped } from './schema.js';
import { type Extracted, extractWorkloads, workloadExtractor } from './workloads.js';

/**
 * `env`: which transport variables each service of a recipe sets, which
 * disagg-critical ones are missing, and which values are wrong. Read-only:
 * files in, a Report out.
 */

/**
 * A workload kind env reads whose pods the file does not show (a graph without services or spec, a
 * pod template without containers, templates elided as `{ ... }`), or a file read in part: not shown,
 * never "nothing to check" (issue 38 P2; workloads.ts names them so).
 */
const NOT_SHOWN =
  /\bwithout (?:services|a spec|pods that run a container|containers|roles that run a container)$|^read up to line /;

export const ENV_VERDICT_SUBJECT = 'disaggregated serving with these manifests';

/** Skipped entries for whole files that could not be read or parsed (doc 0, not an empty file). */
function unusable(skipped: readonly Skipped[]): Skipped[] {
  return skipped.filter(
    (k) =>
      k.doc === 0 &&
      k.kind !== KUSTOMIZE_KIND &&
      !/^no YAML documents|^a Helm\/Go template/.test(k.why) &&
      !k.why.startsWith(READ_UP_TO) &&
      !k.why.startsWith(AS_COMMAND) &&
      !k.why.startsWith(REPEATED_KEY),
  );
}

/**
 * The pure part: loaded documents in, the env report part and its checks out (`ex.graphs` is
 * consumed). `units`: the scopes in the order they were read, some judged already (eager.ts);
 * without them every graph of `ex` is judged here.
 */
export function analyse(
  loaded: Loaded,
  ex: Extracted = extractWorkloads(loaded.docs),
  units: Unit[] = scopesOf(ex.graphs).map((scope) => ({ paired: scope.paired, scope })),
): { part: EnvReportPart; checks: Check[] } {
  const checks: Check[] = [];
  for (const sh of ex.shapes) {
    const p = sh.problem;
    if (p.placeholder) {
      checks.push(
        check(
          'env.shape',
          'skipped',
          `${sh.file}: ${sh.kind} ${sh.deployment}: ${p.path} is the template placeholder ${p.placeholder}, filled in before the manifest is applied: not shown, so not read`,
          { subject: `${sh.file}#${sh.deployment}`, matters: false },
        ),
      );
      continue;
    }
    if (p.notAField) {
      checks.push(
        check(
          'env.shape',
          'fail',
          `${sh.file}: ${sh.kind} ${sh.deployment}: ${p.path} is ${p.got}: the CRD's schema drops it (kubectl's strict validation refuses it), so the pod never requests ${p.path.replace(/^.*\.(requests|limits)\./, '')}`,
          { subject: `${sh.file}#${sh.deployment}`, fix: `write it as ${p.notAField}` },
        ),
      );
      continue;
    }
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
  for (const m of ex.misgrouped)
    checks.push(
      check(
        'env.api-group',
        'fail',
        `${m.file}: ${m.kind} ${m.name} is written as ${m.written}, but ${m.kind} is served by ${m.group}: the API server refuses it ("no matches for kind"), so nothing of it is created; read here as ${m.group}'s`,
        {
          subject: `${m.file}#${m.name}`,
          fix: `write apiVersion: ${m.group}/<version> (see the ${m.kind} CRD)`,
        },
      ),
    );
  // Judged scope by scope, each scope's raw services let go once judged (the report keeps its own
  // entries): a large tree never holds both all its services as read and all as reported. The
  // graphs are taken from `ex` (issue 40 item 13). DGDs of a file that pair up come first.
  ex.graphs = [];
  const all = emptyPart();
  const scoped = pairAcrossFiles(units);
  for (const paired of [true, false])
    for (const u of scoped) {
      if (u.paired !== paired) continue;
      addPart(all, u.part ?? judgeScope(u.scope as Scope, ex));
      u.part = undefined;
      u.scope = undefined;
    }
  const { graphs, services } = all;
  checks.push(...all.checks, ...all.missing);
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
  // A file read in part (issue 38 P1/P2): what its unread lines hold is not shown, so never a pass.
  for (const k of loaded.skipped.filter((x) => x.why.startsWith(READ_UP_TO)))
    checks.push(
      check('env.read-in-part', 'warn', `${k.file}: ${k.why}`, {
        subject: k.file,
        fix: 'give the whole manifest (the thread or paste may have cut it), or mend the YAML at that line',
      }),
    );
  // A key repeated with the same value was read once (repeated-keys.ts): named, since strict parsers refuse it; the
  // object applied is the same either way, so it does not weigh on the KV path's verdict (principle 5).
  for (const k of loaded.skipped.filter((x) => x.why.startsWith(REPEATED_KEY)))
    checks.push(
      check('env.repeated-key', 'warn', `${k.file}:${k.line}: ${k.why}`, {
        subject: k.file,
        matters: false,
        fix: 'give each key once: strict YAML parsers and Kubernetes strict field validation ("duplicate field") refuse a repeated key',
      }),
    );
  if (services.length === 0 && ex.shapes.length === 0) {
    const unshown = skipped.filter((k) => NOT_SHOWN.test(k.why)).map((k) => `${k.file}: ${k.why}`);
    checks.push(
      check(
        'env.workloads',
        'warn',
        unshown.length
          ? `no pods to check in ${loaded.files.length} file(s): their workloads are not shown (${unshown.slice(0, 3).join('; ')}${unshown.length > 3 ? '; …' : ''}): nothing was checked`
          : `no DynamoGraphDeployment or pod workload in ${loaded.files.length} file(s): nothing was checked`,
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
  /** false: judge every scope after the whole input is read (the report is the same; eager.ts). */
  eager?: boolean;
}

export async function runEnv(paths: readonly string[], opts: EnvOptions): Promise<Report> {
  const watch = opts.progress ? { progress: opts.progress } : undefined;
  // Each file's documents go to the extractor as they are read; none is kept (issue 35 item 11),
  // and each file's scopes are judged once it is read where nothing later can change them (eager.ts).
  // stdin cannot be read twice, which a kustomization naming an earlier file would need.
  const judging = eagerJudging(workloadExtractor(), opts.eager !== false && !paths.includes('-'));
  const loaded = await loadInputs(paths, opts.cwd, opts.signal, opts.stdin, watch, opts.caps, (d) =>
    judging.add(d),
  );
  const { ex, units, restart } = judging.finish();
  if (restart) return runEnv(paths, { ...opts, eager: false });
  const { part, checks } = analyse(loaded, ex, units);
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
    // A workload whose pods are not shown (cut, elided) is not nothing: not refused, never a pass (P2).
    if (part.skipped.some((k) => inside(k.file) && NOT_SHOWN.test(k.why))) continue;
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
