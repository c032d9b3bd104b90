/** The cluster CLI lines of a paste: `kubectl exec`/`oc exec` into a pod, `kubectl logs`, and kubectl's own notices. */

/** kubectl's lines about itself, never tool output (kubectl/pkg/cmd/exec, attach, logs). */
export const NOTICES: readonly RegExp[] = [
  /^Defaulted container "[^"]+" out of: /,
  /^Unable to use a TTY - input is not a terminal or the right kind of file$/,
  /^If you don't see a command prompt, try pressing enter\.$/,
  /^kubectl exec \[POD\] \[COMMAND\] is DEPRECATED/,
];

/**
 * The cluster CLIs whose `exec`, `logs` and `debug` run a command in a pod the same way: kubectl, and OpenShift's
 * `oc`, which takes kubectl's syntax for them (`oc -n NS exec POD -c C -- cmd`: references/read-shapes.md,
 * "OpenShift's oc").
 */
const CLUSTER_RUN = /^(?:kubectl|oc)\s+(?:\S+\s+)*?(?:exec|logs|debug)\b/;
const CLUSTER_EXEC = /^(?:kubectl|oc)\s+(.*?)\bexec\s+(.*?)(?:\s--\s|$)/;
/** A command line that runs the cluster CLI itself (`kubectl logs …`, `oc logs …`). */
export const CLUSTER_CLI = /^(?:kubectl|oc)\b/;

/** `kubectl exec -it pod -c c -- ibstat` → `ibstat`; `kubectl logs pod` → `kubectl logs pod`; else undefined. */
export function kubectlCommand(line: string): string | undefined {
  const t = line.trim();
  if (!CLUSTER_RUN.test(t)) return undefined;
  const dashes = t.indexOf(' -- ');
  if (dashes >= 0)
    return t
      .slice(dashes + 4)
      .replace(/^(?:sh|bash)\s+-c\s+/, '')
      .replace(/^["']|["']$/g, '')
      .trim();
  return t;
}

/** The pod of `kubectl exec [-it] [-n ns] POD [-c c] -- cmd` (also `pod/POD`), or undefined. */
export function kubectlPod(line: string): string | undefined {
  const t = line.trim();
  const m = CLUSTER_EXEC.exec(t);
  if (!m) return undefined;
  const words = (m[2] as string).split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (/^(?:-n|-c|--namespace|--container|-f|--filename|--context|--kubeconfig)$/.test(w)) i++;
    else if (!w.startsWith('-')) return w.replace(/^pods?\//, '');
  }
  return undefined;
}
