// `npm run package`: the CLI as one executable (Node's single executable applications) for
// linux-x64 and linux-arm64, with the templates and probe scripts embedded, each in a .tar.gz
// as krew installs it, and deploy/krew/interconnect-test.yaml with each archive's sha256.
//
//   node scripts/package.mjs [--arch x64|arm64|all] [--out DIR]     (after npm run build)
//
// Needs: esbuild and postject (devDependencies); the Node binary of each target: this Node for
// x64 when it is Linux x64, else the npm package node-linux-<arch> of the same version, fetched
// into ~/.cache/interconnect-test/node-<version>-<arch> (the arm64 one needs the registry once).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const arches = opt('--arch', 'all') === 'all' ? ['x64', 'arm64'] : [opt('--arch')];
/** --no-archive: the executables only (the test's quick build), no .tar.gz and no manifest. */
const archive = !args.includes('--no-archive');
const out = path.resolve(opt('--out', path.join(root, 'dist-bin')));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const NAME = 'kubectl-interconnect_test';

if (!existsSync(path.join(root, 'dist', 'main.js'))) throw new Error('run npm run build first (dist/main.js is missing)');
mkdirSync(out, { recursive: true });
const work = path.join(out, 'work');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// 1. The assets: what the code reads from the checkout at run time.
function walk(rel) {
  const full = path.join(root, rel);
  return statSync(full).isDirectory() ? readdirSync(full).sort().flatMap((n) => walk(path.join(rel, n))) : [rel];
}
const assets = [
  'package.json',
  'dist/build-info.json',
  'dist/render/html/style.css',
  'scripts/nixl-venv.sh',
  ...walk('templates'),
];
writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(assets));

// 2. One CommonJS file. Each module's import.meta.url points where it would be in a checkout,
//    inside the folder the entry unpacks the assets into.
const esbuild = await import('esbuild');
const metaUrl = {
  name: 'import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (a) => {
      const rel = path.relative(root, a.path).split(path.sep).join('/');
      const src = readFileSync(a.path, 'utf8').replaceAll(
        'import.meta.url',
        `require("node:url").pathToFileURL(require("node:path").join(globalThis.__interconnectTestRoot, ${JSON.stringify(rel)})).href`,
      );
      return { contents: src, loader: 'js' };
    });
  },
};
await esbuild.build({
  entryPoints: [path.join(root, 'scripts', 'sea', 'entry.mjs')],
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  outfile: path.join(work, 'bundle.cjs'),
  plugins: [metaUrl],
  logLevel: 'error',
  // Loaded only by tools that never run in the binary (playwright drives Chromium for tests).
  external: ['playwright-core'],
});

// 3. The SEA blob (no snapshot, no code cache: the same blob serves every architecture).
const seaConfig = {
  main: path.join(work, 'bundle.cjs'),
  output: path.join(work, 'sea.blob'),
  disableExperimentalSEAWarning: true,
  useSnapshot: false,
  useCodeCache: false,
  assets: Object.fromEntries([['manifest.json', path.join(work, 'manifest.json')], ...assets.map((a) => [a, path.join(root, a)])]),
};
writeFileSync(path.join(work, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));
execFileSync(process.execPath, ['--experimental-sea-config', path.join(work, 'sea-config.json')], { stdio: 'inherit' });

/** The node binary for an architecture: this one for linux-x64 here, else node-linux-<arch> from npm. */
function nodeBinary(arch) {
  if (process.platform === 'linux' && process.arch === arch) return process.execPath;
  const version = process.versions.node;
  const dir = path.join(process.env.HOME || homedir(), '.cache', 'interconnect-test', `node-${version}-${arch}`);
  const bin = path.join(dir, 'package', 'bin', 'node');
  if (!existsSync(bin)) {
    // npm pack fetches the package's tarball as it is (npm install refuses another CPU's package).
    mkdirSync(dir, { recursive: true });
    const tgz = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir, `node-linux-${arch}@${version}`], {
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['-xzf', path.join(dir, tgz), '-C', dir]);
  }
  return bin;
}

const sha = (f) => createHash('sha256').update(readFileSync(f)).digest('hex');
const platforms = [];
for (const arch of arches) {
  const dir = path.join(work, `linux-${arch}`);
  mkdirSync(dir, { recursive: true });
  const exe = path.join(dir, NAME);
  copyFileSync(nodeBinary(arch), exe);
  chmodSync(exe, 0o755);
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'postject', 'dist', 'cli.js'), exe, 'NODE_SEA_BLOB', seaConfig.output, '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // kubectl's completion for plugins: an executable beside the plugin (kubectl 1.26+).
  writeFileSync(path.join(dir, 'kubectl_complete-interconnect_test'), `#!/bin/sh\nexec "$(dirname "$0")/${NAME}" __complete "$@"\n`, { mode: 0o755 });
  const extra = existsSync(path.join(root, 'LICENSE')) ? ['LICENSE'] : [];
  for (const f of extra) copyFileSync(path.join(root, f), path.join(dir, f));
  if (!archive) {
    console.log(`${path.relative(root, exe)}  ${statSync(exe).size} bytes`);
    continue;
  }
  const tarball = path.join(out, `interconnect-test-v${pkg.version}-linux-${arch}.tar.gz`);
  execFileSync('tar', ['-C', dir, '--owner=0', '--group=0', '--numeric-owner', '--mtime=@0', '-czf', tarball, NAME, 'kubectl_complete-interconnect_test', ...extra]);
  platforms.push({ arch, archive: tarball, sha256: sha(tarball), exe });
  console.log(`${path.relative(root, tarball)}  ${statSync(exe).size} bytes unpacked  sha256 ${sha(tarball)}`);
}
if (!archive) process.exit(0);

// 4. The krew manifest (krew.sigs.k8s.io/v1alpha2 Plugin), one platform per archive.
const manifest = `apiVersion: krew.googlecontainertools.github.com/v1alpha2
kind: Plugin
metadata:
  name: interconnect-test
spec:
  version: v${pkg.version}
  homepage: https://github.com/interconnect-test/interconnect-test
  shortDescription: Certify a GPU cluster's fabric before trusting disaggregated serving on it
  description: |
    Checks RDMA, NVLink and NIXL over UCX between GPU nodes before NVIDIA Dynamo disaggregated
    serving is trusted on them: read-only probes, a real transfer between two nodes in a scratch
    namespace, fleet sweeps, and an offline reader of pasted tool output.
  platforms:
${platforms
  .map(
    (p) => `  - selector:
      matchLabels:
        os: linux
        arch: ${p.arch === 'x64' ? 'amd64' : 'arm64'}
    uri: https://github.com/interconnect-test/interconnect-test/releases/download/v${pkg.version}/${path.basename(p.archive)}
    sha256: ${p.sha256}
    bin: ${NAME}
    files:
      - from: ${NAME}
        to: .
      - from: kubectl_complete-interconnect_test
        to: .${existsSync(path.join(root, 'LICENSE')) ? '\n      - from: LICENSE\n        to: .' : ''}`,
  )
  .join('\n')}
`;
mkdirSync(path.join(root, 'deploy', 'krew'), { recursive: true });
if (arches.length === 2) writeFileSync(path.join(root, 'deploy', 'krew', 'interconnect-test.yaml'), manifest);
writeFileSync(path.join(out, 'interconnect-test.yaml'), manifest);
