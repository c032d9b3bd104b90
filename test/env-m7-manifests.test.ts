import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the seventh manifest batch showed (issue 38): the open serving stacks' CRDs and three rules,
 * each principle on small manifests written for the test in the workload's own shape
 * (references/env-rules.md "Seventh manifest batch"), never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const detail = (a: Result, id: string) => a.checks.find((c) => c.id === id)?.detail ?? '';

const vllm = (kv: string) =>
  `["sh", "-c", ${JSON.stringify(`vllm serve /models/m --port 8000${kv ? ` --kv-transfer-config '${kv}'` : ''}`)}]`;
const NIXL = '{"kv_connector":"NixlConnector","kv_role":"kv_both"}';

describe('serving CRDs of the open serving stacks are read as the pods their controllers build', () => {
  it('a Kthena ModelServing: each role is its entry pod plus workerReplicas worker pods', async () => {
    const a = await run(`
apiVersion: workload.serving.volcano.sh/v1alpha1
kind: ModelServing
metadata: {name: pd}
spec:
  template:
    roles:
      - name: prefill
        replicas: 1
        entryTemplate:
          spec:
            containers:
              - name: sglang
                command: ["python3", "-m", "sglang.launch_server", "--disaggregation-mode", "prefill"]
                resources: {limits: {nvidia.com/gpu: 1}}
        workerReplicas: 0
      - name: decode
        replicas: 1
        entryTemplate:
          spec:
            containers:
              - name: leader
                command: ["python3", "-m", "sglang.launch_server", "--disaggregation-mode", "decode", "--tp", "2", "--nnodes", "2"]
                resources: {limits: {nvidia.com/gpu: 1}}
        workerReplicas: 1
        workerTemplate:
          spec:
            containers:
              - name: worker
                command: ["python3", "-m", "sglang.launch_server", "--disaggregation-mode", "decode", "--tp", "2", "--nnodes", "2"]
                resources: {limits: {nvidia.com/gpu: 1}}
`);
    expect(a.part.skipped.map((s) => s.why)).toEqual([]);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['ModelServing disaggregated']);
    expect(a.part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'prefill=prefill',
      'decode/entry/leader=decode',
      'decode/worker/worker=decode',
    ]);
    expect(a.part.services.map((s) => s.pod.nodeCount)).toEqual([1, 2, 2]);
  });

  it('an llmaz Service: its workloadTemplate is a LeaderWorkerSet group of size pods', async () => {
    const a = await run(`
apiVersion: inference.llmaz.io/v1alpha1
kind: Service
metadata: {name: big}
spec:
  replicas: 1
  workloadTemplate:
    size: 2
    leaderTemplate:
      spec:
        containers:
          - name: runner
            command: ["python3", "-m", "sglang.launch_server", "--tp", "2", "--nnodes", "2"]
            resources: {limits: {nvidia.com/gpu: "1"}}
    workerTemplate:
      spec:
        containers:
          - name: runner
            command: ["python3", "-m", "sglang.launch_server", "--tp", "2", "--nnodes", "2"]
            resources: {limits: {nvidia.com/gpu: "1"}}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['Service aggregated']);
    expect(a.part.services.map((s) => `${s.name}:${s.pod.nodeCount}`)).toEqual([
      'leader/runner:2',
      'worker/runner:2',
    ]);
    expect(status(a, 'env.multinode-rdma')).toContain('warn');
  });

  it('a core Service is still not a workload', async () => {
    const a = await run(`
apiVersion: v1
kind: Service
metadata: {name: s}
spec: {ports: [{port: 80}]}
`);
    expect(a.part.services).toEqual([]);
    expect(a.part.skipped.map((s) => s.why)).toEqual(['Service is not a workload']);
  });

  it('an AIBrix RayClusterFleet: its template is a RayCluster, read as KubeRay pods', async () => {
    const a = await run(`
apiVersion: orchestration.aibrix.ai/v1alpha1
kind: RayClusterFleet
metadata: {name: f}
spec:
  replicas: 1
  template:
    spec:
      headGroupSpec:
        template:
          spec:
            containers:
              - name: ray-head
                args: ["vllm serve m --tensor-parallel-size 8"]
                resources: {limits: {nvidia.com/gpu: 8}}
      workerGroupSpecs:
        - groupName: g
          replicas: 1
          template:
            spec:
              containers:
                - name: ray-worker
                  resources: {limits: {nvidia.com/gpu: 8}}
`);
    expect(a.part.graphs.map((g) => g.kind)).toEqual(['RayClusterFleet']);
    expect(a.part.services.map((s) => s.name)).toEqual(['head/ray-head', 'g/ray-worker']);
  });

  it('kinds whose controller builds every pod from fields are a partial graph, not "not a workload" (P2)', async () => {
    for (const [api, kind, spec] of [
      ['kaito.sh/v1beta1', 'Workspace', 'resource: {count: 2, instanceType: Standard_NC80adis_H100_v5}'],
      ['kaito.sh/v1alpha1', 'MultiRoleInference', 'roles: [{type: prefill}, {type: decode}]'],
      ['kubeai.org/v1', 'Model', 'engine: VLLM\n  resourceProfile: nvidia-gpu-h100:8'],
      ['production-stack.vllm.ai/v1alpha1', 'VLLMRuntime', 'model: {modelURL: m}'],
      ['workload.serving.volcano.sh/v1alpha1', 'ModelBooster', 'backend: {type: vLLMDisaggregated}'],
    ]) {
      const a = await run(`apiVersion: ${api}\nkind: ${kind}\nmetadata: {name: x}\nspec:\n  ${spec}\n`);
      expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual([`${kind} partial`]);
      expect(status(a, 'env.partial')).toEqual(['skipped']);
      expect(detail(a, 'env.partial')).toContain('controller builds its pods');
    }
  });
});

describe('an engine on Ray whose tensor × pipeline size exceeds its pod spans the cluster’s pods (P3)', () => {
  const cluster = (args: string) => `
apiVersion: ray.io/v1
kind: RayCluster
metadata: {name: c}
spec:
  headGroupSpec:
    template:
      spec:
        containers:
          - name: head
            args: ["${args}"]
            resources: {limits: {nvidia.com/gpu: 8}}
  workerGroupSpecs:
    - groupName: g
      replicas: 1
      template:
        spec:
          containers:
            - name: w
              resources: {limits: {nvidia.com/gpu: 8}}
`;
  it('TP 8 × PP 2 on an 8-GPU head: two pods, pipeline-only across them (warn)', async () => {
    const a = await run(
      cluster(
        'vllm serve m --tensor-parallel-size 8 --pipeline-parallel-size 2 --distributed-executor-backend ray',
      ),
    );
    expect(status(a, 'env.multinode-rdma')).toEqual(['warn']);
    expect(detail(a, 'env.multinode-rdma')).toContain('spans 2 nodes');
  });
  it('TP 16 on an 8-GPU head: tensor parallel crosses the pods with no RDMA (fail)', async () => {
    const a = await run(cluster('vllm serve m --tensor-parallel-size 16 --distributed-executor-backend ray'));
    expect(status(a, 'env.multinode-rdma')).toEqual(['fail']);
  });
  it('the same world size inside one pod, or without Ray, spans nothing', async () => {
    expect(
      status(
        await run(cluster('vllm serve m --tensor-parallel-size 8 --distributed-executor-backend ray')),
        'env.multinode-rdma',
      ),
    ).toEqual([]);
    expect(
      status(
        await run(cluster('vllm serve m --tensor-parallel-size 8 --pipeline-parallel-size 2')),
        'env.multinode-rdma',
      ),
    ).toEqual([]);
  });
});

describe('UCX_NET_DEVICES naming only IP interfaces in a pod that requests RDMA fails, as UCX_TLS without rc does (P5)', () => {
  const pd = (netDevices: string, rdma: boolean, kv = NIXL) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: prefill}
spec:
  template:
    metadata: {labels: {llm-d.ai/role: prefill}}
    spec:
      containers:
        - name: vllm
          command: ${vllm(kv)}
          env: [{name: UCX_NET_DEVICES, value: "${netDevices}"}]
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          resources: {limits: {nvidia.com/gpu: 1${rdma ? ', rdma/ib: 1' : ''}}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: decode}
spec:
  template:
    metadata: {labels: {llm-d.ai/role: decode}}
    spec:
      containers:
        - name: vllm
          command: ${vllm(kv)}
          env: [{name: UCX_NET_DEVICES, value: "${netDevices}"}]
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          resources: {limits: {nvidia.com/gpu: 1${rdma ? ', rdma/ib: 1' : ''}}}
`;
  it('eth0 with rdma/ib requested: fail, naming the unused device', async () => {
    const a = await run(pd('eth0', true));
    expect(status(a, 'env.ucx-net-devices')).toEqual(['fail', 'fail']);
    expect(detail(a, 'env.ucx-net-devices')).toContain('although the pod requests rdma/ib');
  });
  it('eth0 with no RDMA device: a warning, as before', async () => {
    expect(status(await run(pd('eth0', false)), 'env.ucx-net-devices')).toEqual(['warn', 'warn']);
  });
  it('host-staged KV (kv_buffer_device cpu) is a deliberate path: a warning', async () => {
    const kv = '{"kv_connector":"NixlConnector","kv_role":"kv_both","kv_buffer_device":"cpu"}';
    expect(status(await run(pd('eth0', true, kv)), 'env.ucx-net-devices')).toEqual(['warn', 'warn']);
  });
  it('an RDMA port listed: ok', async () => {
    expect(status(await run(pd('mlx5_0:1', true)), 'env.ucx-net-devices')).toEqual(['ok', 'ok']);
  });
});

describe('a declared side whose own engine cannot take it, beside a partner that does, breaks the pair', () => {
  const storm = (prefill: string, decode: string) => `
apiVersion: orchestration.aibrix.ai/v1alpha1
kind: StormService
metadata: {name: s}
spec:
  template:
    spec:
      roles:
        - name: prefill
          template:
            spec:
              containers:
                - name: prefill
                  command: ${prefill}
                  resources: {limits: {nvidia.com/gpu: 1}}
        - name: decode
          template:
            spec:
              containers:
                - name: decode
                  command: ${decode}
                  resources: {limits: {nvidia.com/gpu: 1}}
`;
  it('AIBrix role names are declarations (its P/D router picks pods by role-name)', async () => {
    const a = await run(storm(vllm(NIXL), vllm(NIXL)));
    expect(a.part.services.map((s) => `${s.name}=${s.role}`)).toEqual(['prefill=prefill', 'decode=decode']);
    expect(status(a, 'env.role')).toEqual([]);
  });
  it('vLLM prefill with no --kv-transfer-config beside a decode with NixlConnector: fail', async () => {
    const a = await run(storm(vllm(''), vllm(NIXL)));
    expect(status(a, 'env.role')).toEqual(['fail']);
    expect(detail(a, 'env.role')).toContain('never hands KV to decode');
  });
  it('the decode side missing it: fail, the prefill pool is never used', async () => {
    const a = await run(storm(vllm(NIXL), vllm('')));
    expect(detail(a, 'env.role')).toContain('prefill pool is never used');
  });
  it('SGLang prefill without --disaggregation-mode beside a decode with it: fail', async () => {
    const sg = (mode: string) =>
      `["python3", "-m", "sglang.launch_server"${mode ? `, "--disaggregation-mode", "${mode}"` : ''}]`;
    expect(status(await run(storm(sg(''), sg('decode'))), 'env.role')).toEqual(['fail']);
    expect(status(await run(storm(sg('prefill'), sg('decode'))), 'env.role')).toEqual([]);
  });
  it('neither side names a connector: no contradiction inside the pair, no env.role', async () => {
    expect(status(await run(storm(vllm(''), vllm(''))), 'env.role')).toEqual([]);
  });
});
