/**
 * The one redaction (issue 35 item 9). Every value that reaches an output passes `redact`:
 * - reports: `makeReport` (core/report.ts) runs `redactDeep` over everything a report holds,
 *   so every renderer of a report (text, JSON, YAML, JUnit, HTML, metrics, history files, a
 *   Pushgateway body, and any format added later) reads redacted data;
 * - streams: main.ts wraps stdout and stderr in `redactingStream`, so error lines, --debug
 *   stacks, progress and last words, and output a command prints itself (pair --dry-run's
 *   manifests) pass it too.
 * What it removes: URL userinfo (`scheme://user:pass@`), bearer and basic credentials, known
 * token shapes (Hugging Face `hf_…`, NVIDIA `nvapi-…`, GitHub, AWS access key ids, JWTs,
 * `sk-…`, Slack), and the value of any secret-named variable (`*TOKEN*`, `*KEY*`, `*SECRET*`,
 * `*PASSWORD*`, `*CREDENTIAL*`, `*AUTH*`) written `NAME=value`, `--name value`, or held in data
 * as `{name, value}` or under such a key. Idempotent: `<redacted>` matches no pattern.
 */

/** Variable names whose values are never printed. */
const SECRET_NAME = /(TOKEN|KEY|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)/i;
/** A name as environment variables are written (not prose, not a node or file name). */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Values that look like credentials even under an innocent name (whole value). */
const SECRET_VALUE = [
  /^hf_[A-Za-z0-9]{20,}$/, // Hugging Face token
  /^nvapi-[A-Za-z0-9_-]{20,}$/, // NVIDIA API key (NGC / build.nvidia.com)
  /^(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})$/, // GitHub token
  /^(sk|pk|rk)-[A-Za-z0-9_-]{16,}$/, // API keys of several vendors
  /^(AKIA|ASIA)[0-9A-Z]{16}$/, // AWS access key id
  /^eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*$/, // JWT
  /^xox[abprs]-[A-Za-z0-9-]{10,}$/, // Slack
];

export const REDACTED = '<redacted>';

/**
 * A value inside text ends at whitespace, a quote, a backslash, a comma, a semicolon or an &: the
 * JSON and YAML around it (`"…\"…"`) stay whole.
 */
const V = `[^\\s"'\`,;&<>\\\\]`;
/** A quoted value: no backslash or newline inside, so it never runs past the string it is in. */
const QUOTED = `"[^"\\\\\\n]*"|'[^'\\\\\\n]*'`;
/**
 * A secret-named variable in text: a name that ENDS in TOKEN, SECRET, PASSWORD, CREDENTIAL(S)
 * or API_KEY (any case), or in KEY (upper case only: a shell's `key=` is not one). A name that
 * only contains such a word (`max_tokens=`, `--tokens-per-block`) is configuration, not a secret.
 */
/** `word` in any case, as a regex source (the rest of the pattern stays case-sensitive). */
const anyCase = (word: string) =>
  [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c)).join('');
const SECRET_WORD = `(?:[A-Za-z0-9_.-]*(?:${['token', 'secret', 'password', 'passwd', 'credential', 'credentials', 'api_key', 'apikey'].map(anyCase).join('|')})|[A-Z0-9_]*KEY)`;

/** A text holding one of these strings (as written). */
const holds =
  (...words: string[]) =>
  (text: string) =>
    words.some((w) => text.includes(w));
const fits = (re: RegExp) => (text: string) => re.test(text);

/**
 * Each: what every match of the rule holds (a cheap test: a text without it is left alone, as the
 * rule would leave it, without running the rule), the pattern and its replacement, applied in
 * order to any text. The gates keep a large text (a report's JSON) from running every rule over
 * all of it; the result is the rules' own.
 */
const TEXT_RULES: readonly [(text: string) => boolean, RegExp, string][] = [
  // URL userinfo: scheme://user:pass@host, scheme://token@host.
  [holds('://'), /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s"'`<>\\]+@/gi, `$1${REDACTED}@`],
  // Authorization headers, and a bearer or basic credential on its own.
  [
    fits(/authorization:/i),
    new RegExp(`(Authorization:\\s*(?:Bearer|Basic|Token)\\s+)${V}+`, 'gi'),
    `$1${REDACTED}`,
  ],
  [holds('Bearer'), /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g, `$1${REDACTED}`],
  [holds('Basic'), /\b(Basic\s+)(?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{12,}={0,2}/g, `$1${REDACTED}`],
  // Secret-named variables: NAME=value, NAME="value", --name=value, --name value.
  [
    // The name ends in one of the words (KEY and API_KEY end in `key`) right before the `=`.
    fits(/(?:token|secret|passwd|password|credentials?|key)=/i),
    new RegExp(`\\b(${SECRET_WORD})=(${QUOTED}|${V}+)`, 'g'),
    `$1=${REDACTED}`,
  ],
  [
    fits(/--[a-z0-9-]*(?:token|passw|secret|api-?key|credential|access-key)/i),
    new RegExp(
      // --image-pull-secret NAME names a Kubernetes Secret object, not its value: it stays.
      `(--(?![a-z0-9-]*pull-secrets?(?:=| ))(?:[a-z0-9-]*-)?(?:token|password|passwd|secret|api-key|apikey|credentials?|access-key|secret-key)(?:=| +))(?!-)${V}+`,
      'gi',
    ),
    `$1${REDACTED}`,
  ],
  // Known token shapes anywhere.
  [holds('hf_'), /\bhf_[A-Za-z0-9]{20,}\b/g, REDACTED],
  [holds('nvapi-'), /\bnvapi-[A-Za-z0-9_-]{20,}/g, REDACTED],
  [
    fits(/gh[pousr]_|github_pat_/),
    /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g,
    REDACTED,
  ],
  [holds('AKIA', 'ASIA'), /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, REDACTED],
  [holds('eyJ'), /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g, REDACTED],
  [holds('sk-'), /\bsk-[A-Za-z0-9_-]{16,}/g, REDACTED],
  [holds('xox'), /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, REDACTED],
];

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export function looksLikeSecret(value: string): boolean {
  const v = value.trim();
  return SECRET_VALUE.some((re) => re.test(v));
}

/**
 * What every rule above needs somewhere in the text (a superset, any case): a text without any of
 * these matches no rule and is returned as it is, without running each rule over it.
 */
const MAY_MATCH =
  /:\/\/|=|--|authorization|bearer|basic|hf_|nvapi-|gh[pousr]_|github_pat_|akia|asia|eyj|sk-|xox[abprs]-/i;

/** Texts redacted before (reports repeat the same details and values thousands of times). */
const memo = new Map<string, string>();
const MEMO_MAX = 100_000;
const MEMO_TEXT_MAX = 4096;

/** THE redaction of one piece of text: every rule above. */
export function redact(text: string): string {
  if (!MAY_MATCH.test(text)) return text;
  const short = text.length <= MEMO_TEXT_MAX;
  const known = short ? memo.get(text) : undefined;
  if (known !== undefined) return known;
  let out = text;
  for (const [may, re, to] of TEXT_RULES) if (may(out)) out = out.replace(re, to);
  if (short) {
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(text, out);
  }
  return out;
}

/** The value to show for a variable: redacted when its name or its shape says secret, else the text redaction. */
export function redactValue(name: string, value: string): string {
  return isSecretName(name) || looksLikeSecret(value) ? REDACTED : redact(value);
}

/** Redacts credentials inside free text (log lines, commands). */
export const redactText = redact;

/** A URL (or text holding URLs) with its credentials removed; the same one redaction. */
export const redactUrl = redact;

const secretKey = (k: string) => VARIABLE_NAME.test(k) && /^[A-Z_]/.test(k) && isSecretName(k);

/**
 * Redacts, in place, every string inside a value (objects, arrays, Maps' values), and the
 * value of a secret-named variable held as `{name, value}` or under an UPPER_CASE key. In place
 * so that whatever else holds the same objects (a sweep's result, rendered to HTML and metrics
 * beside the report) is redacted too. Returns the value, for strings a new one.
 */
export function redactDeep<T>(value: T, seen: Set<object> = new Set()): T {
  if (typeof value === 'string') return redact(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value as object)) return value;
  seen.add(value as object);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const nv = redactDeep(value[i], seen);
      if (nv !== value[i]) value[i] = nv;
    }
    return value;
  }
  if (value instanceof Map) {
    for (const [k, v] of value) {
      const nv =
        typeof k === 'string' && secretKey(k) && typeof v === 'string' ? REDACTED : redactDeep(v, seen);
      if (nv !== v) value.set(k, nv);
    }
    return value;
  }
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  const o = value as Record<string, unknown>;
  const named =
    typeof o.name === 'string' &&
    VARIABLE_NAME.test(o.name) &&
    isSecretName(o.name) &&
    typeof o.value === 'string';
  for (const k of Object.keys(o)) {
    const v = o[k];
    const nv =
      named && k === 'value'
        ? REDACTED
        : typeof v === 'string' && secretKey(k)
          ? REDACTED
          : redactDeep(v, seen);
    // Only what changed is written: an object frozen upstream holds no secret to change.
    if (nv !== v) o[k] = nv;
  }
  return value;
}

/**
 * A stream whose string writes pass `redact` (a Buffer passes as it is); every other property
 * (isTTY, columns, on…) is the stream's own.
 */
export function redactingStream<S extends NodeJS.WritableStream>(stream: S): S {
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === 'write')
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...a: unknown[]) => boolean)(
            typeof chunk === 'string' ? redact(chunk) : chunk,
            ...rest,
          );
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
