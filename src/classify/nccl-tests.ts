import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import { fmtGBps, judgeBandwidth } from '../judge/bandwidth.js';
import { expectationFor } from '../judge/expectations.js';
import type { NcclRow, NcclTestsResult } from '../parsers/nccl-tests.js';
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

export function classifyNcclTests(r: NcclTestsResult, opts: TransferOptions): Check[] {
  const test = r.test ?? 'nccl-tests';
  const hosts = [...new Set(r.ranks.map((x) => x.host))];
  const checks: Check[] = [runCheck(r, test)];
  if (r.rows.length > 0) checks.push(busbw(r, test, hosts, opts));
  const t = transport(r, hosts);
  if (t) checks.push(t);
  return checks;
}

function runCheck(r: NcclTestsResult, test: string): Check {
  const wrong = r.rows.filter((x) => (x.wrong ?? 0) > 0);
  if (wrong.length > 0 || (r.outOfBounds?.count ?? 0) > 0)
    return check(
      'nccl.run',
      'fail',
      `${test}: wrong results (${wrong.length ? `#wrong > 0 at ${plural(wrong.length, 'size')}, first ${wrong[0]?.bytes} B` : `${r.outOfBounds?.count} out-of-bounds values, line ${r.outOfBounds?.line}`}): data was corrupted on the way`,
      {
        fix: 'a corrupting path (GPU, NVLink, NIC, PCIe/ATS/ACS): run the test per node and per rail to isolate it, and check dmesg for Xid and PCIe AER errors',
      },
    );
  const err = r.errors[0] ?? (r.rows.length === 0 ? r.warnings[0] : undefined);
  if (r.rows.length === 0) {
    if (err)
      return check('nccl.run', 'fail', `${test} failed: line ${err.line}: ${err.text}`, {
        fix: 'rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET and read the first NCCL WARN: it names the device or network that failed',
      });
    return check(
      'nccl.run',
      'skipped',
      `${test}: no result row (the output was cut, or the run never got past init)`,
      {
        fix: 'paste the whole output, from the "# nThread" line to "# Avg bus bandwidth"',
      },
    );
  }
  if (r.errors.length > 0)
    return check(
      'nccl.run',
      'warn',
      `${test}: ${r.rows.length} row(s), but line ${r.errors[0]?.line}: ${r.errors[0]?.text}`,
    );
  return check(
    'nccl.run',
    'ok',
    `${test}: ${r.rows.length} size(s)${r.avgBusbw !== undefined ? `, avg bus bandwidth ${r.avgBusbw} GB/s` : ''}${r.outOfBounds ? ', no out-of-bounds values' : ''}`,
  );
}

function busbw(r: NcclTestsResult, test: string, hosts: readonly string[], opts: TransferOptions): Check {
  const large = r.rows.filter((x) => x.bytes >= NCCL_LARGE_BYTES);
  const best = (large.length ? large : r.rows).reduce((a: NcclRow, b: NcclRow) =>
    Math.max(b.busbw, b.busbwInPlace ?? 0) > Math.max(a.busbw, a.busbwInPlace ?? 0) ? b : a,
  );
  const peak = Math.max(best.busbw, best.busbwInPlace ?? 0);
  const at = `${fmtGBps(peak)} GB/s busbw at ${best.bytes} B`;
  const gpu = r.ranks[0]?.gpu;
  if (hosts.length === 1 && opts.lineRateGbps === undefined && opts.minGBps === undefined)
    return check(
      'nccl.busbw',
      'skipped',
      `${test}: ${at} on one node (${plural(r.ranks.length, 'rank')}${gpu ? `, ${gpu}` : ''}): NVLink/PCIe inside the node, not the fabric; reported, not judged`,
      { matters: false, data: { busbw: peak, bytes: best.bytes } },
    );
  if (large.length === 0 && opts.minGBps === undefined)
    return check(
      'nccl.busbw',
      'skipped',
      `${test}: ${at}, but no size of 64 MiB or more: latency-bound, not judged`,
      {
        fix: 'run with -e 8G (or at least -e 256M) so large sizes show the bandwidth',
        data: { busbw: peak, bytes: best.bytes },
      },
    );
  // The node's NICs share busbw: each carries busbw / rails, held against one port's line rate.
  const rails = opts.lineRateGbps !== undefined ? (opts.rails ?? 1) : 1;
  const v = judgeBandwidth({
    gbps: peak / rails,
    blockSize: best.bytes,
    expected: expectationFor({
      mode: 'cross-node',
      minBandwidth: opts.minGBps === undefined ? undefined : opts.minGBps / rails,
      lineRateGbps: opts.lineRateGbps,
      rails: 1,
    }),
    link: 'cross-node',
    userFloor: opts.minGBps !== undefined,
  });
  const where =
    hosts.length > 1 ? `${hosts.length} nodes` : hosts.length === 1 ? 'one node' : 'nodes not shown';
  // In-network reduction (SHARP, NVLS) can carry more than the NICs add up to: not a fault.
  let status = v.status === 'warn' && /above what the link can carry/.test(v.detail) ? 'ok' : v.status;
  // Above any one network link is no artefact when the paste does not show one link carried it (issue 38 P3):
  // with the nodes not shown it may be one NVSwitch node; with several GPUs per node, their NICs together.
  const perNode = hosts.length > 0 ? r.ranks.length / hosts.length : 0;
  const aggregate =
    status === 'fail' &&
    /above any network link/.test(v.detail) &&
    opts.lineRateGbps === undefined &&
    opts.minGBps === undefined &&
    (hosts.length === 0 || perNode > 1);
  if (aggregate) status = 'skipped';
  const fix =
    status === 'fail' || status === 'warn' || aggregate
      ? opts.lineRateGbps === undefined && opts.minGBps === undefined
        ? 'pass --line-rate <Gb/s> --rails <NICs per node> to judge busbw against the node’s NICs'
        : 'check NCCL_DEBUG=INFO for "via NET/IB/…/GDRDMA" on every channel, NCCL_IB_HCA, and that every rail is up (interconnect-test node)'
      : undefined;
  const share = rails > 1 ? `busbw ${fmtGBps(peak)} GB/s over ${rails} NICs: per NIC ` : 'busbw ';
  return check(
    'nccl.busbw',
    status,
    aggregate
      ? `${test} (${where}, ${best.bytes} B): busbw ${fmtGBps(peak)} GB/s is above any one network link, but ${hosts.length === 0 ? 'the paste shows neither the nodes nor the link (one node on NVLink gives this)' : `${Math.round(perNode)} GPUs per node share the node's NICs, whose number is not shown`}: not judged`
      : `${test} (${where}, ${best.bytes} B): ${share}${v.detail.replace(/ at \d+ \S+/, '')}`,
    {
      ...(fix ? { fix } : {}),
      data: { ...v.data, busbw: peak, bytes: best.bytes, hosts: hosts.length },
    },
  );
}

function transport(r: NcclTestsResult, hosts: readonly string[]): Check | undefined {
  const multi = hosts.length !== 1;
  const rdmaSeen = r.netSeen.has('IB') || r.netSeen.has('OFI') || r.via.gdrdma + r.via.staged > 0;
  const noRdma = r.netSeen.has('no-IB') && !rdmaSeen && !/IB|Libfabric|OFI/i.test(r.network ?? '');
  if (r.network === undefined && r.via.gdrdma + r.via.staged + r.via.socket === 0 && r.netSeen.size === 0)
    return undefined;
  if (
    /^Socket$/i.test(r.network ?? '') ||
    (r.via.socket > 0 && !rdmaSeen) ||
    (r.network === undefined && r.netSeen.has('Socket') && !rdmaSeen) ||
    noRdma
  ) {
    return check(
      'nccl.transport',
      multi ? 'fail' : 'warn',
      'NCCL used TCP sockets (`Using network Socket` / `via NET/Socket`): no RDMA between the nodes',
      {
        fix: 'NCCL found no IB/RoCE/EFA device: check /dev/infiniband in the pod, NCCL_IB_HCA, NCCL_NET and, on EFA, the aws-ofi-nccl plugin (NCCL_NET_PLUGIN)',
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
