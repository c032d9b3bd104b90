import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/fixtures.js';

/**
 * The rules for the unit tests themselves (docs/testing.md), checked so a broken one cannot come
 * back: `npm test` must pass on any machine that has Node and Python, so
 * - no unit test asserts wall-clock time: a busy 2-core machine made "ends within 2,000 ms" read
 *   2,334 ms. Bound behaviour with the injected clock (core/clock.ts), assert the limit that fired
 *   (its message, `timedOut`), and let the test's own timeout catch a hang; speed is measured by
 *   the benchmarks (src/tools/bench-*.ts), which print figures and assert nothing;
 * - a test skips only through the one guard, test/helpers/preconditions.ts, which names the reason
 *   and fails under CI=true: no `it.skip`, `skipIf`, `runIf` or bare `ctx.skip` anywhere else.
 */

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'e2e' || e.name === 'node_modules' ? [] : testFiles(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = [...testFiles(path.join(repoRoot, 'src')), ...testFiles(path.join(repoRoot, 'test'))].map(
  (f) => ({ file: path.relative(repoRoot, f), text: readFileSync(f, 'utf8') }),
);

function hits(re: RegExp, except: readonly string[] = []): string[] {
  return files
    .filter((f) => !except.includes(f.file))
    .flatMap((f) =>
      f.text.split('\n').flatMap((line, i) => (re.test(line) ? [`${f.file}:${i + 1}: ${line.trim()}`] : [])),
    );
}

/** An elapsed time compared with a bound: `expect(Date.now() - t0).toBeLessThan(…)`, `expect(run.ms)…`. */
const WALL_CLOCK_ASSERTION =
  /expect\(\s*((Date|performance)\.now\(\)\s*-|[\w.]*\b(ms|elapsedMs\(\)|elapsed|tookMs|durationMs)\s*[,)]).*\.toBe(LessThan|GreaterThan)(OrEqual)?\(/;

const SKIP_OUTSIDE_GUARD = /\b(it|test|describe)\.(skip|skipIf|runIf|todo)\b|\bctx\.skip\(/;

describe('the rules for unit tests', () => {
  it('sees the test files (a guard against a vacuous pass)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map((f) => f.file)).toContain('test/test-rules.test.ts');
  });

  it('no unit test asserts wall-clock time', () => {
    expect(hits(WALL_CLOCK_ASSERTION, ['test/test-rules.test.ts'])).toEqual([]);
  });

  it('the wall-clock pattern catches the shapes that were there', () => {
    for (const line of [
      'expect(Date.now() - t0).toBeLessThan(2_000);',
      'expect(performance.now() - started).toBeLessThan(3000);',
      'expect(run.ms).toBeLessThan(2_000 + SLACK_MS);',
      'expect(run.ms, args[0]).toBeLessThan(limit + SLACK_MS);',
      'expect(run.ms).toBeGreaterThanOrEqual(1_900);',
      'expect(cli.elapsedMs()).toBeLessThan(20_000);',
    ])
      expect(WALL_CLOCK_ASSERTION.test(line), line).toBe(true);
    for (const line of [
      'expect(box?.width).toBeLessThanOrEqual(1400);',
      'expect(run.rounds).toBeLessThan(3);',
    ])
      expect(WALL_CLOCK_ASSERTION.test(line), line).toBe(false);
  });

  it('a test skips only through test/helpers/preconditions.ts (named locally, a failure in CI)', () => {
    expect(
      hits(SKIP_OUTSIDE_GUARD, ['test/test-rules.test.ts', 'test/helpers/preconditions.test.ts']),
    ).toEqual([]);
  });
});
