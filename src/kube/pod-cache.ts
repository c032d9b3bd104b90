import type { V1Pod } from '@kubernetes/client-node';
import { after, type Clock } from '../core/clock.js';
import type { Cluster, PodEvent, PodWatch } from './cluster.js';
import { isClusterError } from './errors.js';

/**
 * One list + watch of the pods a sweep creates, shared by all its pairs (client-go's
 * reflector, in small): list once, watch from the list's resourceVersion, keep every pod by
 * namespace/name, move the resourceVersion on with each event and bookmark; when the server
 * ends the watch, watch again from there; on 410 Gone (that resourceVersion is compacted
 * away), list again. Each pair then reads its pods from here instead of listing them every
 * poll, so the API server serves one watch per sweep, not one list per pair per 250 ms.
 *
 * A Cluster without watchPods, or a cache that cannot list (RBAC: no list/watch of pods
 * there), is `usable() === false`, and the pairs poll as before.
 */

export interface PodSource {
  /** True once listed, and while the watch is healthy or being re-established. */
  usable(): boolean;
  /** The pods of one namespace whose labels include every `labels` pair. */
  pods(namespace: string, labels: Record<string, string>): V1Pod[];
  /** Settles at the next change (or after `ms`, or on `signal`): a pair looks then, not on a timer. */
  changed(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface PodCacheStats {
  lists: number;
  watches: number;
  events: number;
  /** Lists after a 410 Gone. */
  relists: number;
  /** Watches that ended on an error (then retried). */
  errors: number;
}

export interface PodCacheOptions {
  cluster: Cluster;
  namespace: string | undefined;
  selector: string;
  clock: Clock;
  signal: AbortSignal;
  /** Wait after a failed list or watch (doubled up to 5 s). */
  retryMs?: number;
  /** A watch with no event (not even a bookmark) this long is presumed dead and started again. */
  stallMs?: number;
}

const key = (p: V1Pod) => `${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`;

export class PodCache implements PodSource {
  readonly stats: PodCacheStats = { lists: 0, watches: 0, events: 0, relists: 0, errors: 0 };
  private readonly byKey = new Map<string, V1Pod>();
  private resourceVersion: string | undefined;
  private listed = false;
  private failed: unknown;
  private waiters = new Set<() => void>();
  private loop: Promise<void> | undefined;

  constructor(private readonly o: PodCacheOptions) {}

  /** Lists once (throws what the list threw), then watches in the background until the signal. */
  async start(): Promise<void> {
    await this.list();
    this.loop = this.run();
  }

  /** Resolves once the background loop has ended (after the signal fired). */
  async stopped(): Promise<void> {
    await this.loop;
  }

  usable(): boolean {
    return this.listed && this.failed === undefined && !this.o.signal.aborted;
  }

  pods(namespace: string, labels: Record<string, string>): V1Pod[] {
    const want = Object.entries(labels);
    const out: V1Pod[] = [];
    for (const p of this.byKey.values()) {
      if (p.metadata?.namespace !== namespace) continue;
      const l = p.metadata?.labels ?? {};
      if (want.every(([k, v]) => l[k] === v)) out.push(p);
    }
    return out;
  }

  changed(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        cancel();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const cancel = after(this.o.clock, ms, done);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  private async list(): Promise<void> {
    const c = this.o.cluster;
    if (!c.listPodsAt || !c.watchPods) throw new Error('this cluster connection cannot watch pods');
    const got = await c.listPodsAt(this.o.namespace, this.o.selector);
    this.stats.lists++;
    this.byKey.clear();
    for (const p of got.pods) this.byKey.set(key(p), p);
    this.resourceVersion = got.resourceVersion;
    this.listed = true;
    this.wake();
  }

  private apply(e: PodEvent): void {
    this.stats.events++;
    if (e.resourceVersion) this.resourceVersion = e.resourceVersion;
    if (!e.pod) return;
    if (e.type === 'DELETED') this.byKey.delete(key(e.pod));
    else this.byKey.set(key(e.pod), e.pod);
    this.wake();
  }

  private async run(): Promise<void> {
    const { cluster, signal, clock } = this.o;
    let backoff = this.o.retryMs ?? 250;
    while (!signal.aborted) {
      try {
        if (this.resourceVersion === undefined) {
          await this.list();
          this.stats.relists++;
        }
        this.stats.watches++;
        // A half-open connection ends nothing: no event (not even a bookmark) for stallMs → start again.
        let w: PodWatch | undefined;
        let cancelStall = () => {};
        const rearm = () => {
          cancelStall();
          cancelStall = after(clock, this.o.stallMs ?? 90_000, () => w?.stop());
        };
        w = cluster.watchPods?.(this.o.namespace, this.o.selector, this.resourceVersion ?? '', (e) => {
          this.apply(e);
          rearm();
        });
        if (!w) return;
        rearm();
        const stopIt = () => w?.stop();
        signal.addEventListener('abort', stopIt, { once: true });
        const end = await w.done;
        signal.removeEventListener('abort', stopIt);
        cancelStall();
        if (signal.aborted) break;
        if (end.gone) {
          this.resourceVersion = undefined; // compacted: list again
          continue;
        }
        if (!end.error) {
          backoff = this.o.retryMs ?? 250;
          continue; // the server's timeoutSeconds: watch again from where we stood
        }
        throw end.error;
      } catch (err) {
        if (signal.aborted) break;
        this.stats.errors++;
        if (isClusterError(err, 'forbidden', 'unauthorized', 'not-found')) {
          // Not allowed to watch here: the pairs poll instead.
          this.failed = err;
          this.wake();
          return;
        }
        try {
          await clock.sleep(backoff, signal);
        } catch {
          break;
        }
        backoff = Math.min(5_000, backoff * 2);
      }
    }
    this.wake();
  }
}

/** A started cache, or undefined (with the reason) when this cluster or its RBAC allows none. */
export async function startPodCache(o: PodCacheOptions): Promise<{ cache?: PodCache; why?: unknown }> {
  const cache = new PodCache(o);
  try {
    await cache.start();
    return { cache };
  } catch (err) {
    return { why: err };
  }
}
