import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOptions } from '../commands/options.js';
import { ToolError } from '../core/errors.js';
import { TargetOptionsShape } from './options.js';

const schema = z.object(TargetOptionsShape);

describe('--probe-timeout', () => {
  it('takes a duration, or plain seconds, in milliseconds; 20s by default', () => {
    expect(parseOptions(schema, { probeTimeout: '5s' }).probeTimeout).toBe(5000);
    expect(parseOptions(schema, { probeTimeout: '2m' }).probeTimeout).toBe(120_000);
    expect(parseOptions(schema, { probeTimeout: '500ms' }).probeTimeout).toBe(500);
    expect(parseOptions(schema, { probeTimeout: '20' }).probeTimeout).toBe(20_000);
    expect(parseOptions(schema, { probeTimeout: '1.5' }).probeTimeout).toBe(1500);
    expect(parseOptions(schema, {}).probeTimeout).toBe(20_000);
  });

  it.each([
    ['5x', '--probe-timeout: expected a duration such as 20s, 2m or 500ms'],
    ['0', '--probe-timeout: expected a duration such as 20s, 2m or 500ms'],
    ['0s', '--probe-timeout: expected a duration such as 20s, 2m or 500ms'],
    ['2h', '--probe-timeout: at most 1h, got 2h'],
  ])('%j is one line naming the flag', (value, message) => {
    let err: unknown;
    try {
      parseOptions(schema, { probeTimeout: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe(`invalid options: ${message}`);
    expect((err as ToolError).message).not.toContain('\n');
  });
});
