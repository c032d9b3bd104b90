import { z } from 'zod';
import { TargetReportSchema } from '../probes/schema.js';

/** What `nixl -o json` adds beside checks and verdict. */
export const NixlReportPartSchema = z.object({
  command: z.literal('nixl'),
  targets: z.array(TargetReportSchema).min(1),
  next: z.strictObject({ command: z.string().optional(), note: z.string() }),
  cluster: z.strictObject({ context: z.string(), namespace: z.string(), server: z.string() }).optional(),
  leftOut: z
    .array(z.strictObject({ pod: z.string(), role: z.enum(['prefill', 'decode']), why: z.string() }))
    .optional(),
});
export type NixlReportPart = z.infer<typeof NixlReportPartSchema>;
