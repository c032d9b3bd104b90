import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderCatalogMarkdown } from '../env/catalog-md.js';

/**
 * Writes references/interconnect-env-vars.md from the catalog in src/env.
 * `--check` only compares and exits 1 when the committed file is stale.
 */
const target = fileURLToPath(new URL('../../references/interconnect-env-vars.md', import.meta.url));
const text = renderCatalogMarkdown();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== text) {
    process.stderr.write(`${target} is out of date: run npm run env-catalog\n`);
    process.exitCode = 1;
  }
} else {
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
}
