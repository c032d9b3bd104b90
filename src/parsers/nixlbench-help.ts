import { ParseError } from './errors.js';
import { cleanLines } from './lines.js';

/**
 * `nixlbench --help`: gflags' flag listing. Each flag is printed by gflags'
 * DescribeOneFlag as `    -name (description) type: T default: D`, grouped
 * under `  Flags from <source file>:`; long descriptions wrap onto lines that
 * do not start with `-`. gflags exits 1 after --help.
 */
export interface NixlbenchHelp {
  /** nixlbench's own flags (not gflags' built-ins such as -help or -flagfile), sorted. */
  flags: string[];
  /** The first version these flags prove, when one of the markers below is present (complete listings only). */
  versionAtLeast?: string;
  /** The first version whose marker flag is absent: the binary is older than this. */
  versionBelow?: string;
}

/**
 * Flags that date a nixlbench build, newest first (ai-dynamo/nixl
 * benchmark/nixlbench/src/utils/utils.cpp and its tags): ASIO runtime flags arrived in v1.1.0,
 * the etcd group namespace `--benchmark_group` in 0.5.0 (ai-dynamo/nixl #576).
 */
const MARKERS: readonly { flag: string; since: string }[] = [
  { flag: 'asio_port', since: '1.1.0' },
  { flag: 'benchmark_group', since: '0.5.0' },
];

/** Flags every nixlbench release has had; a listing without them is incomplete and is not dated. */
const BASELINE = ['backend', 'etcd_endpoints', 'initiator_seg_type', 'target_seg_type'] as const;

const FLAG_LINE = /^\s+-([A-Za-z][\w]*) \(/;
const SECTION = /^\s*Flags from (.+):$/;
/** gflags' own source files: their flags (help, flagfile, fromenv, v …) are not nixlbench's. */
const GFLAGS_SOURCE = /gflags[^/]*\.cc$|\/gflags\//;

export function parseNixlbenchHelp(text: string): NixlbenchHelp {
  const own = new Set<string>();
  let section: string | undefined;
  let sawAnyFlag = false;
  for (const { text: line } of cleanLines(text)) {
    const s = SECTION.exec(line);
    if (s) {
      section = s[1];
      continue;
    }
    const f = FLAG_LINE.exec(line);
    if (!f) continue;
    sawAnyFlag = true;
    if (section && GFLAGS_SOURCE.test(section)) continue;
    own.add(f[1] as string);
  }
  if (!sawAnyFlag) {
    throw new ParseError(
      'nixlbench --help',
      'no gflags flag listing (lines like "    -backend (…) type: string")',
      {
        fix: 'pass the full output of `nixlbench --help` (stdout and stderr)',
      },
    );
  }
  const flags = [...own].sort();
  const result: NixlbenchHelp = { flags };
  // Dating by absence needs the whole listing: a cut-off or filtered one proves nothing.
  if (!BASELINE.every((f) => own.has(f))) return result;
  // Markers are newest first: the first one present dates the build from below,
  // and the marker just before it (absent by construction) dates it from above.
  const at = MARKERS.findIndex((m) => own.has(m.flag));
  if (at >= 0) result.versionAtLeast = (MARKERS[at] as { since: string }).since;
  const newerAbsent = MARKERS[(at >= 0 ? at : MARKERS.length) - 1];
  if (newerAbsent) result.versionBelow = newerAbsent.since;
  return result;
}
