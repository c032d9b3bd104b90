/**
 * `npm run bench:html`: how the sweep's HTML report renders and loads at 16, 64 and 1,000
 * nodes (src/tools/sweep-fleet.ts: all-pairs at 16 and 64, a ring in 4 zones × 8 racks at
 * 1,000). For each: the file's size, renderHtml's time, and the time headless Chromium
 * (the `chromium` on PATH, driven by playwright-core) takes to load it from disk, offline,
 * to its load event; the median of N loads after one warm-up. The aim is under a second at
 * 1,000 nodes (issue 25 item 5); nothing asserts it.
 *
 * Usage: node dist/tools/bench-html.js [--runs N]   (or BENCH_RUNS=N; default 5)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeReport } from '../core/report.js';
import { median } from '../core/stats.js';
import { findOnPath } from '../procs/path.js';
import { renderHtml } from '../render/html/page.js';
import { sweepChecks } from '../sweep/result.js';
import { runBench } from './bench-common.js';
import { fleetSweep } from './sweep-fleet.js';

const TARGET_MS = 1000;

const CASES = [
  {
    label: '16 nodes, all-pairs',
    make: () => fleetSweep({ nodes: 16, scheme: 'all-pairs', badNodes: [5], badLinks: [[2, 9]] }),
  },
  {
    label: '64 nodes, all-pairs',
    make: () =>
      fleetSweep({
        nodes: 64,
        scheme: 'all-pairs',
        zones: 2,
        racksPerZone: 4,
        badNodes: [40],
        badLinks: [[3, 17]],
      }),
  },
  {
    label: '1000 nodes, ring',
    make: () =>
      fleetSweep({
        nodes: 1000,
        scheme: 'ring',
        zones: 4,
        racksPerZone: 8,
        badNodes: [137, 811],
        slowNodes: [642],
        badLinks: [[300, 301]],
      }),
  },
];

function runsWanted(argv: string[]): number {
  const i = argv.indexOf('--runs');
  const text = i >= 0 ? argv[i + 1] : process.env.BENCH_RUNS;
  const n = Number(text ?? 5);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--runs/BENCH_RUNS: expected a whole number ≥ 1, got ${text}`);
  return n;
}

async function main(): Promise<number> {
  const runs = runsWanted(process.argv.slice(2));
  const exe = findOnPath('chromium', process.env.PATH);
  if (!exe) {
    process.stderr.write('chromium is not on PATH (install: apt-get install chromium)\n');
    return 2;
  }
  // playwright-core is a dev dependency: loaded here only, never by the CLI.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox'] });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-html-'));
  const out = [
    `sweep HTML report, ${runs} loads each (median after one warm-up), ${exe}, target < ${TARGET_MS} ms`,
    '',
  ];
  out.push(`${'case'.padEnd(22)}  ${'size'.padStart(9)}  render ms  load ms (median, min)`);
  try {
    for (const c of CASES) {
      const result = c.make();
      const t0 = process.hrtime.bigint();
      const verdict = makeReport('sweep', sweepChecks(result, []), {}, 'these nodes').verdict;
      const html = renderHtml(result, verdict);
      const renderMs = Number(process.hrtime.bigint() - t0) / 1e6;
      const file = path.join(dir, `${result.matrix.nodes.length}.html`);
      writeFileSync(file, html);
      const url = pathToFileURL(file).href;
      const load = async (): Promise<number> => {
        const context = await browser.newContext({ offline: true, viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        const start = process.hrtime.bigint();
        await page.goto(url, { waitUntil: 'load' });
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        await context.close();
        return ms;
      };
      await load();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await load());
      const m = median(times) as number;
      out.push(
        `${c.label.padEnd(22)}  ${`${Math.round(html.length / 1024)} KiB`.padStart(9)}  ${renderMs.toFixed(1).padStart(9)}  ${m.toFixed(0).padStart(7)}, ${Math.min(...times).toFixed(0)}${m > TARGET_MS ? '  over target' : ''}`,
      );
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}

runBench(main);
