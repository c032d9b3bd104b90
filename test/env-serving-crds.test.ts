import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Serving CRDs read as graphs (issue 38: "a workload kind that real users deploy disaggregated
 * graphs with"), on small objects written for the test in each CRD's own shape
 * (references/env-rules.md, "Serving CRDs"), not on corpus files.
 */
const run = analyseYamlFile;
const status = (a: Awaited<ReturnType<typeof run>>, id: string) =>
  a.checks.filter((c) => c.id === id).map((c) => c.status);

const kserve = (pools: string, meta = '') => `apiVersion: serving.kserve.io/v1alpha2
kind: LLMInferenceService
metadata:
  name: m
${meta}spec:
  model: {uri: hf://x/y, name: x/y}
${pools}`;
const kservePool = (indent: string, role: string, rdma = true, security = '') =>
  [
    `${indent}template:`,
    `${indent}  containers:`,
    `${indent}    - name: main`,
    ...(security ? [`${indent}      securityContext: ${security}`] : []),
    `${indent}      env:`,
    `${indent}        - name: VLLM_ADDITIONAL_ARGS`,
    `${indent}          value: "--max-model-len 4096 --kv_transfer_config '{\\"kv_connector\\":\\"NixlConnector\\",\\"kv_role\\":\\"${role}\\"}'"`,
    `${indent}      resources:`,
    `${indent}        limits: {nvidia.com/gpu: "1"${rdma ? ', rdma/roce_gdr: 1' : ''}}`,
  ].join('\n');

describe('KServe LLMInferenceService', () => {
  it('is a prefill/decode graph: spec.prefill is the prefill pool, the top-level pool decode, the engine from VLLM_ADDITIONAL_ARGS', async () => {
    const a = await run(
      kserve(
        `${kservePool('  ', 'kv_consumer')}\n  prefill:\n    replicas: 2\n${kservePool('    ', 'kv_producer')}\n`,
        '  annotations: {k8s.v1.cni.cncf.io/networks: roce-p2, other.io/x: y}\n',
      ),
    );
    const g = a.part.graphs[0];
    expect(g).toMatchObject({ kind: 'LLMInferenceService', mode: 'disaggregated', engine: 'vllm' });
    expect(g?.kv?.transport).toBe('NIXL');
    const svc = a.part.services.map((s) => [s.name, s.role, s.roleFrom]);
    expect(svc).toEqual([
      ['decode', 'decode', 'field'],
      ['prefill', 'prefill', 'field'],
    ]);
    // The controller runs `main` runAsNonRoot: IPC_LOCK would not reach it, pinning rests on RLIMIT_MEMLOCK.
    const ipc = a.checks.filter((c) => c.id === 'env.rdma-ipc-lock');
    expect(ipc.map((c) => c.status)).toEqual(['warn', 'warn']);
    expect(ipc[0]?.detail).toContain('a non-root user (securityContext.runAsNonRoot)');
    // Its template mounts a 1Gi Memory emptyDir at /dev/shm; the approved Multus annotation reaches the pods.
    expect(a.part.services[0]?.pod.shm).toMatchObject({ size: '1Gi', source: 'volume' });
    expect(a.part.services[0]?.pod.networkAnnotations).toEqual(['k8s.v1.cni.cncf.io/networks']);
  });

  it('a written runAsUser 0 wins over the template default; one pool alone is aggregated', async () => {
    const a = await run(
      kserve(`${kservePool('  ', 'kv_both', true, '{runAsUser: 0, capabilities: {add: [IPC_LOCK]}}')}\n`),
    );
    expect(a.part.graphs[0]?.mode).toBe('aggregated');
    expect(status(a, 'env.rdma-ipc-lock')).toEqual(['ok']);
  });

  it('a multi-node pool spans data ÷ dataLocal pods, leader and worker', async () => {
    const worker = `  worker:\n    containers:\n      - name: main\n        resources: {limits: {nvidia.com/gpu: "8"}}\n`;
    const a = await run(
      kserve(
        `  parallelism: {data: 16, dataLocal: 8, expert: true}\n${kservePool('  ', 'kv_both', false)}\n${worker}`,
      ),
    );
    expect(a.part.services.map((s) => [s.name, s.pod.nodeCount])).toEqual([
      ['leader/main', 2],
      ['worker/main', 2],
    ]);
    // The data-parallel template's /dev/shm is 8Gi.
    expect(a.part.services[1]?.pod.shm?.size).toBe('8Gi');
  });

  it('baseRefs merge configs the object does not hold: a fragment, not linted as complete', async () => {
    const a = await run(
      kserve(`  baseRefs: [{name: pd-config}]\n  prefill:\n${kservePool('    ', 'kv_producer')}\n`),
    );
    expect(a.part.graphs[0]?.mode).toBe('partial');
    expect(a.checks.map((c) => [c.id, c.status])).toEqual([['env.partial', 'skipped']]);
  });
});

describe('AIBrix StormService', () => {
  const role = (name: string, mode: string, extra: string) => `        - name: ${name}
          replicas: 1
${extra}          template:
            spec:
              containers:
                - name: ${name}
                  image: aibrix/sglang:v0.4.9
                  command: [sh, -c]
                  args: ["python3 -m sglang.launch_server --disaggregation-mode ${mode} --disaggregation-transfer-backend nixl --tp-size 2 --nnodes 2"]
                  resources: {limits: {nvidia.com/gpu: 1, vke.volcengine.com/rdma: "1"}}
                  securityContext: {capabilities: {add: [IPC_LOCK]}}
`;
  const storm = (extra: string) => `apiVersion: orchestration.aibrix.ai/v1alpha1
kind: StormService
metadata: {name: s}
spec:
  replicas: 1
  template:
    spec:
      roles:
${role('prefill', 'prefill', extra)}${role('decode', 'decode', extra)}`;

  it('reads its roles as the graph, podGroupSize as the pods of one instance', async () => {
    const a = await run(storm('          podGroupSize: 2\n'));
    expect(a.part.graphs[0]).toMatchObject({ kind: 'StormService', mode: 'disaggregated', engine: 'sglang' });
    expect(a.part.services.map((s) => [s.name, s.role, s.pod.nodeCount])).toEqual([
      ['prefill', 'prefill', 2],
      ['decode', 'decode', 2],
    ]);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
  });
});

describe('Grove PodCliqueSet', () => {
  const clique = (name: string, container: string) => `    - name: ${name}
      spec:
        roleName: ${name}
        replicas: 2
        podSpec:
          containers:
${container}`;
  const pcs = (cliques: string, groups = '') => `apiVersion: grove.io/v1alpha1
kind: PodCliqueSet
metadata: {name: p}
spec:
  replicas: 1
  template:
    cliques:
${cliques}${groups}`;

  it('placeholder cliques that start no engine and ask for no GPU move no KV', async () => {
    const idle = '          - {name: c, image: nginx, command: [sleep, infinity]}\n';
    const a = await run(pcs(clique('prefill', idle) + clique('decode', idle)));
    expect(a.checks.map((c) => [c.id, c.status])).toEqual([['env.kv-over-pod-network', 'ok']]);
  });

  it('engine cliques are roles; a scaling group is one multi-node unit', async () => {
    const engine = (m: string) =>
      `          - name: c\n            image: vllm/vllm-openai\n            command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"${m}"}']\n            resources: {limits: {nvidia.com/gpu: "8"}}\n`;
    const a = await run(
      pcs(
        clique('prefill', engine('kv_producer')) + clique('decode', engine('kv_consumer')),
        '    podCliqueScalingGroups:\n      - {name: dec, cliqueNames: [decode], replicas: 1}\n',
      ),
    );
    expect(a.part.services.map((s) => [s.name, s.role, s.pod.nodeCount])).toEqual([
      ['prefill', 'prefill', 1],
      ['decode', 'decode', 2],
    ]);
    // The decode unit spans 2 nodes with 8 GPUs each and no RDMA path: its collectives and KV go over TCP.
    expect(status(a, 'env.multinode-rdma')).toEqual(['fail']);
  });
});

describe('OME ServingRuntime', () => {
  const runner = (mode: string) => `    runner:
      name: ome-container
      image: lmsysorg/sglang:v0.5.5
      command: [python3, -m, sglang.launch_server, --disaggregation-mode, ${mode}, --disaggregation-ib-device, mlx5_0]
      resources: {limits: {nvidia.com/gpu: 1}}
`;
  const rt = (pod: string) => `apiVersion: ome.io/v1beta1
kind: ClusterServingRuntime
metadata: {name: r}
spec:
  engineConfig:
${pod}${runner('prefill')}  decoderConfig:
${pod}${runner('decode')}  routerConfig:
    runner:
      name: router
      image: smg
      command: [python3, -m, sglang_router.launch_router, --pd-disaggregation]
`;

  it('engineConfig beside decoderConfig is prefill, decoderConfig decode, routerConfig no worker', async () => {
    const a = await run(rt('    hostNetwork: true\n'));
    expect(a.part.services.map((s) => [s.name, s.role, s.roleFrom])).toEqual([
      ['router', 'other', 'field'],
      ['prefill', 'prefill', 'field'],
      ['decode', 'decode', 'field'],
    ]);
    // hostNetwork shows the host's NICs, not their RDMA devices: no RDMA path.
    const kv = a.checks.find((c) => c.id === 'env.kv-over-pod-network');
    expect(kv?.status).toBe('warn');
    expect(kv?.detail).toContain("hostNetwork alone gives the host's NICs, not their RDMA devices");
  });

  it('privileged with hostNetwork has the RDMA devices; leader + worker pods span 1 + size nodes', async () => {
    const a = await run(
      rt('    hostNetwork: true\n').replace(
        / {4}runner:\n {6}name: ome-container\n/g,
        '    leader:\n      hostNetwork: true\n    worker:\n      size: 1\n      hostNetwork: true\n    runner:\n      name: ome-container\n      securityContext: {privileged: true}\n',
      ),
    );
    expect(a.part.services.map((s) => [s.name, s.pod.nodeCount])).toEqual([
      ['router', 1],
      ['prefill/leader/ome-container', 2],
      ['prefill/worker/ome-container', 2],
      ['decode/leader/ome-container', 2],
      ['decode/worker/ome-container', 2],
    ]);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
    expect(status(a, 'env.multinode-rdma')).toEqual([]);
  });
});

describe('runAsNonRoot', () => {
  it('a pod that may not run as root gains nothing from IPC_LOCK, whatever its image', async () => {
    const a = await run(`apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  template:
    spec:
      securityContext: {runAsNonRoot: true}
      containers:
        - name: w
          image: vllm/vllm-openai
          command: [vllm, serve, m]
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          resources: {limits: {nvidia.com/gpu: "1", rdma/ib: "1"}}
`);
    const c = a.checks.find((x) => x.id === 'env.rdma-ipc-lock');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toContain('IPC_LOCK has no effect for a non-root user');
    expect(a.part.services[0]?.pod.user).toEqual({ from: 'securityContext.runAsNonRoot' });
  });
});
