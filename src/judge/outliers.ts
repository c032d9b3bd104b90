import { median } from '../core/stats.js';

/**
 * Outliers: a pair that passed its floor can still sit well below what the rest of the fleet
 * moves over the same path. Each pair is compared with the fleet's median for its path (the
 * transport it ran over: RDMA over the NIC fabric, NVLink, …); more than `fraction` below it
 * (default 10 %, `--outlier`) is an outlier. SuperBench's diagnosis rules flag a drop of more
 * than 5 % against a baseline taken from the fleet itself (references/sweep-plans.md); ours is
 * the same idea against the sweep's own median, so no baseline file is needed. Pure.
 */

/** The default share below the fleet's median that makes a pair an outlier. */
export const OUTLIER_FRACTION = 0.1;
/** A path needs at least this many measured pairs for its median to mean anything. */
export const MIN_PATH_PAIRS = 3;

export interface PathFigure {
  /** The path the figure is comparable along: the transport kind, or a rail. */
  path: string;
  peakGBps: number | null;
}

/** The median figure of each path that has at least MIN_PATH_PAIRS figures. */
export function pathMedians(pairs: readonly PathFigure[]): Map<string, number> {
  const by = new Map<string, number[]>();
  for (const p of pairs) {
    if (p.peakGBps === null) continue;
    by.set(p.path, [...(by.get(p.path) ?? []), p.peakGBps]);
  }
  const out = new Map<string, number>();
  for (const [path, xs] of by) if (xs.length >= MIN_PATH_PAIRS) out.set(path, median(xs) as number);
  return out;
}

export interface Outlier {
  medianGBps: number;
  /** The pair's figure as a share of the median (0.8 = 20 % below). */
  share: number;
}

/** The outlier standing of one figure against its path's median, or undefined when it is not one. */
export function outlierOf(
  p: PathFigure,
  medians: ReadonlyMap<string, number>,
  fraction = OUTLIER_FRACTION,
): Outlier | undefined {
  const m = medians.get(p.path);
  if (m === undefined || m <= 0 || p.peakGBps === null) return undefined;
  const share = p.peakGBps / m;
  return share < 1 - fraction ? { medianGBps: m, share: Math.round(share * 1000) / 1000 } : undefined;
}
