/**
 * A strict reader of the Prometheus text format 0.0.4 for tests: it reads what
 * renderPrometheus writes and what a Pushgateway's /metrics serves, and throws
 * on anything the format does not allow (an unknown escape, an unterminated
 * label value, a sample before its TYPE, a second HELP/TYPE, a timestamp
 * where `noTimestamps` is asked).
 */

export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
  timestamp?: number;
}

export interface PromFamily {
  name: string;
  help?: string;
  type?: string;
  samples: PromSample[];
}

function unescapeHelp(s: string): string {
  return s.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c === '\\' ? '\\' : `\\${c}`));
}

function parseValue(s: string, line: string): number {
  if (s === 'NaN') return Number.NaN;
  if (s === '+Inf' || s === 'Inf') return Number.POSITIVE_INFINITY;
  if (s === '-Inf') return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s))
    throw new Error(`bad value ${JSON.stringify(s)} in: ${line}`);
  return Number(s);
}

/** One sample line: name, optional {labels}, value, optional timestamp. */
export function parseSampleLine(line: string): PromSample {
  const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
  if (!nameMatch) throw new Error(`no metric name in: ${line}`);
  const name = nameMatch[0];
  let i = name.length;
  const labels: Record<string, string> = {};
  if (line[i] === '{') {
    i++;
    for (;;) {
      while (line[i] === ' ') i++;
      if (line[i] === '}') {
        i++;
        break;
      }
      const ln = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(i));
      if (!ln) throw new Error(`bad label name at ${i} in: ${line}`);
      i += ln[0].length;
      if (line[i] !== '=' || line[i + 1] !== '"') throw new Error(`expected =" at ${i} in: ${line}`);
      i += 2;
      let v = '';
      for (;;) {
        const c = line[i];
        if (c === undefined) throw new Error(`unterminated label value in: ${line}`);
        if (c === '"') break;
        if (c === '\\') {
          const e = line[i + 1];
          if (e === '\\') v += '\\';
          else if (e === '"') v += '"';
          else if (e === 'n') v += '\n';
          else throw new Error(`bad escape \\${e} in: ${line}`);
          i += 2;
        } else {
          v += c;
          i++;
        }
      }
      i++;
      if (ln[0] in labels) throw new Error(`label ${ln[0]} twice in: ${line}`);
      labels[ln[0]] = v;
      if (line[i] === ',') i++;
      else if (line[i] !== '}') throw new Error(`expected , or } at ${i} in: ${line}`);
    }
  }
  const rest = line
    .slice(i)
    .trim()
    .split(/[ \t]+/);
  if (rest.length < 1 || rest.length > 2 || rest[0] === '')
    throw new Error(`expected value [timestamp] in: ${line}`);
  const sample: PromSample = { name, labels, value: parseValue(rest[0] as string, line) };
  if (rest[1] !== undefined) {
    if (!/^-?\d+$/.test(rest[1])) throw new Error(`bad timestamp in: ${line}`);
    sample.timestamp = Number(rest[1]);
  }
  return sample;
}

/** The families of a text-format body, by name, in order of appearance. */
export function parsePromText(text: string): Map<string, PromFamily> {
  if (text !== '' && !text.endsWith('\n')) throw new Error('the last line does not end with a line feed');
  const families = new Map<string, PromFamily>();
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) {
      f = { name, samples: [] };
      families.set(name, f);
    }
    return f;
  };
  let current: string | undefined;
  const seenKeys = new Set<string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^#\s*(HELP|TYPE)\s+([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\s(.*))?$/.exec(line);
    if (meta) {
      const [, kind, name, rest = ''] = meta as unknown as [string, string, string, string | undefined];
      const f = family(name as string);
      if (current !== name && f.samples.length > 0) throw new Error(`${name}: HELP/TYPE after its samples`);
      current = name;
      if (kind === 'HELP') {
        if (f.help !== undefined) throw new Error(`${name}: second HELP`);
        f.help = unescapeHelp(rest);
      } else {
        if (f.type !== undefined) throw new Error(`${name}: second TYPE`);
        if (!/^(counter|gauge|histogram|summary|untyped)$/.test(rest))
          throw new Error(`${name}: bad TYPE ${rest}`);
        f.type = rest;
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const s = parseSampleLine(line);
    const f = family(s.name);
    if (current !== s.name && f.samples.length > 0)
      throw new Error(`${s.name}: its samples are not one group`);
    current = s.name;
    const key = `${s.name}${JSON.stringify(Object.entries(s.labels).sort())}`;
    if (seenKeys.has(key)) throw new Error(`duplicate series ${key}`);
    seenKeys.add(key);
    f.samples.push(s);
  }
  return families;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
export function sampleValue(
  families: Map<string, PromFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const hits = (families.get(name)?.samples ?? []).filter((s) =>
    Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (hits.length > 1) throw new Error(`${hits.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return hits[0]?.value;
}
