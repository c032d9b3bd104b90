import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterIdentity } from '../src/core/cluster-identity.js';
import { type RunningProc, spawnLauncher } from '../src/procs/launcher.js';
import { freePort } from '../src/procs/ports.js';
import { pollUntil, stopProcess } from '../src/procs/wait.js';
import { renderPrometheus } from '../src/render/prometheus.js';
import type { SweepResult } from '../src/sweep/model.js';
import { DEFAULT_PUSH_JOB, groupingSegment, pushMetrics, pushTarget } from '../src/sweep/push.js';
import { describeNeeding } from './helpers/preconditions.js';
import { parsePromText, parseSampleLine, sampleValue } from './helpers/prometheus-text.js';
import { sampleSweep, sampleSweepWithHistory } from './helpers/sweep-sample.js';
import { toolPath, tools } from './helpers/tools.js';

const FAMILIES = [
  'interconnect_pair_bandwidth_bytes_per_second',
  'interconnect_pair_state',
  'interconnect_node_state',
  'interconnect_sweep_pairs',
  'interconnect_sweep_nodes',
  // the sample has a culprit node and a bad link; no rails and no baseline (those families are left out)
  'interconnect_node_isolated',
  'interconnect_link_isolated',
  'interconnect_sweep_state',
  'interconnect_sweep_duration_seconds',
  'interconnect_sweep_last_run_timestamp_seconds',
];

/** A node name that needs every escape the format has. */
const WEIRD = 'rack "7"\\slot\nb';

describe('renderPrometheus', () => {
  const sample = sampleSweep();
  const text = renderPrometheus(sample, { verdict: 'untrusted' });
  const fams = parsePromText(text);

  it('writes one gauge block per family, HELP and TYPE first, no timestamps, a trailing line feed', () => {
    expect([...fams.keys()]).toEqual(FAMILIES);
    for (const f of fams.values()) {
      expect(f.type, f.name).toBe('gauge');
      expect(f.help, f.name).toBeTruthy();
      expect(f.samples.length, f.name).toBeGreaterThan(0);
      for (const s of f.samples) expect(s.timestamp, s.name).toBeUndefined();
    }
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toMatch(/\n\n/);
  });

  it('carries the pairs, nodes and run of the sample with the documented encodings', () => {
    // node-3 is the culprit, gpu-nordma was excluded: one series per node and state, 1 for its own.
    const node = (n: string, state: string) =>
      sampleValue(fams, 'interconnect_node_state', { node: n, state });
    expect(node('node-3', 'culprit')).toBe(1);
    expect(node('node-3', 'suspect')).toBe(0);
    expect(node('node-3', 'ok')).toBe(0);
    expect(node('gpu-nordma', 'excluded')).toBe(1);
    expect(fams.get('interconnect_node_state')?.samples).toHaveLength(sample.nodes.length * 6);
    // A trusted pair, the culprit's pair, the bad link, and the pair that never ran.
    const pair = (prefill: string, decode: string, state: string) =>
      sampleValue(fams, 'interconnect_pair_state', { prefill, decode, state });
    expect(pair('node-0', 'node-5', 'trusted')).toBe(1);
    expect(pair('node-0', 'node-5', 'untrusted')).toBe(0);
    expect(pair('node-0', 'node-3', 'untrusted')).toBe(1);
    expect(pair('node-0', 'node-1', 'untrusted')).toBe(1);
    expect(pair('node-4', 'node-5', 'not-run')).toBe(1);
    expect(pair('node-4', 'node-5', 'trusted')).toBe(0);
    expect(fams.get('interconnect_pair_state')?.samples).toHaveLength(sample.pairs.length * 4);
    // Each series sums to 1 over its states: exactly one state per pair.
    const perPair = new Map<string, number>();
    for (const s of fams.get('interconnect_pair_state')?.samples ?? []) {
      const k = `${s.labels.prefill}>${s.labels.decode}`;
      perPair.set(k, (perPair.get(k) ?? 0) + s.value);
    }
    expect([...perPair.values()].every((v) => v === 1)).toBe(true);
    // Bandwidth only where something was measured, with the four labels, in bytes per second.
    const bw = fams.get('interconnect_pair_bandwidth_bytes_per_second')?.samples ?? [];
    expect(bw).toHaveLength(sample.pairs.filter((p) => p.peakGBps !== null).length);
    expect(bw.find((s) => s.labels.prefill === 'node-0' && s.labels.decode === 'node-5')?.labels).toEqual({
      prefill: 'node-0',
      decode: 'node-5',
      engine: 'nixlbench',
      transport: 'rdma',
    });
    expect(
      sampleValue(fams, 'interconnect_pair_bandwidth_bytes_per_second', {
        prefill: 'node-0',
        decode: 'node-5',
      }),
    ).toBe((sample.pairs[0]?.peakGBps ?? 0) * 1e9);
    expect(
      sampleValue(fams, 'interconnect_pair_bandwidth_bytes_per_second', {
        prefill: 'node-0',
        decode: 'node-1',
      }),
    ).toBe(11.8e9);
    expect(
      sampleValue(fams, 'interconnect_pair_bandwidth_bytes_per_second', {
        prefill: 'node-4',
        decode: 'node-5',
      }),
    ).toBeUndefined();
    // Counts, the overall verdict, and the run: 61.5 s ending at 02:31:01.5 UTC.
    expect(sampleValue(fams, 'interconnect_sweep_pairs', { outcome: 'untrusted' })).toBe(6);
    expect(sampleValue(fams, 'interconnect_sweep_pairs', { outcome: 'not-run' })).toBe(1);
    expect(sampleValue(fams, 'interconnect_sweep_pairs', { outcome: 'unverified' })).toBe(0);
    expect(sampleValue(fams, 'interconnect_sweep_nodes', { status: 'culprit' })).toBe(1);
    expect(sampleValue(fams, 'interconnect_sweep_state', { state: 'untrusted' })).toBe(1);
    expect(sampleValue(fams, 'interconnect_sweep_state', { state: 'trusted' })).toBe(0);
    expect(sampleValue(fams, 'interconnect_sweep_duration_seconds')).toBe(61.5);
    expect(sampleValue(fams, 'interconnect_sweep_last_run_timestamp_seconds')).toBe(
      Date.parse('2026-11-30T02:31:01.500Z') / 1000,
    );
  });

  it('says the states in HELP, and writes no family in GB/s', () => {
    expect(fams.get('interconnect_pair_state')?.help).toMatch(/trusted, unverified, untrusted, not-run/);
    expect(fams.get('interconnect_node_state')?.help).toMatch(
      /ok, culprit, suspect, outlier, unverified, excluded/,
    );
    expect([...fams.keys()].filter((n) => /gbps/i.test(n))).toEqual([]);
  });

  it('with a cluster: a cluster label on every sample, and interconnect_sweep_info without credentials', () => {
    const cluster = clusterIdentity(
      { context: 'prod-admin', server: 'https://admin:s3cret@api.gpu.example:6443/?token=abc' },
      'gpu-prod-east',
    );
    const out = renderPrometheus(sample, { verdict: 'untrusted', cluster });
    const back = parsePromText(out);
    for (const f of back.values())
      for (const s of f.samples) expect(s.labels.cluster, f.name).toBe('gpu-prod-east');
    expect(
      sampleValue(back, 'interconnect_sweep_info', {
        cluster: 'gpu-prod-east',
        context: 'prod-admin',
        server: 'https://api.gpu.example:6443',
      }),
    ).toBe(1);
    expect(out).not.toContain('s3cret');
    expect(out).not.toContain('abc');
  });

  it('escapes backslash, double quote and line feed in label values so they read back unchanged', () => {
    const s = sampleSweep();
    (s.nodes[0] as SweepResult['nodes'][number]).name = WEIRD;
    (s.pairs[0] as SweepResult['pairs'][number]).prefill = WEIRD;
    const out = renderPrometheus(s);
    expect(out).toContain('interconnect_node_state{node="rack \\"7\\"\\\\slot\\nb",state="suspect"} 1\n');
    const back = parsePromText(out);
    expect(sampleValue(back, 'interconnect_node_state', { node: WEIRD, state: 'suspect' })).toBe(1);
    expect(
      sampleValue(back, 'interconnect_pair_bandwidth_bytes_per_second', { prefill: WEIRD, decode: 'node-5' }),
    ).toBe(44e9);
    // Every line is still one line: a raw line feed would have split a sample.
    for (const line of out.split('\n').filter((l) => l && !l.startsWith('#'))) parseSampleLine(line);
  });

  it('writes a label set once even if a plan repeats a direction; the worse outcome stands', () => {
    const s = sampleSweep();
    const first = s.pairs[0] as SweepResult['pairs'][number];
    s.pairs.push({ ...first, index: s.pairs.length, outcome: 'untrusted', peakGBps: 2.5, failure: 'fabric' });
    const back = parsePromText(renderPrometheus(s));
    expect(
      sampleValue(back, 'interconnect_pair_state', {
        prefill: 'node-0',
        decode: 'node-5',
        state: 'untrusted',
      }),
    ).toBe(1);
    expect(
      sampleValue(back, 'interconnect_pair_bandwidth_bytes_per_second', {
        prefill: 'node-0',
        decode: 'node-5',
      }),
    ).toBe(2.5e9);
  });

  it('labels a pair with no transport "unknown", leaves out empty families, and falls back to now', () => {
    const s = sampleSweep();
    for (const p of s.pairs) p.peakGBps = null;
    (s.pairs[1] as SweepResult['pairs'][number]).peakGBps = 7;
    (s.pairs[1] as SweepResult['pairs'][number]).transport = null;
    s.startedAt = 'not a time';
    const back = parsePromText(renderPrometheus(s, { now: new Date('2027-01-01T00:00:00Z') }));
    expect(
      back.get('interconnect_pair_bandwidth_bytes_per_second')?.samples.map((x) => x.labels.transport),
    ).toEqual(['unknown']);
    expect(back.has('interconnect_sweep_state')).toBe(false);
    expect(sampleValue(back, 'interconnect_sweep_last_run_timestamp_seconds')).toBe(
      Date.parse('2027-01-01T00:00:00Z') / 1000,
    );
  });

  it('writes no last-run timestamp when neither the start nor a time to fall back on is known', () => {
    const s = sampleSweep();
    s.startedAt = 'not a time';
    const back = parsePromText(renderPrometheus(s));
    expect(back.has('interconnect_sweep_last_run_timestamp_seconds')).toBe(false);
    expect(back.has('interconnect_sweep_duration_seconds')).toBe(true);
  });
});

describe('grouping key segments', () => {
  it('base64url-encodes values with a slash, = for an empty one, URI-encodes the rest', () => {
    expect(groupingSegment('job', 'interconnect-test-sweep')).toBe('job/interconnect-test-sweep');
    expect(groupingSegment('instance', '/var/tmp')).toBe('instance@base64/L3Zhci90bXA');
    expect(groupingSegment('instance', '')).toBe('instance@base64/=');
    expect(groupingSegment('instance', 'a b')).toBe('instance/a%20b');
  });

  it('keeps a route prefix and moves percent-encoded credentials into a Basic header', () => {
    const t = pushTarget('https://us%40er:p%3Ass@gw.example/pushgateway/', 'nightly', 'a');
    if ('error' in t) throw new Error(t.error);
    expect(t.url.href).toBe('https://gw.example/pushgateway/metrics/job/nightly/instance/a');
    const c = pushTarget('http://gw:9091', 'nightly', undefined, 'gpu-prod-east');
    if ('error' in c) throw new Error(c.error);
    expect(c.url.href).toBe('http://gw:9091/metrics/job/nightly/cluster/gpu-prod-east');
    expect(t.authorization).toBe(`Basic ${Buffer.from('us@er:p:ss').toString('base64')}`);
    expect(pushTarget('http://gw:9091', '')).toEqual({ error: 'the Pushgateway job name is empty' });
  });
});

describeNeeding([tools('prometheus-pushgateway')], 'against a real Pushgateway', () => {
  let gw: RunningProc | undefined;
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // An empty --persistence.file keeps metrics in memory only: Debian's build defaults it to
    // /var/lib/prometheus/pushgateway.data, which would carry groups from one run into the next.
    gw = await spawnLauncher.start({
      name: 'pushgateway',
      argv: [
        toolPath('prometheus-pushgateway'),
        `--web.listen-address=127.0.0.1:${port}`,
        '--persistence.file=',
      ],
    });
    const ready = await pollUntil(
      async () => {
        if (gw?.exitInfo()) throw new Error(`pushgateway exited: ${gw.lines().join('\n')}`);
        const r = await fetch(`${base}/-/ready`).catch(() => undefined);
        return r?.ok ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    if (!ready) throw new Error(`pushgateway not ready on ${base}: ${gw.lines().join('\n')}`);
  }, 20_000);

  afterAll(async () => {
    if (gw) await stopProcess(gw, { graceMs: 2000 });
  });

  const scrape = async () => parsePromText(await (await fetch(`${base}/metrics`)).text());
  const ours = { job: DEFAULT_PUSH_JOB, instance: '' };

  it('accepts the rendered sweep and serves every series with its labels and value', async () => {
    const sample = sampleSweep();
    const body = renderPrometheus(sample, { verdict: 'untrusted' });
    expect(await pushMetrics(base, body)).toEqual({ ok: true });
    const fams = await scrape();
    expect(sampleValue(fams, 'interconnect_node_state', { ...ours, node: 'node-3', state: 'culprit' })).toBe(
      1,
    );
    expect(
      sampleValue(fams, 'interconnect_node_state', { ...ours, node: 'gpu-nordma', state: 'excluded' }),
    ).toBe(1);
    expect(
      sampleValue(fams, 'interconnect_pair_state', {
        ...ours,
        prefill: 'node-4',
        decode: 'node-5',
        state: 'not-run',
      }),
    ).toBe(1);
    expect(
      sampleValue(fams, 'interconnect_pair_bandwidth_bytes_per_second', {
        ...ours,
        prefill: 'node-0',
        decode: 'node-5',
        engine: 'nixlbench',
        transport: 'rdma',
      }),
    ).toBe(44e9);
    expect(sampleValue(fams, 'interconnect_sweep_last_run_timestamp_seconds', ours)).toBe(1796005861.5);
    // Every series we wrote is there, same type and HELP, nothing more.
    const mine = parsePromText(body);
    for (const [name, f] of mine) {
      const served = fams.get(name);
      expect(served?.type, name).toBe('gauge');
      expect(served?.help, name).toBe(f.help);
      expect(
        served?.samples.filter((s) => s.labels.job === DEFAULT_PUSH_JOB),
        name,
      ).toHaveLength(f.samples.length);
    }
    expect(sampleValue(fams, 'push_failure_time_seconds', ours)).toBe(0);
  });

  it('serves the isolation, each rail and the baseline comparison, as the alerting rules read them', async () => {
    const body = renderPrometheus(sampleSweepWithHistory(), { verdict: 'untrusted' });
    expect(await pushMetrics(base, body)).toEqual({ ok: true });
    const fams = await scrape();
    expect(sampleValue(fams, 'interconnect_node_isolated', { ...ours, node: 'node-3' })).toBe(1);
    expect(sampleValue(fams, 'interconnect_node_isolated', { ...ours, node: 'node-2' })).toBe(0);
    expect(sampleValue(fams, 'interconnect_link_isolated', { ...ours, a: 'node-0', b: 'node-1' })).toBe(1);
    const rail3 = { ...ours, prefill: 'node-0', decode: 'node-5', gpu: '3', nic: 'mlx5_3' };
    expect(sampleValue(fams, 'interconnect_rail_bandwidth_bytes_per_second', rail3)).toBe(2.8e9);
    const link = { ...ours, a: 'node-0', b: 'node-5' };
    expect(sampleValue(fams, 'interconnect_link_regressed', { ...link, rail: 'all' })).toBe(1);
    expect(sampleValue(fams, 'interconnect_link_regressed', { ...link, rail: '3' })).toBe(1);
    expect(sampleValue(fams, 'interconnect_link_regressed', { ...link, rail: '0' })).toBe(0);
    expect(sampleValue(fams, 'interconnect_link_baseline_ratio', { ...link, rail: '3' })).toBe(0.491);
    expect(sampleValue(fams, 'interconnect_node_regressed', { ...ours, node: 'node-5' })).toBe(1);
    expect(sampleValue(fams, 'interconnect_sweep_regression_fraction', ours)).toBe(0.2);
    expect(sampleValue(fams, 'push_failure_time_seconds', ours)).toBe(0);
  });

  it('replaces the whole group on the next push (PUT): pairs that are gone leave no stale series', async () => {
    const smaller = sampleSweep();
    smaller.pairs = smaller.pairs.slice(0, 3);
    expect(await pushMetrics(base, renderPrometheus(smaller))).toEqual({ ok: true });
    const fams = await scrape();
    const pairs = fams
      .get('interconnect_pair_state')
      ?.samples.filter((s) => s.labels.job === DEFAULT_PUSH_JOB && s.value === 1);
    expect(pairs?.map((s) => `${s.labels.prefill}>${s.labels.decode}`).sort()).toEqual([
      'node-0>node-5',
      'node-1>node-4',
      'node-2>node-3',
    ]);
    // A family the second push left out is gone too: only PUT does that (POST keeps other names).
    expect(fams.has('interconnect_sweep_state')).toBe(false);
  });

  it('reads escaped label values and a base64 grouping key back as they were', async () => {
    const s = sampleSweep();
    (s.nodes[0] as SweepResult['nodes'][number]).name = WEIRD;
    const instance = 'gpu-team/nightly';
    expect(await pushMetrics(base, renderPrometheus(s), { instance })).toEqual({ ok: true });
    // The JSON API decodes values with the gateway's own (Go) parser: an independent reader.
    const api = (await (await fetch(`${base}/api/v1/metrics`)).json()) as {
      data: Array<Record<string, unknown> & { labels: Record<string, string> }>;
    };
    const group = api.data.find((g) => g.labels.instance === instance);
    expect(group?.labels.job).toBe(DEFAULT_PUSH_JOB);
    const nodes = group?.interconnect_node_state as {
      metrics: { labels: Record<string, string>; value: string }[];
    };
    expect(nodes.metrics.find((m) => m.labels.node === WEIRD && m.labels.state === 'suspect')?.value).toBe(
      '1',
    );
    // And its re-escaped /metrics text reads back the same.
    expect(
      sampleValue(await scrape(), 'interconnect_node_state', { instance, node: WEIRD, state: 'suspect' }),
    ).toBe(1);
  });

  it('groups by cluster: two clusters are two groups, each series with its cluster', async () => {
    for (const name of ['gpu-east', 'gpu-west']) {
      const cluster = clusterIdentity({ context: name, server: `https://${name}.example:6443` });
      const body = renderPrometheus(sampleSweep(), { verdict: 'untrusted', cluster });
      expect(await pushMetrics(base, body, { cluster: name })).toEqual({ ok: true });
    }
    const fams = await scrape();
    for (const cluster of ['gpu-east', 'gpu-west'])
      expect(
        sampleValue(fams, 'interconnect_sweep_state', {
          job: DEFAULT_PUSH_JOB,
          cluster,
          instance: '',
          state: 'untrusted',
        }),
      ).toBe(1);
  });
});

describe('pushMetrics when the gateway is not there or not well', () => {
  let server: Server | undefined;
  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  /** A loopback HTTP server that answers every request with `status`, recording what came. */
  async function answering(status: number, body: string, seen: IncomingMessage[]): Promise<string> {
    server = createServer((req, res) => {
      seen.push(req);
      req.resume();
      req.on('end', () => {
        res.writeHead(status, { 'Content-Type': 'text/plain' });
        res.end(body);
      });
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('a closed port is one warning naming the URL, the refusal and the fix; no throw', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const r = await pushMetrics(url, renderPrometheus(sampleSweep()), { timeoutMs: 5000 });
    expect(r.ok).toBe(false);
    const w = r.ok ? '' : r.warning;
    expect(w).toContain(url);
    expect(w).toContain('ECONNREFUSED');
    expect(w).toContain('check --pushgateway');
    expect(w).not.toContain('\n');
  });

  it('a 500 is one warning naming 500; credentials travel as a header and never show', async () => {
    const seen: IncomingMessage[] = [];
    const hostPort = await answering(500, 'storage broken\nsecond line', seen);
    const r = await pushMetrics(`http://metrics:s3cret@${hostPort}/`, 'x 1\n', { instance: 'a/b' });
    expect(r.ok).toBe(false);
    const w = r.ok ? '' : r.warning;
    expect(w).toMatch(/HTTP 500/);
    expect(w).toContain('storage broken second line');
    expect(w).toContain(`http://<redacted>@${hostPort}/`);
    expect(w).not.toContain('s3cret');
    expect(w).not.toContain('\n');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.url).toBe(`/metrics/job/${DEFAULT_PUSH_JOB}/instance@base64/YS9i`);
    expect(seen[0]?.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(seen[0]?.headers.authorization).toBe(`Basic ${Buffer.from('metrics:s3cret').toString('base64')}`);
    await new Promise<void>((res) => server?.close(() => res()));
    server = undefined;
  });

  it('a gateway that does not answer in time is one warning, not a hang', async () => {
    server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const r = await pushMetrics(url, 'x 1\n', { timeoutMs: 300 });
    expect(r).toEqual({
      ok: false,
      warning: `metrics not pushed to ${url}: no answer within 0.3 s; is the Pushgateway running there? check --pushgateway`,
    });
    server.closeAllConnections();
  });

  it('a URL that is not http(s) is one warning naming it', async () => {
    const r = await pushMetrics('gateway:9091', 'x 1\n');
    expect(r).toEqual({
      ok: false,
      warning:
        'metrics not pushed: gateway:9091 is not an http(s) URL (want http://host:9091); check --pushgateway',
    });
  });
});
