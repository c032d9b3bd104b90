import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolError } from '../core/errors.js';
import { SweepOptionsShape, toSweepConfig } from './options.js';

/** `sweep`'s options into what runSweep is asked to do, and the combinations it refuses. */

const parse = (raw: Record<string, unknown>) => z.object(SweepOptionsShape).parse(raw);

describe('toSweepConfig', () => {
  it('runs every pair cross-node with --pair-timeout, without node probes, under the whole --timeout', () => {
    const config = toSweepConfig(
      parse({ nodes: 'a,b,c', pairTimeout: '2m', timeout: '20m', outlier: '0.2', maxParallel: '4' }),
      {},
    );
    expect(config).toMatchObject({
      nodes: ['a', 'b', 'c'],
      maxParallel: 4,
      outlierFraction: 0.2,
      timeoutMs: 20 * 60_000,
      pair: { mode: 'cross-node', timeoutMs: 2 * 60_000, nodeProbes: false },
    });
  });

  it('refuses --scheme role without the DGD whose roles it pairs, naming the fix', () => {
    let err: unknown;
    try {
      toSweepConfig(parse({ scheme: 'role', nodes: 'a,b' }), {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toMatch(/^--scheme role pairs the prefill and decode nodes/);
    expect((err as ToolError).fix).toMatch(/--dgd NAME/);
  });
});
