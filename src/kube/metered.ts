import type { Clock } from '../core/clock.js';
import type { Cluster } from './cluster.js';

/**
 * A Cluster that counts its calls and the time spent in them, by method, and lets at most
 * `createLimit` creates be in flight at once (sweep: hundreds of pairs start together; their
 * namespaces, Services and Jobs go to the API server in a bounded stream rather than all at
 * once, which the server's max-requests-inflight would answer with 429s). Every connection
 * made from it (withSignal) shares the counters and the limit.
 */

export interface CallStats {
  calls: number;
  /** Sum of the calls' own durations (they overlap: more than the wall time is possible). */
  ms: number;
}

export interface Meter {
  readonly byMethod: Map<string, CallStats>;
  /** The most creates that waited for a slot at one moment. */
  maxQueued: number;
}

const ASYNC_METHODS = new Set([
  'create',
  'read',
  'replace',
  'patch',
  'delete',
  'deleteByLabel',
  'listByLabel',
  'listLeases',
  'listNamespaces',
  'listNodes',
  'listPods',
  'listPodsAt',
  'getPod',
  'podEvents',
  'readLog',
  'getDgd',
  'listDgdNames',
  'getCustomObject',
  'exec',
]);

class Slots {
  private free: number;
  private readonly queue: (() => void)[] = [];
  constructor(
    limit: number,
    private readonly meter: Meter,
  ) {
    this.free = limit;
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else {
      await new Promise<void>((r) => {
        this.queue.push(r);
        this.meter.maxQueued = Math.max(this.meter.maxQueued, this.queue.length);
      });
    }
    try {
      return await fn();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.free++;
    }
  }
}

export function metered(
  base: Cluster,
  clock: Clock,
  createLimit: number,
): { cluster: Cluster; meter: Meter } {
  const meter: Meter = { byMethod: new Map(), maxQueued: 0 };
  const slots = new Slots(createLimit, meter);
  const wrap = (c: Cluster): Cluster =>
    new Proxy(c, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'withSignal') return (signal: AbortSignal) => wrap(target.withSignal(signal));
        if (typeof prop !== 'string' || !ASYNC_METHODS.has(prop) || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const call = () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          const timed = async () => {
            const t0 = clock.now();
            try {
              return await call();
            } finally {
              const s = meter.byMethod.get(prop) ?? { calls: 0, ms: 0 };
              s.calls++;
              s.ms += clock.now() - t0;
              meter.byMethod.set(prop, s);
            }
          };
          return prop === 'create' ? slots.run(timed) : timed();
        };
      },
    });
  return { cluster: wrap(base), meter };
}
