import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the fifth manifest batch showed (issue 38), each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "KubeRay", "Serving CRDs",
 * "Value rules", "CPU engines"), never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const checks = (a: Result, id: string) => a.checks.filter((c) => c.id === id);
const status = (a: Result, id: string) => checks(a, id).map((c) => c.status);

/** A KubeRay cluster spec: a CPU head and one worker group (ray-operator/apis/ray/v1/raycluster_types.go). */
const rayCluster = (opts: { gpus?: string; hosts?: number; startParams?: string; mem?: string } = {}) => `
    headGroupSpec:
      rayStartParams: {num-gpus: "0"}
      template:
        spec:
          containers:
            - name: ray-head
              image: rayproject/ray-llm:2.52.0-py311-cu128
              resources: {limits: {cpu: "2", memory: 8Gi}}
    workerGroupSpecs:
      - groupName: gpu-group
        replicas: 1
        numOfHosts: ${opts.hosts ?? 1}
        rayStartParams: {${opts.startParams ?? 'num-gpus: "4"'}}
        template:
          spec:
            containers:
              - name: ray-worker
                image: rayproject/ray-llm:2.52.0-py311-cu128
                resources:
                  limits: {nvidia.com/gpu: "${opts.gpus ?? '4'}"${opts.mem === '' ? '' : `, memory: ${opts.mem ?? '64Gi'}`}}`;

describe('KubeRay RayService / RayCluster / RayJob are read as a graph of Ray nodes', () => {
  it('a RayService: the head and each worker group are pods, not "RayService is not a workload"', async () => {
    const a = await run(`
apiVersion: ray.io/v1
kind: RayService
metadata: {name: llm}
spec:
  serveConfigV2: |
    applications: []
  rayClusterConfig:${rayCluster()}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['RayService aggregated']);
    expect(a.part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'head/ray-head=other',
      'gpu-group/ray-worker=agg',
    ]);
    expect(a.part.skipped.map((s) => s.why)).toEqual([]);
  });

  it('the operator mounts /dev/shm sized by the Ray container’s memory limit (pod.go addEmptyDir)', async () => {
    const a = await run(`
apiVersion: ray.io/v1
kind: RayCluster
metadata: {name: c}
spec:${rayCluster({ mem: '64Gi' })}
`);
    const shm = checks(a, 'env.shm').find((c) => c.subject?.endsWith('gpu-group/ray-worker'));
    expect(shm?.status).toBe('ok');
    expect(shm?.detail).toMatch(/64Gi/);
  });

  it('with plasma-directory set the operator adds no /dev/shm: 4 GPU processes on the runtime’s 64Mi', async () => {
    const a = await run(`
apiVersion: ray.io/v1
kind: RayCluster
metadata: {name: c}
spec:${rayCluster({ startParams: 'num-gpus: "4", plasma-directory: /tmp' })}
`);
    const shm = checks(a, 'env.shm').find((c) => c.subject?.endsWith('gpu-group/ray-worker'));
    expect(shm?.status).not.toBe('ok');
    expect(shm?.detail).toMatch(/64Mi/);
  });

  it('a RayJob keeps its cluster under spec.rayClusterSpec; numOfHosts makes a multi-host replica', async () => {
    const a = await run(`
apiVersion: ray.io/v1
kind: RayJob
metadata: {name: j}
spec:
  entrypoint: python serve.py
  rayClusterSpec:${rayCluster({ hosts: 2, gpus: '8' })}
`);
    const worker = a.part.services.find((s) => s.name === 'gpu-group/ray-worker');
    expect(worker?.pod.nodeCount).toBe(2);
    // Two 8-GPU hosts with no RDMA path: the multi-node rule sees them as it sees a LeaderWorkerSet.
    expect(status(a, 'env.multinode-rdma').length).toBeGreaterThan(0);
  });

  it('another group’s kind of the same name is not read (only ray.io)', async () => {
    const a = await run(`
apiVersion: example.com/v1
kind: RayService
metadata: {name: x}
spec:
  rayClusterConfig:${rayCluster()}
`);
    expect(a.part.graphs).toEqual([]);
    expect(a.part.skipped.map((s) => s.why)).toEqual(['RayService is not a workload']);
  });
});

/** A KServe prefill/decode spec (v1alpha2 LLMInferenceServiceSpec) with the given env on both pools. */
const kserve = (
  kind: string,
  env: string,
  res = 'nvidia.com/gpu: "1"',
  image = 'ghcr.io/llm-d/llm-d-cuda:v0.9.0',
) => `
apiVersion: serving.kserve.io/v1alpha2
kind: ${kind}
metadata: {name: pd}
spec:
  model: {uri: "hf://m", name: m}
  template:
    containers:
      - name: main
        image: ${image}
        env:
          - {name: VLLM_ADDITIONAL_ARGS, value: "--kv_transfer_config '{\\"kv_connector\\":\\"NixlConnector\\",\\"kv_role\\":\\"kv_consumer\\"}'"}
          ${env}
        resources: {limits: {${res}}}
  prefill:
    template:
      containers:
        - name: main
          image: ${image}
          env:
            - {name: VLLM_ADDITIONAL_ARGS, value: "--kv_transfer_config '{\\"kv_connector\\":\\"NixlConnector\\",\\"kv_role\\":\\"kv_producer\\"}'"}
            ${env}
          resources: {limits: {${res}}}
`;

describe('KServe LLMInferenceServiceConfig holds the same spec: its pools are read and judged', () => {
  it('a config with prefill and decode pools is a disaggregated graph, not "not a workload"', async () => {
    const a = await run(kserve('LLMInferenceServiceConfig', '- {name: UCX_TLS, value: "rc,cuda_copy,tcp"}'));
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual([
      'LLMInferenceServiceConfig disaggregated',
    ]);
    expect(a.part.services.map((s) => s.role).sort()).toEqual(['decode', 'prefill']);
  });
});

describe('UCX_TLS with only RDMA network transports needs an RDMA device in the pod', () => {
  it('rc without tcp in pods granted no RDMA device: UCX has no transport to the peer pod: FAIL', async () => {
    const a = await run(
      kserve('LLMInferenceService', '- {name: UCX_TLS, value: "rc,sm,self,cuda_copy,cuda_ipc"}'),
    );
    const tls = checks(a, 'env.ucx-tls');
    expect(tls.map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(tls[0]?.detail).toMatch(/no RDMA device.*tcp is left out/);
  });

  it('the same list with an RDMA resource on both pools: no such finding', async () => {
    const a = await run(
      kserve(
        'LLMInferenceService',
        '- {name: UCX_TLS, value: "rc,sm,self,cuda_copy,cuda_ipc"}',
        'nvidia.com/gpu: "1", rdma/roce_gdr: "1"',
      ),
    );
    expect(checks(a, 'env.ucx-tls').map((c) => c.detail)).not.toContainEqual(
      expect.stringMatching(/no RDMA device/),
    );
  });

  it('tcp in the list: the pods reach each other (over TCP, judged by the TCP rule, not this one)', async () => {
    const a = await run(kserve('LLMInferenceService', '- {name: UCX_TLS, value: "rc,cuda_copy,tcp"}'));
    expect(checks(a, 'env.ucx-tls').map((c) => c.detail)).not.toContainEqual(
      expect.stringMatching(/no RDMA device/),
    );
  });

  it('the host network alone brings no RDMA device nodes: still FAIL; privileged on it passes', async () => {
    const onHost = (yaml: string, security = '') =>
      yaml.replace(
        /template:\n(\s+)containers:\n(\s+)- name: main\n/g,
        (_m, sp: string, csp: string) =>
          `template:\n${sp}hostNetwork: true\n${sp}containers:\n${csp}- name: main\n${security ? `${csp}  securityContext: {${security}}\n` : ''}`,
      );
    const base = kserve('LLMInferenceService', '- {name: UCX_TLS, value: "rc,sm,self,cuda_copy,cuda_ipc"}');
    expect(onHost(base)).toContain('hostNetwork: true');
    expect(checks(await run(onHost(base)), 'env.ucx-tls').map((c) => c.detail)).toContainEqual(
      expect.stringMatching(/no RDMA device/),
    );
    const privileged = onHost(base, 'privileged: true');
    expect(privileged).toContain('privileged: true');
    expect(checks(await run(privileged), 'env.ucx-tls').map((c) => c.detail)).not.toContainEqual(
      expect.stringMatching(/no RDMA device/),
    );
  });

  it('ud alone is an RDMA device transport too: FAIL without a device', async () => {
    const a = await run(kserve('LLMInferenceService', '- {name: UCX_TLS, value: "ud,cuda_copy"}'));
    expect(checks(a, 'env.ucx-tls').map((c) => c.detail)).toContainEqual(
      expect.stringMatching(/no RDMA device/),
    );
  });
});

describe('CPU engines on both sides keep KV in host memory: the pod network is their path', () => {
  const cpuImage = 'docker.io/vllm/vllm-openai-cpu:v0.23.0';
  it('vLLM’s CPU image, no accelerator: kv-over-pod-network ok, missing-critical not asked', async () => {
    const a = await run(kserve('LLMInferenceService', '', 'cpu: "2"', cpuImage));
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
    expect(checks(a, 'env.kv-over-pod-network')[0]?.detail).toMatch(/CPU engines \(image .*vllm-openai-cpu/);
    expect(status(a, 'env.missing-critical')).toEqual(['skipped', 'skipped']);
    expect(a.checks.filter((c) => c.status === 'fail' || c.status === 'warn')).toEqual([]);
  });

  it('VLLM_CPU_KVCACHE_SPACE (the CPU backend’s KV size) shows a CPU engine on any image', async () => {
    const a = await run(
      kserve('LLMInferenceService', '- {name: VLLM_CPU_KVCACHE_SPACE, value: "4"}', 'cpu: "2"'),
    );
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
  });

  it('the same graph on GPUs: KV crosses the pod network: WARN', async () => {
    const a = await run(kserve('LLMInferenceService', ''));
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });

  it('a CPU image that requests a GPU anyway is not taken for a CPU engine: WARN', async () => {
    const a = await run(kserve('LLMInferenceService', '', 'nvidia.com/gpu: "1"', cpuImage));
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });

  it('no CPU evidence (a GPU image, no accelerator shown): not assumed to be CPU: WARN', async () => {
    const a = await run(kserve('LLMInferenceService', '', 'cpu: "2"'));
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });
});
