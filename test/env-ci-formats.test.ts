import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty } from '../src/render/github.js';
import { runCli } from './helpers/cli.js';
import { repoRoot } from './helpers/fixtures.js';

/**
 * `env -o sarif` and `env -o github`: every finding at its file and line, the SARIF valid against
 * the official SARIF 2.1.0 schema (oasis-tcs/sarif-spec sarif-2.1/schema/sarif-schema-2.1.0.json,
 * test/fixtures/sarif), the annotations in GitHub's workflow-command syntax, the exit code the
 * verdict's.
 */

// A CommonJS module whose class is its `default` export: under NodeNext the import is the module.
type Validate = { (data: unknown): boolean; errors?: unknown[] | null };
const Ajv = (AjvDraft04 as unknown as { default: new (o: object) => { compile(s: object): Validate } })
  .default;

const SCHEMA = JSON.parse(
  readFileSync(join(repoRoot, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8'),
);
const RECIPES = 'test/fixtures/recipes';
const env = (...args: string[]) =>
  runCli(['env', RECIPES, ...args], { env: { NO_COLOR: '1' }, cwd: repoRoot });

/** The line a finding points at starts a manifest: its first key (apiVersion or kind). */
function startsManifest(file: string, line: number): boolean {
  const text = readFileSync(join(repoRoot, file), 'utf8').split('\n')[line - 1] ?? '';
  return /^(apiVersion|kind|metadata):/.test(text);
}

describe('env -o sarif', () => {
  it('is valid SARIF 2.1.0, with a located result for every failure and warning', async () => {
    const r = await env('-o', 'sarif');
    const json = await env('-o', 'json');
    expect(r.code).toBe(json.code);
    const sarif = JSON.parse(r.stdout);
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(SCHEMA);
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const checks = JSON.parse(json.stdout).checks as { status: string }[];
    const results = sarif.runs[0].results as {
      level: string;
      ruleId: string;
      locations?: {
        physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
      }[];
    }[];
    expect(results.filter((x) => x.level === 'error')).toHaveLength(
      checks.filter((c) => c.status === 'fail').length,
    );
    expect(results.filter((x) => x.level === 'warning')).toHaveLength(
      checks.filter((c) => c.status === 'warn').length,
    );
    expect(results.length).toBeGreaterThan(5);
    for (const x of results) {
      const loc = x.locations?.[0]?.physicalLocation;
      expect(loc, x.ruleId).toBeDefined();
      const file = decodeURIComponent(loc?.artifactLocation.uri ?? '');
      expect(file.startsWith(`${RECIPES}/`), file).toBe(true);
      expect(startsManifest(file, loc?.region.startLine ?? 0), `${file}:${loc?.region.startLine}`).toBe(true);
    }
  });

  it('a broken document makes the schema check fail (the validation can fail)', async () => {
    const sarif = JSON.parse((await env('-o', 'sarif')).stdout);
    sarif.runs[0].results[0].level = 'fatal';
    const validate = new Ajv({ strict: false }).compile(SCHEMA);
    expect(validate(sarif)).toBe(false);
  });
});

describe('env -o github', () => {
  it('one annotation per failure and warning with file= and line=, then the verdict', async () => {
    const r = await env('-o', 'github');
    const json = JSON.parse((await env('-o', 'json')).stdout) as { checks: { status: string }[] };
    const lines = r.stdout.trimEnd().split('\n');
    const errors = lines.filter((l) => l.startsWith('::error '));
    const warnings = lines.filter((l) => l.startsWith('::warning '));
    expect(errors).toHaveLength(json.checks.filter((c) => c.status === 'fail').length);
    expect(warnings).toHaveLength(json.checks.filter((c) => c.status === 'warn').length);
    for (const l of [...errors, ...warnings]) {
      const m = /^::(?:error|warning) file=([^,]+),line=(\d+),title=[^:]+::.+$/.exec(l);
      expect(m, l).not.toBeNull();
      expect(startsManifest(m?.[1] ?? '', Number(m?.[2]))).toBe(true);
      // one line each: a line feed in a detail is escaped
      expect(l).not.toContain('\n');
    }
    expect(lines.at(-1)).toMatch(/^::notice title=interconnect-test env%3A untrusted::/);
    expect(r.code).toBe(1);
  });

  it('escapes as the Actions toolkit does', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a.yaml#x:y, z')).toBe('a.yaml#x%3Ay%2C z');
  });
});
