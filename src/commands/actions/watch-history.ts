import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../../core/errors.js';
import { type HistoryLink, historyReference } from '../../judge/kv-traffic.js';
import { LAST } from '../../sweep/history.js';
import { SweepResultSchema } from '../../sweep/model.js';

/**
 * `watch --history FILE|DIR`: what `pair` or `sweep` last measured between
 * these nodes, as the healthy figure a live transfer is judged against. FILE
 * is a `pair -o json` or `sweep -o json` report; DIR a sweep's --results-dir
 * (its `last` run).
 */
export async function readHistory(spec: string, cwd: string): Promise<HistoryLink[]> {
  let file = path.resolve(cwd, spec);
  const fail = (why: string) =>
    new ToolError(`--history ${spec}: ${why}`, {
      fix: 'give a report written by interconnect-test pair -o json or sweep -o json, or a sweep --results-dir',
    });
  try {
    if ((await stat(file)).isDirectory())
      file = path.join(file, (await readFile(path.join(file, LAST), 'utf8')).trim());
  } catch (err) {
    throw fail((err as NodeJS.ErrnoException).code ?? String(err));
  }
  let report: {
    command?: string;
    sweep?: unknown;
    measurement?: { peakGBps?: unknown; nodes?: { prefill?: unknown; decode?: unknown } };
    generatedAt?: string;
  };
  try {
    report = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw fail((err as NodeJS.ErrnoException).code ?? 'not JSON');
  }
  const when = typeof report.generatedAt === 'string' ? report.generatedAt.slice(0, 10) : path.basename(file);
  if (report.command === 'sweep') {
    const r = SweepResultSchema.safeParse(report.sweep);
    if (!r.success) throw fail('not a sweep result');
    return r.data.pairs.flatMap((p) =>
      p.peakGBps && p.peakGBps > 0
        ? [{ a: p.prefill, b: p.decode, gbps: p.peakGBps, source: `sweep of ${when}` }]
        : [],
    );
  }
  const m = report.measurement;
  if (report.command === 'pair' && m && typeof m.peakGBps === 'number' && m.peakGBps > 0) {
    const { prefill, decode } = m.nodes ?? {};
    if (typeof prefill === 'string' && typeof decode === 'string')
      return [{ a: prefill, b: decode, gbps: m.peakGBps, source: `pair of ${when}` }];
  }
  throw fail('holds no measured pair (peakGBps) between two named nodes');
}

export { historyReference };
