/**
 * vLLM's JSON arguments written key by key (vllm/utils/argparse_utils.py FlexibleArgumentParser `_json_tip`: "the
 * following sets of arguments are equivalent: --json-arg '{"key1": "value1", "key2": {"key3": "value2"}}' and
 * --json-arg.key1 value1 --json-arg.key2.key3 value2"; list elements with `+`: `--json-arg.key4+ value3
 * --json-arg.key4+='value4,value5'`). `env` reads --kv-transfer-config as one JSON value, so its dotted keys are
 * gathered into that value (on top of one given whole), and the command line is read with the JSON form instead.
 */
const DOTTED = /(^|\s)--kv[-_]transfer[-_]config\.([\w.]+)(\+?)(?:=|\s+)('[^']*'|"[^"]*"|\S+)/g;
const WHOLE = /(^|\s)--kv[-_]transfer[-_]config(?:=|\s+)('[^']*'|"[^"]*"|\{[^}]*(?:\{[^}]*\}[^}]*)*\}|\S+)/;

type Json = Record<string, unknown>;

/** A value as vLLM takes it: JSON where it parses (`true`, `8`, `["UCX"]`), else the string. */
function jsonValue(raw: string): unknown {
  const v = /^(['"])(.*)\1$/s.exec(raw)?.[2] ?? raw;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

export function withDottedJsonArgs(text: string): string {
  if (!/--kv[-_]transfer[-_]config\./.test(text)) return text;
  let base: Json = {};
  const whole = WHOLE.exec(text);
  let rest = text;
  if (whole) {
    const v = jsonValue(whole[2] as string);
    if (v && typeof v === 'object' && !Array.isArray(v)) base = v as Json;
    rest = rest.replace(whole[0], whole[1] as string);
  }
  for (const m of text.matchAll(DOTTED)) {
    const path = (m[2] as string).split('.');
    let at: Json = base;
    for (const k of path.slice(0, -1)) {
      const next = at[k];
      const inner = (next && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Json;
      at[k] = inner;
      at = inner;
    }
    const key = path[path.length - 1] as string;
    if (m[3] === '+') {
      const list = Array.isArray(at[key]) ? (at[key] as unknown[]) : [];
      const raw = /^(['"])(.*)\1$/s.exec(m[4] as string)?.[2] ?? (m[4] as string);
      at[key] = [...list, ...raw.split(',').map(jsonValue)];
    } else at[key] = jsonValue(m[4] as string);
  }
  rest = rest
    .replace(DOTTED, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+$/, '');
  return `${rest} --kv-transfer-config '${JSON.stringify(base)}'`;
}
