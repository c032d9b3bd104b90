import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { silentProgress } from '../src/core/progress.js';
import { runLocalPair } from '../src/pair/local/index.js';
import { type Launcher, type ProcSpec, spawnLauncher } from '../src/procs/launcher.js';
import { isAlive } from './helpers/pair-local-procs.js';
import { describeNeeding } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

/**
 * PLUMBING ONLY — nixlbench is not installed here. This puts a tiny script
 * named `nixlbench` on PATH that transfers nothing and prints no results: it
 * records the argv and environment it was given, checks that the etcd it was
 * pointed at answers, and prints nixlbench's rank line. It proves the etcd
 * lifecycle, the start order (target only after rank 0 registered), the argv
 * and env handed to each side, and that a nixlbench printing no table is a
 * failure, never a pass. Real nixlbench output is covered by the parser tests.
 */
const SCRIPT = (dir: string) => `#!${process.execPath}
// Plumbing stand-in for nixlbench (see test/pair-local-nixlbench-plumbing.test.ts). Not a benchmark.
const fs = require('node:fs');
const path = require('node:path');
const dir = ${JSON.stringify(dir)};
const rank = fs.existsSync(path.join(dir, 'rank0')) ? 1 : 0;
fs.writeFileSync(path.join(dir, 'rank' + rank), JSON.stringify({
  argv: process.argv.slice(2),
  cuda: process.env.CUDA_VISIBLE_DEVICES ?? null,
  ucxLogLevel: process.env.UCX_LOG_LEVEL ?? null,
  startedAt: Date.now(),
}));
const ep = process.argv[process.argv.indexOf('--etcd_endpoints') + 1];
fetch(ep + '/health').then((r) => r.json()).then(async (h) => {
  fs.writeFileSync(path.join(dir, 'health' + rank), JSON.stringify(h));
  console.log('ETCD Runtime: Registered as rank ' + rank + ' item ' + (rank + 1) + ' of 2');
  if (rank === 0) {
    for (let i = 0; i < 200 && !fs.existsSync(path.join(dir, 'rank1')); i++) await new Promise((r) => setTimeout(r, 50));
  }
  process.exit(0);
});
`;

describeNeeding(
  [tools('etcd')],
  'pair --local with nixlbench: orchestration plumbing (stand-in script, no transfer)',
  () => {
    it('starts etcd, rank 0 before the target, hands both the same argv, and fails without a result table', async () => {
      const bin = mkdtempSync(path.join(tmpdir(), 'nixlbench-plumbing-'));
      const record = mkdtempSync(path.join(tmpdir(), 'nixlbench-record-'));
      writeFileSync(path.join(bin, 'nixlbench'), SCRIPT(record), { mode: 0o755 });
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
      const started: ProcSpec[] = [];
      const recording: Launcher = {
        start: (spec) => {
          started.push(spec);
          return spawnLauncher.start(spec);
        },
      };
      const result = await runLocalPair(
        { engine: 'auto', mode: 'local', nixlbenchRuntime: 'auto', sizes: [4096, 65536], timeoutMs: 60_000 },
        { env, progress: silentProgress, signal: new AbortController().signal, launcher: recording },
      );
      const rank0 = JSON.parse(readFileSync(path.join(record, 'rank0'), 'utf8'));
      const rank1 = JSON.parse(readFileSync(path.join(record, 'rank1'), 'utf8'));
      // Both sides saw a live etcd at the endpoint they were given.
      expect(JSON.parse(readFileSync(path.join(record, 'health0'), 'utf8'))).toEqual({ health: 'true' });
      expect(JSON.parse(readFileSync(path.join(record, 'health1'), 'utf8'))).toEqual({ health: 'true' });
      expect(rank1.startedAt).toBeGreaterThanOrEqual(rank0.startedAt);
      expect(rank1.argv).toEqual(rank0.argv);
      const flag = (f: string) => rank0.argv[rank0.argv.indexOf(f) + 1];
      expect(flag('--etcd_endpoints')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(flag('--benchmark_group')).toMatch(/^interconnect-test-[0-9a-f]{16}$/);
      expect([flag('--start_block_size'), flag('--max_block_size'), flag('--initiator_seg_type')]).toEqual([
        '4096',
        '65536',
        'DRAM',
      ]);
      expect([rank0.ucxLogLevel, rank0.cuda, rank1.cuda]).toEqual(['info', null, null]);

      expect(result.measurement.engine).toBe('nixlbench');
      const transfer = result.checks.find((c) => c.id === 'pair.transfer');
      expect([transfer?.status, transfer?.detail]).toEqual(['fail', 'the initiator printed no result table']);
      // etcd, initiator, target: all stopped; etcd's data directory removed.
      expect(result.pids).toHaveLength(3);
      for (const pid of result.pids) expect(isAlive(pid)).toBe(false);
      expect(started.map((s) => s.name)).toEqual(['etcd', 'initiator (prefill)', 'target (decode)']);
      const etcdArgv = started[0]!.argv;
      expect(existsSync(etcdArgv[etcdArgv.indexOf('--data-dir') + 1]!)).toBe(false);
    });
  },
);
