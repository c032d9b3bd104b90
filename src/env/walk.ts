import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ToolError, ToolErrors } from '../core/errors.js';
import { fileKind, NOT_REGULAR_FIX } from '../core/input.js';
import { type KustomizeRoot, kustomizationIn, planKustomize } from './kustomize-plan.js';
import type { Skipped } from './schema.js';

/** The walk of env's inputs: which files one run reads, within its file cap (load.ts reads them). */

/** The caps of one run's reading (`env --max-files`, `--max-total` raise them). */
export interface ReadCaps {
  /** Files a directory walk lists, all walks of the run together. */
  maxFiles: number;
  /** Bytes all files of the run together may have. */
  maxTotalBytes: number;
}
/** How a walk that hit the file cap says so: where it stopped. */
interface WalkState {
  seen: Set<string>;
  skipped: Skipped[];
  maxFiles: number;
  /** The first file the cap left out, once it did. */
  stoppedAt?: string;
}

const SKIP_DIRS = new Set(['.git', 'node_modules']);
const YAML_EXT = /\.ya?ml$/i;

export interface InputFile {
  abs: string;
  shown: string;
  /** Named on the command line (or `-`), not found by a walk. */
  named?: boolean;
  /** A kustomization directory: its rendered documents are read, not the file (kustomize.ts). */
  kustomize?: KustomizeRoot;
}

/** Finds the YAML files under each path (recursively for directories); a named file is read whatever its extension. */
export async function expandPaths(
  paths: readonly string[],
  cwd: string,
  caps: ReadCaps,
): Promise<{ files: InputFile[]; skipped: Skipped[] }> {
  const files: InputFile[] = [];
  const skipped: Skipped[] = [];
  const errors: ToolError[] = [];
  const state: WalkState = { seen: new Set<string>(), skipped, maxFiles: caps.maxFiles };
  const namedDirs: { abs: string; shown: string }[] = [];
  for (const given of paths) {
    if (given === '-') {
      if (!files.some((f) => f.abs === '-')) files.push({ abs: '-', shown: 'stdin', named: true });
      continue;
    }
    const abs = path.resolve(cwd, given);
    let st: Awaited<ReturnType<typeof stat>>;
    try {
      st = await stat(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      errors.push(
        new ToolError(
          `${given}: ${code === 'ENOENT' ? 'no such file or directory' : (err as Error).message}`,
          {
            fix: 'give a recipe file or directory that exists',
          },
        ),
      );
      continue;
    }
    if (!st.isDirectory() && !st.isFile()) {
      // A FIFO with no writer would wait for ever, a device may never end: a stream goes on stdin.
      errors.push(
        new ToolError(`cannot read ${given}: it is ${fileKind(st)}, not a regular file or a directory`, {
          fix: NOT_REGULAR_FIX,
        }),
      );
      continue;
    }
    if (!st.isDirectory()) {
      if (!files.some((f) => f.abs === abs)) files.push({ abs, shown: given, named: true });
      continue;
    }
    const found: { abs: string; shown: string }[] = [];
    // All walks of the run share the file cap: what earlier paths found counts.
    state.maxFiles = Math.max(0, caps.maxFiles - files.filter((f) => !f.named).length);
    await walk(abs, given, found, state);
    namedDirs.push({ abs, shown: given });
    if (found.length === 0 && state.stoppedAt === undefined && !(await kustomizationIn(abs))) {
      errors.push(
        new ToolError(`${given}: no *.yaml or *.yml files in this directory`, {
          fix: 'point env at a directory holding Dynamo recipes or Kubernetes manifests',
        }),
      );
    }
    // A file reached twice (a directory and a file in it) is read once.
    files.push(...found.filter((f) => !files.some((g) => g.abs === f.abs)));
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new ToolErrors(errors);
  const kustomized = await withKustomize(files, namedDirs);
  if (state.stoppedAt !== undefined)
    skipped.push({
      file: state.stoppedAt,
      doc: 0,
      line: 1,
      kind: '-',
      why: `not read, nor any file the walk would have found after it: this run reached its ${caps.maxFiles}-file limit (raise it with --max-files)`,
    });
  return { files: kustomized, skipped };
}

/**
 * Each kustomization directory of the input becomes one entry rendered in its place (at its
 * kustomization file, else where its directory's first file was); the files it reads are read
 * only through it (kustomize-plan.ts).
 */
async function withKustomize(
  files: readonly InputFile[],
  namedDirs: readonly { abs: string; shown: string }[],
): Promise<InputFile[]> {
  const plan = await planKustomize(files, namedDirs);
  if (plan.roots.size === 0) return [...files];
  const out: InputFile[] = [];
  const placed = new Set<string>();
  const place = (dir: string) => {
    const root = plan.roots.get(dir);
    if (!root || placed.has(dir)) return;
    placed.add(dir);
    out.push({ abs: dir, shown: root.shown, kustomize: root });
  };
  for (const f of files) {
    if (f.abs !== '-') place(path.dirname(f.abs));
    if (!plan.consumed.has(f.abs)) out.push(f);
  }
  for (const dir of plan.roots.keys()) place(dir);
  return out;
}

/**
 * Collects the *.yaml / *.yml regular files under a directory, in name order,
 * until the run's file cap: then it stops listing (a tree of 100,000 files
 * ends at once) and records the first file left out. A FIFO, socket or device
 * with such a name is skipped with a note (reading one could wait for ever or
 * never end).
 */
async function walk(dir: string, shown: string, out: { abs: string; shown: string }[], state: WalkState) {
  const { seen, skipped } = state;
  const real = await realpath(dir);
  if (seen.has(real)) return; // a symlink loop
  seen.add(real);
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (out.length === 0 && skipped.length === 0 && seen.size === 1)
      throw new ToolError(`${shown}: cannot read directory: ${(err as Error).message}`, {
        fix: 'check its permissions',
      });
    const why = `not read: cannot read this directory: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
    skipped.push({ file: shown, doc: 0, line: 1, kind: '-', why });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (state.stoppedAt !== undefined) return;
    const abs = path.join(dir, e.name);
    const child = path.join(shown, e.name);
    let isDir = e.isDirectory();
    let isFile = e.isFile();
    let special = e.isFIFO() || e.isSocket() || e.isCharacterDevice() || e.isBlockDevice();
    if (e.isSymbolicLink()) {
      const st = await stat(abs).catch(() => undefined);
      isDir = st?.isDirectory() ?? false;
      isFile = st?.isFile() ?? false;
      special = st !== undefined && !isDir && !isFile;
    }
    if (isDir && !SKIP_DIRS.has(e.name)) await walk(abs, child, out, state);
    else if (isFile && YAML_EXT.test(e.name)) {
      if (out.length >= state.maxFiles) state.stoppedAt = child;
      else out.push({ abs, shown: child });
    } else if (special && YAML_EXT.test(e.name)) {
      const why = 'not read: not a regular file (a FIFO, socket or device)';
      skipped.push({ file: child, doc: 0, line: 1, kind: '-', why });
    }
  }
}
