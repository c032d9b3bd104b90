import { parse as parseYaml } from 'yaml';
import { arr, obj, type RawService, type Rec, str } from './raw.js';

/**
 * Ray Serve LLM (`ray.serve.llm:build_openai_app`) in a RayService's `serveConfigV2`: each
 * `applications[].args.llm_configs[]` is an LLMConfig whose `engine_kwargs` are the vLLM engine's options
 * (`tensor_parallel_size`, `pipeline_parallel_size`, …). Ray places the engine's workers in one placement group
 * over the cluster's GPUs: "By default, Ray Serve LLM uses the PACK placement strategy, which tries to place
 * workers on as few nodes as possible. If workers can't fit on a single node, they automatically spill to other
 * nodes" (docs.ray.io serve/llm/user-guides/cross-node-parallelism). So the engine is read as vLLM on the Ray
 * executor with those sizes (`--distributed-executor-backend ray`, rules-serving.ts nodesOf): one whose
 * tensor × pipeline size exceeds a GPU worker pod's GPUs spans that many pods (references/env-rules.md, m35).
 */
const FLAGS: [string, string][] = [
  ['tensor_parallel_size', '--tensor-parallel-size'],
  ['pipeline_parallel_size', '--pipeline-parallel-size'],
  ['data_parallel_size', '--data-parallel-size'],
];

/** The engine options of the largest Ray Serve LLM engine in a serveConfigV2 text, as vLLM flags; undefined if none. */
export function serveLlmArgv(serveConfigV2: string | undefined): string[] | undefined {
  if (!serveConfigV2 || !/\bllm_configs\b/.test(serveConfigV2)) return undefined;
  let cfg: Rec | undefined;
  try {
    cfg = obj(parseYaml(serveConfigV2));
  } catch {
    return undefined;
  }
  let best: { world: number; argv: string[] } | undefined;
  for (const app of arr(cfg?.applications)) {
    for (const c of arr(obj(obj(app)?.args)?.llm_configs)) {
      const kw = obj(obj(c)?.engine_kwargs);
      if (!kw) continue;
      const argv = ['--distributed-executor-backend', 'ray'];
      let world = 1;
      for (const [key, flag] of FLAGS) {
        const n = Number(str(kw[key]));
        if (!Number.isInteger(n) || n < 1) continue;
        argv.push(flag, String(n));
        if (key !== 'data_parallel_size') world *= n;
      }
      if (/^true$/i.test(str(kw.enable_expert_parallel) ?? '')) argv.push('--enable-expert-parallel');
      if (!best || world > best.world) best = { world, argv };
    }
  }
  return best && best.argv.length > 2 ? best.argv : undefined;
}

/** A RayService's GPU pods that show no command of their own run the Serve LLM engine: give them its options. */
export function withServeLlmEngine(services: RawService[], doc: Rec): RawService[] {
  const argv = serveLlmArgv(str(obj(doc.spec)?.serveConfigV2));
  if (!argv) return services;
  return services.map((s) => {
    const gpus = Number(s.resources['nvidia.com/gpu'] ?? 0);
    return s.argv.length === 0 && gpus > 0
      ? { ...s, argv, optionsFrom: 'serveConfigV2 (Ray Serve LLM engine_kwargs)' }
      : s;
  });
}
