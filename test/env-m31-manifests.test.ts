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
