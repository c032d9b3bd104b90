import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InterruptedError } from '../core/errors.js';
import type { Cluster } from './cluster.js';
import { type ClusterError, DeadlineError } from './errors.js';
import { connectCluster } from './kube-cluster.js';
import { boundsOf, DEFAULT_CONNECT_TIMEOUT_MS } from './transport.js';

/**
 * The transport bounds through the real client-node Cluster, against local
 * servers: a fake API server over HTTP, and a TCP port that never speaks TLS.
 */

const servers: (Server | TcpServer)[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    if ('closeAllConnections' in s) s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

function listen<S extends Server | TcpServer>(server: S): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

function kubeconfigFor(server: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'it-transport-'));
  const file = join(dir, 'config');
  writeFileSync(
    file,
    `apiVersion: v1
kind: Config
clusters:
- name: c1
  cluster: {server: "${server}", insecure-skip-tls-verify: true}
users:
- name: u1
  user: {token: abc}
contexts:
- name: one
  context: {cluster: c1, user: u1, namespace: ns}
current-context: one
`,
  );
  return file;
}

/** A fake API server: `answer` handles each request; `null` leaves it hanging. */
async function fakeApi(answer: (req: IncomingMessage) => { status: number; body: unknown } | null): Promise<{
  url: string;
  connections: () => number;
  requests: string[];
}> {
  let connections = 0;
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url?.split('?')[0]}`);
    const a = answer(req);
    if (!a) return;
    res.writeHead(a.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.body));
  });
  server.on('connection', () => connections++);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, connections: () => connections, requests };
}

function clusterAt(url: string, bounds: { requestTimeoutMs: number; connectTimeoutMs?: number }): Cluster {
  return connectCluster({ kubeconfig: kubeconfigFor(url), ...bounds }, {});
}

const list = (kind: string) => ({ status: 200, body: { kind, apiVersion: 'v1', metadata: {}, items: [] } });
const notFound = { status: 404, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404 } };

async function failure(p: Promise<unknown>): Promise<ClusterError> {
  try {
    await p;
  } catch (err) {
    return err as ClusterError;
  }
  throw new Error('expected the call to fail');
}

describe('boundsOf', () => {
  it('keeps the connect limit at 10 s and never above the request limit', () => {
    expect(boundsOf({ requestTimeoutMs: 30_000 })).toEqual({
      requestTimeoutMs: 30_000,
      connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
    });
    expect(boundsOf({ requestTimeoutMs: 2000 }).connectTimeoutMs).toBe(2000);
    expect(boundsOf({ requestTimeoutMs: 5000, connectTimeoutMs: 300 }).connectTimeoutMs).toBe(300);
  });
});

describe('the Cluster transport', () => {
  it('reuses one keep-alive connection for successive calls', async () => {
    const api = await fakeApi(() => list('NodeList'));
    const cluster = clusterAt(api.url, { requestTimeoutMs: 5000 });
    for (let i = 0; i < 3; i++) expect(await cluster.listNodes()).toEqual([]);
    expect(api.requests).toEqual(['GET /api/v1/nodes', 'GET /api/v1/nodes', 'GET /api/v1/nodes']);
    expect(api.connections()).toBe(1);
  });

  it('ends a call the server never answers at --request-timeout, as a timeout', async () => {
    const api = await fakeApi(() => null);
    const cluster = clusterAt(api.url, { requestTimeoutMs: 300 });
    const err = await failure(cluster.listNodes());
    expect([err.name, err.kind]).toEqual(['ClusterError', 'timeout']);
    expect(err.message).toBe(
      `the Kubernetes API server at ${api.url} gave no answer to list nodes within 300ms (--request-timeout)`,
    );
  });

  it('calls a server that never completes TLS unreachable at the connect limit, and closes the socket', async () => {
    const closed: Promise<void>[] = [];
    const silent = createTcpServer((socket) => {
      closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
      socket.resume(); // reads the ClientHello, answers nothing
    });
    const port = await listen(silent);
    const url = `https://127.0.0.1:${port}`;
    const cluster = clusterAt(url, { requestTimeoutMs: 5000, connectTimeoutMs: 200 });
    const err = await failure(cluster.listNodes());
    expect([err.name, err.kind]).toEqual(['ClusterError', 'unreachable']);
    expect(err.message).toBe(`cannot reach the Kubernetes API server at ${url}: no connection within 200ms`);
    // The client gave the connection up: nothing of it keeps the process alive.
    expect(closed).toHaveLength(1);
    await closed[0];
  });

  it('lists an unserved kind as empty, and names a missing object as not-found', async () => {
    const api = await fakeApi((req) =>
      req.url?.startsWith('/api/v1/namespaces?') ? list('NamespaceList') : notFound,
    );
    const cluster = clusterAt(api.url, { requestTimeoutMs: 5000 });
    expect(await cluster.listByLabel('app=x', 'ns')).toEqual([]);
    const err = await failure(cluster.getPod('ns', 'p'));
    expect([err.kind, err.status, err.message]).toEqual([
      'not-found',
      404,
      'pods p not found in namespace ns',
    ]);
  });

  it('lists only the kinds asked for: a CRD whose storage is still re-initializing (429) is not asked', async () => {
    const reinit = {
      status: 429,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        code: 429,
        message: 'storage is (re)initializing',
      },
    };
    const api = await fakeApi((req) => {
      const url = req.url ?? '';
      if (url.startsWith('/apis/k8s.cni.cncf.io/')) return reinit;
      if (url.startsWith('/api/v1/namespaces?')) return list('NamespaceList');
      if (url.startsWith('/apis/batch/v1/')) return list('JobList');
      if (url.includes('/pods')) return list('PodList');
      return notFound;
    });
    const cluster = clusterAt(api.url, { requestTimeoutMs: 5000 });
    expect(await cluster.listByLabel('app=x', 'ns', new Set(['Namespace', 'Job', 'Pod']))).toEqual([]);
    expect(api.requests.sort()).toEqual([
      'GET /api/v1/namespaces',
      'GET /api/v1/namespaces/ns/pods',
      'GET /apis/batch/v1/namespaces/ns/jobs',
    ]);
    // Every kind, as gc lists: the CRD's answer is the error.
    const err = await failure(cluster.listByLabel('app=x', 'ns'));
    expect(err.status).toBe(429);
  });

  it('ends a hanging call when its scope fires: the deadline as a timeout, Ctrl-C as itself', async () => {
    const api = await fakeApi(() => null);
    const base = clusterAt(api.url, { requestTimeoutMs: 10_000 });

    const deadline = new AbortController();
    const late = failure(base.withSignal(deadline.signal).listNodes());
    setTimeout(() => deadline.abort(new DeadlineError('--timeout 1s reached')), 100);
    const err = await late;
    expect([err.kind, err.message]).toEqual([
      'timeout',
      `--timeout 1s reached while waiting for the Kubernetes API server at ${api.url} (list nodes)`,
    ]);

    const sigint = new AbortController();
    const interrupted = failure(base.withSignal(sigint.signal).listNodes());
    const reason = new InterruptedError('SIGINT');
    setTimeout(() => sigint.abort(reason), 100);
    expect(await interrupted).toBe(reason);

    // Already fired: no request is made at all.
    const before = api.requests.length;
    expect(await failure(base.withSignal(sigint.signal).getPod('ns', 'p'))).toBe(reason);
    expect(api.requests.length).toBe(before);
  });
});
