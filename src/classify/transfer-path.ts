import { type Check, check } from '../core/model.js';
import { RDMA_TRANSPORTS } from '../parsers/ucx-info.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';
import { type Expect, fmt, isNixl, type Parsed } from './transfer-common.js';

/** Transports that never cross a network link. */
const INTRA_NODE = new Set([
  'sysv',
  'posix',
  'cma',
  'knem',
  'xpmem',
  'self',
  'cuda_ipc',
  'cuda_copy',
  'rocm_ipc',
  'rocm_copy',
  'gdr_copy',
]);
/** ucx_perftest per-interval spread (first interval left out). */
export function stabilityCheck(p: UcxPerftestResult): Check {
  const s = p.stability as NonNullable<UcxPerftestResult['stability']>;
  const spread = s.minGBps > 0 ? s.maxGBps / s.minGBps : Number.POSITIVE_INFINITY;
  const detail = `per-interval bandwidth ${fmt(s.minGBps)}–${fmt(s.maxGBps)} GB/s over ${s.intervals} intervals (median ${fmt(s.medianGBps)})`;
  if (spread > 3)
    return check('perftest.stability', 'fail', `unstable link: ${detail}`, {
      fix: 'the link degrades under load: check for congestion/PFC problems (RoCE), errors on the port (ethtool -S, perfquery) and competing traffic',
    });
  if (spread > 1.5)
    return check('perftest.stability', 'warn', `jittery: ${detail}`, {
      fix: 'rerun on an idle link; check port error counters and congestion control',
    });
  return check('perftest.stability', 'ok', `steady: ${detail}`);
}

/** Where the ranks ran and which lanes UCX used, judged against the expected link. */
export function pathChecks(p: Parsed, group: string, expect: Expect): Check[] {
  const checks: Check[] = [];
  if (isNixl(p) && p.sameHost !== undefined) {
    const host = p.workers[0]?.hostname ?? '?';
    if (p.sameHost) {
      checks.push(
        expect === 'network'
          ? check(
              `${group}.peers`,
              'fail',
              `both ranks ran on ${host}: a loopback result that says nothing about the network`,
              {
                fix: 'place initiator and target on different nodes (pod anti-affinity)',
              },
            )
          : expect === 'nvlink'
            ? check(`${group}.peers`, 'ok', `both ranks ran on ${host}: an intra-node transfer, as expected`)
            : check(
                `${group}.peers`,
                'skipped',
                `both ranks ran on ${host}: a loopback/intra-node result that says nothing about the network`,
                {
                  fix: 'for a network verdict run the ranks on different nodes; for an NVLink verdict pass --expect nvlink',
                },
              ),
      );
    } else {
      checks.push(
        check(
          `${group}.peers`,
          'ok',
          `ranks on different hosts (${[...new Set(p.workers.map((w) => w.hostname))].join(', ')})`,
        ),
      );
    }
  }
  const id = `${group}.transport`;
  const lanes = p.lanes;
  const intraScope =
    p.ucx.endpoints.some((e) => e.scope === 'intra-node') ||
    p.ucx.protocols.some((t) => t.scope === 'intra-node');
  if (lanes.length === 0) {
    checks.push(
      check(id, 'skipped', 'UCX did not log the transport it chose', {
        matters: false,
        fix: 'rerun with UCX_LOG_LEVEL=info (and UCX_PROTO_INFO=used) to see the lanes',
      }),
    );
    return checks;
  }
  const names = [...new Set(lanes.map((l) => l.split('/')[0] as string))];
  const shown = lanes.slice(0, 4).join(', ') + (lanes.length > 4 ? ', …' : '');
  const rdma = names.filter((n) => RDMA_TRANSPORTS.has(n));
  const tcp = names.includes('tcp');
  const intra = names.filter((n) => INTRA_NODE.has(n));
  if (expect === 'network') {
    if (p.emulated)
      checks.push(
        check(id, 'fail', `UCX emulated RMA over active messages/software (${shown}): not an RDMA path`, {
          fix: 'UCX found no RDMA-capable lane: check UCX_TLS includes rc/dc and the HCA is usable',
        }),
      );
    else if (tcp)
      checks.push(
        check(id, 'fail', `UCX moved data over TCP (${shown}): not an RDMA link`, {
          fix: 'UCX lacks a verbs lane: check UCX_TLS (rc,dc,cuda_copy), UCX_NET_DEVICES and that /dev/infiniband is mounted',
        }),
      );
    else if (intraScope || rdma.length === 0)
      checks.push(
        check(
          id,
          'fail',
          `UCX used intra-node transports (${shown}): the peer is on the same node, not across a network`,
          { fix: 'run the two ranks on different nodes' },
        ),
      );
    else checks.push(check(id, 'ok', `RDMA lanes: ${shown}`));
  } else if (expect === 'nvlink') {
    if (names.includes('cuda_ipc') && !tcp) checks.push(check(id, 'ok', `NVLink/P2P lanes: ${shown}`));
    else
      checks.push(
        check(id, 'fail', `no cuda_ipc lane (${shown}): GPU peer-to-peer was not used`, {
          fix: 'put both GPUs in one pod/process and include cuda_ipc in UCX_TLS',
        }),
      );
  } else if (p.emulated || tcp) {
    checks.push(
      check(id, 'warn', `slow path: ${p.emulated ? 'RMA emulated' : 'TCP'} (${shown})`, {
        fix: 'expect TCP-class bandwidth; for RDMA check UCX_TLS, UCX_NET_DEVICES and /dev/infiniband',
      }),
    );
  } else {
    checks.push(check(id, 'ok', `lanes: ${shown}${intra.length && !rdma.length ? ' (intra-node)' : ''}`));
  }
  return checks;
}
