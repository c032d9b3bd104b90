import { type Check, check } from '../core/model.js';
import { fallOf, judgeBandwidth, judgedRow, LARGE_BLOCK, type Link, type Row } from '../judge/bandwidth.js';
import { expectationFor } from '../judge/expectations.js';
import { isNixl, type TransferCapture as Parsed, runCheck, storageCheck } from '../judge/run.js';
import { transportKind } from '../judge/transports.js';
import { memoryTypes } from '../parsers/ucx-log.js';
import type { Shown } from './shown.js';
import type { Expect } from './transfer-common.js';
import { latencyCheck, messageRateCheck, RDMA_STREAMING_BYTES, SMALL_MESSAGE } from './transfer-latency.js';
import { pathChecks, rdmaOnlyBy, stabilityCheck } from './transfer-path.js';

export type { Expect } from './transfer-common.js';

export interface TransferOptions {
  minGBps?: number;
  /** `read --line-rate`, Gb/s of one port the transfer crossed: a network link of that rate. */
  lineRateGbps?: number;
  /** `read --rails`: how many such ports carried it (capacity = rails × line rate). */
  rails?: number;
  expect: Expect;
  /** What a filter after the tool (`| grep …`) let through: absences it hides are "not shown". */
  shown?: Shown;
  /** The commands typed in the paste for this tool's sections (`nvidia-smi topo -mp`): the context the output lacks. */
  commands?: readonly string[];
  /** Where the paste names a Grace platform (`NVIDIA GB200` at line 3): context a matrix of an older driver lacks. */
  grace?: string;
}

/** Checks for a transfer measurement: run outcome, bandwidth against floor and ceiling, and the transport UCX used. */
export function classifyTransfer(parsed: Parsed, opts: TransferOptions): Check[] {
  // Several ucx_perftest runs in one capture: each judged on its own, by its kind.
  if (!isNixl(parsed) && parsed.allRuns && parsed.allRuns.length > 1) {
    return parsed.allRuns.flatMap((r, i) => {
      const subject = `run ${i + 1}${r.testName ? ` ${r.testName}` : r.test ? ` (${r.test})` : ''}`;
      return classifyOne(r, opts).map((c) => ({
        ...c,
        subject: c.subject ? `${subject} ${c.subject}` : subject,
      }));
    });
  }
  return classifyOne(parsed, opts);
}

function classifyOne(parsed: Parsed, opts: TransferOptions): Check[] {
  const group = isNixl(parsed) ? 'nixlbench' : 'perftest';
  const checks: Check[] = [runCheck(parsed, group)];
  if (isNixl(parsed) && parsed.peerMemoryNote) checks.push(peerMemoryBanner(parsed.peerMemoryNote));
  if (isNixl(parsed)) checks.push(...headlessTables(parsed.runs));
  if (!isNixl(parsed)) checks.push(...noCudaTransport(parsed));
  const storage = isNixl(parsed) ? storageCheck(group, parsed.backend, parsed.peakGBps) : undefined;
  if (storage) {
    checks.push(storage);
    return checks;
  }
  // A run without results says nothing about bandwidth or path, unless UCX logged its lanes.
  if (parsed.rows.length === 0 && parsed.lanes.length === 0) return checks;
  const latency = !isNixl(parsed) && parsed.kind === 'latency';
  if (latency) {
    const lat = latencyCheck(parsed, group);
    checks.push(lat);
    // Interval rows stand in for the missing Final line only where a check reads them (principle 2): a
    // latency test cut before Final whose latency is not held to a band judges nothing, so its result is
    // not shown, never passed on the rows having been printed.
    if (!parsed.completed && parsed.stages.length > 0 && lat.status === 'skipped')
      checks[0] = check(
        `${group}.run`,
        'skipped',
        `${parsed.stages.length} interval row(s) of a latency test, no final summary (output cut off): no check reads those rows, so the run's result is not shown`,
        { fix: 'paste the whole client output, to its Final: line; judge bandwidth with a *_bw test' },
      );
  } else if (!isNixl(parsed) && parsed.rows.length > 0 && (parsed.messageSize ?? Infinity) <= SMALL_MESSAGE)
    checks.push(messageRateCheck(parsed, group));
  else if (parsed.rows.length > 0) checks.push(bandwidthCheck(parsed, group, opts));
  if (!isNixl(parsed) && !latency && parsed.stability) checks.push(stabilityCheck(parsed));
  checks.push(...pathChecks(parsed, group, opts.expect));
  return checks;
}

/**
 * The link the ranks used: --expect when given, else what the log shows (the
 * ranks' hosts, UCX's endpoint scope, the lanes). Two processes on one host
 * are a GPU-to-GPU (intra-node) test only when GPU memory was moved; a host
 * memory copy on one host is no link at all, so its kind stays unknown.
 */
export function linkOf(p: Parsed, expect: Expect): Exclude<Link, 'nvlink-domain'> {
  if (expect === 'network') return 'cross-node';
  if (expect === 'nvlink') return 'intra-node';
  const kind = transportKind(p.lanes, p.emulated);
  const gpu =
    kind === 'nvlink' ||
    memoryTypes(p.ucx).some((m) => m === 'cuda' || m === 'rocm') ||
    (isNixl(p) && (p.initiatorSegType === 'VRAM' || p.targetSegType === 'VRAM'));
  const sameHost = isNixl(p) ? p.sameHost : undefined;
  if (sameHost === false) return 'cross-node';
  const scopes = [...p.ucx.endpoints.map((e) => e.scope), ...p.ucx.protocols.map((t) => t.scope)];
  // UCX's own scope wins over the lane kind: TCP or RDMA lanes of an "intra-node" endpoint
  // (ucp_worker.c prints "intra-node cfg#N") join two processes of one host (loopback, a NIC to itself).
  const intraOnly = scopes.includes('intra-node') && !scopes.includes('inter-node');
  if (
    sameHost === undefined &&
    (scopes.includes('inter-node') || ((kind === 'rdma' || kind === 'tcp') && !intraOnly))
  )
    return 'cross-node';
  if (sameHost || kind === 'nvlink' || kind === 'shm' || scopes.includes('intra-node'))
    return gpu ? 'intra-node' : 'unknown';
  return 'unknown';
}

/** The run went over RDMA: UCX logged RDMA lanes, or the capture's UCX_TLS allows only RDMA transports. */
function rdmaPath(p: Parsed): boolean {
  if (p.lanes.length > 0) return transportKind(p.lanes, p.emulated) === 'rdma';
  return !isNixl(p) && rdmaOnlyBy(p.ucxEnv);
}

function bandwidthCheck(p: Parsed, group: string, opts: TransferOptions): Check {
  // The 1 MiB line (judge/bandwidth.ts LARGE_BLOCK) is the project's own, for any path. On RDMA a message
  // of 64 KiB already streams at line rate (perftest's default bandwidth size, DEF_SIZE_BW): a ucx_perftest
  // row from there up shows the link, not per-message overhead.
  const rdma = !isNixl(p) && rdmaPath(p);
  // --line-rate says the transfer crossed a network port of that rate, unless the log shows one host.
  const seen = linkOf(p, opts.expect);
  const link = opts.lineRateGbps !== undefined && seen === 'unknown' ? 'cross-node' : seen;
  // A host-memory copy on one host (no link: linkOf's `unknown`) is shaped by the CPU caches, not a path.
  const picked = judgedRow<Row>(p.rows, rdma ? RDMA_STREAMING_BYTES : LARGE_BLOCK, {
    collapse: link !== 'unknown',
  });
  const { row, smallOnly } = picked as NonNullable<typeof picked>;
  const v = judgeBandwidth({
    gbps: row.gbps,
    blockSize: row.blockSize,
    smallOnly,
    expected: expectationFor({
      mode: link,
      minBandwidth: opts.minGBps,
      lineRateGbps: opts.lineRateGbps,
      rails: opts.rails,
    }),
    link,
    userFloor: opts.minGBps !== undefined,
    fell: fallOf(picked),
  });
  const what = isNixl(p) ? 'peak' : p.stability ? 'median interval' : 'measured';
  const unused =
    opts.lineRateGbps !== undefined && link === 'intra-node'
      ? '; --line-rate not applied: the log shows a transfer inside one host'
      : '';
  const detail = `${v.status === 'ok' ? `${what} ${v.detail}` : v.detail}${unused}`;
  return check(`${group}.bandwidth`, v.status, detail, {
    ...(v.fix ? { fix: v.fix } : {}),
    data: v.data,
  });
}

/**
 * The NGC container banner's peer-memory note is evidence, read as such: the entrypoint found the
 * Mellanox driver but no peer-memory module (neither nv_peer_mem's nor nvidia-peermem's entry in
 * /sys/kernel/mm/memory_peers), so GPUDirect RDMA through one is likely off; DMA-BUF needs none, so
 * it is a warning to confirm on the host (references/read-evidence.md, "Not shown").
 */
/**
 * A nixlbench table whose header line is above the paste: its rows were read by their field count (the layout of
 * that many columns), but the rows and lines printed above the cut are not shown, not judged (issue 38, P1/P2).
 */
function headlessTables(runs: readonly { headerNotShown?: number; rows: readonly unknown[] }[]): Check[] {
  return runs
    .filter((r) => r.headerNotShown !== undefined)
    .map((r) =>
      check(
        'nixlbench.table',
        'skipped',
        `the paste starts inside a result table (its \`Block Size (B) …\` header line not pasted): ${r.rows.length} row(s) read by their ${r.headerNotShown} columns, the layout nixlbench prints with that many; the rows and lines above the cut are not shown, not judged`,
        { fix: 'paste the whole nixlbench log of the rank-0 initiator, from its configuration block' },
      ),
    );
}

function peerMemoryBanner(note: { line: number }): Check {
  return check(
    'gdr.peermem',
    'warn',
    `the container's banner (line ${note.line}) says the Mellanox network driver is there but no NVIDIA peer memory driver: GPUDirect RDMA is likely off, so GPU memory crosses the network through host bounce buffers`,
    {
      fix: 'on the host, `lsmod | grep -e nvidia_peermem -e nv_peer_mem` (load nvidia_peermem, or GPU Operator driver.rdma.enabled=true); a DMA-BUF setup needs no peer-memory module and this banner can be ignored there',
    },
  );
}

/**
 * UCX's own word that it has no CUDA transport (ucp_context.c, when UCX_TLS names one it lacks:
 * "transport 'cuda_copy' is not available, please use one or more of: <the transports it has>"):
 * when the list it offers holds no cuda transport, this UCX cannot move GPU memory at all, so
 * GPU-resident KV cannot be sent with it, whatever a host-memory test shows (issue 38, principle 5).
 */
function noCudaTransport(parsed: Parsed): Check[] {
  if (isNixl(parsed)) return [];
  for (const w of parsed.ucx.warnings) {
    const m = /transport '(cuda\w*)' is not available, please use one or more of: (.*)$/.exec(w.text);
    if (!m || /\bcuda/.test(m[2] as string)) continue;
    return [
      check(
        'ucx.cuda',
        'fail',
        `UCX has no CUDA transport (line ${w.line}: "${m[1]}" is not available; it offers ${(m[2] as string).trim()}): GPU-memory transfers fail with this UCX`,
        { fix: 'use a UCX built --with-cuda (ucx_info -d lists cuda_copy and cuda_ipc)' },
      ),
    ];
  }
  return [];
}
