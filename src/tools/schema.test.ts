import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { VERSION } from '../version.js';
import { reportJsonSchema } from './schema.js';

describe('references/result.schema.json', () => {
  it('is the schema generated from the zod model (run npm run build && npm run schema)', () => {
    const committed = readFileSync(
      fileURLToPath(new URL('../../references/result.schema.json', import.meta.url)),
      'utf8',
    );
    expect(committed).toBe(reportJsonSchema());
  });

  it('requires the verdict and the check statuses', () => {
    const schema = JSON.parse(reportJsonSchema());
    expect(schema.required).toEqual(expect.arrayContaining(['schemaVersion', 'checks', 'verdict']));
    expect(schema.properties.checks.items.properties.status.enum).toEqual(['ok', 'warn', 'fail', 'skipped']);
  });
});

describe('version', () => {
  it('matches package.json', () => {
    expect(VERSION).toBe(pkg.version);
  });
});
