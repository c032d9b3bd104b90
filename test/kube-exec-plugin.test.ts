import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from './helpers/cli.js';

/**
 * Exec credential plugins (`users[].user.exec`, the norm on EKS, GKE, AKS and
 * OIDC), run as real processes: a plugin that never returns (kubelogin waiting
 * for a browser), one that fails, one that prints junk, one that is not
 * installed, and one that works. Each ends in one line naming the kubeconfig
 * user and the command, within the request timeout, and leaves no process of
 * the plugin behind, Ctrl-C included.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'it-exec-plugin-'));
let server: Server;
let port = 0;
const seen: string[] = [];

/** Processes still running whose command line holds `marker`. */
function left(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', marker], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.includes('pgrep'));
  } catch {
    return [];
  }
}

function plugin(name: string, body: string): string {
  const file = path.join(dir, `${name}.sh`);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

function kubeconfig(name: string, command: string, args: string[] = ['eks', 'get-token']): string {
  const file = path.join(dir, `${name}.kubeconfig`);
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      `clusters: [{name: c, cluster: {server: "http://127.0.0.1:${port}", insecure-skip-tls-verify: true}}]`,
      `users: [{name: eks-admin, user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: ${JSON.stringify(command)}, args: ${JSON.stringify(args)}}}}]`,
      'contexts: [{name: c, context: {cluster: c, user: eks-admin}}]',
      'current-context: c',
      '',
    ].join('\n'),
  );
  return file;
}

async function gc(config: string, extra: string[] = []) {
  const t0 = performance.now();
  const run = await spawnCli(
    ['gc', '--dry-run', '--kubeconfig', config, '--request-timeout', '2s', '-q', ...extra],
    {
      killAfterMs: 30_000,
    },
  );
  return { ...run, ms: performance.now() - t0 };
}

function oneLine(stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] as string;
}

beforeAll(async () => {
  // A stand-in API server on loopback that answers every list with an empty one and records the credential.
  server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '(none)');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ kind: 'List', apiVersion: 'v1', metadata: {}, items: [] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('exec credential plugins are bounded and named', () => {
  it('a plugin that never returns ends at --request-timeout, named, and its whole process group is killed', async () => {
    const marker = 'sleep 3011';
    // A plugin with a child of its own, as a login helper has.
    const cmd = plugin('waits', `${marker} &\n${marker}`);
    const run = await gc(kubeconfig('waits', cmd));
    expect(run.code).toBe(2);
    expect(oneLine(run.stderr)).toBe(
      `error: kubeconfig user "eks-admin": exec plugin \`${cmd} eks get-token\` gave no credential within 2s (--request-timeout) (fix: run \`${cmd} eks get-token\` yourself to log in (it may be waiting for a browser or a prompt), then retry)`,
    );
    expect(left(marker)).toEqual([]);
  });

  it('Ctrl-C while the plugin waits exits 130 at once and leaves no plugin process', async () => {
    const marker = 'sleep 3012';
    const cmd = plugin('waits-long', `${marker} &\n${marker}`);
    const run = await spawnCli(
      ['gc', '--dry-run', '--kubeconfig', kubeconfig('waits-long', cmd), '--request-timeout', '60s'],
      {
        killAfterMs: 30_000,
        onStart: (child) => {
          child.stderr?.once('data', () => setTimeout(() => child.kill('SIGINT'), 500));
        },
      },
    );
    expect(run.code).toBe(130);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('interrupted by SIGINT');
    expect(left(marker)).toEqual([]);
  });

  it('a plugin that fails: its own first error line and the command to run', async () => {
    const cmd = plugin('fails', 'echo "error: the SSO session has expired" >&2\nexit 3');
    const run = await gc(kubeconfig('fails', cmd));
    expect(run.code).toBe(2);
    expect(oneLine(run.stderr)).toBe(
      `error: kubeconfig user "eks-admin": exec plugin \`${cmd} eks get-token\` exited 3: error: the SSO session has expired (fix: run \`${cmd} eks get-token\` yourself to see why (expired login? wrong profile or cluster?))`,
    );
  });

  it('a plugin that prints garbage, or JSON that is no credential', async () => {
    for (const [name, body, what] of [
      ['junk', 'echo "<html>please log in</html>"', 'printed something that is not JSON'],
      ['nothing', 'true', 'printed nothing'],
      [
        'empty-credential',
        `echo '{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","status":{}}'`,
        'printed an ExecCredential with neither a token nor a client certificate and key',
      ],
    ] as const) {
      const cmd = plugin(name, body);
      const run = await gc(kubeconfig(name, cmd));
      expect(run.code, name).toBe(2);
      expect(oneLine(run.stderr)).toMatch(
        new RegExp(
          `^error: kubeconfig user "eks-admin": exec plugin \`[^\`]*${name}\\.sh eks get-token\` ${what} \\(fix: `,
        ),
      );
    }
  });

  it('a plugin that is not installed', async () => {
    const run = await gc(kubeconfig('missing', 'aws-cli-not-installed-here'));
    expect(run.code).toBe(2);
    expect(oneLine(run.stderr)).toBe(
      'error: kubeconfig user "eks-admin": exec plugin `aws-cli-not-installed-here` is not installed (not on PATH) (fix: install it, or fix users[].user.exec.command in the kubeconfig)',
    );
  });

  it('a working plugin: its token reaches the server, it runs once for all calls, and a secret in its arguments is never printed', async () => {
    const count = path.join(dir, 'count');
    writeFileSync(count, '');
    const cmd = plugin(
      'works',
      `echo run >> ${count}\necho '{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","status":{"token":"tok-123"}}'`,
    );
    seen.length = 0;
    const run = await gc(kubeconfig('works', cmd));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['Bearer tok-123']));
    expect(readFileSync(count, 'utf8').trim().split('\n')).toHaveLength(1);
    // A failing plugin given a secret on its command line: the message hides it.
    const bad = plugin('fails-secret', 'exit 1');
    const secret = await gc(
      kubeconfig('fails-secret', bad, ['get-token', '--client-secret', 's3cr3t-value']),
    );
    expect(secret.code).toBe(2);
    expect(secret.stderr).not.toContain('s3cr3t-value');
    expect(secret.stderr).toContain('--client-secret <redacted>');
  });
});
