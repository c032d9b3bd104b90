import type { RawService } from './raw.js';
import { asksAccelerator } from './roles.js';
import { argvText, literalEnvOf } from './serving-engine.js';

/**
 * An engine built for the CPU, shown as such, and granted no accelerator: vLLM's CPU image
 * (`vllm/vllm-openai-cpu`, docs.vllm.ai getting_started/installation/cpu "Pre-built images"),
 * `--device cpu`, or `VLLM_TARGET_DEVICE=cpu` / `VLLM_CPU_KVCACHE_SPACE` (the CPU backend's KV
 * size, same page "Related runtime environment variables"). Its KV cache is host memory: between
 * two such pods the pod network is the path the engine is built for, and the RDMA/NCCL transport
 * variables do not apply. Returns the evidence, or undefined when the engine is not shown to be one.
 */
export function cpuEngineOf(raw: RawService, engine: string | undefined): string | undefined {
  if (!engine || raw.claimTemplates.length > 0) return undefined;
  if (asksAccelerator(raw.resources)) return undefined;
  const image = raw.image ?? '';
  if (/(^|[/:_-])cpu([-_.:]|$)/i.test(image.replace(/@.*$/, ''))) return `image ${image}`;
  if (/--device(?:=|\s+)["']?cpu\b/.test(argvText(raw.argv))) return '--device cpu';
  const env = literalEnvOf(raw);
  if (env.VLLM_TARGET_DEVICE?.trim().toLowerCase() === 'cpu') return 'VLLM_TARGET_DEVICE=cpu';
  if (env.VLLM_CPU_KVCACHE_SPACE !== undefined) return 'VLLM_CPU_KVCACHE_SPACE';
  return undefined;
}
