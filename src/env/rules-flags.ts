import { type Check, check } from '../core/model.js';
import type { RawService } from './raw.js';
import { dynamoVersionOf } from './rules-serving.js';
import { argvText, literalEnvOf } from './serving-engine.js';
import { shellRejectedOperand } from './shell.js';

/**
 * Flags that stop an engine from starting. dynamo.vllm rejects `--connector` (and the
 * DYN_CONNECTOR variable behind it) with a ValueError since Dynamo 1.0.0: "--connector is no
 * longer supported for the vLLM backend. Use --kv-transfer-config instead." (ai-dynamo/dynamo
 * `components/src/dynamo/vllm/args.py`, `_reject_connector_flag`, called from
 * `update_dynamo_config_with_engine` before anything else about KV). Not a deprecation warning:
 * the worker exits, the pod crash-loops, no KV is ever served. Before 1.0.0 it was the way to
 * name the connector (default `nixl`). references/env-rules.md cites the lines.
 */

/** `--connector nixl lmcache` / `--connector=nixl`: the names given, in order; undefined when the flag is absent. */
export function connectorFlag(argv: readonly string[]): string[] | undefined {
  const text = argvText(argv);
  const m = /(?:^|\s)--connector(?:=(\S+)|(?=\s|$))((?:\s+(?!-)[^\s;&|]+)*)/.exec(text);
  if (!m) return undefined;
  const words = [m[1], ...(m[2] ?? '').trim().split(/\s+/)].filter((w): w is string => !!w);
  return words.map((w) => w.replace(/^["']|["']$/g, '').toLowerCase());
}

/** What dynamo.vllm's own error message offers instead (`_connector_to_kv_transfer_json`). */
export function kvTransferEquivalent(connectors: readonly string[]): string | undefined {
  const one: Record<string, string> = {
    nixl: '{"kv_connector":"NixlConnector","kv_role":"kv_both"}',
    lmcache: '{"kv_connector":"LMCacheConnectorV1","kv_role":"kv_both"}',
    flexkv: '{"kv_connector":"FlexKVConnectorV1","kv_role":"kv_both"}',
    kvbm: '{"kv_connector":"DynamoConnector","kv_connector_module_path":"kvbm.vllm_integration.connector","kv_role":"kv_both"}',
  };
  const known = connectors.flatMap((c) => (one[c] ? [one[c] as string] : []));
  if (known.length === 0) return undefined;
  if (known.length === 1) return known[0];
  return `{"kv_connector":"PdConnector","kv_role":"kv_both","kv_connector_extra_config":{"connectors":[${known.join(',')}]},"kv_connector_module_path":"kvbm.vllm_integration.connector"}`;
}

/**
 * A shell that rejects its script operand as an option stops any engine first (`shellOptionCheck`).
 * dynamo.vllm started with `--connector …` or DYN_CONNECTOR: on Dynamo ≥ 1.0.0 (or no version shown) it does not start.
 * Before 1.0.0 `none`/`null` was the way to turn the KV connector off (args.py: `connector_list = []`, so
 * `create_kv_transfer_config` returns None): on a prefill or decode worker of a disaggregated graph (`kvSide`)
 * the pair then has no KV path at all, whatever the fabric (the issue's declared role against the command line).
 */
export function errorFlagCheck(raw: RawService, subject: string, kvSide = false): Check | undefined {
  const shell = shellOptionCheck(raw, subject);
  if (shell) return shell;
  if (!/\bdynamo\.vllm\b/.test(argvText(raw.argv))) return undefined;
  const flag = connectorFlag(raw.argv);
  const env = literalEnvOf(raw).DYN_CONNECTOR;
  if (flag === undefined && env === undefined) return undefined;
  const given = flag !== undefined ? `--connector ${flag.join(' ')}`.trim() : `DYN_CONNECTOR=${env}`;
  const names = flag ?? (env ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const none = names.length > 0 && names.every((n) => n === 'none' || n === 'null');
  const equiv = kvTransferEquivalent(names);
  const fix = none
    ? `remove ${flag !== undefined ? '--connector' : 'DYN_CONNECTOR'}: no connector is already the default`
    : `remove ${flag !== undefined ? '--connector' : 'DYN_CONNECTOR'} and pass ${equiv ? `--kv-transfer-config '${equiv}'` : '--kv-transfer-config with the connector'} instead`;
  const v = dynamoVersionOf(raw.image);
  if (v && v[0] < 1 && none && kvSide)
    return check(
      'env.error-flag',
      'fail',
      `${given} turns the KV connector off on Dynamo ${v.join('.')} (dynamo.vllm then builds no kv_transfer_config): this worker is one side of a prefill/decode pair that has no KV path, so no prefilled KV reaches the decode worker`,
      {
        subject,
        fix: `remove ${flag !== undefined ? '--connector' : 'DYN_CONNECTOR'} (nixl is the default before 1.0.0), or run the graph aggregated`,
      },
    );
  if (v && v[0] < 1)
    return check(
      'env.error-flag',
      'warn',
      `${given} works on Dynamo ${v.join('.')}, but dynamo.vllm 1.0.0 and later refuse to start with it ("--connector is no longer supported for the vLLM backend")`,
      { subject, fix },
    );
  return check(
    'env.error-flag',
    'fail',
    `${given} is an error flag, not a deprecated one: dynamo.vllm (Dynamo 1.0.0 and later) raises ValueError at start ("--connector is no longer supported for the vLLM backend. Use --kv-transfer-config instead"), so this worker never starts (${raw.image ? `image ${raw.image}` : 'no image tag'})`,
    { subject, fix },
  );
}

/**
 * A container whose shell is given an engine flag where its script should be (`command: [/bin/bash, -c]` with
 * `args: [--model, …]`): the shell rejects the word as an option of its own and exits with status 2 before running
 * anything (`shellRejectedOperand`), so the worker never starts and no KV moves (issue 38 P5).
 */
export function shellOptionCheck(raw: RawService, subject: string): Check | undefined {
  const word = shellRejectedOperand(raw.argv);
  if (word === undefined) return undefined;
  const shell = raw.argv.slice(0, raw.argv.indexOf(word)).join(' ');
  return check(
    'env.shell-option',
    'fail',
    `\`${shell}\` is followed by ${word} where its script should be: the shell reads ${word} as an option of its own, rejects it ("invalid option", exit status 2) and runs nothing, so the engine never starts`,
    {
      subject,
      fix: `give the shell the whole command line as one script (args: ["python3 -m dynamo.vllm ${word} …"]), or run the engine directly (command: [python3, -m, dynamo.vllm], the flags as args)`,
    },
  );
}
