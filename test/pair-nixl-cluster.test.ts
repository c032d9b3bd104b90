import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NIXL_IMAGE, DEFAULT_PROBE_IMAGE } from '../src/pair/options/flags.js';
import { runCli } from './helpers/cli.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';

/**
 * `pair --engine nixl` (and auto) between pods, through main() and --dry-run:
 * the probe pods run the deployment's own image (or the public Dynamo runtime
 * image) and our NIXL probe, which travels in a ConfigMap.
 */

interface Container {
  name: string;
  image: string;
  command: string[];
  args: string[];
  env: { name: string; value?: string }[];
  securityContext: { capabilities: { add: string[] }; runAsUser?: number };
  volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[];
  ports?: { name: string; containerPort: number }[];
}
interface Obj {
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels: Record<string, string>;
    annotations?: Record<string, string>;
  };
  data?: Record<string, string>;
  spec: {
    ports?: { name: string; port: number }[];
    template: {
      spec: { containers: Container[]; volumes: { name: string; configMap?: { name: string } }[] };
    };
  };
}

const VLLM_DISAGG = fixturePath('recipes', 'qwen3-32b-fp8', 'vllm', 'disagg', 'deploy.yaml');

async function dryRun(args: string[]) {
  const r = await runCli(
    ['pair', '--dry-run', '--prefill-node', 'a', '--decode-node', 'b', '-o', 'json', ...args],
    {
      env: {
        PATH: process.env.PATH,
        HOME: '/nonexistent',
        KUBECONFIG: '/nonexistent/kubeconfig',
        INTERCONNECT_TEST_RUN_ID: 'nixl1',
      },
      cwd: repoRoot,
    },
  );
  const items: Obj[] = r.code === 0 ? JSON.parse(r.stdout).items : [];
  const jobs = items.filter((o) => o.kind === 'Job');
  const container = (role: string) =>
    jobs.find((j) => j.metadata.labels['app.kubernetes.io/component'] === role)?.spec.template.spec
      .containers[0] as Container;
  const env = (role: string, name: string) => container(role).env.find((e) => e.name === name)?.value;
  return { r, items, jobs, container, env };
}

describe('pair --engine nixl between pods', () => {
  it("--recipe (a vLLM disagg recipe): the recipe's runtime image on both probe pods, the probe program in a ConfigMap", async () => {
    const { r, items, jobs, container, env } = await dryRun(['--recipe', VLLM_DISAGG, '--engine', 'nixl']);
    expect(r.code, r.stderr).toBe(0);
    expect(items.map((o) => o.kind)).toEqual(['Namespace', 'Service', 'Service', 'ConfigMap', 'Job', 'Job']);
    expect(jobs.map((j) => j.spec.template.spec.containers[0]?.image)).toEqual([
      'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0',
      'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0',
    ]);
    const cm = items.find((o) => o.kind === 'ConfigMap') as Obj;
    expect(cm.metadata.namespace).toBe('itest-pair-nixl1');
    expect(cm.metadata.labels['interconnect-test/run-id']).toBe('nixl1');
    expect(cm.metadata.annotations?.['interconnect-test/expires-at']).toMatch(/^\d{4}-/);
    expect(cm.data?.['nixl-probe.py']).toBe(
      readFileSync(path.join(repoRoot, 'templates', 'nixl-probe.py'), 'utf8'),
    );
    for (const j of jobs) {
      const spec = j.spec.template.spec;
      expect(spec.volumes.find((v) => v.name === 'nixl-probe')?.configMap?.name).toBe(cm.metadata.name);
      const c = spec.containers[0] as Container;
      expect(c.volumeMounts).toContainEqual({
        name: 'nixl-probe',
        mountPath: '/opt/interconnect-test',
        readOnly: true,
      });
      // The worker's user and capabilities, as the recipe gives them (runAsUser 0, IPC_LOCK, SYS_RESOURCE).
      expect(c.securityContext.runAsUser).toBe(0);
      expect(c.securityContext.capabilities.add).toEqual(
        expect.arrayContaining(['IPC_LOCK', 'SYS_RESOURCE']),
      );
      expect(c.ports).toEqual([{ name: 'nixl', containerPort: 13338 }]);
      expect(c.args.slice(0, 6)).toEqual([
        '--memory',
        'VRAM',
        '--start-block',
        '65536',
        '--max-block',
        '67108864',
      ]);
    }
    // vLLM: decode READs from prefill. Each pod dials the other's Service on NIXL's listen port.
    expect(env('decode', 'ITEST_LEGS')).toBe('decode:READ');
    expect(env('decode', 'ITEST_PEER_HOST')).toBe('itest-nixl1-prefill.itest-pair-nixl1.svc');
    expect(env('prefill', 'ITEST_PEER_HOST')).toBe('itest-nixl1-decode.itest-pair-nixl1.svc');
    expect(env('prefill', 'ITEST_NIXL_PROBE')).toBe('/opt/interconnect-test/nixl-probe.py');
    expect(env('prefill', 'ITEST_PORT')).toBe('13338');
    expect(container('prefill').command.join(' ')).toContain('"$PY" "$ITEST_NIXL_PROBE" --role target');
    const svc = items.filter((o) => o.kind === 'Service');
    expect(svc.map((s) => s.spec.ports?.[0])).toEqual([
      { name: 'nixl', port: 13338, targetPort: 13338 },
      { name: 'nixl', port: 13338, targetPort: 13338 },
    ]);
  });

  it('without --image, --recipe or --dgd the probe image is the public Dynamo runtime image; --image overrides', async () => {
    const plain = await dryRun(['--engine', 'nixl']);
    expect(plain.r.code, plain.r.stderr).toBe(0);
    expect(DEFAULT_NIXL_IMAGE).toMatch(/^nvcr\.io\/nvidia\/ai-dynamo\/vllm-runtime:\d+\.\d+\.\d+$/);
    expect(plain.jobs.map((j) => j.spec.template.spec.containers[0]?.image)).toEqual([
      DEFAULT_NIXL_IMAGE,
      DEFAULT_NIXL_IMAGE,
    ]);
    const own = await dryRun([
      '--engine',
      'nixl',
      '--recipe',
      VLLM_DISAGG,
      '--image',
      'registry.example/mine:1',
    ]);
    expect(own.jobs.map((j) => j.spec.template.spec.containers[0]?.image)).toEqual([
      'registry.example/mine:1',
      'registry.example/mine:1',
    ]);
  });

  it('--engine auto: nixl for a Dynamo runtime image or none; nixlbench for a nixlbench image', async () => {
    const none = await dryRun([]);
    expect(none.r.code, none.r.stderr).toBe(0);
    expect(none.items.some((o) => o.kind === 'ConfigMap')).toBe(true);
    expect(none.container('prefill').image).toBe(DEFAULT_NIXL_IMAGE);
    const recipe = await dryRun(['--recipe', VLLM_DISAGG]);
    expect(recipe.container('decode').image).toBe('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0');
    expect(recipe.items.some((o) => o.kind === 'ConfigMap')).toBe(true);
    const bench = await dryRun(['--image', 'registry.example/nixlbench:0.10.1']);
    expect(bench.items.some((o) => o.kind === 'ConfigMap')).toBe(false);
    expect(bench.container('prefill').command.join(' ')).toContain('nixlbench "$@"');
    const nb = await dryRun(['--engine', 'nixlbench']);
    expect(nb.container('prefill').image).toBe(DEFAULT_PROBE_IMAGE);
  });

  it('refuses what the nixl probe cannot do, in one line', async () => {
    const intra = await runCli(
      ['pair', '--dry-run', '--engine', 'nixl', '--mode', 'intra-node', '--prefill-node', 'a'],
      {
        env: { PATH: process.env.PATH, HOME: '/nonexistent', KUBECONFIG: '/nonexistent/kubeconfig' },
        cwd: repoRoot,
      },
    );
    expect(intra.code).toBe(2);
    expect(intra.stderr).toMatch(
      /^error: --engine nixl runs between two nodes only so far \(fix: use --engine nixlbench/m,
    );
    const secret = await dryRun(['--engine', 'nixl', '--image-pull-secret', 'ngc']);
    expect(secret.r.code).toBe(2);
    expect(secret.r.stderr).toMatch(
      /^error: --image-pull-secret ngc: a fresh per-run namespace holds no secrets/m,
    );
  });
});
