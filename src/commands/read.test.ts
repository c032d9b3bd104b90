import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { capture, runCli } from '../../test/helpers/cli.js';
import { fixturePath, readFixture } from '../../test/helpers/fixtures.js';
import { LastWords } from '../core/last-words.js';
import { createProgress } from '../core/progress.js';
import { renderJson } from '../render/data.js';
import type { CliContext } from './context.js';
import { readCommand } from './read.js';

const run = (...argv: string[]) => runCli(['read', ...argv, '-q'], { env: {} });
const sink = capture;

const tmp = mkdtempSync(path.join(tmpdir(), 'read-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('read <tool> <file> through main()', () => {
  it('classifies a captured ibstat: the Down/Polling port fails the gate (exit 1)', async () => {
    const r = await run(
      'ibstat',
      fixturePath('node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt'),
      '--no-color',
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('FAIL    ib.port  mlx5_10/1  InfiniBand port Down/Polling: no link partner');
    expect(r.stdout).toContain('Verdict: PROBLEM SHOWN');
  });

  it('--line-rate sets the network bar for a capture; --rails without it, or with --expect nvlink, is a usage error', async () => {
    const degraded = fixturePath('nixlbench', 'ucx-vram-h200-cx7-400g-degraded.log');
    const r = await run('nixlbench', degraded, '--line-rate', '400', '-o', 'json');
    expect(r.code).toBe(1);
    const bw = JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === 'nixlbench.bandwidth');
    expect(bw).toMatchObject({ status: 'fail', data: { lineGBps: 50, floorGBps: 35, warnGBps: 40 } });
    expect(bw.detail).toContain('(--line-rate 400 Gb/s)');
    const four = await run('nixlbench', degraded, '--line-rate', '100', '--rails', '4', '-o', 'json');
    expect(
      JSON.parse(four.stdout).checks.find((c: { id: string }) => c.id === 'nixlbench.bandwidth').data,
    ).toMatchObject({
      lineGBps: 50,
      floorGBps: 35,
    });
    const railsAlone = await run('nixlbench', degraded, '--rails', '2');
    expect([railsAlone.code, railsAlone.stderr]).toEqual([
      2,
      'error: --rails needs --line-rate: the rail count multiplies the line rate of one port (fix: add --line-rate <Gb/s>, e.g. --line-rate 400 --rails 4)\n',
    ]);
    expect((await run('nixlbench', degraded, '--line-rate', '400', '--expect', 'nvlink')).code).toBe(2);
    expect((await run('nixlbench', degraded, '--line-rate', 'fast')).code).toBe(2);
  });

  it('exits 0 on a healthy reading and on warnings, 1 on warnings with --fail-on warn', async () => {
    expect(
      (await run('ibstat', fixturePath('node', 'ibstat', 'h100-ndr-ib-8port-active-plus-bond-roce.txt')))
        .code,
    ).toBe(0);
    const capped = fixturePath('node', 'ulimit-l', 'docker-default-container-8192kb-vs-host.txt');
    expect((await run('memlock', capped)).code).toBe(0);
    expect((await run('memlock', capped, '--fail-on', 'warn')).code).toBe(1);
  });

  it('-o json gives the report keys, the checks and the parsed rows (blockSize, batchSize, gbps)', async () => {
    const r = await run(
      'nixlbench',
      fixturePath('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log'),
      '-o',
      'json',
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report).sort()).toEqual(
      ['checks', 'command', 'generatedAt', 'input', 'parsed', 'schemaVersion', 'tool', 'verdict'].sort(),
    );
    expect(report).toMatchObject({ schemaVersion: 1, tool: 'interconnect-test', command: 'read' });
    expect(report.input).toEqual({
      tool: 'nixlbench',
      source: fixturePath('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log'),
    });
    expect(report.parsed.rows).toHaveLength(15);
    expect(report.parsed.rows[14]).toMatchObject({ blockSize: 67108864, batchSize: 1, gbps: 5.10826 });
    expect(report.parsed.peakGBps).toBe(5.10826);
    expect(report.checks.map((c: { id: string; status: string }) => `${c.status} ${c.id}`)).toEqual([
      'ok nixlbench.run',
      'warn nixlbench.bandwidth',
      'skipped nixlbench.transport',
    ]);
    // Above the floor, but with no line rate (and no --min-bandwidth) the figure cannot be judged: as in pair.
    expect(report.verdict.status).toBe('unverified');
  });

  it('--min-bandwidth sets the floor (GB/s) and --expect network refuses a loopback run', async () => {
    const legacy = fixturePath('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log');
    const r = await run('nixlbench', legacy, '--min-bandwidth', '10', '-o', 'json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).checks[1]).toMatchObject({
      id: 'nixlbench.bandwidth',
      status: 'fail',
      detail: '5.11 GB/s at 64 MiB is below the floor of 10 GB/s (--min-bandwidth 10 GB/s)',
    });
    const ci = fixturePath('nixlbench', 'ucx-dram-ci-2rank-same-host-timestamped-ok.log');
    expect((await run('nixlbench', ci)).code).toBe(0);
    expect((await run('nixlbench', ci, '--expect', 'network')).code).toBe(1);
  });

  it('reads ucx_perftest output and gives the same normalised rows', async () => {
    const r = await run(
      'ucx_perftest',
      fixturePath('ucx_perftest', 'tag-bw-cuda-rc-ib-ok.log'),
      '-o',
      'json',
    );
    expect(JSON.parse(r.stdout).parsed.rows).toEqual([
      { blockSize: 100000000, batchSize: 1, gbps: 10.983215, avgLatUs: 9104.8, msgRate: 110 },
    ]);
  });

  it('prints the measured rows in text output', async () => {
    const r = await run(
      'ucx_perftest',
      fixturePath('ucx_perftest', 'tag-bw-cuda-rc-ib-ok.log'),
      '--no-color',
    );
    expect(r.stdout).toContain('  100000000      1     10.983     9104.8');
    expect(r.stdout).toContain('peak 10.983 GB/s (GB = 10^9 bytes)');
  });

  it('-o yaml works too', async () => {
    const r = await run(
      'show_gids',
      fixturePath('node', 'show_gids', 'k8s-pod-calico-no-gids.txt'),
      '-o',
      'yaml',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('command: read');
    expect(r.stdout).toContain('id: rdma.gid');
  });
});

describe('read: input problems give one clear line and exit 2', () => {
  it('an unknown tool id', async () => {
    const r = await run('ibstatt', fixturePath('node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "error: unknown tool 'ibstatt' (fix: use one of: ibstat, ibstatus, ibv_devinfo, topo, topo-p2p, nvlink, lsmod, dev-infiniband, show_gids, memlock, ucx_info, nixlbench, ucx_perftest, gdrcopy, perftest, nccl-tests, rdma-link, dmesg, fi_info)\n",
    );
  });

  it('an unreadable file', async () => {
    const r = await run('ibstat', path.join(tmp, 'nope.txt'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: cannot read ${path.join(tmp, 'nope.txt')}: no such file (fix: give the path of a saved tool output, or - to read stdin)\n`,
    );
    const dir = await run('ibstat', tmp);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toMatch(/^error: cannot read .*: it is a directory \(fix: .*\)\n$/);
  });

  it('an empty file', async () => {
    const empty = path.join(tmp, 'empty.txt');
    writeFileSync(empty, '\n  \n');
    const r = await run('ucx_info', empty);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${empty} is empty: there is no ucx_info output to read (fix: capture the output of \`ucx_info -d\` into the file)\n`,
    );
  });

  it('garbage, naming the tool and the line', async () => {
    const r = await run('topo', fixturePath('node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt'));
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(
      /^error: cannot read nvidia-smi topo output at line 1 "CA 'mlx5_10'": no matrix header line with GPU0 found \(fix: /,
    );
  });

  it('a topo -p2p matrix given to `read topo`: read as topo-p2p, and the JSON input names that reader', async () => {
    const p2p = fixturePath('node', 'nvidia-smi-topo-p2p', 'rtx5090-2gpu-rw-gns.txt');
    const r = await run('topo', p2p, '-o', 'json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.input).toEqual({ tool: 'topo-p2p', source: p2p });
    expect(out.parsed.matrices).toHaveLength(1);
  });

  it('a bad --min-bandwidth', async () => {
    const r = await run(
      'nixlbench',
      fixturePath('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log'),
      '--min-bandwidth',
      'fast',
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: invalid options: --min-bandwidth: /);
  });
});

describe('read <tool> - (stdin)', () => {
  function ctxWith() {
    const out = sink();
    const err = sink();
    const ctx: CliContext = {
      stdout: out.stream,
      stderr: err.stream,
      env: {},
      cwd: tmp,
      signal: new AbortController().signal,
      progress: createProgress({ stream: err.stream, quiet: true }),
      lastWords: new LastWords(),
    };
    return { ctx, out };
  }

  it('reads the output from stdin', async () => {
    const { ctx, out } = ctxWith();
    const stdin = Readable.from([readFixture('node', 'lsmod', 'egx-grep-nv_peer_mem-legacy-loaded.txt')]);
    const program = new Command().exitOverride().addCommand(readCommand(ctx, { stdin }));
    await program.parseAsync(['read', 'lsmod', '-', '-o', 'json'], { from: 'user' });
    // The command hands its report to cli.ts (which renders it); it writes nothing itself.
    expect(out.text()).toBe('');
    const outcome = ctx.outcome;
    if (outcome?.kind !== 'report') throw new Error('no report');
    const report = JSON.parse(renderJson(outcome.report));
    expect(report.input).toEqual({ tool: 'lsmod', source: '-' });
    expect(report.parsed.peermem).toEqual({ state: 'loaded', module: 'nv_peer_mem' });
    expect(outcome.output.output).toBe('json');
  });

  it('refuses empty stdin', async () => {
    const { ctx } = ctxWith();
    const program = new Command().exitOverride().addCommand(readCommand(ctx, { stdin: Readable.from(['']) }));
    await expect(program.parseAsync(['read', 'memlock', '-'], { from: 'user' })).rejects.toThrow(
      'stdin is empty: there is no memlock output to read',
    );
  });
});
