import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Kubeflow jobs read as workloads, and pods shown to run a program that serves no model (issue 38,
 * references/env-rules.md "Kubeflow MPIJob and PyTorchJob", "Programs that serve no model"), on
 * small manifests written for the test in each kind's own shape, never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const roles = (a: Result) => a.part.services.map((s) => `${s.name}=${s.role}`);
const checks = (a: Result) => a.checks.map((c) => `${c.id}:${c.status}`);

/** An MPIJob as mpi-operator's examples write one: a Launcher running mpirun, Workers running sshd. */
const mpijob = (o: {
  api?: string;
  launcher: string;
  workers?: number;
  workerCmd?: string;
  extra?: string;
}) => `
apiVersion: ${o.api ?? 'kubeflow.org/v2beta1'}
kind: MPIJob
metadata: {name: j}
spec:
  slotsPerWorker: 2
${o.extra ?? ''}  mpiReplicaSpecs:
    Launcher:
      replicas: 1
      template:
        spec:
          containers:
            - name: launcher
              image: example/mpi-app:v1
              command: [mpirun]
              args: [${o.launcher}]
    Worker:
${o.workers === undefined ? '' : `      replicas: ${o.workers}\n`}      template:
        spec:
          containers:
            - name: worker
              image: example/mpi-app:v1
              command: [${o.workerCmd ?? '/usr/sbin/sshd'}]
              args: [-De, -f, /home/mpiuser/.sshd_config]
              resources: {limits: {nvidia.com/gpu: 2}}
`;
const NVBW =
  '--bind-to, core, --map-by, "ppr:2:node", -np, "4", -q, nvbandwidth, -t, multinode_device_to_device_memcpy_read_ce';

describe('a Kubeflow MPIJob or PyTorchJob is a workload', () => {
  it('MPIJob v2beta1: each replica spec is a pod template; the Workers are one MPI world', async () => {
    const a = await run(mpijob({ launcher: '-np, "4", python3, bench.py', workers: 3 }));
    expect(a.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount}`)).toEqual([
      'Launcher/launcher nodes=3',
      'Worker/worker nodes=3',
    ]);
    // A python script may be anything: the GPU workers keep the judgement of any GPU pod.
    expect(roles(a)).toEqual(['Launcher/launcher=other', 'Worker/worker=agg']);
    expect(status(a, 'env.multinode-rdma')).toEqual(['warn']);
  });

  it('kubeflow.org/v1 too; Workers default to 0 replicas (a Launcher alone), as both operators default them', async () => {
    const v1 = await run(
      mpijob({ api: 'kubeflow.org/v1', launcher: '-np, "2", python3, bench.py', workers: 2 }),
    );
    expect(v1.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount}`)).toEqual([
      'Launcher/launcher nodes=2',
      'Worker/worker nodes=2',
    ]);
    for (const api of ['kubeflow.org/v1', 'kubeflow.org/v2beta1']) {
      const a = await run(mpijob({ api, launcher: 'nvbandwidth' }));
      expect(a.part.services.map((s) => s.name)).toEqual(['Launcher/launcher']);
    }
  });

  it('runLauncherAsWorker makes the Launcher one of the ranks', async () => {
    const a = await run(
      mpijob({ launcher: 'python3, x.py', workers: 2, extra: '  runLauncherAsWorker: true\n' }),
    );
    expect(a.part.services.map((s) => s.pod.nodeCount)).toEqual([3, 3]);
  });

  it('PyTorchJob: Master and Workers are one torch.distributed group', async () => {
    const a = await run(`apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata: {name: p}
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      template:
        spec:
          containers: [{name: pytorch, image: example/train:v1, command: [python, train.py], resources: {limits: {nvidia.com/gpu: 8}}}]
    Worker:
      replicas: 3
      template:
        spec:
          containers: [{name: pytorch, image: example/train:v1, command: [python, train.py], resources: {limits: {nvidia.com/gpu: 8}}}]
`);
    expect(a.part.services.map((s) => `${s.name}=${s.role} nodes=${s.pod.nodeCount}`)).toEqual([
      'Master/pytorch=agg nodes=4',
      'Worker/pytorch=agg nodes=4',
    ]);
  });
});

describe('a pod shown to run a program that serves no model moves no KV, GPUs or not', () => {
  it('an MPIJob running nvbandwidth through mpirun, its GPU Workers sshd: ok, no KV moves, no per-pod check', async () => {
    const a = await run(mpijob({ launcher: NVBW, workers: 2 }));
    expect(roles(a)).toEqual(['Launcher/launcher=other', 'Worker/worker=other']);
    expect(checks(a)).toEqual(['env.kv-over-pod-network:ok']);
    expect(a.checks[0]?.detail).toBe(
      "no pod starts an engine (Worker/worker runs nvbandwidth (started over sshd by the launcher's mpirun): no model server): no KV moves between pods",
    );
  });

  it('an MPIJob whose launcher starts an engine over sshd: its GPU Workers are serving workers', async () => {
    const a = await run(
      mpijob({ launcher: '-np, "16", trtllm-llmapi-launch, trtllm-serve, m, --tp_size, "16"', workers: 2 }),
    );
    expect(roles(a)).toEqual(['Launcher/launcher=agg', 'Worker/worker=agg']);
    expect(status(a, 'env.multinode-rdma')).toEqual(['warn', 'warn']);
  });

  it('a GPU pod running sshd with no launcher shown may run anything: judged as before', async () => {
    const pod = await run(`apiVersion: v1
kind: Pod
metadata: {name: s}
spec: {containers: [{name: c, image: example/mpi-app:v1, command: [/usr/sbin/sshd, -D], resources: {limits: {nvidia.com/gpu: "8"}}}]}
`);
    expect(roles(pod)).toEqual(['c=agg']);
  });

  const job = (container: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: t}
spec:
  template:
    spec:
      containers:
        - name: t
          image: example/tests:v1
${container}
          resources: {limits: {nvidia.com/gpu: "8"}}
`;
  it.each([
    ['nccl-tests', '          command: [/opt/nccl-tests/build/all_reduce_perf, -b, "8", -e, 8G, -g, "8"]'],
    ['nccl-tests built with a NAME_SUFFIX', '          command: [alltoall_perf_mpi, -b, "8"]'],
    ['perftest', '          command: [ib_write_bw, -d, mlx5_0, --use_cuda=0]'],
    ['nvbandwidth', '          command: [nvbandwidth, -t, device_to_device_memcpy_read_ce]'],
    [
      'an MPI launcher of nccl-tests',
      '          command: [mpiexec, -n, "8", -x, NCCL_DEBUG=INFO, all_gather_perf, -b, "8"]',
    ],
    ['args only, in an image that is no engine', '          args: [all_reduce_perf, -b, "8"]'],
    // An inline script is shown whole: read, not guessed at (batch m8, test/env-m8-manifests.test.ts).
    ['an inline shell script that runs a test', '          command: [sh, -c, "all_reduce_perf -b 8"]'],
  ])('a GPU Job running %s is no serving worker', async (_what, container) => {
    const a = await run(job(container));
    expect(roles(a)).toEqual(['t=other']);
    // Every pod of the scope is shown to serve no model: no KV moves (as for a Kubeflow job's pods).
    expect(checks(a)).toEqual(['env.kv-over-pod-network:ok']);
  });

  it.each([
    ['a Python script', '          command: [python, serve.py, --port, "8000"]'],
    [
      'an engine started through bash -c',
      // Eight GPU processes: vLLM with no parallel size would run one (src/env/shm-one-process.test.ts).
      '          command: [bash, -c, "ulimit -l unlimited; vllm serve m --tensor-parallel-size 8 --port 8000"]',
    ],
    [
      'mpirun starting a Python script',
      '          command: [mpirun, -np, "8", python3, run.py, all_reduce_perf]',
    ],
    ['mpirun starting an engine', '          command: [mpirun, -np, "8", trtllm-serve, m, --tp_size, "8"]'],
    ['a shell script file (its content not shown)', '          command: [sh, /opt/run-tests.sh]'],
  ])("a GPU Job running %s keeps today's judgement: a serving worker", async (_what, container) => {
    const a = await run(job(container));
    expect(roles(a)).toEqual(['t=agg']);
    expect(status(a, 'env.shm')).toEqual(['fail']);
  });

  it('labelled prefill and decode pods running a fabric test on GPUs move no KV: the pair check is ok', async () => {
    const pool = (role: string) => `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${role}}
spec:
  template:
    metadata: {labels: {llm-d.ai/role: ${role}}}
    spec:
      containers:
        - name: c
          image: example/tests:v1
          command: [ib_write_bw, -d, mlx5_0]
          resources: {limits: {nvidia.com/gpu: "1"}}
`;
    const a = await run(pool('prefill') + pool('decode'));
    expect(checks(a)).toEqual(['env.kv-over-pod-network:ok']);
    expect(a.checks[0]?.detail).toBe(
      'the prefill and decode workers start no known engine (c runs ib_write_bw; c runs ib_write_bw: no model server): no KV moves between pods',
    );
  });
});
