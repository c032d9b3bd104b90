import { describe, expect, it } from 'vitest';
import type { Clock } from '../core/clock.js';
import { ClusterError } from './errors.js';
import { retryTransient } from './retry.js';

function clock(): Clock & { slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      slept.push(ms);
      t += ms;
    },
  };
}

const action = { verb: 'delete', resource: 'jobs', namespace: 'ns', name: 'j' };
const refused = () => new ClusterError('unreachable', 'cannot reach: ECONNREFUSED', action);

describe('retryTransient', () => {
  it('retries a refused connection with doubling waits, capped, until it works', async () => {
    const c = clock();
    let calls = 0;
    const seen: number[] = [];
    const out = await retryTransient(
      async () => {
        calls++;
        if (calls < 7) throw refused();
        return 'done';
      },
      { clock: c, signal: new AbortController().signal, onRetry: (_e, n) => seen.push(n) },
    );
    expect(out).toBe('done');
    expect(c.slept).toEqual([250, 500, 1000, 2000, 4000, 5000]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('retryIf narrows what is asked again: an unreachable cluster thrown at once, a 503 retried', async () => {
    const only5xx = (err: unknown) => err instanceof ClusterError && (err.status ?? 0) >= 500;
    const c = clock();
    await expect(
      retryTransient(
        async () => {
          throw refused();
        },
        { clock: c, signal: new AbortController().signal, retryIf: only5xx },
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(c.slept).toEqual([]);
    let calls = 0;
    const out = await retryTransient(
      async () => {
        if (++calls < 3)
          throw new ClusterError('api', 'storage is (re)initializing', action, { status: 503 });
        return 'listed';
      },
      { clock: c, signal: new AbortController().signal, retryIf: only5xx },
    );
    expect(out).toBe('listed');
    expect(c.slept).toEqual([250, 500]);
  });

  it('throws a refusal (403) or a conflict at once', async () => {
    for (const kind of ['forbidden', 'conflict', 'not-found'] as const) {
      const c = clock();
      await expect(
        retryTransient(
          async () => {
            throw new ClusterError(kind, kind, action);
          },
          { clock: c, signal: new AbortController().signal },
        ),
      ).rejects.toMatchObject({ kind });
      expect(c.slept).toEqual([]);
    }
  });

  it('never retries an answer with no HTTP status (the client refused before sending)', async () => {
    const c = clock();
    await expect(
      retryTransient(
        async () => {
          throw new ClusterError('api', 'Required parameter name was null or undefined', action);
        },
        { clock: c, signal: new AbortController().signal },
      ),
    ).rejects.toMatchObject({ kind: 'api' });
    expect(c.slept).toEqual([]);
  });

  it('retries a 500 and a 429 but not a 422', async () => {
    for (const [status, retried] of [
      [500, true],
      [503, true],
      [429, true],
      [422, false],
    ] as const) {
      const c = clock();
      let calls = 0;
      const run = retryTransient(
        async () => {
          calls++;
          if (calls === 1) throw new ClusterError('api', `HTTP ${status}`, action, { status });
          return calls;
        },
        { clock: c, signal: new AbortController().signal },
      );
      if (retried) await expect(run).resolves.toBe(2);
      else await expect(run).rejects.toMatchObject({ status });
    }
  });

  it("retries a pod refused because the namespace's default ServiceAccount is not there yet", async () => {
    const c = clock();
    let calls = 0;
    await retryTransient(
      async () => {
        if (++calls === 1)
          throw new ClusterError(
            'forbidden',
            'permission denied: cannot create pods in namespace x (pods "p" is forbidden: error looking up service account x/default: serviceaccount "default" not found)',
            action,
          );
      },
      { clock: c, signal: new AbortController().signal },
    );
    expect(calls).toBe(2);
  });

  it('ends with the last real error when the signal fires, never the abort', async () => {
    const c = clock();
    const ctl = new AbortController();
    let calls = 0;
    await expect(
      retryTransient(
        async () => {
          if (++calls === 3) ctl.abort(new Error('deadline'));
          throw refused();
        },
        { clock: c, signal: ctl.signal },
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(calls).toBe(3);
  });
});
