import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import { collapseAfterPeak, collapseText, fmtGBps, judgeBandwidth, LARGE_BLOCK } from '../judge/bandwidth.js';
import {
  ABSOLUTE_CROSS_NODE_CEILING_GBPS,
  ABSOLUTE_INTRA_NODE_CEILING_GBPS,
  expectationFor,
  UNKNOWN_CROSS_NODE_FLOOR_GBPS,
} from '../judge/expectations.js';
import type { NcclRow, NcclTestsResult } from '../parsers/nccl-tests.js';
import { oneProcessRanks } from './nccl-launch.js';
import type { TransferOptions } from './transfer.js';

/**
 * nccl-tests: busbw is the figure to hold against the hardware (nccl-tests doc/PERFORMANCE.md:
 * "The bus bandwidth should reflect the speed of the hardware bottleneck: NVLink, PCI, QPI, or
 * network"). Across nodes a ring's network hops carry 2(n-1)/n of the data over the node's NICs
 * in parallel, so busbw approaches the node's NICs added up: --line-rate × --rails (8 × 400 Gb/s
 * = 400 GB/s on an 8-rail NDR node). Inside one node it is NVLink's or PCIe's figure, not the
 * fabric's, so it is reported, not judged. Wrong values (#wrong, "Out of bounds values") are data
 * corruption: a failure whatever the bandwidth.
 */
export const NCCL_LARGE_BYTES = 1 << 26;

const bwOf = (x: NcclRow) => Math.max(x.busbw, x.busbwInPlace ?? 0);

export function classifyNcclTests(r: NcclTestsResult, opts: TransferOptions): Check[] {
  const test = r.test ?? 'nccl-tests';
  // nccl-tests prints its rank lines from rank 0 (common.cu); a paste whose first rank line is rank N > 0 is
  // cut before it: at least N+1 ranks ran, on hosts not all shown (principle 2).
  const shownHosts = [...new Set(r.ranks.map((x) => x.host))];
  const ranksCut = r.ranks.length > 0 && Math.min(...r.ranks.map((x) => x.rank)) > 0;
  // An author's `...` beside the rank lines says the same: ranks past it are left out.
  const shown = (ranksCut || r.ranksElided) && shownHosts.length === 1 ? [] : shownHosts;
  // No rank line shown: the command typed before the run may still say it was one process, on one node.
  const oneProcess = r.ranks.length === 0 ? oneProcessRanks(opts.commands) : undefined;
  const hosts = oneProcess !== undefined ? ['the host the command ran on'] : shown;
  const checks: Check[] = [runCheck(r, test)];
  if (r.rows.length > 0) checks.push(busbw(r, test, hosts, opts, oneProcess ?? r.ranks.length));
  const t = transport(r, hosts);
  if (t) checks.push(t);
  return checks;
}

function runCheck(r: NcclTestsResult, test: string): Check {
  // hypercube_perf under -g > 1 breaks its own check (parsers/nccl-tests.ts HypercubeGrouped): its wrong
  // values are the test's, not corruption on the path, and are told apart, not failed (principle 5).
  const wrong = r.rows.filter((x) => (x.wrong ?? 0) > 0 && !x.hypercubeGrouped);
  if (wrong.length > 0 || (r.outOfBounds?.count ?? 0) > 0)
    return check(
      'nccl.run',
      'fail',
      `${test}: wrong results (${wrong.length ? `#wrong > 0 at ${plural(wrong.length, 'size')}, first ${wrong[0]?.bytes} B` : `${r.outOfBounds?.count} out-of-bounds values, line ${r.outOfBounds?.line}`}): data was corrupted on the way`,
      {
        fix: 'a corrupting path (GPU, NVLink, NIC, PCIe/ATS/ACS): run the test per node and per rail to isolate it, and check dmesg for Xid and PCIe AER errors',
      },
    );
  // A WARN NCCL carried on after is a warning, not the failure of the run (principle 5).
  const err = r.errors[0] ?? (r.rows.length === 0 ? r.warnings.find((w) => !w.carriedOn) : undefined);
  if (r.rows.length === 0) {
    if (err)
      return check('nccl.run', 'fail', `${test} failed: line ${err.line}: ${err.text}`, {
        fix: 'rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET and read the first NCCL WARN: it names the device or network that failed',
      });
    return check(
      'nccl.run',
      'skipped',
      `${test}: no result row (the output was cut, or the run never got past init)${carried(r)}`,
      {
        fix: 'paste the whole output, from the "# nThread" line to "# Avg bus bandwidth"',
      },
    );
  }
  // `Test NCCL failure` / `Test failure` (common.cu's NCCLCHECK/TESTCHECK) ends the run: the rows printed
  // before it do not make it a success (principle 4).
  if (r.errors.length > 0)
    return check(
      'nccl.run',
      'fail',
      `${test}: the run aborted after ${plural(r.rows.length, 'row')}: line ${r.errors[0]?.line}: ${r.errors[0]?.text}`,
      {
        fix: 'rerun with NCCL_DEBUG=INFO and read the first NCCL WARN before the failure: it names the device, rank or allocation that failed',
      },
    );
  return check(
    'nccl.run',
    'ok',
    `${test}: ${r.rows.length} size(s)${r.avgBusbw !== undefined ? `, avg bus bandwidth ${r.avgBusbw} GB/s` : ''}${r.outOfBounds ? ', no out-of-bounds values' : ''}${r.cutRows ? `; ${plural(r.cutRows, 'row')} cut inside (fewer cells than the header), not read` : ''}${hypercubeNote(r)}`,
  );
}

/** What the hypercube_perf section run with -g > 1 counted wrong, said as the test's own fault. */
function hypercubeNote(r: NcclTestsResult): string {
  const h = r.hypercubeGrouped;
  if (!h) return '';
  const wrong = r.rows.filter((x) => x.hypercubeGrouped && (x.wrong ?? 0) > 0).length;
  const oob = h.outOfBounds?.count ?? 0;
  if (wrong === 0 && oob === 0) return '';
  return `; hypercube_perf with ${h.nGpus} GPUs per thread counted wrong values (${wrong ? `#wrong > 0 at ${plural(wrong, 'size')}` : `${oob} out-of-bounds values`}${h.outOfBounds ? `, line ${h.outOfBounds.line}` : ''}): not read as corruption, since nccl-tests groups all of a thread's GPUs in one ncclGroup, which merges the hypercube's dependent steps (NVIDIA/nccl-tests#190, #356); run it with one GPU per process (-g 1) to check the path`;
}

function busbw(
  r: NcclTestsResult,
  test: string,
  hosts: readonly string[],
  opts: TransferOptions,
  ranks: number,
): Check {
  const large = r.rows.filter((x) => x.bytes >= NCCL_LARGE_BYTES);
  // A collapse at the large sizes is judged by its slowest size, not by the best row before it.
  const fall = collapseAfterPeak(r.rows, (x) => x.bytes, bwOf, NCCL_LARGE_BYTES, LARGE_BLOCK);
  const best = fall?.low ?? (large.length ? large : r.rows).reduce((a, b) => (bwOf(b) > bwOf(a) ? b : a));
  const peak = bwOf(best);
  const at = `${fmtGBps(peak)} GB/s busbw at ${best.bytes} B`;
  const gpu = r.ranks[0]?.gpu;
  const data = { busbw: peak, bytes: best.bytes };
  // One rank moves nothing between GPUs: its busbw is 0 (alltoall) or a local copy, whatever the link. With the
  // rank lines not shown, the rows still say it: busbw is algbw times a factor of the rank count n (2(n-1)/n for
  // all_reduce, (n-1)/n for all_gather, reduce_scatter and alltoall, 1 for the rest: doc/PERFORMANCE.md), zero
  // only when n is 1 (at least 1/2 for any other n), so busbw 0.00 at every size while algbw reaches 0.1 GB/s is
  // one rank.
  const oneRank =
    r.ranks.length === 0 &&
    r.rows.every((x) => x.busbw === 0 && (x.busbwInPlace ?? 0) === 0) &&
    r.rows.some((x) => x.algbw >= 0.1);
  if (oneRank && opts.lineRateGbps === undefined && opts.minGBps === undefined)
    return check(
      'nccl.busbw',
      'skipped',
      `${test}: busbw 0 at every size beside algbw up to ${fmtGBps(Math.max(...r.rows.map((x) => x.algbw)))} GB/s: one rank (busbw is algbw times a factor of the rank count that is 0 only for one rank; the rank lines are not shown), so nothing crosses NVLink, PCIe or the fabric`,
      {
        fix: 'run one rank per GPU (-g <GPUs>, or mpirun -np <ranks> across the nodes) on the GPUs the KV cache moves between',
        data,
      },
    );
  if (
    r.ranks.length === 1 &&
    r.ranks[0]?.rank === 0 &&
    opts.lineRateGbps === undefined &&
    opts.minGBps === undefined
  )
    return check(
      'nccl.busbw',
      'skipped',
      `${test}: one rank (${r.ranks[0]?.gpu ?? 'one GPU'} on ${r.ranks[0]?.host ?? 'one host'}): nothing crosses NVLink, PCIe or the fabric, so ${at} measures no transfer between GPUs`,
      {
        fix: 'run one rank per GPU (-g <GPUs>, or mpirun -np <ranks> across the nodes) on the GPUs the KV cache moves between',
        data,
      },
    );
  // Rows that stop before the bandwidth-bound sizes show no bandwidth, on one node or many.
  if (large.length === 0 && opts.minGBps === undefined)
    return check(
      'nccl.busbw',
      'skipped',
      `${test}: ${at}, but no size of 64 MiB or more: latency-bound, not judged`,
      {
        fix: 'run with -e 8G (or at least -e 256M) so large sizes show the bandwidth',
        data,
      },
    );
  // Inside one node busbw is NVLink/PCIe, not the fabric, and is reported unjudged; but under the floor of any
  // working RDMA link (5 GB/s) at the bandwidth-bound sizes, KV between these GPUs would move slower than it does
  // between nodes (PCIe without peer access, a link trained down, copies staged through host memory): principle 5.
  if (
    hosts.length === 1 &&
    !fall &&
    peak < UNKNOWN_CROSS_NODE_FLOOR_GBPS &&
    opts.lineRateGbps === undefined &&
    opts.minGBps === undefined
  )
    return check(
      'nccl.busbw',
      'fail',
      `${test}: ${at} on one node (${plural(ranks, 'rank')}${gpu ? `, ${gpu}` : ''}): under the ${UNKNOWN_CROSS_NODE_FLOOR_GBPS} GB/s floor of any working RDMA link, so KV between these GPUs would move slower than between nodes`,
      {
        fix: "check `nvidia-smi topo -p2p r` (peer access), `nvidia-smi topo -m` and each GPU's PCIe link (`nvidia-smi -q -d PCIE`); with NCCL_DEBUG=INFO see whether P2P, SHM or NET carries the traffic",
        data,
      },
    );
  if (hosts.length === 1 && opts.lineRateGbps === undefined && opts.minGBps === undefined)
    return check(
      'nccl.busbw',
      fall ? 'warn' : 'skipped',
      `${test}: ${fall ? `busbw ${collapseText(bwOf(fall.peak), fall.peak.bytes, peak, best.bytes)}; ` : ''}${at} on one node (${plural(ranks, 'rank')}${gpu ? `, ${gpu}` : ''}): NVLink/PCIe inside the node, not the fabric; reported, not judged`,
      fall ? { fix: FALL_FIX, data } : { matters: false, data },
    );
  // The node's NICs share busbw: each carries busbw / rails, held against one port's line rate.
  const rails = opts.lineRateGbps !== undefined ? (opts.rails ?? 1) : 1;
  const link =
    hosts.length > 1 || opts.lineRateGbps !== undefined
      ? 'cross-node'
      : hosts.length === 1
        ? 'intra-node'
        : 'unknown';
  // With no line rate, the ceiling is what the capture shows (aggregateCeiling), not one link's.
  const ceiling = opts.lineRateGbps === undefined ? aggregateCeiling(r, hosts) : undefined;
  const expected = expectationFor({
    mode: opts.lineRateGbps !== undefined ? 'cross-node' : link,
    minBandwidth: opts.minGBps === undefined ? undefined : opts.minGBps / rails,
    lineRateGbps: opts.lineRateGbps,
    rails: 1,
  });
  // The size is named before the figure (below), so the judge's words leave it out (no blockSize); a collapse
  // is the judge's to name and to hold at a warning at least (`fell`), per NIC as the figure is.
  const v = judgeBandwidth({
    gbps: peak / rails,
    expected: ceiling ? { ...expected, ceilingGBps: ceiling.gbps } : expected,
    link,
    userFloor: opts.minGBps !== undefined,
    ceiling,
    ...(fall
      ? { fell: { fromGBps: bwOf(fall.peak) / rails, fromBytes: fall.peak.bytes, toBytes: best.bytes } }
      : {}),
  });
  const where =
    hosts.length > 1 ? `${hosts.length} nodes` : hosts.length === 1 ? 'one node' : 'nodes not shown';
  // A tree all-reduce sends each node's data once (algbw, not busbw, over the NICs) and in-network
  // reduction (SHARP, NVLS) less still: busbw above the NICs' sum is not a fault.
  const above = !fall && v.status === 'warn' && /above what the link can carry/.test(v.detail);
  const status = above ? 'ok' : v.status;
  const detail = above
    ? v.detail.replace(
        /: a loopback or measurement error, not a pass$/,
        ': a tree or in-network (SHARP/NVLS) all-reduce reaches that, its network carries less than busbw',
      )
    : v.detail;
  const fix =
    fall !== undefined
      ? FALL_FIX
      : status === 'fail' || status === 'warn'
        ? opts.lineRateGbps === undefined && opts.minGBps === undefined
          ? 'pass --line-rate <Gb/s> --rails <NICs per node> to judge busbw against the node’s NICs'
          : 'check NCCL_DEBUG=INFO for "via NET/IB/…/GDRDMA" on every channel, NCCL_IB_HCA, and that every rail is up (interconnect-test node)'
        : undefined;
  const share = rails > 1 ? `busbw ${fmtGBps(peak)} GB/s over ${rails} NICs: per NIC ` : 'busbw ';
  return check('nccl.busbw', status, `${test} (${where}, ${best.bytes} B): ${share}${detail}`, {
    ...(fix ? { fix } : {}),
    // atBlockSize where the judge puts it when it is given the size (after judgedGBps).
    data: {
      judgedGBps: v.data.judgedGBps,
      atBlockSize: best.bytes,
      ...v.data,
      busbw: peak,
      bytes: best.bytes,
      hosts: hosts.length,
    },
  });
}

const FALL_FIX =
  'rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET,TUNING and compare the sizes either side of the fall: the protocol, algorithm or path (via NET/IB/GDRDMA or staged, P2P or SHM) that changes there is the slow one';

/**
 * The most busbw a capture can show, from what it shows (no line rate given). busbw is each rank's own
 * rate (doc/PERFORMANCE.md: algbw × 2(n-1)/n for all-reduce), so no GPU link carries more than the
 * 1000 GB/s GPU ceiling. Across nodes it is bounded by what a node's NICs carry together (a ring sends
 * busbw over them, a tree algbw), and no GPU drives more than one network link's ceiling (250 GB/s, two
 * 800G rails and margin): so with g ranks per node, g × 250 GB/s. Nodes not shown: the GPU ceiling (one
 * NVSwitch node reaches several hundred GB/s).
 */
function aggregateCeiling(
  r: NcclTestsResult,
  hosts: readonly string[],
): { gbps: number; what: string } | undefined {
  if (hosts.length < 2) return undefined;
  // nccl-tests prints one line per rank, 0 to N-1 (common.cu): numbers that skip (an author's `...`
  // between rank 1 and rank 126) mean ranks are not shown, so neither are the GPUs per node (principle 2).
  const numbers = new Set(r.ranks.map((x) => x.rank));
  if (numbers.size !== Math.max(...numbers) + 1)
    return {
      gbps: ABSOLUTE_INTRA_NODE_CEILING_GBPS,
      what: 'any GPU link (busbw is each rank’s own rate; ranks are missing from the rank list, so the GPUs per node are not shown)',
    };
  const perNode = Math.max(...hosts.map((h) => r.ranks.filter((x) => x.host === h).length));
  const gbps = perNode * ABSOLUTE_CROSS_NODE_CEILING_GBPS;
  if (gbps >= ABSOLUTE_INTRA_NODE_CEILING_GBPS)
    return { gbps: ABSOLUTE_INTRA_NODE_CEILING_GBPS, what: 'any GPU link (busbw is each rank’s own rate)' };
  return {
    gbps,
    what: `what ${plural(perNode, 'GPU')} per node can send over any network at ${ABSOLUTE_CROSS_NODE_CEILING_GBPS} GB/s each`,
  };
}

function transport(r: NcclTestsResult, hosts: readonly string[]): Check | undefined {
  // Hosts unknown because of the author's `...` beside the rank lines: that the run spans nodes is not shown either.
  const multi = hosts.length > 1 || (hosts.length === 0 && !r.ranksElided);
  // The libfabric plugin on a sockets provider names its channels `via NET/<plugin>` like an RDMA one: not RDMA.
  const ofiSocket = r.netSeen.has('OFI-socket') && !r.netSeen.has('OFI') && !r.netSeen.has('IB');
  const rdmaSeen =
    !ofiSocket && (r.netSeen.has('IB') || r.netSeen.has('OFI') || r.via.gdrdma + r.via.staged > 0);
  const noRdma =
    (r.netSeen.has('no-IB') || r.netSeen.has('IB-off-typed')) &&
    !rdmaSeen &&
    !/IB|Libfabric|OFI/i.test(r.network ?? '');
  if (r.network === undefined && r.via.gdrdma + r.via.staged + r.via.socket === 0 && r.netSeen.size === 0)
    return undefined;
  if (
    /^Socket$/i.test(r.network ?? '') ||
    (r.via.socket > 0 && !rdmaSeen) ||
    (r.network === undefined && r.netSeen.has('Socket') && !rdmaSeen) ||
    noRdma ||
    ofiSocket
  ) {
    return check(
      'nccl.transport',
      multi ? 'fail' : 'warn',
      ofiSocket
        ? `NCCL's libfabric plugin selected the \`${r.ofiProvider}\` provider: TCP sockets, no RDMA between the nodes`
        : r.netSeen.has('IB-off-typed') && !r.netSeen.has('no-IB')
          ? 'the command sets NCCL_IB_DISABLE=1: NCCL runs over TCP sockets, no RDMA between the nodes'
          : 'NCCL used TCP sockets (`Using network Socket` / `via NET/Socket`): no RDMA between the nodes',
      {
        fix: r.netSeen.has('IB-off-typed')
          ? 'drop NCCL_IB_DISABLE=1 (its default is 0) so NCCL uses the IB/RoCE devices between the nodes'
          : ofiSocket
            ? 'libfabric found no RDMA provider (efa, verbs): check the EFA device is in the pod (vpc.amazonaws.com/efa, /dev/infiniband), that `fi_info -p efa` lists it, and set FI_PROVIDER=efa so a missing device fails instead of falling back'
            : 'NCCL found no IB/RoCE/EFA device: check /dev/infiniband in the pod, NCCL_IB_HCA, NCCL_NET and, on EFA, the aws-ofi-nccl plugin (NCCL_NET_PLUGIN)',
      },
    );
  }
  if (r.gdrDisabled.length > 0 && r.via.gdrdma === 0)
    return check(
      'nccl.transport',
      'warn',
      `NCCL says "GPU Direct RDMA Disabled" for ${r.gdrDisabled.join(', ')}: network transfers are staged through host memory`,
      {
        fix: 'load nvidia_peermem (or use DMA-BUF with open GPU kernel modules) and check /sys/kernel/mm/memory_peers; NCCL_NET_GDR_LEVEL must allow the GPU–NIC distance',
      },
    );
  if (r.via.staged > 0)
    return check(
      'nccl.transport',
      'warn',
      `${r.via.staged} channel(s) via NET without GDRDMA: network transfers staged through host memory (no GPUDirect RDMA)${r.via.gdrdma ? `; ${r.via.gdrdma} with GDRDMA` : ''}`,
      {
        fix: 'load nvidia_peermem (or use DMA-BUF), keep GPU and NIC under one PCIe switch, and check NCCL_NET_GDR_LEVEL',
      },
    );
  return check(
    'nccl.transport',
    'ok',
    `${r.network ? `network ${r.network}` : 'network'}${r.via.gdrdma ? `, ${r.via.gdrdma} channel(s) via GPUDirect RDMA (GDRDMA)` : ''}`,
  );
}

/** The first NCCL WARN the run carried on after, as a note to a result that is not shown. */
function carried(r: NcclTestsResult): string {
  const w = r.warnings.find((x) => x.carriedOn);
  return w ? `; NCCL warned (line ${w.line}: ${w.text}) and carried on` : '';
}
