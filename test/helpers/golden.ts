import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { repoRoot } from './fixtures.js';

/** Where golden files live. */
export const goldenDir = path.join(repoRoot, 'test', 'golden');

/**
 * Compare `actual` with the golden file test/golden/<name>.
 *
 * A missing golden FAILS the test: it is never written and passed, so a fresh
 * clone that lost one cannot go green by accident. To (re)write goldens, run
 * the test with UPDATE_GOLDEN=1 set explicitly, e.g.
 * `UPDATE_GOLDEN=1 npx vitest run test/pair-dry-run.test.ts`, then review the
 * diff before committing it.
 */
export function expectGolden(name: string, actual: string): void {
  const file = path.join(goldenDir, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  if (!existsSync(file)) {
    throw new Error(
      `golden file ${path.relative(repoRoot, file)} is missing; write it with UPDATE_GOLDEN=1 and review it`,
    );
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
}
