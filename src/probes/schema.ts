import { z } from 'zod';

/** One probe in `targets[].probes`: what ran and how it ended; `parsed` is the parser's result. */
export const ProbeEntrySchema = z.strictObject({
  argv: z.array(z.string()).min(1),
  label: z.string().optional(),
  ran: z.boolean(),
  exitCode: z.number().int().nullable(),
  notFound: z.boolean(),
  timedOut: z.boolean(),
  parsed: z.unknown().optional(),
  error: z.string().optional(),
});

export const TargetReportSchema = z.strictObject({
  kind: z.enum(['local', 'pod']),
  host: z.string().optional(),
  pod: z.string().optional(),
  namespace: z.string().optional(),
  node: z.string().optional(),
  container: z.string().optional(),
  role: z.enum(['prefill', 'decode']).optional(),
  image: z.string().optional(),
  where: z.string(),
  probes: z.record(z.string(), ProbeEntrySchema),
});

/** What `node -o json` adds beside checks and verdict (the README's contract for it). */
export const NodeReportPartSchema = z.object({
  command: z.literal('node'),
  targets: z.array(TargetReportSchema).min(1),
  cluster: z.strictObject({ context: z.string(), namespace: z.string(), server: z.string() }).optional(),
  leftOut: z
    .array(z.strictObject({ pod: z.string(), role: z.enum(['prefill', 'decode']), why: z.string() }))
    .optional(),
});
export type NodeReportPart = z.infer<typeof NodeReportPartSchema>;
