// The layer rule of docs/architecture.md, checked in `npm test` (npm run layers).
// A top-level folder of src/ imports only from folders on a lower layer; nothing imports
// src/tools/; no import loop anywhere (type-only imports and lazy import() count).
/** Bottom up. Folders on one line are one layer and do not import each other. */
const LAYERS = [
  ['core', 'version.ts'],
  ['procs', 'parsers'],
  ['kube', 'judge'],
  ['scratch', 'engines', 'classify'],
  ['env', 'read'],
  ['probes'],
  ['nixl', 'watch'],
  ['pair'],
  ['sweep'],
  ['render'],
  ['commands'],
  ['main.ts'],
  ['cli.ts'],
  ['tools'],
];

const esc = (s) => s.replace(/[.]/g, '\\.');
const path = (name) => (name.endsWith('.ts') ? `^src/${esc(name)}$` : `^src/${esc(name)}/`);

const layerRules = LAYERS.flatMap((layer, index) =>
  layer.flatMap((name) => {
    const notBelow = LAYERS.slice(index).flat().filter((other) => other !== name);
    if (notBelow.length === 0) return [];
    return [{
      name: `layer:${name}`,
      comment: `src/${name} is on layer ${index} (${layer.join(', ')}): it may import only from ${
        LAYERS.slice(0, index).flat().join(', ') || 'nothing in src'
      } (docs/architecture.md)`,
      severity: 'error',
      from: { path: path(name), pathNot: '\\.test\\.ts$' },
      to: { path: `(${notBelow.map(path).join('|')})` },
    }];
  }),
);

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'layer:unknown',
      comment: 'every top-level entry of src/ has a place in the layer order (add it to LAYERS and docs/architecture.md)',
      severity: 'error',
      from: { path: '^src/', pathNot: `(${LAYERS.flat().map(path).join('|')})` },
      to: {},
    },
    {
      name: 'no-import-of-tools',
      comment: 'src/tools/ (benches, schema and catalog writers) sits on top: nothing imports it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/tools/' },
      to: { path: '^src/tools/' },
    },
    {
      name: 'engine-private',
      comment:
        'a file inside src/engines/<engine>/ is private to that engine: outside src/engines/ only src/engines/*.ts (registry, types, choose, the shared NIXL probe) is imported (docs/architecture.md)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/engines/' },
      to: { path: '^src/engines/[^/]+/' },
    },
    {
      name: 'pair-rooms-private',
      comment:
        "pair/plan, pair/pods, pair/verdict and pair/steps are pair's own rooms: nothing outside src/pair/ imports them (use pair/run.ts, pair/options/, pair/sections.ts)",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/pair/' },
      to: { path: '^src/pair/(plan|pods|verdict|steps)/' },
    },
    {
      name: 'sweep-uses-pair-run-and-options',
      comment:
        "sweep/ uses pair's run (pair/run.ts) and its options and config (pair/options/) only; what both create and remove is in scratch/",
      severity: 'error',
      from: { path: '^src/sweep/' },
      to: { path: '^src/pair/', pathNot: '^src/pair/(run\\.ts$|options/)' },
    },
    {
      name: 'pair-options-below-rooms',
      comment:
        "pair/options/ (flags, options, config) is pair's lowest room: it imports no other room of pair/ (plan, pods, verdict, steps, in-place, local) nor pair's root",
      severity: 'error',
      from: { path: '^src/pair/options/' },
      to: { path: '^src/pair/', pathNot: '^src/pair/options/' },
    },
    {
      name: 'no-forwarding-re-export',
      comment:
        'no `export … from` across top-level folders: import a thing from the folder that declares it (PodRole from engines/types.ts)',
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { pathNot: '^src/$1/', dependencyTypes: ['export'] },
    },
    {
      name: 'no-loop',
      comment: 'no import loop between files (type-only imports and lazy import() count)',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
