import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ToolError } from '../core/errors.js';

/**
 * Which kubeconfig files are read, and how several become one, as kubectl does
 * (client-go tools/clientcmd/loader.go, references/kubeconfig-loading.md):
 * - `--kubeconfig FILE`: that file alone, which must exist;
 * - else `$KUBECONFIG`: a `:`-separated list, empty entries and repeats dropped; a file in it that
 *   does not exist is skipped (an empty one too); any other unreadable or malformed file is an error;
 * - else `~/.kube/config` when it exists.
 * Merging: the clusters, users and contexts of every file, the FIRST file that names a key wins it
 * whole (a later file's entry of the same name is dropped, fields and all); `current-context`
 * from the first file that sets one. Relative paths (certificate-authority, client-certificate,
 * client-key, tokenFile, an exec command with a `/`) are resolved against the folder of the file
 * that holds them, before merging.
 */

/** A kubeconfig larger than this is not a kubeconfig. */
const KUBECONFIG_LIMIT_BYTES = 4 * 1024 * 1024;

type Doc = Record<string, unknown>;
type Named = { name?: unknown } & Record<string, unknown>;

export interface KubeconfigFiles {
  /** The files to read, in order. */
  files: string[];
  /** --kubeconfig: one file that must exist (kubectl's ExplicitPath). */
  explicit: boolean;
}

export interface MergedKubeconfig {
  /** The merged document, for client-node's loadFromString. */
  doc: Doc;
  /** The files that were read (those that exist), in order: what messages name. */
  read: string[];
  /** The files of a KUBECONFIG list that do not exist (skipped, as kubectl does). */
  missing: string[];
  /** The file each cluster, user and context came from, by "clusters/NAME" etc. */
  origin: Map<string, string>;
}

/** The files kubectl would read for these options and environment (undefined: none at all). */
export function kubeconfigFiles(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv,
): KubeconfigFiles | undefined {
  if (explicit) return { files: [explicit], explicit: true };
  if (env.KUBECONFIG) {
    const files = [...new Set(env.KUBECONFIG.split(':').filter(Boolean))];
    if (files.length) return { files, explicit: false };
  }
  const home = join(env.HOME ?? homedir(), '.kube', 'config');
  return existsSync(home) ? { files: [home], explicit: false } : undefined;
}

export function kubeconfigError(file: string, problem: string): ToolError {
  return new ToolError(`kubeconfig ${file} ${problem}`, {
    fix: 'point --kubeconfig or KUBECONFIG at a valid kubeconfig (kubectl config view --minify --raw > FILE)',
  });
}

/** The text of one file, or undefined for a missing one where missing is allowed. */
function readText(file: string, mustExist: boolean): string | undefined {
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw kubeconfigError(file, 'is a directory');
    if (st.size > KUBECONFIG_LIMIT_BYTES)
      throw kubeconfigError(file, `is larger than ${KUBECONFIG_LIMIT_BYTES} bytes`);
    return readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof ToolError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !mustExist) return undefined;
    throw kubeconfigError(
      file,
      code === 'ENOENT' ? 'does not exist' : `cannot be read: ${(err as Error).message.split('\n')[0]}`,
    );
  }
}

/** One file's YAML, checked for the shape client-node needs (its own errors are not one-liners). */
export function parseKubeconfigText(file: string, text: string): Doc {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    const e = err as { linePos?: { line: number }[]; message?: string };
    const line = e.linePos?.[0]?.line;
    throw kubeconfigError(
      file,
      `is not valid YAML${line ? ` (line ${line})` : ''}: ${String(e.message ?? err).split('\n')[0]}`,
    );
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw kubeconfigError(file, 'is not a YAML mapping');
  const d = doc as Doc;
  for (const key of ['clusters', 'contexts', 'users']) {
    if (d[key] !== undefined && d[key] !== null && !Array.isArray(d[key]))
      throw kubeconfigError(file, `has "${key}" that is not a list`);
  }
  return d;
}

/** A path of a kubeconfig made absolute against the folder of the file that holds it (loader.go ResolvePaths). */
function resolveIn(base: string, value: unknown): unknown {
  return typeof value === 'string' && value !== '' && !isAbsolute(value) ? join(base, value) : value;
}

/** Resolves the file references of one file's clusters and users against its folder. */
function resolvePaths(doc: Doc, file: string): void {
  const base = resolve(dirname(file));
  for (const c of (doc.clusters as Named[] | undefined) ?? []) {
    const cluster = c?.cluster as Doc | undefined;
    if (cluster) cluster['certificate-authority'] = resolveIn(base, cluster['certificate-authority']);
  }
  for (const u of (doc.users as Named[] | undefined) ?? []) {
    const user = u?.user as Doc | undefined;
    if (!user) continue;
    for (const key of ['client-certificate', 'client-key', 'tokenFile'])
      if (user[key] !== undefined) user[key] = resolveIn(base, user[key]);
    const exec = user.exec as Doc | undefined;
    // Only a command with a path separator: a bare name is looked up on PATH (GetAuthInfoFileReferences).
    if (exec && typeof exec.command === 'string' && exec.command.includes('/'))
      exec.command = resolveIn(base, exec.command);
  }
}

/** Reads the files and merges them as kubectl does; throws one line naming the file on a bad one. */
export function mergeKubeconfigs(
  src: KubeconfigFiles,
  validate: (file: string, doc: Doc) => void = () => {},
): MergedKubeconfig {
  const merged: Doc = { apiVersion: 'v1', kind: 'Config', clusters: [], users: [], contexts: [] };
  const origin = new Map<string, string>();
  const read: string[] = [];
  const missing: string[] = [];
  for (const file of src.files) {
    const text = readText(file, src.explicit);
    if (text === undefined) {
      missing.push(file);
      continue;
    }
    read.push(file);
    if (text.trim() === '') {
      // client-go loads an empty file as an empty config; alone, it is a mistake worth naming.
      if (src.explicit || src.files.length === 1) throw kubeconfigError(file, 'is empty');
      continue;
    }
    const doc = parseKubeconfigText(file, text);
    validate(file, doc);
    resolvePaths(doc, file);
    for (const key of ['clusters', 'users', 'contexts'] as const) {
      for (const entry of (doc[key] as Named[] | undefined) ?? []) {
        const name = typeof entry?.name === 'string' ? entry.name : undefined;
        // First file wins the key, whole: a later entry of the same name is dropped.
        if (name !== undefined && origin.has(`${key}/${name}`)) continue;
        if (name !== undefined) origin.set(`${key}/${name}`, file);
        (merged[key] as Named[]).push(entry);
      }
    }
    const current = doc['current-context'];
    if (merged['current-context'] === undefined && typeof current === 'string' && current !== '')
      merged['current-context'] = current;
  }
  return { doc: merged, read, missing, origin };
}
