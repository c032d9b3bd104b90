// The real nodes of the local cluster (scripts/cluster/real-nodes.sh): a real
// kubelet, containerd and kube-proxy per node, pods that really run from the
// local registry, and Service DNS (CoreDNS) + TCP from one node to the other.
// Skipped on clusters without real nodes.
import type { V1Pod, V1Service } from '@kubernetes/client-node';
import { expect, test } from 'vitest';
import { describeNeeding, twoRealNodes } from '../helpers/preconditions.js';
import { REAL_NODE_TOLERATION, realNodesInfo, useTestEnv, waitFor } from './harness.js';

const real = await realNodesInfo();
const env = useTestEnv('real');

// A pod pinned to a real node, running a command in the probe image.
function pod(
  namespace: string,
  name: string,
  node: string,
  image: string,
  script: string,
  extra: Partial<V1Pod['spec']> = {},
): V1Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { app: name } },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': node },
      tolerations: [REAL_NODE_TOLERATION],
      terminationGracePeriodSeconds: 1,
      containers: [{ name: 'main', image, command: ['/bin/sh', '-c', script] }],
      ...extra,
    },
  };
}

describeNeeding([twoRealNodes(real.nodes)], 'real nodes', () => {
  const [node0, node1] = real.nodes as [string, string];
  const image = () => {
    if (!real.probeImage)
      throw new Error('no probeImage in kube-public/interconnect-test-cluster (scripts/cluster/images.sh)');
    return real.probeImage;
  };

  test('are Ready with a real kubelet and containerd, labelled, tainted, with GPU and RDMA resources', async () => {
    const e = env();
    const nodes = (await e.core.listNode({ labelSelector: 'interconnect-test.dev/real-node=true' })).items;
    expect(nodes.map((n) => n.metadata?.name).sort()).toEqual([...real.nodes].sort());
    for (const n of nodes) {
      const name = n.metadata?.name;
      expect(n.status?.conditions?.find((c) => c.type === 'Ready')?.status, name).toBe('True');
      expect(n.status?.nodeInfo?.kubeletVersion, name).toBe(e.cluster?.kubernetesVersion ?? 'v1.36.3');
      expect(n.status?.nodeInfo?.containerRuntimeVersion, name).toMatch(/^containerd:\/\//);
      expect(n.metadata?.annotations?.['kwok.x-k8s.io/node'], name).toBeUndefined();
      expect(n.status?.allocatable?.['nvidia.com/gpu'], name).toBe('8');
      expect(n.status?.allocatable?.['rdma/ib'], name).toBe('8');
      expect(n.spec?.taints, name).toContainEqual({
        key: 'interconnect-test.dev/real-node',
        value: 'true',
        effect: 'NoSchedule',
      });
    }
  });

  test(`a pod on ${node0} pulls the probe image from the local registry and runs`, async () => {
    const e = env();
    await e.createObject(
      pod(e.namespace, 'hello', node0, image(), 'echo "hello from $(hostname)"; exec sleep 3600'),
    );
    const p = await e.waitForPodReady('hello', { timeoutMs: 180_000 });
    expect(p.spec?.nodeName).toBe(node0);
    expect(p.status?.podIP).toMatch(/^10\.245\./);
    // Logs and exec through the apiserver → the real kubelet → containerd.
    await waitFor('the container log line', async () =>
      (await e.readLogs('hello')).includes('hello from hello'),
    );
    const r = await e.exec('hello', ['cat', '/etc/resolv.conf']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/nameserver 10\.96\.0\.10/);
    const fail = await e.exec('hello', ['sh', '-c', 'exit 7']);
    expect(fail.exitCode).toBe(7);
  }, 240_000);

  test(`a pod on ${node1} resolves a Service of a pod on ${node0} and talks to it over TCP`, async () => {
    const e = env();
    const server = `import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("0.0.0.0", 7000)); s.listen(8)
while True:
    c, a = s.accept(); c.sendall(("pong from " + socket.gethostname() + " to " + a[0] + "\\n").encode()); c.close()`;
    await e.createObject(pod(e.namespace, 'echo-server', node0, image(), `exec python3 -u -c '${server}'`));
    await e.createObject<V1Service>({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'echo', namespace: e.namespace },
      spec: { selector: { app: 'echo-server' }, ports: [{ name: 'tcp', port: 7000, targetPort: 7000 }] },
    });
    const srv = await e.waitForPodReady('echo-server', { timeoutMs: 180_000 });
    const client = `import socket, sys, time
for i in range(60):
    try:
        ip = socket.gethostbyname("echo")
        c = socket.create_connection(("echo", 7000), timeout=5)
        print("echo resolves to", ip); print(c.recv(200).decode().strip()); sys.exit(0)
    except OSError as err:
        print("try", i, err, file=sys.stderr); time.sleep(1)
sys.exit(1)`;
    await e.createObject(
      pod(e.namespace, 'client', node1, image(), `exec python3 -u -c '${client}'`, {
        restartPolicy: 'Never',
      }),
    );
    const done = await e.waitForPod(
      'client',
      'Succeeded or Failed',
      (p) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed',
      { timeoutMs: 180_000 },
    );
    const logs = await e.readLogs('client');
    expect(done.status?.phase, logs).toBe('Succeeded');
    expect(done.spec?.nodeName).toBe(node1);
    const svc = await e.core.readNamespacedService({ name: 'echo', namespace: e.namespace });
    expect(logs).toContain(`echo resolves to ${svc.spec?.clusterIP}`);
    // The server saw the client's own pod IP: routed node to node, not NATed.
    expect(logs).toContain(`pong from echo-server to ${done.status?.podIP}`);
    expect(srv.status?.podIP?.split('.').slice(0, 3)).not.toEqual(done.status?.podIP?.split('.').slice(0, 3));
  }, 300_000);
});
