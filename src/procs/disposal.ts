import { messageOf } from '../core/errors.js';
import { raceSignal } from './wait.js';

export interface DisposeProblem {
  name: string;
  message: string;
}

type Teardown = (signal: AbortSignal) => Promise<unknown> | unknown;

/**
 * Teardown registered at the moment something is created, run last-in
 * first-out. Each teardown gets its own fresh timeout (never the run's
 * cancelled signal), and its errors are collected, never thrown over the
 * error that ended the run.
 */
export class DisposalStack {
  private readonly items: Array<{ name: string; fn: Teardown }> = [];

  defer(name: string, fn: Teardown): void {
    this.items.push({ name, fn });
  }

  get size(): number {
    return this.items.length;
  }

  /** The names of what is still to be torn down, in creation order. */
  get names(): string[] {
    return this.items.map((i) => i.name);
  }

  /**
   * Runs every teardown at once under one shared signal (a single budget, not
   * one per item), and waits for all of them. Each must honour the signal; one
   * that does not is abandoned when it fires. Returns what failed, and why.
   */
  async disposeAll(signal: AbortSignal): Promise<DisposeProblem[]> {
    const items = this.items.splice(0).reverse();
    // A teardown that honours the signal ends with its own error (what was failing) just after it
    // fires; one that does not is abandoned a moment later.
    const abandon = new AbortController();
    const onAbort = () => setTimeout(() => abandon.abort(signal.reason), 250).unref();
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const results = await Promise.allSettled(
      items.map((item) => {
        const run = Promise.resolve().then(() => item.fn(signal));
        // One abandoned when the budget ran out may fail later: never an unhandled rejection.
        run.catch(() => {});
        return raceSignal(run, abandon.signal);
      }),
    );
    signal.removeEventListener('abort', onAbort);
    const problems: DisposeProblem[] = [];
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') return;
      const err = r.reason;
      const message = err === signal.reason ? 'did not finish in time' : messageOf(err);
      problems.push({ name: (items[i] as { name: string }).name, message });
    });
    return problems;
  }

  async dispose(timeoutMs = 10_000): Promise<DisposeProblem[]> {
    const problems: DisposeProblem[] = [];
    for (let item = this.items.pop(); item; item = this.items.pop()) {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const run = Promise.resolve().then(() => item.fn(signal));
        run.catch(() => {});
        await raceSignal(run, signal);
      } catch (err) {
        const message =
          signal.aborted && err === signal.reason ? `did not finish within ${timeoutMs} ms` : messageOf(err);
        problems.push({ name: item.name, message });
      }
    }
    return problems;
  }
}

/**
 * Runs `body` with a fresh stack and always disposes it afterwards. Teardown
 * problems go to `report` (a progress warning); the body's own result or
 * error is what the caller sees.
 */
export async function withDisposal<T>(
  body: (stack: DisposalStack) => Promise<T>,
  opts: { timeoutMs?: number; report: (p: DisposeProblem) => void },
): Promise<T> {
  const stack = new DisposalStack();
  try {
    return await body(stack);
  } finally {
    for (const p of await stack.dispose(opts.timeoutMs)) opts.report(p);
  }
}
