import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttp, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcp, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from './helpers/cli.js';

/**
 * Something answers at the kubeconfig's address, but not Kubernetes: a proxy's
 * login page (HTTP 200, HTML), another service's JSON, a port that does not
 * speak HTTP at all. Each is one line saying so and naming the field to fix,
 * exit 2; never "pods is not iterable" or "has no containers".
 */

const dir = mkdtempSync(path.join(tmpdir(), 'it-not-k8s-'));
const servers: (Server | TcpServer)[] = [];
const configs: Record<string, string> = {};

function kubeconfig(name: string, port: number): string {
  const file = path.join(dir, `${name}.kubeconfig`);
  writeFileSync(
    file,
    `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "http://127.0.0.1:${port}", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: c, context: {cluster: c, user: u, namespace: dynamo}}]
current-context: c
`,
  );
  return file;
}

async function listen(s: Server | TcpServer): Promise<number> {
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

beforeAll(async () => {
  const page = (type: string, body: string) =>
    createHttp((_req, res) => {
      res.setHeader('content-type', type);
      res.end(body);
    });
  configs.html = kubeconfig(
    'html',
    await listen(page('text/html', '<html><body>Sign in to the proxy</body></html>')),
  );
  configs.json = kubeconfig('json', await listen(page('application/json', '{"hello":"world"}')));
  const ssh = createTcp((socket) => {
    socket.on('data', () => socket.end('SSH-2.0-OpenSSH_9.2\r\n'));
  });
  configs.ssh = kubeconfig('ssh', await listen(ssh));
});

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('a server that is not a Kubernetes API server', () => {
  const commands: [string, string[], RegExp][] = [
    [
      'node --pod',
      ['node', '--pod', 'p'],
      /answered get pods p with something that is not a Kubernetes object/,
    ],
    ['gc', ['gc', '--dry-run'], /answered list namespaces with something that is not a Kubernetes list/],
    ['node --dgd', ['node', '--dgd', 'd'], /answered list pods with something that is not a Kubernetes list/],
  ];
  for (const kind of ['html', 'json'] as const) {
    for (const [name, args, what] of commands) {
      it(`${kind} answer, ${name}`, async () => {
        const run = await spawnCli(
          [...args, '--kubeconfig', configs[kind] as string, '--request-timeout', '5s', '-q'],
          {
            killAfterMs: 30_000,
          },
        );
        expect(run.code).toBe(2);
        const lines = run.stderr.trimEnd().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^error: the server at http:\/\/127\.0\.0\.1:\d+ is not a Kubernetes API server: /,
        );
        expect(lines[0]).toMatch(what);
        expect(lines[0]).toMatch(/\(fix: check clusters\[\]\.cluster\.server in the kubeconfig/);
      });
    }
  }

  it('a port that does not speak HTTP', async () => {
    const run = await spawnCli(
      ['gc', '--dry-run', '--kubeconfig', configs.ssh as string, '--request-timeout', '5s', '-q'],
      {
        killAfterMs: 30_000,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^error: the server at http:\/\/127\.0\.0\.1:\d+ is not a Kubernetes API server: its answer to list namespaces is not HTTP \(fix: check clusters\[\]\.cluster\.server in the kubeconfig: the address or port is wrong\)\n$/,
    );
  });
});
