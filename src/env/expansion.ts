/**
 * Kubernetes' `$(VAR)` expansion, as the kubelet applies it to a container's env values (each
 * against the variables defined before it) and to its command and args (against the container's
 * whole env): k8s.io/kubernetes third_party/forked/golang/expansion/expand.go (`Expand`,
 * `tryReadVariableName`, `MappingFuncFor`), references/read-evidence.md. `$$` is an escaped `$`;
 * `$(NAME)` with NAME defined is its value; an undefined name, an unclosed `$(` and any other
 * `$x` are left as written.
 */
export function expandK8s(input: string, lookup: (name: string) => string | undefined): string {
  let i = input.indexOf('$');
  // No operator: the text as written (the same string, no copy).
  if (i < 0) return input;
  // Runs between operators are copied whole: a string built one character at a time is a chain
  // of a node per character, which a service's env would keep (issue 40 item 13).
  let out = input.slice(0, i);
  while (i >= 0 && i < input.length) {
    if (i + 1 >= input.length) {
      // A trailing `$` stays as written.
      out += '$';
      i++;
      break;
    }
    const next = input[i + 1] as string;
    if (next === '$') {
      // An escaped operator: one `$` is written, both are consumed.
      out += '$';
      i += 2;
    } else if (next === '(') {
      const close = input.indexOf(')', i + 2);
      if (close < 0) {
        // An unclosed reference stays as written.
        out += '$(';
        i += 2;
      } else {
        const name = input.slice(i + 2, close);
        out += lookup(name) ?? `$(${name})`;
        i = close + 1;
      }
    } else {
      out += `$${next}`;
      i += 2;
    }
    const at = input.indexOf('$', i);
    out += input.slice(i, at < 0 ? input.length : at);
    i = at;
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
