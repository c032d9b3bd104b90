/**
 * Go-template actions in a YAML file: a Helm chart template is not a manifest, but a manifest may carry
 * actions as data for its own controller to evaluate. KServe templates the LLMInferenceService router's
 * scheduler arguments (`{{ ChildName .ObjectMeta.Name `-inference-pool` }}`, `{{ .ObjectMeta.Namespace }}`)
 * and a ServingRuntime's arguments (`--served-model-name={{.Name}}`) when it reconciles them; those
 * actions sit inside string values and the file is applied as it is (references/env-rules.md).
 */

/** Go-template actions (`{{ .Values.x }}`, `{{- if … }}`). */
export const GO_TEMPLATE =
  /\{\{-?\s*(?:[.$]|(?:if|else|end|range|with|include|template|define|toYaml|tpl|printf|default|required|quote)\b)/;

const ACTIONS = new RegExp(GO_TEMPLATE.source, 'g');

/** Helm's own objects and functions: a chart template wherever the action stands. */
const HELM =
  /\{\{-?[^}]*?(?:\.(?:Values|Release|Chart|Capabilities|Files)\b|\b(?:include|toYaml|tpl|required|define|nindent)\b)/;

const count = (s: string): number => s.match(ACTIONS)?.length ?? 0;

function countInStrings(value: unknown): number {
  if (typeof value === 'string') return count(value);
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  for (const [k, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof k === 'string') n += count(k);
    n += countInStrings(v);
  }
  return n;
}

/**
 * Whether a file with Go-template actions is a chart template: it names Helm's objects or functions, or
 * one of its actions stands outside a string value (a `{{- if }}` line, an unquoted `key: {{ … }}`, which
 * YAML reads as a flow mapping). `values` are its parsed documents; comment lines do not count.
 */
export function isChartTemplate(text: string, values: readonly unknown[]): boolean {
  if (HELM.test(text)) return true;
  const inText = count(text.replace(/^\s*#.*$/gm, ''));
  return values.reduce<number>((n, v) => n + countInStrings(v), 0) < inText;
}

/** The parse of a file with Go-template actions when they are data (a manifest); undefined for a chart. */
export function manifestDespiteActions<T extends { docs: { value: unknown }[] }>(
  text: string,
  parse: () => T,
): T | undefined {
  let parsed: T;
  try {
    parsed = parse();
  } catch {
    return undefined;
  }
  return isChartTemplate(
    text,
    parsed.docs.map((d) => d.value),
  )
    ? undefined
    : parsed;
}
