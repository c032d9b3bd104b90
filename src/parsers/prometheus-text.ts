import { ParseError } from './errors.js';

/**
 * The Prometheus text exposition format 0.0.4 (prometheus/docs
 * `docs/instrumenting/exposition_formats.md`, references/sweep-metrics.md
 * cites its lines): `# HELP`/`# TYPE` comments, then samples
 * `name{label="value",…} value [timestamp]`. What a worker's /metrics
 * serves (vLLM and SGLang through prometheus_client, Dynamo's system port,
 * NIXL's prometheus-cpp exporter). Pure: text in, families out.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name: `x_bucket`, `x_sum`, `x_count`, `x_total`, or the family name. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help?: string;
  samples: Sample[];
}

export interface Exposition {
  /** By family name. A sample with no `# TYPE` before it is its own untyped family. */
  families: Map<string, Family>;
}

const TOOL = 'Prometheus /metrics';
const FIX = 'give the body of a /metrics response (text format 0.0.4), unmodified';
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** Metric names may hold a colon (recording-rule and vLLM/SGLang style, `vllm:…`). */
const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
/** Suffixes a typed family's samples carry (format doc lines 58-63; OpenMetrics adds _created). */
const SUFFIXES: Record<MetricType, readonly string[]> = {
  counter: ['_total', '_created', ''],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  summary: ['_sum', '_count', '_created', ''],
  untyped: [''],
};

/**
 * `1.5`, `1e-7`, `NaN`, `+Inf`, `-Inf`: Go's ParseFloat as the format doc (line 96) says, which
 * takes nan and inf in any case: prometheus-cpp (NIXL's exporter) writes `Nan`.
 */
export function parseValue(text: string): number | undefined {
  const t = text.toLowerCase();
  if (t === 'nan') return Number.NaN;
  if (t === '+inf' || t === 'inf' || t === '+infinity' || t === 'infinity') return Number.POSITIVE_INFINITY;
  if (t === '-inf' || t === '-infinity') return Number.NEGATIVE_INFINITY;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** Reads `{a="x",b="y\"z"}` from position 0 of `s`; returns the labels and the rest of the line. */
function readLabels(s: string, line: number, raw: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1;
  const bad = (why: string) => new ParseError(TOOL, why, { line, text: raw, fix: FIX });
  for (;;) {
    while (s[i] === ' ' || s[i] === ',') i++;
    if (s[i] === '}') return { labels, rest: s.slice(i + 1) };
    const m = LABEL_NAME.exec(s.slice(i));
    if (!m) throw bad('a label name was expected');
    const key = m[0];
    i += key.length;
    if (s[i] !== '=' || s[i + 1] !== '"') throw bad(`label ${key} has no ="value"`);
    i += 2;
    let value = '';
    // Escapes in a label value: \\ \" \n (format doc line 95).
    for (;;) {
      const c = s[i];
      if (c === undefined) throw bad(`the value of label ${key} is not closed`);
      if (c === '"') break;
      if (c === '\\') {
        const n = s[i + 1];
        value += n === 'n' ? '\n' : (n ?? '');
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    labels[key] = value;
    i++;
  }
}

/** The family a sample belongs to: the typed family whose name plus one of its suffixes gives the sample name. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  for (const suffix of ['_bucket', '_sum', '_count', '_total', '_created', '']) {
    if (!name.endsWith(suffix)) continue;
    const f = families.get(name.slice(0, name.length - suffix.length));
    if (f && SUFFIXES[f.type].includes(suffix)) return f;
  }
  return undefined;
}

function readComment(line: string, families: Map<string, Family>): void {
  const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s+(.*))?$/.exec(line);
  if (!m) return; // any other comment is allowed and ignored (format doc line 44)
  const [, kind, name = '', rest = ''] = m;
  const f = families.get(name) ?? { name, type: 'untyped' as MetricType, samples: [] };
  families.set(name, f);
  if (kind === 'HELP') f.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
  else if (TYPES.has(rest.trim() as MetricType)) f.type = rest.trim() as MetricType;
}

/** Parses a whole exposition. Throws ParseError on a sample line it cannot read. */
export function parsePrometheusText(text: string): Exposition {
  const families = new Map<string, Family>();
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n] ?? '';
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      readComment(line, families);
      continue;
    }
    const m = NAME.exec(line);
    if (!m) throw new ParseError(TOOL, 'a metric name was expected', { line: n + 1, text: raw, fix: FIX });
    const name = m[0];
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = readLabels(rest, n + 1, raw));
    const [valueText, timestamp] = rest.trim().split(/\s+/);
    const value = parseValue(valueText ?? '');
    if (value === undefined || (timestamp !== undefined && !/^-?\d+$/.test(timestamp))) {
      throw new ParseError(TOOL, `the value of ${name} is not a number`, {
        line: n + 1,
        text: raw,
        fix: FIX,
      });
    }
    let family = familyOf(name, families);
    if (!family) {
      family = { name, type: 'untyped', samples: [] };
      families.set(name, family);
    }
    family.samples.push({ name, labels, value });
  }
  return { families };
}

/** The labels of a sample without `le` (and `quantile`): the series a histogram's samples share. */
export function seriesKey(labels: Record<string, string>, drop: readonly string[] = ['le']): string {
  return Object.keys(labels)
    .filter((k) => !drop.includes(k))
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(',');
}
