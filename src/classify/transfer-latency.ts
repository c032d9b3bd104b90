import { type Check, check } from '../core/model.js';
import { memoryTypes } from '../parsers/ucx-log.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';

/**
 * A ucx_perftest latency test (`-t tag_lat`, `am_lat`, `ucp_put_lat`, …) is judged on its
 * latency, never on the bandwidth column (a ping-pong of 8-byte messages moves a few MB/s by
 * design). perftest prints half the round trip, in µs (perftest_run.c, "latency (usec)").
 * The band (references/ucx-perftest-formats.md): small messages (≤ 8 KiB) over RDMA
 * (rc/dc/ud on InfiniBand or RoCE) or shared memory take a few µs; above 10 µs is the
 * range of TCP sockets or a CPU-bound software path. Larger messages and GPU memory have
 * no such band: they are reported, not judged.
 */
export const SMALL_MESSAGE = 8192;
export const LATENCY_BAND_US = 10;
/**
 * On RDMA a message of 64 KiB already streams at line rate: perftest's default bandwidth size
 * (linux-rdma/perftest src/perftest_parameters.h:103 `DEF_SIZE_BW (65536)`). Rows from this size up
 * are bandwidth rows, for perftest and for ucx_perftest over RDMA.
 */
export const RDMA_STREAMING_BYTES = 65536;

export function latencyCheck(p: UcxPerftestResult, group: string): Check {
  const id = `${group}.latency`;
  const row = p.rows[0];
  const lat = row?.avgLatUs;
  const size = p.messageSize;
  const what = p.testName ?? p.test ?? 'latency test';
  if (lat === undefined)
    return check(id, 'skipped', `${what}: no latency figure in the capture`, {
      fix: 'pass the client side of the run (it prints the results table)',
    });
  const figure = `${round(lat)} µs one way (half the round trip)`;
  const data = { latencyUs: lat, ...(size !== undefined ? { messageSize: size } : {}) };
  const gpu =
    [p.sendMemory, p.recvMemory].some((m) => m !== undefined && m !== 'host') ||
    memoryTypes(p.ucx).some((m) => m !== 'host');
  if (gpu)
    return check(
      id,
      'skipped',
      `${what}: ${figure} on GPU memory: there is no published small-message band for it`,
      {
        matters: false,
        data,
      },
    );
  if (size !== undefined && size > SMALL_MESSAGE)
    return check(
      id,
      'skipped',
      `${what}: ${figure} for ${size}-byte messages: the small-message band (≤ ${SMALL_MESSAGE} B) does not apply; judge large transfers with a bandwidth test`,
      { matters: false, data },
    );
  const sized = size !== undefined ? `for ${size}-byte messages` : '(message size not shown)';
  if (lat <= LATENCY_BAND_US)
    return check(id, 'ok', `${what}: ${figure} ${sized}: RDMA-class latency (≤ ${LATENCY_BAND_US} µs)`, {
      data,
    });
  if (size === undefined)
    return check(
      id,
      'skipped',
      `${what}: ${figure}, but the message size is not shown, so it cannot be held to the small-message band`,
      {
        fix: 'pass the server side too (its test box says the message size) or the command line with -s',
        data,
      },
    );
  return check(
    id,
    'warn',
    `${what}: ${figure} ${sized}: above the ≤ ${LATENCY_BAND_US} µs small messages take over RDMA or shared memory: TCP or a software path`,
    {
      fix: 'check that UCX picked rc/dc/ud on the HCA (UCX_LOG_LEVEL=info prints the lanes; UCX_TLS, UCX_NET_DEVICES) and that the processes are pinned near the NIC',
      data,
    },
  );
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * A streaming test of small messages (≤ 8 KiB; ucx_perftest's default `-s` is 8 bytes) is
 * bound by message rate, not by the link: its MB/s says nothing about bandwidth, so it is
 * reported, never held to a bandwidth floor.
 */
export function messageRateCheck(p: UcxPerftestResult, group: string): Check {
  const row = p.rows[0];
  const rate = row?.msgRate;
  return check(
    `${group}.bandwidth`,
    'skipped',
    `${p.messageSizeImplied ? 'about ' : ''}${p.messageSize}-byte messages${p.messageSizeImplied ? ' (bandwidth ÷ message rate: no size given)' : ''}: a message-rate test (${rate !== undefined ? `${Math.round(rate).toLocaleString('en-US')} msg/s, ` : ''}${row?.gbps} GB/s), not a measurement of the link's bandwidth`,
    {
      fix: 'measure bandwidth with large messages: ucx_perftest -t tag_bw -s 1048576 (or larger), and -m cuda for GPU memory',
      data: { messageSize: p.messageSize, ...(rate !== undefined ? { msgRate: rate } : {}) },
    },
  );
}
