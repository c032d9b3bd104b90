import { type Check, check } from '../core/model.js';
import type { RawService } from './raw.js';
import { roleFromArgs, roleFromName } from './roles.js';
import { argvText, engineOf, literalEnvOf } from './serving-engine.js';

/**
 * The role a manifest declares (subComponentType / type prefill|decode) against the mode the
 * engine is started in. Each Dynamo worker decides its mode from its own flags, not from the
 * operator's label: dynamo.vllm `--disaggregation-mode` (or the deprecated --is-prefill-worker /
 * --is-decode-worker, or DYN_VLLM_DISAGGREGATION_MODE), default AGGREGATED when none is given
 * (components/src/dynamo/vllm/args.py `_resolve_disaggregation_mode`: "Apply default (AGGREGATED)
 * if nothing was provided"); dynamo.sglang passes SGLang's `--disaggregation-mode` (server_args.py,
 * default "null": no disaggregation); dynamo.trtllm `--disaggregation-mode` (default
 * prefill_and_decode). So a declared prefill or decode worker started in another mode, or in
 * none, runs aggregated (or as the other side): the pair never forms. references/env-rules.md.
 */
export function roleModeCheck(raw: RawService, subject: string): Check | undefined {
  const declared = raw.declared?.role;
  if (declared !== 'prefill' && declared !== 'decode') return undefined;
  const text = argvText(raw.argv);
  const engine = engineOf({ argv: raw.argv });
  if (!engine || engine === 'mocker' || !/\bdynamo\.(vllm|sglang|trtllm)\b/.test(text)) return undefined;
  const envMode =
    engine === 'vllm' ? literalEnvOf(raw).DYN_VLLM_DISAGGREGATION_MODE?.trim().toLowerCase() : undefined;
  const stated =
    roleFromArgs(raw.argv) ?? (envMode === 'prefill' || envMode === 'decode' ? envMode : undefined);
  const where = `${raw.declared?.from ?? 'declared'}: ${declared}`;
  if (stated && stated !== declared && (stated === 'prefill' || stated === 'decode' || stated === 'agg')) {
    return check(
      'env.role',
      'fail',
      `declared ${declared} (${where}) but started as ${stated === 'agg' ? 'an aggregated worker' : `a ${stated} worker`} on its command line: the engine follows its flags, so the ${declared} pool is not what runs`,
      { subject, fix: `start it with --disaggregation-mode ${declared}`, data: { declared, stated } },
    );
  }
  if (stated) return undefined;
  // No mode given. dynamo.vllm's aggregated worker also serves remotely prefilled requests, so a flagless
  // decode worker beside a prefill worker works (upstream recipes write it so, e.g. vllm-runtime 1.3.0
  // llama-3-70b disagg-single-node); a flagless prefill worker never hands KV on. SGLang and TRT-LLM run
  // a flagless worker aggregated either way.
  if (engine === 'vllm' && declared === 'decode') return undefined;
  return check(
    'env.role',
    'fail',
    `declared ${declared} (${where}) but started without --disaggregation-mode ${declared}: dynamo.${engine} then runs aggregated, so ${declared === 'decode' ? 'the prefill pool is never used' : 'it never hands KV to decode'}`,
    {
      subject,
      fix: `add --disaggregation-mode ${declared} to its command line`,
      data: { declared, stated: null },
    },
  );
}

/** Whether an engine started on its own states a side on its own command line (vLLM's connector, SGLang's mode). */
export function statesSide(raw: RawService): boolean {
  const text = argvText(raw.argv);
  if (/\bdynamo\./.test(text)) return false;
  const engine = engineOf({ argv: raw.argv });
  if (engine === 'vllm') return /--kv[-_]transfer[-_]config\b/.test(text);
  if (engine === 'sglang') return roleFromArgs(raw.argv) !== undefined;
  return false;
}

/**
 * The same cross-check for an engine started on its own (not through dynamo.*), where a pair is
 * declared by a field the router acts on (AIBrix's StormService role name, KServe's prefill pool,
 * llm-d's role label) and its partner states its side (the caller asks that). vLLM takes its side
 * only from `--kv-transfer-config` (no connector: an aggregated engine that neither sends nor
 * receives KV; references/env-rules.md "Mode from the whole graph"); SGLang from
 * `--disaggregation-mode` (default "null": no disaggregation). A declared side whose engine cannot
 * take it, beside one that does, breaks the pair.
 */
export function plainEngineRoleCheck(raw: RawService, subject: string): Check | undefined {
  const declared = raw.declared?.role;
  if (declared !== 'prefill' && declared !== 'decode') return undefined;
  const text = argvText(raw.argv);
  if (/\bdynamo\./.test(text)) return undefined;
  const engine = engineOf({ argv: raw.argv });
  const where = `${raw.declared?.from ?? 'declared'}: ${declared}`;
  const lost =
    declared === 'prefill'
      ? 'it never hands KV to decode'
      : 'it receives no KV, so every request is prefilled again on decode and the prefill pool is never used';
  if (engine === 'vllm') {
    // Its own command line only (the graph lends a flagless side its partner's connector to judge the
    // path, kv-graph.ts); a connector in a file (--config) or a value env cannot see may still be there.
    if (/--kv[-_]transfer[-_]config\b|--config\b/.test(text)) return undefined;
    return check(
      'env.role',
      'fail',
      `declared ${declared} (${where}) but its vLLM starts with no --kv-transfer-config, which is how vLLM takes a side: it runs aggregated and ${lost}`,
      {
        subject,
        fix: `add --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}' to both sides`,
        data: { declared, stated: null },
      },
    );
  }
  if (engine === 'sglang') {
    const stated = roleFromArgs(raw.argv);
    if (stated === declared) return undefined;
    return check(
      'env.role',
      'fail',
      stated
        ? `declared ${declared} (${where}) but SGLang is started as ${stated === 'agg' ? 'an aggregated server' : `a ${stated} server`}: the engine follows its flags, so the ${declared} pool is not what runs`
        : `declared ${declared} (${where}) but SGLang starts without --disaggregation-mode (default null): it runs aggregated and ${lost}`,
      {
        subject,
        fix: `start it with --disaggregation-mode ${declared}`,
        data: { declared, stated: stated ?? null },
      },
    );
  }
  return undefined;
}

/** SGLang options only a prefill or decode server reads (server_args.py `disaggregation_*`), the mode itself aside. */
const PD_ONLY_OPTION = /--disaggregation[-_](?!mode\b)[a-z][a-z_-]*/g;

/**
 * env.pd-mode: an SGLang server given P/D options (`--disaggregation-ib-device`,
 * `--disaggregation-transfer-backend`, `--disaggregation-bootstrap-port`, `--disaggregation-decode-tp` …)
 * but no `--disaggregation-mode` runs in SGLang's default mode "null": the scheduler builds the KV
 * sender (PrefillBootstrapQueue) or receiver (DecodePreallocQueue), the only readers of those options,
 * in prefill or decode mode alone (references/env-rules.md "P/D options without a mode"). The command
 * line contradicts itself: meant as a P/D side, it runs aggregated and moves no KV. Whether a pair
 * breaks depends on a partner this check does not see (env.role fails a declared pair): a warning.
 */
export function pdOptionsWithoutModeCheck(raw: RawService, subject: string): Check | undefined {
  if (engineOf({ argv: raw.argv }) !== 'sglang') return undefined;
  const text = argvText(raw.argv);
  // A mode given, or options read from a --config file the check cannot see, say nothing against it.
  if (/--disaggregation[-_]mode\b|--config\b/.test(text)) return undefined;
  const found = [...new Set(text.match(PD_ONLY_OPTION) ?? [])];
  if (found.length === 0) return undefined;
  const side = raw.declared?.role ?? roleFromName(raw.name);
  const meant =
    side === 'prefill' || side === 'decode'
      ? ` although it is meant as ${side} (its ${raw.declared ? 'declared role' : 'name'})`
      : '';
  return check(
    'env.pd-mode',
    'warn',
    `SGLang is given P/D options (${found.join(', ')}) but no --disaggregation-mode (default null): it runs aggregated${meant}, builds no KV sender or receiver and never reads them, so no KV leaves or reaches it`,
    { subject, fix: 'start it with --disaggregation-mode prefill (or decode), or drop the P/D options' },
  );
}
