// The entry of the single executable (scripts/package.mjs bundles it into one CommonJS file):
// the templates, probe scripts and build files embedded as SEA assets are written once into a
// folder of their own (what repoRoot() and each module's import.meta.url point into), then the
// CLI runs as dist/cli.js does.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { getAsset } from 'node:sea';
import { runProcess } from '../../dist/main.js';

/** The embedded files, by the path they have in a checkout. */
const files = JSON.parse(getAsset('manifest.json', 'utf8'));
/** The folder's name follows what is in it: a binary with other templates never reads stale ones. */
const hash = createHash('sha256');
for (const rel of files) hash.update(rel).update(Buffer.from(getAsset(rel)));
const stamp = hash.digest('hex').slice(0, 16);

function base() {
  const cache = process.env.XDG_CACHE_HOME || (process.env.HOME || homedir() ? path.join(process.env.HOME || homedir(), '.cache') : '');
  return cache ? path.join(cache, 'interconnect-test') : path.join(tmpdir(), 'interconnect-test');
}

/** The folder the assets live in, written on first use (atomically: a half-written one is never used). */
function unpack() {
  for (const parent of [base(), path.join(tmpdir(), `interconnect-test-${process.getuid?.() ?? 'u'}`)]) {
    const root = path.join(parent, `bin-${stamp}`);
    if (existsSync(path.join(root, 'package.json'))) return root;
    try {
      const tmp = `${root}.${process.pid}.tmp`;
      for (const rel of files) {
        const to = path.join(tmp, rel);
        mkdirSync(path.dirname(to), { recursive: true });
        writeFileSync(to, Buffer.from(getAsset(rel)), { mode: rel.endsWith('.sh') ? 0o755 : 0o644 });
      }
      try {
        renameSync(tmp, root);
      } catch {
        rmSync(tmp, { recursive: true, force: true }); // another process won the race
      }
      if (existsSync(path.join(root, 'package.json'))) return root;
    } catch {
      // not writable: try the next place
    }
  }
  throw new Error('cannot unpack the embedded templates (no writable cache or temporary folder)');
}

globalThis.__interconnectTestRoot = unpack();
// No top-level await: the bundle is CommonJS, as a single executable's main script must be.
runProcess().catch((err) => {
  process.stderr.write(`error: unexpected failure: ${String(err?.message ?? err).split('\n')[0]}\n`);
  process.exitCode = 2;
});
