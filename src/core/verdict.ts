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
/**
 * What a verdict speaks of. A string names what is certified (`disaggregated
 * serving`: "… can be trusted"); `shows` is for evidence that certifies
 * nothing by itself (one pasted capture: "this ibstat capture shows no
 * problem"); `task` for a chore that is done or not (gc), with no talk of trust.
 */
export type Subject =
  | string
  | { kind: 'shows'; what: string; note?: string }
  | { kind: 'task'; what: string };

/** `1 check`, `2 checks`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function passed(n: number): string {
  return n === 1 ? 'the 1 check passed' : `all ${n} checks passed`;
}

export function rollUp(checks: readonly Check[], subject: Subject = 'disaggregated serving'): Verdict {
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
  if (typeof subject !== 'string') return worded(subject, counts, first, fixFirst, about);
  const what = subject;

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
    summary: `${cap(what)} can be trusted: ${passed(counts.ok)}.`,
    counts,
  };
}

/** The verdict of evidence (`shows`) or of a chore (`task`): the same statuses, no claim of trust. */
function worded(
  subject: Exclude<Subject, string>,
  counts: Verdict['counts'],
  first: Check | undefined,
  fixFirst: Verdict['fixFirst'],
  about: string,
): Verdict {
  const what = cap(subject.what);
  const shows = subject.kind === 'shows';
  const scope = shows ? ('capture' as const) : ('task' as const);
  if (counts.fail > 0) {
    const failed = plural(counts.fail, 'check');
    return {
      status: 'untrusted',
      scope,
      summary: shows
        ? `${what} shows a problem (${failed} failed); fix first: ${about}`
        : `${what} did not finish (${failed} failed); fix first: ${about}`,
      fixFirst,
      counts,
    };
  }
  if (first) {
    const why = first.status === 'warn' ? 'a warning' : 'a check that matters was skipped';
    return {
      status: 'unverified',
      scope,
      summary: shows
        ? `${what} shows no failure, but not everything could be judged (${why}); look first at: ${about}`
        : `${what} needs a look (${why}): ${about}`,
      fixFirst,
      counts,
    };
  }
  if (counts.ok === 0) {
    return {
      status: 'unverified',
      scope,
      summary: shows ? `${what} shows nothing that could be checked.` : `${what}: nothing was done.`,
      counts,
    };
  }
  const note = subject.kind === 'shows' && subject.note ? ` ${subject.note}` : '';
  return {
    status: 'trusted',
    scope,
    summary: shows
      ? `${what} shows no problem (${passed(counts.ok)}).${note}`
      : `${what} is done (${passed(counts.ok)}).`,
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
