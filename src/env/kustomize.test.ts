import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/helpers/fixtures.js';
import { need } from '../../test/helpers/preconditions.js';
import { toolPath, tools } from '../../test/helpers/tools.js';
import { runBounded } from '../procs/bounded-run.js';
import {
  errorLine,
  kustomizeCheck,
  lineInSource,
  renderEnv,
  renderKustomization,
  takeOrigin,
} from './kustomize.js';
import { planKustomize } from './kustomize-plan.js';
import { expandPaths } from './walk.js';

/**
 * The kustomize rendering of env (kustomize-plan.ts, kustomize.ts) on the real upstream Dynamo
 * overlays of test/fixtures/upstream-kustomize (ai-dynamo/dynamo 2a6da14c, copied unchanged)
 * and on small overlays written here; rendering runs the real kubectl.
 */

const UP = fixturePath('upstream-kustomize');
const Q32 = 'recipes/qwen3-32b/vllm/cloud-providers/kustomize';
const CAPS = { maxFiles: 5000, maxTotalBytes: 64 * 1024 * 1024 };

const scratch = mkdtempSync(path.join(tmpdir(), 'env-kustomize-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(scratch, name);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), text);
  }
  return root;
}

describe('which directories are rendered (planKustomize through the walk)', () => {
  it('the upstream tree: each overlay is rendered once; its base and components only through it; no raw patch is read', async () => {
    const { files } = await expandPaths(['recipes'], UP, CAPS);
    const rendered = files.filter((f) => f.kustomize).map((f) => f.shown);
    expect(rendered).toEqual([
      // A Component no overlay here lists: listed (kustomize-read.ts), never built alone.
      'recipes/kustomize/components/aws-efa-p8d16/kustomization.yaml',
      ...['aws-p6-b200.48xlarge', 'gcp-roce', 'generic', 'nscale-ib'].map(
        (o) =>
          `recipes/qwen3-235b-a22b-fp8/trtllm/disagg/blackwell/kustomize/overlays/${o}/kustomization.yaml`,
      ),
      ...['aks-ib', 'aws-p5.48xlarge', 'gke-roce', 'nebius-ib', 'nscale-ib'].map(
        (o) => `${Q32}/overlays/${o}/kustomization.yaml`,
      ),
    ]);
    expect(files.filter((f) => f.kustomize?.component).map((f) => f.shown)).toEqual([rendered[0]]);
    // Every YAML file of the tree is read through an overlay: none is left to read as itself.
    expect(files.filter((f) => !f.kustomize)).toEqual([]);
  });

  it('a patch named alone is read as itself; its kustomization named is rendered', async () => {
    const patch = `${Q32}/components/vllm-efa-runtime/patch-dgd.yaml`;
    const alone = await expandPaths([patch], UP, CAPS);
    expect(alone.files.map((f) => [f.shown, f.kustomize !== undefined])).toEqual([[patch, false]]);
    const named = await expandPaths([`${Q32}/overlays/aks-ib/kustomization.yaml`], UP, CAPS);
    expect(named.files.map((f) => f.kustomize?.dir)).toEqual([path.join(UP, Q32, 'overlays/aks-ib')]);
  });

  it('a remote base anywhere below an overlay, or a resource that is not there, is refused before anything runs', async () => {
    const root = tree('remote', {
      'base/kustomization.yaml':
        'resources:\n- github.com/kubernetes-sigs/kustomize//examples/helloWorld?ref=v5.5.0\n',
      'overlay/kustomization.yaml': 'resources:\n- ../base\n',
      'https/kustomization.yaml': 'resources:\n- https://example.com/deploy.yaml\n',
      'missing/kustomization.yaml': 'resources:\n- deploy.yaml\n',
    });
    const plan = await planKustomize(
      [],
      ['overlay', 'https', 'missing'].map((d) => ({ abs: path.join(root, d), shown: d })),
    );
    expect([...plan.roots.values()].map((r) => [r.shownDir, r.refused])).toEqual([
      [
        'overlay',
        'it lists a remote base, github.com/kubernetes-sigs/kustomize//examples/helloWorld?ref=v5.5.0: env never fetches (no network)',
      ],
      ['https', 'it lists a remote base, https://example.com/deploy.yaml: env never fetches (no network)'],
      [
        'missing',
        'deploy.yaml is not a local file or directory (kustomize would try to fetch it as a git URL; env never fetches)',
      ],
    ]);
    const r = await renderKustomization(plan.roots.get(path.join(root, 'overlay')) as never, {
      limitBytes: 1e6,
    });
    expect(r).toEqual({
      why: 'not rendered: it lists a remote base, github.com/kubernetes-sigs/kustomize//examples/helloWorld?ref=v5.5.0: env never fetches (no network); render it yourself: kubectl kustomize overlay | interconnect-test env -',
    });
  });
});

/** A render tool run as env runs it (no PATH, every proxy closed) on a remote base: it must fail; its error line. */
async function refusedFetch(argv: string[]): Promise<string> {
  const run = await runBounded(argv, {
    env: renderEnv(scratch),
    cwd: scratch,
    timeoutMs: 30_000,
    limitBytes: 1e6,
  });
  expect(run.code).not.toBe(0);
  expect(run.stdout.length).toBe(0);
  return errorLine(run.stderr, scratch);
}

/** An overlay whose patch names a ConfigMap that is not there: kustomize refuses it. */
const badPatch = (name: string) =>
  tree(name, {
    'kustomization.yaml': 'resources:\n- d.yaml\npatches:\n- path: p.yaml\n',
    'd.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n',
    'p.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: not-there}\ndata: {x: "1"}\n',
  });

/** The aws-p5 overlay rendered by the tool `pathVar` finds: the component applied, the origin its base file. */
async function expectUpstreamOverlay(pathVar: string | undefined, tool: string): Promise<void> {
  const dir = path.join(UP, Q32, 'overlays/aws-p5.48xlarge');
  const r = await renderKustomization(
    { dir, shown: 'o/kustomization.yaml', shownDir: 'o' },
    { limitBytes: 4 * 1024 * 1024, ...(pathVar === undefined ? {} : { pathVar }) },
  );
  if ('why' in r) throw new Error(r.why);
  expect(r.tool).toBe(tool);
  const text = r.bytes.toString('utf8');
  expect(text).toContain('vpc.amazonaws.com/efa'); // from the aws-efa-p16d16 component
  const origin = /config\.kubernetes\.io\/origin: \|\n\s+path: (\S+)/.exec(text)?.[1] as string;
  expect(path.resolve(r.originDir, origin)).toBe(path.join(UP, Q32, 'base/deploy.yaml'));
}

describe('rendering with the real kubectl', () => {
  it('an upstream overlay: its DGD built with the components applied, each object naming its source file', async (ctx) => {
    need(ctx, tools('kubectl'));
    await expectUpstreamOverlay(process.env.PATH, 'kubectl kustomize');
  });

  it('with no PATH and every proxy closed, kubectl cannot fetch a remote base even if asked (no git, proxy refused)', async (ctx) => {
    need(ctx, tools('kubectl'));
    // The pre-check above refuses this first; here the render environment alone is tried.
    const root = tree('remote-run', {
      'kustomization.yaml': 'resources:\n- https://example.com/a.yaml\n- github.com/org/repo//dir?ref=v1\n',
    });
    expect(await refusedFetch([toolPath('kubectl'), 'kustomize', root])).toMatch(
      /proxyconnect tcp: dial tcp 127\.0\.0\.1:9: connect: connection refused/,
    );
  });

  it('a kustomize error is one line: what kubectl said, without its klog prefix, the temporary path or control characters', async (ctx) => {
    need(ctx, tools('kubectl'));
    const root = badPatch('bad-patch');
    const r = await renderKustomization(
      { dir: root, shown: 'b/kustomization.yaml', shownDir: 'b' },
      { limitBytes: 1e6 },
    );
    expect('why' in r && r.why).toMatch(
      /^not rendered: kubectl kustomize failed: .*no resource matches strategic merge patch .*not-there/,
    );
    expect('why' in r && r.why).not.toMatch(/\n|\x1b|E\d{4} |run\.go|interconnect-test-kustomize-/);
  });
});

describe("kustomize's own refusals, each one line", () => {
  it('a render past its time limit is stopped and named, with the way by hand', async (ctx) => {
    need(ctx, tools('kubectl'));
    const dir = path.join(UP, Q32, 'overlays/aks-ib');
    // No kubectl starts, let alone renders, within a millisecond: the limit is what stops it.
    const r = await renderKustomization(
      { dir, shown: 'a/kustomization.yaml', shownDir: 'a' },
      { limitBytes: 1e6, timeoutMs: 1 },
    );
    expect(r).toEqual({
      why: 'not rendered: kubectl kustomize ran past 0.001 s and was stopped; render it yourself: kubectl kustomize a | interconnect-test env -',
    });
  });

  it('a render that writes more than the input limit is stopped, not read cut', async (ctx) => {
    need(ctx, tools('kubectl'));
    const dir = path.join(UP, Q32, 'overlays/aks-ib');
    const r = await renderKustomization(
      { dir, shown: 'a/kustomization.yaml', shownDir: 'a' },
      { limitBytes: 1024 },
    );
    expect(r).toEqual({
      why: 'not rendered: kubectl kustomize wrote more than 1 KiB, the limit of one input, and was stopped',
    });
  });

  it("a patch outside the kustomization root: the root-only load restrictor refuses it (klog's several-line err=<…>)", async (ctx) => {
    need(ctx, tools('kubectl'));
    const root = tree('outside', {
      'outside.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n',
      'o/d.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n',
      'o/kustomization.yaml': 'resources:\n- d.yaml\npatches:\n- path: ../outside.yaml\n',
    });
    const r = await renderKustomization(
      { dir: path.join(root, 'o'), shown: 'o/kustomization.yaml', shownDir: 'o' },
      { limitBytes: 1e6 },
    );
    expect(r).toEqual({
      why:
        'not rendered: kubectl kustomize failed: trouble configuring builtin PatchTransformer with config: ` path: ../outside.yaml `: ' +
        `failed to get the patch file from path(../outside.yaml): security; file '${path.join(root, 'outside.yaml')}' is not in or below 'o'`,
    });
  });
});

describe('rendering with the real standalone kustomize (no kubectl on PATH)', () => {
  /**
   * A PATH of one directory holding a link to kustomize and nothing else, so env falls back to
   * `kustomize build` even where kubectl shares kustomize's directory (the fresh-clone stage links
   * every tool into one).
   */
  const onlyKustomize = () => {
    const dir = path.join(scratch, 'only-kustomize');
    if (!existsSync(path.join(dir, 'kustomize'))) {
      mkdirSync(dir, { recursive: true });
      symlinkSync(toolPath('kustomize'), path.join(dir, 'kustomize'));
    }
    return dir;
  };

  it('an upstream overlay: built with its components, each object naming its source file', async (ctx) => {
    need(ctx, tools('kustomize'));
    await expectUpstreamOverlay(onlyKustomize(), 'kustomize build');
  });

  it("its error is one line: kustomize's `Error: …` without the prefix, the temporary path or control characters", async (ctx) => {
    need(ctx, tools('kustomize'));
    const root = badPatch('bad-patch-standalone');
    const r = await renderKustomization(
      { dir: root, shown: 'b/kustomization.yaml', shownDir: 'b' },
      { limitBytes: 1e6, pathVar: onlyKustomize() },
    );
    expect('why' in r && r.why).toMatch(
      /^not rendered: kustomize build failed: .*no resource matches strategic merge patch .*not-there/,
    );
    expect('why' in r && r.why).not.toMatch(/\n|\x1b|^Error:|Usage:|interconnect-test-kustomize-/);
  });

  it('with no PATH and every proxy closed, it cannot fetch a remote base either', async (ctx) => {
    need(ctx, tools('kustomize'));
    const root = tree('remote-run-standalone', {
      'kustomization.yaml': 'resources:\n- https://example.com/a.yaml\n',
    });
    expect(await refusedFetch([toolPath('kustomize'), 'build', root])).toMatch(
      /127\.0\.0\.1:9: connect: connection refused/,
    );
  });
});

describe('the bounds of a render', () => {
  it('its environment carries nothing of ours: no PATH, no token, no kubeconfig of the user', () => {
    const env = renderEnv('/tmp/x');
    expect(env.PATH).toBe('');
    expect(Object.keys(env).filter((k) => /TOKEN|KEY|SECRET|PASSWORD|AWS|GITHUB/i.test(k))).toEqual([]);
    expect(env.KUBECONFIG).toBe('/tmp/x/no-kubeconfig');
  });
});

describe('where a rendered object is written', () => {
  const source = [
    '# a comment',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: conf',
    '---',
    '',
    'apiVersion: nvidia.com/v1alpha1',
    'kind: DynamoGraphDeployment',
    'metadata:',
    '  name: graph',
  ].join('\n');

  it('the document of that kind and name (kustomize may have prefixed the name), at its first content line', () => {
    expect(lineInSource(source, 'DynamoGraphDeployment', 'prod-graph')).toBe(8);
    expect(lineInSource(source, 'ConfigMap', 'conf')).toBe(2);
    expect(lineInSource(source, 'Deployment', 'x')).toBe(1);
  });

  it('the origin annotation is taken off the object and resolved against the render root', () => {
    const value = {
      metadata: {
        name: 'a',
        annotations: { 'config.kubernetes.io/origin': 'path: ../up/base/deploy.yaml\n' },
      },
    };
    expect(takeOrigin(value, '/tmp/w')).toBe('/tmp/up/base/deploy.yaml');
    expect(value.metadata).toEqual({ name: 'a' });
    const remote = {
      metadata: {
        annotations: { 'config.kubernetes.io/origin': 'path: a.yaml\nrepo: https://x\n', keep: 'y' },
      },
    };
    expect(takeOrigin(remote, '/tmp/w')).toBeUndefined();
    expect(remote.metadata.annotations).toEqual({ keep: 'y' });
  });
});

describe('env.kustomize', () => {
  const skip = (file: string, why: string) => ({ file, doc: 0, line: 1, kind: 'Kustomization', why });
  it('a kustomization not rendered is a FAIL naming each directory once per reason, with how to render it by hand', () => {
    const c = kustomizeCheck(
      [
        skip(
          'a/kustomization.yaml',
          'not rendered: neither kubectl nor kustomize is on PATH; render it yourself: kubectl kustomize a | interconnect-test env -',
        ),
        skip(
          'b/kustomization.yaml',
          'not rendered: neither kubectl nor kustomize is on PATH; render it yourself: kubectl kustomize b | interconnect-test env -',
        ),
      ],
      [],
    );
    expect(c).toEqual({
      id: 'env.kustomize',
      status: 'fail',
      detail:
        '2 kustomizations not rendered, what they deploy unchecked — neither kubectl nor kustomize is on PATH: a, b',
      subject: 'a/kustomization.yaml',
      fix: 'render each yourself: kubectl kustomize a | interconnect-test env - (or install kubectl and run env again)',
    });
  });

  it('rendered ones are one ok line that does not count for the verdict; none at all is no check', () => {
    expect(kustomizeCheck([], ['o/kustomization.yaml'])).toMatchObject({ status: 'ok', matters: false });
    expect(kustomizeCheck([{ ...skip('c/kustomization.yaml', 'x'), doc: 1 }], [])).toBeUndefined();
  });
});
