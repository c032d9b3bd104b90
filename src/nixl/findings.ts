import { type NixlbenchHelp, parseNixlbenchHelp } from '../parsers/nixlbench-help.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import { firstLine } from '../probes/interpret.js';
import type { ProbeOutcome } from '../probes/run.js';
import { type NixlFiles, type PythonNixl, readLocate, readPython } from './locate.js';

/** How a binary answered: not there, runs, there but cannot start (missing library), or hung. */
export type BinaryState =
  | { state: 'missing' }
  | { state: 'runs' }
  | { state: 'broken'; why: string }
  | { state: 'timeout' };

/** What `nixl` found in one pod or host. */
export interface NixlFindings {
  nixlbench: BinaryState;
  /** The flags `nixlbench --help` listed, and the version range they prove (flags differ between versions). */
  nixlbenchHelp?: NixlbenchHelp;
  ucxPerftest: BinaryState;
  /** undefined when the locate script could not run (no sh). */
  files?: NixlFiles;
  /** undefined when python3 is missing or printed nothing readable. */
  python?: PythonNixl;
  pythonMissing: boolean;
  /** The python was still running when --probe-timeout ran out. */
  pythonTimedOut?: boolean;
  /** The python asked (`python3`, or on this host the one pair --local would run). */
  pythonAsked?: string;
  ucxVersion?: string;
}

export const UCX_PLUGIN = 'libplugin_UCX.so';

/**
 * A `--help`/`-h` answer. gflags exits 1 after printing --help, ucx_perftest 0;
 * the dynamic loader exits 127 with "error while loading shared libraries".
 */
export function binaryState(o: ProbeOutcome | undefined, okCodes: readonly number[]): BinaryState {
  if (!o || o.notFound) return { state: 'missing' };
  if (o.timedOut) return { state: 'timeout' };
  const said = `${o.stdout}${o.stderr}`;
  if (
    o.exitCode !== null &&
    okCodes.includes(o.exitCode) &&
    said.trim() !== '' &&
    !/error while loading shared libraries/.test(said)
  ) {
    return { state: 'runs' };
  }
  const code = o.exitCode === null ? 'did not start' : `exit ${o.exitCode}`;
  return { state: 'broken', why: `${code}: ${firstLine(o.stderr, o.stdout)}` };
}

export function nixlFindings(outcomes: readonly ProbeOutcome[]): NixlFindings {
  const by = (tool: string) => outcomes.find((o) => o.tool === tool);
  const files = by('nixl_files');
  const py = by('python_nixl');
  const ucxV = by('ucx_info_v');
  let ucxVersion: string | undefined;
  if (ucxV?.ran && ucxV.exitCode === 0) {
    try {
      ucxVersion = parseUcxInfo(ucxV.stdout).version;
    } catch {
      ucxVersion = undefined;
    }
  }
  const python = py?.ran ? readPython(py.stdout) : undefined;
  const bench = by('nixlbench');
  const nixlbench = binaryState(bench, [0, 1]);
  const nixlbenchHelp =
    nixlbench.state === 'runs' && bench ? readHelp(`${bench.stdout}\n${bench.stderr}`) : undefined;
  return {
    nixlbench,
    ...(nixlbenchHelp ? { nixlbenchHelp } : {}),
    ucxPerftest: binaryState(by('ucx_perftest'), [0]),
    ...(files?.ran && files.exitCode === 0 ? { files: readLocate(files.stdout) } : {}),
    ...(python ? { python } : {}),
    pythonMissing: py?.notFound ?? true,
    ...(py?.timedOut && !python?.file ? { pythonTimedOut: true } : {}),
    ...(py?.argv[0] && py.argv[0] !== 'python3' ? { pythonAsked: py.argv[0] } : {}),
    ...(ucxVersion ? { ucxVersion } : {}),
  };
}

/** The flag listing, or undefined when the answer had none (a wrapper script, a build without gflags help). */
function readHelp(text: string): NixlbenchHelp | undefined {
  try {
    return parseNixlbenchHelp(text);
  } catch {
    return undefined;
  }
}

/**
 * The version to tell `pair --nixlbench-version`, so it passes only flags this
 * build accepts: the oldest version its flags prove (0.1.0, the baseline, when
 * it predates every marker); undefined when the listing could not be dated.
 */
export function pairVersionFor(help: NixlbenchHelp | undefined): string | undefined {
  if (help?.versionAtLeast) return help.versionAtLeast;
  // Older than every marker: the baseline. An undated (incomplete) listing says nothing.
  return help?.versionBelow ? '0.1.0' : undefined;
}
