import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastParseAll } from './fast-yaml.js';
import { parseYamlFile } from './load.js';

/** The full parser's answer (the `yaml` package). */
function reference(text: string) {
  return parseYamlFile(text, 'f', true).docs.map(({ doc, line, value }) => ({ doc, line, value }));
}

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('fastParseAll', () => {
  it('agrees with the yaml package on every fixture it takes', () => {
    let taken = 0;
    for (const file of yamlFiles(path.resolve('test/fixtures'))) {
      const text = readFileSync(file, 'utf8');
      if (/\{\{/.test(text)) continue; // Helm templates are skipped before parsing
      let ref: ReturnType<typeof reference>;
      try {
        ref = reference(text);
      } catch {
        // Invalid YAML: the fast path must not accept it.
        expect(fastParseAll(text), file).toBeUndefined();
        continue;
      }
      const fast = fastParseAll(text);
      if (fast === undefined) continue;
      taken++;
      expect(fast, file).toEqual(ref);
    }
    expect(taken).toBeGreaterThan(20);
  });

  it('agrees on scalars, document numbers and lines', () => {
    const cases = [
      'a: 1\nb: 0o17\nc: 0x1F\nd: 1_000\ne: -0x1\nf: 1e3\ng: .5\nh: +.inf\ni: .NaN\nj: 0b11\nk: 08\nl: 1.50\n',
      'a: ~\nb: Null\nc: NULL\nd: nil\ne: yes\nf: True\ng: FALSE\nh: 2024-01-01\ni: "1"\nj: \'x\'\n',
      '# head\n---\na: 1\n---\n---\n# only a comment\n---\n~\n--- |\n  block\n---   # c\nb: [1, {c: d}]\n',
      'a: 1\n---\nb: 2\n---\n',
      'k: |-\n  one\n  two\n\nm: >\n  folded\n  text\n\n  more\nn: plain\n  continued\n',
      'list:\n- a\n- b: c\n  d: e\n-   - nested\nempty:\nq: "esc \\t \\u00e9 \\n"\n',
      '1: a\n2.0: b\ntrue: c\n',
    ];
    for (const text of cases) {
      const fast = fastParseAll(text);
      expect(fast, text).toBeDefined();
      expect(fast, text).toEqual(reference(text));
    }
  });

  it('leaves to the full parser what could differ or fail', () => {
    for (const text of [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      '<<: {a: 1}\n',
      '? a\n: b\n',
      '~: a\n',
      ': a\n',
      '[a]: b\n',
      '%YAML 1.2\n---\na: 1\n',
      'a: 1\n...\n',
      'a:\tb\n',
      'a: 1\r\n',
      'a: 1\na: 2\n',
      'a: [1\n',
      'a: b: c\n',
      '--- a: 1\n',
      `${'k'.repeat(1100)}: 1\n`,
    ]) {
      expect(fastParseAll(text), text).toBeUndefined();
    }
  });
});
