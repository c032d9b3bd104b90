import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the third manifest batch showed (issue 38), each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Roles", "Accelerators",
 * "Serving CRDs"), never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const roles = (a: Result) => a.part.services.map((s) => `${s.name}=${s.role}/${s.roleFrom}`);

/** A Deployment as the llm-d-modelservice chart renders one pool (templates/_helpers.tpl: `llm-d.ai/role`). */
const llmd = (role: string, opts: { image?: string; env?: string; res?: string; args?: string } = {}) => `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ms-${role}}
spec:
  template:
    metadata:
      labels: {llm-d.ai/inference-serving: "true", llm-d.ai/role: ${role}}
    spec:
      containers:
        - name: vllm
          ${opts.image === '' ? '# no image' : `image: ${opts.image ?? 'ghcr.io/llm-d/llm-d-cuda:latest'}`}
          ${opts.args ?? `command: ["vllm", "serve"]\n          args: ["m", --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']`}
          env: [${opts.env ?? '{name: UCX_TLS, value: "cuda_ipc,cuda_copy,tcp"}'}]
          resources: {limits: {${opts.res ?? 'nvidia.com/gpu: "1"'}}}
`;

describe("llm-d's role label declares the pool", () => {
  it('llm-d.ai/role prefill/decode make the pair, and their TCP-only UCX_TLS fails as in any pair', async () => {
    const a = await run(llmd('prefill') + llmd('decode'));
    expect(roles(a)).toEqual(['vllm=prefill/label', 'vllm=decode/label']);
    expect(status(a, 'env.ucx-tls')).toEqual(['fail', 'fail']);
  });

  it('a decode-labelled pool with no prefill beside it serves alone (aggregated)', async () => {
    const a = await run(llmd('decode', { args: 'args: [--model, m]', image: 'vllm/vllm-openai:v0.11.0' }));
    expect(roles(a)).toEqual(['vllm=agg/graph']);
  });

  it('labelled workers shown to run no engine and ask for no accelerator move no KV: ok, no per-pod checks', async () => {
    const sim = {
      image: 'ghcr.io/llm-d/llm-d-inference-sim:latest',
      args: 'args: [--model, m]',
      env: '',
      res: '',
    };
    const a = await run(llmd('prefill', sim) + llmd('decode', sim));
    expect(a.checks.map((c) => `${c.id}:${c.status}`)).toEqual(['env.kv-over-pod-network:ok']);
    expect(a.checks[0]?.detail).toContain('start no known engine and ask for no accelerator');
  });

  it('a worker whose image is not shown may be an engine: its pair is still judged', async () => {
    const bare = { image: '', args: 'args: [--model, m]', res: '' };
    const a = await run(llmd('prefill', bare) + llmd('decode', bare));
    expect(status(a, 'env.ucx-tls')).toEqual(['fail', 'fail']);
  });
});

describe('accelerators other than nvidia.com/gpu, and the engine an image starts', () => {
  const pod = (res: string, container: string) => `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
    - name: c
${container}
      resources: {limits: {${res}}}
`;
  it.each([
    ['google.com/tpu: "8"', '      image: example/jetstream:v1'],
    ['aws.amazon.com/neuron: "16"', '      image: example/server:v1'],
    ['rebellions.ai/ATOM: "1"', '      image: example/server:v1'],
    ['habana.ai/gaudi: "1"', '      image: example/server:v1'],
    ['cpu: "8"', '      image: repo/vllm-rbln:3.3\n      args: [--model, m]'],
    [
      'cpu: "8"',
      '      image: x/y\n      command: [sh, -c, "python3 -m vllm.entrypoints.openai.api_server --model m"]',
    ],
  ])('%s with %s is a serving worker', async (res, container) => {
    expect(roles(await run(pod(res, container)))).toEqual(['c=agg/graph']);
  });

  it("a container with its own command is not the engine of its image (a router in an engine's image)", async () => {
    const a = await run(
      pod(
        'cpu: "1"',
        '      image: aibrix/sglang-router:v0.1.6\n      command: [python3, -m, sglang_router.launch_router]',
      ),
    );
    expect(roles(a)).toEqual(['c=other/workload']);
  });
});

describe('Cloud TPU multi-host slices', () => {
  const lws = (res: string) => `apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: t}
spec:
  leaderWorkerTemplate:
    size: 4
    workerTemplate:
      spec:
        containers:
          - name: vllm
            image: vllm/vllm-tpu:latest
            command: [sh, -c, "python3 -m vllm.entrypoints.openai.api_server --model m --tensor-parallel-size=16"]
            resources: {limits: {${res}}}
`;
  it('TPU hosts of one slice exchange tensors over ICI: env.multinode-rdma ok', async () => {
    const a = await run(lws('google.com/tpu: "4"'));
    expect(status(a, 'env.multinode-rdma')).toEqual(['ok']);
    expect(a.checks.find((c) => c.id === 'env.multinode-rdma')?.detail).toContain('ICI');
  });
  it('the same group on GPUs with no RDMA path is still flagged', async () => {
    expect(status(await run(lws('nvidia.com/gpu: "4"')), 'env.multinode-rdma')).toEqual(['warn']);
  });
});

describe('/dev/shm: severity follows the consequence, wording follows the device', () => {
  const pod = (res: string, args: string) => `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
    - name: c
      image: vllm/vllm-openai:v0.11.0
      args: [${args}]
      resources: {limits: {${res}}}
`;
  const shm = (a: Result) => a.checks.filter((c) => c.id === 'env.shm').map((c) => [c.status, c.detail]);
  it('one engine process in an aggregated graph: 64Mi is ok (no NCCL peer, no KV hand-off)', async () => {
    expect(shm(await run(pod('nvidia.com/gpu: "1"', '--model, m')))).toEqual([
      [
        'ok',
        '/dev/shm 64Mi (no /dev/shm volume: the container runtime default) for one GPU process in an aggregated graph: no NCCL peer in the pod and no KV hand-off use it',
      ],
    ]);
  });
  it('an accelerator that is not counted as nvidia.com/gpu is not called a GPU, nor its library NCCL', async () => {
    const [[st, detail]] = shm(
      await run(pod('aws.amazon.com/neuron: "2"', '--model, m, --tensor-parallel-size, "2"')),
    ) as [[string, string]];
    expect(st).toBe('fail');
    expect(detail).toContain('for 2 engine processes');
    expect(detail).not.toContain("NCCL's shared-memory");
  });
});

describe('LWS DisaggregatedSet is read as a graph', () => {
  const ds = (image: string, extra = '') => `apiVersion: disaggregatedset.x-k8s.io/v1
kind: DisaggregatedSet
metadata: {name: d}
spec:
  roles:
    - name: prefill
      spec:
        replicas: 2
        leaderWorkerTemplate:
          size: 2
          leaderTemplate:
            spec: {containers: [{name: w, image: ${image}${extra}}]}
          workerTemplate:
            spec: {containers: [{name: w, image: ${image}${extra}}]}
    - name: decode
      spec:
        leaderWorkerTemplate:
          workerTemplate:
            spec: {containers: [{name: w, image: ${image}${extra}}]}
`;
  it('each role is a LeaderWorkerSet: leader and worker pods, size pods per group', async () => {
    const a = await run(ds('nginx:latest'));
    expect(a.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount}`)).toEqual([
      'prefill/leader/w nodes=2',
      'prefill/worker/w nodes=2',
      'decode/w nodes=1',
    ]);
    expect(a.checks.map((c) => `${c.id}:${c.status}`)).toEqual(['env.kv-over-pod-network:ok']);
  });
  it('roles named prefill and decode that start disaggregated engines are the pair', async () => {
    const vllm = `, command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}'], resources: {limits: {nvidia.com/gpu: "1"}}`;
    const a = await run(ds('vllm/vllm-openai:v0.11.0', vllm));
    expect(roles(a)).toEqual([
      'prefill/leader/w=prefill/name',
      'prefill/worker/w=prefill/name',
      'decode/w=decode/name',
    ]);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });
});

describe('more of what the batch showed', () => {
  it('a one-process pod of a non-GPU accelerator in an aggregated graph runs no NCCL: /dev/shm 64Mi is ok', async () => {
    const a = await run(`apiVersion: apps/v1
kind: Deployment
metadata: {name: j}
spec:
  template:
    spec:
      containers:
        - name: server
          image: example/jetstream-pytorch-server:v0.2.3
          args: [--size=7b]
          resources: {limits: {google.com/tpu: 8}}
`);
    expect(status(a, 'env.shm')).toEqual(['ok']);
  });
  it('a one-GPU pod that is no known engine keeps the warn (it may move data itself)', async () => {
    const a = await run(`apiVersion: v1
kind: Pod
metadata: {name: b}
spec: {containers: [{name: bench, image: example/bench:v1, resources: {limits: {nvidia.com/gpu: "1"}}}]}
`);
    expect(status(a, 'env.shm')).toEqual(['warn']);
  });
  it("--tp/--pp (argparse prefixes, LWS's TensorRT-LLM launcher) give the layout: pipeline-only across nodes is a warn", async () => {
    const lws = (flags: string) => `apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: t}
spec:
  leaderWorkerTemplate:
    size: 2
    leaderTemplate:
      spec:
        containers:
          - name: leader
            image: example/triton-trtllm:v1
            command: [sh, -c, "python3 ./server.py leader ${flags} --gpu_per_node=8"]
            resources: {limits: {nvidia.com/gpu: "8"}}
    workerTemplate:
      spec:
        containers:
          - name: worker
            image: example/triton-trtllm:v1
            command: [sh, -c, "python3 ./server.py worker"]
            resources: {limits: {nvidia.com/gpu: "8"}}
`;
    expect(status(await run(lws('--pp=8 --tp=2')), 'env.multinode-rdma')).toEqual(['warn', 'warn']);
    expect(status(await run(lws('--pp=1 --tp=16')), 'env.multinode-rdma')).toEqual(['fail', 'fail']);
  });
});
