import { describe, expect, it } from 'vitest';
import { DisposalStack, withDisposal } from './disposal.js';

describe('DisposalStack', () => {
  it('runs teardowns last-in first-out and keeps going after one fails', async () => {
    const order: string[] = [];
    const stack = new DisposalStack();
    stack.defer('first', () => void order.push('first'));
    stack.defer('second', () => {
      order.push('second');
      throw new Error('boom');
    });
    stack.defer('third', async () => void order.push('third'));
    const problems = await stack.dispose(1000);
    expect(order).toEqual(['third', 'second', 'first']);
    expect(problems).toEqual([{ name: 'second', message: 'boom' }]);
    expect(stack.size).toBe(0);
  });

  it('gives each teardown its own fresh timeout and moves on when one hangs', async () => {
    const stack = new DisposalStack();
    const seen: boolean[] = [];
    stack.defer('quick', (signal) => void seen.push(signal.aborted));
    stack.defer('hangs', () => new Promise(() => {}));
    const problems = await stack.dispose(100);
    expect(problems).toEqual([{ name: 'hangs', message: 'did not finish within 100 ms' }]);
    // The second teardown ran with a signal that had not fired: the hung one did not use it up.
    expect(seen).toEqual([false]);
  });

  it('disposeAll runs every teardown at once under one signal and names the ones that failed or hung', async () => {
    const stack = new DisposalStack();
    const started: string[] = [];
    stack.defer('a', async () => {
      started.push('a');
      await new Promise((r) => setTimeout(r, 30));
    });
    stack.defer('b', async () => {
      started.push('b');
      throw new Error('refused');
    });
    stack.defer('c', () => {
      started.push('c');
      return new Promise(() => {});
    });
    const ctl = new AbortController();
    const pending = stack.disposeAll(ctl.signal);
    // All three started before the first (30 ms) finished: at once, not one after another.
    await new Promise((r) => setTimeout(r, 5));
    expect(started.sort()).toEqual(['a', 'b', 'c']);
    setTimeout(() => ctl.abort(new Error('budget')), 80);
    const problems = await pending;
    expect(problems).toEqual([
      { name: 'c', message: 'did not finish in time' },
      { name: 'b', message: 'refused' },
    ]);
    expect(stack.size).toBe(0);
  });

  it('withDisposal keeps the body error and reports teardown errors on the side', async () => {
    const reported: string[] = [];
    const err = await withDisposal(
      async (stack) => {
        stack.defer('cleanup', () => {
          throw new Error('cleanup broke');
        });
        throw new Error('the real failure');
      },
      { report: (p) => reported.push(`${p.name}: ${p.message}`) },
    ).catch((e: Error) => e);
    expect((err as Error).message).toBe('the real failure');
    expect(reported).toEqual(['cleanup: cleanup broke']);
  });
});
