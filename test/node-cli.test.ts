import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportSchema } from '../src/core/model.js';
import type { UcxInfoResult } from '../src/parsers/ucx-info.js';
import { NODE_PROBES } from '../src/probes/node-set.js';
import { NodeReportPartSchema } from '../src/probes/schema.js';
import { runCli, spawnCli } from './helpers/cli.js';
import { nixl } from './helpers/nixl.js';
import { describeNeeding } from './helpers/preconditions.js';

/** `interconnect-test node`: in-process through main(), and the built CLI, on this very machine. */

/** `interconnect-test node …` in-process (env: the whole environment it sees). */
const cli = (args: string[], env?: NodeJS.ProcessEnv) => runCli(['node', ...args], { env });

/** Judges a `node --local` report of this host by invariants that hold on any machine. */
function checkLocalReport(stdout: string, code: number | null) {
  const report = ReportSchema.parse(JSON.parse(stdout));
  const part = NodeReportPartSchema.parse(report);
  expect(part.targets).toHaveLength(1);
  const t = part.targets[0]!;
  expect([t.kind, t.host, t.node, t.where]).toEqual([
    'local',
    hostname(),
    hostname(),
    `local host ${hostname()}`,
  ]);
  // Every probe of the set is accounted for, fallbacks only where the first was missing.
  for (const spec of NODE_PROBES) {
    const e = t.probes[spec.tool];
    expect(e, spec.tool).toBeDefined();
    expect(e!.argv).toEqual(spec.argv);
    if (e!.notFound) {
      expect([e!.ran, e!.exitCode]).toEqual([false, null]);
      if (spec.fallback) expect(t.probes[spec.fallback.tool]?.argv).toEqual(spec.fallback.argv);
    } else if (spec.fallback) expect(t.probes[spec.fallback.tool]).toBeUndefined();
  }
  for (const c of report.checks) expect(c.subject?.startsWith(hostname())).toBe(true);
  // A missing tool is a skipped check, never an ok.
  if (t.probes.show_gids?.notFound) {
    expect(report.checks.filter((c) => c.id === 'rdma.show_gids').map((c) => c.status)).toEqual(['skipped']);
  }
  // Without InfiniBand nothing can vouch for the fabric.
  if (!existsSync('/dev/infiniband')) expect(report.verdict.status).not.toBe('trusted');
  expect(code).toBe(report.verdict.status === 'untrusted' ? 1 : 0);
  return { report, part };
}

describe('node --local on this machine', () => {
  it('runs the probe set in-process and reports it honestly', async () => {
    const { code, stdout, stderr } = await cli(['--local', '-o', 'json']);
    const { report } = checkLocalReport(stdout, code);
    expect(report.command).toBe('node');
    expect(stderr).toContain('probing local host');
  });

  it('prints what ran and what was missing in the text report', async () => {
    const { stdout } = await cli(['--local', '-q']);
    expect(stdout.split('\n')[0]).toBe(`local host ${hostname()}`);
    expect(stdout).toMatch(/^ {2}ran: .*sh -c 'ulimit -l'/m);
    expect(stdout).toMatch(/^Verdict: (UNTRUSTED|UNVERIFIED|TRUSTED)/m);
  });

  it('finds nothing when PATH holds no tools, and says every probe was skipped', async () => {
    // HOME without the project's NIXL venv: no python at all, so not even NIXL's libucp answers.
    const home = mkdtempSync(path.join(tmpdir(), 'node-home-'));
    const { code, stdout } = await cli(['--local', '-o', 'json', '-q'], { PATH: '/nonexistent', HOME: home });
    const report = ReportSchema.parse(JSON.parse(stdout));
    expect(report.verdict.status).toBe('unverified');
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ['ib.ibstat', 'skipped'],
      ['rdma.dev-infiniband', 'skipped'],
      ['gdr.lsmod', 'skipped'],
      ['nvlink.topo', 'skipped'],
      ['nvlink.nvlink', 'skipped'],
      ['rdma.show_gids', 'skipped'],
      ['memlock.memlock', 'skipped'],
      ['ucx.ucx_info', 'skipped'],
    ]);
    expect(report.checks.at(-1)?.detail).toBe(
      "`ucx_info -d` not found, nor `python3 -c <UCX through the NIXL wheel's libucp>`: this was not checked",
    );
    expect(code).toBe(0);
  });

  describeNeeding([nixl('current')], "with no ucx_info: UCX through the NIXL wheel's own libucp", () => {
    it('reads the version and transports of the UCX NIXL loads, with no ucx_info anywhere (issue 37 item 6)', async () => {
      // No tool on PATH; the project's NIXL venv (found under HOME, as `pair --local` finds it) runs the script.
      const { stdout } = await cli(['--local', '-o', 'json', '-q'], {
        PATH: '/nonexistent',
        HOME: homedir(),
      });
      const part = NodeReportPartSchema.parse(JSON.parse(stdout));
      const probes = part.targets[0]!.probes;
      expect(probes.ucx_info).toMatchObject({ notFound: true });
      expect(probes.ucx_libucp).toMatchObject({ ran: true, exitCode: 0 });
      const ucx = probes.ucx_libucp?.parsed as UcxInfoResult;
      // nixl-cu12 1.5.1 bundles UCX 1.23.0 (references/todays-images.md), read through its hashed libucp.
      expect(ucx.version).toBe('1.23.0');
      expect(ucx.via).toMatch(/^the NIXL wheel's own libucp-[0-9a-f]+\.so/);
      expect(ucx.transports).toEqual(expect.arrayContaining(['self', 'tcp', 'posix']));
      const report = ReportSchema.parse(JSON.parse(stdout));
      expect(report.checks.find((c) => c.id === 'ucx.version')?.detail).toBe('UCX 1.23.0');
      // No skip for the missing ucx_info: UCX was read.
      expect(report.checks.find((c) => c.id === 'ucx.ucx_info')).toBeUndefined();
      // Its RDMA verdict is the wheel's own: on a host with no HCA, no RDMA transport is a fail, never a skip.
      const rdma = report.checks.find((c) => c.id === 'ucx.rdma');
      expect(rdma?.status).toBe(existsSync('/dev/infiniband') ? expect.any(String) : 'fail');
    });
  });

  it('the built CLI gives the same report shape on stdout', async () => {
    const run = await spawnCli(['node', '--local', '-o', 'json', '-q']);
    checkLocalReport(run.stdout, run.code);
    expect(run.stderr).toBe('');
  });
});

describe('node: bad input and an unreachable cluster end in one line, exit 2', () => {
  function kubeconfig(server: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-kube-'));
    const file = path.join(dir, 'config');
    writeFileSync(
      file,
      `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "${server}"}}]
users: [{name: u, user: {token: abc}}]
contexts: [{name: x, context: {cluster: c, user: u, namespace: dynamo}}]
current-context: x
`,
    );
    return file;
  }

  it.each([
    [[], 'error: say where to probe (fix: pass --local (this host), --pod NAME (a pod), or --dgd NAME'],
    [['--local', '--dgd', 'g'], 'error: choose one of --local, --dgd, not several'],
    [['--pod', 'p', '--all-pods'], 'error: --all-pods only goes with --dgd'],
    [['--local', '--probe-timeout', '0'], 'error: invalid options: --probe-timeout:'],
    [
      ['--local', '--probe-timeout', '5x'],
      'error: invalid options: --probe-timeout: expected a duration such as 20s, 2m or 500ms (fix: see --help)',
    ],
    [
      ['--pod', 'p', '--kubeconfig', '/nonexistent/kubeconfig'],
      'error: kubeconfig /nonexistent/kubeconfig does not exist (fix: point --kubeconfig',
    ],
  ])('node %j', async (args, line) => {
    const { code, stdout, stderr } = await cli([...args, '-q']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(stderr.startsWith(line)).toBe(true);
  });

  it('says the API server cannot be reached', async () => {
    const file = kubeconfig('https://127.0.0.1:1');
    for (const args of [
      ['--pod', 'decode-0'],
      ['--dgd', 'g'],
    ]) {
      const { code, stderr } = await cli([...args, '--kubeconfig', file, '-q']);
      expect(code).toBe(2);
      expect(stderr).toBe(
        'error: cannot reach the Kubernetes API server at https://127.0.0.1:1: ECONNREFUSED (fix: check --kubeconfig/--context, that the cluster is up, and your network or VPN)\n',
      );
    }
  });
});
