import { ParseError } from './errors.js';
import { dataLines, type Line, promptCommand } from './lines.js';
import { parseNumber } from './units.js';

/**
 * linux-rdma/perftest (`ib_write_bw`, `ib_read_bw`, `ib_send_bw`, `ib_atomic_bw` and the
 * `_lat` variants). Formats from src/perftest_parameters.h (references/read-evidence.md):
 * the title `RDMA_Write BW Test` / `Send Latency Test` (+ `Bidirectional`, `Post List`),
 * the settings block (` Number of qps   : %d\t\tTransport type : %s`, ` Link type       : %s`,
 * ` Post List       : %d`), then a results header `RESULT_FMT` (` #bytes     #iterations
 * BW peak[MiB/sec]    BW average[MiB/sec]   MsgRate[Mpps]`; `[Gb/sec]` with --report_gbits;
 * `[MB/sec]` before perftest 4.5) or `RESULT_FMT_LAT` (t_min … 99.9% percentile[usec]).
 * MiB/MB/sec is 2^20 bytes (`format_factor = 0x100000`), Gb/sec is 125000000 bytes.
 */
export interface PerftestRow {
  bytes: number;
  iterations?: number;
  /** GB/s (10^9 bytes) of BW peak / average, bandwidth tests. */
  peakGBps?: number;
  avgGBps?: number;
  msgRateMpps?: number;
  /** µs, latency tests. */
  tMinUs?: number;
  tTypicalUs?: number;
  tAvgUs?: number;
  p99Us?: number;
}

export interface PerftestResult {
  /** `RDMA_Write BW`, `Send Latency`, … (the title, `Test` dropped). */
  test?: string;
  kind?: 'bw' | 'lat';
  bidirectional: boolean;
  device?: string;
  linkType?: string;
  /**
   * The settings block's `Connection type` (perftest_parameters.c ctx_print_test_info, connStr[]: RC, UC, UD,
   * RawEth, XRC, DC, SRD): `RawEth` is the raw_ethernet_* tests' raw-packet QP, Ethernet frames with no RDMA transport.
   */
  connection?: string;
  qps?: number;
  postList?: number;
  /** The unit the table printed (`MiB/sec`, `MB/sec`, `Gb/sec`). */
  unit?: string;
  rows: PerftestRow[];
  /** GPU memory (`--use_cuda`): `initializing CUDA` / `Picking device No.` were printed. */
  cuda: boolean;
  /** The program typed (`ib_write_bw`), from a prompt line. */
  program?: string;
  /** The server a typed client command names (`ib_write_bw -d mlx5_0 10.0.0.1`). */
  server?: string;
  warnings: { line: number; text: string }[];
  errors: { line: number; text: string }[];
  /** Result rows that stop before their figures (a paste cut inside the table). */
  cutRows?: number;
  /**
   * `--output=latency|bandwidth|message_rate` on the typed command: perftest then prints only
   * the average as one bare `%lf` line (perftest_parameters.c `print_report_lat`: `printf("%lf\n",
   * average)`; `print_report_bw`: `printf("%lf\n", bw_avg)`), no banner and no table.
   */
  output?: 'latency' | 'bandwidth' | 'message_rate';
  /**
   * An address's ` GID: %02d:…` line that is all zeros (perftest_communication.c ctx_print_pingpong_data,
   * PERF_GID_FMT: the GID ibv_query_gid returned at the index in use), with the side whose address line came
   * before it. On RoCE an empty GID table entry leaves the QP nothing to address the peer with.
   */
  zeroGids?: { line: number; side?: 'local' | 'remote' }[];
  /** `-s`/`--size` on the typed command (bytes). */
  size?: number;
  /** `--report_gbits` on the typed command (a bare bandwidth is then in Gb/sec). */
  gbits?: boolean;
  /** The server's `* Waiting for client to connect... *` box: this side listens for a client. */
  waiting?: boolean;
  /**
   * perftest refused its own command line: every test's main() prints ` Parser function exited with
   * Error` when parser() fails (src/write_bw.c and the other mains), after parser()'s own reason
   * (`CUDA DMA-BUF cannot be used without CUDA`, src/perftest_parameters.c). The test never started.
   */
  refused?: { line: number; text: string; reason?: string };
}

const TOOL = 'perftest';
const FIX = 'pass the output of ib_write_bw / ib_read_bw / ib_send_bw (or a _lat test)';

/** perftest's column names, in the order a header prints them. */
const COLUMN =
  /#bytes|#iterations|#sl|BW peak\[[^\]]+\]|BW average\[[^\]]+\]|MsgRate\[Mpps\]|t_min\[usec\]|t_max\[usec\]|t_typical\[usec\]|t_avg\[usec\]|t_stdev\[usec\]|99\.9% percentile\[usec\]|99% percentile\[usec\]|tps average|CPU_Util\[%\]|BW Port\d\[[^\]]+\]|MsgRate Port\d\[Mpps\]/g;

/** Lines perftest prints on failure (src/perftest_communication.c, perftest_resources.h, *_bw.c). */
const FAILURE: readonly RegExp[] = [
  /^Couldn't connect to \S+/,
  /^Completion with error at (?:client|server)/,
  /^Failed status\b/,
  /^Unable to Connect the HCA's through the link/,
  /^Couldn't (?:allocate MR|create|get|post|modify|init|read)/,
  /^Failed to (?:modify QP|create QP|post|init|deallocate|destroy)/,
  /^Unable to (?:perform rdma_client function|open file|init the socket connection|find device)/,
  /^ibv_(?:open_device|get_device_list)\b.*(?:fail|error)/i,
  /^IB device \S+ not found$/,
  /^Unable to find the Infiniband\/RoCE device$/,
  /^ Couldn't (?:connect|listen)/,
  /^Problems with warm up$/,
  /^Test exited with error$/,
  /^Error in (?:run_iter|mtu)/,
  /^ *(?:\d+)?\s*ERROR: /,
  /^There are no available device\(s\) that support CUDA$/,
  // rdma_cm (`-R`): perftest_communication.c `rdma_cm_event_error` and its callers.
  /^RDMA CM event error:?$/,
  /^Event: RDMA_CM_EVENT_\w+; error: -?\d+\.?$/,
  /^Failed to (?:handle|connect) RDMA CM events?\.?$/,
  /^Failed to (?:resolve|bind) RDMA CM address\.?$/,
  /^No such device ID \(\d+\) exists in system$/,
];

/**
 * Results kept as shell comments (issue 38, principle 1): a write-up's bash block may put the commands it ran as they
 * are and what perftest printed behind `# ` (`# #bytes  #iterations  BW peak[Gb/sec] …`, `# 1048576  5000  55.87 …`).
 * perftest's own header line holds one `#` (` #bytes`); when a line holds it behind another `#`, the comment marks
 * are the poster's: each commented line loses its `#` and one space after it (as ibv_devinfo's, ibv-devinfo.ts).
 */
function uncomment(lines: Line[]): Line[] {
  if (!lines.some((l) => /^\s*#\s*#bytes\b/.test(l.text))) return lines;
  return lines.map((l) => (/^\s*#/.test(l.text) ? { ...l, text: l.text.replace(/^\s*# ?/, '') } : l));
}

export function parsePerftest(text: string): PerftestResult {
  const lines = uncomment(dataLines(text));
  const r: PerftestResult = { bidirectional: false, rows: [], cuda: false, warnings: [], errors: [] };
  let columns: string[] | undefined;
  let recognised = false;
  let first: { no: number; text: string } | undefined;
  let unread: string | undefined;
  let side: 'local' | 'remote' | undefined;
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '') continue;
    if (/^Parser function exited with Error$/.test(t)) {
      r.refused = { line: line.no, text: t, ...(unread ? { reason: unread } : {}) };
      recognised = true;
      continue;
    }
    const typed = promptCommand(line.text);
    if (typed !== undefined) {
      program(r, typed);
      continue;
    }
    first ??= { no: line.no, text: t };
    unread = t;
    const title =
      /^((?:Send|Send_imm|RDMA_Write|RDMA_Write_imm|RDMA_Read|Atomic)(?: \w+)*?) (BW|Latency)(?: forwarding)?(?: Multicast)? Test$/.exec(
        t,
      );
    if (title) {
      const words = title[1] as string;
      r.bidirectional = /\bBidirectional\b/.test(words);
      r.test = `${words.replace(/ (?:Bidirectional|Post List)\b/g, '')} ${title[2]}`;
      r.kind = title[2] === 'BW' ? 'bw' : 'lat';
      recognised = true;
      continue;
    }
    if (/#bytes/.test(t)) {
      columns = t.match(COLUMN) ?? undefined;
      const unit = /BW (?:peak|average)\[([^\]]+)\]/.exec(t);
      if (unit) r.unit = unit[1] as string;
      r.kind ??= /t_(?:min|avg|typical)/.test(t) ? 'lat' : 'bw';
      recognised = true;
      continue;
    }
    // The server prints this box before a client connects (perftest_communication.c).
    if (/^\*\s*Waiting for client to connect\.\.\.\s*\*$/.test(t)) {
      r.waiting = true;
      recognised = true;
      continue;
    }
    const gid = /^GID: ((?:\d{2,3}:){15}\d{2,3})$/.exec(t);
    if (gid) {
      if (/^(?:0+:){15}0+$/.test(gid[1] as string)) {
        r.zeroGids ??= [];
        r.zeroGids.push({ line: line.no, ...(side ? { side } : {}) });
      }
      recognised = true;
      continue;
    }
    const address = /^(local|remote) address: /.exec(t);
    if (address) side = address[1] as 'local' | 'remote';
    if (settings(r, t)) {
      recognised = true;
      continue;
    }
    if (/^(?:initializing CUDA|Picking device No\. \d+|allocated \d+ bytes of GPU buffer)/.test(t)) {
      r.cuda = true;
      recognised = true;
      continue;
    }
    if (FAILURE.some((re) => re.test(t)) || FAILURE.some((re) => re.test(line.text))) {
      r.errors.push({ line: line.no, text: t });
      recognised = true;
      continue;
    }
    if (/^(?:WARNING:|Conflicting CPU frequency values detected)/.test(t)) {
      r.warnings.push({ line: line.no, text: t });
      continue;
    }
    if (r.output && !columns && /^\d+(?:\.\d+)?$/.test(t)) {
      bareValue(r, Number(t));
      recognised = true;
      continue;
    }
    if (columns && /^\d+\s+\d/.test(t)) {
      // A poster's markdown emphasis (`**5544.28**`) is not part of the figure.
      const row = rowOf(columns, t.replace(/\*\*|__/g, '').split(/\s+/), r.unit);
      // A row without its figure (a paste cut inside it) is not a result.
      if (
        row &&
        (row.avgGBps !== undefined ||
          row.tTypicalUs !== undefined ||
          row.tAvgUs !== undefined ||
          row.tMinUs !== undefined)
      )
        r.rows.push(row);
      else r.cutRows = (r.cutRows ?? 0) + 1;
    } else if (!columns && !r.output) {
      const bare = headerlessRow(t);
      if (bare) {
        r.rows.push(bare.row);
        r.unit ??= bare.unit;
        r.kind ??= 'bw';
        recognised = true;
      }
    }
  }
  if (!recognised) {
    if (!first) throw new ParseError(TOOL, 'the input is empty', { fix: FIX });
    throw new ParseError(TOOL, 'no perftest title, settings block or results header found', {
      line: first.no,
      text: first.text,
      fix: FIX,
    });
  }
  return r;
}

/** One settings line (` Number of qps   : 4\t\tTransport type : IB`): true when it was one. */
function settings(r: PerftestResult, t: string): boolean {
  let hit = false;
  for (const m of t.matchAll(/([A-Za-z][\w.* ]*?)\s*:\s*(\S+)/g)) {
    const key = (m[1] as string).trim();
    const value = m[2] as string;
    if (key === 'Device') r.device = value;
    else if (key === 'Link type') r.linkType = value;
    else if (key === 'Connection type') r.connection = value;
    else if (key === 'Number of qps') r.qps = Number(value);
    else if (key === 'Post List') r.postList = Number(value);
    else if (
      !/^(?:Dual-port|Transport type|Connection type|Using SRQ|PCIe relax order|ibv_wr\* API|TX depth|RX depth|CQ Moderation|Mtu|Max inline data|rdma_cm QPs|Data ex\. method|GID index|Lock-free|Using Enhanced Reorder|Recv Post List|Outstand reads|Using DDP)$/.test(
        key,
      )
    )
      continue;
    hit = true;
  }
  return hit || /^(?:local|remote) address: LID /.test(t);
}

function rowOf(
  columns: readonly string[],
  cells: readonly string[],
  unit: string | undefined,
): PerftestRow | undefined {
  const bytes = parseNumber(cells[0]);
  if (bytes === undefined) return undefined;
  const row: PerftestRow = { bytes };
  const toGBps = (v: number) => (unit === 'Gb/sec' ? v / 8 : (v * 1048576) / 1e9);
  columns.forEach((name, i) => {
    const v = parseNumber(cells[i]);
    if (v === undefined || i === 0) return;
    if (name === '#iterations') row.iterations = v;
    else if (name.startsWith('BW peak')) row.peakGBps = round(toGBps(v));
    else if (name.startsWith('BW average')) row.avgGBps = round(toGBps(v));
    else if (name === 'MsgRate[Mpps]') row.msgRateMpps = v;
    else if (name === 't_min[usec]') row.tMinUs = v;
    else if (name === 't_typical[usec]') row.tTypicalUs = v;
    else if (name === 't_avg[usec]') row.tAvgUs = v;
    else if (name === '99% percentile[usec]') row.p99Us = v;
  });
  return row;
}

/**
 * A bandwidth row pasted without its table header (` 4194304    4826    0.00    965.20    0.000241`):
 * #bytes, #iterations, BW peak, BW average, MsgRate[Mpps]. perftest computes the message rate from the
 * same average (perftest_parameters.c print_report_bw: `msgRate = bw_avg / size`), so the unit the
 * average was printed in is the one in which average = MsgRate × #bytes: MiB/sec (the default) or Gb/sec
 * (`--report_gbits`). A row that fits neither within a quarter is not read as perftest's.
 */
function headerlessRow(t: string): { row: PerftestRow; unit: string } | undefined {
  const cells = t.replace(/\*\*|__/g, '').split(/\s+/);
  if (cells.length !== 5 || !/^\d+$/.test(cells[0] as string) || !/^\d+$/.test(cells[1] as string)) return;
  const [bytes, iterations, peak, avg, rate] = cells.map(Number) as [number, number, number, number, number];
  if ([peak, avg, rate].some((v) => !Number.isFinite(v)) || bytes <= 0 || rate <= 0 || avg <= 0) return;
  const perSecond = rate * 1e6 * bytes;
  const fits = ([, factor]: [string, number]) =>
    Math.abs(Math.log((avg * factor) / perSecond)) < Math.log(1.25);
  const unit = (
    [
      ['MiB/sec', 1048576],
      ['Gb/sec', 1.25e8],
    ] as [string, number][]
  ).find(fits)?.[0];
  if (!unit) return;
  const toGBps = (v: number) => round(unit === 'Gb/sec' ? v / 8 : (v * 1048576) / 1e9);
  return {
    row: { bytes, iterations, peakGBps: toGBps(peak), avgGBps: toGBps(avg), msgRateMpps: rate },
    unit,
  };
}

/** The program a typed command runs, and the server a client names (its last bare word). */
function program(r: PerftestResult, typed: string): void {
  const words = (typed.split('|')[0] ?? '').trim().split(/\s+/);
  const at = words.findIndex((w) => /(?:^|\/)ib_(?:write|read|send|atomic)_(?:bw|lat)$/.test(w));
  if (at < 0) return;
  r.program = (words[at] as string).split('/').pop() as string;
  const flags = words.slice(at + 1);
  flags.forEach((w, i) => {
    const [name, inline] = w.split('=', 2) as [string, string | undefined];
    const value = inline ?? flags[i + 1];
    if (name === '--output' && value && /^(?:latency|bandwidth|message_rate)$/.test(value))
      r.output = value as NonNullable<PerftestResult['output']>;
    else if ((name === '-s' || name === '--size') && value && /^\d+$/.test(value)) r.size = Number(value);
    else if (name === '--report_gbits') r.gbits = true;
  });
  const last = words[words.length - 1] as string;
  const before = words[words.length - 2] ?? '';
  if (
    words.length - 1 > at &&
    !last.startsWith('-') &&
    (!before.startsWith('-') || /^--?\w+=/.test(before) || NO_VALUE.test(before))
  )
    r.server = last;
}

/**
 * One bare `%lf` under a command typed with `--output=…`: the test's average (perftest's
 * defaults when no `-s` is typed: DEF_SIZE_LAT 2 bytes, DEF_SIZE_BW 65536, perftest_parameters.h).
 */
function bareValue(r: PerftestResult, v: number): void {
  const lat = r.output === 'latency' || /_lat$/.test(r.program ?? '');
  if (r.output === 'message_rate') return;
  r.kind ??= lat ? 'lat' : 'bw';
  const bytes = r.size ?? (lat ? 2 : 65536);
  if (lat) r.rows.push({ bytes, tAvgUs: v });
  else {
    r.unit ??= r.gbits ? 'Gb/sec' : 'MiB/sec';
    r.rows.push({ bytes, avgGBps: round(r.gbits ? v / 8 : (v * 1048576) / 1e9) });
  }
}

/** perftest flags that take no value (perftest_parameters.c `long_options`, `has_arg = 0`). */
const NO_VALUE =
  /^(?:-a|--all|-b|--bidirectional|-R|--rdma_cm|-F|--CPU-freq|-z|--com_rdma_cm|--report_gbits|--report-both|-H|--report-histogram|-U|--report-unsorted|-e|--events|-V|--version|--run_infinitely|--odp|--use_hugepages|--use_old_post_send|--perform_warm_up|--dualport|-O)$/;

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
