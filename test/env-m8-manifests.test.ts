import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the eighth manifest batch showed (issue 38), each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "JobSet", "Programs that serve no
 * model", "OME InferenceService", "An RDMA device named for the KV transfer"), never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const roles = (a: Result) => a.part.services.map((s) => `${s.name}=${s.role}`);

/** A JobSet as jobset.x-k8s.io writes one: replicated Jobs, each a JobTemplateSpec. */
const jobset = (o: { command: string; replicas?: number; parallelism?: number; extra?: string }) => `
apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata: {name: js}
spec:
  replicatedJobs:
  - name: worker
${o.replicas === undefined ? '' : `    replicas: ${o.replicas}\n`}    template:
      spec:
${o.parallelism === undefined ? '' : `        parallelism: ${o.parallelism}\n`}        template:
          spec:
            containers:
            - name: main
              image: example/app:v1
              command: ${o.command}
              resources: {limits: {nvidia.com/gpu: 4${o.extra ?? ''}}}
`;

describe('a JobSet is a workload (jobset.x-k8s.io ReplicatedJob: replicas x the Job template’s parallelism)', () => {
  it('its pods are one distributed world: replicas (default 1) times parallelism (default 1)', async () => {
    const a = await run(jobset({ command: '[python3, train.py]', replicas: 2, parallelism: 2 }));
    expect(a.part.skipped.map((s) => s.why)).toEqual([]);
    expect(a.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount}`)).toEqual(['worker/main nodes=4']);
    // A python script may be anything: a GPU pod spread over nodes keeps the judgement of any such pod.
    expect(status(a, 'env.multinode-rdma')).toEqual(['warn']);
    const one = await run(jobset({ command: '[python3, train.py]' }));
    expect(one.part.services.map((s) => s.pod.nodeCount)).toEqual([1]);
  });
});

describe('programs shown to serve no model', () => {
  it('an inline shell script (bash -c) that runs a fabric test under mpirun is read: no engine, no KV', async () => {
    const script = JSON.stringify(
      'apt install -y iputils-ping; /scripts/container_entry.sh daemon &\nif [[ "$RANK" -eq 0 ]]; then\n  mpirun --hostfile /tmp/hostfile -x NCCL_NET /third_party/nccl-tests/build/all_gather_perf -b 1K -e 8G\nfi',
    );
    const a = await run(jobset({ command: `[bash, -c, ${script}]`, parallelism: 2, extra: ', rdma/ib: 1' }));
    expect(roles(a)).toEqual(['worker/main=other']);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
    expect(status(a, 'env.rdma-ipc-lock')).toEqual([]);
    // A script that starts an engine anywhere is the engine's, whatever test it runs first.
    const e = await run(
      jobset({ command: `[bash, -c, "all_reduce_perf -g 1; python3 -m sglang.launch_server --tp 4"]` }),
    );
    expect(roles(e)).toEqual(['worker/main=agg']);
  });

  it('an MPIJob Worker with no command of its own runs what the Launcher’s mpirun starts in it', async () => {
    const job = (workerCmd: string) => `
apiVersion: kubeflow.org/v2beta1
kind: MPIJob
metadata: {name: j}
spec:
  mpiReplicaSpecs:
    Launcher:
      replicas: 1
      template:
        spec:
          containers:
          - name: l
            image: example/nccl:v1
            command: [/opt/amazon/openmpi/bin/mpirun, -np, "16", -x, FI_PROVIDER=efa, /opt/nccl-tests/build/all_reduce_perf, -b, "8"]
    Worker:
      replicas: 2
      template:
        spec:
          containers:
          - name: w
            image: example/nccl:v1
${workerCmd}            resources: {limits: {nvidia.com/gpu: 8, vpc.amazonaws.com/efa: 32}}
`;
    const a = await run(job(''));
    expect(roles(a)).toEqual(['Launcher/l=other', 'Worker/w=other']);
    expect(status(a, 'env.rdma-ipc-lock')).toEqual([]);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
    // A command of its own that is not a remote shell is what runs there.
    const b = await run(job('            command: [python3, serve.py]\n'));
    expect(roles(b)).toEqual(['Launcher/l=other', 'Worker/w=agg']);
  });

  it('a placeholder (sleep) in plain Pods, and an nginx image given no command, serve no model', async () => {
    const pods = `
apiVersion: v1
kind: Pod
metadata: {name: p1}
spec:
  containers:
  - name: c
    image: mellanox/rping-test
    securityContext: {capabilities: {add: [IPC_LOCK]}}
    resources: {limits: {mellanox.com/mlnx_sriov_rdma: 1}}
    command: ["sleep", "infinity"]
`;
    const a = await run(pods);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
    const rbg = `
apiVersion: workloads.x-k8s.io/v1alpha2
kind: RoleBasedGroup
metadata: {name: g}
spec:
  roles:
  - name: prefill
    replicas: 1
    standalonePattern:
      template:
        spec:
          containers:
          - name: main
            image: registry.example/openanolis/nginx:1.14.1-8.6
            resources: {limits: {nvidia.com/gpu: "1"}}
  - name: decode
    replicas: 1
    standalonePattern:
      template:
        spec:
          containers:
          - name: main
            image: nginx
            resources: {limits: {nvidia.com/gpu: "1"}}
`;
    const b = await run(rbg);
    expect(a.checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(b.checks.filter((c) => c.status !== 'ok').map((c) => c.id)).toEqual([]);
    expect(status(b, 'env.kv-over-pod-network')).toEqual(['ok']);
    // A role name is a hint: given a command that starts an engine, the same nginx-named image serves.
    const c = await run(
      rbg.replace(
        'image: nginx\n',
        'image: nginx\n            command: [python3, -m, sglang.launch_server, --disaggregation-mode, decode]\n',
      ),
    );
    expect(status(c, 'env.kv-over-pod-network')).not.toEqual(['ok']);
  });
});

describe('an OME InferenceService is read, merged over a runtime it does not hold (P2: not shown is not absent)', () => {
  const isvc = (runtime: string, engine = '') => `
apiVersion: ome.io/v1beta1
kind: InferenceService
metadata: {name: m}
spec:
  model: {name: m}
${runtime}  engine:
    minReplicas: 1
${engine}  decoder:
    minReplicas: 1
  router:
    minReplicas: 1
`;
  it('its engine, decoder and router are the runtime’s pods, listed, not judged as a complete graph', async () => {
    const a = await run(isvc('  runtime: {name: srt-pd}\n'));
    expect(a.part.skipped.map((s) => s.why)).toEqual([]);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['InferenceService partial']);
    expect(a.part.graphs[0]?.partial).toContain('srt-pd (spec.runtime.name)');
    expect(roles(a)).toEqual(['router=other', 'prefill=prefill', 'decode=decode']);
    expect(status(a, 'env.partial')).toEqual(['skipped']);
    // No runtime named: OME selects one, which is as absent from the object.
    const b = await run(isvc(''));
    expect(b.part.graphs[0]?.partial).toContain('OME selects');
  });

  it('a runner of its own is read as the pod it overrides', async () => {
    const a = await run(
      isvc(
        '  runtime: {name: srt}\n',
        '    runner:\n      image: lmsysorg/sglang:v0.5.5\n      command: [python3, -m, sglang.launch_server, --disaggregation-mode, prefill]\n',
      ),
    );
    expect(a.part.services.find((s) => s.name === 'prefill')?.role).toBe('prefill');
    expect(a.part.graphs.map((g) => g.mode)).toEqual(['partial']);
  });
});

describe('env.kv-device: an RDMA device named for the KV transfer must be granted to the pod', () => {
  const pool = (
    role: string,
    o: { pod?: string; res?: string; args?: string; meta?: string; sec?: string },
  ) => `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${role}}
spec:
  template:
${o.meta ?? ''}    spec:
${o.pod ?? ''}      containers:
      - name: c
        image: lmsysorg/sglang:v0.5.5
        command: [python3, -m, sglang.launch_server, --disaggregation-mode, ${role}${o.args ?? ', --disaggregation-ib-device, mlx5_0'}]
        resources: {limits: {nvidia.com/gpu: "1"${o.res ?? ''}}}
${o.sec ?? ''}`;
  const both = (o: Parameters<typeof pool>[1]) => pool('prefill', o) + pool('decode', o);

  it('Mooncake (SGLang’s default) told to open mlx5_0 in a pod with hostNetwork only: FAIL on both sides', async () => {
    const a = await run(both({ pod: '      hostNetwork: true\n' }));
    expect(status(a, 'env.kv-device')).toEqual(['fail', 'fail']);
    expect(a.checks.find((c) => c.id === 'env.kv-device')?.detail).toContain(
      'hostNetwork gives the host NICs',
    );
  });

  it('granted by an RDMA resource, or privileged: ok; no device named, or another backend: no check', async () => {
    expect(status(await run(both({ res: ', rdma/ib: "1"' })), 'env.kv-device')).toEqual(['ok', 'ok']);
    expect(
      status(
        await run(
          both({ pod: '      hostNetwork: true\n', sec: '        securityContext: {privileged: true}\n' }),
        ),
        'env.kv-device',
      ),
    ).toEqual(['ok', 'ok']);
    expect(status(await run(both({ args: '' })), 'env.kv-device')).toEqual([]);
    expect(
      status(
        await run(
          both({ args: ', --disaggregation-transfer-backend, nixl, --disaggregation-ib-device, mlx5_0' }),
        ),
        'env.kv-device',
      ),
    ).toEqual([]);
  });

  it('a pod that asks OME’s webhook to inject RDMA is granted what the manifest does not show: skipped', async () => {
    const meta = "    metadata:\n      annotations: {rdma.ome.io/auto-inject: 'true'}\n";
    expect(status(await run(both({ meta })), 'env.kv-device')).toEqual(['skipped', 'skipped']);
  });
});
