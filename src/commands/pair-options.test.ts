import { describe, expect, it } from 'vitest';
import { flagOf, PairOptionsSchema } from './actions/pair.js';
import type { CliContext } from './context.js';
import { pairCommand } from './pair.js';

/**
 * Each `pair` option is declared once in shape (the zod schema, pair/options/schema.ts) and
 * once as a flag (commander, for its spelling and help): commander's key for every flag is a
 * key of the schema, and the flag the action names in its messages (flagOf) is the flag
 * commander declared for that key, so no table repeats `--etcd-image` beside `etcdImage`.
 */
describe('pair: one declaration per option', () => {
  const ctx = {} as CliContext;
  const options = pairCommand(ctx).options;
  const keys = new Set(Object.keys(PairOptionsSchema.shape));

  it('every flag commander declares is a key of the one schema', () => {
    const missing = options.map((o) => o.attributeName()).filter((k) => !keys.has(k));
    expect(missing).toEqual([]);
  });

  it('the action names a flag exactly as commander declared it', () => {
    for (const o of options.filter((o) => !o.negate)) expect(flagOf(o.attributeName()), o.long).toBe(o.long);
    expect(flagOf('etcdImage')).toBe('--etcd-image');
  });
});
