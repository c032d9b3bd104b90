import type { Check } from '../core/model.js';
import type { LoadedDoc } from './load.js';
import type { Graph, Skipped } from './schema.js';

/**
 * Where each env finding is: the file and the line its manifest starts on (the YAML document of
 * the DynamoGraphDeployment or workload the subject names), as `data.file` and `data.line`, so
 * CI output (-o sarif, -o github) can point at it. A subject is `file`, `file#deployment`,
 * `file#a+b` (DGDs paired in one file) or `file#deployment/service`; a skipped document carries
 * its own line. A check whose subject names no document keeps no location.
 */
export function locateChecks(
  checks: readonly Check[],
  docs: readonly LoadedDoc[],
  graphs: readonly Graph[],
  skipped: readonly Skipped[],
): Check[] {
  const lineOfDoc = new Map(docs.map((d) => [`${d.file}\u0000${d.doc}`, d.line] as const));
  const byDeployment = new Map<string, number>();
  const firstOfFile = new Map<string, number>();
  for (const g of graphs) {
    const line = lineOfDoc.get(`${g.file}\u0000${g.doc}`);
    if (line === undefined) continue;
    byDeployment.set(`${g.file}#${g.deployment}`, line);
    if (!firstOfFile.has(g.file) || (firstOfFile.get(g.file) ?? line) > line) firstOfFile.set(g.file, line);
  }
  for (const k of skipped) if (!firstOfFile.has(k.file)) firstOfFile.set(k.file, k.line);
  return checks.map((c) => {
    if (!c.subject || typeof c.data?.line === 'number') return c;
    const hash = c.subject.indexOf('#');
    const file = hash < 0 ? c.subject : c.subject.slice(0, hash);
    const deployment = hash < 0 ? undefined : c.subject.slice(hash + 1).split(/[/+]/)[0];
    const line =
      (deployment !== undefined ? byDeployment.get(`${file}#${deployment}`) : undefined) ??
      firstOfFile.get(file);
    return line === undefined ? c : { ...c, data: { ...(c.data ?? {}), file, line } };
  });
}
