import { z } from 'zod';

/**
 * The result model every command produces. One typed object; the text, JSON,
 * YAML and JUnit renderers are views of it. TypeScript types are inferred
 * from these zod schemas, and references/result.schema.json is generated
 * from them (npm run schema).
 */

export const SCHEMA_VERSION = 1;

export const CheckStatusSchema = z.enum(['ok', 'warn', 'fail', 'skipped']);
export type CheckStatus = z.infer<typeof CheckStatusSchema>;

export const CheckSchema = z.object({
  /** Stable dotted id; the first segment is the group (`env`, `ib`, `gdr`, `ucx`, `pair`, …). */
  id: z.string().min(1),
  status: CheckStatusSchema,
  /** One line for people. */
  detail: z.string(),
  /** What the check looked at: a service, a pod, a device, a file. */
  subject: z.string().optional(),
  /** What to do about a warn or fail, one line. */
  fix: z.string().optional(),
  /**
   * A skipped check that matters makes the verdict `unverified`: skipped is
   * never a pass. Set false only for checks that are informational.
   */
  matters: z.boolean().optional(),
  /** Machine-readable facts behind the detail. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type Check = z.infer<typeof CheckSchema>;

export const VerdictStatusSchema = z.enum(['trusted', 'unverified', 'untrusted']);
export type VerdictStatus = z.infer<typeof VerdictStatusSchema>;

export const VerdictSchema = z.object({
  status: VerdictStatusSchema,
  /**
   * Absent when the verdict certifies (can disagg be trusted). `capture`: what one pasted
   * output shows (read), which certifies nothing; `task`: whether a chore got done (gc).
   * The status means the same in each: a fail, a warning or skip that matters, or all ok.
   */
  scope: z.enum(['capture', 'task']).optional(),
  /** One sentence: can disagg be trusted, and what to fix first. */
  summary: z.string(),
  /** The check to look at first, when there is one. */
  fixFirst: z
    .object({
      id: z.string(),
      subject: z.string().optional(),
      detail: z.string(),
      fix: z.string().optional(),
    })
    .optional(),
  counts: z.object({
    ok: z.number().int(),
    warn: z.number().int(),
    fail: z.number().int(),
    skipped: z.number().int(),
  }),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export const ReportSchema = z
  .object({
    schemaVersion: z.literal(SCHEMA_VERSION),
    tool: z.literal('interconnect-test'),
    /** The subcommand that produced it: env, node, nixl, read, pair, gc. */
    command: z.string(),
    generatedAt: z.string(),
    checks: z.array(CheckSchema),
    verdict: VerdictSchema,
  })
  // Each command adds its own data beside checks and verdict (env: services[],
  // pair: measurement, read: parsed); the README documents those contracts.
  .catchall(z.unknown());
export type Report = z.infer<typeof ReportSchema>;

/** Builds a check, keeping the call sites short. */
export function check(
  id: string,
  status: CheckStatus,
  detail: string,
  extra: Omit<Check, 'id' | 'status' | 'detail'> = {},
): Check {
  return { id, status, detail, ...extra };
}
