import type { RailResult } from '../core/measurement.js';
import { type Check, type CheckStatus, check } from '../core/model.js';

/**
 * `pair.rails`: every GPU↔NIC rail the pair crossed, each judged on its own by
 * the one bandwidth judge (judge/bandwidth.ts). The worst rail is the verdict,
 * named by GPU and NIC: a pair whose seven rails run at line rate and whose
 * eighth runs at half speed fails, it never averages the eighth away. A rail
 * asked for and not run (its GPUs busy) is a warning: not tested is never ok.
 */

const RANK: Record<CheckStatus, number> = { ok: 0, skipped: 1, warn: 2, fail: 3 };

export function worstStatus(statuses: readonly CheckStatus[]): CheckStatus {
  return statuses.reduce<CheckStatus>((w, s) => (RANK[s] > RANK[w] ? s : w), 'ok');
}

/** `GPU3↔mlx5_3` (`GPU3↔mlx5_3/mlx5_2` when the two nodes' rails end on different NICs). */
export function railName(r: Pick<RailResult, 'gpu' | 'nic' | 'peerNic'>): string {
  const nic = r.nic ?? 'NIC unknown';
  const both = r.peerNic && r.peerNic !== r.nic ? `${nic}/${r.peerNic}` : nic;
  return `GPU${r.gpu}↔${both}`;
}

function figure(r: RailResult): string {
  const got = r.gbps === null ? 'no result' : `${r.gbps.toFixed(1)} GB/s`;
  return r.expectedGBps ? `${got} of ${r.expectedGBps.toFixed(1)} expected` : got;
}

export function railsCheck(
  rails: readonly RailResult[],
  notTested: readonly number[],
  subject: string,
): Check {
  const status = worstStatus([...rails.map((r) => r.status), ...(notTested.length ? ['warn' as const] : [])]);
  const bad = rails.filter((r) => r.status === 'fail' || r.status === 'warn');
  const ok = rails.filter((r) => r.status === 'ok').length;
  const parts = [`${rails.length} rail(s) crossed, ${ok} ok`];
  for (const r of bad) parts.push(`${railName(r)} ${r.status}: ${figure(r)}`);
  if (notTested.length) parts.push(`GPU ${notTested.join(', ')} not tested`);
  if (rails.length === 0) parts[0] = 'no rail produced a result';
  return check('pair.rails', rails.length === 0 ? 'fail' : status, parts.join('; '), {
    subject,
    ...(bad.length
      ? {
          fix: `check ${bad.map((r) => railName(r)).join(', ')}: ibstat (rate, width), cables and switch port; rerun that rail alone with --rails ${bad.map((r) => r.gpu).join(',')}`,
        }
      : notTested.length
        ? { fix: `rerun when the GPUs are free, or test them with --rails ${notTested.join(',')}` }
        : {}),
    data: { rails: rails.map((r) => ({ ...r })), notTested: [...notTested] },
  });
}
