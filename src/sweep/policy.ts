import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ToolError } from '../core/errors.js';
import {
  durationValue,
  ENGINE_CHOICES,
  MinBandwidthValue,
  NamespaceName,
  PAIR_TIMEOUT_LIMITS,
  RdmaResourceText,
  SizesText,
  SWEEP_TIMEOUT_LIMITS,
  TolerationText,
} from '../pair/options/groups.js';
import { SCHEMES } from './model.js';

/**
 * The sweep policy: what `sweep --policy PATH` runs when nobody types flags, and
 * (for the nightly install) when the CronJob fires. Every key mirrors a flag of
 * `sweep`; flags on the command line win (policyToRaw + the command's own schema).
 *
 * PATH is a YAML file, or a directory mounted from a ConfigMap (deploy/sweep/base):
 *   - key `policy.yaml`: a YAML mapping of the keys below (all but `schedule`),
 *   - key `schedule`: the cron schedule as plain text. It is a key of its own so that
 *     kustomize `replacements` can copy it into the CronJob's spec.schedule: the
 *     ConfigMap is the one place the schedule is written.
 * `schedule` is the CronJob's; the sweep itself does not read it.
 */

/** `a, b or c` for messages. */
function orList(values: readonly string[]): string {
  return values.length <= 1
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (iss) => `expected ${orList(values)}, got ${JSON.stringify(iss.input)}`,
  });
}

// Cron as the CronJob controller reads it (robfig/cron v3 ParseStandard, which Kubernetes'
// validateScheduleFormat calls): five fields, or one of its descriptors. @every is left out
// (a duration, not a time of day); TZ=/CRON_TZ= are refused by the API server (use spec.timeZone).
const CRON_MACROS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const CRON_FIELDS: { name: string; min: number; max: number; names?: string[]; question?: boolean }[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31, question: true },
  { name: 'month', min: 1, max: 12, names: MONTHS },
  { name: 'day of week', min: 0, max: 6, names: DAYS, question: true },
];

/** Why `text` is not a schedule the CronJob controller accepts, or undefined when it is one. */
export function cronProblem(text: string): string | undefined {
  const t = text.trim();
  if (t.startsWith('@')) {
    return CRON_MACROS.includes(t) ? undefined : `expected one of ${orList(CRON_MACROS)}, got "${t}"`;
  }
  const fields = t.split(/\s+/).filter(Boolean);
  if (fields.length !== 5)
    return `expected 5 fields (minute hour day-of-month month day-of-week) or a macro such as @daily, got ${fields.length} in "${t}"`;
  for (const [i, field] of fields.entries()) {
    const spec = CRON_FIELDS[i]!;
    const value = (v: string): number | undefined => {
      if (/^\d+$/.test(v)) return Number(v);
      const n = spec.names?.indexOf(v.toLowerCase()) ?? -1;
      return n < 0 ? undefined : n + spec.min;
    };
    for (const part of field.split(',')) {
      if (part === '?' && spec.question) continue;
      const m = /^(\*|([^-/]+)(-([^-/]+))?)(\/(\d+))?$/.exec(part);
      const bad = `${spec.name} "${field}" in "${t}": expected ${spec.min}-${spec.max}${spec.names ? ` or ${spec.names[0]?.toUpperCase()}-${spec.names[spec.names.length - 1]?.toUpperCase()}` : ''}, *, ranges a-b, steps /n and lists a,b`;
      if (!m) return bad;
      if (m[6] !== undefined && Number(m[6]) === 0) return bad;
      if (m[1] === '*') continue;
      const lo = value(m[2] as string);
      const hi = m[4] === undefined ? lo : value(m[4]);
      if (lo === undefined || hi === undefined || lo < spec.min || hi > spec.max || lo > hi) return bad;
    }
  }
  return undefined;
}

export { SCHEMES };
export const ENGINES = ENGINE_CHOICES;

const OutputSchema = z.strictObject({
  html: z.string().min(1).optional(),
  metricsFile: z.string().min(1).optional(),
  junit: z.string().min(1).optional(),
  pushgateway: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, {
      message: 'expected a URL such as http://pushgateway.monitoring:9091',
    })
    .optional(),
  format: oneOf(['text', 'json']).optional(),
  resultsDir: z.string().min(1).optional(),
  keepRuns: z
    .number({ error: 'expected a whole number of run files, such as 60' })
    .int()
    .positive()
    .optional(),
});

export const PolicySchema = z.strictObject({
  schedule: z
    .string({ error: 'expected a cron schedule such as "30 2 * * *" or @daily' })
    .superRefine((s, ctx) => {
      const problem = cronProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  scheme: oneOf(SCHEMES).optional(),
  seed: z.number({ error: 'expected a whole number such as 1' }).int().nonnegative().optional(),
  topologyLabel: z.string().min(1).optional(),
  budget: z.union([z.number().int().positive(), z.string().min(1)]).optional(),
  outlier: z.number({ error: 'expected a share such as 0.1' }).positive().lt(1).optional(),
  selector: z.string().min(1).optional(),
  nodes: z
    .array(z.string().regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, { message: 'expected a node name' }))
    .min(1)
    .optional(),
  dgd: z.string().min(1).optional(),
  namespace: NamespaceName.optional(),
  /** `--cluster-name`: in every report, metric and history file (a pod's context says only inClusterContext). */
  clusterName: z.string().min(1).optional(),
  maxParallel: z
    .number({ error: 'expected a whole number of pairs at once, such as 4' })
    .int()
    .positive()
    .optional(),
  /** `--gpu-accounting`: `cluster` (count free GPUs from every pod) or `none` (read no pod outside the scratch namespace). */
  gpuAccounting: oneOf(['cluster', 'none']).optional(),
  timeout: durationValue('2h or 90m', SWEEP_TIMEOUT_LIMITS).optional(),
  pairTimeout: durationValue('10m or 600s', PAIR_TIMEOUT_LIMITS).optional(),
  minBandwidth: MinBandwidthValue.optional(),
  engine: oneOf(ENGINES).optional(),
  image: z.string().min(1).optional(),
  sizes: SizesText.optional(),
  scratchNamespace: NamespaceName.optional(),
  rdmaResource: RdmaResourceText.optional(),
  tolerations: z.array(TolerationText).optional(),
  failOn: oneOf(['fail', 'warn']).optional(),
  /** `--baseline`: a report file, or `last` (the newest run of output.resultsDir). */
  baseline: z.string().min(1).optional(),
  /** `--regression`: 0.2, or "20%". */
  regression: z
    .union([
      z.number(),
      z.string().regex(/^\d+(\.\d+)?%$/, { message: 'expected a share such as 0.2 or "20%"' }),
    ])
    .optional(),
  output: OutputSchema.optional(),
});

export type Policy = z.infer<typeof PolicySchema>;

const KEYS = Object.keys(PolicySchema.shape);

/** One line per problem: `scheme: expected ring, all-pairs, …, got "mesh"`. */
function issueLine(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length > 0 ? `${issue.path.join('.')}.` : '';
    const known = issue.path.length > 0 ? Object.keys(OutputSchema.shape) : KEYS;
    return issue.keys.map((k) => `${where}${k}: unknown key (the keys are ${orList(known)})`).join('; ');
  }
  const at = issue.path.length > 0 ? issue.path.map(String).join('.') : '(top level)';
  return `${at}: ${issue.message}`;
}

/** Validates an already parsed policy; `where` names it in errors (`policy FILE`). */
export function parsePolicy(value: unknown, where: string): Policy {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ToolError(
      `${where}: expected a mapping of policy keys, got ${Array.isArray(value) ? 'a list' : typeof value}`,
      {
        fix: `write keys such as "scheme: ring" (the keys are ${orList(KEYS)})`,
      },
    );
  }
  const r = PolicySchema.safeParse(value);
  if (r.success) return r.data;
  throw new ToolError(`${where}: ${r.error.issues.map(issueLine).join('; ')}`, {
    fix: 'correct the key named (deploy/sweep/README.md lists the keys)',
  });
}

function parseYaml(text: string, file: string): unknown {
  try {
    return parse(text, { prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new ToolError(`policy ${file}: not valid YAML: ${first}`, { fix: 'correct the YAML' });
  }
}

/** The keys a ConfigMap-mounted policy directory may hold. */
const DIR_KEYS = ['policy.yaml', 'schedule'];

/**
 * Reads the policy at `p`: a YAML file, or a directory mounted from a ConfigMap.
 *
 * A ConfigMap volume is written by kubelet's AtomicWriter (kubernetes
 * pkg/volume/util/atomic_writer.go): the data lives in a timestamped directory
 * `..<timestamp>`, `..data` is a symlink to it, and each key is a symlink
 * `KEY -> ..data/KEY` at the top. So: names starting with `..` are skipped, and each
 * other entry must resolve to a regular file. An unknown key is an error (strict, like
 * the keys inside).
 */
export function loadPolicy(p: string): Policy {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(p);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ToolError(
      `policy ${p}: ${code === 'ENOENT' ? 'no such file or directory' : `cannot read it (${code})`}`,
      {
        fix: 'pass --policy FILE.yaml, or the directory the policy ConfigMap is mounted at',
      },
    );
  }
  if (!st.isDirectory()) return parsePolicy(parseYaml(readText(p), p), `policy ${p}`);

  const where = `policy ${p}`;
  let raw: Record<string, unknown> = {};
  let schedule: string | undefined;
  for (const name of readdirSync(p).sort()) {
    if (name.startsWith('..')) continue;
    const file = path.join(p, name);
    // A key is a symlink into ..data (or a plain file in a hand-made directory); follow it.
    const target = lstatSync(file).isSymbolicLink()
      ? statSync(file, { throwIfNoEntry: false })
      : lstatSync(file);
    if (!target?.isFile()) continue;
    if (!DIR_KEYS.includes(name)) {
      throw new ToolError(`${where}: ${name}: unknown ConfigMap key (the keys are ${orList(DIR_KEYS)})`, {
        fix: 'put the policy keys inside policy.yaml, and the cron schedule in key "schedule"',
      });
    }
    const text = readText(file);
    if (name === 'schedule') schedule = text.trim();
    else {
      const parsed = parseYaml(text, file);
      if (parsed !== null && parsed !== undefined && (typeof parsed !== 'object' || Array.isArray(parsed)))
        return parsePolicy(parsed, `policy ${file}`);
      raw = (parsed ?? {}) as Record<string, unknown>;
    }
  }
  if (schedule !== undefined) {
    if ('schedule' in raw) {
      throw new ToolError(`${where}: schedule: set both in key "schedule" and in policy.yaml`, {
        fix: 'keep it only in the ConfigMap key "schedule" (the CronJob copies it from there)',
      });
    }
    raw = { schedule, ...raw };
  }
  return parsePolicy(raw, where);
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new ToolError(`policy ${file}: cannot read it (${(err as NodeJS.ErrnoException).code})`, {
      fix: 'check the path and its permissions',
    });
  }
}

/**
 * The policy as the `sweep` command's raw options (commander's camelCase keys and
 * string values, as if typed as flags), for the command to merge under the flags
 * actually given and validate with its own schema. `schedule` is the CronJob's and
 * has no flag.
 */
export function policyToRaw(policy: Policy): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined) raw[key] = value;
  };
  set('scheme', policy.scheme);
  set('seed', policy.seed?.toString());
  set('topologyLabel', policy.topologyLabel);
  set('budget', policy.budget?.toString());
  set('outlier', policy.outlier?.toString());
  set('selector', policy.selector);
  set('nodes', policy.nodes?.join(','));
  set('dgd', policy.dgd);
  set('namespace', policy.namespace);
  set('clusterName', policy.clusterName);
  set('maxParallel', policy.maxParallel?.toString());
  set('gpuAccounting', policy.gpuAccounting);
  set('timeout', policy.timeout);
  set('pairTimeout', policy.pairTimeout);
  set('minBandwidth', policy.minBandwidth?.toString());
  set('engine', policy.engine);
  set('image', policy.image);
  set('sizes', policy.sizes);
  set('scratchNamespace', policy.scratchNamespace);
  set('rdmaResource', policy.rdmaResource);
  set('toleration', policy.tolerations ? [...policy.tolerations] : undefined);
  set('failOn', policy.failOn);
  set('html', policy.output?.html);
  set('metricsFile', policy.output?.metricsFile);
  set('junit', policy.output?.junit);
  set('pushgateway', policy.output?.pushgateway);
  set('output', policy.output?.format);
  set('resultsDir', policy.output?.resultsDir);
  set('keepRuns', policy.output?.keepRuns?.toString());
  set('baseline', policy.baseline);
  set('regression', policy.regression?.toString());
  return raw;
}
