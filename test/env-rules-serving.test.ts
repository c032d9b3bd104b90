import { describe, expect, it } from 'vitest';
import { dynamoVersionOf } from '../src/env/rules-serving.js';
import { analyseYamlFile } from './helpers/env.js';

/** Unit tests of the issue-22 rules on small DGDs written for the test (not fixtures). */
const run = analyseYamlFile;
const dgd = (services: string) =>
  `apiVersion: nvidia.com/v1alpha1\nkind: DynamoGraphDeployment\nmetadata: {name: g}\nspec:\n  services:\n${services}`;
const worker = (name: string, args: string, extra = '') =>
  `    ${name}:\n      componentType: worker\n${extra}      resources: {limits: {gpu: "8"}}\n      extraPodSpec:\n        mainContainer:\n          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:IMG\n          command: [/bin/sh, -c]\n          args:\n            - ${JSON.stringify(args)}\n`;

describe('env.kv-connector', () => {
  const graph = (img: string, prefillArgs: string) =>
    dgd(
      worker('VllmPrefillWorker', prefillArgs).replace('IMG', img) +
        worker('VllmDecodeWorker', 'python3 -m dynamo.vllm --disaggregation-mode decode').replace('IMG', img),
    );
  it('fails a prefill worker with no config on 1.x, warns on 0.x (the nixl default applied), resolves a shell variable', async () => {
    const a = await run(graph('1.1.1', 'python3 -m dynamo.vllm --disaggregation-mode prefill'));
    expect(a.checks.find((c) => c.id === 'env.kv-connector')?.status).toBe('fail');
    const b = await run(graph('0.9.1', 'python3 -m dynamo.vllm --disaggregation-mode prefill'));
    expect(b.checks.find((c) => c.id === 'env.kv-connector')?.status).toBe('warn');
    const c = await run(
      graph(
        '1.1.1',
        `KV_CFG='{"kv_connector":"NixlConnector","kv_role":"kv_both"}'; exec python3 -m dynamo.vllm --disaggregation-mode prefill --kv-transfer-config "$KV_CFG"`,
      ),
    );
    expect(c.checks.find((x) => x.id === 'env.kv-connector')).toBeUndefined();
    expect(c.part.graphs[0]?.kv?.transport).toBe('NIXL');
  });
  it('reads the Dynamo version from the runtime image tag only', () => {
    expect(dynamoVersionOf('nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.1')).toEqual([0, 9, 1]);
    expect(dynamoVersionOf('nvcr.io/nvidia/ai-dynamo/vllm-runtime:my-tag')).toBeUndefined();
    expect(dynamoVersionOf('vllm/vllm-openai:0.11.0')).toBeUndefined();
  });
});

describe('mode from what the engines are told', () => {
  it('workers named prefill/decode running plain aggregated engines are aggregated', async () => {
    const a = await run(
      dgd(
        worker('VllmPrefillWorker', 'python3 -m dynamo.vllm --model m') +
          worker('VllmDecodeWorker', 'python3 -m dynamo.vllm --model m'),
      ),
    );
    expect(a.part.graphs[0]?.mode).toBe('aggregated');
    const b = await run(
      dgd(
        worker(
          'VllmPrefillWorker',
          'python3 -m dynamo.vllm --model m --is-prefill-worker --kv-transfer-config {}',
        ) + worker('VllmDecodeWorker', 'python3 -m dynamo.vllm --model m'),
      ),
    );
    expect(b.part.graphs[0]?.mode).toBe('disaggregated');
  });
});

describe('env.multinode-rdma and env.foreign-knob', () => {
  it('fails 8-GPU pods over 2 nodes with no RDMA; a DRA NIC claim or rdma/ib clears it', async () => {
    const mn = '      multinode: {nodeCount: 2}\n';
    const a = await run(dgd(worker('VllmWorker', 'python3 -m dynamo.vllm --model m', mn)));
    expect(a.checks.find((c) => c.id === 'env.multinode-rdma')?.status).toBe('fail');
    const withClaim = worker('VllmWorker', 'python3 -m dynamo.vllm --model m', mn).replace(
      '        mainContainer:',
      '        resourceClaims: [{name: nic, resourceClaimTemplateName: gpu-nic}]\n        mainContainer:',
    );
    const b = await run(dgd(withClaim));
    expect(b.checks.find((c) => c.id === 'env.multinode-rdma')).toBeUndefined();
  });
  it('warns SGLANG_* set on a vLLM worker, and leaves its own VLLM_* alone', async () => {
    const knob =
      '      envs: [{name: SGLANG_DISAGGREGATION_NIXL_BACKEND, value: LIBFABRIC}, {name: VLLM_X, value: "1"}]\n';
    const a = await run(dgd(worker('VllmWorker', 'python3 -m dynamo.vllm --model m', knob)));
    const c = a.checks.find((x) => x.id === 'env.foreign-knob');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(
      /SGLANG_DISAGGREGATION_NIXL_BACKEND \(sglang's\).*no effect.*--kv-transfer-config/,
    );
    expect(c?.detail).not.toMatch(/VLLM_X/);
  });
});

describe('env.ucx-tls without RDMA, and UCX on EFA', () => {
  const pd = (env: string, extra = '') =>
    dgd(
      worker(
        'VllmPrefillWorker',
        `python3 -m dynamo.vllm --disaggregation-mode prefill --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}'`,
        `      envs: [${env}]\n${extra}`,
      ).replace('IMG', '1.1.1') +
        worker(
          'VllmDecodeWorker',
          'python3 -m dynamo.vllm --disaggregation-mode decode',
          `      envs: [${env}]\n${extra}`,
        ).replace('IMG', '1.1.1'),
    );
  const tlsOf = (checks: { id: string; status: string }[]) =>
    checks.filter((c) => c.id === 'env.ucx-tls').map((c) => c.status);
  it('cuda_copy,cuda_ipc,tcp with no RDMA and no ComputeDomain: KV over tcp, fail', async () => {
    const a = await run(pd('{name: UCX_TLS, value: "cuda_copy,cuda_ipc,tcp"}'));
    expect(tlsOf(a.checks)).toEqual(['fail', 'fail']);
  });
  it('the same with UCX_CUDA_IPC_ENABLE_MNNVL but no ComputeDomain claim is still a fail', async () => {
    const a = await run(
      pd('{name: UCX_TLS, value: "cuda_copy,cuda_ipc,tcp"}, {name: UCX_CUDA_IPC_ENABLE_MNNVL, value: "y"}'),
    );
    expect(tlsOf(a.checks)).toEqual(['fail', 'fail']);
  });
  it('with a ComputeDomain claim on both pods cuda_ipc reaches the peer over MNNVL: ok', async () => {
    const a = await run(
      `${pd('{name: UCX_TLS, value: "cuda_copy,cuda_ipc,tcp"}').replaceAll(
        '        mainContainer:',
        '        resourceClaims: [{name: cd, resourceClaimTemplateName: cd-channel}]\n        mainContainer:',
      )}---\napiVersion: resource.nvidia.com/v1beta1\nkind: ComputeDomain\nmetadata: {name: cd}\nspec: {numNodes: 0, channel: {resourceClaimTemplate: {name: cd-channel}}}\n`,
    );
    expect(tlsOf(a.checks)).toEqual(['ok', 'ok']);
  });
  it('vLLM NIXL/UCX on EFA stays a warn that names the TCP fallback on new kernels', async () => {
    const a = await run(
      pd('{name: NIXL_LOG_LEVEL, value: INFO}').replaceAll(
        'resources: {limits: {gpu: "8"}}',
        'resources: {limits: {gpu: "8", custom: {vpc.amazonaws.com/efa: "32"}}}',
      ),
    );
    const efa = a.checks.filter((c) => c.id === 'env.efa');
    // The decode worker names no connector: it must run the prefill's (issue 38), so both sides are judged on it.
    expect(efa.map((c) => c.status)).toEqual(['warn', 'warn']);
    expect(efa[0]?.detail).toMatch(/falls back to TCP on kernels 6\.8/);
  });
});

describe('no fail where the manifest cannot show the answer', () => {
  it('a prefill worker reading its engine arguments from --config is skipped, not failed', async () => {
    const a = await run(
      dgd(
        worker(
          'VllmPrefillWorker',
          'python3 -m dynamo.vllm --disaggregation-mode prefill --config /etc/vllm/prefill.yaml',
        ).replace('IMG', '1.1.1') +
          worker('VllmDecodeWorker', 'python3 -m dynamo.vllm --disaggregation-mode decode').replace(
            'IMG',
            '1.1.1',
          ),
      ),
    );
    expect(a.checks.find((c) => c.id === 'env.kv-connector')?.status).toBe('skipped');
  });
  it('a multi-node worker whose GPU count is not shown is a warn', async () => {
    const a = await run(
      dgd(
        `    W:\n      componentType: worker\n      multinode: {nodeCount: 2}\n      extraPodSpec:\n        mainContainer:\n          command: [python3, -m, dynamo.vllm, --model, m]\n`,
      ),
    );
    expect(a.checks.find((c) => c.id === 'env.multinode-rdma')?.status).toBe('warn');
  });
});

describe('issue 38: the rule set a manifest meets, defaults that are fine, and what crosses the nodes', () => {
  const kvOf = (checks: { id: string; status: string; detail: string }[]) =>
    checks.find((c) => c.id === 'env.kv-connector');
  const pd = (img: string, prefill: string) =>
    dgd(
      worker('VllmPrefillWorker', `python3 -m dynamo.vllm ${prefill}`).replace('IMG', img) +
        worker('VllmDecodeWorker', 'python3 -m dynamo.vllm').replace('IMG', img),
    );
  it('--is-prefill-worker with no version in the image tag is the pre-1.0.0 form: a warning naming both outcomes', async () => {
    const old = await run(pd('my-dev-build', '--is-prefill-worker'));
    expect(kvOf(old.checks)?.status).toBe('warn');
    expect(kvOf(old.checks)?.detail).toMatch(/pre-1\.0\.0 form.*on 1\.0\.0 and later dynamo\.vllm refuses/);
    // The 1.0.0 flag dates it after the change: the refusal applies.
    expect(kvOf((await run(pd('my-dev-build', '--disaggregation-mode prefill'))).checks)?.status).toBe(
      'fail',
    );
    // A versioned tag decides, whichever flag: 1.x refuses the deprecated alias too.
    expect(kvOf((await run(pd('1.1.1', '--is-prefill-worker'))).checks)?.status).toBe('fail');
  });

  const granted = (extra = '', env = '') =>
    dgd(
      ['VllmPrefillWorker', 'VllmDecodeWorker']
        .map(
          (n) => `    ${n}:
      componentType: worker
      subComponentType: ${n.includes('Prefill') ? 'prefill' : 'decode'}
      resources: {limits: {gpu: "8", custom: {rdma/ib: "8"}}}
${env}      extraPodSpec:
${extra}        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.1.1
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          args: ["python3 -m dynamo.vllm --disaggregation-mode ${n.includes('Prefill') ? 'prefill' : 'decode'} --kv-transfer-config '{\\"kv_connector\\":\\"NixlConnector\\",\\"kv_role\\":\\"kv_both\\"}'"]
`,
        )
        .join(''),
    );
  const missing = (checks: { id: string; status: string }[]) =>
    checks.filter((c) => c.id === 'env.missing-critical').map((c) => c.status);
  it('the six unset in pods granted their RDMA NICs is fine (UCX and NCCL defaults pick them); not where the pod sees other NICs', async () => {
    expect(missing((await run(granted())).checks)).toEqual(['ok', 'ok']);
    expect(missing((await run(granted('        hostNetwork: true\n'))).checks)).toEqual(['warn', 'warn']);
    const privileged = granted().replaceAll(
      'securityContext: {capabilities: {add: [IPC_LOCK]}}',
      'securityContext: {privileged: true}',
    );
    expect(missing((await run(privileged)).checks)).toEqual(['warn', 'warn']);
    // A secondary network may carry NCCL's default socket pick: NCCL_SOCKET_IFNAME unset warns there...
    const multus = '      extraPodMetadata: {annotations: {k8s.v1.cni.cncf.io/networks: rdma-net}}\n';
    expect(missing((await run(granted('', multus))).checks)).toEqual(['warn', 'warn']);
    // ...and not once it is set.
    const ifname = `${multus}      envs: [{name: NCCL_SOCKET_IFNAME, value: eth0}]\n`;
    expect(missing((await run(granted('', ifname))).checks)).toEqual(['ok', 'ok']);
  });

  const lws = (cmd: string) => `apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: vllm}
spec:
  leaderWorkerTemplate:
    size: 2
    leaderTemplate:
      spec:
        containers:
          - name: vllm-leader
            image: vllm/vllm-openai:v0.8.5
            command: [sh, -c, "ray start --head; python3 -m vllm.entrypoints.openai.api_server --model m ${cmd}"]
            resources: {limits: {nvidia.com/gpu: "8"}}
    workerTemplate:
      spec:
        containers:
          - name: vllm-worker
            image: vllm/vllm-openai:v0.8.5
            command: [sh, -c, "ray start --block --address=$(LWS_LEADER_ADDRESS):6379"]
            resources: {limits: {nvidia.com/gpu: "8"}}
`;
  const multi = (checks: { id: string; status: string }[]) =>
    checks.filter((c) => c.id === 'env.multinode-rdma').map((c) => c.status);
  it('TCP between nodes that carries only pipeline stages warns (leader and workers); tensor parallel across them fails', async () => {
    expect(multi((await run(lws('--tensor-parallel-size 8 --pipeline_parallel_size 2'))).checks)).toEqual([
      'warn',
      'warn',
    ]);
    expect(multi((await run(lws('--tensor-parallel-size 16'))).checks)).toEqual(['fail', 'fail']);
    expect(
      multi(
        (await run(lws('--tensor-parallel-size 8 --pipeline-parallel-size 2 --enable-expert-parallel')))
          .checks,
      ),
    ).toEqual(['fail', 'fail']);
  });
});
