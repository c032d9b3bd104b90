import { type Check, check } from '../core/model.js';
import { judgeGpuDirect } from '../judge/gpudirect.js';
import { judgeTransport } from '../judge/transports.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';
import { type Expect, fmt, isNixl, type Parsed } from './transfer-common.js';

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
  if (lanes.length === 0) {
    checks.push(
      check(id, 'skipped', 'UCX did not log the transport it chose', {
        matters: false,
        fix: 'rerun with UCX_LOG_LEVEL=info (and UCX_PROTO_INFO=y) to see the lanes',
      }),
    );
  } else {
    const want = expect === 'network' ? 'rdma' : expect === 'nvlink' ? 'nvlink' : 'any';
    const sameNode =
      p.ucx.endpoints.some((e) => e.scope === 'intra-node') ||
      p.ucx.protocols.some((t) => t.scope === 'intra-node');
    const v = judgeTransport(lanes, want, p.emulated, sameNode);
    checks.push(check(id, v.status, v.detail, v.fix ? { fix: v.fix } : {}));
  }
  const gdr = judgeGpuDirect(p.ucx.protocols);
  if (gdr)
    checks.push(
      check(`${group}.gpudirect`, gdr.status, gdr.detail, {
        ...(gdr.fix ? { fix: gdr.fix } : {}),
        data: gdr.data,
      }),
    );
  return checks;
}
