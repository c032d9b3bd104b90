import type { Check } from '../core/model.js';
import type { LoadedDoc } from './load.js';
import type { Graph, Skipped } from './schema.js';

/** A place in a file: where a finding's manifest starts. */
type At = { file: string; line: number };

/**
 * Where each env finding is: the file and the line its manifest starts on (the YAML document of
 * the DynamoGraphDeployment or workload the subject names), as `data.file` and `data.line`, so
 * CI output (-o sarif, -o github) can point at it. A subject is `file`, `file#deployment`,
 * `file#a+b` (DGDs paired in one file) or `file#deployment/service`; a skipped document carries
 * its own line. A check whose subject names no document keeps no location. A rendered document
 * (kustomize) is located at its object's source file and line (`LoadedDoc.at`), not in the render.
 */
export function locateChecks(
  checks: readonly Check[],
  docs: readonly LoadedDoc[],
  graphs: readonly Graph[],
  skipped: readonly Skipped[],
): Check[] {
  // A rendered document (kustomize) is at its object's source file and line, where kustomize says.
  const atOfDoc = new Map(
    docs.map((d) => [`${d.file}\u0000${d.doc}`, d.at ?? { file: d.file, line: d.line }] as const),
  );
  const byDeployment = new Map<string, At>();
  const firstOfFile = new Map<string, At>();
  for (const g of graphs) {
    const at = atOfDoc.get(`${g.file}\u0000${g.doc}`);
    if (at === undefined) continue;
    byDeployment.set(`${g.file}#${g.deployment}`, at);
    const first = firstOfFile.get(g.file);
    if (!first || (first.file === at.file && first.line > at.line)) firstOfFile.set(g.file, at);
  }
  for (const k of skipped)
    if (!firstOfFile.has(k.file)) firstOfFile.set(k.file, { file: k.file, line: k.line });
  return checks.map((c) => {
    if (!c.subject || typeof c.data?.line === 'number') return c;
    const hash = c.subject.indexOf('#');
    const file = hash < 0 ? c.subject : c.subject.slice(0, hash);
    const deployment = hash < 0 ? undefined : c.subject.slice(hash + 1).split(/[/+]/)[0];
    const at =
      (deployment !== undefined ? byDeployment.get(`${file}#${deployment}`) : undefined) ??
      firstOfFile.get(file);
    return at === undefined ? c : { ...c, data: { ...(c.data ?? {}), file: at.file, line: at.line } };
  });
}
