/**
 * `npm run bench:startup`: how long the CLI takes to answer the quick
 * commands, against a bare `node -e 0`. Each command is spawned with this
 * Node (process.execPath) N times after one warm-up run (which also fills
 * Node's compile cache); prints median and min wall time, the median minus
 * `node -e 0` (what the tool itself costs), and the modules each one loads.
 * The target is under 150 ms for --help, read and env; nothing asserts it.
 *
 * Usage: node dist/tools/bench-startup.js [--runs N]   (or BENCH_RUNS=N; default 10)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../core/assets.js';
import { median } from '../core/stats.js';

const TARGET_MS = 150;

/**
 * Preloaded with --import: counts the modules a process loads (Node's
 * synchronous module hooks, in the process's own thread) and prints the count
 * on exit. Where module.registerHooks is missing (Node < 22.15) it prints nothing.
 */
const COUNTER = `
import module from 'node:module';
let own = 0, deps = 0, builtin = 0;
if (typeof module.registerHooks === 'function') {
  module.registerHooks({
    load(url, context, next) {
      if (url.startsWith('node:') || !url.includes(':')) builtin++;
      else if (url.includes('/node_modules/')) deps++;
      else own++;
      return next(url, context);
    },
  });
  process.on('exit', () => process.stderr.write('\\nBENCH_MODULES ' + own + ' ' + deps + ' ' + builtin + '\\n'));
}
`;

interface Cmd {
  label: string;
  args: string[];
  /** Exit codes that mean it worked (read/env exit 1 on a failing verdict). */
  ok: number[];
}

function once(cmd: Cmd, cwd: string, extra: string[] = []): { ms: number; stderr: string } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...extra, ...cmd.args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  if (!cmd.ok.includes(r.status ?? -1)) {
    throw new Error(
      `${cmd.label} exited ${r.status ?? r.signal}: ${r.stderr.trim().split('\n')[0] ?? ''} (is dist/ built?)`,
    );
  }
  return { ms, stderr: r.stderr };
}

function runsWanted(argv: string[]): number {
  const i = argv.indexOf('--runs');
  const text = i >= 0 ? argv[i + 1] : process.env.BENCH_RUNS;
  const n = Number(text ?? 10);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--runs/BENCH_RUNS: expected a whole number ≥ 1, got ${text}`);
  return n;
}

function main(): void {
  const root = repoRoot();
  const runs = runsWanted(process.argv.slice(2));
  const cli = path.join(root, 'dist', 'cli.js');
  const capture = path.join('test', 'fixtures', 'node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt');
  const recipe = path.join(
    'test',
    'fixtures',
    'recipes',
    'llama-3-70b',
    'vllm',
    'disagg-single-node',
    'deploy.yaml',
  );
  for (const f of [cli, path.join(root, capture), path.join(root, recipe)]) {
    if (!existsSync(f)) throw new Error(`${f} is missing (run npm run build first)`);
  }
  const cmds: Cmd[] = [
    { label: 'node -e 0', args: ['-e', '0'], ok: [0] },
    { label: '--help', args: [cli, '--help'], ok: [0] },
    { label: `read ibstat ${path.basename(capture)}`, args: [cli, 'read', 'ibstat', capture], ok: [0, 1] },
    { label: `env ${recipe.split(path.sep).slice(-3).join('/')}`, args: [cli, 'env', recipe], ok: [0, 1] },
  ];

  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-startup-'));
  const counter = path.join(tmp, 'count-modules.mjs');
  writeFileSync(counter, COUNTER);
  try {
    const rows = cmds.map((cmd) => {
      once(cmd, root); // warm-up: page cache, compile cache
      const times = Array.from({ length: runs }, () => once(cmd, root).ms);
      const counted = once(cmd, root, ['--import', pathToFileURL(counter).href]).stderr;
      const m = /BENCH_MODULES (\d+) (\d+) (\d+)/.exec(counted);
      return {
        label: cmd.label,
        median: median(times) as number,
        min: Math.min(...times),
        modules: m ? { own: Number(m[1]), deps: Number(m[2]), builtin: Number(m[3]) } : undefined,
      };
    });
    const base = rows[0]?.median ?? 0;
    const width = Math.max(...rows.map((r) => r.label.length), 'command'.length);
    const out: string[] = [
      `startup, ${runs} runs each (median after one warm-up), node ${process.version}, target < ${TARGET_MS} ms`,
      '',
      `${'command'.padEnd(width)}  median ms   min ms   − node -e 0   modules (own + deps, builtins)`,
    ];
    for (const r of rows) {
      const over = r === rows[0] ? '' : (r.median - base).toFixed(1);
      const mods = r.modules ? `${r.modules.own} + ${r.modules.deps}, ${r.modules.builtin}` : '-';
      const flag = r !== rows[0] && r.median > TARGET_MS ? '  over target' : '';
      out.push(
        `${r.label.padEnd(width)}  ${r.median.toFixed(1).padStart(9)}  ${r.min.toFixed(1).padStart(7)}  ${over.padStart(12)}   ${mods}${flag}`,
      );
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  main();
} catch (err) {
  process.stderr.write(`bench:startup: ${(err as Error).message}\n`);
  process.exitCode = 2;
}
