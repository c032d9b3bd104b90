import { ParseError } from './errors.js';
import { dataLines, type Elision, elisionBeside, elisionsOf, promptCommand } from './lines.js';
import { joinSplitRows, unlabel } from './nccl-tests-lines.js';
import {
  cutHeader,
  type Fourth,
  HEADERLESS_TYPE,
  type NcclRow,
  rowByNames,
  rowColumns,
  rowOf,
} from './nccl-tests-rows.js';
import { parseNumber } from './units.js';

/**
 * NVIDIA/nccl-tests (`all_reduce_perf`, `all_gather_perf`, `reduce_scatter_perf`,
 * `alltoall_perf`, `sendrecv_perf`, …). Formats from src/util.cu (references/read-evidence.md):
 * `#  Rank %2d Group %2d Pid %6d on %10s device %2d [%04x:%02x:%02x] %s` per rank (older
 * releases: no Group, `[0x%02x]`), the header `# size count type redop root time algbw busbw
 * #wrong time algbw busbw #wrong` (older: `error` instead of `#wrong`, no `root`), one row per
 * size (`%12li  %12li  %8s  %6s  %6s` then per placement `%7s  %6s  %6s  %6g`, `N/A` when not
 * validated), and the footer `# Out of bounds values : %d OK|FAILED`, `# Avg bus bandwidth
 * : %g`. NCCL's own `NCCL INFO`/`NCCL WARN` lines (NCCL_DEBUG=INFO) name the network.
 */
export type { NcclRow };

/**
 * hypercube_perf under `-g` > 1. nccl-tests' startColl (src/common.cu) wraps the calls of all the thread's
 * GPUs in one `ncclGroupStart()`/`ncclGroupEnd()` when `nGpus > 1`; hypercube.cu's RunColl does its
 * allgather in log2(n) steps, each an `ncclGroupStart()`/`ncclGroupEnd()` of a send and a receive, where each
 * step sends what the step before received. Nested inside the outer group those steps merge into one group,
 * whose operations NCCL does not order, so a step can send data not yet received: `#wrong` and
 * `Out of bounds values : N FAILED` whatever the path (NVIDIA/nccl-tests#190: fails single-process
 * `-g 4`, passes one GPU per process; #356: `-g 2`, a single step, passes, `-g 4` fails). The rows' bandwidth
 * is still measured.
 */
export interface HypercubeGrouped {
  /** GPUs per thread (the `# nThread 1 nGpus 8` line). */
  nGpus: number;
  /** The section's `# Out of bounds values` count and its line, when printed. */
  outOfBounds?: { count: number; line: number };
}

export interface NcclRank {
  rank: number;
  host: string;
  device: number;
  gpu: string;
}

export interface NcclTestsResult {
  test?: string;
  rows: NcclRow[];
  ranks: NcclRank[];
  avgBusbw?: number;
  outOfBounds?: { count: number; line: number };
  /** A hypercube_perf section run with more than one GPU per thread (its check is the test's own fault). */
  hypercubeGrouped?: HypercubeGrouped;
  /** `NCCL INFO Using network IB|Socket|AWS Libfabric|…` and `NET/…` lines. */
  network?: string;
  /** Channels `via NET/IB/0/GDRDMA` (GPUDirect RDMA), `via NET/IB/0` (host-staged), `via NET/Socket/0`. */
  via: { gdrdma: number; staged: number; socket: number; p2p: number };
  /** The network devices (`NET/<name>/<dev>`) the channel lines name: how many NICs of a node were seen in use. */
  netDevs: Set<number>;
  /**
   * What NCCL's older lines showed: `IB`/`OFI` picked, `Socket` picked, `no-IB` (no device or no libibverbs),
   * `OFI-socket` (the libfabric plugin picked a sockets provider: tcp, sockets, udp), `IB-off-typed` (the typed
   * command set NCCL_IB_DISABLE=1 and named no network plugin).
   */
  netSeen: Set<string>;
  /** The provider the libfabric plugin (aws-ofi-nccl) says it selected, as printed (`efa`, `tcp;ofi_rxm`). */
  ofiProvider?: string;
  /** HCAs NCCL says it cannot use GPUDirect RDMA on. */
  gdrDisabled: string[];
  /**
   * NCCL WARN lines. `carriedOn`: NCCL went on after it (a later line of the same process, or the test's own
   * banner, rank lines or rows) with no error returned up its call chain (`… -> N`): a warning, not a failed run.
   */
  warnings: { line: number; text: string; carriedOn?: boolean }[];
  errors: { line: number; text: string }[];
  /** Result rows with fewer cells than the header names (a paste cut inside the row): not read as results. */
  cutRows?: number;
  /** An author's elision next to a rank line shown (or any, with none shown): ranks (and hosts) may be left out. */
  ranksElided?: Elision;
}

/** A script's bare label for hypercube_perf's section (`Hypercube`, `=== hypercube_perf ===`). */
const HYPERCUBE_LABEL = /^[=#*\-\s]*hyper[\s_-]?cube(?:_perf)?[=*\-\s]*$/i;

/** NCCL_IB_DISABLE=1 on the typed line; a network plugin named there (NCCL_NET[_PLUGIN], FI_PROVIDER) is not IB. */
const IB_DISABLED = /\bNCCL_IB_DISABLE(?:=|\s+)(?:1|true|yes)\b/i;
const NET_PLUGIN = /\b(?:NCCL_NET|NCCL_NET_PLUGIN|FI_PROVIDER)=/;

/** libfabric's sockets providers (prov/tcp, prov/sockets, prov/udp), first in a `core;utility` provider name. */
const OFI_SOCKET_CORE = /^(?:tcp|sockets|udp)(?:;|$)/;

const TOOL = 'nccl-tests';
const FIX = 'pass the output of all_reduce_perf (or another nccl-tests binary), whole';

export function parseNcclTests(text: string): NcclTestsResult {
  // The launcher's labels are read after the page's marks (cleanLines), then rows NCCL's log split are joined.
  const lines = joinSplitRows(dataLines(text).map((l) => ({ ...l, text: unlabel(l.text) })));
  const r: NcclTestsResult = {
    rows: [],
    ranks: [],
    via: { gdrdma: 0, staged: 0, socket: 0, p2p: 0 },
    netDevs: new Set(),
    netSeen: new Set(),
    gdrDisabled: [],
    warnings: [],
    errors: [],
  };
  let header = false;
  // Before the NCCL 2.13 resync (nccl-tests 51af557) the fourth column of each placement was
  // `error`: the maximum deviation (`%5.0le`), not a count; the count of values out of tolerance
  // is only in `# Out of bounds values`.
  let fourth: Fourth = 'unknown';
  // The header's column count: a row with fewer cells stops inside itself (principle 1: a paste
  // cut mid-line); its last cells are not there, so the ones that are would be read in the wrong
  // columns (a cut `0.` taken for #wrong).
  let columns: number | undefined;
  let redop = false;
  // A header the poster cut down (nccl-tests-rows.ts cutHeader): its rows are read by the names it keeps.
  let names: string[] | undefined;
  const rankLines: number[] = [];
  // The test each `# nThread … nGpus …` section runs, where the paste names it: the command typed before it,
  // or a bare `Hypercube` label a script echoed (the other tests' own checks are sound, so only this one is
  // told apart). `section`: that section's hypercube-under-`-g`>1 record, while its lines are read.
  let named: string | undefined;
  let section: HypercubeGrouped | undefined;
  let recognised = false;
  let first: { no: number; text: string } | undefined;
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '') continue;
    // nccl-tests prints its own `#` lines; a bare `#` counts as a prompt only before a command.
    const prompt = promptCommand(line.text);
    const typed =
      prompt !== undefined && (!/^\s*#/.test(line.text) || /(?:_perf|mpirun|srun)\b/.test(prompt))
        ? prompt
        : undefined;
    const prog = /(?:^|[\s/])(\w+_perf)(?:_mpi)?\b/.exec(typed ?? '');
    if (typed !== undefined) {
      // NCCL_IB_DISABLE=1 on the launch line turns NCCL's IB/RoCE transport off: with no plugin, NCCL uses sockets.
      if (IB_DISABLED.test(typed) && !NET_PLUGIN.test(typed)) r.netSeen.add('IB-off-typed');
      if (prog) {
        r.test ??= prog[1];
        named = prog[1];
      }
      continue;
    }
    if (HYPERCUBE_LABEL.test(t)) {
      named = 'hypercube_perf';
      continue;
    }
    first ??= { no: line.no, text: t };
    if (nccl(r, line.no, t)) {
      recognised = true;
      continue;
    }
    // A poster (or a markdown renderer) may strip nccl-tests' leading `#`: the line is the same. The host is
    // whatever stands between `on` and `device N [`: an author who hides it may write a placeholder with spaces
    // (`on NODE A device 0`), one host for all the ranks that name it (principle 1).
    // A poster may also drop the `[bus id]` after the device number: the GPU's name follows it.
    const rank =
      /^#?\s*Rank\s+(\d+)(?:\s+Group\s+\d+)?\s+Pid\s+\d+\s+on\s+(\S+(?:\s+\S+)*?)\s+device\s+(\d+)(?:\s+\[[^\]]*\])?\s+(.+)$/.exec(
        t,
      );
    if (rank) {
      rankLines.push(line.no);
      r.ranks.push({
        rank: Number(rank[1]),
        host: (rank[2] as string).replace(/\s+/g, ' '),
        device: Number(rank[3]),
        gpu: (rank[4] as string).trim(),
      });
      recognised = true;
      continue;
    }
    if (/^#?\s*size\s+count\s+type\b/.test(t) || cutHeader(t) || /^#?\s*nThread \d+ nGpus \d+/.test(t)) {
      const gpus = /nGpus (\d+)/.exec(t);
      if (gpus) {
        section = named === 'hypercube_perf' && Number(gpus[1]) > 1 ? { nGpus: Number(gpus[1]) } : undefined;
        if (section) r.hypercubeGrouped = section;
        named = undefined;
      }
      header ||= /size/.test(t);
      if (/size/.test(t)) {
        fourth = /#wrong/.test(t) ? 'wrong' : /\berror\b/.test(t) ? 'error' : fourth;
        columns = t.replace(/^#/, '').trim().split(/\s+/).length;
        redop = /\bredop\b/.test(t);
        names = cutHeader(t);
      }
      recognised = true;
      continue;
    }
    const oob = /^#\s*Out of bounds values\s*:\s*(\d+)/.exec(t);
    if (oob) {
      if (section) section.outOfBounds = { count: Number(oob[1]), line: line.no };
      else r.outOfBounds = { count: Number(oob[1]), line: line.no };
      recognised = true;
      continue;
    }
    const avg = /^#\s*Avg bus bandwidth\s*:\s*([\d.eE+-]+)/.exec(t);
    if (avg) {
      r.avgBusbw = parseNumber(avg[1]);
      recognised = true;
      continue;
    }
    const concluded = /^#\s*Collective test concluded:\s*(\S+)/.exec(t);
    if (concluded) {
      r.test ??= concluded[1];
      continue;
    }
    // common.h prints `<host>: Test CUDA failure`, `<host>: Test NCCL failure` and ` .. <host> pid N: Test failure`
    // (src/common.h:34, 47, 61, 86 at a0b82b2): the hostname before the colon, the quoted message often cut.
    if (/(?:^|:\s+)Test (?:NCCL |CUDA )?failure\b/.test(t) || /\bNCCL failure\b.*'/.test(t)) {
      r.errors.push({ line: line.no, text: t });
      recognised = true;
      continue;
    }
    if (
      columns !== undefined &&
      /^\d+\s+\d+\s+[a-z]\w*\b/i.test(t) &&
      t.split(/\s+/).length < rowColumns(t, columns, redop)
    ) {
      r.cutRows = (r.cutRows ?? 0) + 1;
      continue;
    }
    // A row needs the header before it, unless the poster pasted the rows alone: then its type
    // cell must be one of nccl-tests' own type names (principle 1: a section without its header).
    const row = (names ? rowByNames(t, names) : undefined) ?? rowOf(t, fourth);
    if (row && (header || HEADERLESS_TYPE.test(row.type))) {
      r.rows.push(section ? { ...row, hypercubeGrouped: true } : row);
      recognised ||= !header;
    }
  }
  for (const w of r.warnings) w.carriedOn = carriedOn(lines, w.line);
  if (!recognised) {
    if (!first) throw new ParseError(TOOL, 'the input is empty', { fix: FIX });
    throw new ParseError(TOOL, 'no nccl-tests header, rank line, result row or NCCL line found', {
      line: first.no,
      text: first.text,
      fix: FIX,
    });
  }
  // An author's `...` beside a rank line (or any, with none shown): ranks past it, on other hosts, may be left out.
  const elided = rankLines.length ? elisionBeside(lines, elisionsOf(text), rankLines) : elisionsOf(text)[0];
  if (elided) r.ranksElided = elided;
  return r;
}

/** The pid in NCCL's `host:pid:tid [dev] NCCL …` prefix (a WARN puts its `file.cc:line` before `NCCL`). */
const pidOf = (t: string) => /:(\d+):\d+ \[\d+\] (?:\S+ )?NCCL (?:INFO|WARN)\b/.exec(t)?.[1];

/**
 * Whether NCCL went on after the WARN on line `no` (principle 5: a WARN's consequence is what NCCL did
 * next). NCCL returns an error up its call chain with `NCCL INFO <file>:<line> -> <code>` (src/include/checks.h
 * NCCLCHECK/`INFO(NCCL_ALL,"%s:%d -> %d", …)`): such a line of the same process after the WARN means the
 * call failed. A later line of that process that is not such a return, or the test's own banner, rank
 * lines or rows, means it carried on (NCCL's ibvwrap falling back to sockets, a profiler that did not
 * register). A WARN with nothing after it is not known to have been survived.
 */
function carriedOn(lines: readonly { no: number; text: string }[], no: number): boolean {
  const at = lines.find((l) => l.no === no);
  const pid = at ? pidOf(at.text) : undefined;
  let after = false;
  for (const l of lines) {
    if (l.no <= no || l.text.trim() === '') continue;
    const other = pidOf(l.text);
    if (/\bNCCL INFO \S+:\d+ -> [1-9]\d*\b/.test(l.text)) {
      if (other === undefined || pid === undefined || other === pid) return false;
      continue;
    }
    if (other === undefined ? !/\bNCCL (?:INFO|WARN)\b/.test(l.text) : pid === undefined || other === pid)
      after = true;
  }
  return after;
}

/**
 * A connection line (transport/net.cc, p2p.cc, shm.cc): `Channel 00/0 : 1[1] -> 9[1] [send] via NET/IB/1/GDRDMA`
 * (before 2.7: `Ring 00 : 3 -> 4 [send] via NET/IB/0`), or its tail `9[1a000] -> 2[6b000] [receive] via NET/IB/1` when the poster dropped the `host:pid:tid [dev]
 * NCCL INFO` prefix (principle 1: the message is NCCL's whatever was cut before it).
 */
const CONNECTION =
  /^(?:(?:Channel|Ring) \d+(?:\/\d+)? : )?\d+(?:\[[0-9a-f]+\])? -> \d+(?:\[[0-9a-f]+\])?(?: \[(?:send|receive)\])? via \S/i;

/**
 * NET/<name>/<dev>: `[send] via NET/%s/%d%s%s%s` with the network's name (which may hold a space: the
 * aws-ofi-nccl plugin is `AWS Libfabric`), the device, `/GDRDMA` when GPUDirect RDMA is used, `(PCI)`,
 * `/Shared`; through a PXN proxy `NET/%s/%d(%d)…` (NVIDIA/nccl src/transport/net.cc, sendSetup/recvSetup).
 */
const VIA =
  /\bvia (?:NET\/(.+?)\/(\d+)(?:\(\d+\))?(\/GDRDMA)?(?:\(PCI\))?(?:\/Shared)?(?=\s|$)|(?:P2P|SHM)\/\S+)/g;

/** NCCL's own log lines (`host:pid:tid [dev] NCCL INFO …`), or a connection line without that prefix. True when the line was one. */
function nccl(r: NcclTestsResult, no: number, t: string): boolean {
  const m = /\bNCCL (INFO|WARN)\s+(.*)$/.exec(t) ?? (CONNECTION.test(t) ? [t, 'INFO', t] : undefined);
  if (!m) return false;
  const msg = m[2] as string;
  if (m[1] === 'WARN') {
    r.warnings.push({ line: no, text: msg });
    // NCCL without libibverbs (misc/ibvwrap.cc) cannot use IB or RoCE at all.
    if (/Failed to open libibverbs/.test(msg)) r.netSeen.add('no-IB');
    return true;
  }
  const using = /^Using network (.+)$/.exec(msg);
  if (using) r.network = (using[1] as string).trim();
  // NCCL before 2.12 names its pick only as `NET/IB : Using [0]mlx5_0:1/IB …`, `NET/Socket : Using [0]eth0…`
  // or `NET/OFI Selected Provider is efa`; `NET/IB : No device found.` means IB is out.
  if (/^NET\/IB : Using \[/.test(msg)) r.netSeen.add('IB');
  // aws-ofi-nccl names its libfabric provider: a core provider (efa, verbs, cxi, psm3 …) under optional utility
  // ones (`verbs;ofi_rxm`); a sockets core (tcp, sockets, udp) means the plugin runs over TCP/UDP, not RDMA.
  const ofi = /^NET\/OFI Selected Provider is ([^\s,(]+)/.exec(msg);
  if (ofi) {
    r.ofiProvider = ofi[1] as string;
    r.netSeen.add(OFI_SOCKET_CORE.test(r.ofiProvider) ? 'OFI-socket' : 'OFI');
  }
  if (/^NET\/Socket : Using \[/.test(msg)) r.netSeen.add('Socket');
  if (/^NET\/IB : No device found/.test(msg)) r.netSeen.add('no-IB');
  // NCCL's own verdict on GPUDirect RDMA per HCA (transport/net_ib.cc: "GPU Direct RDMA Disabled for HCA %d '%s'").
  const off = /^NET\/(?:IB|UCX) : GPU Direct RDMA Disabled for HCA \d+ '([^']+)'/.exec(msg);
  if (off) r.gdrDisabled.push(off[1] as string);
  for (const v of msg.matchAll(VIA)) {
    const [, name, dev, gdr] = v;
    if (name === undefined) r.via.p2p++;
    else if (name === 'Socket') r.via.socket++;
    else if (gdr) r.via.gdrdma++;
    else r.via.staged++;
    if (name !== undefined && name !== 'Socket') r.netDevs.add(Number(dev));
  }
  return true;
}
