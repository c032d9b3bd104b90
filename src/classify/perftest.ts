import { type Check, check } from '../core/model.js';
import { collapseAfterPeak, fmtGBps, judgeBandwidth } from '../judge/bandwidth.js';
import { expectationFor } from '../judge/expectations.js';
import { softwareByName } from '../parsers/ib-device.js';
import type { PerftestResult, PerftestRow } from '../parsers/perftest.js';
import type { TransferOptions } from './transfer.js';
import { LATENCY_BAND_US, RDMA_STREAMING_BYTES, SMALL_MESSAGE } from './transfer-latency.js';

/**
 * perftest (`ib_write_bw` …): verbs straight on the HCA, no UCX or NCCL in between, so it
 * answers "can these two NICs move data at line rate". A verbs write of 64 KiB (perftest's
 * default bandwidth size, DEF_SIZE_BW) already streams at line rate, so rows from 64 KiB up
 * are judged; smaller ones are message-rate rows. The bar is the one judge's
 * (judge/bandwidth.ts): with --line-rate/--rails, 70 % fails and 85 % warns; without,
 * the 5 GB/s cross-node floor and a warning that the link is not known.
 */
export const PERFTEST_STREAMING_BYTES = RDMA_STREAMING_BYTES;

const SOFT_NAME: Record<string, string> = {
  'soft-roce': 'a Soft-RoCE (rxe) device',
  'soft-iwarp': 'a SoftiWARP (siw) device',
  software: 'a software RDMA device',
};

export function classifyPerftest(r: PerftestResult, opts: TransferOptions): Check[] {
  const what = r.test ?? r.program ?? 'perftest';
  const checks: Check[] = [runCheck(r, what)];
  // The device line names a software RDMA driver (rxe, siw, pib): whatever it measures, it is the
  // CPU and the kernel moving the bytes, never an HCA (principle 3: the paste says which device).
  const soft = r.device ? softwareByName(r.device) : undefined;
  if (soft)
    checks.push(
      check(
        'verbs.device',
        'fail',
        `${what} ran on ${r.device}, ${SOFT_NAME[soft] ?? 'software RDMA'}: the CPU moves the bytes, not RDMA hardware`,
        {
          fix: 'run it on the HCA the KV transfer uses (-d mlx5_N, ib_devices lists them); software RDMA cannot carry KV cache at GPU speed',
        },
      ),
    );
  // raw_ethernet_bw/_lat post Ethernet frames on a raw-packet QP (`Connection type : RawEth`): they time the NIC's
  // packet path, not an RDMA read or write, so the RDMA path KV transfer uses is not shown (principle 3).
  if (r.connection === 'RawEth')
    checks.push(
      check(
        'verbs.transport',
        'skipped',
        `${what} sent raw Ethernet frames (Connection type RawEth, a raw-packet QP): no RDMA transport ran, so whether RDMA reads and writes work is not shown`,
        { fix: 'run ib_write_bw or ib_read_bw between the two hosts on the RDMA device KV transfer uses' },
      ),
    );
  // RoCE addresses the peer by GID (a GRH on every packet): a GID that prints as all zeros is an empty
  // table entry (no net device or address behind it in this namespace, e.g. a pod without its secondary
  // network), so the QP cannot reach RTR whatever else the paste shows (principle 5).
  const zeros = r.zeroGids ?? [];
  const zero = zeros[0];
  if (zero && r.linkType === 'Ethernet') {
    const end = zero.side ? `its ${zero.side} end` : 'one end';
    const more = zeros.length > 1 ? `, ${zeros.length} such lines` : '';
    checks.push(
      check(
        'verbs.gid',
        'fail',
        `${what} on a RoCE link printed an all-zero GID for ${end} (line ${zero.line}${more}): the GID table entry in use is empty, so the QP has no RoCE address to reach its peer with`,
        {
          fix: 'give the RDMA net device (in a pod, the secondary network on it) an IP address, then pick its RoCE v2 entry from `show_gids` and pass that index with -x on both sides',
        },
      ),
    );
  }
  if (r.rows.length === 0) return checks;
  if (r.kind === 'lat') checks.push(latency(r, what));
  else checks.push(bandwidth(r, what, opts));
  return checks;
}

function runCheck(r: PerftestResult, what: string): Check {
  const err = r.errors[0];
  if (r.rows.length === 0 && r.refused)
    // The test never started, so nothing about the NICs or GPU memory is shown: not a fabric fault.
    return check(
      'verbs.run',
      'skipped',
      `${what} refused its command line (line ${r.refused.line}: ${r.refused.reason ? `"${r.refused.reason}", ` : ''}${r.refused.text}): the test never started, nothing was measured`,
      {
        fix: 'correct the flags (`--help` lists them; `--use_cuda_dmabuf` needs `--use_cuda` before it) and run it again',
      },
    );
  if (r.rows.length === 0) {
    if (err) {
      return check('verbs.run', 'fail', `${what} failed: line ${err.line}: ${err.text}`, {
        fix: fixFor(err.text, r.cuda),
      });
    }
    if (r.waiting && !r.test && r.cutRows === undefined)
      return check(
        'verbs.run',
        'skipped',
        `${what}: the server side, waiting for its client to connect: no connection and no result row shown`,
        { fix: 'paste the output of both sides after the client has run (the client names the server host)' },
      );
    return check(
      'verbs.run',
      'skipped',
      r.cutRows
        ? `${what}: the result row stops before its figures (the paste was cut inside the table): nothing measured is shown`
        : `${what}: no result row (the output was cut, or the run never got past its connection${r.server ? ` to ${r.server}` : ''})`,
      { fix: 'paste the whole output of both sides' },
    );
  }
  if (err)
    return check(
      'verbs.run',
      'warn',
      `${what}: ${r.rows.length} result row(s), but line ${err.line}: ${err.text}`,
      {
        fix: fixFor(err.text, r.cuda),
      },
    );
  const setup = [
    r.device ? `device ${r.device}` : undefined,
    r.linkType ? `link ${r.linkType}` : undefined,
    r.qps && r.qps > 1 ? `${r.qps} QPs` : undefined,
    r.postList && r.postList > 1 ? `post list ${r.postList}` : undefined,
    r.cuda ? 'GPU memory (--use_cuda)' : undefined,
  ].filter(Boolean);
  return check(
    'verbs.run',
    'ok',
    `${what}: ${r.rows.length} result row(s)${setup.length ? ` (${setup.join(', ')})` : ''}`,
  );
}

function fixFor(text: string, cuda: boolean): string {
  if (/Couldn't connect|Unable to init the socket|rdma_client/.test(text))
    return 'start the server side first (same flags, no host) and check the TCP port (default 18515) is reachable between the nodes';
  if (/Completion with error|Failed status/.test(text))
    return 'a transport error on the wire (retry exceeded: status 12): check the link, the GID index (-x) and MTU on both sides, and for RoCE the lossless (PFC/ECN) configuration';
  if (/allocate MR/.test(text) && cuda)
    return 'the HCA could not register GPU memory: load nvidia_peermem, or use --use_cuda_dmabuf on open GPU kernel modules';
  if (/allocate MR/.test(text))
    return 'memory registration failed: raise the locked-memory limit (ulimit -l unlimited)';
  return 'check the device name (-d), port (-i) and GID index (-x), and that both sides run the same test and flags';
}

function bandwidth(r: PerftestResult, what: string, opts: TransferOptions): Check {
  const rows = r.rows.filter((x) => x.avgGBps !== undefined);
  const streaming = rows.filter((x) => x.bytes >= PERFTEST_STREAMING_BYTES);
  // A sweep (-a) that collapses at its large sizes is judged by its slowest one (judge/bandwidth.ts).
  const fall = collapseAfterPeak(
    rows,
    (x) => x.bytes,
    (x) => x.avgGBps ?? 0,
    PERFTEST_STREAMING_BYTES,
  );
  const pick =
    fall?.low ??
    (streaming.length ? streaming : rows).reduce<PerftestRow | undefined>(
      (a, b) => (a === undefined || (b.avgGBps ?? 0) > (a.avgGBps ?? 0) ? b : a),
      undefined,
    );
  if (!pick || pick.avgGBps === undefined)
    return check('verbs.bandwidth', 'skipped', `${what}: no BW average column`, { matters: false });
  // A bidirectional test reports both directions added up; one direction is what a link's rate bounds.
  const gbps = r.bidirectional ? pick.avgGBps / 2 : pick.avgGBps;
  const per = r.bidirectional ? ` per direction (${fmtGBps(pick.avgGBps)} GB/s both ways)` : '';
  const v = judgeBandwidth({
    gbps,
    blockSize: pick.bytes,
    smallOnly: streaming.length === 0,
    expected: expectationFor({
      mode: 'cross-node',
      minBandwidth: opts.minGBps,
      lineRateGbps: opts.lineRateGbps,
      rails: opts.rails,
    }),
    link: 'cross-node',
    userFloor: opts.minGBps !== undefined,
    ...(fall
      ? {
          fell: {
            fromGBps: (fall.peak.avgGBps ?? 0) / (r.bidirectional ? 2 : 1),
            fromBytes: fall.peak.bytes,
            toBytes: pick.bytes,
          },
        }
      : {}),
  });
  const gbit = ` (${Math.round(gbps * 8)} Gb/s)`;
  return check('verbs.bandwidth', v.status, `${what}: ${v.detail}${gbit}${per}`, {
    ...(v.fix ? { fix: fall ? v.fix : perftestFix(v.status, v.fix, opts) } : {}),
    data: { ...v.data, unit: r.unit ?? null },
  });
}

function perftestFix(status: Check['status'], fix: string, opts: TransferOptions): string {
  if (status === 'warn' && opts.lineRateGbps === undefined && opts.minGBps === undefined)
    return 'pass --line-rate <Gb/s> of the port (ibstat Rate) to judge it against the link';
  if (status === 'fail' || status === 'warn')
    return 'verbs alone are slow here, so UCX/NIXL cannot be faster: check the port rate and width (ibstat), PCIe width/speed of the HCA (lspci -vv LnkSta), the NUMA node the test ran on, and for RoCE PFC/ECN';
  return fix;
}

function latency(r: PerftestResult, what: string): Check {
  const small = r.rows.filter((x) => x.bytes <= SMALL_MESSAGE);
  const row = (small.length ? small : r.rows)[0] as PerftestRow;
  const lat = row.tTypicalUs ?? row.tAvgUs ?? row.tMinUs;
  if (lat === undefined)
    return check('verbs.latency', 'skipped', `${what}: no latency column`, { matters: false });
  const col = row.tTypicalUs !== undefined ? 't_typical' : row.tAvgUs !== undefined ? 't_avg' : 't_min';
  const fig = `${lat} µs (${col}) for ${row.bytes}-byte messages`;
  if (row.bytes > SMALL_MESSAGE)
    return check(
      'verbs.latency',
      'skipped',
      `${what}: ${fig}: only messages over 8 KiB, reported not judged`,
      {
        matters: false,
      },
    );
  if (lat > LATENCY_BAND_US)
    return check(
      'verbs.latency',
      'warn',
      `${what}: ${fig}, above the ${LATENCY_BAND_US} µs a verbs path takes`,
      {
        fix: 'check CPU power states and frequency (perftest warns on it), the NUMA node, a virtualised HCA or a congested/routed RoCE path',
        data: { latencyUs: lat, bytes: row.bytes },
      },
    );
  return check(
    'verbs.latency',
    'ok',
    `${what}: ${fig}, within the ${LATENCY_BAND_US} µs band of a verbs path`,
    {
      data: { latencyUs: lat, bytes: row.bytes },
    },
  );
}
