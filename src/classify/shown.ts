import { type Check, check } from '../core/model.js';

/**
 * What a pipe after the tool (`lsmod | grep mlx5`, `ucx_info -d | grep -i rdma`,
 * `ibstat | head`) let through. `keeps(line)` answers "would a line like this
 * have been printed?": true, false, or undefined when the filter cannot tell
 * (head/tail keep by position, awk/sed rewrite lines). A conclusion of absence
 * ("no CUDA transport", "nvidia_peermem is not loaded") holds only when a line
 * saying the thing would have been kept; otherwise it is "not shown", never
 * "missing".
 */
export interface Shown {
  /** The filter as typed, e.g. `grep -i rdma`; for a cut paste, where it is cut. */
  filter: string;
  keeps(line: string): boolean | undefined;
  /** Set when nothing filtered the output but the paste holds only part of it (see cutShown). */
  cut?: true;
}

/**
 * A paste that holds only part of a tool's output, with no filter in sight: it ends inside a
 * block (cut where the post or its stored copy ends), starts inside one (the header line not
 * pasted), or an author left lines out (`...`, `[snip]`). Every line the tool would have printed
 * outside the part shown may be missing from it, so each absence it suggests is undecided: the
 * same "not shown, never missing" that a filter gives, through the same hiddenBy. `where` says
 * which part is missing, e.g. "it ends inside the `tcp` memory domain".
 */
export function cutShown(where: string): Shown {
  return { filter: where, keeps: () => undefined, cut: true };
}

/**
 * Undefined when absence can be decided (no filter, or a line like one of
 * `samples` would have been kept); else the reason it cannot.
 */
export function hiddenBy(shown: Shown | undefined, samples: readonly string[]): string | undefined {
  if (!shown) return undefined;
  const answers = samples.map((s) => shown.keeps(s));
  if (answers.some((a) => a === true)) return undefined;
  if (shown.cut) return `this paste is only part of the output (${shown.filter}), so it may not show`;
  return answers.every((a) => a === false)
    ? `the filter \`${shown.filter}\` does not show`
    : `the filter \`${shown.filter}\` may hide`;
}

/** A `skipped` check for an absence the filter leaves undecided. */
export function notShown(id: string, why: string, what: string, fix?: string): Check {
  return check(id, 'skipped', `${why} ${what}: not shown, so not checked`, {
    ...(fix ? { fix } : {}),
  });
}
