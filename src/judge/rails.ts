import type { RailResult } from '../core/measurement.js';
import { type Check, type CheckStatus, check } from '../core/model.js';
import { median } from '../core/stats.js';

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

/**
 * Below its siblings: rails of one node pair cross the same kind of GPU, NIC and
 * switch, so each should carry what the others do. A rail under 70 % of its
 * siblings' median fails and under 85 % warns (the shares issue 23 item 1 set; rails of
 * one pair should match closely, so this stays 85 % where the line-rate bar is 80 %,
 * references/rails.md), whatever the line rate says — a port trained down sets
 * its own low line rate, the siblings do not. Needs 3 rails with a figure: with
 * two, which one is slow is not known.
 */
export const SIBLING_FAIL_FRACTION = 0.7;
export const SIBLING_WARN_FRACTION = 0.85;

export function withSiblings(
  rails: readonly RailResult[],
  worth: readonly (number | undefined)[] = [],
): RailResult[] {
  const figures = rails.map((r) => r.gbps).filter((g): g is number => g !== null && g > 0);
  if (figures.length < 3) return [...rails];
  // Per NIC's worth of line (pair/verdict/rail-bar.ts): a rail on two NICs carries twice one on
  // one, two rails on one NIC half each. The worth counts NICs, never their rates, so a port
  // trained down still reads slow.
  const per = (i: number) => (rails[i]?.gbps as number) / (worth[i] ?? 1);
  return rails.map((r, i) => {
    if (r.gbps === null) return r;
    const others = rails.flatMap((o, k) => (k !== i && o.gbps !== null ? [per(k)] : []));
    const m = median(others);
    if (m === undefined || m <= 0) return r;
    const f = per(i) / m;
    const sib: CheckStatus = f < SIBLING_FAIL_FRACTION ? 'fail' : f < SIBLING_WARN_FRACTION ? 'warn' : 'ok';
    if (RANK[sib] <= RANK[r.status]) return r;
    return {
      ...r,
      status: sib,
      detail: `${r.gbps.toFixed(1)} GB/s is ${Math.round(f * 100)} % of its ${others.length} sibling rails' median ${m.toFixed(1)} GB/s (${sib} below ${Math.round((sib === 'fail' ? SIBLING_FAIL_FRACTION : SIBLING_WARN_FRACTION) * 100)} %)`,
    };
  });
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
  for (const r of bad)
    parts.push(`${railName(r)} ${r.status}: ${/sibling/.test(r.detail) ? r.detail : figure(r)}`);
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
