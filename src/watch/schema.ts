import { z } from 'zod';

/**
 * The `watch` part of a `watch -o json` report (references/watch.schema.json is generated from
 * it by npm run schema). Sizes in bytes, times in seconds, rates in bytes per second.
 */
export const KvWindowSchema = z.strictObject({
  framework: z.enum(['vllm', 'sglang', 'nixl']),
  windowSeconds: z.number().positive(),
  transfers: z.number().nonnegative(),
  bytes: z.number().nonnegative().optional(),
  seconds: z.number().nonnegative().optional(),
  postSeconds: z.number().nonnegative().optional(),
  descriptors: z.number().nonnegative().optional(),
  sizeP50: z.number().optional(),
  sizeP90: z.number().optional(),
  timeP50: z.number().optional(),
  timeP90: z.number().optional(),
  failures: z.array(
    z.strictObject({ metric: z.string(), what: z.string(), count: z.number().nonnegative() }),
  ),
});

export const WatchResultSchema = z.strictObject({
  source: z.enum(['pod-proxy', 'prometheus', 'files']),
  windowSeconds: z.number().positive(),
  /** The healthy link figure (GB/s, 10^9 bytes/s) a transfer was judged against, and where it came from. */
  reference: z.strictObject({
    gbps: z.number().positive(),
    source: z.string(),
    assumed: z.boolean().optional(),
  }),
  workers: z.array(
    z.strictObject({
      worker: z.string(),
      role: z.enum(['prefill', 'decode']).optional(),
      node: z.string().optional(),
      framework: z.enum(['vllm', 'sglang', 'nixl']).optional(),
      window: KvWindowSchema.optional(),
    }),
  ),
  checks: z.array(z.unknown()),
});

export const WatchReportPartSchema = z.object({
  watch: WatchResultSchema,
  cluster: z
    .strictObject({
      context: z.string(),
      namespace: z.string(),
      server: z.string(),
      dgd: z.string().optional(),
    })
    .optional(),
  input: z.strictObject({ from: z.string().optional(), to: z.string().optional() }).optional(),
});
