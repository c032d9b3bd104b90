/**
 * Kubernetes' `$(VAR)` expansion, as the kubelet applies it to a container's env values (each
 * against the variables defined before it) and to its command and args (against the container's
 * whole env): k8s.io/kubernetes third_party/forked/golang/expansion/expand.go (`Expand`,
 * `tryReadVariableName`, `MappingFuncFor`), references/read-evidence.md. `$$` is an escaped `$`;
 * `$(NAME)` with NAME defined is its value; an undefined name, an unclosed `$(` and any other
 * `$x` are left as written.
 */
export function expandK8s(input: string, lookup: (name: string) => string | undefined): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (c !== '$' || i + 1 >= input.length) {
      out += c;
      i++;
      continue;
    }
    const next = input[i + 1] as string;
    if (next === '$') {
      // An escaped operator: one `$` is written, both are consumed.
      out += '$';
      i += 2;
      continue;
    }
    if (next === '(') {
      const close = input.indexOf(')', i + 2);
      if (close < 0) {
        // An unclosed reference stays as written.
        out += '$(';
        i += 2;
        continue;
      }
      const name = input.slice(i + 2, close);
      out += lookup(name) ?? `$(${name})`;
      i = close + 1;
      continue;
    }
    out += `$${next}`;
    i += 2;
  }
  return out;
}

/**
 * A container's env as the kubelet builds it: values from envFrom first, then each `env` entry
 * in order, its value expanded against the variables defined before it; undefined (valueFrom)
 * entries are unknown and their references stay as written.
 */
export function expandEnv(entries: readonly { name: string; value?: string }[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of entries) {
    if (e.value === undefined) {
      delete env[e.name];
      continue;
    }
    env[e.name] = expandK8s(e.value, (n) => env[n]);
  }
  return env;
}

/** The command and args with `$(VAR)` expanded against the container's env, as the kubelet starts them. */
export function expandArgv(argv: readonly string[], env: Readonly<Record<string, string>>): string[] {
  return argv.map((a) => expandK8s(a, (n) => (Object.hasOwn(env, n) ? env[n] : undefined)));
}
