import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { arr, obj, type Rec, str } from './raw.js';

/**
 * Which kustomize directories of env's input are rendered, and which files they consume.
 *
 * A directory holding a kustomization is what `kubectl apply -k` deploys: env renders it
 * (kustomize.ts) and reads the rendered documents instead of its raw files. Bases and
 * components that another kustomization of the input lists are rendered only through it, and
 * every file a rendered kustomization lists (resources, patches, generator files) is read only
 * through the render, never again as a separate fragment. Kustomize's own rules, with sources
 * in references/kustomize.md.
 */

/** kustomize's konfig.RecognizedKustomizationFileNames, in its order (api/konfig/general.go:10). */
export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'] as const;

/** A kustomization file larger than this is not one (they are a few hundred bytes). */
const MAX_KUSTOMIZATION_BYTES = 1024 * 1024;

/** One kustomization directory env renders. */
export interface KustomizeRoot {
  /** The directory, absolute. */
  dir: string;
  /** Its kustomization file as shown to people (the walk's name for it). */
  shown: string;
  /** The directory as shown to people. */
  shownDir: string;
  /** Why it is not rendered (a remote base, a missing resource, an unreadable kustomization). */
  refused?: string;
  /** A kind: Component: applied only by a kustomization that lists it, never built alone. */
  component?: boolean;
}

interface KustInfo {
  component: boolean;
  /** Local kustomization directories it lists (resources, bases, components, generators…). */
  dirs: string[];
  /** Local files it reads (resources, patches, generator sources, openapi…). */
  files: string[];
  /** The first entry kustomize would fetch or that is not there: why it cannot be rendered here. */
  refused?: string;
}

/** A reference kustomize fetches over the network: a URL (http, https, git, ssh, file) or `git@host:`. */
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@|[\w.-]+\.[a-z]{2,}\/[\w.-]+\/[\w.-]+.*(?:\?ref=|\/\/))/i;

async function kindOfPath(abs: string): Promise<'dir' | 'file' | undefined> {
  const st = await stat(abs).catch(() => undefined);
  return st?.isDirectory() ? 'dir' : st?.isFile() ? 'file' : undefined;
}

/** The kustomization file of a directory, by kustomize's names in its order; undefined when none. */
export async function kustomizationIn(dir: string): Promise<string | undefined> {
  for (const name of KUSTOMIZATION_FILES) {
    const f = path.join(dir, name);
    if ((await kindOfPath(f)) === 'file') return f;
  }
  return undefined;
}

/** The string entries of a list field (an inline patch or an object entry is not a path). */
const paths = (v: unknown): string[] =>
  arr(v)
    .map((x) => str(x))
    .filter((x): x is string => x !== undefined && !x.includes('\n'));

/** What one kustomization file lists, split into directories, files and what env will not fetch. */
async function readKustomization(dir: string, file: string): Promise<KustInfo> {
  const info: KustInfo = { component: false, dirs: [], files: [file] };
  let k: Rec | undefined;
  try {
    const st = await stat(file);
    if (st.size > MAX_KUSTOMIZATION_BYTES) throw new Error(`over ${MAX_KUSTOMIZATION_BYTES} bytes`);
    k = obj(parse(await readFile(file, 'utf8'), { maxAliasCount: 100, logLevel: 'silent' }));
  } catch (err) {
    info.refused = `its kustomization cannot be read: ${(err as Error).message.split('\n')[0]}`;
    return info;
  }
  info.component = str(k?.kind) === 'Component';
  const shownRef = (r: string) => path.relative(dir, path.resolve(dir, r)) || r;
  // Entries kustomize loads as a file or, failing that, as a kustomization directory or a git
  // repository (api/internal/target/kusttarget.go:418 accumulateResources; generators and
  // transformers go the same way).
  const bases = [
    ...paths(k?.resources),
    ...paths(k?.bases),
    ...paths(k?.components),
    ...paths(k?.generators),
    ...paths(k?.transformers),
    ...paths(k?.validators),
  ];
  // Entries kustomize loads as files only (http(s) URLs fetched: api/internal/loader/fileloader.go:320).
  const generatorFiles = [...arr(k?.configMapGenerator), ...arr(k?.secretGenerator)].flatMap((g) => {
    const o = obj(g);
    return [...paths(o?.files).map((f) => f.slice(f.indexOf('=') + 1)), ...paths(o?.envs), str(o?.env)];
  });
  const files = [
    ...arr(k?.patches).map((p) => (typeof p === 'string' ? p : str(obj(p)?.path))),
    ...paths(k?.patchesStrategicMerge),
    ...arr(k?.patchesJson6902).map((p) => str(obj(p)?.path)),
    ...arr(k?.replacements).map((p) => str(obj(p)?.path)),
    ...paths(k?.crds),
    ...paths(k?.configurations),
    str(obj(k?.openapi)?.path),
    ...generatorFiles,
  ].filter((x): x is string => x !== undefined && x !== '');
  for (const ref of [...bases, ...files]) {
    if (REMOTE.test(ref)) {
      info.refused ??= `it lists a remote ${bases.includes(ref) ? 'base' : 'file'}, ${ref}: env never fetches (no network)`;
      continue;
    }
    const abs = path.resolve(dir, ref);
    const kind = await kindOfPath(abs);
    if (kind === 'dir' && bases.includes(ref)) info.dirs.push(abs);
    else if (kind === 'file') info.files.push(abs);
    else
      info.refused ??= `${shownRef(ref)} is not a local ${bases.includes(ref) ? 'file or directory' : 'file'} (kustomize would try to fetch it as a git URL; env never fetches)`;
  }
  return info;
}

/** Every kustomization reached from `dir` (itself included), read once each through `cache`. */
async function closure(
  dir: string,
  cache: Map<string, KustInfo | undefined>,
): Promise<{ infos: KustInfo[]; dirs: string[] }> {
  const infos: KustInfo[] = [];
  const dirs: string[] = [];
  const queue = [dir];
  const seen = new Set<string>();
  while (queue.length) {
    const d = queue.shift() as string;
    if (seen.has(d)) continue;
    seen.add(d);
    if (!cache.has(d)) {
      const file = await kustomizationIn(d);
      cache.set(d, file ? await readKustomization(d, file) : undefined);
    }
    const info = cache.get(d);
    if (!info) continue;
    infos.push(info);
    dirs.push(d);
    queue.push(...info.dirs);
  }
  return { infos, dirs };
}

/** What the planner needs of each input file: where it is, how it is shown, whether it was named. */
export interface PlanFile {
  abs: string;
  shown: string;
  named?: boolean;
}

export interface KustomizePlan {
  /** The kustomization directories to render, each at the walk position of its kustomization file. */
  roots: Map<string, KustomizeRoot>;
  /** Files read only through a render (absolute). */
  consumed: Set<string>;
}

/**
 * The kustomize directories among the input: those of walked files and of kustomization files
 * named on the command line (a patch named alone is read as itself), and named directories.
 * A directory another one lists (a base, a component) is rendered only through it.
 */
export async function planKustomize(
  files: readonly PlanFile[],
  namedDirs: readonly { abs: string; shown: string }[] = [],
): Promise<KustomizePlan> {
  const candidates = new Map<string, string>();
  for (const d of namedDirs) candidates.set(d.abs, d.shown);
  for (const f of files) {
    if (f.abs === '-') continue;
    const named = f.named === true;
    const base = path.basename(f.abs);
    if (named && !(KUSTOMIZATION_FILES as readonly string[]).includes(base)) continue;
    const dir = path.dirname(f.abs);
    if (!candidates.has(dir)) candidates.set(dir, path.dirname(f.shown));
  }
  const cache = new Map<string, KustInfo | undefined>();
  const referenced = new Set<string>();
  const consumed = new Set<string>();
  const found: KustomizeRoot[] = [];
  for (const [dir, shownDir] of candidates) {
    const file = await kustomizationIn(dir);
    if (!file) continue;
    const { infos, dirs } = await closure(dir, cache);
    for (const d of dirs.slice(1)) referenced.add(d);
    for (const i of infos) for (const f of i.files) consumed.add(f);
    const head = infos[0] as KustInfo;
    const refused = infos.find((i) => i.refused)?.refused;
    found.push({
      dir,
      shown: path.join(shownDir, path.basename(file)),
      shownDir,
      ...(refused ? { refused } : {}),
      ...(head.component ? { component: true } : {}),
    });
  }
  const roots = new Map<string, KustomizeRoot>();
  for (const r of found) if (!referenced.has(r.dir)) roots.set(r.dir, r);
  return { roots, consumed };
}
