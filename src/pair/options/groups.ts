import { z } from 'zod';
import { durationSchema } from '../../core/duration-schema.js';
import { ENGINE_NAMES } from '../../core/engine-names.js';
import { parseSize } from '../../engines/sizes.js';
import { parseUcxTls, UCX_TL_ALIASES, UCX_TRANSPORTS } from '../../env/ucx.js';

/**
 * The option groups `pair`, `sweep` and the sweep policy file share, each
 * written once: what a value may be and the one line that says it is wrong.
 * Flags arrive as strings (commander), so each group has a flag form; the
 * policy file's YAML keeps its own types, so the groups it takes have a
 * policy form built on the same rule.
 */

// ── engine ──────────────────────────────────────────────────────────────────
export const ENGINE_CHOICES = ['auto', ...ENGINE_NAMES] as const;
export const EngineOption = z.enum(ENGINE_CHOICES);

// ── sizes and iterations ────────────────────────────────────────────────────
const SIZES_MESSAGE = 'expected a comma-separated list of sizes such as 4K,64K,1M,16M,64M';
/** `4K,64K,1M` as written: every entry must be a size. */
export const SizesText = z
  .string({ error: SIZES_MESSAGE })
  .refine((s) => s.split(',').every((p) => parseSize(p) !== undefined), { message: SIZES_MESSAGE });
/** `--sizes`: the distinct sizes in bytes, smallest first. */
export const SizesOption = SizesText.transform((s) =>
  [...new Set(s.split(',').map((p) => parseSize(p) as number))].sort((a, b) => a - b),
);
export const ItersOption = z.coerce.number().int().positive().max(100_000_000);
/** --warmup: untimed iterations before each size (0 allowed: no warm-up). */
export const WarmupOption = z.coerce.number().int().nonnegative().max(100_000_000);

// ── bandwidth bar ───────────────────────────────────────────────────────────
export const MinBandwidthOption = z.coerce.number().positive();
export const MinBandwidthValue = z.number({ error: 'expected GB/s as a number, such as 20' }).positive();

// ── UCX and the probe pods' env ─────────────────────────────────────────────
const UCX_TLS_LIST = /^\^?[\w-]+(,[\w-]+)*$/;
export const UcxTlsOption = z
  .string()
  .regex(UCX_TLS_LIST, { message: 'expected a UCX_TLS list such as tcp or sysv,cma' })
  .superRefine((v, ctx) => {
    if (!UCX_TLS_LIST.test(v)) return;
    // UCX drops a name it does not know (and fails when none is left): a typo, not a fabric fault.
    const { unknown } = parseUcxTls(v);
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `${unknown.map((u) => JSON.stringify(u)).join(', ')} ${unknown.length === 1 ? 'is not a UCX transport' : 'are not UCX transports'} (UCX knows ${Object.keys(UCX_TL_ALIASES).join(', ')}, ${UCX_TRANSPORTS.join(', ')} and all)`,
      });
  });
export const EnvAssignment = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*=.*$/s, { message: 'expected NAME=VALUE' });

// ── timeouts ────────────────────────────────────────────────────────────────
const HOUR_MS = 3_600_000;
/** Limits of the run timeouts: shorter than a second starts nothing; a day is the most one pair may take, a week a sweep. */
export const PAIR_TIMEOUT_LIMITS = { minMs: 1000, maxMs: 24 * HOUR_MS };
export const SWEEP_TIMEOUT_LIMITS = { minMs: 1000, maxMs: 7 * 24 * HOUR_MS };
/** `--timeout`, `--pair-timeout` and `--peer-timeout` of pair and sweep: milliseconds. */
export const DurationOption = durationSchema('90s, 5m or 1h', PAIR_TIMEOUT_LIMITS);
/** `sweep --timeout`: the whole sweep's budget. */
export const SweepDurationOption = durationSchema('30m, 2h or 1d', SWEEP_TIMEOUT_LIMITS);
/** The same rules for a policy key, kept as written ("30m"). */
export function durationValue(examples: string, limits: { minMs?: number; maxMs: number }) {
  const check = durationSchema(examples, limits);
  return z.string({ error: `expected a duration such as ${examples}` }).superRefine((s, ctx) => {
    const r = check.safeParse(s);
    if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'bad duration' });
  });
}

// ── tolerations ─────────────────────────────────────────────────────────────
/** kubectl taint's KEY[=VALUE]:EFFECT (a key may carry a DNS prefix: nvidia.com/gpu). */
export const TOLERATION =
  /^([A-Za-z0-9][-A-Za-z0-9_./]*)(=([-A-Za-z0-9_.]*))?:(NoSchedule|PreferNoSchedule|NoExecute)$/;
export const TolerationText = z.string().regex(TOLERATION, {
  message: 'expected KEY[=VALUE]:EFFECT with EFFECT NoSchedule, PreferNoSchedule or NoExecute',
});

// ── where the probes run ────────────────────────────────────────────────────
export const RdmaResourceText = z.string().regex(/^[a-z0-9.-]+\/[\w.-]+(=\d+)?$/i, {
  message: 'expected a resource name such as rdma/ib or rdma/ib=2',
});
export const NamespaceName = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, { message: 'expected a namespace name' });

/** The transfer flags `pair` (both modes) and `sweep` read, as commander hands them over. */
export const TransferOptionsShape = {
  engine: EngineOption.default('auto'),
  sizes: SizesOption.optional(),
  iters: ItersOption.optional(),
  warmup: WarmupOption.optional(),
  minBandwidth: MinBandwidthOption.optional(),
  ucxTls: UcxTlsOption.optional(),
};
