import { ToolError } from '../core/errors.js';
import { type Check, check } from '../core/model.js';

/**
 * Waivers for `env` in CI: `--ignore CHECK[:SUBJECT]` and a `.interconnect-test-ignore` file (one
 * rule a line, `CHECK[:SUBJECT] reason…`, `#` comments). A waiver matches a check by id and, when
 * given, a subject (exact, or a prefix ending in `*`). A matched warning or skipped check becomes
 * ok, its detail saying it was waived and why; a matched FAILURE stays a failure (a waiver never
 * hides one) and says a waiver matched it. Every waiver and what it matched is listed in one
 * `env.waivers` check, so nothing is hidden silently.
 */

export const IGNORE_FILE = '.interconnect-test-ignore';

export interface Waiver {
  check: string;
  subject?: string;
  reason: string;
  /** Where it came from: `--ignore` or `FILE:LINE`. */
  from: string;
}

const RULE = /^([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)(?::(.+))?$/;

function parseRule(rule: string, reason: string, from: string): Waiver {
  const m = RULE.exec(rule);
  if (!m) {
    throw new ToolError(
      `${from}: "${rule}" is not a waiver (CHECK or CHECK:SUBJECT, such as env.ucx-tls:deploy.yaml#x/prefill)`,
      {
        fix: 'name a check id from the report (env.…), optionally :its subject',
      },
    );
  }
  return { check: m[1] as string, ...(m[2] ? { subject: m[2] } : {}), reason, from };
}

/** `--ignore` values: the reason is that it was given on the command line. */
export function cliWaivers(values: readonly string[]): Waiver[] {
  return values.map((v) => parseRule(v, 'given with --ignore', '--ignore'));
}

/** The ignore file's rules; a rule without a reason is refused with one line naming its line. */
export function fileWaivers(text: string, file: string): Waiver[] {
  const out: Waiver[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [rule = '', ...rest] = line.split(/\s+/);
    const reason = rest.join(' ').replace(/^#\s*/, '');
    if (reason === '') {
      throw new ToolError(`${file}:${i + 1}: the waiver ${rule} has no reason`, {
        fix: 'write the reason after the rule on the same line: env.ucx-tls:deploy.yaml#x/prefill  NVLink only, no RDMA here',
      });
    }
    out.push(parseRule(rule, reason, `${file}:${i + 1}`));
  });
  return out;
}

function matches(w: Waiver, c: Check): boolean {
  if (w.check !== c.id) return false;
  if (w.subject === undefined) return true;
  if (!c.subject) return false;
  return w.subject.endsWith('*') ? c.subject.startsWith(w.subject.slice(0, -1)) : c.subject === w.subject;
}

/** The checks with the waivers applied, and the env.waivers check that lists them (none without waivers). */
export function applyWaivers(checks: readonly Check[], waivers: readonly Waiver[]): Check[] {
  if (waivers.length === 0) return [...checks];
  const used = new Map<Waiver, string[]>();
  const out = checks.map((c) => {
    const w = waivers.find((x) => matches(x, c));
    if (!w || c.status === 'ok') return c;
    const what = `${c.id}${c.subject ? ` (${c.subject})` : ''}`;
    used.set(w, [...(used.get(w) ?? []), `${what}${c.status === 'fail' ? ' [a failure: not waived]' : ''}`]);
    if (c.status === 'fail')
      return {
        ...c,
        detail: `${c.detail} (a waiver matches, ${w.from}: "${w.reason}"; a failure is never waived)`,
      };
    return {
      ...c,
      status: 'ok' as const,
      detail: `waived (${w.from}: ${w.reason}): was ${c.status}: ${c.detail}`,
      data: { ...(c.data ?? {}), waived: { status: c.status, reason: w.reason, from: w.from } },
    };
  });
  const lines = waivers.map((w) => {
    const hit = used.get(w) ?? [];
    return `${w.check}${w.subject ? `:${w.subject}` : ''} (${w.from}: ${w.reason}) → ${hit.length ? hit.join(', ') : 'matched nothing'}`;
  });
  const waived = [...used.values()].flat().filter((x) => !x.endsWith('[a failure: not waived]')).length;
  const unused = waivers.filter((w) => !used.has(w)).length;
  out.push(
    check(
      'env.waivers',
      'ok',
      `${waived} finding${waived === 1 ? '' : 's'} waived by ${waivers.length} waiver${waivers.length === 1 ? '' : 's'}${unused ? `, ${unused} matching nothing` : ''}: ${lines.join('; ')}`,
      {
        matters: false,
        data: { waivers: waivers.map((w) => ({ ...w, matched: used.get(w) ?? [] })) },
      },
    ),
  );
  return out;
}
