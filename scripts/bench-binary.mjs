// The single executable against `node dist/cli.js`: its size, and the start-up time of
// `--version` and `read --help` (median of N runs after one warm-up). A benchmark: it prints
// figures and asserts nothing.
//
//   npm run package && npm run bench:binary [-- --runs 10 --exe dist-bin/work/linux-x64/kubectl-interconnect_test]
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const runs = Number(opt('--runs', '10'));
const exe = path.resolve(opt('--exe', path.join(root, 'dist-bin', 'work', `linux-${process.arch}`, 'kubectl-interconnect_test')));
if (!existsSync(exe)) {
  console.error(`no executable at ${exe}: run npm run package first`);
  process.exit(2);
}

function median(cmd, argv) {
  const times = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd, argv, { cwd: root, stdio: 'ignore' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} exited ${r.status}`);
    if (i > 0) times.push(ms); // the first run warms caches (and unpacks the binary's templates)
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const distBytes = spawnSync('du', ['-sb', path.join(root, 'dist')], { encoding: 'utf8' }).stdout.split('\t')[0];
const nm = spawnSync('du', ['-sb', path.join(root, 'node_modules')], { encoding: 'utf8' }).stdout.split('\t')[0];
console.log(`size: executable ${(statSync(exe).size / 1e6).toFixed(1)} MB (Node ${process.versions.node} inside); node dist/cli.js needs Node (${(statSync(process.execPath).size / 1e6).toFixed(1)} MB) + dist ${(Number(distBytes) / 1e6).toFixed(1)} MB + node_modules ${(Number(nm) / 1e6).toFixed(1)} MB`);
for (const cmd of [['--version'], ['read', '--help'], ['env', 'test/fixtures/recipes/qwen3-32b-fp8/vllm/disagg/deploy.yaml', '-o', 'json']]) {
  const a = median(exe, cmd);
  const b = median(process.execPath, [path.join(root, 'dist', 'cli.js'), ...cmd]);
  console.log(`${cmd.join(' ').slice(0, 40).padEnd(40)} executable ${a.toFixed(0)} ms   node dist/cli.js ${b.toFixed(0)} ms   (median of ${runs})`);
}
