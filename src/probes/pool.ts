/**
 * Runs async jobs with at most `limit` in flight, keeping the input order in
 * the results. A rejection (an interrupt, a refused exec) stops new jobs from
 * starting and is rethrown once the running ones have settled.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  job: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        results[i] = await job(items[i] as T);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  const n = Math.max(1, Math.min(limit, items.length));
  await Promise.all(Array.from({ length: n }, worker));
  if (failure) throw failure.err;
  return results;
}
