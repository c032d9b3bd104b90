import { isMap, isScalar, LineCounter, parseAllDocuments, visit } from 'yaml';
import type { Skipped } from './schema.js';

/**
 * Issue 38 P1 for manifests: read what is there. YAML 1.2 forbids a key given twice in one mapping
 * (yaml.org/spec/1.2.2, 3.2.1.1 "Nodes": "each of the keys is unique"), so a strict parser rejects
 * the file; but a key repeated with the very same value text (a block copied twice by hand) has one
 * meaning, which the file states twice. Such a file is read, each repetition named (a warn: strict
 * parsers, and Kubernetes' strict field validation, which reports a "duplicate field", refuse it as
 * written). A key repeated with different values stays an error: which value is meant is not shown.
 */
export const REPEATED_KEY = 'key repeated with the same value, read once:';

/**
 * When every repeated key in every document repeats the same value text: one line per repetition
 * (`resources at lines 37 and 45`, at the second line). Undefined when there is none, or when one differs.
 */
export function sameValueRepeats(text: string): { line: number; what: string }[] | undefined {
  const lc = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lc, uniqueKeys: false, logLevel: 'error' });
  if ('empty' in docs) return undefined;
  const found: { line: number; what: string }[] = [];
  let differs = false;
  for (const doc of docs) {
    if (doc.errors.length > 0) return undefined;
    visit(doc, {
      Map(_, map) {
        if (!isMap(map)) return;
        const seen = new Map<string, { line: number; value: string }>();
        for (const pair of map.items) {
          if (!isScalar(pair.key) || !pair.key.range) continue;
          const key = String(pair.key.value);
          const range = (pair.value as { range?: [number, number, number] } | null)?.range;
          const value = range ? text.slice(range[0], range[1]).trimEnd() : '';
          const line = lc.linePos(pair.key.range[0]).line;
          const first = seen.get(key);
          if (!first) seen.set(key, { line, value });
          else if (first.value === value)
            found.push({ line, what: `${key} at lines ${first.line} and ${line}` });
          else differs = true;
        }
      },
    });
  }
  return !differs && found.length > 0 ? found : undefined;
}

/** The skipped entries naming each repetition, when every repeated key repeats its value (else undefined). */
export function repeatsSkipped(text: string, shown: string): Skipped[] | undefined {
  return sameValueRepeats(text)?.map((r) => ({
    file: shown,
    doc: 0,
    line: r.line,
    kind: '-',
    why: `${REPEATED_KEY} ${r.what}`,
  }));
}
