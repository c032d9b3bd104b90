import { ToolError } from '../../core/errors.js';
import { check } from '../../core/model.js';
import { dgdFacts } from '../../env/dgd-facts.js';
import { analyse } from '../../env/index.js';
import { type Loaded, loadInputs } from '../../env/load.js';
import type { EnvService } from '../../env/schema.js';
import { DGD_LABEL, splitWorkers } from '../../env/workers.js';
import { isClusterError } from '../../kube/errors.js';
import type { PairContext, Step } from '../context.js';
import {
  claimSourceOfTemplate,
  claimSourcesOf,
  RESOURCE_API,
  unsourced,
  withSources,
} from '../plan/claims.js';
import {
  DEFAULT_SETTINGS,
  mergeSettings,
  type ProbeSettings,
  type Role,
  settingsFromDgd,
  settingsFromPod,
  withOverrides,
  withResolvedEnv,
} from '../plan/settings.js';
import { runNodeProbes } from './node-probes.js';

/**
 * Step 1: the read-only checks. `env` over the recipe or the live DGD (its
 * checks join the report; a failed one blocks the transfer unless --force),
 * and the transport settings the probe pods will copy.
 */

type Settings = Partial<Record<Role, ProbeSettings>>;

function envFor(
  services: readonly EnvService[],
  file: string,
  doc: number,
  role: Role,
): EnvService | undefined {
  return services.find((s) => s.file === file && s.doc === doc && s.role === role);
}

/** The DGD of a recipe that has both a prefill and a decode service; exactly one must. */
export function settingsFromLoaded(loaded: Loaded, services: readonly EnvService[], what: string): Settings {
  const graphs = loaded.docs
    .map((d) => ({
      d,
      s: settingsFromDgd(
        d.value,
        `${d.file}#${(d.value as { metadata?: { name?: string } })?.metadata?.name ?? d.doc}`,
      ),
    }))
    .filter((g) => g.s.prefill && g.s.decode);
  if (graphs.length === 0) {
    throw new ToolError(`${what} has no DynamoGraphDeployment with both a prefill and a decode worker`, {
      fix: 'point --recipe at a disaggregated recipe (deploy.yaml with prefill and decode workers), or name nodes and settings directly',
    });
  }
  if (graphs.length > 1) {
    const names = graphs.map((g) => g.s.prefill?.source.split(' ')[0]).join(', ');
    throw new ToolError(`${what} holds ${graphs.length} disaggregated DynamoGraphDeployments (${names})`, {
      fix: 'pass the one file to test with --recipe',
    });
  }
  const g = graphs[0] as (typeof graphs)[number];
  const out: Settings = {};
  // The engine and its KV path as `env` reads them (src/env/dgd-facts.ts): the one DGD reader.
  const facts = dgdFacts(g.d.value);
  const framework = facts?.framework;
  // The recipe's ComputeDomains and ResourceClaimTemplates: what the probe's claims are copied from.
  const sources = claimSourcesOf(loaded.docs);
  for (const role of ['prefill', 'decode'] as const) {
    const s = g.s[role] as ProbeSettings;
    const env = envFor(services, g.d.file, g.d.doc, role);
    out[role] = {
      ...(env ? withResolvedEnv(s, env.transportVars) : s),
      framework,
      nixlBackend: facts?.kv?.nixlPlugin === 'LIBFABRIC' ? 'LIBFABRIC' : env?.pod.nixlBackend,
      hostStaged: facts?.kv?.hostStaged,
      ...(s.claims ? { claims: withSources(s.claims, sources) } : {}),
    };
  }
  return out;
}

/** The live ResourceClaimTemplates the workers' claims name, read from the deployment's namespace. */
async function liveClaimSources(ctx: PairContext, ns: string, settings: Settings): Promise<Settings> {
  const cluster = await ctx.cluster();
  const out: Settings = { ...settings };
  for (const role of ['prefill', 'decode'] as const) {
    const s = out[role];
    if (!s?.claims) continue;
    const found: Parameters<typeof withSources>[1] = {};
    for (const t of unsourced(s.claims)) {
      // Refused (RBAC): left unsourced, so pair.claims names the template instead of guessing.
      const rct = await cluster
        .read({ apiVersion: RESOURCE_API, kind: 'ResourceClaimTemplate', name: t, namespace: ns })
        .catch((err: unknown) => {
          if (isClusterError(err, 'forbidden')) return undefined;
          throw err;
        });
      if (rct) found[t] = claimSourceOfTemplate(rct, `ResourceClaimTemplate ${ns}/${t}`);
    }
    out[role] = { ...s, claims: withSources(s.claims, found) };
  }
  return out;
}

async function fromRecipe(ctx: PairContext, path: string): Promise<Settings> {
  const loaded = await loadInputs([path], ctx.cwd);
  const { part, checks } = analyse(loaded);
  ctx.state.checks.push(...checks);
  return settingsFromLoaded(loaded, part.services, `recipe ${path}`);
}

async function fromDgd(ctx: PairContext, name: string): Promise<Settings> {
  const cluster = await ctx.cluster();
  const ns = ctx.config.namespace ?? cluster.namespace;
  const dgd = await cluster.getDgd(ns, name);
  const loaded: Loaded = {
    files: [`${ns}/${name}`],
    docs: [{ file: `${ns}/${name}`, doc: 1, line: 1, value: dgd }],
    skipped: [],
  };
  const { part, checks } = analyse(loaded);
  ctx.state.checks.push(...checks);
  const spec = settingsFromLoaded(loaded, part.services, `DynamoGraphDeployment ${ns}/${name}`);
  // The live worker pods are what really runs (admission webhooks may have added env):
  // prefer their spec, and take the nodes to test from them.
  const workers = splitWorkers(await cluster.listPods(ns, `${DGD_LABEL}=${name}`));
  const out: Settings = { ...spec };
  const nodes: { prefill?: string; decode?: string } = {};
  for (const role of ['prefill', 'decode'] as const) {
    const pod =
      workers[role].find((p) => p.status?.phase === 'Running') ?? workers[role].find((p) => p.spec?.nodeName);
    if (!pod) continue;
    out[role] = mergeSettings(spec[role], settingsFromPod(pod, `pod ${ns}/${pod.metadata?.name}`));
    if (pod.spec?.nodeName) nodes[role] = pod.spec.nodeName;
  }
  ctx.state.dgdNodes = { ...nodes, from: `DGD ${name} worker pods` };
  if (ctx.config.nodeProbes && !ctx.config.dryRun) await runNodeProbes(ctx, name, ns);
  return liveClaimSources(ctx, ns, out);
}

/** pair.claims: the DRA claims the probe pods copy, and where each scratch copy comes from. */
function claimsCheck(ctx: PairContext, settings: { prefill: ProbeSettings; decode: ProbeSettings }): void {
  const seen = new Map<string, string>();
  const missing: string[] = [];
  for (const role of ['prefill', 'decode'] as const) {
    const c = settings[role].claims;
    for (const p of c?.pod ?? []) {
      const t = p.template as string;
      const src = c?.sources[t];
      if (!src) missing.push(`${t} (${role} claim ${p.name})`);
      else
        seen.set(
          t,
          src.kind === 'ComputeDomain'
            ? `${t}: a scratch ComputeDomain's channel (as ${src.from})`
            : `${t}: a copy of ${src.from}`,
        );
    }
  }
  if (seen.size === 0 && missing.length === 0) return;
  if (missing.length > 0) {
    ctx.state.checks.push(
      check(
        'pair.claims',
        'fail',
        `ResourceClaimTemplate ${missing.join(', ')} is neither in the recipe nor in the deployment's namespace: the probe pods would stay Pending`,
        {
          fix: 'pass the recipe file that holds its ComputeDomain or ResourceClaimTemplate with --recipe, or run with --dgd against the live deployment',
        },
      ),
    );
    return;
  }
  ctx.state.checks.push(
    check('pair.claims', 'ok', `probe pods copy the workers' DRA claims: ${[...seen.values()].join('; ')}`, {
      matters: false,
    }),
  );
}

export const probesStep: Step = {
  name: 'read-only checks',
  title: () => 'Read-only checks',
  when: (ctx) => ctx.config.recipe !== undefined || ctx.config.dgd !== undefined,
  async run(ctx) {
    const { config } = ctx;
    let settings: Settings = {};
    if (config.recipe) settings = await fromRecipe(ctx, config.recipe);
    if (config.dgd) settings = { ...settings, ...(await fromDgd(ctx, config.dgd)) };
    const finish = (s: ProbeSettings | undefined) =>
      withOverrides(s ?? DEFAULT_SETTINGS, config.env, config.tolerations);
    ctx.state.settings = { prefill: finish(settings.prefill), decode: finish(settings.decode) };
    const p = ctx.state.settings.prefill;
    if (p.source !== 'defaults') {
      const copied = [
        `${p.env.length} transport variable${p.env.length === 1 ? '' : 's'}`,
        p.resources.length ? p.resources.map((r) => `${r.name}: ${r.count}`).join(', ') : 'no RDMA resource',
        ...(Object.keys(p.annotations).length ? ['network annotations'] : []),
        ...(p.hostNetwork ? ['hostNetwork'] : []),
      ];
      // Never privileged: it would see every GPU of the node, a live worker's too (references/gpu-isolation.md).
      const unprivileged = p.privileged
        ? '; not privileged, though the worker is: the probe keeps IPC_LOCK and sees only the GPU the device plugin allocated'
        : '';
      if (p.privileged || ctx.state.settings.decode.privileged)
        ctx.progress.warn(
          `${p.source} runs privileged; the probe pods do not: a privileged container sees every GPU of the node, a live worker's too. They keep IPC_LOCK and use the GPU the device plugin allocated`,
        );
      ctx.state.checks.push(
        check('pair.settings', 'ok', `probe pods copy ${copied.join(', ')} from ${p.source}${unprivileged}`, {
          matters: false,
          data: { notes: [...new Set([...p.notes, ...ctx.state.settings.decode.notes])] },
        }),
      );
    }
    claimsCheck(ctx, ctx.state.settings);
    const blockers = ctx.state.checks.filter((c) => c.status === 'fail');
    if (blockers.length > 0 && !config.force && !config.dryRun) {
      ctx.state.checks.push(
        check(
          'pair.transfer',
          'skipped',
          `not run: the read-only checks found ${blockers.length} blocker${blockers.length === 1 ? '' : 's'}`,
          {
            fix: 'fix those first, or pass --force to run the transfer test anyway',
          },
        ),
      );
      ctx.state.stop = 'blocked';
    }
  },
};
