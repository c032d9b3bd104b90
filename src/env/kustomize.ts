import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Check, check } from '../core/model.js';
import { redact } from '../core/redact.js';
import { formatBytes } from '../core/size.js';
import { terminalSafe } from '../core/terminal.js';
import { runBounded } from '../procs/bounded-run.js';
import { findOnPath } from '../procs/path.js';
import type { KustomizeRoot } from './kustomize-plan.js';
import { obj, str } from './raw.js';
import type { Skipped } from './schema.js';

/**
 * Renders a kustomize directory the way `kubectl apply -k` would build it, safely: the real
 * `kubectl kustomize` (else `kustomize build`), with kustomize's root-only load restrictor, no
 * network (remote bases are refused before it runs; its environment points every proxy at a
 * closed port and has no PATH, so neither Go's HTTP client nor git can fetch), no plugins, exec
 * functions or Helm (off unless asked: references/kustomize.md), a time limit, bounded output,
 * and an environment of its own (nothing of ours, no secrets). Its error is one redacted line.
 */

/** The kind a kustomization's `skipped` entries carry: doc 0 is a kustomization env could not render. */
export const KUSTOMIZE_KIND = 'Kustomization';

/** How long one render may take: kustomize builds an overlay of a few files in well under a second. */
export const RENDER_TIMEOUT_MS = 30_000;

/** The render tools, in the order tried, each with its argv for a directory. */
const TOOLS = [
  {
    name: 'kubectl',
    argv: (dir: string) => ['kustomize', dir, '--load-restrictor=LoadRestrictionsRootOnly'],
  },
  { name: 'kustomize', argv: (dir: string) => ['build', dir, '--load-restrictor=LoadRestrictionsRootOnly'] },
] as const;

/** How a person renders it instead, in one line. */
export const howToRender = (shownDir: string): string =>
  `render it yourself: kubectl kustomize ${shownDir} | interconnect-test env -`;

/** A closed local port: a proxy there refuses at once, so any HTTP(S) fetch fails without a wait. */
const NO_PROXY_AT = 'http://127.0.0.1:9';

/** The render's whole environment: none of ours (no tokens, no KUBECONFIG), no PATH (no git), every proxy closed. */
export function renderEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: '',
    HOME: home,
    LANG: 'C',
    KUBECONFIG: path.join(home, 'no-kubeconfig'),
    HTTP_PROXY: NO_PROXY_AT,
    HTTPS_PROXY: NO_PROXY_AT,
    http_proxy: NO_PROXY_AT,
    https_proxy: NO_PROXY_AT,
    NO_PROXY: '',
    no_proxy: '',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
  };
}

/** kustomize's error as one line: kubectl's klog `err="…"`, or kustomize's `Error: …`; redacted, no control characters. */
export function errorLine(stderr: string, tmp: string, dir?: string, shownDir = '.'): string {
  // klog writes err="…" (quoted) or, for a message of several lines, err=< then tab-indented lines and " >".
  const quoted = /err="((?:[^"\\]|\\.)*)"/.exec(stderr)?.[1]?.replace(/\\(.)/g, '$1');
  const block = /err=<\n((?:\t.*\n?)*)/.exec(stderr)?.[1];
  const klog =
    quoted ??
    (block === undefined
      ? undefined
      : block
          .split('\n')
          .map((l) => l.replace(/^\t/, '').trim())
          .filter((l) => l !== '' && l !== '`')
          .join(' '));
  const plain = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !/^Usage:|^Examples:/.test(l));
  // Through the wrapper kustomize first says it could not read the directory as a file, then,
  // after "recursed accumulation of path '…': ", what went wrong inside it: that part is the error.
  const full = (klog ?? plain ?? 'no error message').replace(/^Error:\s*/, '');
  const inner = full.split(/recursed accumulation of path '[^']*': /).pop() as string;
  // The directory's absolute path as the user named it (only where a path component ends).
  const at = (p: string) => new RegExp(`${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/'"\\s:)]|$)`, 'g');
  const line = (dir ? inner.replace(at(dir), shownDir) : inner).replace(at(tmp), '.');
  const short = line.length > 300 ? `${line.slice(0, 300)}…` : line;
  return terminalSafe(redact(short));
}

export interface Rendered {
  /** The rendered documents (multi-document YAML). */
  bytes: Buffer;
  /** Which tool rendered it (`kubectl kustomize`, `kustomize build`). */
  tool: string;
  /** Where kustomize says each rendered object came from: its origin path, resolved (absolute). */
  originDir: string;
}

/**
 * Renders one kustomization directory; `why` says (one line, with how to do it by hand) when it
 * cannot. The directory is built through a wrapper kustomization that adds only kustomize's
 * `buildMetadata: [originAnnotations]`, so each object names its source file.
 */
export async function renderKustomization(
  root: KustomizeRoot,
  opts: { limitBytes: number; pathVar?: string; signal?: AbortSignal; timeoutMs?: number },
): Promise<Rendered | { why: string }> {
  if (root.refused) return { why: `not rendered: ${root.refused}; ${howToRender(root.shownDir)}` };
  const pathVar = opts.pathVar ?? process.env.PATH;
  const found = TOOLS.map((t) => ({ t, exe: findOnPath(t.name, pathVar) })).find((x) => x.exe);
  if (!found?.exe)
    return {
      why: `not rendered: neither kubectl nor kustomize is on PATH; ${howToRender(root.shownDir)}`,
    };
  const tool = `${found.t.name} ${found.t.argv('')[0]}`;
  const tmp = await mkdtemp(path.join(tmpdir(), 'interconnect-test-kustomize-'));
  try {
    // kustomize refuses an absolute base (fileloader.go:172 New): the wrapper names it relatively.
    const rel = path.relative(tmp, root.dir);
    // …and refuses a base at or above the kustomization (errIfArgEqualOrHigher): when the temporary
    // directory lies inside the input (env /tmp), the directory is built as it is, without origins.
    const wrapped = path.relative(root.dir, tmp).startsWith('..');
    if (wrapped)
      await writeFile(
        path.join(tmp, 'kustomization.yaml'),
        `resources:\n- ${JSON.stringify(rel)}\nbuildMetadata: [originAnnotations]\n`,
      );
    const target = wrapped ? tmp : root.dir;
    const run = await runBounded([found.exe, ...found.t.argv(target)], {
      env: renderEnv(tmp),
      cwd: tmp,
      timeoutMs: opts.timeoutMs ?? RENDER_TIMEOUT_MS,
      limitBytes: opts.limitBytes,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    if (run.timedOut)
      return {
        why: `not rendered: ${tool} ran past ${(opts.timeoutMs ?? RENDER_TIMEOUT_MS) / 1000} s and was stopped; ${howToRender(root.shownDir)}`,
      };
    if (run.tooLarge)
      return {
        why: `not rendered: ${tool} wrote more than ${formatBytes(opts.limitBytes)}, the limit of one input, and was stopped`,
      };
    if (run.spawnError !== undefined || run.code !== 0)
      return {
        why: `not rendered: ${tool} failed: ${run.spawnError ? terminalSafe(redact(run.spawnError)) : errorLine(run.stderr, tmp, root.dir, root.shownDir)}`,
      };
    return { bytes: run.stdout, tool, originDir: wrapped ? tmp : root.dir };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** kustomize's origin annotation (api/resource/origin.go): YAML with `path:` (and `repo:`/`ref:` for remote ones). */
const ORIGIN = 'config.kubernetes.io/origin';

/**
 * Takes the origin annotation off a rendered object (it is ours, not the user's) and returns the
 * source file it names, absolute; undefined when there is none (a generated ConfigMap).
 */
export function takeOrigin(value: unknown, originDir: string): string | undefined {
  const meta = obj(obj(value)?.metadata);
  const ann = obj(meta?.annotations);
  const text = str(ann?.[ORIGIN]);
  if (!ann || text === undefined) return undefined;
  delete ann[ORIGIN];
  if (Object.keys(ann).length === 0 && meta) delete meta.annotations;
  const p = /^path:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(text)?.[1];
  if (!p || /^repo:/m.test(text)) return undefined;
  return path.resolve(originDir, p);
}

/**
 * The line where the object of `kind` named like `name` starts in its source file: the first
 * content line of the document holding both (kustomize may have prefixed the name), else of
 * the only document of that kind, else 1.
 */
export function lineInSource(text: string, kind: string, name: string | undefined): number {
  const lines = text.split('\n');
  const docs: { start: number; body: string[] }[] = [{ start: 0, body: [] }];
  lines.forEach((l, i) => {
    if (/^---/.test(l)) docs.push({ start: i + 1, body: [] });
    else (docs[docs.length - 1] as { body: string[] }).body.push(l);
  });
  const ofKind = docs.filter((d) =>
    d.body.some((l) => new RegExp(`^kind:\\s*['"]?${kind}['"]?\\s*$`).test(l)),
  );
  const named = ofKind.find((d) =>
    d.body.some((l) => {
      const n = /^\s{2}name:\s*['"]?([^'"#\s]+)/.exec(l)?.[1];
      return n !== undefined && name?.includes(n) === true;
    }),
  );
  const doc = named ?? (ofKind.length === 1 ? ofKind[0] : undefined);
  if (!doc) return 1;
  const k = doc.body.findIndex((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  return k < 0 ? doc.start + 1 : doc.start + k + 1;
}

/** Reads a source file for lineInSource, once per render; undefined when it cannot be read. */
export function sourceReader(): (abs: string) => Promise<string | undefined> {
  const cache = new Map<string, Promise<string | undefined>>();
  return (abs) => {
    let p = cache.get(abs);
    if (!p) {
      p = readFile(abs, 'utf8').catch(() => undefined);
      cache.set(abs, p);
    }
    return p;
  };
}

/**
 * One `env.kustomize` check for the run: a FAIL naming each kustomization that was not rendered
 * (its manifests went unchecked) with how to render it by hand; ok naming those rendered.
 */
export function kustomizeCheck(skipped: readonly Skipped[], rendered: readonly string[]): Check | undefined {
  const failed = skipped.filter((k) => k.kind === KUSTOMIZE_KIND && k.doc === 0);
  if (failed.length > 0) {
    // One clause per reason (the missing tool is usually the one reason), each naming its directories.
    const byReason = new Map<string, string[]>();
    for (const k of failed) {
      const reason = k.why.replace(/^not rendered: /, '').replace(/; render it yourself: .*$/, '');
      byReason.set(reason, [...(byReason.get(reason) ?? []), path.dirname(k.file)]);
    }
    const clauses = [...byReason].map(
      ([reason, dirs]) =>
        `${reason}: ${dirs.slice(0, 3).join(', ')}${dirs.length > 3 ? `, +${dirs.length - 3} more (see skipped)` : ''}`,
    );
    const n = failed.length;
    return check(
      'env.kustomize',
      'fail',
      `${n} kustomization${n > 1 ? 's' : ''} not rendered, what ${n > 1 ? 'they deploy' : 'it deploys'} unchecked — ${clauses.join('; ')}`,
      {
        subject: failed[0]?.file as string,
        fix: `render each yourself: kubectl kustomize ${path.dirname(failed[0]?.file as string)} | interconnect-test env - (or install kubectl and run env again)`,
      },
    );
  }
  if (rendered.length === 0) return undefined;
  return check(
    'env.kustomize',
    'ok',
    `${rendered.length} kustomization${rendered.length > 1 ? 's' : ''} rendered and read as deployed: ${rendered.slice(0, 3).join(', ')}${rendered.length > 3 ? `, +${rendered.length - 3} more` : ''}`,
    { matters: false },
  );
}
