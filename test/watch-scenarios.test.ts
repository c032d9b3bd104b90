import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReportSchema } from '../src/core/model.js';
import { WatchReportPartSchema } from '../src/watch/schema.js';
import { runCli } from './helpers/cli.js';
import { fixturePath } from './helpers/fixtures.js';

/**
 * `watch --from BEFORE --to AFTER` on the scenario pairs of
 * test/fixtures/watch/scenarios (README.md there says how each was made),
 * judged as an expert would, and the bad inputs of issue 41.
 */
const tmp = mkdtempSync(path.join(tmpdir(), 'watch-scenarios-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The scenario as two directories, one file per worker, as a user saves them. */
function dirs(scenario: string): { before: string; after: string } {
  const before = path.join(tmp, scenario, 'before');
  const after = path.join(tmp, scenario, 'after');
  mkdirSync(before, { recursive: true });
  mkdirSync(after, { recursive: true });
  for (const role of ['prefill', 'decode']) {
    copyFileSync(
      fixturePath('watch', 'scenarios', scenario, `${role}.before.txt`),
      path.join(before, `${role}.txt`),
    );
    copyFileSync(
      fixturePath('watch', 'scenarios', scenario, `${role}.after.txt`),
      path.join(after, `${role}.txt`),
    );
  }
  return { before, after };
}

async function judge(scenario: string, ...extra: string[]) {
  const d = dirs(scenario);
  const r = await runCli(['watch', '--from', d.before, '--to', d.after, '-o', 'json', '-q', ...extra], {
    env: {},
  });
  const report = r.stdout ? JSON.parse(r.stdout) : undefined;
  const status = (id: string, worker: string) =>
    report?.checks.find((c: { id: string; subject?: string }) => c.id === id && c.subject?.startsWith(worker))
      ?.status;
  return { ...r, report, status };
}

describe('watch --from/--to judges the scenario pairs', () => {
  it('healthy RDMA (vLLM): 40 GB/s per 70 MB transfer on 400G is ok, the verdict passes', async () => {
    const r = await judge('vllm-healthy-rdma', '--line-rate', '400');
    expect(r.code).toBe(0);
    // the report is what references/watch.schema.json says
    expect(ReportSchema.extend(WatchReportPartSchema.shape).safeParse(r.report).error).toBeUndefined();
    expect(r.status('watch.kv_throughput', 'decode')).toBe('ok');
    expect(r.status('watch.kv_failures', 'decode')).toBe('ok');
    expect(r.report.verdict.status).toBe('trusted');
    expect(
      r.report.watch.workers.find((w: { worker: string }) => w.worker === 'decode').window.transfers,
    ).toBe(600);
  });

  it('TCP fallback (vLLM): 0.5 GB/s where RDMA gives 19 GB/s at that size fails, exit 1', async () => {
    const r = await judge('vllm-tcp-fallback', '--line-rate', '400');
    expect(r.code).toBe(1);
    expect(r.status('watch.kv_throughput', 'decode')).toBe('fail');
  });

  it('without --line-rate TCP speed still fails; healthy traffic is a warning asking for the line rate', async () => {
    expect((await judge('vllm-tcp-fallback')).status('watch.kv_throughput', 'decode')).toBe('fail');
    expect((await judge('vllm-healthy-rdma')).status('watch.kv_throughput', 'decode')).toBe('warn');
  });

  it('failures (vLLM): failed transfers and notifications on decode, expired leases on prefill, each named with count', async () => {
    const r = await judge('vllm-failures', '--line-rate', '400');
    expect(r.code).toBe(1);
    const detail = (w: string) =>
      r.report.checks.find(
        (c: { id: string; subject: string }) => c.id === 'watch.kv_failures' && c.subject.startsWith(w),
      ).detail;
    expect(detail('decode')).toBe(
      '3 failed transfers (0.60/min, vllm:nixl_num_failed_transfers_total); 1 failed notifications (0.20/min, vllm:nixl_num_failed_notifications_total) in the 300 s window',
    );
    expect(detail('prefill')).toBe(
      '2 expired KV leases (0.40/min, vllm:nixl_num_kv_expired_reqs_total) in the 300 s window',
    );
  });

  it('idle: no transfer in the window is "nothing to judge", never a pass', async () => {
    const r = await judge('vllm-idle', '--line-rate', '400');
    expect(r.status('watch.kv_throughput', 'decode')).toBe('skipped');
    expect(r.report.verdict.status).toBe('unverified');
  });

  it('layout-bound (vLLM issue #50913): 4.3 GB/s over 1785 descriptors of 94 kB is a warning that names them', async () => {
    const r = await judge('vllm-layout-bound', '--line-rate', '400');
    expect(r.status('watch.kv_throughput', 'decode')).toBe('warn');
    expect(JSON.stringify(r.report.checks)).toContain('1785 descriptors of 91.4 KiB per transfer');
  });

  it('small transfers (vLLM issue #41230): 1.6 GB/s at 2.25 MB is not called slow', async () => {
    expect(
      (await judge('vllm-small-transfers', '--line-rate', '400')).status('watch.kv_throughput', 'decode'),
    ).toBe('ok');
  });

  it('SGLang: healthy on prefill (where it records), TCP speed and failed transfers fail', async () => {
    const ok = await judge('sglang-healthy-rdma', '--line-rate', '400');
    expect(ok.status('watch.kv_throughput', 'prefill')).toBe('ok');
    expect(ok.report.verdict.status).toBe('trusted');
    const bad = await judge('sglang-tcp-failures', '--line-rate', '400');
    expect(bad.status('watch.kv_throughput', 'prefill')).toBe('fail');
    expect(bad.status('watch.kv_failures', 'decode')).toBe('fail');
  });

  it("NIXL's own telemetry (a real 1.5.1 exporter on this host, DRAM over UCX without RDMA): TCP speed fails, no errors", async () => {
    const [b, a] = ['before', 'after'].map((p) => fixturePath('watch', `nixl-telemetry-1.5.1.${p}.txt`));
    const r = await runCli(
      [
        'watch',
        '--from',
        b as string,
        '--to',
        a as string,
        '--line-rate',
        '400',
        '--window',
        '10s',
        '-o',
        'json',
        '-q',
      ],
      { env: {} },
    );
    const report = JSON.parse(r.stdout);
    expect(r.code).toBe(1);
    const w = report.watch.workers[0].window;
    expect(w).toMatchObject({ framework: 'nixl', transfers: 20, bytes: 20 * 64 * 1024 * 1024 });
    expect(w.failures).toEqual([{ metric: 'agent_errors_total', what: 'NIXL errors', count: 0 }]);
    expect(report.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      ['watch.kv_failures', 'ok'],
      ['watch.kv_throughput', 'fail'],
    ]);
  });

  it('a framework exporting none of these is named (a skip that matters), never a pass', async () => {
    const f = fixturePath('watch', 'vllm-production-stack-318.txt');
    const r = await runCli(['watch', '--from', f, '--to', f, '-o', 'json', '-q'], { env: {} });
    const report = JSON.parse(r.stdout);
    expect(report.checks).toHaveLength(1);
    expect(report.checks[0].status).toBe('skipped');
    expect(report.checks[0].detail).toContain('exports none of the KV transfer metrics');
    expect(report.checks[0].detail).toContain('(it exports: vllm)');
    expect(report.verdict.status).toBe('unverified');
  });
});

describe('watch: bad input is one line and exit 2', () => {
  it('a histogram with no buckets', async () => {
    const f = path.join(tmp, 'nobuckets.txt');
    writeFileSync(
      f,
      '# TYPE vllm:nixl_xfer_time_seconds histogram\nvllm:nixl_xfer_time_seconds_sum{engine="0"} 1\nvllm:nixl_xfer_time_seconds_count{engine="0"} 3\n',
    );
    const r = await runCli(['watch', '--from', f, '--to', f, '-q'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('vllm:nixl_xfer_time_seconds is a histogram with no _bucket samples');
  });

  it('an SGLang that exports its KV figures as gauges (aibrix #1614) is named, not read as a rate', async () => {
    const f = fixturePath('watch', 'sglang-aibrix-1614.txt');
    const r = await runCli(['watch', '--from', f, '--to', f, '-q'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('sglang:kv_transfer_latency_ms is a gauge, not a histogram');
  });

  it('--from without --to, and nothing to watch, are usage errors', async () => {
    expect((await runCli(['watch', '--from', 'x', '-q'], { env: {} })).stderr).toContain(
      '--from and --to go together',
    );
    expect((await runCli(['watch', '-q'], { env: {} })).code).toBe(2);
  });
});

describe('watch --metrics-file', () => {
  it('writes bytes per second with a cluster label, and the verdict', async () => {
    const d = dirs('vllm-healthy-rdma');
    const out = path.join(tmp, 'watch.prom');
    await runCli(
      ['watch', '--from', d.before, '--to', d.after, '--line-rate', '400', '--metrics-file', out, '-q'],
      { env: {} },
    );
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(
      'interconnect_kv_transfer_bytes_per_second{cluster="offline",worker="decode",role="decode",framework="vllm"} 40000000000',
    );
    expect(text).toContain('interconnect_watch_verdict{cluster="offline"} 2');
  });
});
