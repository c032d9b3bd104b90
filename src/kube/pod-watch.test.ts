// The pod watch over client-node's Watch, against a local HTTP server that answers as an API
// server does: a stream of {type, object} lines, a 410 inside the stream or as the answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterEach, describe, expect, test } from 'vitest';
import type { PodEvent } from './cluster.js';
import { ClusterError } from './errors.js';
import { watchPodsWith } from './pod-watch.js';

let server: Server | undefined;
afterEach(() => server?.close());

async function serve(
  answer: (url: URL, res: import('node:http').ServerResponse) => void,
): Promise<{ kc: KubeConfig; urls: URL[] }> {
  const urls: URL[] = [];
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    urls.push(url);
    answer(url, res);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'u', token: 't' }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });
  return { kc, urls };
}

const spec = (namespace: string | undefined) => ({
  namespace,
  selector: 'app.kubernetes.io/managed-by=interconnect-test',
  resourceVersion: '41',
  timeoutSeconds: 60,
  signal: undefined,
  credentials: async () => {},
  action: { verb: 'watch', resource: 'pods', namespace },
});

const line = (o: object) => `${JSON.stringify(o)}\n`;

describe('watchPodsWith', () => {
  test('asks from the resourceVersion with bookmarks and a timeout; events in order; a 410 ERROR event is gone', async () => {
    const { kc, urls } = await serve((_u, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(
        line({ type: 'ADDED', object: { metadata: { name: 'p', namespace: 'ns', resourceVersion: '42' } } }),
      );
      res.write(line({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '50' } } }));
      res.write(
        line({
          type: 'DELETED',
          object: { metadata: { name: 'p', namespace: 'ns', resourceVersion: '51' } },
        }),
      );
      res.write(
        line({
          type: 'ERROR',
          object: {
            kind: 'Status',
            code: 410,
            reason: 'Expired',
            message: 'too old resource version: 41 (60)',
          },
        }),
      );
    });
    const events: PodEvent[] = [];
    const w = watchPodsWith(kc, spec('ns'), (e) => events.push(e));
    expect(await w.done).toEqual({ gone: true });
    expect(events.map((e) => [e.type, e.pod?.metadata?.name, e.resourceVersion])).toEqual([
      ['ADDED', 'p', '42'],
      ['BOOKMARK', undefined, '50'],
      ['DELETED', 'p', '51'],
    ]);
    const u = urls[0] as URL;
    expect(u.pathname).toBe('/api/v1/namespaces/ns/pods');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      watch: 'true',
      labelSelector: 'app.kubernetes.io/managed-by=interconnect-test',
      resourceVersion: '41',
      allowWatchBookmarks: 'true',
      timeoutSeconds: '60',
    });
  });

  test('410 as the answer is gone too; every namespace watches /api/v1/pods', async () => {
    const { kc, urls } = await serve((_u, res) => {
      res.writeHead(410);
      res.end();
    });
    const w = watchPodsWith(kc, spec(undefined), () => {});
    expect(await w.done).toEqual({ gone: true });
    expect(urls[0]?.pathname).toBe('/api/v1/pods');
  });

  test('a refusal is a typed ClusterError; the server closing the stream is a clean end', async () => {
    const refused = await serve((_u, res) => {
      res.writeHead(403);
      res.end();
    });
    const end = await watchPodsWith(refused.kc, spec('ns'), () => {}).done;
    expect(end.gone).toBe(false);
    expect(end.error).toBeInstanceOf(ClusterError);
    expect((end.error as ClusterError).kind).toBe('forbidden');
    server?.close();
    const closed = await serve((_u, res) => {
      res.writeHead(200);
      res.end();
    });
    expect(await watchPodsWith(closed.kc, spec('ns'), () => {}).done).toEqual({ gone: false });
  });

  test('stop() ends it at once', async () => {
    const { kc } = await serve((_u, res) => {
      res.writeHead(200);
      res.write('\n');
    });
    const w = watchPodsWith(kc, spec('ns'), () => {});
    w.stop();
    expect(await w.done).toEqual({ gone: false });
  });
});
