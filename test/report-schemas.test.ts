// Every command's -o json output against its published schema (references/*.schema.json, generated
// from the same zod schemas by npm run schema), strictly: a field a command prints that its schema
// does not declare fails here, so the published contract cannot fall behind the output.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../src/classify/tools.js';
import { reportSchemaOf, type SchemaFile } from '../src/tools/schema.js';
import { runCli } from './helpers/cli.js';
import { fixturePath } from './helpers/fixtures.js';

function strictParse(file: SchemaFile, stdout: string) {
  const schema = reportSchemaOf(file) as unknown as {
    strict(): { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } };
  };
  const r = schema.strict().safeParse(JSON.parse(stdout));
  expect(r.error?.issues ?? [], file).toEqual([]);
  return r.success;
}

describe('-o json against the published schema, strictly', () => {
  it('node --local', async () => {
    const r = await runCli(['node', '--local', '-o', 'json', '-q']);
    expect(strictParse('node.schema.json', r.stdout)).toBe(true);
  });

  // One real capture per tool that has a fixture folder (test/fixtures/node/<tool>/).
  const dir = fixturePath('node');
  const tools = readdirSync(dir).filter((t) => t in TOOLS);
  it.each(tools)('read %s', async (tool) => {
    const capture = readdirSync(path.join(dir, tool)).find((f) => f !== 'INDEX.md');
    expect(capture).toBeDefined();
    const r = await runCli(['read', tool, path.join(dir, tool, capture as string), '-o', 'json']);
    expect(r.code, r.stderr).toBeLessThan(2);
    expect(strictParse('read.schema.json', r.stdout)).toBe(true);
  });

  it('read: the schema names every tool read takes', () => {
    const input = (
      reportSchemaOf('read.schema.json') as unknown as {
        shape: { input: { shape: { tool: { options: string[] } } } };
      }
    ).shape.input.shape.tool.options;
    expect([...input].sort()).toEqual(Object.keys(TOOLS).sort());
  });
});
