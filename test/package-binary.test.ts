import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { builtCli } from './helpers/cli.js';
import { repoRoot } from './helpers/fixtures.js';
import { describeNeeding, need, precondition } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

/**
 * `npm run package`: the CLI as one executable (Node's single executable applications, the
 * templates and probe scripts embedded). Built once here for this machine's architecture, into
 * dist-bin/test (rebuilt only when dist/ is newer), and run with no Node on PATH at all.
 */

const OUT = path.join(repoRoot, 'dist-bin', 'test');
const EXE = path.join(OUT, 'work', `linux-${process.arch}`, 'kubectl-interconnect_test');
const RECIPE = path.join(repoRoot, 'test/fixtures/recipes/qwen3-32b-fp8/vllm/disagg/deploy.yaml');
const LOG = path.join(repoRoot, 'test/fixtures/nixlbench/ucx-vram-h200-cx7-400g-degraded.log');

const tooling = precondition(
  'esbuild and postject (devDependencies) and a Linux x64 or arm64 Node',
  !existsSync(path.join(repoRoot, 'node_modules', 'esbuild')) ||
    !existsSync(path.join(repoRoot, 'node_modules', 'postject'))
    ? 'not installed (npm ci)'
    : process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)
      ? `${process.platform}-${process.arch} is not a packaged platform`
      : undefined,
);

/** A PATH with everything of this one but Node (node, npm, npx, corepack), as links in one folder. */
function pathWithoutNode(): string {
  const bin = mkdtempSync(path.join(tmpdir(), 'it-no-node-'));
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (!dir || !existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (/^(node|nodejs|npm|npx|corepack)$/.test(name) || existsSync(path.join(bin, name))) continue;
      try {
        symlinkSync(path.join(dir, name), path.join(bin, name));
      } catch {
        // a name that came twice
      }
    }
  }
  return bin;
}

let noNodePath = '';
let home = '';

function newest(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((m, e) => Math.max(m, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
}

beforeAll(() => {
  if (tooling.problem) return;
  const stale =
    !existsSync(EXE) ||
    statSync(EXE).mtimeMs <
      Math.max(newest(path.join(repoRoot, 'dist')), newest(path.join(repoRoot, 'templates')));
  if (stale)
    execFileSync(process.execPath, ['scripts/package.mjs', '--arch', process.arch, '--out', OUT], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
  noNodePath = pathWithoutNode();
  home = mkdtempSync(path.join(tmpdir(), 'it-bin-home-'));
}, 600_000);

/** The binary with no Node on PATH and an empty HOME; its exit code and output. */
function bin(args: string[], cwd = repoRoot) {
  const r = spawnSync(EXE, args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: noNodePath,
      HOME: home,
      NO_COLOR: '1',
      KUBECONFIG: '/nonexistent/kubeconfig',
      INTERCONNECT_TEST_RUN_ID: 'binarytest',
    },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same command through `node dist/cli.js`, for comparison. */
function node(args: string[]) {
  const r = spawnSync(process.execPath, [builtCli, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: home,
      NO_COLOR: '1',
      KUBECONFIG: '/nonexistent/kubeconfig',
      INTERCONNECT_TEST_RUN_ID: 'binarytest',
    },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describeNeeding([tooling], 'the single executable, with Node removed from PATH', () => {
  it('no Node is reachable on that PATH', () => {
    expect(
      spawnSync('sh', ['-c', 'command -v node npm npx'], { env: { PATH: noNodePath } }).stdout.toString(),
    ).toBe('');
  });

  it('--version, and help under the plugin name', () => {
    const v = bin(['--version']);
    expect([v.code, v.stdout.split('\n')[0]]).toEqual([
      0,
      `interconnect-test ${JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version}`,
    ]);
    expect(v.stdout).toMatch(/^commit: [0-9a-f]{7,}$/m);
    expect(bin(['pair', '--help']).stdout).toMatch(/^Usage: kubectl interconnect-test pair /);
  });

  it('env and read: what node dist/cli.js prints', () => {
    for (const args of [
      ['env', RECIPE, '-o', 'json'],
      ['read', 'nixlbench', LOG, '--min-bandwidth', '40'],
    ]) {
      const a = bin(args);
      const b = node(args);
      const strip = (s: string) => s.replace(/"generatedAt": "[^"]+"/, '');
      expect([a.code, strip(a.stdout)], args.join(' ')).toEqual([b.code, strip(b.stdout)]);
    }
  });

  it('pair --dry-run renders the embedded templates', () => {
    const args = [
      'pair',
      '--prefill-node',
      'gpu-a',
      '--decode-node',
      'gpu-b',
      '--dry-run',
      '--kubeconfig',
      'docs/examples/unreachable.kubeconfig',
      '-q',
    ];
    const a = bin(args);
    const b = node(args);
    expect(a.code).toBe(b.code);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('kind: Job');
  });

  it('pair --local with the engine found as today (ucx_perftest)', (ctx) => {
    need(ctx, tools('ucx_perftest'));
    const r = bin([
      'pair',
      '--local',
      '--engine',
      'ucx_perftest',
      '--sizes',
      '4K,64K',
      '--iters',
      '20',
      '-q',
    ]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect([0, 1]).toContain(r.code);
    expect(r.stdout).toMatch(/^ {2}OK {6}pair\.engine {2}ucx_perftest \(/m);
    expect(r.stdout).toMatch(/^Verdict: /m);
  });

  it("kubectl's plugin completion: kubectl_complete-interconnect_test answers in Cobra's protocol", () => {
    const r = spawnSync(path.join(path.dirname(EXE), 'kubectl_complete-interconnect_test'), ['read', 'ibs'], {
      encoding: 'utf8',
      env: { PATH: noNodePath, HOME: home },
    });
    expect([r.status, r.stdout]).toEqual([0, 'ibstat\nibstatus\n:4\n']);
  });

  it('unpacks its templates once, into a folder named after their contents', () => {
    const dirs = readdirSync(path.join(home, '.cache', 'interconnect-test')).filter((d) =>
      d.startsWith('bin-'),
    );
    expect(dirs).toHaveLength(1);
    const job = readFileSync(
      path.join(home, '.cache', 'interconnect-test', dirs[0] as string, 'templates', 'job.yaml.hbs'),
    );
    expect(job.equals(readFileSync(path.join(repoRoot, 'templates', 'job.yaml.hbs')))).toBe(true);
  });
});

describeNeeding([tooling], 'the krew manifest', () => {
  it('deploy/krew/interconnect-test.yaml: both Linux platforms, the plugin and its completion', () => {
    const m = parseYaml(
      readFileSync(path.join(repoRoot, 'deploy', 'krew', 'interconnect-test.yaml'), 'utf8'),
    );
    expect(m.kind).toBe('Plugin');
    expect(
      m.spec.platforms.map(
        (p: { selector: { matchLabels: { arch: string } } }) => p.selector.matchLabels.arch,
      ),
    ).toEqual(['amd64', 'arm64']);
    for (const p of m.spec.platforms) {
      expect(p.bin).toBe('kubectl-interconnect_test');
      expect(p.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(p.files.map((f: { from: string }) => f.from)).toEqual(
        expect.arrayContaining(['kubectl-interconnect_test', 'kubectl_complete-interconnect_test']),
      );
    }
  });

  it('the sha256 written is that of the archive built (this architecture, by the build above)', () => {
    const out = OUT;
    const manifest = parseYaml(readFileSync(path.join(out, 'interconnect-test.yaml'), 'utf8'));
    const archive = readdirSync(out).find((f) => f.endsWith(`linux-${process.arch}.tar.gz`)) as string;
    const sha = createHash('sha256')
      .update(readFileSync(path.join(out, archive)))
      .digest('hex');
    expect(manifest.spec.platforms[0].sha256).toBe(sha);
    expect(manifest.spec.platforms[0].uri).toMatch(new RegExp(`/${archive.replace(/\./g, '\\.')}$`));
    const listing = execFileSync('tar', ['-tzf', path.join(out, archive)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listing).toEqual(
      expect.arrayContaining(['kubectl-interconnect_test', 'kubectl_complete-interconnect_test']),
    );
  });
});
