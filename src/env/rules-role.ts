import { type Check, check } from '../core/model.js';
import type { RawService } from './raw.js';
import { roleFromArgs } from './roles.js';
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
