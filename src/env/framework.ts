import type { RawService } from './raw.js';
import { engineOf, flagValue, VLLM_KV_FLAG } from './serving-engine.js';

/**
 * THE recogniser of the serving framework a worker runs, as far as the KV
 * direction goes: vLLM (its NixlConnector: decode READs), vLLM with the opt-in
 * NixlPushConnector (prefill WRITEs), SGLang, TensorRT-LLM. The engine comes
 * from `engineOf` (the command line, then the runtime image), the one rule
 * `env` reports; `pair` takes the KV direction from this
 * (references/kv-direction.md).
 */
export type Framework = 'vllm' | 'vllm-push' | 'sglang' | 'trtllm';

/** A worker's framework from its command line and image; undefined for the mocker, a non-worker or nothing known. */
export function frameworkOf(s: {
  argv: readonly string[];
  image?: string | undefined;
}): Framework | undefined {
  const engine = engineOf(s);
  if (engine === 'vllm') {
    const kv = flagValue(s.argv, VLLM_KV_FLAG) ?? '';
    return /\bNixlPushConnector\b/.test(kv) ? 'vllm-push' : 'vllm';
  }
  return engine === 'mocker' ? undefined : engine;
}

/** The framework of a container spec (`command`, `args`, `image`, as Kubernetes writes them). */
export function frameworkOfContainer(c: {
  command?: unknown;
  args?: unknown;
  image?: unknown;
}): Framework | undefined {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return frameworkOf({
    argv: [...list(c.command), ...list(c.args)],
    image: typeof c.image === 'string' ? c.image : undefined,
  });
}

/** One framework for a graph's KV workers, or undefined when none shows or they disagree (then `pair` measures both directions). */
export function frameworkOfWorkers(
  services: readonly Pick<RawService, 'argv' | 'image'>[],
): Framework | undefined {
  const seen = new Set(services.map(frameworkOf));
  seen.delete(undefined);
  return seen.size === 1 ? [...seen][0] : undefined;
}
