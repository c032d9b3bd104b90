import {
  classifyDevInfiniband,
  classifyDmesgPeermem,
  classifyFiInfo,
  classifyGdrcopy,
  classifyIbstat,
  classifyIbstatus,
  classifyIbvDevinfo,
  classifyLsmod,
  classifyMemlock,
  classifyNcclTests,
  classifyNvlinkStatus,
  classifyP2p,
  classifyPerftest,
  classifyRdmaLink,
  classifyShowGids,
  classifyTopo,
  classifyTransfer,
  classifyUcxInfo,
  crossNvlinkTopo,
  crossP2pTopo,
  cutRowOf,
  notUnderstoodCheck,
  type Shown,
  TOOLS,
  type ToolId,
  type TransferOptions,
} from '../classify/index.js';
import { type Check, check } from '../core/model.js';
import { parseDevInfiniband } from '../parsers/dev-infiniband.js';
import { parseDmesgPeermem } from '../parsers/dmesg-peermem.js';
import { ParseError } from '../parsers/errors.js';
import { parseFiInfo } from '../parsers/fi-info.js';
import { parseGdrcopy } from '../parsers/gdrcopy.js';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseIbstatus } from '../parsers/ibstatus.js';
import { parseIbvDevinfo } from '../parsers/ibv-devinfo.js';
import { parseLsmod } from '../parsers/lsmod.js';
import { parseMemlock } from '../parsers/memlock.js';
import { parseNcclTests } from '../parsers/nccl-tests.js';
import { parseNixlbench } from '../parsers/nixlbench.js';
import { parseNvidiaSmiNvlink } from '../parsers/nvidia-smi-nvlink.js';
import { parseNvidiaSmiP2p } from '../parsers/nvidia-smi-p2p.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';
import { parsePerftest } from '../parsers/perftest.js';
import { parseRdmaLink } from '../parsers/rdma-link.js';
import { parseShowGids } from '../parsers/show-gids.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import { parseUcxPerftest } from '../parsers/ucx-perftest.js';
import { aroundChecks, type Dropped, insideShown, parseAround } from './around.js';
import { CLUSTER_CLI } from './cluster-cli.js';
import { commandRuns, commandRunsAnother, sectionRuns } from './commands.js';
import { elidedReading } from './elisions.js';
import { anyShown, pipelineOf } from './filter.js';
import { launchFailure } from './launch-failed.js';
import { matrixCells, routedInput, SAME_HEADER } from './matrices.js';
import {
  notRunCheck,
  notRunLines,
  printedNothing,
  printedNothingCheck,
  refusedAfterOutput,
} from './not-run.js';
import { lineSpan, modinfoFindings, type PasteSection, splitPaste } from './paste.js';
import { amendWithModinfo, graceNamed, verbsOpenChecks } from './paste-context.js';
import { readEachPlace } from './places.js';
import { latestRuns, RERUN } from './reruns.js';

/** One reading of a captured output: what the parser made of it and what the classifier concluded. */
export interface Reading {
  parsed: unknown;
  checks: Check[];
  /** The reader that read it, when not the one asked for (a matrix read by the reader its cells belong to). */
  readAs?: ToolId;
}

type Reader = (text: string, opts: TransferOptions) => Reading;

/** A tool's parser and the classifier of what it parsed. */
export interface ToolReading {
  parse: (text: string) => unknown;
  classify: (parsed: never, opts: TransferOptions) => Check[];
}

function pair<T>(
  parse: (text: string) => T,
  classify: (parsed: T, opts: TransferOptions) => Check[],
): ToolReading {
  return { parse, classify: classify as ToolReading['classify'] };
}

/** Tool id → parser and classifier: the one table `read` and the `node` probes both use. */
export const TOOL_READINGS: Readonly<Record<ToolId, ToolReading>> = {
  ibstat: pair(parseIbstat, classifyIbstat),
  ibstatus: pair(parseIbstatus, classifyIbstatus),
  ibv_devinfo: pair(parseIbvDevinfo, classifyIbvDevinfo),
  topo: pair(parseNvidiaSmiTopo, classifyTopo),
  'topo-p2p': pair(parseNvidiaSmiP2p, classifyP2p),
  nvlink: pair(parseNvidiaSmiNvlink, classifyNvlinkStatus),
  lsmod: pair(parseLsmod, (r, o) => classifyLsmod(r, o.shown ? { shown: o.shown } : {})),
  'dev-infiniband': pair(parseDevInfiniband, classifyDevInfiniband),
  show_gids: pair(parseShowGids, classifyShowGids),
  memlock: pair(parseMemlock, classifyMemlock),
  ucx_info: pair(parseUcxInfo, classifyUcxInfo),
  nixlbench: pair(parseNixlbench, classifyTransfer),
  ucx_perftest: pair(parseUcxPerftest, classifyTransfer),
  gdrcopy: pair(parseGdrcopy, classifyGdrcopy),
  perftest: pair(parsePerftest, classifyPerftest),
  'nccl-tests': pair(parseNcclTests, classifyNcclTests),
  'rdma-link': pair(parseRdmaLink, (r, o) =>
    classifyRdmaLink(r, {
      ...(o.shown ? { shown: o.shown } : {}),
      ...(o.commands ? { commands: o.commands } : {}),
    }),
  ),
  dmesg: pair(parseDmesgPeermem, (r, o) => classifyDmesgPeermem(r, o.shown ? { shown: o.shown } : {})),
  fi_info: pair(parseFiInfo, (r, o) => classifyFiInfo(r, o.commands ? { commands: o.commands } : {})),
};

/** Tool id → a function that parses and classifies one captured output. */
export const READERS = Object.fromEntries(
  Object.entries(TOOL_READINGS).map(([tool, r]) => [
    tool,
    (text: string, given: TransferOptions): Reading => {
      const { parsed, dropped } = parseAround(r.parse, text, tool as ToolId);
      // An author's `...`/`[snip]` the parser read around: what it hides is not shown (elisions.ts).
      const elided = elidedReading(tool as ToolId, text, insideShown(dropped, given.shown));
      const opts = elided.shown ? { ...given, shown: elided.shown } : given;
      const lines = notUnderstoodCheck(parsed);
      // A row the parser read around at the paste's end is a cut as much as a last line it refused: one read.cut.
      const row = dropped.some((d) => d.where === 'cut') ? undefined : cutRowOf(parsed);
      const cut: Dropped[] = row
        ? [{ line: row.line, text: row.text, where: 'cut', ...(row.why ? { why: row.why } : {}) }]
        : [];
      return {
        parsed,
        checks: [
          ...r.classify(parsed as never, opts),
          ...(lines ? [lines] : []),
          ...aroundChecks([...dropped, ...cut]),
          ...elided.checks,
        ],
      };
    },
  ]),
) as Record<ToolId, Reader>;

/** Reads one captured output of a tool. Throws ParseError (a ToolError) on input that is not that tool's output. */
export function readOutput(tool: ToolId, text: string, opts: TransferOptions): Reading {
  return READERS[tool](text, opts);
}

function merge(sections: readonly PasteSection[]): string {
  const rows = sections.map((s) => s.text.split('\n'));
  const n = Math.max(...rows.map((r) => r.length));
  return Array.from({ length: n }, (_, i) => rows.map((r) => r[i] ?? '').find((t) => t !== '') ?? '').join(
    '\n',
  );
}

const shown = (s: PasteSection, places = false) =>
  `${s.command ? `\`${s.command}\`` : s.shape ? `${s.shape} output` : 'output before the first prompt'}${places && s.where ? ` in ${s.where}` : ''} (${lineSpan(s.from, s.to)})`;

/**
 * Reads a terminal paste: keeps the sections of this tool (the commands that run it, else the first section
 * its parser accepts), and says in a `read.input` check what it left out. Input that is not a paste is read
 * whole, as before. Where another command answers a question the tool's output leaves open, it is used:
 * `modinfo` shows a peer-memory module that lsmod does not list is installed but not loaded. A GPU matrix
 * refused by `topo` or `topo-p2p` whose cells are the other view's is read by that reader (matrices.ts).
 */
export function readPasted(tool: ToolId, text: string, given: TransferOptions): Reading {
  let r: Reading;
  try {
    r = readRouted(tool, text, given);
  } catch (err) {
    const f = err instanceof ParseError ? launchFailure(text) : undefined;
    if (!f) throw err;
    const at = `(line ${f.line}: "${f.text.slice(0, 120)}")`;
    const c = f.fabric
      ? check(
          `${TOOLS[tool].group}.${tool}`,
          'fail',
          `the launcher could not get the fabric NIC's resources for the job, so no rank ran ${at}`,
          {
            fix: 'free the NIC resources held by earlier jobs on those nodes (or drain them), then run the job again',
          },
        )
      : check(
          `${TOOLS[tool].group}.${tool}`,
          'skipped',
          `the launcher never started the job, so no ${tool} output is shown ${at}`,
          {
            fix: `fix the launch and paste what \`${TOOLS[tool].command}\` prints`,
          },
        );
    return { parsed: undefined, checks: [c] };
  }
  const verbs = verbsOpenChecks(r.readAs ?? tool, text);
  return verbs.length ? { ...r, checks: [...r.checks, ...verbs] } : r;
}

function readRouted(tool: ToolId, text: string, given: TransferOptions): Reading {
  try {
    return readPastedAs(tool, text, given);
  } catch (err) {
    const other = SAME_HEADER[tool];
    if (!(err instanceof ParseError) || !other) throw err;
    let r: Reading;
    try {
      r = readPastedAs(other, text, given);
    } catch (second) {
      if (second instanceof ParseError) throw err;
      throw second;
    }
    // Routed only on a matrix whose cells are the other view's (a usage error alone stays refused).
    const cells = matrixCells(other, r.parsed);
    if (cells.length === 0) throw err;
    const input = r.checks[0]?.id === 'read.input' ? r.checks[0] : undefined;
    const rest = input ? r.checks.slice(1) : r.checks;
    return { parsed: r.parsed, readAs: other, checks: [routedInput(tool, other, cells, input), ...rest] };
  }
}

function readPastedAs(tool: ToolId, text: string, given: TransferOptions): Reading {
  const paste = splitPaste(text);
  const grace = graceNamed(text);
  const opts = grace && given.grace === undefined ? { ...given, grace } : given;
  if (!paste.isPaste) return readOutput(tool, text, opts);
  const multi = new Set(paste.sections.flatMap((s) => (s.where ? [s.where] : []))).size > 1;
  const show = (s: PasteSection) => shown(s, multi);
  const runs = (s: PasteSection) => sectionRuns(tool, s);
  // Output piped into md5sum, wc, grep -c… is no longer the tool's lines.
  const opaque = paste.sections.filter((s) => s.command && runs(s) && pipelineOf(s.command).opaque);
  const runsOwn = paste.sections.filter((s) => runs(s) && !opaque.includes(s));
  const { kept: own, superseded } = latestRuns(tool, runsOwn, paste.sections);
  const others = paste.sections.filter((s) => !runsOwn.includes(s) && !opaque.includes(s));
  let used: PasteSection[] = [];
  let reading: Reading | undefined;
  let ownError: unknown;
  if (own.length > 0) {
    try {
      reading = readSections(tool, own, opts);
      used = own;
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      ownError = err;
    }
  }
  if (!reading) {
    // A section whose command we do not know (kubectl logs, output before any prompt, an alias) may still be the tool's.
    for (const s of others) {
      if (s.command !== undefined && !CLUSTER_CLI.test(s.command) && commandRunsAnother(tool, s.command))
        continue;
      if (s.command === undefined && s.shape !== undefined && s.shape !== tool) continue;
      try {
        // The section's typed command is context even when its program is not the tool's name (`docker exec c nvidia-smi topo -mp`).
        reading = readOutput(tool, s.text, s.command ? { ...opts, commands: [s.command] } : opts);
        used = [s];
        break;
      } catch (err) {
        if (!(err instanceof ParseError)) throw err;
      }
    }
  }
  const missing = notRunLines(tool, paste.sections);
  // A command that printed nothing (or a banner's rules alone, no word) is that: not empty input, not a missing tool.
  if (!reading && missing.length === 0 && printedNothing(own)) {
    reading = { parsed: undefined, checks: [printedNothingCheck(tool, own)] };
    used = own;
  }
  // A filter that kept lines the parser cannot place alone (`ibstat | grep State` has no CA block):
  // what it hid is not shown; nothing is concluded from the rest.
  const filtered = ownError ? shownOf(own) : undefined;
  if (!reading && filtered) {
    const kept = own.reduce((n, s) => n + s.output.length, 0);
    reading = {
      parsed: undefined,
      checks: [
        check(
          `${TOOLS[tool].group}.${tool}`,
          'skipped',
          `the filter \`${filtered.filter}\` kept ${kept} line(s) that cannot be read as ${tool} on their own (${(ownError as ParseError).message}): what it hid is not shown, so nothing was checked`,
          { fix: `run \`${TOOLS[tool].command}\` unfiltered` },
        ),
      ],
    };
    used = own;
  }
  const notRun = !reading && missing.length > 0;
  if (!reading && missing.length > 0) {
    const m = missing[0] as (typeof missing)[number];
    reading = { parsed: undefined, checks: [notRunCheck(tool, m)] };
    used = paste.sections.filter((s) => s.missing.some((x) => x.line === m.line));
  }
  if (!reading) {
    if (ownError) throw ownError;
    const seen = paste.sections.map(show).join(', ');
    throw new ParseError(
      TOOLS[tool].command,
      `no ${tool} output in this paste (it holds ${seen || 'only kubectl notices'})`,
      {
        fix: `paste the output of \`${TOOLS[tool].command}\`, or read each section with its own tool`,
      },
    );
  }
  const ignored = [
    ...paste.sections
      .filter((s) => !used.includes(s) && !opaque.includes(s) && !superseded.includes(s))
      .map(show),
    ...superseded.map((s) => `${show(s)}: ${RERUN}`),
    ...opaque.map(
      (s) =>
        `${show(s)}: its output goes through \`${pipelineOf(s.command ?? '').opaque}\`, not ${tool} lines`,
    ),
    ...(paste.notices.length
      ? [
          `${paste.notices.length} kubectl notice line(s) (${paste.notices.map((n) => `"${n.text.slice(0, 40)}"`).join(', ')})`,
        ]
      : []),
  ];
  const checks = [...reading.checks, ...(notRun ? [] : refusedAfterOutput(tool, missing))];
  if (tool === 'lsmod') amendWithModinfo(checks, modinfoFindings(paste));
  checks.push(...crossOfPaste(tool, reading.parsed, paste.sections, used));
  checks.unshift(
    check(
      'read.input',
      'skipped',
      `read ${used.map(show).join(' and ')} as ${tool}${ignored.length ? `; ignored ${ignored.join(', ')}` : ''}`,
      { matters: false },
    ),
  );
  return { parsed: reading.parsed, checks };
}

/** Another tool's section in the same paste that answers what this one leaves open, and the cross-check. */
const CROSS: Partial<
  Record<ToolId, { other: ToolId; cross: (mine: never, theirs: never, o: TransferOptions) => Check[] }>
> = {
  topo: { other: 'nvlink', cross: (m, t) => crossNvlinkTopo(m, t) },
  nvlink: { other: 'topo', cross: (m, t) => crossNvlinkTopo(t, m) },
  // `topo -m` shows which GPU pairs NVLink joins: P2P off there is what NCCL refuses.
  'topo-p2p': { other: 'topo', cross: (m, t, o) => crossP2pTopo(m, t, o) },
};

/** `topo -m` with `nvlink --status` or `topo -p2p` in one paste: the other one's section, parsed, cross-checked. */
function crossOfPaste(
  tool: ToolId,
  parsed: unknown,
  sections: readonly PasteSection[],
  used: readonly PasteSection[],
): Check[] {
  const c = CROSS[tool];
  if (!c) return [];
  const commands = used.flatMap((s) => (s.command ? [s.command] : []));
  for (const s of sections) {
    if (used.includes(s) || s.command === undefined || !commandRuns(c.other, s.command)) continue;
    try {
      return c.cross(parsed as never, TOOL_READINGS[c.other].parse(s.text) as never, {
        expect: 'any',
        commands,
      });
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
    }
  }
  return [];
}

/** The filter the sections' commands apply, if any (a line is shown if any section would show it). */
function shownOf(sections: readonly PasteSection[]): Shown | undefined {
  return anyShown(sections.map((s) => (s.command ? pipelineOf(s.command).shown : undefined)));
}

/** Reads a tool's sections: one reading when they come from one place, else one per place (places.ts). */
function readSections(tool: ToolId, sections: readonly PasteSection[], opts: TransferOptions): Reading {
  const said = sections.filter((s) => s.output.length > 0);
  const places = [...new Set(said.flatMap((s) => (s.where ? [s.where] : [])))];
  const one = (list: readonly PasteSection[]) => {
    const shownHere = shownOf(list);
    const commands = list.flatMap((s) => (s.command ? [s.command] : []));
    return readOutput(tool, merge(list), {
      ...opts,
      ...(shownHere ? { shown: shownHere } : {}),
      ...(commands.length ? { commands } : {}),
    });
  };
  if (places.length < 2) return one(sections);
  return readEachPlace(places, said, one, (place, err) =>
    check(`${TOOLS[tool].group}.${tool}`, 'skipped', `not read as ${tool}: ${err.message}`, {
      subject: place,
      fix: `paste the output of \`${TOOLS[tool].command}\` from ${place}, or read it with its own tool`,
    }),
  );
}
