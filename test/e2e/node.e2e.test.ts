// `interconnect-test node --pod/--dgd` against the real API server: pods on
// kwok GPU nodes whose exec answers with the real captured tool outputs
// (test/fixtures/node) or runs this machine's own tools; RBAC refusals.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ReportSchema } from '../../src/core/model.js';
import { parseIbstat } from '../../src/parsers/ibstat.js';
import { NodeReportPartSchema } from '../../src/probes/schema.js';
import { runCli } from '../helpers/cli.js';
import { type ExecBehaviour, fixture, GPU_TOLERATION, useTestEnv } from './harness.js';

const env = useTestEnv('node');

const IBSTAT = fixture('node/ibstat/h100-ndr-ib-8port-active-plus-bond-roce.txt');
const IBSTAT_EDR = fixture('node/ibstat/cx5-edr-4port-2active-2disabled.txt');
const LS = fixture('node/ls-dev-infiniband/k8s-pod-shared-rdma-device-one-hca.txt');
const LSMOD = fixture('node/lsmod/gpu-operator-doc-grep-nvidia-peermem-and-nvidia-fs.txt');
const TOPO = fixture('node/nvidia-smi-topo-m/h100-8gpu-nv18-8nic-pix.txt');
const NVLINK = fixture('node/nvidia-smi-nvlink-status/h100-single-gpu-i0-18links-26gbps.txt');
const UCX_D = fixture('node/ucx_info-d/cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt');

const q = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** A GPU worker image's tools: the real captures; show_gids is absent; sh and its ulimit are this machine's. */
function worker(ibstat = IBSTAT): Record<string, ExecBehaviour> {
  return {
    ibstat: { stdoutFile: ibstat },
    ls: { stdoutFile: LS },
    lsmod: { stdoutFile: LSMOD },
    'nvidia-smi': {
      run: [
        'sh',
        '-c',
        `case "$1" in topo) cat ${q(TOPO)};; nvlink) cat ${q(NVLINK)};; *) exit 2;; esac`,
        'nvidia-smi',
      ],
    },
    ucx_info: {
      run: ['sh', '-c', `[ "$1" = -d ] && exec cat ${q(UCX_D)}; echo '# Version 1.19.0'`, 'ucx_info'],
    },
  };
}

const DGD = 'nvidia.com/dynamo-graph-deployment-name';
const TYPE = 'nvidia.com/dynamo-component-type';

describe('node --pod', () => {
  test('probes inside the pod through pods/exec and reports what each tool said', async () => {
    const e = env();
    await e.createPod({ name: 'worker', node: 'gpu-node-0', tolerations: [GPU_TOLERATION], exec: worker() });
    await e.waitForPodReady('worker');
    const kube = e.kubeconfigFile();
    const { code, stdout, stderr } = await runCli([
      'node',
      '--pod',
      'worker',
      '-n',
      e.namespace,
      '--kubeconfig',
      kube,
      '-o',
      'json',
      '-q',
    ]);
    expect(stderr).toBe('');
    const report = ReportSchema.parse(JSON.parse(stdout));
    const part = NodeReportPartSchema.parse(report);
    const t = part.targets[0]!;
    expect([t.kind, t.pod, t.namespace, t.node, t.container, t.image]).toEqual([
      'pod',
      'worker',
      e.namespace,
      'gpu-node-0',
      'main',
      'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.5.0',
    ]);
    expect(t.probes.ibstat).toEqual({
      argv: ['ibstat'],
      ran: true,
      exitCode: 0,
      notFound: false,
      timedOut: false,
      parsed: parseIbstat(`${readFileSync(IBSTAT, 'utf8')}\n`),
    });
    expect(t.probes.show_gids).toMatchObject({ ran: false, notFound: true, exitCode: null });
    expect(t.probes.memlock).toMatchObject({ ran: true, exitCode: 0 });
    expect(part.cluster?.namespace).toBe(e.namespace);
    for (const c of report.checks) expect(c.subject?.startsWith('worker')).toBe(true);
    expect(report.checks.filter((c) => c.id === 'ib.port').map((c) => c.status)).toEqual(Array(9).fill('ok'));
    expect(report.checks.find((c) => c.id === 'rdma.show_gids')?.status).toBe('skipped');
    // That UCX cannot register GPU memory: GPUDirect RDMA is missing, never trusted.
    expect(report.checks.find((c) => c.id === 'gdr.path')?.status).toBe('fail');
    expect([report.verdict.status, code]).toEqual(['untrusted', 1]);
  });

  test('a missing pod, a missing container and a pod that is not Running each end in one line, exit 2', async () => {
    const e = env();
    await e.createPod({
      name: 'stuck',
      node: 'gpu-node-1',
      tolerations: [GPU_TOLERATION],
      sim: { waitingReason: 'ImagePullBackOff' },
    });
    await e.createPod({ name: 'up', node: 'gpu-node-1', tolerations: [GPU_TOLERATION], exec: {} });
    await e.waitForPodReady('up');
    const kube = e.kubeconfigFile();
    const base = ['-n', e.namespace, '--kubeconfig', kube, '-q'];
    const cases: [string[], string][] = [
      [['--pod', 'nope'], `error: pods nope not found in namespace ${e.namespace}`],
      [
        ['--pod', 'up', '-c', 'sidecar'],
        `error: container "sidecar" is not in pod ${e.namespace}/up (fix: use one of: main)`,
      ],
      [['--pod', 'stuck'], `error: pod ${e.namespace}/stuck is Pending (ImagePullBackOff), not Running`],
      [['--dgd', 'nothing'], `error: no pods labelled ${DGD}=nothing in namespace ${e.namespace}`],
    ];
    for (const [args, line] of cases) {
      const { code, stdout, stderr } = await runCli(['node', ...args, ...base]);
      expect([code, stdout], args.join(' ')).toEqual([2, '']);
      expect(stderr.split('\n').filter(Boolean), args.join(' ')).toHaveLength(1);
      expect(stderr.startsWith(line), `${args.join(' ')}: ${stderr}`).toBe(true);
    }
  });

  test('a ServiceAccount without get and create on pods/exec gets the missing permission named, exit 2', async () => {
    const e = env();
    await e.createPod({ name: 'guarded', node: 'gpu-node-0', tolerations: [GPU_TOLERATION], exec: worker() });
    await e.waitForPodReady('guarded');
    const kube = await e.kubeconfigWithRole('reader', [
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
    ]);
    const { code, stdout, stderr } = await runCli([
      'node',
      '--pod',
      'guarded',
      '-n',
      e.namespace,
      '--kubeconfig',
      kube,
      '-q',
    ]);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(
      `error: permission denied: cannot exec in pods in namespace ${e.namespace} (pods/exec needs get and create) (fix: grant the "get" and "create" verbs on "pods/exec" in namespace ${e.namespace} to this user or service account (check: kubectl auth can-i get pods/exec -n ${e.namespace}; kubectl auth can-i create pods/exec -n ${e.namespace}))\n`,
    );
    // Without get on pods it stops earlier, naming that verb.
    const other = await runCli(['node', '--pod', 'guarded', '-n', 'default', '--kubeconfig', kube, '-q']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^error: permission denied: cannot get pods in namespace default/);
  });
});

describe('node --dgd', () => {
  test("finds the graph's prefill and decode pods by the operator's labels and compares them", async () => {
    const e = env();
    await e.createPod({
      name: 'g-prefill-0',
      node: 'gpu-node-0',
      tolerations: [GPU_TOLERATION],
      labels: { [DGD]: 'g', [TYPE]: 'prefill' },
      exec: worker(),
    });
    await e.createPod({
      name: 'g-decode-0',
      node: 'gpu-node-1',
      tolerations: [GPU_TOLERATION],
      labels: { [DGD]: 'g', [TYPE]: 'worker', 'nvidia.com/dynamo-sub-component-type': 'decode' },
      exec: worker(IBSTAT_EDR),
    });
    await e.createPod({
      name: 'g-frontend',
      node: 'gpu-node-2',
      tolerations: [GPU_TOLERATION],
      labels: { [DGD]: 'g', [TYPE]: 'frontend' },
    });
    await e.waitForPodReady('g-prefill-0');
    await e.waitForPodReady('g-decode-0');
    const kube = e.kubeconfigFile();
    const { code, stdout } = await runCli([
      'node',
      '--dgd',
      'g',
      '-n',
      e.namespace,
      '--kubeconfig',
      kube,
      '-q',
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain(`pod ${e.namespace}/g-prefill-0 (prefill) on node gpu-node-0, container main\n`);
    expect(stdout).toContain(`pod ${e.namespace}/g-decode-0 (decode) on node gpu-node-1, container main\n`);
    expect(stdout).toMatch(
      /OK {6}compare\.same-node {2}prefill on gpu-node-0, decode on gpu-node-1: transfers cross nodes/,
    );
    expect(stdout).toMatch(
      /WARN {4}compare\.nics {2}different RDMA ports \(g-prefill-0: 1 × Ethernet 200 Gb\/s \+ 8 × InfiniBand 400 Gb\/s; g-decode-0: 2 × InfiniBand 100 Gb\/s\)/,
    );
    expect(stdout).toMatch(/OK {6}compare\.ucx-transports/);
    expect(stdout).not.toContain('g-frontend');
  });
});
