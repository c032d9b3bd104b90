/**
 * The KV-shaped row's shape from what a worker's command line states, and the
 * probe flags for it. Only stated facts are used: vLLM's `--block-size`,
 * `--kv-cache-dtype` and `--tensor-parallel-size`; layers, KV heads and head
 * size are never guessed from a model name, they stay the probe's documented
 * default (a Llama-70B-like layer: 80 layers, 8 KV heads of 128, bf16, vLLM's
 * default block of 16 tokens). references/nixl-probe.md, "The KV-shaped row".
 */

/** What the manifest said; absent fields keep the probe's defaults. */
export interface NixlKvArgs {
  blockTokens?: number | undefined;
  dtypeBytes?: number | undefined;
  /** KV heads on one rank: the default model's 8 divided by the stated tensor parallelism. */
  kvHeads?: number | undefined;
  /** `recipe deploy.yaml VllmPrefillWorker: --block-size 128 --kv-cache-dtype fp8`. */
  source: string;
}

/** The probe's default model shape (its --kv-heads default). */
export const DEFAULT_KV_HEADS = 8;

/** The value after `flag` (`--flag v` or `--flag=v`), the last one when repeated. */
function flag(words: readonly string[], names: readonly string[]): string | undefined {
  let v: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    for (const n of names) {
      if (w === n && i + 1 < words.length) v = words[i + 1];
      else if (w.startsWith(`${n}=`)) v = w.slice(n.length + 1);
    }
  }
  return v?.replace(/^["']|["']$/g, '');
}

/** Bytes per element of a vLLM `--kv-cache-dtype` (vllm/config/cache.py CacheDType); undefined: `auto` or unknown. */
export function kvDtypeBytes(dtype: string): number | undefined {
  if (/^fp8(_|$)/.test(dtype) || dtype === 'int8') return 1;
  if (dtype === 'bfloat16' || dtype === 'float16') return 2;
  return undefined;
}

/**
 * The shape a vLLM worker's argv states, or undefined when it states none of
 * it (or is not vLLM: SGLang's and TensorRT-LLM's flags are not read).
 * `argv` may hold whole shell lines (`sh -c "python3 -m dynamo.vllm …"`).
 */
export function kvArgsFromArgv(argv: readonly string[], where: string): NixlKvArgs | undefined {
  const words = argv.flatMap((a) => a.split(/\s+/)).filter(Boolean);
  if (!words.some((w) => /vllm/.test(w))) return undefined;
  const said: string[] = [];
  const out: NixlKvArgs = { source: '' };
  const block = flag(words, ['--block-size']);
  if (block && /^\d+$/.test(block) && Number(block) > 0) {
    out.blockTokens = Number(block);
    said.push(`--block-size ${block}`);
  }
  const dtype = flag(words, ['--kv-cache-dtype']);
  const bytes = dtype ? kvDtypeBytes(dtype) : undefined;
  if (dtype && bytes) {
    out.dtypeBytes = bytes;
    said.push(`--kv-cache-dtype ${dtype}`);
  }
  const tp = flag(words, ['--tensor-parallel-size', '-tp']);
  if (tp && /^\d+$/.test(tp) && Number(tp) > 1) {
    out.kvHeads = Math.max(1, Math.floor(DEFAULT_KV_HEADS / Number(tp)));
    said.push(`--tensor-parallel-size ${tp}`);
  }
  if (said.length === 0) return undefined;
  out.source = `${where}: ${said.join(' ')}; layers and heads the default`;
  return out;
}

/** The probe flags for a stated shape (none: the probe's own defaults, `--kv-source default`). */
export function nixlKvFlags(kv: NixlKvArgs | undefined): string[] {
  if (!kv) return [];
  return [
    ...(kv.blockTokens ? ['--kv-block-tokens', String(kv.blockTokens)] : []),
    ...(kv.dtypeBytes ? ['--kv-dtype-bytes', String(kv.dtypeBytes)] : []),
    ...(kv.kvHeads ? ['--kv-heads', String(kv.kvHeads)] : []),
    '--kv-source',
    kv.source,
  ];
}
