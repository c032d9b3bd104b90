import type { Check } from '../core/model.js';
import { ParseError } from '../parsers/errors.js';
import type { PasteSection } from './paste.js';

/** What reading some sections gives: the parsed output and its checks. */
export interface PlaceReading {
  parsed: unknown;
  checks: Check[];
}

/**
 * One reading per place of a paste that comes from several pods or hosts (`kubectl exec` into each, a prompt
 * naming each host), every check's subject naming its place. One place's output that cannot be read as the tool
 * (another view of it, a cut, a wrapper's message) is said so for that place by `notRead`, and the places that
 * can be read are judged (issue 38, principle 1); only when none can is the paste refused, with the first error.
 */
export function readEachPlace(
  places: readonly string[],
  said: readonly PasteSection[],
  one: (list: readonly PasteSection[]) => PlaceReading,
  notRead: (place: string, err: ParseError) => Check,
): PlaceReading {
  const parsed: unknown[] = [];
  const checks: Check[] = [];
  const refused: { place: string; err: ParseError }[] = [];
  for (const place of places) {
    let r: PlaceReading;
    try {
      r = one(said.filter((s) => s.where === place));
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      refused.push({ place, err });
      continue;
    }
    parsed.push(r.parsed);
    checks.push(...r.checks.map((c) => ({ ...c, subject: c.subject ? `${place}:${c.subject}` : place })));
  }
  if (checks.length === 0 && refused[0]) throw refused[0].err;
  checks.push(...refused.map(({ place, err }) => notRead(place, err)));
  return { parsed: { places, readings: parsed }, checks };
}
