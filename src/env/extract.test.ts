import { describe, expect, it } from 'vitest';
import { analyseYaml as run } from '../../test/helpers/env.js';
import { REDACTED } from '../core/redact.js';

/** Where variables come from, how roles are decided, which objects are read: small realistic manifests. */

function service(yaml: string, name: string) {
  const s = run(yaml).part.services.find((x) => x.name === name);
  if (!s) throw new Error(`no service ${name}`);
  return s;
}

const SHELL_DGD = `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  envs:
    - {name: UCX_TLS, value: "rc,cuda_copy"}
    - {name: NCCL_DEBUG, value: INFO}
  services:
    Decode:
      componentType: worker
      subComponentType: decode
      envs:
        - {name: UCX_TLS, value: "rc_x,cuda_copy,cuda_ipc"}
      extraPodSpec:
        mainContainer:
          env:
            - {name: POD_IP, valueFrom: {fieldRef: {fieldPath: status.podIP}}}
            - {name: VLLM_NIXL_SIDE_CHANNEL_HOST, value: "$(POD_IP)"}
            - {name: NIXL_ETCD_AUTH_TOKEN, value: "s3cr3t-value"}
            - {name: NCCL_IB_HCA, valueFrom: {secretKeyRef: {name: fabric, key: hca}}}
            - {name: UCX_NET_DEVICES, valueFrom: {configMapKeyRef: {name: fabric-cm, key: devices}}}
          command: [/bin/bash, -lc]
          args:
            - |
              # export NCCL_IB_DISABLE=1  (commented out)
              export UCX_TLS=tcp,cuda_copy HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyz
              export UCX_IB_GPU_DIRECT_RDMA=$(cat /etc/gdr) NIXL_SECRET_KEY=plain
              NCCL_SOCKET_IFNAME=eth0 exec python3 -m dynamo.vllm --disaggregation-mode decode
`;

describe('transport variables and their sources', () => {
  it('layers graph env < service envs < container env < shell, keeping what was overridden', () => {
    const s = service(SHELL_DGD, 'Decode');
    const args = 'spec.services.Decode.extraPodSpec.mainContainer.args[0]';
    const env = 'spec.services.Decode.extraPodSpec.mainContainer.env';
    expect(s.transportVars).toEqual({
      UCX_TLS: {
        value: 'tcp,cuda_copy',
        source: 'shell-export',
        visible: true,
        path: args,
        overridden: [
          { value: 'rc,cuda_copy', source: 'graph-env', visible: true, path: 'spec.envs' },
          {
            value: 'rc_x,cuda_copy,cuda_ipc',
            source: 'service-envs',
            visible: true,
            path: 'spec.services.Decode.envs',
          },
        ],
      },
      NCCL_DEBUG: { value: 'INFO', source: 'graph-env', visible: true, path: 'spec.envs' },
      VLLM_NIXL_SIDE_CHANNEL_HOST: { source: 'container-env', visible: false, path: env, ref: '$(POD_IP)' },
      NIXL_ETCD_AUTH_TOKEN: { value: REDACTED, source: 'container-env', visible: true, path: env },
      NCCL_IB_HCA: { source: 'valueFrom', visible: false, path: env, ref: 'secretKeyRef fabric/hca' },
      UCX_NET_DEVICES: {
        source: 'valueFrom',
        visible: false,
        path: env,
        ref: 'configMapKeyRef fabric-cm/devices',
      },
      UCX_IB_GPU_DIRECT_RDMA: { source: 'shell-export', visible: false, path: args, ref: '$(cat /etc/gdr)' },
      NIXL_SECRET_KEY: { value: REDACTED, source: 'shell-export', visible: true, path: args },
      NCCL_SOCKET_IFNAME: { value: 'eth0', source: 'shell-inline', visible: true, path: args },
    });
    expect(s.missingCritical).toEqual(['NCCL_IB_DISABLE']);
  });

  it('never prints a secret anywhere in the report', () => {
    const text = JSON.stringify(run(SHELL_DGD));
    expect(text).not.toContain('s3cr3t-value');
    expect(text).not.toContain('hf_abcdefghijklmnopqrstuvwxyz');
    expect(text).not.toContain('plain');
  });

  it('hidden values skip the value checks instead of passing them', () => {
    const { checks } = run(SHELL_DGD);
    const byId = (id: string) => checks.filter((c) => c.id === id).map((c) => [c.status, c.detail]);
    expect(byId('env.ucx-net-devices')).toEqual([
      [
        'skipped',
        'UCX_NET_DEVICES comes from configMapKeyRef fabric-cm/devices: its value is not visible in the manifest',
      ],
    ]);
    expect(byId('env.ucx-gpu-direct')).toEqual([
      [
        'skipped',
        'UCX_IB_GPU_DIRECT_RDMA comes from $(cat /etc/gdr): its value is not visible in the manifest',
      ],
    ]);
  });

  it('resolves envFrom ConfigMaps present in the input (with prefix), never Secrets', () => {
    const yaml = `
apiVersion: v1
kind: ConfigMap
metadata: {name: fabric}
data: {TLS: "rc,cuda_copy", NET_DEVICES: "mlx5_0:1"}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
    - name: main
      envFrom:
        - {prefix: UCX_, configMapRef: {name: fabric}}
        - {secretRef: {name: creds}}
        - {configMapRef: {name: elsewhere}}
      env: [{name: UCX_TLS, value: "rc_x,cuda_copy"}]
`;
    const s = service(yaml, 'main');
    expect(s.transportVars).toEqual({
      UCX_TLS: {
        value: 'rc_x,cuda_copy',
        source: 'container-env',
        visible: true,
        path: 'spec.containers[name=main].env',
        overridden: [
          {
            value: 'rc,cuda_copy',
            source: 'envFrom',
            visible: true,
            path: 'spec.containers[name=main].envFrom[0]',
            ref: 'configMap/fabric',
          },
        ],
      },
      UCX_NET_DEVICES: {
        value: 'mlx5_0:1',
        source: 'envFrom',
        visible: true,
        path: 'spec.containers[name=main].envFrom[0]',
        ref: 'configMap/fabric',
      },
    });
    expect(s.pod.envFrom).toEqual(['configMap/fabric', 'secret/creds', 'configMap/elsewhere']);
  });

  it('v1beta1: spec.env loses to the main container env; other containers are not the worker', () => {
    const yaml = `
apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeployment
metadata: {name: b}
spec:
  env: [{name: NCCL_IB_DISABLE, value: "1"}]
  components:
    - name: Prefill
      type: prefill
      sharedMemorySize: "0"
      podTemplate:
        spec:
          containers:
            - {name: sidecar, image: x, env: [{name: UCX_TLS, value: tcp}]}
            - {name: main, image: y, env: [{name: NCCL_IB_DISABLE, value: "0"}]}
`;
    const s = service(yaml, 'Prefill');
    expect(s.transportVars).toEqual({
      NCCL_IB_DISABLE: {
        value: '0',
        source: 'container-env',
        visible: true,
        path: 'spec.components[name=Prefill].podTemplate.spec.containers[name=main].env',
        overridden: [{ value: '1', source: 'graph-env', visible: true, path: 'spec.env' }],
      },
    });
    expect(s.pod.shm).toEqual({ bytes: 64 * 2 ** 20, size: '64Mi', source: 'disabled' });
  });
});

describe('roles', () => {
  const graph = (services: string) => `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
${services}`;
  const roles = (yaml: string) => run(yaml).part.services.map((s) => `${s.name}=${s.role}/${s.roleFrom}`);

  it('routers and planners are other whatever their componentType; a script that also starts a worker is a worker', () => {
    const svc = (name: string, type: string, cmd: string) =>
      `    ${name}:\n      componentType: ${type}\n      extraPodSpec: {mainContainer: {command: [sh, -c, "${cmd}"]}}`;
    expect(
      roles(
        graph(
          [
            svc('LocalRouter', 'default', 'python3 -m dynamo.router --endpoint ns.prefill.generate'),
            svc('Planner', 'worker', 'python3 -m dynamo.global_planner'),
            svc('AllInOne', 'worker', 'python3 -m dynamo.frontend & python3 -m dynamo.vllm --model m'),
          ].join('\n'),
        ),
      ),
    ).toEqual(['LocalRouter=other/args', 'Planner=other/args', 'AllInOne=agg/graph']);
  });

  it('a lone decode-typed worker is agg; --disaggregation-mode decode keeps it a (one-sided) decode; encode is encode', () => {
    const dec = (args: string) =>
      `    W:\n      componentType: worker\n      subComponentType: decode\n      extraPodSpec: {mainContainer: {command: [sh, -c, "python3 -m dynamo.vllm ${args}"]}}`;
    expect(roles(graph(dec('--is-decode-worker')))).toEqual(['W=agg/graph']);
    expect(roles(graph(dec('--disaggregation-mode decode')))).toEqual(['W=decode/subComponentType']);
    expect(roles(graph(dec('--disaggregation-mode encode')))).toEqual(['W=encode/args']);
  });

  it('uses names only when they give the graph both a prefill and a decode', () => {
    expect(
      roles(
        graph(
          '    TrtllmPrefillWorker: {componentType: worker}\n    TrtllmDecodeWorker: {componentType: worker}',
        ),
      ),
    ).toEqual(['TrtllmPrefillWorker=prefill/name', 'TrtllmDecodeWorker=decode/name']);
    // The legacy `componentType: main` is the operator's frontend (ComponentDefaultsFactory gives it
    // frontend defaults and a generated dynamo.frontend), unless its own command starts an engine.
    expect(
      roles(
        graph(
          '    Frontend: {componentType: main}\n    W: {componentType: main, extraPodSpec: {mainContainer: {command: [python3, -m, dynamo.vllm]}}}',
        ),
      ),
    ).toEqual(['Frontend=frontend/componentType', 'W=agg/graph']);
    expect(
      roles(graph('    Frontend: {componentType: frontend}\n    VllmPrefillWorker: {componentType: worker}')),
    ).toEqual(['Frontend=frontend/componentType', 'VllmPrefillWorker=agg/graph']);
  });

  it('a name completes a pair started by stronger evidence; other workers in a disagg graph are `worker`', () => {
    const yaml = graph(`    VllmDecodeWorker: {componentType: worker}
    VllmPrefillWorker:
      componentType: worker
      extraPodSpec: {mainContainer: {args: ["python3 -m dynamo.vllm --is-prefill-worker"]}}
    Encoder: {componentType: worker}
    Planner: {componentType: planner}`);
    expect(roles(yaml)).toEqual([
      'VllmDecodeWorker=decode/name',
      'VllmPrefillWorker=prefill/args',
      'Encoder=worker/graph',
      'Planner=other/componentType',
    ]);
  });

  it('v1beta1 `type: worker` components get prefill/decode from an argv-style --disaggregation-mode', () => {
    const yaml = `
apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeployment
metadata: {name: b}
spec:
  components:
    - {name: PrefillWorker, type: worker, podTemplate: {spec: {containers: [{name: main, command: [python3, -m, dynamo.vllm], args: [--disaggregation-mode, prefill]}]}}}
    - {name: DecodeWorker, type: worker, podTemplate: {spec: {containers: [{name: main, args: ["--disaggregation-mode=decode"]}]}}}
`;
    expect(roles(yaml)).toEqual(['PrefillWorker=prefill/args', 'DecodeWorker=decode/args']);
  });

  it('plain workloads: args decide, GPU containers without a role are workers, clients are other', () => {
    const yaml = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: prefill}
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: engine
          command: [python3, -m, sglang.launch_server]
          args: [--disaggregation-mode=prefill]
          resources: {limits: {nvidia.com/gpu: "8", rdma/ib: "1"}}
---
apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: decode}
spec:
  leaderWorkerTemplate:
    size: 2
    leaderTemplate:
      spec: {containers: [{name: engine, args: ["--disaggregation-mode", "decode"]}]}
    workerTemplate:
      spec: {containers: [{name: engine, resources: {limits: {nvidia.com/gpu: "8"}}}]}
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: probe}
spec:
  jobTemplate: {spec: {template: {spec: {containers: [{name: curl, image: curl}]}}}}
`;
    const r = run(yaml, 'pd.yaml');
    expect(
      r.part.services.map(
        (s) => `${s.kind}/${s.deployment}/${s.name}=${s.role}/${s.roleFrom} nodes=${s.pod.nodeCount}`,
      ),
    ).toEqual([
      'Deployment/prefill/engine=prefill/args nodes=1',
      'LeaderWorkerSet/decode/leader/engine=decode/args nodes=2',
      'LeaderWorkerSet/decode/worker/engine=worker/graph nodes=2',
      'CronJob/probe/curl=other/workload nodes=1',
    ]);
    // The plain workloads of one file form one scope: graph checks are about the file.
    expect(r.checks.filter((c) => c.subject === 'pd.yaml').map((c) => c.id)).toEqual([
      'env.kv-over-pod-network',
      'env.pd-mismatch',
    ]);
  });
});

describe('objects', () => {
  it('lists what it does not read, and says when nothing was a workload', () => {
    const yaml = `
apiVersion: nvidia.com/v1alpha2
kind: DynamoGraphDeployment
metadata: {name: future}
spec: {}
---
- just
- a list
---
apiVersion: v1
kind: Service
metadata: {name: s}
`;
    const r = run(yaml, 'x.yaml');
    expect(r.part.skipped).toEqual([
      {
        file: 'x.yaml',
        doc: 1,
        line: 2,
        kind: 'nvidia.com/v1alpha2/DynamoGraphDeployment',
        why: 'DynamoGraphDeployment nvidia.com/v1alpha2 is not a version env reads (v1alpha1, v1beta1)',
      },
      { file: 'x.yaml', doc: 2, line: 7, kind: '-', why: 'not a Kubernetes object (a list)' },
      { file: 'x.yaml', doc: 3, line: 10, kind: 'v1/Service', why: 'Service is not a workload' },
    ]);
    expect(r.checks).toEqual([
      {
        id: 'env.workloads',
        status: 'warn',
        detail: 'no DynamoGraphDeployment or pod workload in 1 file(s): nothing was checked',
        fix: 'point env at the recipe directory that holds the DynamoGraphDeployment',
      },
    ]);
  });

  it('reads items of a v1 List', () => {
    const yaml = `
apiVersion: v1
kind: List
items:
  - {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: c, env: [{name: NCCL_DEBUG, value: INFO}]}]}}
`;
    expect(run(yaml).part.services.map((s) => [s.deployment, s.name, Object.keys(s.transportVars)])).toEqual([
      ['a', 'c', ['NCCL_DEBUG']],
    ]);
  });
});
