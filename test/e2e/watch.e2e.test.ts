// `watch --dgd` through the API server's pod proxy on the real nodes: two long-running pods on
// real-0 and real-1 stand in for a Dynamo deployment's prefill and decode workers (the probe
// image's python3, labelled as the operator labels workers), each serving a real exposition on
// its system port: the vllm-healthy-rdma scenario of test/fixtures/watch (written by vLLM 0.21.0's
// own NixlPromMetrics through prometheus_client), "before" to the first scrape and "after" to the
// next. Least privilege: pods get/list and pods/proxy get in the namespace are enough; without
// pods/proxy, or with the system port closed, one line and exit 2.
import { connect } from 'node:net';
import type { V1ConfigMap, V1Pod } from '@kubernetes/client-node';
import { beforeAll, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readFixture } from '../helpers/fixtures.js';
import { describeNeeding, twoRealNodes } from '../helpers/preconditions.js';
import {
  namespaceVersions,
  REAL_NODE_TOLERATION,
  realNodesInfo,
  type TestEnv,
  useTestEnv,
} from './harness.js';

const real = await realNodesInfo();
const env = useTestEnv('watch');
const DGD = 'watch-disagg';
const PORT = 8081;

/** Serves before.txt on the first GET, after.txt on every later one: one window of traffic. */
const SERVER = `
import http.server, sys
n = [0]
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        f = '/x/before.txt' if n[0] == 0 else '/x/after.txt'
        n[0] += 1
        body = open(f, 'rb').read()
        self.send_response(200)
        self.send_header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
http.server.HTTPServer(('0.0.0.0', int(sys.argv[1])), H).serve_forever()
`;

/** Whether something accepts a TCP connection on ip:port (closed at once, nothing sent). */
function listening(ip: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const c = connect({ host: ip, port, timeout: 1000 });
    c.once('connect', () => {
      c.destroy();
      done(true);
    });
    c.once('error', () => done(false));
    c.once('timeout', () => {
      c.destroy();
      done(false);
    });
  });
}

async function worker(
  e: TestEnv,
  name: string,
  node: string,
  role: 'prefill' | 'decode',
  serve = true,
): Promise<void> {
  const scenario = (phase: string) =>
    readFixture('watch', 'scenarios', 'vllm-healthy-rdma', `${role}.${phase}.txt`);
  await e.createObject({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: e.namespace, labels: e.labels() },
    data: { 'server.py': SERVER, 'before.txt': scenario('before'), 'after.txt': scenario('after') },
  } as V1ConfigMap);
  await e.createObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: e.namespace,
      labels: {
        ...e.labels(),
        'nvidia.com/dynamo-graph-deployment-name': serve ? DGD : `${DGD}-closed`,
        'nvidia.com/dynamo-component-type': role,
      },
    },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': node },
      tolerations: [REAL_NODE_TOLERATION],
      terminationGracePeriodSeconds: 1,
      volumes: [{ name: 'x', configMap: { name } }],
      containers: [
        {
          name: 'main',
          image: real.probeImage as string,
          command: serve ? ['python3', '/x/server.py', String(PORT)] : ['sleep', 'infinity'],
          ports: [{ name: 'system', containerPort: PORT }],
          volumeMounts: [{ name: 'x', mountPath: '/x' }],
        },
      ],
    },
  } as V1Pod);
}

describeNeeding([twoRealNodes(real.nodes)], 'watch --dgd through the pod proxy on real nodes', () => {
  const [node0, node1] = real.nodes as [string, string];

  beforeAll(async () => {
    const e = env();
    await worker(e, 'w-prefill', node0, 'prefill');
    await worker(e, 'w-decode', node1, 'decode');
    await worker(e, 'c-prefill', node0, 'prefill', false);
    await worker(e, 'c-decode', node1, 'decode', false);
    for (const p of ['w-prefill', 'w-decode', 'c-prefill', 'c-decode'])
      await e.waitForPodReady(p, { timeoutMs: 180_000 });
    // Ready comes when python3 starts, before its server listens (no probe, so the pods' status stays as it is
    // for the "changes nothing" check): wait for the port itself. A bare connect sends no GET, so the server
    // still answers the first scrape with "before". Where pod IPs are not routable from here, go on after 30 s.
    for (const p of ['w-prefill', 'w-decode']) {
      const ip = (await e.core.readNamespacedPod({ name: p, namespace: e.namespace })).status?.podIP;
      for (let t = Date.now(); ip && Date.now() - t < 30_000 && !(await listening(ip, PORT)); )
        await new Promise((r) => setTimeout(r, 250));
    }
  }, 240_000);

  test('reads both workers twice a window apart, with only pods and pods/proxy in the namespace; changes nothing', async () => {
    const e = env();
    const kube = await e.kubeconfigWithRole('watcher', [
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
      { apiGroups: [''], resources: ['pods/proxy'], verbs: ['get'] },
    ]);
    const before = await namespaceVersions(e);
    const r = await runCli([
      'watch',
      '--dgd',
      DGD,
      '-n',
      e.namespace,
      '--kubeconfig',
      kube,
      '--window',
      '2s',
      '--line-rate',
      '400',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.watch.source).toBe('pod-proxy');
    const decode = report.watch.workers.find((w: { worker: string }) => w.worker === 'w-decode');
    expect(decode).toMatchObject({ role: 'decode', node: node1, framework: 'vllm' });
    expect(decode.window.transfers).toBe(600);
    expect(decode.window.bytes / decode.window.seconds).toBeCloseTo(40e9, -6);
    const status = (id: string, s: string) =>
      report.checks.find((c: { id: string; subject: string }) => c.id === id && c.subject.startsWith(s))
        ?.status;
    expect(status('watch.kv_throughput', 'w-decode')).toBe('ok');
    expect(status('watch.kv_failures', 'w-prefill')).toBe('ok');
    expect(report.verdict.status).toBe('trusted');
    expect(report.cluster.namespace).toBe(e.namespace);
    expect(await namespaceVersions(e)).toEqual(before);
  }, 120_000);

  test('a proxy refused by RBAC is one line naming pods/proxy, exit 2', async () => {
    const e = env();
    const kube = await e.kubeconfigWithRole('lister', [
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
    ]);
    const r = await runCli([
      'watch',
      '--dgd',
      DGD,
      '-n',
      e.namespace,
      '--kubeconfig',
      kube,
      '--window',
      '1s',
      '-q',
    ]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('the API server refused the pod proxy to');
    expect(r.stderr).toContain(`grant get on pods/proxy in namespace ${e.namespace}`);
  }, 120_000);

  test('a worker whose metrics port is closed is one line naming the pod and port, exit 2', async () => {
    const e = env();
    const r = await runCli(['watch', '--dgd', `${DGD}-closed`, '-n', e.namespace, '--window', '1s', '-q']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `cannot read /metrics of ${e.namespace}/c-(prefill|decode) port ${PORT} through the API server's pod proxy`,
      ),
    );
  }, 120_000);
});
