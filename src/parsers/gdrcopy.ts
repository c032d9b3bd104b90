import { ParseError } from './errors.js';
import { dataLines, promptCommand } from './lines.js';
import { mibpsToGBps, parseNumber, round } from './units.js';

/**
 * `gdrcopy_copybw` (NVIDIA/gdrcopy tests/copybw.cpp): lists GPUs, pins and maps a
 * GPU buffer through /dev/gdrdrv ("info.mapped: 1"), prints "write BW: <n>MB/s" and
 * "read BW: <n>MB/s" — MiB/s (bps / 1024 / 1024 in copybw) — and ends with
 * "closing gdrdrv". Reads over BAR1 are slow by design.
 */
export interface GdrcopyResult {
  gpus: { id: number; name: string; bus?: string }[];
  mapped?: boolean;
  wcMapping?: boolean;
  writeGBps?: number;
  readGBps?: number;
  /** Reached "closing gdrdrv": the test ran to the end. */
  closed: boolean;
  /** `gdrcopy_sanity`'s summary line (tests/sanity.cpp: "Total: %d, Passed: %d, Failed: %d, Waived: %d"). */
  sanity?: { total: number; passed: number; failed: number; waived: number; line: number };
  errors: { line: number; text: string }[];
  /**
   * `gdrcopy_copylat` rows (tests/copylat.cpp: "gdr_copy_to_mapping \t size \t avg µs" in 2.x, "… median µs \t min µs"
   * since 2.5, then the same for gdr_copy_from_mapping; `us` is the first time), also retyped as a `|` table.
   */
  copylat?: { op: 'to' | 'from'; size: number; us: number; line: number }[];
  /**
   * The tests named under the summary (tests/testsuites/testsuite.cpp run_tests: `List of failed tests:` and
   * `List of waived tests:`, each name on its own line indented by four spaces; the README's sample also shows
   * `List of passed tests:`), read even when the summary line itself is not shown.
   */
  listed?: { kind: 'passed' | 'failed' | 'waived'; line: number; names: string[] }[];
}

const TOOL = 'gdrcopy_copybw';

/**
 * Lines only GDRCopy prints when it fails (NVIDIA/gdrcopy tests/common.hpp: `ASSERT` prints
 * `Assertion "%s" failed at %s:%d` and exits, `EXPECT` prints `Check "%s" failed at %s:%d`,
 * `gdr_open error: Is gdrdrv driver installed and loaded?`; src/gdrapi_internal.h `gdr_err`
 * prefixes `ERR:  `; libcheck, used by sanity before 2.4, prints `Running suite(s): Sanity`
 * and `NN%: Checks: N, Failures: N, Errors: N`).
 */
const GDRCOPY_FAILURE: readonly RegExp[] = [
  /^Assertion "[^"]*" failed at \S+\.(?:c|cpp|hpp|h):\d+/,
  /^Check "[^"]*" failed at \S+\.(?:c|cpp|hpp|h):\d+/,
  /^gdr_open error\b/,
  /^ERR:\s+/,
  /\b(?:sanity|copybw|copylat|common)\.(?:c|cpp|hpp):\d+:.*\b(?:Assertion|failed|Received signal|E:)/,
];

export function parseGdrcopy(text: string): GdrcopyResult {
  const lines = dataLines(text);
  const r: GdrcopyResult = { gpus: [], closed: false, errors: [] };
  let recognised = false;
  let first: { no: number; text: string } | undefined;
  let list: NonNullable<GdrcopyResult['listed']>[number] | undefined;
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '' || promptCommand(line.text) !== undefined) continue;
    first ??= { no: line.no, text: t };
    const head = /^List of (passed|failed|waived) tests:$/.exec(t);
    if (head) {
      list = { kind: head[1] as 'passed' | 'failed' | 'waived', line: line.no, names: [] };
      r.listed = [...(r.listed ?? []), list];
      recognised = true;
      continue;
    }
    if (list && /^\s+\w+$/.test(line.text)) {
      list.names.push(t);
      continue;
    }
    list = undefined;
    const gpu = /^GPU id:(\d+); name: (.*?); Bus id: (\S+)$/.exec(t);
    if (gpu) {
      r.gpus.push({ id: Number(gpu[1]), name: gpu[2] as string, bus: gpu[3] as string });
      recognised = true;
      continue;
    }
    // GDRCopy 1.x/2.0: "GPU id:0 name:Tesla K80 PCI domain: 0 bus: 0 device: 4".
    const old = /^GPU id:(\d+) name:(.*?) PCI domain: (\d+) bus: (\d+) device: (\d+)$/.exec(t);
    if (old) {
      r.gpus.push({
        id: Number(old[1]),
        name: (old[2] as string).trim(),
        bus: `${old[3]}:${old[4]}:${old[5]}`,
      });
      recognised = true;
      continue;
    }
    const sum = /^Total: (\d+), Passed: (\d+), Failed: (\d+), Waived: (\d+)$/.exec(t);
    if (sum) {
      const [total, passed, failed, waived] = sum.slice(1).map(Number) as [number, number, number, number];
      r.sanity = { total, passed, failed, waived, line: line.no };
      recognised = true;
      continue;
    }
    const kv = /^info\.(mapped|wc_mapping): (\d+)$/.exec(t);
    if (kv) {
      if (kv[1] === 'mapped') r.mapped = kv[2] === '1';
      else r.wcMapping = kv[2] === '1';
      recognised = true;
      continue;
    }
    const bw = /^(write|read) BW: ([\d.]+)\s*MB\/s$/.exec(t);
    if (bw) {
      const mib = parseNumber(bw[2]);
      if (mib !== undefined) r[bw[1] === 'write' ? 'writeGBps' : 'readGBps'] = round(mibpsToGBps(mib), 3);
      recognised = true;
      continue;
    }
    const lat =
      /^gdr_copy_(to|from)_mapping(?:\s+\|?|\s*\|)\s*(\d+)(?:\s+\|?|\s*\|)\s*([\d.]+)(?:(?:\s+\|?|\s*\|)\s*[\d.]+)?\s*\|?$/.exec(
        t,
      );
    if (lat) {
      r.copylat ??= [];
      r.copylat.push({
        op: lat[1] as 'to' | 'from',
        size: Number(lat[2]),
        us: Number(lat[3]),
        line: line.no,
      });
      recognised = true;
      continue;
    }
    // copylat's table header and the line before each sweep ("gdr_copy_to_mapping num iters for each size: 10000").
    if (
      /^Test\s*\|?\s*Size\(B\)\s*\|?\s*(?:Avg\.Time\(us\)|Median Time\(us\)\s*\|?\s*Min\. Time\(us\))$/.test(
        t,
      ) ||
      /^gdr_copy_(?:to|from)_mapping num iters\b/.test(t)
    ) {
      recognised = true;
      continue;
    }
    if (/^closing gdrdrv$/.test(t)) {
      r.closed = true;
      recognised = true;
      continue;
    }
    const check = /^\d+%: Checks: (\d+), Failures: (\d+), Errors: (\d+)$/.exec(t);
    if (check) {
      const [total, failures, errors] = check.slice(1).map(Number) as [number, number, number];
      r.sanity = {
        total,
        passed: total - failures - errors,
        failed: failures + errors,
        waived: 0,
        line: line.no,
      };
      recognised = true;
      continue;
    }
    if (/^Running suite\(s\): Sanity$/.test(t)) {
      recognised = true;
      continue;
    }
    if (GDRCOPY_FAILURE.some((re) => re.test(t))) {
      // gdrcopy's own failure lines: the run is gdrcopy's even when it never reached a summary.
      r.errors.push({ line: line.no, text: t });
      recognised = true;
      continue;
    }
    if (/error|fail|assert|cannot|unable/i.test(t)) {
      r.errors.push({ line: line.no, text: t });
      continue;
    }
    if (
      /^(selecting device|testing size|rounded size|gpu alloc fn|device ptr|map_d_ptr|info\.|page offset|user-space pointer|writing test|reading test|unmapping buffer|unpinning buffer)/.test(
        t,
      )
    ) {
      recognised = true;
    }
  }
  if (!recognised) {
    if (!first)
      throw new ParseError(TOOL, 'the input is empty', { fix: 'pass the output of `gdrcopy_copybw`' });
    throw new ParseError(TOOL, 'no gdrcopy_copybw line found', {
      ...first,
      line: first.no,
      fix: 'pass the output of `gdrcopy_copybw`',
    });
  }
  return r;
}
