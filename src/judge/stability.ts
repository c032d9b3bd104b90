import { type Check, check } from '../core/model.js';
import { fmtGBps } from './bandwidth.js';

/**
 * ucx_perftest's per-interval bandwidth spread (first interval left out): a
 * link that swings by more than 3× under load fails, by more than 1.5× warns.
 * Pure.
 */

export const UNSTABLE_SPREAD = 3;
export const JITTERY_SPREAD = 1.5;

export interface Stability {
  minGBps: number;
  maxGBps: number;
  medianGBps: number;
  intervals: number;
}

/** `perftest.stability`: how far apart the slowest and the fastest interval were. */
export function stabilityCheck(s: Stability): Check {
  const spread = s.minGBps > 0 ? s.maxGBps / s.minGBps : Number.POSITIVE_INFINITY;
  const detail = `per-interval bandwidth ${fmtGBps(s.minGBps)}–${fmtGBps(s.maxGBps)} GB/s over ${s.intervals} intervals (median ${fmtGBps(s.medianGBps)})`;
  if (spread > UNSTABLE_SPREAD)
    return check('perftest.stability', 'fail', `unstable link: ${detail}`, {
      fix: 'the link degrades under load: check for congestion/PFC problems (RoCE), errors on the port (ethtool -S, perfquery) and competing traffic',
    });
  if (spread > JITTERY_SPREAD)
    return check('perftest.stability', 'warn', `jittery: ${detail}`, {
      fix: 'rerun on an idle link; check port error counters and congestion control',
    });
  return check('perftest.stability', 'ok', `steady: ${detail}`);
}
