import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the thirty-first manifest batch showed (issue 38): kinds that hold their pods in fields of their own, read
 * as workloads instead of "not a workload" (P1), on small manifests written for the test in each kind's own
 * shape (references/env-rules.md "Thirty-first manifest batch"), never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const detail = (a: Result, id: string) => a.checks.find((c) => c.id === id)?.detail ?? '';
const pods = (a: Result) => a.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount} role=${s.role}`);

describe('TorchElastic ElasticJob: its replicaSpecs are pod templates, one elastic world', () => {
  it('reads the Worker replica spec as pods of one job', async () => {
    const a = await run(`
apiVersion: elastic.pytorch.org/v1alpha1
kind: ElasticJob
metadata: {name: train}
spec:
  rdzvEndpoint: etcd:2379
  minReplicas: 1
  maxReplicas: 4
  replicaSpecs:
    Worker:
      replicas: 2
      restartPolicy: ExitCode
      template:
        spec:
          containers:
            - name: w
              image: example/train:v1
              command: [torchrun]
              args: [--nproc_per_node=8, train.py]
              resources: {limits: {nvidia.com/gpu: 8, rdma/ib: 1}}
              securityContext: {capabilities: {add: [IPC_LOCK]}}
`);
    expect(a.part.graphs.map((g) => g.kind)).toEqual(['ElasticJob']);
    expect(pods(a)).toEqual(['Worker/w nodes=2 role=agg']);
    expect(status(a, 'env.multinode-rdma')).not.toContain('warn');
  });
});

describe('Kubeflow Trainer v2: a training runtime holds a JobSet; a TrainJob names the runtime it runs on', () => {
  it('reads a ClusterTrainingRuntime as the JobSet in spec.template', async () => {
    const a = await run(`
apiVersion: trainer.kubeflow.org/v1alpha1
kind: ClusterTrainingRuntime
metadata: {name: torch}
spec:
  mlPolicy: {numNodes: 2, torch: {numProcPerNode: auto}}
  template:
    spec:
      replicatedJobs:
        - name: node
          replicas: 1
          template:
            spec:
              parallelism: 2
              template:
                spec:
                  containers:
                    - name: node
                      image: example/torch:v1
                      command: [torchrun, train.py]
                      resources: {limits: {nvidia.com/gpu: 4}}
`);
    expect(a.part.graphs.map((g) => g.kind)).toEqual(['ClusterTrainingRuntime']);
    expect(pods(a)).toEqual(['node/node nodes=2 role=agg']);
    // Two nodes of GPUs with no RDMA path: the runtime's pods are judged as any JobSet's are.
    expect(status(a, 'env.multinode-rdma')).toEqual(['warn']);
  });

  it('lists a TrainJob as a partial graph naming its runtime, never "not a workload"', async () => {
    const a = await run(`
apiVersion: trainer.kubeflow.org/v1alpha1
kind: TrainJob
metadata: {name: sft}
spec:
  runtimeRef: {name: torch-distributed, kind: ClusterTrainingRuntime}
  trainer:
    numNodes: 2
    command: [torchrun, train.py]
    resourcesPerNode: {limits: {nvidia.com/gpu: 2}}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['TrainJob partial']);
    expect(detail(a, 'env.partial')).toContain('ClusterTrainingRuntime torch-distributed');
    expect(pods(a)).toEqual(['trainer/node nodes=2 role=agg']);
  });
});

describe('FusionInfer: roles and runtime profiles hold pod templates; a role of N nodes is N pods', () => {
  const isvc = (roles: string) => `
apiVersion: fusioninfer.io/v1alpha1
kind: InferenceService
metadata: {name: qwen}
spec:
  roles:
    - name: router
      componentType: router
      strategy: prefix-cache
${roles}`;
  const worker = (o: { tp: number; gpus: number; nodes?: number }) => `    - name: inference
      componentType: worker
      replicas: 2
${o.nodes ? `      multinode: {nodeCount: ${o.nodes}}\n` : ''}      template:
        spec:
          containers:
            - name: vllm
              image: vllm/vllm-openai:v0.27.1
              args: [--model, Qwen/Qwen3-8B, --tensor-parallel-size, "${o.tp}"]
              resources: {limits: {nvidia.com/gpu: "${o.gpus}"}}
`;

  it('reads the worker role of an InferenceService as aggregated engine pods (the router holds no pod)', async () => {
    const a = await run(isvc(worker({ tp: 1, gpus: 1 })));
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['InferenceService aggregated']);
    expect(pods(a)).toEqual(['inference/vllm nodes=1 role=agg']);
    expect(a.checks.filter((c) => c.status === 'warn' || c.status === 'fail')).toEqual([]);
  });

  it('a multinode role spreads tensor parallelism over its nodes: the cross-node path is judged', async () => {
    const a = await run(isvc(worker({ tp: 2, gpus: 1, nodes: 2 })));
    expect(pods(a)).toEqual(['inference/vllm nodes=2 role=agg']);
    expect(status(a, 'env.multinode-rdma')).toEqual(['warn']);
  });

  it('reads a ClusterRuntimeProfile’s prefiller and decoder as the two sides of one P/D graph', async () => {
    const side = (field: string, role: string) => `  ${field}:
    podTemplate:
      spec:
        containers:
          - name: engine
            image: vllm/vllm-openai:v0.27.1
            args: [--model, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"${role}"}']
            resources: {limits: {nvidia.com/gpu: "1"}}
`;
    const a = await run(`
apiVersion: fusioninfer.io/v1alpha1
kind: ClusterRuntimeProfile
metadata: {name: pd}
spec:
  backend: vllm
${side('prefiller', 'kv_producer')}${side('decoder', 'kv_consumer')}`);
    expect(pods(a)).toEqual(['prefiller/engine nodes=1 role=prefill', 'decoder/engine nodes=1 role=decode']);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });
});
