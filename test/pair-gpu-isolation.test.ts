import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { podScriptDir } from '../src/engines/script.js';
import { probeCommand } from '../src/pair/plan/probe-script.js';
import { runCli } from './helpers/cli.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';

/**
 * GPU isolation (issue 24 item 2; references/gpu-isolation.md): a probe pod is
 * never privileged, asks for a GPU only when GPU memory moves, and takes the GPU
 * the device plugin allocated by its UUID, never a literal index.
 */

function dryRun(args: string[]) {
  return runCli(['pair', '--dry-run', ...args, '-o', 'json'], {
    env: {
      PATH: process.env.PATH,
      HOME: '/nonexistent',
      KUBECONFIG: '/nonexistent/kubeconfig',
      INTERCONNECT_TEST_RUN_ID: 'iso1',
    },
    cwd: repoRoot,
  });
}

interface Container {
  command: string[];
  args: string[];
  env: { name: string; value?: string }[];
  resources: { limits: Record<string, string> };
  securityContext: { privileged: boolean; capabilities: { add: string[] } };
}

function containers(stdout: string): Container[] {
  const items = JSON.parse(stdout).items as {
    kind: string;
    spec: { template: { spec: { containers: Container[] } } };
  }[];
  return items.filter((o) => o.kind === 'Job').flatMap((o) => o.spec.template.spec.containers);
}

/** A GPU named by a bare number: `--device 0`, `CUDA_VISIBLE_DEVICES=0,1`. */
const HARD_INDEX = /--device[ =]["']?\d|CUDA_VISIBLE_DEVICES=["']?\d/;

const PRIVILEGED_RECIPES = [
  'deploy-aks-ib.yaml',
  'deploy-aws-p5.48xlarge.yaml',
  'deploy-gke-roce.yaml',
  'deploy-nebius-ib.yaml',
  'deploy-nscale-ib.yaml',
];

describe('pair --dry-run of the privileged cloud recipes (test/fixtures/recipes INDEX.md §8)', () => {
  it.each(PRIVILEGED_RECIPES)(
    '%s: no privileged probe pod, IPC_LOCK kept, no hard-coded GPU index',
    async (file) => {
      const r = await dryRun([
        '--prefill-node',
        'gpu-a',
        '--decode-node',
        'gpu-b',
        '--recipe',
        fixturePath('recipes', 'qwen3-32b', 'vllm', 'cloud-providers', file),
      ]);
      expect(r.code, r.stderr).toBe(0);
      const cs = containers(r.stdout);
      expect(cs).toHaveLength(2);
      for (const c of cs) {
        expect(c.securityContext.privileged).toBe(false);
        expect(c.securityContext.capabilities.add).toContain('IPC_LOCK');
        expect(Number(c.resources.limits['nvidia.com/gpu'])).toBeGreaterThan(0);
        const script = c.command.join('\n');
        expect(script).not.toMatch(HARD_INDEX);
        expect(c.args.join(' ')).not.toMatch(/--device/);
        // The script names the allocated GPU from the device plugin's variable.
        expect(script).toContain('NVIDIA_VISIBLE_DEVICES');
      }
      // The plan says what was dropped, and why.
      expect(r.stderr).toMatch(
        /PrefillWorker runs privileged; the probe pods do not: a privileged container sees every GPU of the node/,
      );
    },
  );

  it('intra-node (two GPUs in one pod): no GPU index in the script either', async () => {
    const r = await dryRun(['--mode', 'intra-node', '--prefill-node', 'gpu-a', '--engine', 'nixlbench']);
    expect(r.code, r.stderr).toBe(0);
    const [c] = containers(r.stdout);
    expect(c?.resources.limits['nvidia.com/gpu']).toBe('2');
    expect(c?.command.join('\n')).not.toMatch(HARD_INDEX);
  });

  it('a DRAM run asks for no GPU and keeps the node GPUs out of the pod (NVIDIA_VISIBLE_DEVICES=none)', async () => {
    const args = ['--prefill-node', 'gpu-a', '--decode-node', 'gpu-b', '--engine', 'nixlbench'];
    const dram = containers((await dryRun([...args, '--memory-type', 'dram'])).stdout);
    const vram = containers((await dryRun(args)).stdout);
    for (const c of dram) {
      expect(Object.keys(c.resources.limits)).not.toContain('nvidia.com/gpu');
      expect(c.env).toContainEqual({ name: 'NVIDIA_VISIBLE_DEVICES', value: 'none' });
    }
    // Without a GPU request the admission plugin adds no GPU-taint toleration: the pod carries it, to reach the GPU node it tests.
    const tolerations = (out: string) =>
      (JSON.parse(out).items as { kind: string; spec: { template: { spec: { tolerations: unknown[] } } } }[])
        .filter((o) => o.kind === 'Job')
        .map((o) => o.spec.template.spec.tolerations);
    const gpuTaint = { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' };
    expect(tolerations((await dryRun([...args, '--memory-type', 'dram'])).stdout)).toEqual([
      [gpuTaint],
      [gpuTaint],
    ]);
    expect(tolerations((await dryRun(args)).stdout)).toEqual([[], []]);
    for (const c of vram) {
      expect(c.resources.limits['nvidia.com/gpu']).toBe('1');
      // The device plugin sets it for a pod that asks for a GPU: the pod spec must not override it.
      expect(c.env.map((e) => e.name)).not.toContain('NVIDIA_VISIBLE_DEVICES');
    }
  });
});

/**
 * The pod scripts' GPU selection, run by sh: templates/engines/common/gpus.sh
 * reads NVIDIA_VISIBLE_DEVICES as the device plugin sets it. The intra-node
 * nixlbench script runs with a nixlbench on PATH that prints the
 * CUDA_VISIBLE_DEVICES it was started with (the one thing this test asks of it).
 */
describe('the pod scripts take the allocated GPU by UUID', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'itest-gpus-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const gpus = path.join(podScriptDir(), 'common', 'gpus.sh');
  const sh = (script: string, env: Record<string, string | undefined>) => {
    const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const r = spawnSync('sh', ['-c', script], {
      env: { PATH: process.env.PATH ?? '', ...clean },
      encoding: 'utf8',
    });
    return { code: r.status, out: r.stdout + r.stderr };
  };

  it.each([
    // The device plugin's default: UUIDs (k8s-device-plugin --device-id-strategy=uuid).
    [
      'GPU-6b7c1c0d-1111-2222-3333-444455556666,GPU-0aa8f0e1-7777-8888-9999-000011112222',
      'GPU-6b7c1c0d-1111-2222-3333-444455556666 GPU-0aa8f0e1-7777-8888-9999-000011112222',
    ],
    // Host indices (--device-id-strategy=index): the unprivileged container renumbers from 0.
    ['3,5', '0 1'],
    // CDI injects the devices and sets void; none and unset name no GPU.
    ['void', '0 1'],
    [undefined, '0 1'],
    ['MIG-5c2d9f00-aaaa-bbbb-cccc-ddddeeeeffff', 'MIG-5c2d9f00-aaaa-bbbb-cccc-ddddeeeeffff 1'],
  ])('NVIDIA_VISIBLE_DEVICES=%s → GPUs %s', (nvd, want) => {
    const r = sh(`. "${gpus}"; echo "pick $(gpu 0) $(gpu 1)"`, { NVIDIA_VISIBLE_DEVICES: nvd });
    expect(r.code).toBe(0);
    expect(r.out).toContain(`pick ${want}\n`);
    expect(r.out).toMatch(/^interconnect-test: gpus \S/m);
    expect(/MIG slices: no NVLink/.test(r.out)).toBe(nvd?.startsWith('MIG-') === true);
  });

  it("the nixl probe's --device takes a UUID as the process's only visible GPU, and refuses anything else", () => {
    const probe = path.join(repoRoot, 'templates', 'nixl-probe.py');
    const code = [
      'import importlib.util, os, sys',
      `spec = importlib.util.spec_from_file_location("probe", ${JSON.stringify(probe)})`,
      'm = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)',
      'a = m.parse_args(["--role", "target", "--device", "MIG-5c2d9f00-aaaa-bbbb-cccc-ddddeeeeffff"])',
      'print(m.select_device(a.device), os.environ["CUDA_VISIBLE_DEVICES"])',
      'print(m.select_device(m.parse_args(["--role", "target"]).device), m.select_device(2))',
      'm.parse_args(["--role", "target", "--device", "0;reboot"])',
    ].join('\n');
    const r = spawnSync('python3', ['-B', '-c', code], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(r.stdout).toBe('0 MIG-5c2d9f00-aaaa-bbbb-cccc-ddddeeeeffff\n0 2\n');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("argument --device: not a GPU UUID (GPU-..., MIG-...) or index: '0;reboot'");
  });

  it('intra-node nixlbench: rank 0 sees "A,B" and rank 1 "B,A", A and B the allocated UUIDs', () => {
    const bin = path.join(dir, 'bin');
    spawnSync('mkdir', ['-p', bin]);
    const fake = path.join(bin, 'nixlbench');
    writeFileSync(fake, '#!/bin/sh\necho "rank sees CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"\n');
    chmodSync(fake, 0o755);
    const [shell, ...rest] = probeCommand('nixlbench', 'intra-node') as [string, ...string[]];
    const r = spawnSync(shell, rest, {
      env: { PATH: `${bin}:${process.env.PATH}`, NVIDIA_VISIBLE_DEVICES: 'GPU-aaaa,GPU-bbbb' },
      encoding: 'utf8',
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('rank sees CUDA_VISIBLE_DEVICES=GPU-aaaa,GPU-bbbb\n');
    expect(r.stdout).toContain('rank sees CUDA_VISIBLE_DEVICES=GPU-bbbb,GPU-aaaa\n');
  });
});
