import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/fixtures.js';

/**
 * The house rules of docs/architecture.md that the layer check
 * (`npm run layers`) does not cover: small files, a short pair/ root, engines
 * named only in src/engines/, time read only through the clock and the process seams.
 */

const SRC = path.join(repoRoot, 'src');

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (f: string) => path.relative(repoRoot, f);
const files = sources().map((f) => ({ file: rel(f), text: readFileSync(f, 'utf8') }));

/** Lines matching `re`, as `file:line: text`, in files not under one of `allowed`. */
function hits(re: RegExp, allowed: readonly string[]): string[] {
  return files
    .filter((f) => !allowed.some((a) => f.file === a || f.file.startsWith(`${a}/`)))
    .flatMap((f) =>
      f.text.split('\n').flatMap((line, i) => (re.test(line) ? [`${f.file}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('the house rules', () => {
  it('sees the source tree (a guard against a vacuous pass)', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.some((f) => f.file === 'src/main.ts')).toBe(true);
  });

  it('no source file is over 400 lines', () => {
    const long = files
      .map((f) => ({ file: f.file, lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) }))
      .filter((f) => f.lines > 400)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it('pair/ is a short root over its rooms: at most 15 source files at src/pair/ itself', () => {
    const root = files.filter((f) => path.dirname(f.file) === 'src/pair').map((f) => f.file);
    expect(root.length).toBeGreaterThan(0);
    expect(root.length, root.join(', ')).toBeLessThanOrEqual(15);
  });

  it('every declared dependency is imported by some source file (an unused one is removed, not carried)', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const names = Object.keys(pkg.dependencies);
    expect(names.length).toBeGreaterThan(0);
    const imported = (name: string) => {
      const re = new RegExp(`(from |import\\()'${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^']*)?'`);
      return files.some((f) => re.test(f.text));
    };
    expect(names.filter((n) => !imported(n))).toEqual([]);
  });

  it('engines are named only in src/engines/', () => {
    const re =
      /[=!]==\s*'(nixlbench|nixl|ucx_perftest)'|'(nixlbench|nixl|ucx_perftest)'\s*[=!]==|case '(nixlbench|nixl|ucx_perftest)'/;
    expect(re.test("if (engine === 'nixl')")).toBe(true);
    expect(hits(re, ['src/engines'])).toEqual([]);
  });

  it('time is read only through the clock and the process and Cluster seams', () => {
    const re = /\bDate\.now\(|\bsetTimeout\(|\bsetInterval\(|\bnew Date\(\)|\bperformance\.now\(/;
    const seams = [
      'src/core/clock.ts', // the clock
      'src/core/progress.ts', // the spinner's redraw timer
      'src/procs', // the process seam
      'src/kube/transport.ts', // connect and request bounds of the Cluster seam
      'src/kube/exec.ts',
      'src/kube/exec-credential.ts', // the credential plugin's process and its limit
      'src/tools', // benches measure wall time
    ];
    expect(hits(re, seams)).toEqual([]);
  });
});
