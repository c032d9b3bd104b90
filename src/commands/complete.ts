import type { Command, Option } from 'commander';
import { TOOLS } from '../classify/tools.js';
import type { Cluster } from '../kube/cluster.js';
import type { CliContext } from './context.js';

/**
 * The hidden `__complete` command: what kubectl's plugin completion (kubectl 1.26+, through the
 * `kubectl_complete-interconnect_test` executable beside the plugin) and our own shell scripts ask
 * for, in Cobra's protocol (spf13/cobra completions.go): `__complete WORD… PARTIAL` prints one
 * candidate a line (`value<TAB>description`), then `:DIRECTIVE` (0: the shell may also complete
 * files; 4: it may not). Values from the cluster (namespaces, nodes, pods) are looked up with a
 * short limit; a cluster that does not answer completes nothing, never an error.
 */

export const COMPLETE_COMMAND = '__complete';
const DEFAULT = 0;
const NO_FILES = 4;
/** A completion must never keep the shell waiting. */
const LOOKUP_TIMEOUT_MS = 3000;

type Lookup = (cluster: Cluster, namespace: string) => Promise<string[]>;

/** The flags whose values come from the kubeconfig or the cluster. */
const FROM_CLUSTER: Record<string, Lookup> = {
  '--namespace': async (c) => (await c.listNamespaces('')).map((n) => n.metadata?.name ?? ''),
  '--prefill-node': async (c) => (await c.listNodes()).map((n) => n.metadata?.name ?? ''),
  '--decode-node': async (c) => (await c.listNodes()).map((n) => n.metadata?.name ?? ''),
  '--nodes': async (c) => (await c.listNodes()).map((n) => n.metadata?.name ?? ''),
  '--pod': async (c, ns) => (await c.listPods(ns)).map((p) => p.metadata?.name ?? ''),
  '--dgd': (c, ns) => c.listDgdNames(ns),
};

function findOption(cmds: Command[], word: string): Option | undefined {
  const flag = word.split('=')[0];
  for (const c of cmds) {
    const o = c.options.find((x) => x.long === flag || x.short === flag);
    if (o) return o;
  }
  return undefined;
}

/** The value of a flag given earlier on the line (`--context x`, `--context=x`). */
function given(words: string[], ...flags: string[]): string | undefined {
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i] as string;
    for (const f of flags) {
      if (w === f) return words[i + 1];
      if (w.startsWith(`${f}=`)) return w.slice(f.length + 1);
    }
  }
  return undefined;
}

async function contexts(ctx: CliContext, words: string[]): Promise<string[]> {
  const { kubeconfigFiles, mergeKubeconfigs } = await import('../kube/kubeconfig-files.js');
  const src = kubeconfigFiles(given(words, '--kubeconfig'), ctx.env);
  if (!src) return [];
  const doc = mergeKubeconfigs(src).doc;
  return ((doc.contexts as { name?: unknown }[]) ?? []).map((c) => String(c?.name ?? ''));
}

async function fromCluster(ctx: CliContext, words: string[], lookup: Lookup): Promise<string[]> {
  const { openCluster } = await import('../kube/open.js');
  const cluster = await openCluster(
    {
      kubeconfig: given(words, '--kubeconfig'),
      context: given(words, '--context'),
      namespace: given(words, '-n', '--namespace'),
      requestTimeoutMs: LOOKUP_TIMEOUT_MS,
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    },
    ctx.env,
  );
  const ns = given(words, '-n', '--namespace') ?? 'default';
  return lookup(cluster, ns);
}

/** The candidates and directive for `words` (what is typed so far) and `partial` (the word at the cursor). */
export async function completions(
  program: Command,
  ctx: CliContext,
  words: string[],
  partial: string,
): Promise<{ items: string[]; directive: number }> {
  const subs = program.commands.filter((c) => c.name() !== COMPLETE_COMMAND);
  const subIndex = words.findIndex((w) => subs.some((c) => c.name() === w));
  const sub = subIndex >= 0 ? subs.find((c) => c.name() === words[subIndex]) : undefined;
  const scopes = sub ? [sub, program] : [program];
  const prev = words.at(-1);
  const takesValue = prev?.startsWith('-') && !prev.includes('=') ? findOption(scopes, prev) : undefined;
  const match = (xs: string[]) => ({
    items: xs.filter((x) => x !== '' && x.startsWith(partial)),
    directive: NO_FILES,
  });
  if (takesValue && (takesValue.required || takesValue.optional)) {
    const long = takesValue.long ?? '';
    if (takesValue.argChoices) return match(takesValue.argChoices);
    try {
      if (long === '--context') return match(await contexts(ctx, words));
      const lookup = FROM_CLUSTER[long];
      if (lookup) return match(await fromCluster(ctx, words, lookup));
    } catch {
      return { items: [], directive: NO_FILES };
    }
    return {
      items: [],
      directive: /file|kubeconfig|path|policy|html/i.test(takesValue.flags) ? DEFAULT : NO_FILES,
    };
  }
  if (partial.startsWith('-'))
    return match(
      scopes.flatMap((c) => c.options.flatMap((o) => [o.long ?? '', o.short ?? ''])).concat('--help'),
    );
  if (!sub) return match(subs.map((c) => `${c.name()}\t${c.description().split(/[.(:]/)[0]?.trim() ?? ''}`));
  // read's first argument is the tool that produced the output.
  const positional = words.slice(subIndex + 1).filter((w, i, all) => {
    if (w.startsWith('-')) return false;
    const before = all[i - 1];
    const o = before?.startsWith('-') && !before.includes('=') ? findOption(scopes, before) : undefined;
    return !(o && (o.required || o.optional));
  });
  if (sub.name() === 'read' && positional.length === 0) return match(Object.keys(TOOLS));
  return { items: [], directive: DEFAULT };
}

/** `__complete WORD… PARTIAL`: prints the candidates and the directive, Cobra's way. */
export async function runComplete(program: Command, ctx: CliContext, args: string[]): Promise<number> {
  const partial = args.at(-1) ?? '';
  const { items, directive } = await completions(program, ctx, args.slice(0, -1), partial);
  ctx.stdout.write(`${items.map((i) => `${i}\n`).join('')}:${directive}\n`);
  return 0;
}
