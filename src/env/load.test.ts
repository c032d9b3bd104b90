import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLION_LAUGHS } from '../../test/helpers/env.js';
import { ToolError, ToolErrors } from '../core/errors.js';
import { loadInputs, MAX_FILE_BYTES, MAX_FLOW_DEPTH, MAX_TOTAL_BYTES, parseYamlFile } from './load.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'env-load-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text: string | Buffer) {
  const abs = path.join(dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
}

async function errorOf(p: Promise<unknown>): Promise<ToolError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ToolError) return err;
    throw err;
  }
  throw new Error('expected a ToolError');
}

describe('parseYamlFile', () => {
  it('reads every document with its number and first line, skipping empty ones', () => {
    // A comment before the first `---` belongs to the first document, as in kubectl.
    const text = '# header\n---\napiVersion: v1\nkind: ConfigMap\n---\n# only a comment\n---\n\nkind: Pod\n';
    expect(parseYamlFile(text, 'f.yaml')).toEqual({
      docs: [
        { file: 'f.yaml', doc: 1, line: 3, value: { apiVersion: 'v1', kind: 'ConfigMap' } },
        { file: 'f.yaml', doc: 3, line: 9, value: { kind: 'Pod' } },
      ],
      skipped: [],
    });
  });

  it('names file, line and column of a syntax error', () => {
    const err = (() => {
      try {
        parseYamlFile('apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  name: b\n', 'dup.yaml');
      } catch (e) {
        return e as ToolError;
      }
    })();
    expect(err).toBeInstanceOf(ToolError);
    expect(err?.message).toBe('dup.yaml:5:3: invalid YAML: Map keys must be unique');
    expect(() => parseYamlFile('a: 1\n---\nb:\n\t- c\n', 'tab.yaml')).toThrow(
      /^tab\.yaml:4:1: invalid YAML: Tabs/,
    );
  });

  it('refuses a billion-laughs document quickly', () => {
    expect(() => parseYamlFile(BILLION_LAUGHS, 'bomb.yaml')).toThrow(
      /^bomb\.yaml:1:1: refusing to expand YAML aliases: Excessive alias count/,
    );
  });

  it('refuses absurd nesting before the parser recurses', () => {
    const text = `a: ${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(() => parseYamlFile(text, 'deep.yaml')).toThrow(
      `deep.yaml:1:${4 + MAX_FLOW_DEPTH}: YAML nested more than ${MAX_FLOW_DEPTH} levels deep`,
    );
    // brackets inside quotes and comments do not count
    expect(parseYamlFile(`a: "${'['.repeat(2000)}" # ${'{'.repeat(2000)}\n`, 'q.yaml').docs).toHaveLength(1);
  });

  it('skips Helm templates instead of misreading them', () => {
    expect(parseYamlFile('metadata:\n  name: {{ .Values.name }}\n', 'chart.yaml')).toEqual({
      docs: [],
      skipped: [
        {
          file: 'chart.yaml',
          doc: 0,
          line: 1,
          kind: '-',
          why: 'a Helm/Go template, not a manifest; render it first (helm template …)',
        },
      ],
    });
  });
});

describe('a manifest in the markdown fence it was posted in (issue 38 P1)', () => {
  const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n';

  it("the fence lines are the page's: the manifest inside is read, its lines numbered as in the file", () => {
    expect(parseYamlFile(`\`\`\`yaml\n${pod}\`\`\`\n`, 'f.yaml').docs).toEqual([
      { file: 'f.yaml', doc: 1, line: 2, value: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } } },
    ]);
    expect(parseYamlFile(`# from the issue\n~~~\n${pod}~~~\n\n`, 'f.yaml').docs).toHaveLength(1);
  });

  it('a fence inside a block scalar is the value, and an unclosed fence is no fence: still invalid YAML', () => {
    const readme = `${pod}data:\n  README.md: |\n    \`\`\`\n    code\n    \`\`\`\n`;
    expect(parseYamlFile(readme, 'cm.yaml').docs[0]?.value).toMatchObject({
      data: { 'README.md': '```\ncode\n```\n' },
    });
    expect(() => parseYamlFile(`\`\`\`yaml\n${pod}`, 'f.yaml')).toThrow(/invalid YAML/);
  });
});

describe('Go-template actions that are data, not a chart (go-template.ts)', () => {
  const chart = 'a Helm/Go template, not a manifest; render it first (helm template …)';
  it("reads a manifest whose actions sit inside string values, the controller's own templating", () => {
    const llmisvc = [
      'apiVersion: serving.kserve.io/v1alpha1',
      'kind: LLMInferenceService',
      'spec:',
      '  router:',
      '    scheduler:',
      '      template:',
      '        containers:',
      '          - name: main',
      '            args:',
      '              - --poolName',
      '              - "{{ ChildName .ObjectMeta.Name `-inference-pool` }}"',
      '              - --poolNamespace',
      '              - "{{ .ObjectMeta.Namespace }}"',
      '              - |',
      '                name: {{ .ObjectMeta.Name }}',
      '',
    ].join('\n');
    expect(parseYamlFile(llmisvc, 'llmisvc.yaml').docs).toHaveLength(1);
    const runtime =
      'kind: ServingRuntime\nspec:\n  containers:\n    - args:\n        - --served-model-name={{.Name}}\n';
    expect(parseYamlFile(runtime, 'sr.yaml').docs).toHaveLength(1);
  });

  it('still skips a chart: Helm objects even when quoted, actions outside strings, and a file that does not parse', () => {
    for (const text of [
      'metadata:\n  name: "{{ .Release.Name }}"\n',
      'a:\n  b: "{{ .ObjectMeta.Name }}"\n  c: {{ .ObjectMeta.Name }}\n',
      'a: 1\n{{- if .Spec.X }}\nb: 2\n{{- end }}\n',
    ])
      expect(parseYamlFile(text, 'chart.yaml').skipped.map((s) => s.why)).toEqual([chart]);
  });
});

describe('loadInputs', () => {
  it('walks directories recursively and in order, dotfiles included, .git and non-YAML skipped', async () => {
    write('b/deploy.yaml', 'kind: A\n');
    write('a/.kustomize-matrix.yaml', 'source: x\n');
    write('a/README.md', '# no');
    write('.git/config.yaml', 'kind: Nope\n');
    write('c.YML', '');
    const loaded = await loadInputs(['.'], dir);
    expect(loaded).toEqual({
      files: ['a/.kustomize-matrix.yaml', 'b/deploy.yaml', 'c.YML'],
      docs: [
        { file: 'a/.kustomize-matrix.yaml', doc: 1, line: 1, value: { source: 'x' } },
        { file: 'b/deploy.yaml', doc: 1, line: 1, value: { kind: 'A' } },
      ],
      skipped: [
        { file: 'c.YML', doc: 0, line: 1, kind: '-', why: 'no YAML documents (empty or comments only)' },
      ],
    });
  });

  it('reads a named file whatever its extension and shows absolute paths as given', async () => {
    write('manifest.txt', 'kind: Pod\n');
    const abs = path.join(dir, 'manifest.txt');
    const loaded = await loadInputs([abs], '/');
    expect(loaded.files).toEqual([abs]);
    expect(loaded.docs[0]?.file).toBe(abs);
  });

  it('reads a file once even when it is reached twice', async () => {
    write('d/x.yaml', 'kind: A\n');
    const loaded = await loadInputs(['d', 'd/x.yaml', path.join(dir, 'd', 'x.yaml')], dir);
    expect(loaded.files).toEqual(['d/x.yaml']);
    expect(loaded.docs).toHaveLength(1);
  });

  it('does not loop on a symlinked directory cycle', async () => {
    write('r/x.yaml', 'kind: A\n');
    symlinkSync(path.join(dir, 'r'), path.join(dir, 'r', 'loop'));
    const loaded = await loadInputs(['r'], dir);
    expect(loaded.files).toEqual(['r/x.yaml']);
  });

  it('reports a missing path and an empty directory, each naming the path', async () => {
    mkdirSync(path.join(dir, 'empty'));
    write('docs/README.md', 'x');
    const err = await errorOf(loadInputs(['nope', 'empty', 'docs'], dir));
    expect(err).toBeInstanceOf(ToolErrors);
    expect((err as ToolErrors).errors.map((e) => e.message)).toEqual([
      'nope: no such file or directory',
      'empty: no *.yaml or *.yml files in this directory',
      'docs: no *.yaml or *.yml files in this directory',
    ]);
  });

  it('never aborts a walk: binary, non-UTF-8, malformed and alias-bomb files are skipped with line and reason', async () => {
    write('bin.yaml', Buffer.from([0x6b, 0x69, 0x6e, 0x64, 0x00, 0x01]));
    write('latin1.yaml', Buffer.from('name: caf\xe9\n', 'latin1'));
    write('broken.yaml', 'a: [1, 2\n');
    write('bomb.yaml', BILLION_LAUGHS);
    write('good.yaml', 'kind: Pod\n');
    const loaded = await loadInputs(['.'], dir);
    expect(loaded.docs.map((d) => d.file)).toEqual(['good.yaml']);
    expect(loaded.skipped.map((k) => `${k.file}:${k.line} ${k.why}`)).toEqual([
      'bin.yaml:1 not a text file (binary content at byte 4)',
      'bomb.yaml:1 document 1 at line 1: refusing to expand YAML aliases: Excessive alias count indicates a resource exhaustion attack (a "billion laughs" document?)',
      'broken.yaml:2 invalid YAML at line 2, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]',
      'latin1.yaml:1 not a text file (invalid UTF-8)',
    ]);
  });

  it('stops at the total input limit of a walk: one line names the first file not read and how many follow', async () => {
    // Each file is under the per-file limit; together they pass the total, so the last ones are not read.
    const n = Math.floor(MAX_TOTAL_BYTES / MAX_FILE_BYTES);
    for (let i = 0; i <= n + 2; i++)
      write(`f${String(i).padStart(2, '0')}.yaml`, Buffer.alloc(MAX_FILE_BYTES, 0x20));
    const loaded = await loadInputs(['.'], dir);
    const notRead = loaded.skipped.filter((k) => k.why.startsWith('not read'));
    expect(notRead.map((k) => `${k.file}: ${k.why}`)).toEqual([
      `f${n}.yaml: not read, nor the 2 files after it: this run already read its 64 MiB total input limit (raise it with --max-total)`,
    ]);
  });

  it('a file that cannot fit what is left of the total ends the reading, saying how much was left', async () => {
    write('a.yaml', Buffer.alloc(1000, 0x20));
    for (let i = 0; i < 3; i++) write(`f${i}.yaml`, Buffer.alloc(600, 0x20));
    const loaded = await loadInputs(['.'], dir, undefined, undefined, undefined, {
      maxFiles: 100,
      maxTotalBytes: 2048,
    });
    expect(
      loaded.skipped.filter((k) => k.why.startsWith('not read')).map((k) => `${k.file}: ${k.why}`),
    ).toEqual([
      "f1.yaml: not read, nor the 1 file after it: only 448 bytes was left of this run's 2 KiB total input limit (raise it with --max-total)",
    ]);
  });

  it('stops listing at the file cap (all walks of the run together) and names the first file left out', async () => {
    for (let i = 0; i < 6; i++) write(`a/f${i}.yaml`, 'kind: ConfigMap\n');
    for (let i = 0; i < 3; i++) write(`b/g${i}.yaml`, 'kind: ConfigMap\n');
    const caps = { maxFiles: 4, maxTotalBytes: MAX_TOTAL_BYTES };
    const one = await loadInputs(['a'], dir, undefined, undefined, undefined, caps);
    expect(one.files).toEqual(['a/f0.yaml', 'a/f1.yaml', 'a/f2.yaml', 'a/f3.yaml']);
    expect(one.skipped.map((k) => `${k.file}: ${k.why}`)).toEqual([
      'a/f4.yaml: not read, nor any file the walk would have found after it: this run reached its 4-file limit (raise it with --max-files)',
    ]);
    const two = await loadInputs(['b', 'a'], dir, undefined, undefined, undefined, caps);
    expect(two.files).toEqual(['b/g0.yaml', 'b/g1.yaml', 'b/g2.yaml', 'a/f0.yaml']);
    expect(two.skipped.map((k) => k.file)).toEqual(['a/f1.yaml']);
  });

  it('shows files and MB read once a walk has taken over a second, and nothing for a quick one', async () => {
    write('a.yaml', 'kind: Pod\n');
    write('b.yaml', `kind: ConfigMap\ndata:\n  x: "${'y'.repeat(2_000_000)}"\n`);
    write('c.yaml', 'kind: Pod\n');
    const calls: string[] = [];
    const progress = {
      step: (t: string) => calls.push(`step ${t}`),
      update: (m: string) => calls.push(`update ${m}`),
      done: () => calls.push('done'),
      warn: (m: string) => calls.push(`warn ${m}`),
      close: () => calls.push('close'),
    };
    let t = 0;
    // The clock passes a second while the first file is read.
    const now = () => {
      t += 600;
      return t;
    };
    const loaded = await loadInputs(['.'], dir, undefined, undefined, { progress, now });
    expect(loaded.docs).toHaveLength(3);
    expect(calls).toEqual([
      'step reading recipes',
      'update 1 of 3 files, 0.0 MB read',
      'update 2 of 3 files, 2.0 MB read',
      'close',
    ]);
    calls.length = 0;
    await loadInputs(['.'], dir, undefined, undefined, { progress, now: () => 5 });
    expect(calls).toEqual([]);
  });

  it('reads stdin for -', async () => {
    const { Readable } = await import('node:stream');
    const loaded = await loadInputs(['-'], dir, undefined, Readable.from(['kind: Pod\n']));
    expect(loaded.files).toEqual(['stdin']);
    expect(loaded.docs.map((d) => d.value)).toEqual([{ kind: 'Pod' }]);
  });

  it('throws a single ToolError (not a list) for one bad input', async () => {
    const err = await errorOf(loadInputs(['missing.yaml'], dir));
    expect(err).not.toBeInstanceOf(ToolErrors);
    expect(err.message).toBe('missing.yaml: no such file or directory');
    expect(err.fix).toBe('give a recipe file or directory that exists');
    await expect(loadInputs([], dir)).rejects.toThrow('no recipe given');
  });

  it('refuses a file over the limit', async () => {
    write('big.yaml', Buffer.alloc(MAX_FILE_BYTES + 1, 0x20));
    const big = await errorOf(loadInputs(['big.yaml'], dir));
    expect(big.message).toBe('big.yaml is larger than the 4 MiB input limit');
    expect(big.fix).toBe('give the recipe files, not archives or logs');
  });

  it('skips a FIFO met in a directory walk with a note, and refuses one named on the command line (a real mkfifo)', async () => {
    write('a.yaml', 'kind: ConfigMap\n');
    execFileSync('mkfifo', [path.join(dir, 'pipe.yaml')]);
    const walked = await loadInputs(['.'], dir);
    expect(walked.files).toEqual(['a.yaml']);
    expect(walked.skipped).toEqual([
      {
        file: 'pipe.yaml',
        doc: 0,
        line: 1,
        kind: '-',
        why: 'not read: not a regular file (a FIFO, socket or device)',
      },
    ]);
    // No writer, no signal: before the refusal this waited for ever.
    const named = await errorOf(loadInputs(['pipe.yaml'], dir));
    expect(named.message).toBe('cannot read pipe.yaml: it is a FIFO, not a regular file or a directory');
    expect(named.fix).toBe('save it to a file, or pipe it in and give - for stdin');
    const zero = await errorOf(loadInputs(['a.yaml', '/dev/zero'], dir));
    expect(zero.message).toBe(
      'cannot read /dev/zero: it is a character device, not a regular file or a directory',
    );
  });
});
