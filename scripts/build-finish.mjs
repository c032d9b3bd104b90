// After tsc: copy the HTML report's stylesheet, record the git commit for --version,
// and make dist/cli.js executable so the kubectl plugin and `./dist/cli.js` run without npm link.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, writeFileSync } from 'node:fs';

cpSync('src/render/html/style.css', 'dist/render/html/style.css');
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
} catch {
  // Not a checkout (a tarball, npm pack): the commit is unknown.
}
writeFileSync('dist/build-info.json', `${JSON.stringify({ commit })}\n`);
chmodSync('dist/cli.js', 0o755);
