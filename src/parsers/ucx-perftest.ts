import { median } from '../core/stats.js';
import { ParseError } from './errors.js';
import { dataLines, type Line, promptCommand } from './lines.js';
import { ucxEnvOf } from './ucx-env.js';
import { dataLanes, emulated, memoryTypes, parseUcxLog, transportsOf, type UcxLog } from './ucx-log.js';
import { impliedSize, UCX_ABORT } from './ucx-perftest-ends.js';
import type { PerftestRow, PerftestSample, UcxPerftestResult } from './ucx-perftest-types.js';
import { mibpsToGBps, parseInteger, parseNumber, round } from './units.js';

export type { PerftestRow, PerftestSample, UcxPerftestResult } from './ucx-perftest-types.js';

/**
 * ucx_perftest output (openucx/ucx src/tools/perf/perftest.c, perftest_run.c):
 * a results header, an optional test box, then one row per report interval and
 * a final row. Layouts, checked against the UCX tags:
 * - UCX ≤ 1.8: columns "# iterations | typical | average | overall", rows are bare numbers
 *   ("%14.0f %9.3f …"), and the final row has no label.
 * - UCX ≥ 1.9: a "Stage" column; interval rows carry "[thread N]" when built with OpenMP
 *   (nothing otherwise), the final row starts "Final:"; ≥ 1.12 prints a percentile
 *   ("50.0%ile") where "typical" was. With -f only the final row is printed, labelled
 *   with the test name. -v/CSV prints "iterations,…" and comma-separated rows.
 * Units: the "bandwidth (MB/s)" columns are MiB/s — perftest divides bytes/s by
 * 1024.0*1024.0 (print_progress) — so gbps = MiB/s × 2^20 / 10^9.
 * In UCX ≥ 1.9 the test box (API, Test, memory types, message size) is printed by the
 * server side only; pass `messageSize` when parsing a client log that lacks it.
 */

const TOOL = 'ucx_perftest';
const FIX = 'pass the complete output of the ucx_perftest client (and server, if you have it)';

const NUM = String.raw`[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const ROW = new RegExp(
  String.raw`^\s*(\[thread \d+\]|Final:|[A-Za-z][\w/.-]*)?\s*((?:${NUM}\s+){3,7}${NUM})\s*$`,
);

function numbers(s: string): number[] | undefined {
  const out: number[] = [];
  for (const f of s.trim().split(/\s+/)) {
    const n = /^\d[\d,]*$/.test(f) ? parseInteger(f) : parseNumber(f);
    if (n === undefined) return undefined;
    out.push(n);
  }
  return out;
}

function sample(label: string | undefined, n: number[]): PerftestSample | undefined {
  const at = (i: number) => n[i] as number;
  const base = label ? { label: label.replace(/:$/, '') } : {};
  if (n.length === 8) {
    return {
      ...base,
      iterations: at(0),
      latencyTypicalUs: at(1),
      latencyAvgUs: at(2),
      latencyOverallUs: at(3),
      bwAvgMiBps: at(4),
      bwOverallMiBps: at(5),
      msgRateAvg: at(6),
      msgRateOverall: at(7),
    };
  }
  // Multi-threaded final row: "%18.0f %29.3f %22.2f %23.0f" (iterations, latency, bandwidth, msg rate).
  if (n.length === 4) {
    return { ...base, iterations: at(0), latencyAvgUs: at(1), bwAvgMiBps: at(2), msgRateAvg: at(3) };
  }
  return undefined;
}

const BOX: Readonly<Record<string, keyof UcxPerftestResult>> = {
  API: 'api',
  Test: 'test',
  'Data layout': 'dataLayout',
  'Send memory': 'sendMemory',
  'Recv memory': 'recvMemory',
  'Message size': 'messageSize',
  'Window size': 'windowSize',
};

interface State {
  header: boolean;
  layout?: UcxPerftestResult['layout'];
  latencyKind?: 'latency' | 'overhead';
  box: Partial<Record<string, string | number>>;
  samples: PerftestSample[];
  errors: { line: number; text: string }[];
  testName?: string;
  cmdSize?: number;
  /** `-n` of the command: the iterations of the whole run. */
  cmdIters?: number;
}

function handle(s: State, line: Line): boolean {
  // A table kept indented (a list item's code block): its lines are read from their first non-blank character (P1).
  const t = line.text.trimStart();
  if (!UCX_LINE.test(t) && COMMAND.test(t) && !t.trim().startsWith('|')) {
    const name = /\s-t\s+(\w+)/.exec(t);
    const size = /\s-s\s+(\d+)(?:\s|$)/.exec(t);
    if (name) s.testName = name[1];
    if (size) s.cmdSize = Number(size[1]);
    const iters = /\s-n\s+(\d+)(?:\s|$)/.exec(t);
    if (iters) s.cmdIters = Number(iters[1]);
    return true;
  }
  if (/^\+[-+]+\+?$/.test(t.trim())) return true;
  const head = /^\|\s+(?:\|\s+)?\|?\s*(latency|overhead)\s+\(usec\)/.exec(t);
  if (head) {
    s.header = true;
    s.latencyKind = head[1] as 'latency' | 'overhead';
    return true;
  }
  if (/^\|\s*(?:Stage|Test)\s*\|\s*# iterations/.test(t)) {
    s.layout = 'staged';
    return true;
  }
  if (/^\|\s*# iterations\s*\|\s*typical/.test(t)) {
    s.layout = 'legacy';
    return true;
  }
  const box = /^\|\s*([A-Za-z ]+?):\s+(.*?)\s*\|$/.exec(t);
  if (box) {
    const key = BOX[box[1] as string];
    if (key) {
      const v = box[2] as string;
      s.box[key] = key === 'messageSize' || key === 'windowSize' ? (parseInteger(v) ?? v) : v;
    }
    return true;
  }
  if (/^iterations,[\d.]+_percentile_lat,/.test(t) || /,iterations,/.test(t)) {
    s.layout = 'csv';
    return true;
  }
  if (s.layout === 'csv') {
    const parts = t.split(',');
    const n = numbers(parts.slice(-8).join(' '));
    const smp = n && sample(parts.length > 8 ? parts.slice(0, -8).join('/') : undefined, n);
    if (smp) {
      s.samples.push(smp);
      return true;
    }
  }
  if (s.header || s.layout) {
    const m = ROW.exec(t);
    if (m) {
      const n = numbers(m[2] as string);
      const smp = n && sample(m[1], n);
      if (smp) {
        s.samples.push(smp);
        return true;
      }
    }
  }
  if (/^Waiting for connection|^Accepted connection from/.test(t)) return true;
  if (UCX_ABORT.test(t.trim()) || /\b(?:failed|error)\b/i.test(t)) {
    s.errors.push({ line: line.no, text: t.trim() });
    return true;
  }
  return false;
}

const HEADER = /^\|\s+(?:\|\s+)?\|?\s*(?:latency|overhead)\s+\(usec\)/;
/** The command typed, after a prompt's mark or a notebook's `!` (lines.ts promptCommand). */
const COMMAND = /(?:^|[\s$#>/!])ucx_perftest(?:\s|$)/;
const UCX_LINE = /^\s*\[\d+\.\d+\]\s+\[/;
/**
 * UCX log lines that only ucx_perftest prints: its own sources (perftest.c, perftest_run.c,
 * libperf.c) or its endpoint name ("perftest inter-node cfg#0"). Other programs' UCX logs
 * (nixlbench's "ucp_context_0 intra-node cfg#2") are no evidence of a perftest run.
 */
const PERFTEST_LOG =
  /\b(?:perftest\w*|libperf\w*)\.c:\d+|\bperftest (?:inter|intra|self)-node\b|\bperftest\b.*\bcfg#\d|\bcmd line: \S*ucx_perftest\b/;
/** The ucx_perftest server's lines before any table (perftest.c): a run whose cut results are not shown. */
const SERVER_WAIT = /^(?:Waiting for connection\.\.\.|Accepted connection from \S+)$/;

/** Cuts a capture into runs: a new run starts at a ucx_perftest command, results header or test box that follows a finished part of the previous one. */
function runsOf(lines: Line[]): Line[][] {
  const runs: Line[][] = [[]];
  let header = false;
  let box = false;
  let rows = false;
  for (const line of lines) {
    const t = line.text.trimStart();
    const cmd = !UCX_LINE.test(t) && COMMAND.test(t) && !t.trim().startsWith('|');
    const isHeader = HEADER.test(t);
    const isBox = /^\|\s*API:/.test(t);
    if ((cmd && (header || box || rows)) || (isHeader && header) || (isBox && (rows || box))) {
      runs.push([]);
      header = box = rows = false;
    }
    (runs[runs.length - 1] as Line[]).push(line);
    if (isHeader) header = true;
    if (isBox) box = true;
    if (header && /^\s*(?:\[thread \d+\]|Final:)?\s*\d[\d.]*\s+\d/.test(t)) rows = true;
  }
  return runs.filter((r) => r.some((l) => l.text.trim() !== ''));
}

export function parseUcxPerftest(text: string, hints: { messageSize?: number } = {}): UcxPerftestResult {
  const lines = dataLines(text);
  if (lines.every((l) => l.text.trim() === ''))
    throw new ParseError(TOOL, 'the input is empty', { fix: FIX });
  const parts = runsOf(lines);
  if (parts.length <= 1) return parseRun(lines, hints);
  const parsed: { lines: Line[]; run: UcxPerftestResult }[] = [];
  for (const part of parts) {
    try {
      const run = parseRun(part, hints);
      const prev = parsed[parsed.length - 1];
      // The server's test box and the client's table of the same test, one after the other,
      // are the two sides of one run: read them together (the box gives the message size).
      if (prev && halves(prev.run, run)) {
        const both = [...prev.lines, ...part];
        parsed[parsed.length - 1] = { lines: both, run: parseRun(both, hints) };
      } else parsed.push({ lines: part, run });
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
    }
  }
  const runs = parsed.map((x) => x.run);
  const first = runs[0];
  if (!first) return parseRun(lines, hints);
  return runs.length > 1 ? { ...first, allRuns: runs } : first;
}

/** One run's server side (test box, no rows) and client side (rows, no box), in either order, of a compatible test. */
function halves(a: UcxPerftestResult, b: UcxPerftestResult): boolean {
  const server = (r: UcxPerftestResult) =>
    r.test !== undefined && r.rows.length === 0 && r.stages.length === 0;
  const client = (r: UcxPerftestResult) => r.test === undefined && (r.rows.length > 0 || r.stages.length > 0);
  const [srv, cli] = server(a) && client(b) ? [a, b] : server(b) && client(a) ? [b, a] : [];
  if (!srv || !cli) return false;
  return srv.kind === undefined || cli.kind === undefined || srv.kind === cli.kind;
}

function parseRun(lines: Line[], hints: { messageSize?: number }): UcxPerftestResult {
  const ucx = parseUcxLog(lines);
  const s: State = { header: false, box: {}, samples: [], errors: [] };
  for (const line of lines) {
    if (ucx.consumed.has(line.no) || line.text.trim() === '') continue;
    handle(s, line);
  }
  if (
    !s.header &&
    !s.layout &&
    s.samples.length === 0 &&
    Object.keys(s.box).length === 0 &&
    !s.errors.some((e) => UCX_ABORT.test(e.text) || PERFTEST_LOG.test(e.text)) &&
    !lines.some((l) => ucx.consumed.has(l.no) && PERFTEST_LOG.test(l.text)) &&
    !lines.some((l) => SERVER_WAIT.test(l.text.trim()))
  ) {
    const first = lines.find((l) => l.text.trim() !== '') as Line;
    throw new ParseError(TOOL, 'no ucx_perftest results header, test box or result row found', {
      line: first.no,
      text: first.text,
      fix: FIX,
    });
  }
  const env = ucxEnvOf(lines);
  const server = serverOf(lines);
  const run = {
    ...assemble(s, ucx, hints),
    ...(server ? { server } : {}),
    ...(s.header || s.layout !== undefined ? { resultsHeader: true as const } : {}),
  };
  return env.tls !== undefined || env.netDevices !== undefined ? { ...run, ucxEnv: env } : run;
}

function assemble(s: State, ucx: UcxLog, hints: { messageSize?: number }): UcxPerftestResult {
  const aborted = s.errors.find((e) => UCX_ABORT.test(e.text));
  const layout = s.layout ?? 'staged';
  let stages = s.samples;
  let final: PerftestSample | undefined;
  const labelled = stages.filter((x) => x.label !== undefined && !x.label.startsWith('[thread'));
  if (labelled.length > 0) {
    final = labelled[labelled.length - 1];
    stages = stages.filter((x) => x.label === undefined || x.label.startsWith('[thread'));
  } else if (
    layout === 'legacy' &&
    stages.length > 0 &&
    (s.cmdIters === undefined || (stages[stages.length - 1] as PerftestSample).iterations >= s.cmdIters)
  ) {
    // UCX ≤ 1.8 prints the summary as one more bare row after the interval rows; it counts every
    // iteration (`-n`), so a last row with fewer is an interval row of a paste cut short.
    final = stages[stages.length - 1];
    stages = stages.slice(0, -1);
  }
  const given = typeof s.box.messageSize === 'number' ? s.box.messageSize : (s.cmdSize ?? hints.messageSize);
  const implied = given === undefined ? impliedSize(final ?? stages[stages.length - 1]) : undefined;
  const messageSize = given ?? implied;
  const kind = kindOf(s, layout);
  const gb = (mib: number) => round(mibpsToGBps(mib));
  const steady = stages.slice(1).map((x) => x.bwAvgMiBps);
  // The representative figure: the median interval (warm-up interval left out) when there
  // are ≥ 3 intervals, else the summary row's overall bandwidth, else the last interval.
  let mib: number | undefined;
  let lat: number | undefined;
  let rate: number | undefined;
  if (steady.length >= 2) {
    mib = median(steady);
    const steadyOf = (pick: (x: PerftestSample) => number | undefined) =>
      median(stages.slice(1).flatMap((x) => (pick(x) === undefined ? [] : [pick(x) as number])));
    const l = steadyOf((x) => x.latencyAvgUs);
    lat = l === undefined ? undefined : round(l, 3);
    rate = steadyOf((x) => x.msgRateAvg);
  } else {
    const src = final ?? stages[stages.length - 1];
    if (src) {
      mib = src.bwOverallMiBps ?? src.bwAvgMiBps;
      lat = src.latencyOverallUs ?? src.latencyAvgUs;
      rate = src.msgRateOverall ?? src.msgRateAvg;
    }
  }
  const rows: PerftestRow[] =
    mib === undefined
      ? []
      : [
          {
            ...(given !== undefined ? { blockSize: given } : {}),
            batchSize: 1,
            gbps: gb(mib),
            ...(lat !== undefined ? { avgLatUs: lat } : {}),
            ...(rate !== undefined ? { msgRate: rate } : {}),
          },
        ];
  const lanes = dataLanes(ucx);
  const box = s.box as Partial<Record<string, string>>;
  return {
    layout,
    ...(kind ? { kind } : {}),
    ...(s.testName ? { testName: s.testName } : {}),
    ...(s.latencyKind ? { latencyKind: s.latencyKind } : {}),
    ...(box.api ? { api: box.api } : {}),
    ...(box.test ? { test: box.test } : {}),
    ...(box.dataLayout ? { dataLayout: box.dataLayout } : {}),
    ...(box.sendMemory ? { sendMemory: box.sendMemory } : {}),
    ...(box.recvMemory ? { recvMemory: box.recvMemory } : {}),
    ...(messageSize !== undefined ? { messageSize } : {}),
    ...(implied !== undefined ? { messageSizeImplied: true as const } : {}),
    ...(typeof s.box.windowSize === 'number' ? { windowSize: s.box.windowSize } : {}),
    stages,
    ...(final ? { final } : {}),
    rows,
    ...(rows.length ? { peakGBps: Math.max(...rows.map((r) => r.gbps)) } : {}),
    ...(steady.length >= 2
      ? {
          stability: {
            intervals: steady.length,
            minGBps: gb(Math.min(...steady)),
            medianGBps: gb(median(steady) as number),
            maxGBps: gb(Math.max(...steady)),
          },
        }
      : {}),
    lanes,
    transports: transportsOf(lanes),
    emulated: emulated(ucx),
    memoryTypes: memoryTypes(ucx),
    ...(ucx.version ? { ucxVersion: ucx.version } : {}),
    ucx: { endpoints: ucx.endpoints, protocols: ucx.protocols, warnings: ucx.warnings, errors: ucx.errors },
    errors: [...s.errors, ...ucx.errors].sort((a, b) => a.line - b.line),
    ...(aborted ? { aborted } : {}),
    completed: final !== undefined,
  };
}

/**
 * Latency or bandwidth test: the `-t` name (perftest.c `tests[]`: ping-pong tests end in
 * `_lat`), else the test box description ("tag match latency"), else the UCX ≥ 1.9 header,
 * which prints the test's `overhead_lat` word: "latency" for ping-pong tests, "overhead"
 * for streaming ones (perftest_run.c print_header). UCX ≤ 1.8 always printed "latency".
 */
function kindOf(s: State, layout: UcxPerftestResult['layout']): UcxPerftestResult['kind'] {
  if (s.testName) return /_lat$/.test(s.testName) ? 'latency' : 'bandwidth';
  const test = typeof s.box.test === 'string' ? s.box.test : undefined;
  if (test) return /\blatency$/.test(test) ? 'latency' : 'bandwidth';
  if (layout === 'staged' && s.latencyKind) return s.latencyKind === 'latency' ? 'latency' : 'bandwidth';
  return undefined;
}

/**
 * The server a typed `ucx_perftest <server> -t …` command names (a client run), from the
 * paste's prompt line: an IPv4 address or host name right after the program, or last after
 * a flag that takes no value. A server run names none (ucx_perftest(1): the client is the
 * side given a server host).
 */
export function serverOf(lines: readonly Line[]): string | undefined {
  for (const l of lines) {
    const cmd = promptCommand(l.text);
    if (!cmd || !/\bucx_perftest\b/.test(cmd)) continue;
    const words = (cmd.split('|')[0] ?? '').trim().split(/\s+/);
    const at = words.findIndex((w) => /(?:^|\/)ucx_perftest$/.test(w));
    const rest = words.slice(at + 1);
    const host = (w: string | undefined) =>
      w !== undefined && (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(w) || /^[a-z][\w-]*(?:\.[\w-]+)+$/i.test(w));
    if (host(rest[0])) return rest[0];
    const last = rest[rest.length - 1];
    if (rest.length >= 2 && host(last) && !(rest[rest.length - 2] ?? '').startsWith('-')) return last;
    if (rest.length >= 2 && /^\d{1,3}(?:\.\d{1,3}){3}$/.test(last ?? '')) return last;
  }
  return undefined;
}
