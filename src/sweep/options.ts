import path from 'node:path';
import { z } from 'zod';
import { CLUSTER_NAME_PATTERN } from '../core/cluster-identity.js';
import { formatDuration } from '../core/duration.js';
import { ToolError } from '../core/errors.js';
import { DEFAULT_REGRESSION_FRACTION } from '../judge/regression.js';
import { DurationOption, SweepDurationOption, TransferOptionsShape } from '../pair/options/groups.js';
import { toPairConfig } from '../pair/options/options.js';
import { ClusterOptionsShape } from '../pair/options/schema.js';
import type { SweepConfig } from './config.js';
import { DEFAULT_KEEP_RUNS } from './history.js';
import { SchemeSchema } from './model.js';

/**
 * `sweep`'s own options: each flag declared once here (the output flags are the command's),
 * the pair flags taken from pair/options/, the policy file's keys under the command line's,
 * the combinations that cannot work refused, and the options turned into a SweepConfig.
 */

/** `--regression`: a share of the baseline, `0.2` or `20%`, above 0 and below 1. */
const RegressionFraction = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = String(v).trim();
  const n = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  if (text === '' || !Number.isFinite(n) || n <= 0 || n >= 1) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a share of the baseline above 0 and below 1, such as 0.2 or 20%, got ${JSON.stringify(v)}`,
    });
    return z.NEVER;
  }
  return n;
});

const {
  prefillNode: _p,
  decodeNode: _d,
  keep: _k,
  etcdEndpoints: _e,
  nodeProbes: _n,
  ...probeShape
} = ClusterOptionsShape;

/** The keys of `sweep`'s schema besides the output flags (the command adds those). */
export const SweepOptionsShape = {
  policy: z.string().min(1).optional(),
  scheme: SchemeSchema.optional(),
  seed: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(2 ** 31)
    .default(1),
  matchings: z.coerce.number().int().positive().max(64).default(3),
  topologyLabel: z
    .string()
    .regex(/^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/, {
      message: 'expected a label key such as topology.kubernetes.io/rack',
    })
    .optional(),
  budget: z
    .string()
    .transform((s, ctx) => {
      if (/^[1-9][0-9]*$/.test(s)) return { pairs: Number(s) };
      const d = SweepDurationOption.safeParse(s);
      if (d.success) return { ms: d.data };
      ctx.addIssue({ code: 'custom', message: 'expected a number of pairs (500) or a duration (20m, 2h)' });
      return z.NEVER;
    })
    .optional(),
  outlier: z.coerce.number().positive().lt(1).default(0.1),
  selector: z.string().min(1).optional(),
  nodes: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?(,[a-z0-9]([-a-z0-9.]*[a-z0-9])?)+$/, {
      message: 'expected two or more node names: a,b,c',
    })
    .superRefine((s, ctx) => {
      const names = s.split(',');
      const twice = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
      // A typo, not a fabric question: a node cannot be paired with itself.
      if (twice.length > 0) ctx.addIssue({ code: 'custom', message: `names ${twice.join(', ')} twice` });
    })
    .transform((s) => s.split(','))
    .optional(),
  maxParallel: z.coerce.number().int().positive().max(512).default(8),
  gpuAccounting: z.enum(['cluster', 'none']).default('cluster'),
  timeout: SweepDurationOption.default(30 * 60_000),
  pairTimeout: DurationOption.default(5 * 60_000),
  ...TransferOptionsShape,
  html: z.string().min(1).optional(),
  metricsFile: z.string().min(1).optional(),
  pushgateway: z
    .url({ protocol: /^https?$/, message: 'expected an http(s) URL such as http://pushgateway:9091' })
    .optional(),
  resultsDir: z.string().min(1).optional(),
  keepRuns: z.coerce
    .number({ error: 'expected a whole number of run files, such as 60' })
    .int()
    .positive()
    .default(DEFAULT_KEEP_RUNS),
  baseline: z.string().min(1).optional(),
  clusterName: z
    .string()
    .regex(CLUSTER_NAME_PATTERN, {
      message: 'expected a name such as gpu-prod-east (letters, digits, . _ -)',
    })
    .optional(),
  regression: RegressionFraction.default(DEFAULT_REGRESSION_FRACTION),
  ...probeShape,
};
const SweepFlagsSchema = z.object(SweepOptionsShape);
/** `sweep`'s options once parsed (without the output flags). */
export type SweepFlags = z.infer<typeof SweepFlagsSchema>;

/** The policy's keys under the flags given on the command line (flags win; defaults do not). */
export async function withPolicy(
  raw: Record<string, unknown>,
  source: (key: string) => string | undefined,
  cwd: string,
): Promise<Record<string, unknown>> {
  const file = raw.policy;
  if (typeof file !== 'string' || file === '') return raw;
  const { loadPolicy, policyToRaw } = await import('./policy.js');
  const fromPolicy = policyToRaw(await loadPolicy(path.resolve(cwd, file)));
  const out = { ...raw };
  for (const [k, v] of Object.entries(fromPolicy)) {
    if (v === undefined) continue;
    const src = source(k);
    if (src === 'cli' || src === 'env') continue;
    out[k] = v;
  }
  return out;
}

/** The combinations of flags that cannot work, each refused with one line and its fix. */
function refuseContradictions(opts: SweepFlags): void {
  if (opts.scheme === 'role' && !opts.dgd) {
    throw new ToolError('--scheme role pairs the prefill and decode nodes of a DynamoGraphDeployment', {
      fix: 'pass --dgd NAME (and -n NAMESPACE), or use --scheme ring or all-pairs',
    });
  }
  if (opts.dgd && (opts.nodes || opts.selector)) {
    throw new ToolError(
      `--dgd takes the nodes from the DynamoGraphDeployment's worker pods, and ${opts.nodes ? '--nodes' : '-l/--selector'} chooses them too`,
      { fix: "pass one of them (--recipe takes a DGD's transport settings to nodes you name)" },
    );
  }
  if (opts.budget && opts.scheme && opts.scheme !== 'auto') {
    throw new ToolError(`--budget bounds --scheme auto, and --scheme ${opts.scheme} runs a fixed plan`, {
      fix: 'drop --budget and bound the sweep with --timeout, or use --scheme auto',
    });
  }
  if (opts.pairTimeout > opts.timeout) {
    throw new ToolError(
      `--pair-timeout ${formatDuration(opts.pairTimeout)} is longer than the whole sweep's --timeout ${formatDuration(opts.timeout)}: no pair could use it`,
      { fix: 'lower --pair-timeout or raise --timeout' },
    );
  }
}

/** The options as what runSweep is asked to do; every pair runs cross-node with the pair flags given. */
export function toSweepConfig(opts: SweepFlags, env: NodeJS.ProcessEnv): SweepConfig {
  refuseContradictions(opts);
  const pair = toPairConfig(
    {
      ...opts,
      engine: opts.engine,
      mode: 'cross-node',
      timeout: opts.pairTimeout,
      nixlbenchRuntime: 'auto',
      nodeProbes: false,
    },
    env,
  );
  return {
    scheme: opts.scheme,
    seed: opts.seed,
    matchings: opts.matchings,
    topologyLabel: opts.topologyLabel,
    outlierFraction: opts.outlier,
    budget: opts.budget,
    selector: opts.selector,
    nodes: opts.nodes,
    maxParallel: opts.maxParallel,
    gpuAccounting: opts.gpuAccounting,
    timeoutMs: opts.timeout,
    pair,
  };
}
