import type { KvRow, MeasurementRow } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import { formatBytes } from '../core/size.js';
import { fmtGBps, judgedRow } from './bandwidth.js';

/**
 * `pair.kv`: the KV-shaped row beside the large-block peak of the same run.
 * The peak says what the link carries; the KV row what a request's KV (many
 * small descriptors, one per layer, K or V, and block, posted with a
 * notification, as vLLM's NixlConnector does) gets of it. Below
 * KV_SHARE_WARN of the peak the per-descriptor cost, not the link, bounds
 * the KV transfer: a warning (never a pass). references/nixl-probe.md, "The
 * KV-shaped row", gives the shape and why this bar.
 */

/** Below this share of the large-block peak the KV row is a finding. */
export const KV_SHARE_WARN = 0.5;

function ms(bytes: number, gbps: number): string {
  const t = (bytes / (gbps * 1e9)) * 1e3;
  return t >= 10 ? t.toFixed(0) : t >= 1 ? t.toFixed(1) : t.toFixed(2);
}

export function kvShapeText(kv: KvRow): string {
  return `${kv.descsPerRequest} descriptors of ${formatBytes(kv.descBytes)} per request (${kv.layers} layers × K,V × ${Math.ceil(kv.tokens / kv.blockTokens)} blocks of ${kv.blockTokens} tokens, ${kv.kvHeads} KV heads × ${kv.headSize} × ${kv.dtypeBytes} B), ${kv.requests} in flight, each with a notification; shape: ${kv.source}`;
}

/** The check, or undefined when the run has no KV row. */
export function kvRowCheck(
  kv: KvRow | undefined,
  rows: readonly MeasurementRow[],
  subject: string,
): Check | undefined {
  if (!kv) return undefined;
  const shape = kvShapeText(kv);
  const data = { kvGBps: kv.gbps, ...kv };
  const peak = judgedRow(rows);
  const perRequest = kv.descsPerRequest * kv.descBytes;
  const g = `KV-shaped row ${fmtGBps(kv.gbps)} GB/s`;
  if (!peak || peak.smallOnly || peak.row.gbps <= 0) {
    return check('pair.kv', 'warn', `${g} (${shape}); no row of 1 MiB or more to compare it with`, {
      subject,
      fix: 'measure up to a large block (--sizes …,64M) so the KV row can be set beside the link peak',
      data,
    });
  }
  const share = kv.gbps / peak.row.gbps;
  const pct = Math.round(share * 100);
  const beside = `${g} is ${pct}% of the ${fmtGBps(peak.row.gbps)} GB/s peak at ${formatBytes(peak.row.blockSize ?? 0)}`;
  const cost = `a request's ${formatBytes(perRequest)}: ${ms(perRequest, kv.gbps)} ms, ${ms(perRequest, peak.row.gbps)} ms at the peak`;
  const withData = { ...data, peakGBps: peak.row.gbps, share };
  if (share < KV_SHARE_WARN) {
    return check(
      'pair.kv',
      'warn',
      `${beside}: the per-descriptor cost, not the link, bounds the KV transfer (${cost}); ${kv.descsPerRequest} descriptors of ${formatBytes(kv.descBytes)} per request, shape ${kv.source}`,
      {
        subject,
        fix: 'larger KV blocks mean fewer, larger descriptors (vLLM --block-size); check that NIXL has its progress thread and that UCX_TLS/UCX_NET_DEVICES keep small messages on RDMA',
        data: withData,
      },
    );
  }
  return check(
    'pair.kv',
    'ok',
    `${beside} (${cost}); ${kv.descsPerRequest} descriptors of ${formatBytes(kv.descBytes)} per request, shape ${kv.source}`,
    { subject, data: withData },
  );
}
