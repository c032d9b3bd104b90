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
 * What a verdict speaks of. A string names what is certified (`disaggregated
 * serving`: "… can be trusted"); `shows` is for evidence that certifies
 * nothing by itself (one pasted capture: "this ibstat capture shows no
 * problem"); `task` for a chore that is done or not (gc), with no talk of trust.
 */
export type Subject =
  | string
  | {
      kind: 'shows';
      what: string;
      note?: string /** `what` names several things: they show. */;
      many?: boolean;
    }
  | { kind: 'task'; what: string };

/** `1 check`, `2 checks`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function passed(n: number): string {
  return n === 1 ? 'the 1 check passed' : `all ${n} checks passed`;
}

/** The four states a roll-up can end in, and what each scope says of them. */
type State = 'failed' | 'gap' | 'nothing' | 'passed';
interface Wording {
  scope?: 'capture' | 'task';
  failed: (n: number, about: string) => string;
  gap: (why: string, about: string) => string;
  nothing: string;
  passed: (n: number) => string;
}

function wordingOf(subject: Subject): Wording {
  if (typeof subject === 'string') {
    const what = subject;
    return {
      failed: (n, about) => `Do not trust ${what}: ${plural(n, 'check')} failed; fix first: ${about}`,
      gap: (why, about) => `${cap(what)} is not verified (${why}); look first at: ${about}`,
      nothing: `Nothing was verified for ${what}.`,
      passed: (n) => `${cap(what)} can be trusted: ${passed(n)}.`,
    };
  }
  const what = cap(subject.what);
  if (subject.kind === 'shows') {
    const note = subject.note ? ` ${subject.note}` : '';
    const shows = subject.many ? 'show' : 'shows';
    return {
      scope: 'capture',
      failed: (n, about) => `${what} ${shows} a problem (${plural(n, 'check')} failed); fix first: ${about}`,
      gap: (why, about) =>
        `${what} ${shows} no failure, but not everything could be judged (${why}); look first at: ${about}`,
      nothing: `${what} ${shows} nothing that could be checked.`,
      passed: (n) => `${what} ${shows} no problem (${passed(n)}).${note}`,
    };
  }
  return {
    scope: 'task',
    failed: (n, about) => `${what} did not finish (${plural(n, 'check')} failed); fix first: ${about}`,
    gap: (why, about) => `${what} needs a look (${why}): ${about}`,
    nothing: `${what}: nothing was done.`,
    passed: (n) => `${what} is done (${passed(n)}).`,
  };
}

const STATUS: Record<State, Verdict['status']> = {
  failed: 'untrusted',
  gap: 'unverified',
  nothing: 'unverified',
  passed: 'trusted',
};

/**
 * Rolls checks up: `untrusted` on any fail, `unverified` on a warning or a
 * skipped check that matters, `trusted` only when everything that matters is
 * ok. No checks at all is never trusted: nothing was verified. The subject
 * words the summary; the decision is the same for every subject.
 */
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
  const w = wordingOf(subject);
  const state: State = counts.fail > 0 ? 'failed' : first ? 'gap' : counts.ok === 0 ? 'nothing' : 'passed';
  const why = first?.status === 'warn' ? 'a warning' : 'a check that matters was skipped';
  const summary =
    state === 'failed'
      ? w.failed(counts.fail, about)
      : state === 'gap'
        ? w.gap(why, about)
        : state === 'nothing'
          ? w.nothing
          : w.passed(counts.ok);
  return {
    status: STATUS[state],
    ...(w.scope ? { scope: w.scope } : {}),
    summary,
    ...(fixFirst && (state === 'failed' || state === 'gap') ? { fixFirst } : {}),
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
