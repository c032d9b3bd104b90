import { ENGINE_NAMES } from '../core/engine-names.js';
import type { Report } from '../core/model.js';
import type { Section } from '../core/report.js';
import { makeReport } from '../core/report.js';
import { localNixlPython } from '../engines/nixl-python.js';
import { type ProbeEntry, probeEntry } from '../probes/interpret.js';
import { type ProbeRunSettings, type TargetReport, targetSections, withSubject } from '../probes/node.js';
import { type ProbeOutcome, runProbeSet } from '../probes/run.js';
import { describeTarget, type Resolved, type TargetChoice } from '../probes/targets.js';
import { enginesOf, type ImageEngine, nixlChecks } from './checks.js';
import { type NixlFindings, nixlFindings, pairVersionFor } from './findings.js';
import { NIXL_PROBES, nixlProbes } from './locate.js';
import { type Next, nextCommand } from './next.js';

function entries(outcomes: readonly ProbeOutcome[], f: NixlFindings): Record<string, ProbeEntry> {
  const parsedOf: Record<string, unknown> = {
    ...(f.files ? { nixl_files: f.files } : {}),
    ...(f.python ? { python_nixl: f.python } : {}),
    ...(f.ucxVersion ? { ucx_info_v: { version: f.ucxVersion } } : {}),
  };
  return Object.fromEntries(
    outcomes.map((o) => {
      const e = probeEntry(o);
      if (parsedOf[o.tool] !== undefined) e.parsed = parsedOf[o.tool];
      if (o.timedOut) e.error = 'timed out';
      return [o.tool, e];
    }),
  );
}

/** The best engine every target can run, in `--engine auto`'s one order of preference (ENGINE_NAMES). */
function commonEngine(engines: readonly Exclude<ImageEngine, undefined>[][]): ImageEngine {
  if (engines.length === 0) return undefined;
  return ENGINE_NAMES.find((e) => engines.every((l) => l.includes(e)));
}

/**
 * `nixl`: what the pair test needs (nixlbench, the NIXL UCX plugin, the Python
 * module, ucx_perftest) in each pod or on this host, and the `pair` command to
 * run next for them. A wrong INTERCONNECT_TEST_PYTHON is a ToolError (exit 2).
 */
export async function nixlReport(
  resolved: Resolved,
  choice: TargetChoice,
  s: ProbeRunSettings,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ report: Report; sections: () => Section[]; next: Next }> {
  const targets: TargetReport[] = [];
  const checks = [];
  const engines: Exclude<ImageEngine, undefined>[][] = [];
  const versions: (string | undefined)[] = [];
  for (const t of resolved.targets) {
    s.progress?.step(`looking for NIXL in ${describeTarget(t)}`);
    // On this host, the python pair --local would use (engines/nixl/python.ts), not just python3.
    const probes = t.kind === 'local' ? nixlProbes(localNixlPython(env)) : NIXL_PROBES;
    const outcomes = await runProbeSet(t.runner, probes, {
      concurrency: s.concurrency,
      timeoutMs: s.timeoutMs,
      ...(s.signal ? { signal: s.signal } : {}),
    });
    const f = nixlFindings(outcomes);
    versions.push(pairVersionFor(f.nixlbenchHelp));
    const mine = nixlChecks(f);
    engines.push(enginesOf(f, mine.find((c) => c.id === 'nixl.ucx-plugin')!));
    checks.push(...withSubject(mine, t.label));
    const { runner: _r, label: _l, ip: _ip, spec: _spec, ...rest } = t;
    targets.push({ ...rest, where: describeTarget(t), probes: entries(outcomes, f) });
    s.progress?.done();
  }
  const next = nextCommand({
    local: choice.local,
    engine: commonEngine(engines),
    // One version for all targets only when they agree; else pair falls back to the image tag.
    nixlbenchVersion: new Set(versions).size === 1 ? versions[0] : undefined,
    namespace: resolved.cluster?.namespace,
    context: choice.context,
    kubeconfig: choice.kubeconfig,
    dgd: resolved.dgd,
    pods: resolved.targets.map((t) => ({ pod: t.label, role: t.role, node: t.node, image: t.image })),
  });
  const leftOut = resolved.leftOut.map((l) => `${l.pod} (${l.role}) ${l.why}`);
  const report = makeReport(
    'nixl',
    checks,
    {
      targets,
      next,
      ...(resolved.cluster ? { cluster: resolved.cluster } : {}),
      ...(resolved.leftOut.length ? { leftOut: resolved.leftOut } : {}),
    },
    'the pair test',
  );
  const sections = () => [
    ...targetSections(targets, leftOut),
    { title: 'next', lines: [next.command ?? '(no pair command: see below)', next.note] },
  ];
  return { report, sections, next };
}
