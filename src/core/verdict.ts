import type { Check, Verdict } from './model.js';

const severity = { fail: 0, warn: 1, skipped: 2, ok: 3 } as const;

function countsOf(checks: readonly Check[]): Verdict['counts'] {
  const counts = { ok: 0, warn: 0, fail: 0, skipped: 0 };
  for (const c of checks) counts[c.status]++;
  return counts;
}

/** A skipped check counts against trust unless it says it does not matter. */
function weighs(c: Check): boolean {
  return c.status === 'fail' || c.status === 'warn' || (c.status === 'skipped' && c.matters !== false);
}

/**
 * Rolls checks up: `untrusted` on any fail, `unverified` on a warning or a
 * skipped check that matters, `trusted` only when everything that matters is ok.
 * No checks at all is never trusted: nothing was verified.
 */
export function rollUp(checks: readonly Check[], what = 'disaggregated serving'): Verdict {
  const counts = countsOf(checks);
  const first = [...checks].filter(weighs).sort((a, b) => severity[a.status] - severity[b.status])[0];
  const fixFirst = first
    ? {
        id: first.id,
        detail: first.detail,
        ...(first.subject ? { subject: first.subject } : {}),
        ...(first.fix ? { fix: first.fix } : {}),
      }
    : undefined;
  const about = first ? describe(first) : '';

  if (counts.fail > 0) {
    return {
      status: 'untrusted',
      summary: `Do not trust ${what}: ${counts.fail} check${counts.fail === 1 ? '' : 's'} failed; fix first: ${about}`,
      fixFirst,
      counts,
    };
  }
  if (first) {
    const why = first.status === 'warn' ? 'a warning' : 'a check that matters was skipped';
    return {
      status: 'unverified',
      summary: `${cap(what)} is not verified (${why}); look first at: ${about}`,
      fixFirst,
      counts,
    };
  }
  if (counts.ok === 0) {
    return { status: 'unverified', summary: `Nothing was verified for ${what}.`, counts };
  }
  return {
    status: 'trusted',
    summary: `${cap(what)} can be trusted: all ${counts.ok} checks passed.`,
    counts,
  };
}

function describe(c: Check): string {
  const where = c.subject ? ` (${c.subject})` : '';
  const fix = c.fix ? ` — ${c.fix}` : '';
  return `${c.id}${where}: ${c.detail}${fix}`;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
