import { crossProbe, type ProbeSet, TOOLS, toolMissing } from '../classify/index.js';
import { type Check, check } from '../core/model.js';
import { redactText } from '../core/redact.js';
import type { DevInfinibandResult } from '../parsers/dev-infiniband.js';
import { type IbDevice, type IbPort, portsOf } from '../parsers/ib-port.js';
import type { IbvDevinfoResult } from '../parsers/ibv-devinfo.js';
import type { LsmodResult } from '../parsers/lsmod.js';
import type { NvlinkResult } from '../parsers/nvidia-smi-nvlink.js';
import type { TopoResult } from '../parsers/nvidia-smi-topo.js';
import type { UcxInfoResult } from '../parsers/ucx-info.js';
import type { Reader } from './node-set.js';
import type { ProbeOutcome, ProbeSpec } from './run.js';

/** What the report says about one probe (`targets[].probes[tool]`). */
export interface ProbeEntry {
  argv: readonly string[];
  /** Short form for people, when argv is a long fixed script. */
  label?: string;
  ran: boolean;
  exitCode: number | null;
  notFound: boolean;
  timedOut: boolean;
  /** The parser's result, when the output could be read. */
  parsed?: unknown;
  /** Why it could not be read or run, one line. */
  error?: string;
}

/** What the report keeps of one probe's run (not its raw output). */
export function probeEntry(o: ProbeOutcome): ProbeEntry {
  return {
    argv: o.argv,
    ...(o.label ? { label: o.label } : {}),
    ran: o.ran,
    exitCode: o.exitCode,
    notFound: o.notFound,
    timedOut: o.timedOut,
  };
}

export interface Interpreted {
  probes: Record<string, ProbeEntry>;
  parsed: Record<string, unknown>;
  checks: Check[];
}

function cmd(argv: readonly string[]): string {
  return argv[0] === 'sh' && argv[1] === '-c' ? (argv[2] ?? 'sh') : argv.join(' ');
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return s < 10 ? String(Math.round(s * 10) / 10) : String(Math.round(s));
}

/** The first non-blank line of the first text that has one, shortened, with token-like words redacted. */
export function firstLine(...texts: string[]): string {
  for (const t of texts) {
    const l = t.split('\n').find((x) => x.trim() !== '');
    if (l) return redactText(l.trim()).slice(0, 200);
  }
  return 'no output';
}

function chain(spec: ProbeSpec): ProbeSpec[] {
  return spec.fallback ? [spec, ...chain(spec.fallback)] : [spec];
}

/** One probe that started: its parsed result, or the one-line reason it gave nothing usable. */
function read(
  o: ProbeOutcome,
  reader: Reader,
  timeoutMs: number,
): { parsed?: unknown; skip?: Check; error?: string } {
  const group = TOOLS[reader.toolId].group;
  const id = `${group}.${reader.toolId}`;
  const c = cmd(o.argv);
  if (o.timedOut) {
    const error = `timed out after ${seconds(timeoutMs)} s`;
    return {
      error,
      skip: check(id, 'skipped', `\`${c}\` ${error} — not checked`, {
        fix: 'find out why it hangs (a stuck driver or HCA?), or raise --probe-timeout',
      }),
    };
  }
  const text = reader.withStderr ? `${o.stdout}\n${o.stderr}` : o.stdout;
  const failed = (why: string) => ({
    error: why,
    skip: check(id, 'skipped', `\`${c}\` ${why} — not checked`, { fix: TOOLS[reader.toolId].install }),
  });
  if (!o.ran) return failed(`could not be started: ${firstLine(o.stderr)}`);
  if (text.trim() === '' && o.exitCode !== 0) {
    return failed(
      `failed (exit ${o.exitCode})${o.stderr.trim() ? `: ${firstLine(o.stderr)}` : ' without output'}`,
    );
  }
  try {
    return { parsed: reader.parse(text) };
  } catch (err) {
    if (o.exitCode !== 0) return failed(`failed (exit ${o.exitCode}): ${firstLine(o.stderr, o.stdout)}`);
    const why = `printed output that could not be read: ${(err as Error).message.split('\n')[0]}`;
    return { error: why, skip: check(id, 'skipped', `\`${c}\` ${why}`) };
  }
}

function ibPorts(parsed: Record<string, unknown>): IbPort[] | undefined {
  const src = (parsed.ibstat ?? parsed.ibv_devinfo) as { devices: IbDevice[] } | undefined;
  return src ? portsOf(src.devices) : undefined;
}

/**
 * Turns the outcomes of a probe set into report entries and checks: parsed and
 * classified output, a skipped check for each tool that is missing (after its
 * fallbacks), timed out or gave nothing readable, then the cross-probe reasoning.
 */
export function interpret(
  specs: readonly ProbeSpec[],
  readers: Readonly<Record<string, Reader>>,
  outcomes: readonly ProbeOutcome[],
  timeoutMs: number,
): Interpreted {
  const probes: Record<string, ProbeEntry> = {};
  const parsed: Record<string, unknown> = {};
  const checks: Check[] = [];
  const byTool = new Map(outcomes.map((o) => [o.tool, o]));
  const missing = new Set<string>();
  for (const spec of specs) {
    const members = chain(spec).filter((s) => byTool.has(s.tool));
    for (const s of members) {
      const o = byTool.get(s.tool) as ProbeOutcome;
      const entry = probeEntry(o);
      probes[s.tool] = entry;
      const reader = readers[s.tool];
      if (o.notFound || !reader) continue;
      const r = read(o, reader, timeoutMs);
      if (r.parsed !== undefined) {
        entry.parsed = r.parsed;
        parsed[s.tool] = r.parsed;
      }
      if (r.error) entry.error = r.error;
      if (r.skip) checks.push(r.skip);
    }
    const first = readers[spec.tool];
    if (first && members.length > 0 && members.every((s) => byTool.get(s.tool)?.notFound)) {
      // One missing check per tool: `ucx_info -v` missing is not news when `ucx_info -d` ran.
      const found = outcomes.some((o) => !o.notFound && readers[o.tool]?.toolId === first.toolId);
      if (!found && !missing.has(first.toolId)) {
        missing.add(first.toolId);
        const others = members.slice(1).map((s) => `\`${s.label ?? cmd(s.argv)}\``);
        const why = others.length ? `not found, nor ${others.join(' or ')}` : 'not found';
        checks.push(toolMissing(first.toolId, why));
      }
    }
  }
  checks.push(...classifyAll(readers, parsed));
  return { probes, parsed, checks: dedupe(checks) };
}

function classifyAll(readers: Readonly<Record<string, Reader>>, parsed: Record<string, unknown>): Check[] {
  const checks: Check[] = [];
  const ports = ibPorts(parsed);
  for (const [tool, value] of Object.entries(parsed)) {
    const reader = readers[tool];
    if (!reader) continue;
    // `ucx_info -v` only says the version and build; `-d` says what matters when it ran.
    if (tool === 'ucx_info_v' && (parsed.ucx_info ?? parsed.ucx_libucp) !== undefined) continue;
    // RoCE GIDs say nothing about InfiniBand ports.
    if (
      tool === 'show_gids' &&
      ports &&
      ports.length > 0 &&
      ports.every((p) => p.linkLayer === 'InfiniBand')
    ) {
      checks.push(
        check('rdma.gid', 'skipped', 'every RDMA port is InfiniBand: RoCE GIDs do not apply', {
          matters: false,
        }),
      );
      continue;
    }
    checks.push(...reader.classify(value as never));
  }
  const set: ProbeSet = {
    ...(ports ? { ibPorts: ports } : {}),
    ...(parsed.ibv_devinfo ? { ibvDevinfo: parsed.ibv_devinfo as IbvDevinfoResult } : {}),
    ...((parsed.ucx_info ?? parsed.ucx_libucp)
      ? { ucxInfo: (parsed.ucx_info ?? parsed.ucx_libucp) as UcxInfoResult }
      : {}),
    ...(parsed['dev-infiniband'] ? { devInfiniband: parsed['dev-infiniband'] as DevInfinibandResult } : {}),
    ...((parsed.lsmod ?? parsed['proc-modules'])
      ? { lsmod: (parsed.lsmod ?? parsed['proc-modules']) as LsmodResult }
      : {}),
    ...(parsed.topo ? { topo: parsed.topo as TopoResult } : {}),
    ...(parsed.nvlink ? { nvlink: parsed.nvlink as NvlinkResult } : {}),
  };
  checks.push(...crossProbe(set));
  return checks;
}

function dedupe(checks: readonly Check[]): Check[] {
  const seen = new Set<string>();
  return checks.filter((c) => {
    const key = `${c.id}\u0000${c.subject ?? ''}\u0000${c.status}\u0000${c.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
