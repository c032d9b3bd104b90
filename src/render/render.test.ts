import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { check, type Report, ReportSchema } from '../core/model.js';
import { makeReport } from '../core/report.js';
import { bandwidthCheck } from '../judge/bandwidth.js';
import { expectationFor } from '../judge/expectations.js';
import { drainedOf, renderJson, renderYaml, writeJson } from './data.js';
import { renderJunit } from './junit.js';
import { wantsColor } from './style.js';
import { renderText } from './text.js';

const fixedNow = () => new Date('2026-11-30T00:00:00.000Z');
const report = makeReport(
  'node',
  [
    check('ib.port', 'ok', 'mlx5_0:1 Active 400 Gb/s', { subject: 'pod-a' }),
    check('ib.port', 'fail', 'mlx5_1:1 Down', { subject: 'pod-a', fix: 'check the cable & switch port <3>' }),
    check('gdr.peermem', 'warn', 'nvidia_peermem not loaded', { fix: 'modprobe nvidia_peermem' }),
    check('ucx.transports', 'skipped', 'ucx_info not found'),
  ],
  { targets: [{ pod: 'pod-a' }] },
  undefined,
  fixedNow,
);

describe('renderers', () => {
  it('JSON and YAML carry the same validated, versioned object', async () => {
    const fromJson = JSON.parse(renderJson(report));
    expect(ReportSchema.parse(fromJson)).toEqual(report);
    expect(parse(await renderYaml(report))).toEqual(fromJson);
    expect(fromJson.schemaVersion).toBe(1);
    expect(fromJson.targets).toEqual([{ pod: 'pod-a' }]);
  });

  it('text groups checks, shows fixes for problems and ends with the verdict', () => {
    const text = renderText(report, { color: false }, () => [
      { title: 'Targets', lines: ['pod-a on node-1'] },
    ]);
    expect(text).toBe(
      [
        'Targets',
        '  pod-a on node-1',
        '',
        'ib',
        '  OK      ib.port  pod-a  mlx5_0:1 Active 400 Gb/s',
        '  FAIL    ib.port  pod-a  mlx5_1:1 Down',
        '          fix: check the cable & switch port <3>',
        '',
        'gdr',
        '  WARN    gdr.peermem  nvidia_peermem not loaded',
        '          fix: modprobe nvidia_peermem',
        '',
        'ucx',
        '  SKIPPED ucx.transports  ucx_info not found',
        '',
        'Verdict: UNTRUSTED  (1 ok, 1 warn, 1 fail, 1 skipped)',
        'Do not trust disaggregated serving: 1 check failed; fix first: ib.port (pod-a): mlx5_1:1 Down — check the cable & switch port <3>',
        '',
      ].join('\n'),
    );
  });

  it('colours only when asked, and NO_COLOR wins', () => {
    expect(renderText(report, { color: true })).toContain('\u001b[31m');
    expect(wantsColor({ isTTY: true }, {})).toBe(true);
    expect(wantsColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor({ isTTY: false }, {})).toBe(false);
    expect(wantsColor({ isTTY: true }, {}, false)).toBe(false);
  });

  it('JUnit marks fails as failures, skips as skipped, and escapes XML', () => {
    const xml = renderJunit(report);
    expect(xml).toContain('<testsuites name="interconnect-test node" tests="5" failures="2" time="0">');
    expect(xml).toContain(
      '<testsuite name="interconnect-test.node.ib" tests="2" failures="1" errors="0" skipped="0"',
    );
    expect(xml).toContain(
      '<failure message="mlx5_1:1 Down" type="fail">mlx5_1:1 Down\nfix: check the cable &amp; switch port &lt;3&gt;</failure>',
    );
    expect(xml).toContain('<skipped message="ucx_info not found"/>');
    expect(xml).toContain('name="verdict" time="0"><failure message="untrusted:');
    expect(xml.match(/<testcase /g)).toHaveLength(5);
  });

  it('a degraded link (38 GB/s on 400G: a pair.bandwidth warn) is a JUnit failure under --fail-on warn, and no failure without it', () => {
    const exp = expectationFor({ mode: 'cross-node', lineRateGbps: 400 });
    const warned = bandwidthCheck(38, exp, 'cross-node', 'gpu-a → gpu-b');
    expect(warned.status).toBe('warn');
    const pair = makeReport('pair', [warned], {}, undefined, fixedNow);
    const strict = renderJunit(pair, 'warn');
    expect(strict).toContain('<testsuites name="interconnect-test pair" tests="2" failures="2" time="0">');
    expect(strict).toMatch(
      /name="pair.bandwidth \[gpu-a → gpu-b\]" time="0">\s*<properties>[\s\S]*?<\/properties>\s*<failure message="38.0 GB\/s [^"]*" type="warn">/,
    );
    expect(strict).toContain('name="verdict" time="0"><failure message="unverified:');
    const lax = renderJunit(pair);
    expect(lax).toContain('failures="0"');
    expect(lax).toContain('<system-out>WARN: 38.0 GB/s');
    expect(lax).not.toContain('<failure');
  });

  it("JUnit: each case and suite has a time, a pair's figures are properties, and the cluster is the suites'", () => {
    const sweep = makeReport(
      'sweep',
      [
        check('sweep.pair', 'ok', 'trusted: 45.1 GB/s', {
          subject: 'gpu-a → gpu-b',
          data: { peakGBps: 45.1, lineGBps: 50, floorGBps: 35, durationMs: 61_500 },
        }),
        check('sweep.pair', 'fail', 'untrusted: 1.0 GB/s', {
          subject: 'gpu-a → gpu-c',
          data: { peakGBps: 1, lineGBps: 50, floorGBps: 35, durationMs: 30_250 },
        }),
      ],
      {
        cluster: {
          name: 'gpu-prod-east',
          context: 'admin@prod',
          server: 'https://10.0.0.1:6443',
        },
      },
      undefined,
      fixedNow,
    );
    const xml = renderJunit(sweep);
    expect(xml).toContain('name="sweep.pair [gpu-a → gpu-b]" time="61.5">');
    expect(xml).toContain('name="sweep.pair [gpu-a → gpu-c]" time="30.25">');
    expect(xml).toMatch(/<testsuite name="interconnect-test.sweep.sweep" [^>]* time="91.75"/);
    expect(xml).toMatch(/<testsuites [^>]* time="91.75">/);
    expect(xml).toContain('<property name="peakGBps" value="45.1"/>');
    expect(xml).toContain('<property name="lineGBps" value="50"/>');
    expect(xml).toContain('<property name="cluster.name" value="gpu-prod-east"/>');
    expect(xml).toContain('<property name="cluster.server" value="https://10.0.0.1:6443"/>');
    // Suite properties come before the cases, as the JUnit schema has them.
    const suite = xml.slice(xml.indexOf('<testsuite name="interconnect-test.sweep.sweep"'));
    expect(suite.indexOf('<properties>')).toBeLessThan(suite.indexOf('<testcase'));
  });

  it("text: a report's cluster is its first line", () => {
    const r = makeReport('sweep', [check('sweep.pair', 'ok', 'fine')], {
      cluster: { name: 'gpu-prod-east', context: 'admin@prod', server: 'https://10.0.0.1:6443' },
    });
    expect(renderText(r, { color: false }).split('\n')[0]).toBe(
      'cluster gpu-prod-east (context admin@prod, https://10.0.0.1:6443)',
    );
  });

  it('YAML quotes timestamps, so a YAML 1.1 reader keeps them strings; the value reads back the same', async () => {
    const y = await renderYaml(report);
    expect(y).toContain('generatedAt: "2026-11-30T00:00:00.000Z"');
    expect((parse(y) as { generatedAt: unknown }).generatedAt).toBe('2026-11-30T00:00:00.000Z');
  });
});

describe('writeJson', () => {
  const pieces = async (r: unknown) => {
    const out: string[] = [];
    await writeJson(r as Report, (t) => {
      out.push(t);
    });
    return out;
  };
  const bigReport = (n: number) =>
    makeReport(
      'env',
      Array.from({ length: n }, (_, k) => check('env.x', 'ok', `detail ${k} ${'x'.repeat(200)}`)),
    );
  it('writes renderJson’s text in pieces that end after an element', async () => {
    const many = Array.from({ length: 3000 }, (_, k) =>
      check('env.x', k % 2 ? 'ok' : 'warn', `detail ${k} → “quoted” \n and a tab\t`, {
        subject: `f.yaml#d/s${k}`,
        data: { line: k, nested: { list: [1, 'two', null, { k }] }, gone: undefined },
      }),
    );
    const report = {
      ...makeReport('env', many, { services: [], graphs: [[], {}], when: new Date(0), skip: undefined }),
      sparse: [1, undefined, () => 1, 'x'],
    };
    const out = await pieces(report);
    expect(out.join('')).toBe(renderJson(report as unknown as Report));
    expect(out.length).toBeGreaterThan(2);
    for (const p of out.slice(0, -1)) expect(p).toMatch(/(?:,|\[)\n$/);
  });
  it('writes an empty object and small values as JSON.stringify does', async () => {
    for (const r of [{}, { a: undefined }, { a: [] }, { a: 'x', b: [{}] }, { toJSON: () => ({ z: 1 }) }])
      expect((await pieces(r)).join('')).toBe(renderJson(r as unknown as Report));
  });

  it('waits for a slow reader: a stream that refuses more is written again only after it drains', async () => {
    const report = bigReport(20_000); // about 5 MB of JSON
    const got: Buffer[] = [];
    let most = 0;
    // A real stream whose reader takes one chunk per timer tick, as a pipe to a slow process does.
    const slow = new Writable({
      highWaterMark: 1 << 16,
      write(chunk: Buffer, _enc, done) {
        got.push(chunk);
        setImmediate(done);
      },
    });
    const write = (t: string) => {
      const more = slow.write(t);
      most = Math.max(most, slow.writableLength);
      return more;
    };
    await writeJson(report, write, drainedOf(slow));
    await new Promise<void>((r) => slow.end(r));
    expect(Buffer.concat(got).toString()).toBe(renderJson(report));
    // Never more than the buffer's mark and one piece behind, whatever the report's size.
    expect(most).toBeLessThan(4 * (1 << 16));
    expect(renderJson(report).length).toBeGreaterThan(40 * (1 << 16));
  });

  it('never hangs on a reader that went away (`| head`): the rest is dropped', async () => {
    const report = bigReport(20_000);
    let taken = 0;
    const gone = new Writable({
      highWaterMark: 1 << 10,
      write(_chunk, _enc, done) {
        taken++;
        // The reader closes after its first chunk, as `head -c` does.
        if (taken === 1) setImmediate(() => gone.destroy());
        setImmediate(done);
      },
    });
    gone.on('error', () => {});
    await writeJson(report, (t) => gone.write(t), drainedOf(gone));
    expect(gone.destroyed).toBe(true);
  });
});
