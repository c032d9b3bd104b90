import type { CheckStatus } from '../core/model.js';

/**
 * A pair's bandwidth standing, as its judge decided it. The sweep's HTML
 * colours a pair's cell from this and the pair's outcome; it reads the
 * verdict the pair's own `pair.bandwidth` check(s) carry and decides nothing
 * itself, so a figure gets the one verdict `pair`, `pair --local`, `read` and
 * the sweep give it. Pure.
 */

/** `none`: nothing was judged (the pair did not run, or measured nothing). */
export type PairStatus = 'ok' | 'warn' | 'fail' | 'none';

/** What pairStatus reads: a pair's checks (a `pair` result, or a sweep's SweepPair). */
export interface JudgedPair {
  checks: readonly { id: string; status: CheckStatus }[];
}

const RANK: Readonly<Record<PairStatus, number>> = { none: 0, ok: 1, warn: 2, fail: 3 };

/** The worst `pair.bandwidth` verdict of the pair (one per leg when it measured both directions). */
export function pairStatus(pair: JudgedPair): PairStatus {
  let worst: PairStatus = 'none';
  for (const c of pair.checks) {
    if (c.id !== 'pair.bandwidth' || c.status === 'skipped') continue;
    if (RANK[c.status] > RANK[worst]) worst = c.status;
  }
  return worst;
}
