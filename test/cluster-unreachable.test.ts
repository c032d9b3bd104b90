import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, spawnCli } from './helpers/cli.js';
import { type VethPair, vethPair } from './helpers/netns.js';
import { need, netns, precondition } from './helpers/preconditions.js';
import { hasTool, tools } from './helpers/tools.js';

/**
 * Every cluster command ends within --request-timeout or --timeout when the
 * API server is dead, with exit 2 and one line naming the server and the
 * limit. Real servers and real packet loss, the built CLI:
 * - a TCP listener that accepts and never speaks (the TLS handshake hangs);
 * - a TLS server that completes the handshake and never answers HTTP;
 * - an address in a network namespace of ours whose packets are dropped
 *   (iptables DROP behind a veth pair, as a dead host or a firewall does).
 */

const dir = mkdtempSync(path.join(tmpdir(), 'it-dead-api-'));
const sockets = new Set<net.Socket>();
const servers: net.Server[] = [];

/** A kubeconfig for `server`; `ca`: the PEM its certificate-authority-data carries (else the system's CAs). */
function kubeconfig(name: string, server: string, ca?: string): string {
  const file = path.join(dir, `${name}.kubeconfig`);
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      `clusters: [{name: c, cluster: {server: "${server}"${ca ? `, certificate-authority-data: ${Buffer.from(ca).toString('base64')}` : ''}}}]`,
      'users: [{name: u, user: {token: not-a-real-token}}]',
      'contexts: [{name: dead, context: {cluster: c, user: u, namespace: dynamo}}]',
      'current-context: dead',
      '',
    ].join('\n'),
  );
  return file;
}

function listen(server: net.Server): Promise<number> {
  servers.push(server);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

const files: { silentTcp?: string; silentTls?: string; dropped?: string } = {};

// The dropped-packets host: the CLI runs in namespace a, the API address is b's, where iptables drops TCP.
let link: VethPair | undefined;
let dropProblem: string | undefined = 'not set up';

/** Why packets to namespace b are not dropped; undefined when they are (or when netns()/tools() say why not). */
function setUpNetns(): string | undefined {
  link = vethPair('it-api', 79);
  if (link.problem || !hasTool('iptables')) return undefined;
  try {
    // Every TCP segment to b vanishes: SYNs get no answer, not even a reset.
    const [ipCmd, ...inB] = link.exec('b');
    execFileSync(ipCmd as string, [...inB, 'iptables', '-A', 'INPUT', '-p', 'tcp', '-j', 'DROP'], {
      stdio: 'pipe',
    });
    return undefined;
  } catch (err) {
    return `iptables in the namespace failed: ${(err as Error).message.split('\n')[0]}`;
  }
}

beforeAll(async () => {
  // Accepts TCP, never says a word: the TLS handshake never completes.
  const tcpPort = await listen(net.createServer());
  files.silentTcp = kubeconfig('silent-tcp', `https://127.0.0.1:${tcpPort}`);
  // Completes TLS, then never answers the HTTP request (the tests that use it need openssl).
  if (hasTool('openssl')) await silentTlsServer();
  dropProblem = setUpNetns();
  files.dropped = kubeconfig('dropped', `https://${link?.addr.b ?? '169.254.79.2'}:6443`);
});

async function silentTlsServer(): Promise<void> {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
  const tlsServer = tls.createServer({
    key: readFileSync(path.join(dir, 'key.pem')),
    cert: readFileSync(path.join(dir, 'cert.pem')),
  });
  tlsServer.on('secureConnection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  });
  files.silentTls = kubeconfig(
    'silent-tls',
    `https://127.0.0.1:${await listen(tlsServer)}`,
    readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  );
}

afterAll(() => {
  for (const s of sockets) s.destroy();
  for (const s of servers) s.close();
  link?.remove();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The built CLI, run to its end. No wall-clock assertion: the line names the limit that fired
 * (the client's own timeout, not the test's), and a hang fails at the test's timeout.
 */
function timed(args: string[], wrap: string[] = []): Promise<CliRun> {
  return spawnCli(args, { ...(wrap.length ? { wrap } : {}) });
}

/** Exit 2 and exactly one stderr line, starting `error:`, with a fix. */
function expectOneLine(run: CliRun, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
  expect(lines[0]).toMatch(/\(fix: /);
  expect(run.stdout).toBe('');
}

describe('an API server that accepts and never answers', () => {
  it('node: no TLS handshake → "no connection within" the request timeout, exit 2, on time', async () => {
    const run = await timed([
      'node',
      '--pod',
      'p',
      '--kubeconfig',
      files.silentTcp!,
      '--request-timeout',
      '2s',
      '-q',
    ]);
    expectOneLine(
      run,
      /cannot reach the Kubernetes API server at https:\/\/127\.0\.0\.1:\d+: no connection within 2s/,
    );
  });

  it('nixl and gc: handshake done, no HTTP answer → "gave no answer … within 2s (--request-timeout)"', async (ctx) => {
    need(ctx, tools('openssl'));
    for (const args of [
      ['nixl', '--pod', 'p', '-n', 'dynamo'],
      ['gc', '--dry-run'],
    ]) {
      const run = await timed([...args, '--kubeconfig', files.silentTls!, '--request-timeout', '2s', '-q']);
      expectOneLine(
        run,
        /the Kubernetes API server at https:\/\/127\.0\.0\.1:\d+ gave no answer to (get pods p|list namespaces)( in namespace dynamo)? within 2s \(--request-timeout\)/,
      );
    }
  });

  it('pair: --timeout bounds the whole run, the first API call included', async (ctx) => {
    need(ctx, tools('openssl'));
    const run = await timed([
      'pair',
      '--prefill-node',
      'a',
      '--decode-node',
      'b',
      '--kubeconfig',
      files.silentTls!,
      '--timeout',
      '3s',
      '-q',
    ]);
    expectOneLine(
      run,
      /--timeout 3s reached while waiting for the Kubernetes API server at https:\/\/127\.0\.0\.1:\d+ \(list nodes\)/,
    );
  });

  it('Ctrl-C during a hanging call ends at once with 130', async (ctx) => {
    need(ctx, tools('openssl'));
    // --request-timeout 10m: only the signal can end this run before the test's own 30 s timeout.
    // The signal goes once the CLI has connected (its handlers are in by then, however slow its start).
    const before = sockets.size;
    const run = await spawnCli(
      ['node', '--pod', 'p', '--kubeconfig', files.silentTls!, '--request-timeout', '10m', '-q'],
      {
        onStart: (child) => {
          const poll = setInterval(() => {
            if (sockets.size > before) {
              clearInterval(poll);
              child.kill('SIGINT');
            }
          }, 50);
          child.once('exit', () => clearInterval(poll));
        },
      },
    );
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).not.toMatch(/cleaned up/);
  });
});

describe('an API server address whose packets are dropped (netns + iptables DROP)', () => {
  it('node, nixl, gc and pair end within their limits with one line', async (ctx) => {
    need(
      ctx,
      tools('ip', 'iptables'),
      netns(link),
      precondition('TCP to the namespace dropped (iptables DROP)', dropProblem),
    );
    const inClient = link!.exec('a');
    const k = ['--kubeconfig', files.dropped!, '-q'];
    const cases: [string[], RegExp][] = [
      [
        ['node', '--pod', 'p', '--request-timeout', '3s', ...k],
        /cannot reach the Kubernetes API server at https:\/\/169\.254\.79\.2:6443: no connection within 3s/,
      ],
      [
        ['nixl', '--dgd', 'g', '--request-timeout', '2s', ...k],
        /cannot reach the Kubernetes API server at https:\/\/169\.254\.79\.2:6443: no connection within 2s/,
      ],
      [
        ['gc', '--request-timeout', '2s', ...k],
        /cannot reach the Kubernetes API server at https:\/\/169\.254\.79\.2:6443: no connection within 2s/,
      ],
      [
        ['pair', '--prefill-node', 'a', '--decode-node', 'b', '--timeout', '3s', ...k],
        /--timeout 3s reached while waiting for the Kubernetes API server at https:\/\/169\.254\.79\.2:6443 \(list nodes\)/,
      ],
    ];
    for (const [args, pattern] of cases) {
      const run = await timed(args, inClient);
      expectOneLine(run, pattern);
    }
  });

  it('with no flags, the 10 s connect timeout still ends `node` (it hung 136 s before)', async (ctx) => {
    need(
      ctx,
      tools('ip', 'iptables'),
      netns(link),
      precondition('TCP to the namespace dropped (iptables DROP)', dropProblem),
    );
    const run = await timed(['node', '--pod', 'p', '--kubeconfig', files.dropped!, '-q'], link!.exec('a'));
    expectOneLine(run, /no connection within 10s/);
  }, 30_000);
});
