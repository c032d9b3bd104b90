/**
 * THE median, for every figure the tool summarises (a perftest's latencies, a
 * sweep's path figures and regressions, the HTML's group shares, the benches):
 * the middle of the sorted values, or the mean of the two middle ones.
 * Undefined for no values, never 0.
 */
export function median(xs: readonly number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
