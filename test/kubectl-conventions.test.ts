import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { builtCli, capture, runCli } from './helpers/cli.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';

/**
 * The CLI as a kubectl plugin should feel: its name as invoked, `-o=json` and `-o wide`, `-v 6`
 * traces, a `version` subcommand, and `pair` without a kubeconfig pointing at `--local`.
 */

const tmp = mkdtempSync(path.join(tmpdir(), 'it-kubectl-'));
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

const LOG = 'test/fixtures/nixlbench/ucx-vram-h200-cx7-400g-degraded.log';

async function inProcess(
  args: string[],
  io: { executable?: string; columns?: number; env?: NodeJS.ProcessEnv } = {},
) {
  const out = capture();
  const err = capture();
  if (io.columns) Object.assign(out.stream, { isTTY: true, columns: io.columns });
  const code = await main(args, {
    stdout: out.stream,
    stderr: err.stream,
    stdin: Readable.from([]),
    env: io.env ?? { ...process.env, NO_COLOR: '1' },
    cwd: repoRoot,
    ...(io.executable ? { executable: io.executable } : {}),
  });
  return { code, stdout: out.text(), stderr: err.text() };
}

describe('the name as invoked', () => {
  it('as the kubectl plugin, help and examples say `kubectl interconnect-test`', async () => {
    const plugin = await inProcess(['pair', '--help'], {
      executable: '/usr/local/bin/kubectl-interconnect_test',
    });
    expect(plugin.stdout).toMatch(/^Usage: kubectl interconnect-test pair /);
    expect(plugin.stdout).toContain('\n  kubectl interconnect-test pair --');
    expect(plugin.stdout).not.toMatch(/^ {2}interconnect-test /m);
    const tool = await inProcess(['pair', '--help'], { executable: '/usr/bin/interconnect-test' });
    expect(tool.stdout).toMatch(/^Usage: interconnect-test pair /);
    expect(tool.stdout).not.toContain('kubectl interconnect-test');
  });

  it('the built CLI run through a link named kubectl-interconnect_test (as kubectl runs a plugin)', () => {
    const link = path.join(tmp, 'kubectl-interconnect_test');
    symlinkSync(builtCli, link);
    const out = execFileSync(process.execPath, [link, 'read', '--help'], { encoding: 'utf8' });
    expect(out).toMatch(/^Usage: kubectl interconnect-test read /);
    expect(out).toContain('  kubectl interconnect-test read ');
  });
});

describe('kubectl output flags', () => {
  it('-o=json is -o json', async () => {
    const eq = await runCli(['read', 'nixlbench', LOG, '-o=json']);
    const sp = await runCli(['read', 'nixlbench', LOG, '-o', 'json']);
    expect(JSON.parse(eq.stdout).command).toBe('read');
    expect([eq.code, eq.stderr]).toEqual([sp.code, sp.stderr]);
  });

  it('-o wide: the text report, never fitted to the terminal', async () => {
    const file = fixturePath('node/ibstat/cx7-ib-port-down-polling-redacted.txt');
    const text = await inProcess(['read', 'ibstat', file], { columns: 50 });
    const wide = await inProcess(['read', 'ibstat', file, '-o', 'wide'], { columns: 50 });
    const piped = await runCli(['read', 'ibstat', file]);
    expect(text.stdout).not.toBe(piped.stdout); // text is fitted to the 50 columns
    expect(wide.stdout).toBe(piped.stdout);
    expect(wide.stdout.split('\n').some((l) => l.length > 50)).toBe(true);
  });

  it('version prints what --version prints', async () => {
    const sub = await runCli(['version']);
    const flag = await runCli(['--version']);
    expect(sub).toEqual(flag);
    expect(sub.stdout).toMatch(/^interconnect-test \d+\.\d+\.\d+\n/);
  });
});

describe('-v / --v: a trace of each API request and its timing, never a credential', () => {
  const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzeXN0ZW06YWRtaW4ifQ.c2lnbmF0dXJlLXNlY3JldA';

  async function api(): Promise<string> {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ kind: 'List', apiVersion: 'v1', metadata: {}, items: [] }));
    });
    servers.push(server);
    const port = await new Promise<number>((r) =>
      server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port)),
    );
    const file = path.join(tmp, `trace-${port}.kubeconfig`);
    writeFileSync(
      file,
      `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "http://127.0.0.1:${port}", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: ${TOKEN}}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`,
    );
    return file;
  }

  it.each([[['-v', '6']], [['--v=6']], [['-v=8']]])(
    '%j: one line per request with its status and ms',
    async (v) => {
      const kubeconfig = await api();
      const r = await runCli([...v, 'gc', '--dry-run', '--kubeconfig', kubeconfig, '-q']);
      expect(r.code).toBe(0);
      const trace = r.stderr.split('\n').filter((l) => /^GET /.test(l));
      expect(trace.length).toBeGreaterThan(3);
      for (const line of trace) expect(line).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/\S+ 200 in \d+ ms$/);
      expect(r.stderr).toMatch(
        new RegExp(`^kubeconfig ${kubeconfig}: context x, server http://127\\.0\\.0\\.1:\\d+$`, 'm'),
      );
      expect(r.stderr).not.toContain(TOKEN);
      expect(r.stderr).not.toContain(TOKEN.split('.')[2] as string);
    },
  );

  it('without -v, no trace; a level that is not 0-10 is a usage error', async () => {
    const kubeconfig = await api();
    const quiet = await runCli(['gc', '--dry-run', '--kubeconfig', kubeconfig, '-q']);
    expect(quiet.stderr).not.toMatch(/^GET /m);
    const bad = await runCli(['-v', 'lots', 'gc', '--dry-run']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'error: -v takes a log level from 0 to 10, not "lots" (fix: -v 6 traces each API request)\n',
    ]);
  });
});

describe('pair without any kubeconfig', () => {
  it('names the missing kubeconfig and suggests --local', async () => {
    const home = mkdtempSync(path.join(tmp, 'home-'));
    const r = await runCli(['pair', '--prefill-node', 'a', '--decode-node', 'b'], {
      env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      'error: no kubeconfig found: KUBECONFIG is unset and ~/.kube/config does not exist (fix: pass --kubeconfig FILE or set KUBECONFIG; or test this host alone, without a cluster: pair --local)',
    );
  });
});
