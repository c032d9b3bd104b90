import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectCluster } from '../src/kube/kube-cluster.js';
import { setKubeLog } from '../src/kube/log.js';
import { describeNeeding } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

/**
 * The TLS and proxy fields of a kubeconfig that kubectl honours, through the real client against a
 * real local TLS API server (a CA, a server and a client certificate made by openssl) and a real
 * HTTP CONNECT proxy: each works, or is refused with one line naming the field.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'it-kube-tls-'));
const servers: Server[] = [];
const sockets = new Set<Socket>();
let apiPort = 0;
let proxyPort = 0;
/** The client certificate's CN of each request the API server answered ('' without one). */
const seenClients: string[] = [];
/** The CONNECT targets the proxy was asked for. */
const tunnels: string[] = [];

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A CA; a server certificate for DNS:api.test signed by it; a client certificate CN=tester. */
function certificates(): void {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=test-ca',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
  );
  for (const [name, subj, ext] of [
    ['server', '/CN=api.test', 'subjectAltName=DNS:api.test'],
    ['client', '/CN=tester', 'extendedKeyUsage=clientAuth'],
  ] as const) {
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      subj,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
    );
    writeFileSync(path.join(dir, `${name}.ext`), `${ext}\n`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.crt`,
    );
  }
}

function listen(server: Server): Promise<number> {
  servers.push(server);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

beforeAll(async () => {
  if (tools('openssl').problem) return;
  certificates();
  const read = (f: string) => readFileSync(path.join(dir, f));
  const api = createHttpsServer(
    {
      key: read('server.key'),
      cert: read('server.crt'),
      ca: read('ca.crt'),
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      seenClients.push(String(peer?.subject?.CN ?? ''));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ kind: 'NodeList', apiVersion: 'v1', metadata: {}, items: [] }));
    },
  );
  apiPort = await listen(api);
  // An HTTP CONNECT proxy that knows api.test as this host (nothing else resolves it).
  const proxy = createHttpServer();
  proxy.on('connect', (req, client: Socket, head) => {
    tunnels.push(req.url ?? '');
    const port = Number((req.url ?? '').split(':')[1]);
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  proxyPort = await listen(proxy);
});

afterAll(() => {
  for (const s of sockets) s.destroy();
  for (const s of servers) s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A kubeconfig in `dir` with these cluster and user fields (YAML flow mappings). */
function kubeconfig(name: string, cluster: string, user = 'token: t'): string {
  const file = path.join(dir, `${name}.kubeconfig`);
  writeFileSync(
    file,
    `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {${cluster}}}]
users: [{name: u, user: {${user}}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`,
  );
  return file;
}

const caData = () => readFileSync(path.join(dir, 'ca.crt')).toString('base64');
const nodes = (file: string, env: NodeJS.ProcessEnv = {}) =>
  connectCluster({ kubeconfig: file, requestTimeoutMs: 5000 }, env).listNodes();

async function failure(p: () => Promise<unknown>): Promise<Error> {
  try {
    await p();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a failure');
}

describeNeeding([tools('openssl')], 'kubeconfig TLS and proxy fields, against a real TLS API server', () => {
  it('certificate-authority-data with tls-server-name: verified, and the name is what is checked', async () => {
    const server = `server: "https://127.0.0.1:${apiPort}", certificate-authority-data: ${caData()}`;
    expect(await nodes(kubeconfig('sni', `${server}, tls-server-name: api.test`))).toEqual([]);
    // Without it the certificate (for api.test) does not match 127.0.0.1: refused, one line.
    const err = await failure(() => nodes(kubeconfig('no-sni', server)));
    expect(err.message).toMatch(/127\.0\.0\.1/);
    expect(err.message).not.toContain('\n');
  });

  it('client-certificate and client-key files (relative to the kubeconfig) are presented', async () => {
    const before = seenClients.length;
    const file = kubeconfig(
      'client-cert',
      `server: "https://127.0.0.1:${apiPort}", certificate-authority: ca.crt, tls-server-name: api.test`,
      'client-certificate: client.crt, client-key: client.key',
    );
    expect(await nodes(file)).toEqual([]);
    expect(seenClients.slice(before)).toEqual(['tester']);
  });

  it('insecure-skip-tls-verify works, with a warning naming the field; beside a CA it is refused', async () => {
    const warnings: string[] = [];
    const before = setKubeLog({ warn: (l) => warnings.push(l) });
    try {
      const file = kubeconfig(
        'insecure',
        `server: "https://127.0.0.1:${apiPort}", insecure-skip-tls-verify: true`,
      );
      expect(await nodes(file)).toEqual([]);
      expect(warnings).toEqual([
        `kubeconfig ${file}: clusters[c].cluster.insecure-skip-tls-verify is set: the API server's certificate is not checked, so anyone on the path can pose as it`,
      ]);
    } finally {
      setKubeLog(before);
    }
    const both = kubeconfig(
      'insecure-ca',
      `server: "https://127.0.0.1:${apiPort}", insecure-skip-tls-verify: true, certificate-authority-data: ${caData()}`,
    );
    expect(() => connectCluster({ kubeconfig: both, requestTimeoutMs: 1000 }, {})).toThrow(
      `kubeconfig ${both}: clusters[c].cluster sets insecure-skip-tls-verify and certificate-authority-data together, which kubectl refuses`,
    );
  });

  it('proxy-url: the request goes through the proxy; an unknown scheme is refused naming the field', async () => {
    const before = tunnels.length;
    const file = kubeconfig(
      'proxy-url',
      `server: "https://api.test:${apiPort}", certificate-authority-data: ${caData()}, proxy-url: "http://127.0.0.1:${proxyPort}"`,
    );
    expect(await nodes(file)).toEqual([]);
    expect(tunnels.slice(before)).toEqual([`api.test:${apiPort}`]);
    const ftp = kubeconfig(
      'proxy-ftp',
      `server: "https://api.test:${apiPort}", proxy-url: "ftp://127.0.0.1:21"`,
    );
    expect(() => connectCluster({ kubeconfig: ftp, requestTimeoutMs: 1000 }, {})).toThrow(
      `kubeconfig ${ftp}: clusters[c].cluster.proxy-url ftp://127.0.0.1:21 is not an http://, https:// or socks5:// URL`,
    );
  });

  it('HTTPS_PROXY carries the request; NO_PROXY naming the host sends it direct', async () => {
    const file = kubeconfig(
      'env-proxy',
      `server: "https://api.test:${apiPort}", certificate-authority-data: ${caData()}`,
    );
    const before = tunnels.length;
    expect(await nodes(file, { HTTPS_PROXY: `127.0.0.1:${proxyPort}` })).toEqual([]);
    expect(tunnels.slice(before)).toEqual([`api.test:${apiPort}`]);
    // Direct: nothing resolves api.test but the proxy, so the call fails without a tunnel.
    const err = await failure(() =>
      nodes(file, { HTTPS_PROXY: `127.0.0.1:${proxyPort}`, NO_PROXY: '.example,api.test' }),
    );
    expect(err.message).toMatch(/api\.test/);
    expect(tunnels.slice(before)).toHaveLength(1);
  });
});
