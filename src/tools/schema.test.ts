import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { repoRoot } from '../core/assets.js';
import { VERSION } from '../version.js';
import { reportJsonSchema, schemaFiles } from './schema.js';

describe('the JSON Schemas in references/', () => {
  for (const file of schemaFiles) {
    it(`${file} is the schema generated from the zod model (npm run build && npm run schema)`, () => {
      const committed = readFileSync(path.join(repoRoot(), 'references', file), 'utf8');
      expect(committed).toBe(reportJsonSchema(file));
    });
  }

  it('requires the verdict and the check statuses', () => {
    const schema = JSON.parse(reportJsonSchema());
    expect(schema.required).toEqual(expect.arrayContaining(['schemaVersion', 'checks', 'verdict']));
    expect(schema.properties.checks.items.properties.status.enum).toEqual(['ok', 'warn', 'fail', 'skipped']);
  });

  it('describes the env and pair data', () => {
    const env = JSON.parse(reportJsonSchema('env.schema.json'));
    expect(env.required).toEqual(expect.arrayContaining(['checks', 'verdict', 'services']));
    expect(env.properties.services.items.required).toEqual(
      expect.arrayContaining(['file', 'deployment', 'name', 'role', 'transportVars', 'missingCritical']),
    );
    const pair = JSON.parse(reportJsonSchema('pair.schema.json'));
    expect(pair.properties.measurement.required).toEqual(
      expect.arrayContaining(['engine', 'mode', 'transport', 'nodes', 'peakGBps', 'rows']),
    );
  });
});

describe('version', () => {
  it('matches package.json', () => {
    expect(VERSION).toBe(pkg.version);
  });
});
