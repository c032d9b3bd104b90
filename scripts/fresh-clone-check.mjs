// Reads vitest's JSON report of a fresh-clone `npm test` (scripts/fresh-clone-test.sh) and fails
// on anything but passes and named skips. A named skip is one test/helpers/preconditions.ts made:
// need() puts the reason in the test's meta (skipReason), describeNeeding() in the title of the
// describe ("… (skipped: needs X: why)"). Prints the skips grouped by reason.
//
//   node scripts/fresh-clone-check.mjs results.json [npm-test-exit-code]
import { readFileSync } from 'node:fs';

const [file, exitCode = '0'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/fresh-clone-check.mjs results.json [npm-test-exit-code]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));

/** The reason a skipped test was skipped with, or undefined when it names none. */
function skipReason(t) {
  if (typeof t.meta?.skipReason === 'string' && t.meta.skipReason) return t.meta.skipReason;
  for (const title of t.ancestorTitles ?? []) {
    const m = /\(skipped: (.+)\)$/.exec(title);
    if (m) return m[1];
  }
  return undefined;
}

const failed = [];
const unnamed = [];
const named = new Map();
let passed = 0;
for (const f of report.testResults ?? []) {
  if (f.status === 'failed' && (f.assertionResults ?? []).every((t) => t.status !== 'failed'))
    failed.push(`${f.name}: ${f.message || 'the file failed'}`);
  for (const t of f.assertionResults ?? []) {
    if (t.status === 'passed') passed++;
    else if (t.status === 'failed') failed.push(`${f.name}: ${t.fullName}`);
    else {
      const why = skipReason(t);
      if (why) named.set(why, (named.get(why) ?? 0) + 1);
      else unnamed.push(`${f.name}: ${t.fullName} (${t.status}, no reason)`);
    }
  }
}

for (const [why, n] of [...named].sort((a, b) => b[1] - a[1])) console.log(`skipped ${n}: ${why}`);
console.log(
  `fresh clone: ${passed} passed, ${[...named.values()].reduce((a, b) => a + b, 0)} skipped with a reason, ` +
    `${unnamed.length} skipped without one, ${failed.length} failed (npm test exit ${exitCode})`,
);
for (const line of [...failed, ...unnamed]) console.log(`  ${line}`);
process.exit(failed.length || unnamed.length || exitCode !== '0' || passed === 0 ? 1 : 0);
