import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli } from './helpers/cli.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';
import { expectGolden } from './helpers/golden.js';

/**
 * `pair --dry-run` through main(): the manifests a run would create, compared
 * with goldens in test/golden. A missing golden fails; only an explicit
 * UPDATE_GOLDEN=1 (re)writes them (see test/helpers/golden.ts). The run id is
 * fixed with INTERCONNECT_TEST_RUN_ID; the expiry timestamp is a placeholder.
 * KUBECONFIG names a file that does not exist: a dry run with named nodes
 * never talks to a cluster.
 */

function dryRun(args: string[]) {
  return runCli(['pair', '--dry-run', ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: '/nonexistent',
      KUBECONFIG: '/nonexistent/kubeconfig',
      INTERCONNECT_TEST_RUN_ID: 'golden1',
    },
    cwd: repoRoot,
  });
}

function normalise(yaml: string): string {
  return yaml.replace(/(interconnect-test\/expires-at: ).*/g, '$1<EXPIRES>');
}

const CASES: { name: string; args: string[] }[] = [
  {
    name: 'pair-cross-node-nixlbench.yaml',
    args: ['--engine', 'nixlbench', '--prefill-node', 'gpu-a', '--decode-node', 'gpu-b'],
  },
  {
    name: 'pair-cross-node-nixl-recipe.yaml',
    args: [
      '--engine',
      'nixl',
      '--prefill-node',
      'gpu-a',
      '--decode-node',
      'gpu-b',
      '--recipe',
      fixturePath('recipes', 'qwen3-32b-fp8', 'vllm', 'disagg', 'deploy.yaml'),
      '--sizes',
      '1M,16M',
    ],
  },
  {
    name: 'pair-cross-node-recipe-nebius.yaml',
    args: [
      '--prefill-node',
      'gpu-a',
      '--decode-node',
      'gpu-b',
      '--recipe',
      fixturePath('recipes', 'qwen3-32b', 'vllm', 'cloud-providers', 'deploy-nebius-ib.yaml'),
      '--env',
      'UCX_NET_DEVICES=mlx5_0:1',
      '--image',
      'registry.example/nixlbench:0.9.0',
      '--sizes',
      '1M,16M',
    ],
  },
  {
    name: 'pair-cross-node-ucx-perftest.yaml',
    args: [
      '--engine',
      'ucx_perftest',
      '--prefill-node',
      'gpu-a',
      '--decode-node',
      'gpu-b',
      '--image',
      'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.1.1',
      '--memory-type',
      'dram',
    ],
  },
  {
    name: 'pair-intra-node-nixlbench.yaml',
    args: [
      '--mode',
      'intra-node',
      '--prefill-node',
      'gpu-a',
      '--scratch-namespace',
      'probes',
      '--etcd-endpoints',
      'http://etcd.probes:2379',
    ],
  },
];

describe('pair --dry-run', () => {
  for (const c of CASES) {
    it(`renders ${c.name}`, async () => {
      const r = await dryRun(c.args);
      expect(r.code, r.stderr).toBe(0);
      expectGolden(c.name, normalise(r.stdout));
    });
  }

  it('every object carries our labels and lives in the scratch namespace; Jobs never restart', async () => {
    for (const c of CASES) {
      const r = await dryRun(c.args);
      const objects = parseAllDocuments(r.stdout).map((d) => d.toJS());
      const ns = c.args.includes('--scratch-namespace') ? 'probes' : 'itest-pair-golden1';
      for (const o of objects) {
        expect(o.metadata.labels['app.kubernetes.io/managed-by']).toBe('interconnect-test');
        expect(o.metadata.labels['interconnect-test/run-id']).toBe('golden1');
        expect(o.kind === 'Namespace' ? o.metadata.name : o.metadata.namespace).toBe(ns);
        if (o.kind === 'Job') {
          expect([o.spec.backoffLimit, o.spec.template.spec.restartPolicy]).toEqual([0, 'Never']);
          expect(o.spec.activeDeadlineSeconds).toBeGreaterThan(0);
          expect(o.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
        }
      }
    }
  });

  it('--toleration goes on every pod it creates, etcd included, and a bad one is one line', async () => {
    const r = await dryRun([
      '--engine',
      'nixlbench',
      '--prefill-node',
      'real-0',
      '--decode-node',
      'real-1',
      '--toleration',
      'interconnect-test.dev/real-node=true:NoSchedule',
      '--toleration',
      'nvidia.com/gpu:NoSchedule',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout).items as {
      kind: string;
      spec: { tolerations?: unknown; template: { spec: { tolerations?: unknown } } };
    }[];
    const podSpecs = items.flatMap((o) =>
      o.kind === 'Pod' ? [o.spec] : o.kind === 'Job' ? [o.spec.template.spec] : [],
    );
    expect(podSpecs).toHaveLength(3);
    for (const spec of podSpecs) {
      expect(spec.tolerations).toEqual([
        { key: 'interconnect-test.dev/real-node', operator: 'Equal', value: 'true', effect: 'NoSchedule' },
        { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
      ]);
    }
    const bad = await dryRun(['--prefill-node', 'a', '--decode-node', 'b', '--toleration', 'gpu=yes']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'error: invalid options: --toleration: expected KEY[=VALUE]:EFFECT with EFFECT NoSchedule, PreferNoSchedule or NoExecute (fix: see --help)\n',
    ]);
  });

  it("copies the recipe's tolerations to the etcd pod too", async () => {
    const r = await dryRun([
      '--engine',
      'nixlbench',
      '--prefill-node',
      'gpu-a',
      '--decode-node',
      'gpu-b',
      '--recipe',
      fixturePath('recipes', 'qwen3-32b', 'vllm', 'cloud-providers', 'deploy-aks-ib.yaml'),
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout).items as {
      kind: string;
      metadata: { name: string };
      spec: { tolerations?: unknown; template: { spec: { tolerations?: unknown } } };
    }[];
    const etcd = items.find((o) => o.kind === 'Pod');
    expect(etcd?.spec.tolerations).toEqual([
      { effect: 'NoSchedule', key: 'nvidia.com/gpu', operator: 'Exists' },
    ]);
  });

  it('an SR-IOV/host-device resource without its network is an error with the fix, not a TCP run', async () => {
    const r = await dryRun([
      '--prefill-node',
      'a',
      '--decode-node',
      'b',
      '--rdma-resource',
      'nvidia.com/hostdev',
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(r.stderr).toContain(
      'error: the prefill probe pod requests nvidia.com/hostdev (an SR-IOV/host-device resource) but attaches no network for it: the device would never be plumbed into the pod and the transfer would run over TCP (fix: attach its network with --pod-annotation k8s.v1.cni.cncf.io/networks=NAMESPACE/NAME (the NetworkAttachmentDefinition whose k8s.v1.cni.cncf.io/resourceName is nvidia.com/hostdev), or ask for another RDMA resource with --rdma-resource)\n',
    );
    const attached = await dryRun([
      '--prefill-node',
      'a',
      '--decode-node',
      'b',
      '--rdma-resource',
      'nvidia.com/hostdev',
      '--pod-annotation',
      'k8s.v1.cni.cncf.io/networks=dynamo/hostdev-net',
      '-o',
      'json',
    ]);
    expect(attached.code, attached.stderr).toBe(0);
  });

  it('prints a List with -o json', async () => {
    const r = await dryRun([
      '--engine',
      'nixlbench',
      '--prefill-node',
      'a',
      '--decode-node',
      'b',
      '-o',
      'json',
    ]);
    const list = JSON.parse(r.stdout);
    expect([list.kind, list.items.map((o: { kind: string }) => o.kind)]).toEqual([
      'List',
      ['Namespace', 'Pod', 'Service', 'Job', 'Job'],
    ]);
  });

  it('refuses impossible node choices and bad flags in one line (exit 2)', async () => {
    const same = await dryRun(['--prefill-node', 'a', '--decode-node', 'a']);
    expect([same.code, same.stdout, same.stderr.split('\n').filter((l) => l.startsWith('error:'))]).toEqual([
      2,
      '',
      [
        'error: cross-node mode needs two nodes, but prefill and decode are both a (fix: name two different nodes, or use --mode intra-node to test NVLink on that node)',
      ],
    ]);
    const bad = await dryRun([
      '--prefill-node',
      'a',
      '--decode-node',
      'b',
      '--env',
      'NOPE',
      '--rdma-resource',
      'ib',
    ]);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'error: invalid options: --env: expected NAME=VALUE; --rdma-resource: expected a resource name such as rdma/ib or rdma/ib=2 (fix: see --help)\n',
    ]);
    const secret = await dryRun(['--prefill-node', 'a', '--decode-node', 'b', '--env', 'HF_TOKEN=hf_x']);
    expect(secret.stderr).toBe(
      'error: --env HF_TOKEN: probe pods need no credentials, and secrets are never passed on the command line (fix: drop it)\n',
    );
    expect(secret.stderr).not.toContain('hf_x');
  });

  it('--iters and --warmup reach every engine: nixlbench --num_iter/--warmup_iter at every size, ucx_perftest -n/-w', async () => {
    const argsOf = async (engine: string) => {
      const r = await dryRun([
        '--engine',
        engine,
        '--prefill-node',
        'gpu-a',
        '--decode-node',
        'gpu-b',
        '--iters',
        '300',
        '--warmup',
        '20',
        '-o',
        'json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    const nb = await argsOf('nixlbench');
    expect(nb).toMatch(/"--num_iter",\s*"300",\s*"--warmup_iter",\s*"20",\s*"--large_blk_iter_ftr",\s*"1"/);
    const pt = await argsOf('ucx_perftest');
    expect(pt).toMatch(/"-n",\s*"300",\s*"-w",\s*"20"/);
  });
});
