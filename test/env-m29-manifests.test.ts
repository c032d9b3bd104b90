import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the twenty-ninth manifest batch showed (issue 38): each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Twenty-ninth manifest batch"), never on
 * corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const roles = (a: Result) => a.part.services.map((s) => `${s.name}=${s.role}`);

/** A v1beta1 DGD whose prefill and decode run the engine in a sidecar and the Dynamo worker in `main`. */
const sidecarDgd = (o: { restart?: string; gpuOnMain?: boolean }) => {
  const comp = (name: string, mode: string, role: string) => `
  - name: ${name}
    type: worker
    podTemplate:
      spec:
        initContainers:
        - name: engine
          image: vllm/vllm-openai:v0.20.0
${o.restart ? `          restartPolicy: ${o.restart}\n` : ''}          securityContext: {runAsUser: 0, capabilities: {add: [IPC_LOCK]}}
          env: [{name: UCX_TLS, value: "rc_x,cuda_copy,cuda_ipc"}]
          command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"${role}"}']
          resources: {limits: {nvidia.com/gpu: "1", rdma/ib: "1"}}
        containers:
        - name: main
          image: example/dynamo-sidecar:1.0
          command: [dynamo-sidecar, --disaggregation-mode, ${mode}]
${o.gpuOnMain ? '          resources: {limits: {nvidia.com/gpu: "1"}}\n' : ''}`;
  return `
apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  components:
  - {name: Frontend, type: frontend, podTemplate: {spec: {containers: [{name: main, image: example/frontend:1.0}]}}}${comp('Prefill', 'prefill', 'kv_producer')}${comp('Decode', 'decode', 'kv_consumer')}`;
};

describe('a native sidecar (initContainer, restartPolicy: Always) that holds the GPU runs the engine', () => {
  it('its devices, privileges and UCX settings are the worker’s KV path', async () => {
    const a = await run(sidecarDgd({ restart: 'Always' }));
    expect(roles(a)).toEqual(['Frontend=frontend', 'Prefill=prefill', 'Decode=decode']);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
    expect(status(a, 'env.rdma-ipc-lock')).toEqual(['ok', 'ok']);
    expect(status(a, 'env.ucx-tls')).toEqual(['ok', 'ok']);
    expect(a.part.services[1]?.pod.rdmaResources).toEqual(['rdma/ib']);
  });

  it('an init container that runs to completion (no restartPolicy) is not a container of the running pod', async () => {
    const a = await run(sidecarDgd({}));
    expect(a.part.services[1]?.pod.rdmaResources).toEqual([]);
    expect(status(a, 'env.ucx-tls')).toEqual([]);
  });

  it('where the listed container holds the GPU itself, it stays the engine’s', async () => {
    const a = await run(sidecarDgd({ restart: 'Always', gpuOnMain: true }));
    expect(a.part.services[1]?.pod.rdmaResources).toEqual([]);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });

  it('in a plain pod the sidecar is one of its containers; a sidecar without an accelerator (a proxy) is not read', async () => {
    const a = await run(`
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  initContainers:
  - {name: proxy, image: example/routing-proxy:1.0, restartPolicy: Always, args: [--port=8000]}
  - name: vllm
    image: vllm/vllm-openai:v0.20.0
    restartPolicy: Always
    command: [vllm, serve, m]
    resources: {limits: {nvidia.com/gpu: "1"}}
  containers:
  - {name: shipper, image: example/log-shipper:1.0}
`);
    expect(a.part.services.map((s) => s.name)).toEqual(['shipper', 'vllm']);
    expect(roles(a)).toEqual(['shipper=other', 'vllm=agg']);
  });
});

/** A LeaderWorkerSet whose leader and workers run the given image, with or without a GPU. */
const lws = (image: string, gpu: boolean) => {
  const tmpl = `
      metadata: {labels: {llm-d.ai/role: decode}}
      spec:
        containers:
        - name: server
          image: ${image}
          args: [--model, test-model, --port, "8000"]
${gpu ? '          resources: {limits: {nvidia.com/gpu: "1"}}\n' : ''}`;
  return `
apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: sim}
spec:
  replicas: 1
  leaderWorkerTemplate:
    size: 2
    leaderTemplate:${tmpl}    workerTemplate:${tmpl}`;
};

describe('a serving graph whose every pod starts no engine and asks for no accelerator moves no KV', () => {
  it('an aggregated LeaderWorkerSet of simulator pods: ok, as a Deployment of them is', async () => {
    const a = await run(lws('ghcr.io/example/inference-sim:v1', false));
    expect(a.part.graphs.map((g) => g.mode)).toEqual(['aggregated']);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
  });

  it('pods that ask for a GPU may run anything: no such check', async () => {
    const a = await run(lws('ghcr.io/example/inference-sim:v1', true));
    expect(status(a, 'env.kv-over-pod-network')).toEqual([]);
  });
});

/** A v1beta1 DGD whose decode worker spans two nodes (one GPU-less pod each) and runs the given module. */
const spanning = (module: string) => `
apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  components:
  - {name: Frontend, type: frontend, podTemplate: {spec: {containers: [{name: main, image: example/frontend:1.0}]}}}
  - name: decode
    type: decode
    multinode: {nodeCount: 2}
    podTemplate:
      spec:
        containers:
        - {name: main, image: example/runtime:1.0, command: [python3, -m, ${module}], args: [--model-path, m, --disaggregation-mode, decode]}
  - name: prefill
    type: prefill
    podTemplate:
      spec:
        containers:
        - {name: main, image: example/runtime:1.0, command: [python3, -m, ${module}], args: [--model-path, m, --disaggregation-mode, prefill]}
`;

describe('the mocker simulates the engine on no GPU: a mocker worker spanning nodes sends nothing between them', () => {
  it('no multi-node RDMA warning for dynamo.mocker; an engine spanning the same nodes keeps it', async () => {
    const mocker = await run(spanning('dynamo.mocker'));
    expect(status(mocker, 'env.multinode-rdma')).toEqual([]);
    expect(status(mocker, 'env.kv-over-pod-network')).toEqual(['skipped']);
    const engine = await run(spanning('dynamo.vllm'));
    expect(status(engine, 'env.multinode-rdma')).toEqual(['warn']);
  });
});
