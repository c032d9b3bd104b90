import { type Check, check } from '../core/model.js';
import type { ServiceCtx } from './graph-rules.js';
import { describeKv, type KvPath } from './serving-engine.js';

/**
 * The graph's KV path, judged from what the workers name. Prefill and decode move KV between them
 * with ONE transport: both sides run the same connector (vLLM's NixlConnector on both, kv_role
 * kv_both), or the same SGLang `--disaggregation-transfer-backend`, or the same TRT-LLM
 * `cache_transceiver_config.backend`. So:
 *
 * - A path named on one side only is the graph's path, and the graph says which side named it.
 * - vLLM has no KV connector by default: a side that names none has no default of its own to
 *   contradict, so it is judged on the path the other side names (it must run the same one).
 * - SGLang and TRT-LLM do have a default (mooncake; DEFAULT → NIXL): a silent side takes it, and
 *   when that default is not the named path the two sides pick different transports: FAIL.
 * - Two named paths that differ (transport or NIXL plugin) cannot meet either: FAIL.
 *
 * references/env-rules.md cites the defaults.
 */

const named = (k: KvPath | undefined): k is KvPath =>
  k !== undefined && !k.defaulted && k.transport !== 'UNKNOWN';

/** Transport and NIXL plugin: what both sides must share (host staging is each side's own buffer choice). */
const key = (k: KvPath) => `${k.transport}${k.nixlPlugin ? `/${k.nixlPlugin}` : ''}`;

function label(c: ServiceCtx): string {
  return c.svc.name === c.svc.role ? c.svc.name : `${c.svc.name} (${c.svc.role})`;
}

export interface GraphKv {
  /** The graph's KV path, its `from` naming the side(s) that named it. */
  kv?: KvPath;
  check?: Check;
}

/**
 * Settles the graph's KV path from prefill and decode, and gives a silent vLLM side the named
 * path (it must run the same connector). Mutates the silent sides' facts; returns the path and,
 * when the sides cannot meet, the check that says so.
 */
export function settleKv(prefill: ServiceCtx[], decode: ServiceCtx[], subject: string): GraphKv {
  if (prefill.length === 0 || decode.length === 0) return {};
  const all = [...prefill, ...decode];
  const naming = all.filter((c) => named(c.facts?.kv));
  if (naming.length === 0) return {};
  const sides = new Set(naming.map((c) => c.svc.role));
  const by = sides.size === 2 ? 'prefill and decode' : `${[...sides][0]} only`;
  const first = naming.find((c) => c.svc.role === 'prefill') ?? (naming[0] as ServiceCtx);
  const path = first.facts?.kv as KvPath;
  const kv: KvPath = { ...path, from: `${path.from} (named by ${by})` };
  // A vLLM side with no connector named: judged on the path the other side names.
  for (const c of all)
    if (!c.facts?.kv && c.facts?.engine === 'vllm' && path && first.facts?.engine === 'vllm')
      c.facts = {
        ...c.facts,
        kv: {
          ...path,
          from: `${path.from} on ${first.svc.name} (${c.svc.role} names none: it must run the same)`,
        },
      };
  const want = key(path);
  const off = all.filter(
    (c) => c.facts?.kv && c.facts.kv.transport !== 'UNKNOWN' && key(c.facts.kv) !== want,
  );
  if (off.length === 0) return { kv };
  const what = (c: ServiceCtx) => {
    const k = c.facts?.kv as KvPath;
    return `${label(c)} ${k.defaulted ? `names none and takes the engine default ${describeKv(k)}` : `names ${describeKv(k)} (${k.from})`}`;
  };
  return {
    kv,
    check: check(
      'env.kv-path',
      'fail',
      `prefill and decode would use different KV transports: ${label(first)} names ${describeKv(path)} (${path.from}), ${off.map(what).join('; ')}; the two sides of one transfer must run the same one`,
      {
        subject,
        fix: `name the same KV transport on every prefill and decode worker (${path.from} on each)`,
        data: { namedBy: [...sides], graph: describeKv(path) },
      },
    ),
  };
}
