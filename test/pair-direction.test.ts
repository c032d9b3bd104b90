import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { dgdFacts } from '../src/env/dgd-facts.js';
import { frameworkOf, frameworkOfContainer } from '../src/env/framework.js';
import { chooseLegs } from '../src/pair/direction.js';
import { runCli } from './helpers/cli.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';

/**
 * The KV direction `pair` measures, from real upstream recipes
 * (test/fixtures/recipes, see its INDEX.md): the framework's own initiator
 * and NIXL operation (references/kv-direction.md), the backend, and what the
 * rendered manifests say about both.
 */

const recipe = (...p: string[]) => fixturePath('recipes', ...p);

function dgds(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS())
    .filter((d) => d?.kind === 'DynamoGraphDeployment');
}

interface Job {
  kind: string;
  metadata: { name: string; labels: Record<string, string> };
  spec: {
    template: {
      metadata: { annotations: Record<string, string>; labels: Record<string, string> };
      spec: {
        containers: {
          image: string;
          args: string[];
          env: { name: string; value?: string }[];
          resources: { limits: Record<string, string> };
        }[];
      };
    };
  };
}

async function dryRun(args: string[]) {
  const r = await runCli(
    // nixlbench: these tests read its --op_type per pod (auto would pick nixl for a Dynamo runtime image).
    [
      'pair',
      '--dry-run',
      '--engine',
      'nixlbench',
      '--prefill-node',
      'gpu-a',
      '--decode-node',
      'gpu-b',
      '-o',
      'json',
      ...args,
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: '/nonexistent',
        KUBECONFIG: '/nonexistent/kubeconfig',
        INTERCONNECT_TEST_RUN_ID: 'dir1',
      },
      cwd: repoRoot,
    },
  );
  const jobs =
    r.code === 0 ? (JSON.parse(r.stdout).items as Job[]).filter((o) => o.kind === 'Job') : ([] as Job[]);
  const byRole = (role: string) => {
    const j = jobs.find((x) => x.metadata.labels['app.kubernetes.io/component'] === role) as Job;
    const c = j.spec.template.spec.containers[0] as Job['spec']['template']['spec']['containers'][number];
    const flag = (f: string) => c.args[c.args.indexOf(f) + 1];
    const env = (n: string) => c.env.find((e) => e.name === n)?.value;
    return { job: j, c, flag, env, role: j.spec.template.metadata.labels['interconnect-test/transfer-role'] };
  };
  return { r, jobs, byRole };
}

describe('the framework of a real recipe decides who initiates, and with which operation', () => {
  it('reads the framework from the graph: vLLM, SGLang, TensorRT-LLM', () => {
    const fw = (f: string) => dgds(f).map((d) => dgdFacts(d)?.framework);
    expect(fw(recipe('qwen3-32b-fp8', 'vllm', 'disagg', 'deploy.yaml'))).toEqual(['vllm']);
    expect(fw(recipe('qwen3-32b', 'vllm', 'cloud-providers', 'deploy-aws-p5.48xlarge.yaml'))).toEqual([
      'vllm',
    ]);
    expect(fw(recipe('deepseek-r1', 'sglang', 'disagg-16gpu', 'deploy.yaml'))).toEqual(['sglang']);
    expect(fw(recipe('gpt-oss-120b', 'trtllm', 'disagg', 'deploy.yaml'))).toEqual(['trtllm']);
  });

  it('one recogniser for graphs and pods: the command line, then the image; workers that disagree are no answer', () => {
    const graph = (prefill: string, decode: string, extra: Record<string, unknown> = {}) => ({
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
      spec: {
        ...extra,
        services: {
          prefill: {
            subComponentType: 'prefill',
            extraPodSpec: { mainContainer: { command: ['sh', '-c', prefill] } },
          },
          decode: {
            subComponentType: 'decode',
            extraPodSpec: { mainContainer: { command: ['sh', '-c', decode] } },
          },
        },
      },
    });
    // Two frameworks in one graph is no answer at all: measure both directions.
    expect(dgdFacts(graph('python3 -m dynamo.vllm', 'python3 -m dynamo.sglang'))?.framework).toBeUndefined();
    const push = `python3 -m dynamo.vllm --kv-transfer-config '{"kv_connector":"NixlPushConnector"}'`;
    expect(dgdFacts(graph(push, push))?.framework).toBe('vllm-push');
    // Commands that show nothing: the operator's spec.backendFramework decides.
    expect(dgdFacts(graph('/start.sh', '/start.sh', { backendFramework: 'sglang' }))?.framework).toBe(
      'sglang',
    );
    expect(dgdFacts(graph('/start.sh', '/start.sh'))?.framework).toBeUndefined();
    // A custom vLLM image is vLLM for pair as it is for env (it was "unknown" to a second recogniser).
    expect(
      frameworkOfContainer({ image: 'registry.example.com/team/vllm-custom:0.9', command: ['/start.sh'] }),
    ).toBe('vllm');
    expect(
      frameworkOf({ argv: ['python3', '-m', 'dynamo.frontend'], image: 'x/vllm-runtime:1.0' }),
    ).toBeUndefined();
    expect(frameworkOf({ argv: ['python3', '-m', 'dynamo.mocker'] })).toBeUndefined();
  });

  it('flags win over the framework; an unknown framework gets both directions', () => {
    expect(chooseLegs({ framework: 'vllm' }).legs).toEqual([{ initiator: 'decode', op: 'READ' }]);
    expect(chooseLegs({ framework: 'sglang' }).legs).toEqual([{ initiator: 'prefill', op: 'WRITE' }]);
    expect(chooseLegs({ framework: 'vllm', initiator: 'prefill' }).legs).toEqual([
      { initiator: 'prefill', op: 'READ' },
    ]);
    expect(chooseLegs({ op: 'WRITE' }).legs).toEqual([{ initiator: 'prefill', op: 'WRITE' }]);
    expect(chooseLegs({ initiator: 'decode' }).legs).toEqual([{ initiator: 'decode', op: 'READ' }]);
    expect(chooseLegs({}).legs).toEqual([
      { initiator: 'decode', op: 'READ' },
      { initiator: 'prefill', op: 'WRITE' },
    ]);
  });

  it('a vLLM disagg recipe: both Jobs, --op_type READ, the decode pod labelled the initiator', async () => {
    const { r, jobs, byRole } = await dryRun([
      '--recipe',
      recipe('qwen3-32b-fp8', 'vllm', 'disagg', 'deploy.yaml'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(jobs).toHaveLength(2);
    const [p, d] = [byRole('prefill'), byRole('decode')];
    expect([p.role, d.role]).toEqual(['target', 'initiator']);
    expect([p.flag('--op_type'), d.flag('--op_type')]).toEqual(['READ', 'READ']);
    expect(d.env('ITEST_LEGS')).toBe('decode:READ');
    expect(d.job.spec.template.metadata.annotations['interconnect-test/transfer-legs']).toBe('decode:READ');
  });

  it('SGLang and TensorRT-LLM recipes: the prefill pod initiates a WRITE', async () => {
    for (const file of [
      recipe('deepseek-r1', 'sglang', 'disagg-16gpu', 'deploy.yaml'),
      recipe('gpt-oss-120b', 'trtllm', 'disagg', 'deploy.yaml'),
    ]) {
      const { r, byRole } = await dryRun(['--recipe', file]);
      expect(r.code, `${file}: ${r.stderr}`).toBe(0);
      expect([byRole('prefill').role, byRole('decode').role, byRole('prefill').flag('--op_type')]).toEqual([
        'initiator',
        'target',
        'WRITE',
      ]);
    }
  });

  it('--initiator and --op override the recipe', async () => {
    const { r, byRole } = await dryRun([
      '--recipe',
      recipe('qwen3-32b-fp8', 'vllm', 'disagg', 'deploy.yaml'),
      '--initiator',
      'prefill',
      '--op',
      'write',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect([
      byRole('prefill').role,
      byRole('prefill').flag('--op_type'),
      byRole('prefill').env('ITEST_LEGS'),
    ]).toEqual(['initiator', 'WRITE', 'prefill:WRITE']);
  });

  it('without a recipe the framework is unknown: both directions, decode READ first', async () => {
    const { r, byRole } = await dryRun([]);
    expect(r.code, r.stderr).toBe(0);
    expect(byRole('decode').env('ITEST_LEGS')).toBe('decode:READ prefill:WRITE');
    expect([byRole('decode').role, byRole('prefill').role]).toEqual(['initiator', 'target']);
  });
});

describe('a recipe that stages KV through host memory', () => {
  it('vLLM kv_buffer_device: cpu (the GAIE disagg example): NIXL moves DRAM, so the probe does too, and says so', async () => {
    // Upstream ai-dynamo/dynamo, copied in test/fixtures/upstream-dynamo (see test/fixtures/README.md).
    const file = fixturePath('upstream-dynamo', 'vllm-gaie-disagg-host-staged.yaml');
    const { r, byRole } = await dryRun(['--recipe', file]);
    expect(r.code, r.stderr).toBe(0);
    const d = byRole('decode');
    expect([
      d.flag('--initiator_seg_type'),
      d.flag('--target_seg_type'),
      d.flag('--op_type'),
      d.role,
    ]).toEqual(['DRAM', 'DRAM', 'READ', 'initiator']);
    expect(r.stderr).toMatch(
      /stages KV through host memory \(kv_buffer_device: cpu\): measuring DRAM to DRAM/,
    );
    // --memory-type still wins.
    const vram = await dryRun(['--recipe', file, '--memory-type', 'vram']);
    expect(vram.byRole('decode').flag('--initiator_seg_type')).toBe('VRAM');
  });
});

describe('the AWS p5 recipe moves KV over LIBFABRIC (EFA)', () => {
  const p5 = recipe('qwen3-32b', 'vllm', 'cloud-providers', 'deploy-aws-p5.48xlarge.yaml');

  it("renders --backend LIBFABRIC and requests the EFA devices of the probe's one GPU", async () => {
    const { r, byRole } = await dryRun(['--recipe', p5]);
    expect(r.code, r.stderr).toBe(0);
    for (const role of ['prefill', 'decode']) {
      const x = byRole(role);
      expect(x.flag('--backend')).toBe('LIBFABRIC');
      // The worker's 16 EFA over its 4 GPUs: 4 per GPU, and the probe has one (networks.ts scaleToGpus).
      expect(x.c.resources.limits['nvidia.com/gpu']).toBe('1');
      expect(x.c.resources.limits['vpc.amazonaws.com/efa']).toBe('4');
      expect(x.env('FI_PROVIDER')).toBe('efa');
    }
  });

  it('never judges an EFA fabric through UCX: ucx_perftest is refused in one line', async () => {
    const { r } = await dryRun(['--recipe', p5, '--engine', 'ucx_perftest']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: .* moves KV over NIXL's LIBFABRIC backend \(AWS EFA\): ucx_perftest measures UCX, which says nothing about that fabric \(fix: use --engine nixlbench, which runs NIXL with --backend LIBFABRIC\)$/m,
    );
  });
});
