import { describe, expect, it } from 'vitest';
import { analyseYaml } from '../../test/helpers/env.js';
import { strategicMerge } from './rbg.js';

/** Manifest kinds env used to miss (issue 38), each on a small graph in the operator's own format. */
function graph(prefillArgs: string, decodeArgs: string, engine = 'sglang') {
  const svc = (name: string, role: string, args: string) => `
    ${name}:
      componentType: worker
      subComponentType: ${role}
      replicas: 1
      resources:
        limits: {gpu: "1", custom: {rdma/ib: "1"}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/${engine}-runtime:0.9.0
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          command: ["/bin/sh", "-c"]
          args:
            - "python3 -m dynamo.${engine} ${args}"`;
  return `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: pd}
spec:
  services:
    Frontend:
      componentType: frontend
      replicas: 1${svc('Prefill', 'prefill', prefillArgs)}${svc('Decode', 'decode', decodeArgs)}
`;
}
const role = (yaml: string) =>
  analyseYaml(yaml)
    .checks.filter((c) => c.id === 'env.role')
    .map((c) => `${c.status} ${c.subject}`);

describe('the declared role against the engine’s own mode flags', () => {
  const nixl = '--disaggregation-transfer-backend nixl';
  it('SGLang: a declared decode started without --disaggregation-mode decode runs aggregated: FAIL', () => {
    const got = role(graph(`--model-path m --disaggregation-mode prefill ${nixl}`, `--model-path m ${nixl}`));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^fail .*Decode$/);
  });

  it('a declared prefill started as decode is a contradiction: FAIL', () => {
    const got = role(
      graph(
        `--model-path m --disaggregation-mode decode ${nixl}`,
        `--model-path m --disaggregation-mode decode ${nixl}`,
      ),
    );
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^fail .*Prefill$/);
  });

  it('both stated as declared: no check; vLLM’s flagless decode beside a prefill worker is fine', () => {
    expect(
      role(
        graph(
          `--model-path m --disaggregation-mode prefill ${nixl}`,
          `--model-path m --disaggregation-mode decode ${nixl}`,
        ),
      ),
    ).toEqual([]);
    expect(role(graph('--model m --disaggregation-mode prefill', '--model m', 'vllm'))).toEqual([]);
    // …but a flagless vLLM prefill worker never hands KV on.
    expect(role(graph('--model m', '--model m', 'vllm'))).toEqual([
      expect.stringMatching(/^fail .*Prefill$/),
    ]);
  });
});

describe('a DGD whose spec.services is a list', () => {
  it('is named as a Dynamo graph with a shape error, naming the field', () => {
    const { part } = analyseYaml(`
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: vllm-disagg}
spec:
  services:
    - name: Frontend
      componentType: frontend
    - name: VllmDecodeWorker
      componentType: worker
      subComponentType: decode
`);
    expect(part.skipped.map((s) => s.why)).toEqual([
      'a Dynamo graph (DynamoGraphDeployment vllm-disagg) with a shape error: spec.services is a list, the operator expects a map',
    ]);
  });
});

describe('multi-node NVLink intended but not joined', () => {
  const env = (vars: string) =>
    graph(
      '--model-path m --disaggregation-mode prefill',
      '--model-path m --disaggregation-mode decode',
    ).replace(
      /securityContext: \{capabilities: \{add: \[IPC_LOCK\]\}\}/g,
      `securityContext: {capabilities: {add: [IPC_LOCK]}}\n          env:${vars}`,
    );
  const mnnvl = (yaml: string) => analyseYaml(yaml).checks.filter((c) => c.id === 'env.mnnvl');

  it('UCX_CUDA_IPC_ENABLE_MNNVL=y without a ComputeDomain claim is named as such', () => {
    const got = mnnvl(env('\n            - {name: UCX_CUDA_IPC_ENABLE_MNNVL, value: "y"}'));
    expect(got.map((c) => c.status)).toEqual(['warn', 'warn']);
    expect(got[0]?.detail).toContain('no ComputeDomain (IMEX channel)');
  });

  it('NCCL_MNNVL_ENABLE=1 too; nothing when neither is asked for', () => {
    expect(mnnvl(env('\n            - {name: NCCL_MNNVL_ENABLE, value: "1"}'))).toHaveLength(2);
    expect(mnnvl(env('\n            - {name: UCX_TLS, value: "rc,cuda_copy"}'))).toEqual([]);
  });
});

describe('RoleBasedGroup: roles read as a graph (workloads.x-k8s.io, sgl-project/rbg)', () => {
  const rbg = (roles: string, extra = '', apiVersion = 'workloads.x-k8s.io/v1alpha2') => `
apiVersion: ${apiVersion}
kind: RoleBasedGroup
metadata: {name: pd}
spec:${extra}
  roles:${roles}
`;
  const sglang = (mode: string) =>
    `["python3", "-m", "sglang.launch_server", "--model-path", "m", "--disaggregation-mode", "${mode}", "--disaggregation-transfer-backend", "nixl"]`;
  const templates = `
  roleTemplates:
    - name: base
      template:
        spec:
          containers:
            - name: engine
              image: lmsysorg/sglang:v0.5.9
              env:
                - {name: UCX_TLS, value: "rc,cuda_copy"}
                - {name: UCX_NET_DEVICES, value: "mlx5_0:1"}
              resources: {limits: {nvidia.com/gpu: "1", rdma/ib: "1"}}`;

  it('templateRef + patch: containers merge by name, env by name (the patch wins), the template’s other fields stay', () => {
    const { part } = analyseYaml(
      rbg(
        `
    - name: prefill
      standalonePattern:
        templateRef:
          name: base
          patch:
            spec:
              containers:
                - name: engine
                  command: ${sglang('prefill')}
                  env:
                    - {name: UCX_TLS, value: "rc,cuda_copy,cuda_ipc"}
    - name: decode
      standalonePattern:
        templateRef: {name: base, patch: {spec: {containers: [{name: engine, command: ${sglang('decode')}}]}}}`,
        templates,
      ),
    );
    const [p, d] = part.services;
    expect([p?.name, p?.role, d?.name, d?.role]).toEqual(['prefill', 'prefill', 'decode', 'decode']);
    expect(p?.transportVars.UCX_TLS?.value).toBe('rc,cuda_copy,cuda_ipc');
    expect(p?.transportVars.UCX_NET_DEVICES?.value).toBe('mlx5_0:1');
    expect(d?.transportVars.UCX_TLS?.value).toBe('rc,cuda_copy');
    expect(p?.pod.rdmaResources).toEqual(['rdma/ib']);
    expect(part.graphs[0]).toMatchObject({ kind: 'RoleBasedGroup', mode: 'disaggregated', engine: 'sglang' });
  });

  it('v1alpha1: roles[].template, templateRef with the role’s templatePatch, leaderWorkerSet size', () => {
    const { part } = analyseYaml(
      rbg(
        `
    - name: prefill
      templateRef: {name: base}
      templatePatch: {spec: {containers: [{name: engine, command: ${sglang('prefill')}}]}}
      leaderWorkerSet: {size: 2}
    - name: decode
      template:
        spec:
          containers: [{name: engine, image: lmsysorg/sglang:v0.5.9, command: ${sglang('decode')}}]`,
        templates,
        'workloads.x-k8s.io/v1alpha1',
      ),
    );
    expect(part.services.map((s) => `${s.name}=${s.role} x${s.pod.nodeCount}`)).toEqual([
      'prefill=prefill x2',
      'decode=decode x1',
    ]);
  });

  it('leader and worker patches that change the spec make two services; several containers are role/container', () => {
    const { part } = analyseYaml(
      rbg(`
    - name: prefill
      leaderWorkerPattern:
        size: 2
        template:
          spec:
            containers: [{name: engine, command: ${sglang('prefill')}}, {name: sidecar, image: busybox}]
        workerTemplatePatch: {spec: {containers: [{name: engine, env: [{name: NCCL_IB_HCA, value: mlx5}]}]}}
    - name: decode
      standalonePattern:
        template: {spec: {containers: [{name: engine, command: ${sglang('decode')}}]}}`),
    );
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'prefill/leader/engine=prefill',
      'prefill/leader/sidecar=other',
      'prefill/worker/engine=prefill',
      'prefill/worker/sidecar=other',
      'decode=decode',
    ]);
    expect(part.services[2]?.transportVars.NCCL_IB_HCA?.value).toBe('mlx5');
    expect(part.services[0]?.transportVars.NCCL_IB_HCA).toBeUndefined();
  });

  it('a RoleBasedGroupSet’s group template is read the same way; an RBG with no roles is skipped saying so', () => {
    const set = `
apiVersion: workloads.x-k8s.io/v1alpha2
kind: RoleBasedGroupSet
metadata: {name: pds}
spec:
  replicas: 2
  groupTemplate:
    spec:
      roles:
        - {name: prefill, standalonePattern: {template: {spec: {containers: [{name: e, command: ${sglang('prefill')}}]}}}}
        - {name: decode, standalonePattern: {template: {spec: {containers: [{name: e, command: ${sglang('decode')}}]}}}}
`;
    expect(analyseYaml(set).part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'prefill=prefill',
      'decode=decode',
    ]);
    expect(analyseYaml(rbg(' []')).part.skipped.map((s) => s.why)).toEqual([
      'RoleBasedGroup without roles that run a container',
    ]);
  });
});

describe('strategicMerge (the rbg controller’s templateRef patch)', () => {
  it('maps merge, keyed lists merge by key, other lists are replaced, null deletes', () => {
    expect(
      strategicMerge(
        {
          spec: {
            containers: [{ name: 'a', image: 'x', args: ['1'] }],
            tolerations: [{ key: 't' }],
            hostNetwork: true,
          },
        },
        {
          spec: {
            containers: [
              { name: 'a', args: ['2'] },
              { name: 'b', image: 'y' },
            ],
            tolerations: [{ key: 'u' }],
            hostNetwork: null,
          },
        },
      ),
    ).toEqual({
      spec: {
        containers: [
          { name: 'a', image: 'x', args: ['2'] },
          { name: 'b', image: 'y' },
        ],
        tolerations: [{ key: 'u' }],
      },
    });
  });
});

describe('a hard-error flag named as such: dynamo.vllm --connector', () => {
  const vllm = (prefill: string, decode: string, image = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.0.1') =>
    graph(prefill, decode, 'vllm').replace(/image: \S+/g, `image: ${image}`);
  const flags = (yaml: string) =>
    analyseYaml(yaml)
      .checks.filter((c) => c.id === 'env.error-flag' || c.id === 'env.kv-connector')
      .map((c) => `${c.id} ${c.status} ${c.subject?.split('/').pop()}`);
  // Written inside a double-quoted YAML string: the JSON's quotes are escaped.
  const kv = `--kv-transfer-config '{\\"kv_connector\\":\\"NixlConnector\\",\\"kv_role\\":\\"kv_both\\"}'`;

  it('--connector nixl on Dynamo ≥ 1.0.0 stops the worker: FAIL, with the --kv-transfer-config it stands for', () => {
    const { checks } = analyseYaml(
      vllm(
        '--model m --disaggregation-mode prefill --connector nixl',
        `--model m --disaggregation-mode decode ${kv}`,
      ),
    );
    const c = checks.filter((x) => x.id === 'env.error-flag');
    expect(c.map((x) => `${x.status} ${x.subject?.split('/').pop()}`)).toEqual(['fail Prefill']);
    expect(c[0]?.detail).toMatch(/is an error flag, not a deprecated one.*never starts/);
    expect(c[0]?.fix).toBe(
      `remove --connector and pass --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}' instead`,
    );
    // The refusal comes first: no second fail for the missing --kv-transfer-config.
    expect(checks.filter((x) => x.id === 'env.kv-connector')).toEqual([]);
  });

  it('several connectors map to PdConnector; `none` says to drop the flag; DYN_CONNECTOR stops it too', () => {
    const { checks } = analyseYaml(
      vllm(
        `--model m --disaggregation-mode prefill --connector kvbm nixl ${kv}`,
        `--model m --connector none ${kv}`,
      ),
    );
    const [p, d] = checks.filter((x) => x.id === 'env.error-flag');
    expect(p?.fix).toMatch(/PdConnector.*DynamoConnector.*NixlConnector/);
    expect(d?.fix).toBe('remove --connector: no connector is already the default');
    const env = vllm(`--model m --disaggregation-mode prefill ${kv}`, `--model m ${kv}`).replace(
      /securityContext: \{capabilities: \{add: \[IPC_LOCK\]\}\}/g,
      'securityContext: {capabilities: {add: [IPC_LOCK]}}\n          env: [{name: DYN_CONNECTOR, value: nixl}]',
    );
    expect(flags(env)).toEqual(['env.error-flag fail Prefill', 'env.error-flag fail Decode']);
  });

  it('on a 0.x image it still worked: a warn; without the flag, nothing; SGLang has no such flag here', () => {
    expect(
      flags(
        vllm(
          '--model m --disaggregation-mode prefill --connector nixl',
          '--model m',
          'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.8.1',
        ),
      ),
    ).toEqual(['env.error-flag warn Prefill']);
    expect(flags(vllm(`--model m --disaggregation-mode prefill ${kv}`, `--model m ${kv}`))).toEqual([]);
    expect(
      flags(
        graph('--model-path m --disaggregation-mode prefill', '--model-path m --disaggregation-mode decode'),
      ),
    ).toEqual([]);
  });
});

describe('the graph’s KV path when only one side names its connector', () => {
  const kvOf = (yaml: string) => {
    const { part, checks } = analyseYaml(yaml);
    return {
      kv: part.graphs[0]?.kv,
      path: checks.filter((c) => c.id === 'env.kv-path').map((c) => `${c.status} ${c.detail}`),
    };
  };

  it('SGLang: prefill names nixl, decode names none and takes mooncake: two transports, FAIL naming both sides', () => {
    const got = kvOf(
      graph(
        '--model-path m --disaggregation-mode prefill --disaggregation-transfer-backend nixl',
        '--model-path m --disaggregation-mode decode',
      ),
    );
    expect(got.kv).toMatchObject({
      transport: 'NIXL',
      from: '--disaggregation-transfer-backend nixl (named by prefill only)',
    });
    expect(got.path).toEqual([
      'fail prefill and decode would use different KV transports: Prefill (prefill) names NIXL/UCX (--disaggregation-transfer-backend nixl), Decode (decode) names none and takes the engine default MOONCAKE; the two sides of one transfer must run the same one',
    ]);
  });

  it('SGLang: a decode that names mooncake beside a silent prefill agrees with its default: the path is decode’s, no check', () => {
    const got = kvOf(
      graph(
        '--model-path m --disaggregation-mode prefill',
        '--model-path m --disaggregation-mode decode --disaggregation-transfer-backend mooncake',
      ),
    );
    expect(got.kv).toMatchObject({
      transport: 'MOONCAKE',
      from: '--disaggregation-transfer-backend mooncake (named by decode only)',
    });
    expect(got.path).toEqual([]);
  });

  it('two named paths that differ in the NIXL plugin cannot meet: FAIL', () => {
    const yaml = graph(
      '--model-path m --disaggregation-mode prefill --disaggregation-transfer-backend nixl',
      '--model-path m --disaggregation-mode decode --disaggregation-transfer-backend nixl',
    ).replace(
      /(Decode:[\s\S]*?securityContext: \{capabilities: \{add: \[IPC_LOCK\]\}\})/,
      '$1\n          env: [{name: SGLANG_DISAGGREGATION_NIXL_BACKEND, value: LIBFABRIC}]',
    );
    expect(kvOf(yaml).path[0]).toMatch(/^fail .*Decode \(decode\) names NIXL\/LIBFABRIC/);
  });

  it('vLLM: only prefill names NixlConnector; decode has no default to contradict, so it is judged on the same path', () => {
    const { part, checks } = analyseYaml(
      graph(
        `--model m --disaggregation-mode prefill --kv-transfer-config '{\\"kv_connector\\":\\"NixlConnector\\",\\"kv_role\\":\\"kv_both\\"}'`,
        '--model m --disaggregation-mode decode',
        'vllm',
      ).replace(
        /securityContext: \{capabilities: \{add: \[IPC_LOCK\]\}\}/g,
        'securityContext: {capabilities: {add: [IPC_LOCK]}}\n          env: [{name: UCX_TLS, value: "tcp"}]',
      ),
    );
    expect(part.graphs[0]?.kv).toMatchObject({
      transport: 'NIXL',
      from: '--kv-transfer-config (named by prefill only)',
    });
    expect(checks.filter((c) => c.id === 'env.kv-path')).toEqual([]);
    // A TCP-only UCX_TLS breaks the decode side's READ over that same NIXL/UCX path: judged on both sides.
    expect(
      checks.filter((c) => c.id === 'env.ucx-tls').map((c) => `${c.status} ${c.subject?.split('/').pop()}`),
    ).toEqual(['fail Prefill', 'fail Decode']);
  });
});
