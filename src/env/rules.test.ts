import { describe, expect, it } from 'vitest';
import { analyseYaml as run } from '../../test/helpers/env.js';
import type { Check } from '../core/model.js';

/**
 * The value checks, each on a small disagg graph that differs from a good one
 * in one respect. `pd` builds a v1alpha1 DGD with a prefill and a decode that
 * share the given service YAML (indented under each service).
 */

const GOOD_ENV = `
            - {name: UCX_TLS, value: "rc_x,rc,cuda_copy,cuda_ipc"}
            - {name: UCX_NET_DEVICES, value: "mlx5_0:1"}`;

function pd(
  opts: {
    env?: string;
    decodeEnv?: string;
    extra?: string;
    resources?: string;
    security?: string;
    pod?: string;
  } = {},
) {
  const svc = (role: string, env: string) => `
    ${role === 'prefill' ? 'Prefill' : 'Decode'}:
      componentType: worker
      subComponentType: ${role}
${opts.extra ?? ''}
      resources:
        limits:
          gpu: "4"
${opts.resources ?? '          custom: {rdma/ib: "1"}'}
      extraPodSpec:
${opts.pod ?? ''}
        mainContainer:
          securityContext: ${opts.security ?? '{capabilities: {add: [IPC_LOCK]}}'}
          env:${env}`;
  return `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:${svc('prefill', opts.env ?? GOOD_ENV)}${svc('decode', opts.decodeEnv ?? opts.env ?? GOOD_ENV)}
`;
}

function checks(yaml: string, id: string, service = 'Decode'): Pick<Check, 'status' | 'detail'>[] {
  const subject = service ? `r.yaml#g/${service}` : 'r.yaml#g';
  return run(yaml)
    .checks.filter((c) => c.id === id && c.subject === subject)
    .map((c) => ({ status: c.status, detail: c.detail }));
}

const env = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `\n            - {name: ${k}, value: "${v}"}`)
    .join('');

describe('env.ucx-tls', () => {
  it('passes RDMA plus the CUDA transports', () => {
    expect(checks(pd(), 'env.ucx-tls')).toEqual([
      {
        status: 'ok',
        detail: 'UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc: RDMA rc_verbs/rc_mlx5; cuda_copy, cuda_ipc',
      },
    ]);
  });

  it('fails a list without RDMA when the pod requests RDMA devices', () => {
    expect(checks(pd({ env: env({ UCX_TLS: 'tcp,cuda_copy,cuda_ipc' }) }), 'env.ucx-tls')).toEqual([
      {
        status: 'fail',
        detail:
          'UCX_TLS=tcp,cuda_copy,cuda_ipc allows no RDMA transport (rc, dc, srd) although the pod requests rdma/ib: KV goes over tcp',
      },
    ]);
  });

  it('fails a list without cuda_copy, and one with no network transport at all', () => {
    expect(checks(pd({ env: env({ UCX_TLS: 'rc,cuda_ipc' }) }), 'env.ucx-tls')).toEqual([
      {
        status: 'fail',
        detail: 'UCX_TLS=rc,cuda_ipc leaves out cuda_copy, so UCX cannot handle the GPU-memory KV buffers',
      },
    ]);
    expect(checks(pd({ env: env({ UCX_TLS: 'cuda_copy,cuda_ipc' }), resources: '' }), 'env.ucx-tls')).toEqual(
      [
        {
          status: 'fail',
          detail:
            'UCX_TLS=cuda_copy,cuda_ipc allows no network transport (rc, dc, ud, srd, tcp): NIXL cannot reach a peer in another pod',
        },
      ],
    );
  });

  it('handles exclusions: ^ud keeps RDMA; ^rc,dc,ib with RDMA requested fails', () => {
    expect(checks(pd({ env: env({ UCX_TLS: '^ud' }) }), 'env.ucx-tls')[0]?.status).toBe('ok');
    expect(checks(pd({ env: env({ UCX_TLS: '^rc,dc,ib,srd' }) }), 'env.ucx-tls')[0]?.status).toBe('fail');
  });

  it('warns about names UCX does not know', () => {
    expect(checks(pd({ env: env({ UCX_TLS: 'rcx,rc,cuda_copy' }) }), 'env.ucx-tls')).toEqual([
      { status: 'warn', detail: 'UCX_TLS=rcx,rc,cuda_copy unknown transport name rcx' },
    ]);
  });

  it('does not judge UCX_TLS when NIXL runs on LIBFABRIC (vLLM kv_connector_extra_config.backends)', () => {
    const kv = `'{"kv_connector":"NixlConnector","kv_role":"kv_both","kv_connector_extra_config":{"backends":["LIBFABRIC"]}}'`;
    const yaml = pd({ env: env({ UCX_TLS: 'tcp' }) }).replace(
      /securityContext:/g,
      `command: [sh, -c, "python3 -m dynamo.vllm --kv-transfer-config ${kv.replace(/"/g, '\\"')}"]\n          securityContext:`,
    );
    expect(checks(yaml, 'env.ucx-tls')).toEqual([
      {
        status: 'skipped',
        detail: 'UCX_TLS=tcp does not steer KV: vllm moves KV with NIXL/LIBFABRIC (--kv-transfer-config)',
      },
    ]);
  });

  it('host-staged KV (kv_buffer_device cpu) with RDMA requested and UCX_TLS=tcp: a warn, not a fail', () => {
    const kv = `'{"kv_connector":"NixlConnector","kv_role":"kv_both","kv_buffer_device":"cpu"}'`;
    const yaml = pd({ env: env({ UCX_TLS: 'tcp' }) }).replace(
      /securityContext:/g,
      `command: [sh, -c, "python3 -m dynamo.vllm --kv-transfer-config ${kv.replace(/"/g, '\\"')}"]\n          securityContext:`,
    );
    expect(checks(yaml, 'env.ucx-tls')).toEqual([
      {
        status: 'warn',
        detail:
          'UCX_TLS=tcp allows no RDMA transport (rc, dc, srd) although the pod requests rdma/ib: KV goes over tcp; KV is host-staged by kv_buffer_device cpu: a deliberate, slower path',
      },
    ]);
  });

  it('KVBM variables (DYN_KVBM_*) do not choose the KV transfer path: UCX_TLS is still judged', () => {
    const yaml = pd({ env: env({ UCX_TLS: 'tcp', DYN_KVBM_NIXL_BACKEND_LIBFABRIC: 'true' }) });
    expect(checks(yaml, 'env.ucx-tls')[0]?.status).toBe('fail');
  });
});

describe('env.ucx-net-devices', () => {
  const devices = (v: string) => checks(pd({ env: env({ UCX_NET_DEVICES: v }) }), 'env.ucx-net-devices');
  it("judges all, UCX's default, as unset: ok in a pod granted its fabric alone, else a warning", () => {
    // The default fixture requests rdma/ib and sees no host NIC: `all` opens only that fabric.
    expect(devices('all')).toEqual([
      {
        status: 'ok',
        detail: expect.stringContaining(
          "UCX_NET_DEVICES=all (UCX's default): the pod is granted its fabric (rdma/ib)",
        ),
      },
    ]);
    // A Multus network beside the fabric: UCX may open a NIC that does not route between pods.
    const multus = '      extraPodMetadata: {annotations: {k8s.v1.cni.cncf.io/networks: side-net}}';
    expect(
      checks(pd({ env: env({ UCX_NET_DEVICES: 'all' }), extra: multus }), 'env.ucx-net-devices'),
    ).toEqual([
      { status: 'warn', detail: expect.stringContaining('UCX_NET_DEVICES=all lets UCX use any NIC') },
    ]);
  });
  it('warns on all with host networking, on bare interfaces and on an RDMA device without its port', () => {
    const host = checks(
      pd({ env: env({ UCX_NET_DEVICES: 'all' }), pod: '        hostNetwork: true\n' }),
      'env.ucx-net-devices',
    );
    expect(host).toEqual([
      {
        status: 'warn',
        detail:
          'UCX_NET_DEVICES=all lets UCX use any NIC, including management or side-fabric ones that do not route between nodes',
      },
    ]);
    // Only IP interfaces: a warning where the pod asks for no RDMA device; where it does (this fixture
    // requests rdma/ib), the device is left unused and KV goes over tcp: a failure (P5, issue 38 m7).
    expect(
      checks(pd({ env: env({ UCX_NET_DEVICES: 'eth0' }), resources: '' }), 'env.ucx-net-devices'),
    ).toEqual([
      {
        status: 'warn',
        detail:
          'UCX_NET_DEVICES=eth0 names only IP interfaces: RDMA transports get no device and KV goes over tcp',
      },
    ]);
    expect(devices('eth0')).toEqual([
      {
        status: 'fail',
        detail:
          'UCX_NET_DEVICES=eth0 names only IP interfaces: RDMA transports get no device and KV goes over tcp, although the pod requests rdma/ib',
      },
    ]);
    expect(devices('mlx5_0,mlx5_1:1')).toEqual([
      {
        status: 'warn',
        detail:
          'UCX_NET_DEVICES=mlx5_0,mlx5_1:1: mlx5_0 lacks the port (write mlx5_0:1); UCX will not match it',
      },
    ]);
  });

  it('accepts RDMA ports of any device name, and the exclusion form', () => {
    expect(devices('mlx5_bond_0:1,ibp12s0:1,eth0')).toEqual([
      {
        status: 'ok',
        detail: 'UCX_NET_DEVICES=mlx5_bond_0:1,ibp12s0:1,eth0: 2 RDMA ports, plus eth0 for tcp',
      },
    ]);
    expect(devices('^mlx5_6:1')[0]?.status).toBe('ok');
  });
});

describe('env.nccl-ib-disable and env.ucx-gpu-direct', () => {
  it('NCCL_IB_DISABLE=1 does not break a NIXL/UCX KV path: nothing on one node, a warn across nodes', () => {
    // NCCL carries a worker's tensor-parallel collectives, not KV (that is NIXL's): on one node
    // its peers talk over NVLink/PCIe, so IB being off changes nothing an expert would flag.
    expect(checks(pd({ env: env({ NCCL_IB_DISABLE: '1' }) }), 'env.nccl-ib-disable')).toEqual([
      {
        status: 'skipped',
        detail:
          "NCCL_IB_DISABLE=1: NCCL does not carry KV, and this one-node worker's NCCL peers share its node (NVLink/PCIe, not IB)",
      },
    ]);
    expect(
      checks(
        pd({ env: env({ NCCL_IB_DISABLE: '1' }), resources: '', extra: '      multinode: {nodeCount: 4}' }),
        'env.nccl-ib-disable',
      ),
    ).toEqual([
      {
        status: 'warn',
        detail:
          'NCCL_IB_DISABLE=1: this worker spans 4 nodes and its NCCL collectives cross them over sockets (slow, not broken; NCCL does not carry KV)',
      },
    ]);
  });

  it('warns when GPUDirect RDMA is switched off', () => {
    expect(checks(pd({ env: env({ UCX_IB_GPU_DIRECT_RDMA: 'no' }) }), 'env.ucx-gpu-direct')).toEqual([
      { status: 'warn', detail: 'UCX_IB_GPU_DIRECT_RDMA=no: every KV block is staged through host memory' },
    ]);
  });
});

describe('env.rdma-ipc-lock', () => {
  it('warns on RDMA without IPC_LOCK; privileged or IPC_LOCK pass', () => {
    expect(checks(pd({ security: '{runAsUser: 0}' }), 'env.rdma-ipc-lock')[0]?.status).toBe('warn');
    expect(checks(pd({ security: '{privileged: true}' }), 'env.rdma-ipc-lock')).toEqual([
      { status: 'ok', detail: 'rdma/ib with privileged' },
    ]);
    expect(
      checks(pd({ resources: '          custom: {nvidia.com/hostdev: "2"}' }), 'env.rdma-ipc-lock'),
    ).toEqual([{ status: 'ok', detail: 'nvidia.com/hostdev with IPC_LOCK' }]);
  });

  // Issue 24 item 7 (references/gpu-isolation.md): IPC_LOCK reaches a root process only.
  const full = (security: string) =>
    run(pd({ security })).checks.find((c) => c.id === 'env.rdma-ipc-lock' && c.subject === 'r.yaml#g/Decode');
  const LIMIT =
    /^raise RLIMIT_MEMLOCK for the node's containers .*LimitMEMLOCK=infinity in a containerd\.service drop-in.*default_ulimits = \["memlock=-1:-1"\] in crio\.conf/;

  it('the Dynamo runtime image (uid 1000) with IPC_LOCK: a warning whose fix is RLIMIT_MEMLOCK, not IPC_LOCK', () => {
    const c = full(
      '{capabilities: {add: [IPC_LOCK]}}\n          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.2.0',
    );
    expect([c?.status, c?.detail]).toEqual([
      'warn',
      'rdma/ib as uid 1000 (the Dynamo runtime image (USER dynamo)): IPC_LOCK has no effect for a non-root user (no ambient capabilities), so pinning KV memory is bounded by RLIMIT_MEMLOCK',
    ]);
    expect(c?.fix).toMatch(LIMIT);
  });

  it('an explicit non-root runAsUser without IPC_LOCK: the same limit fix; root with IPC_LOCK passes', () => {
    const c = full('{runAsUser: 1000}');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(
      /^rdma\/ib as uid 1000 \(securityContext\.runAsUser\): IPC_LOCK would have no effect/,
    );
    expect(c?.fix).toMatch(LIMIT);
    const root = full(
      '{runAsUser: 0, capabilities: {add: [IPC_LOCK]}}\n          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.2.0',
    );
    expect([root?.status, root?.detail]).toEqual(['ok', 'rdma/ib with IPC_LOCK as root']);
    // Root without IPC_LOCK: add it (it helps root), and the limit for a non-root image.
    const bare = full('{runAsUser: 0}');
    expect(bare?.fix).toMatch(
      /^add securityContext\.capabilities\.add: \[IPC_LOCK\] .*for a non-root one, raise RLIMIT_MEMLOCK/,
    );
  });
});

describe('env.shm', () => {
  const shm = (extra: string, pod = '') => checks(pd({ extra, pod }), 'env.shm');
  it('4-GPU workers: fails under 1Gi, warns under 4Gi, reads the operator default and explicit volumes', () => {
    expect(shm('      sharedMemory: {size: 512Mi}')).toEqual([
      {
        status: 'fail',
        detail:
          "/dev/shm is 512Mi (sharedMemory.size) for 4 GPU processes: NCCL's shared-memory transport between them runs out (NCCL needs 1Gi or more)",
      },
    ]);
    expect(shm('      sharedMemory: {size: 2Gi}')).toEqual([
      { status: 'warn', detail: '/dev/shm is only 2Gi (sharedMemory.size) for 4 GPU processes' },
    ]);
    expect(shm('      sharedMemory: {disabled: true}')[0]?.status).toBe('fail');
    expect(shm('')).toEqual([
      { status: 'ok', detail: '/dev/shm 8Gi (the operator default) for 4 GPU processes' },
    ]);
    const vol = '        volumes: [{name: dshm, emptyDir: {medium: Memory}}]';
    const yaml = pd({ pod: vol }).replace(
      /securityContext:/g,
      'volumeMounts: [{name: dshm, mountPath: /dev/shm}]\n          securityContext:',
    );
    expect(checks(yaml, 'env.shm')).toEqual([
      {
        status: 'ok',
        detail: '/dev/shm unbounded (Memory emptyDir without sizeLimit) (a Memory emptyDir at /dev/shm)',
      },
    ]);
  });

  it('warns (not fails) a one-GPU pod with only the container runtime /dev/shm: no NCCL peer on its node', () => {
    const yaml = `
apiVersion: v1
kind: Pod
metadata: {name: w}
spec: {containers: [{name: vllm, resources: {limits: {nvidia.com/gpu: "1"}}}]}
`;
    expect(
      run(yaml)
        .checks.filter((c) => c.id === 'env.shm')
        .map((c) => [c.status, c.detail]),
    ).toEqual([
      [
        'warn',
        '/dev/shm is only 64Mi (no /dev/shm volume: the container runtime default) for one GPU process',
      ],
    ]);
  });
});

describe('graph checks', () => {
  it('env.pd-mismatch: only what lets the two ends meet must agree; decode-only tuning, other NICs and a hidden HCA are each side’s own', () => {
    const yaml = pd({
      env: env({ UCX_TLS: 'rc,cuda_copy', UCX_LOG_LEVEL: 'info', UCX_RNDV_THRESH: '0' }),
      decodeEnv: `${env({ UCX_TLS: 'rc,cuda_copy,cuda_ipc', UCX_LOG_LEVEL: 'warn' })}\n            - {name: NCCL_IB_HCA, valueFrom: {configMapKeyRef: {name: f, key: hca}}}`,
    });
    expect(checks(yaml, 'env.pd-mismatch', '')).toEqual([
      {
        status: 'ok',
        detail:
          "prefill and decode agree on what lets their ends meet (a UCX transport in common, the same provider and metadata store); each side's own, allowed to differ: NCCL_IB_HCA (prefill unset, decode <configMapKeyRef f/hca>), UCX_RNDV_THRESH (prefill 0, decode unset), UCX_TLS (prefill rc,cuda_copy, decode rc,cuda_copy,cuda_ipc)",
      },
    ]);
  });

  it('env.pd-mismatch warns when the ends cannot meet: no UCX transport in common, another libfabric provider or metadata store', () => {
    const yaml = pd({
      env: env({ UCX_TLS: 'rc,cuda_copy', FI_PROVIDER: 'efa', NIXL_ETCD_ENDPOINTS: 'http://etcd-a:2379' }),
      decodeEnv: env({
        UCX_TLS: 'tcp,cuda_copy',
        FI_PROVIDER: 'tcp',
        NIXL_ETCD_ENDPOINTS: 'http://etcd-b:2379',
      }),
    });
    const [c] = checks(yaml, 'env.pd-mismatch', '');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toBe(
      'prefill and decode cannot meet as set — UCX_TLS: prefill rc,cuda_copy, decode tcp,cuda_copy have no transport in common; FI_PROVIDER: prefill efa, decode tcp; NIXL_ETCD_ENDPOINTS: prefill http://etcd-a:2379, decode http://etcd-b:2379',
    );
  });

  it('env.pd-mismatch: a CPU prefill beside a GPU decode (no GPU switches, other UCX_TLS with rc in common) is deliberate: ok', () => {
    const yaml = pd({
      env: env({ UCX_TLS: 'rc,tcp', UCX_NET_DEVICES: 'mlx5_0:1' }),
      decodeEnv: env({
        UCX_TLS: 'rc,cuda_copy,cuda_ipc',
        UCX_NET_DEVICES: 'mlx5_4:1,mlx5_5:1',
        UCX_IB_GPU_DIRECT_RDMA: 'yes',
        NCCL_IB_HCA: 'mlx5_4,mlx5_5',
      }),
    });
    expect(checks(yaml, 'env.pd-mismatch', '')[0]?.status).toBe('ok');
  });

  it('env.kv-over-pod-network: no fast path and no affinity warns; required affinity, privileged hostNetwork or Multus pass', () => {
    expect(checks(pd({ resources: '' }), 'env.kv-over-pod-network', '')[0]?.status).toBe('warn');
    const affinity = `        affinity:
          podAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              - labelSelector: {matchExpressions: [{key: nvidia.com/dynamo-sub-component-type, operator: In, values: [prefill, decode]}]}
                topologyKey: kubernetes.io/hostname`;
    expect(checks(pd({ resources: '', pod: affinity }), 'env.kv-over-pod-network', '')).toEqual([
      {
        status: 'ok',
        detail:
          'required podAffinity holds prefill and decode onto one node, so KV stays on the node (over the pod network there: Prefill (prefill) and Decode (decode) have no RDMA, host or secondary network)',
      },
    ]);
    // A required podAntiAffinity between them keeps them apart: they are on different nodes, not only can be.
    const apart = checks(
      pd({ resources: '', pod: affinity.replace('podAffinity:', 'podAntiAffinity:') }),
      'env.kv-over-pod-network',
      '',
    )[0];
    expect(apart?.status).toBe('warn');
    expect(apart?.detail).toMatch(
      /^prefill and decode are on different nodes \(a required podAntiAffinity keeps them apart\)/,
    );
    expect(checks(pd({ resources: '' }), 'env.kv-over-pod-network', '')[0]?.detail).toMatch(
      /^prefill and decode can be on different nodes \(no podAffinity keeps/,
    );
    // An affinity to the zone does not keep them on one node.
    expect(
      checks(
        pd({ resources: '', pod: affinity.replace('kubernetes.io/hostname', 'topology.kubernetes.io/zone') }),
        'env.kv-over-pod-network',
        '',
      )[0]?.status,
    ).toBe('warn');
    // hostNetwork gives the host's NICs, not their RDMA devices: alone it is TCP on the host network.
    const host = checks(
      pd({ resources: '', pod: '        hostNetwork: true' }),
      'env.kv-over-pod-network',
      '',
    )[0];
    expect(host?.status).toBe('warn');
    expect(host?.detail).toContain("hostNetwork alone gives the host's NICs, not their RDMA devices");
    const privileged = pd({
      resources: '',
      pod: '        hostNetwork: true',
      security: '{privileged: true}',
    });
    expect(checks(privileged, 'env.kv-over-pod-network', '')[0]?.status).toBe('ok');
    const multus = '      extraPodMetadata: {annotations: {k8s.v1.cni.cncf.io/networks: rdma-net}}';
    expect(checks(pd({ resources: '', extra: multus }), 'env.kv-over-pod-network', '')).toEqual([
      {
        status: 'ok',
        detail:
          'KV has a path off the pod network — Prefill (prefill): k8s.v1.cni.cncf.io/networks; Decode (decode): k8s.v1.cni.cncf.io/networks',
      },
    ]);
  });
});

describe('verdict', () => {
  it('points first at a wrong value, not at the missing variables', () => {
    const r = run(pd({ env: env({ UCX_TLS: 'tcp,cuda_copy' }) }));
    const { checks: list } = r;
    expect(list.find((c) => c.status === 'fail')?.id).toBe('env.ucx-tls');
    expect(list.findIndex((c) => c.id === 'env.ucx-tls')).toBeLessThan(
      list.findIndex((c) => c.id === 'env.missing-critical'),
    );
  });
});
