import type { RawService } from './raw.js';
import { argvText } from './serving-engine.js';

/**
 * Model servers that have no prefill/decode KV hand-off of their own: whatever they run on, one instance holds a
 * request's KV from prefill to the last token, so a graph of them is aggregated. Each is known by its program on the
 * command line or, when the container gives no command of its own, by the image whose ENTRYPOINT starts it
 * (references/env-rules.md "Aggregated-only model servers"):
 * - Text Generation Inference: `text-generation-launcher` (huggingface/text-generation-inference `0087333`
 *   Dockerfile, last stage: `ENTRYPOINT ["text-generation-launcher"]`), image ghcr.io/huggingface/text-generation-inference;
 * - Text Embeddings Inference: `text-embeddings-router` (huggingface/text-embeddings-inference `01de287` Dockerfile:
 *   `ENTRYPOINT ["text-embeddings-router"]`), image ghcr.io/huggingface/text-embeddings-inference;
 * - llama.cpp's server: `llama-server` (ggml-org/llama.cpp `bb0e507` .devops/cuda.Dockerfile, target `server`:
 *   `ENTRYPOINT [ "/app/llama-server" ]`), images ghcr.io/ggml-org/llama.cpp:server* (formerly ggerganov/llama.cpp);
 * - Ollama: `ollama serve` (ollama/ollama `000ce02` Dockerfile: `ENTRYPOINT ["/bin/ollama"]`, `CMD ["serve"]`),
 *   image ollama/ollama.
 */
const AGG_PROGRAM =
  /(?:^|[\s/])(?:text-generation-launcher|text-embeddings-router|llama-server|ollama\s+serve)(?:\s|$)/;
const AGG_IMAGE =
  /(?:^|\/)(?:huggingface\/text-(?:generation|embeddings)-inference|(?:ggml-org|ggerganov)\/llama\.cpp:server[\w.-]*|ollama\/ollama)(?::|@|$)/;

/** The aggregated-only model server a container starts, by its command line or, with no command, its image. */
export function aggregatedServer(s: Pick<RawService, 'argv' | 'image' | 'commandLength'>): boolean {
  if (AGG_PROGRAM.test(argvText(s.argv))) return true;
  return s.commandLength === 0 && s.image !== undefined && AGG_IMAGE.test(s.image);
}
