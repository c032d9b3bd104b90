/**
 * Regression against an earlier sweep (`sweep --baseline FILE|last`): the rule that
 * turns two figures of one link into "regressed" or not. Pure. The sweep compares
 * (sweep/regression.ts); renderers only read what it found.
 *
 * A link regressed when it moved less than (1 − fraction) of what it moved before,
 * even if it still passes its floor: at 400G (floor 35 GB/s) a link that moved 47 GB/s
 * and now moves 36 still passes, and has lost 23 %. The default
 * fraction, 20 %, is the (issue 25 item 4); it sits above the run-to-run
 * spread of one healthy link (nixlbench at 400G: 42.6 to about 48 GB/s,
 * references/expected-bandwidth.md) so a noisy night is not a regression.
 */

/** `--regression`'s default: a drop of more than 20 % of the baseline. */
export const DEFAULT_REGRESSION_FRACTION = 0.2;

/** (before − now) / before; 0 when there was nothing before. */
export function dropOf(beforeGBps: number, nowGBps: number): number {
  return beforeGBps > 0 ? (beforeGBps - nowGBps) / beforeGBps : 0;
}

/** Whether a figure fell by more than `fraction` of the one before it. */
export function hasRegressed(beforeGBps: number, nowGBps: number, fraction: number): boolean {
  return beforeGBps > 0 && dropOf(beforeGBps, nowGBps) > fraction;
}

/**
 * A node regressed when most of its compared links did (more than half, and at least
 * two): the common end explains them, as a culprit node explains its failed pairs
 * (sweep/isolate.ts). One slow link beside healthy ones is the link's.
 */
export function nodeRegressed(regressedLinks: number, comparedLinks: number): boolean {
  return regressedLinks >= 2 && regressedLinks * 2 > comparedLinks;
}
