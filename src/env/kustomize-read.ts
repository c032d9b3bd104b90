import path from 'node:path';
import { KUSTOMIZE_KIND, lineInSource, renderKustomization, sourceReader, takeOrigin } from './kustomize.js';
import type { KustomizeRoot } from './kustomize-plan.js';
import { obj, str } from './raw.js';
import type { Skipped } from './schema.js';

/** What this module needs of a parsed document (load.ts's LoadedDoc; no import, so no loop). */
export interface RenderedDoc {
  value: unknown;
  at?: { file: string; line: number };
}

/** What one kustomization directory gives the reading: its documents, each placed at its source where kustomize says. */
export interface ReadRendered<D extends RenderedDoc> {
  docs: D[];
  skipped: Skipped[];
  /** Bytes of rendered output read (they count toward the run's total). */
  bytes: number;
  rendered: boolean;
}

/**
 * Renders a kustomization directory (kustomize.ts) and parses what it built with `parse` (load.ts's
 * YAML reading). Each document keeps the kustomization file as its file (findings name the
 * overlay) and carries its object's source file and line as `at` (CI formats point there).
 */
export async function readRendered<D extends RenderedDoc>(
  root: KustomizeRoot,
  limitBytes: number,
  parse: (bytes: Buffer) => { docs: D[]; skipped: Skipped[] },
  signal?: AbortSignal,
): Promise<ReadRendered<D>> {
  const none = (why: string, doc = 0): ReadRendered<D> => ({
    docs: [],
    skipped: [{ file: root.shown, doc, line: 1, kind: KUSTOMIZE_KIND, why }],
    bytes: 0,
    rendered: false,
  });
  if (root.component)
    return none('a kustomize Component: applied by the kustomizations that list it, never built alone', 1);
  const r = await renderKustomization(root, { limitBytes, ...(signal ? { signal } : {}) });
  if ('why' in r) return none(r.why);
  const { docs, skipped } = parse(r.bytes);
  const read = sourceReader();
  const shownOf = (abs: string) => path.join(root.shownDir, path.relative(root.dir, abs));
  for (const d of docs) {
    const source = takeOrigin(d.value, r.originDir);
    const v = obj(d.value);
    const text = source ? await read(source) : undefined;
    d.at =
      source && text !== undefined
        ? { file: shownOf(source), line: lineInSource(text, str(v?.kind) ?? '', str(obj(v?.metadata)?.name)) }
        : { file: root.shown, line: 1 };
  }
  return { docs, skipped, bytes: r.bytes.length, rendered: true };
}
