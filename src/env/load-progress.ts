import type { Progress } from '../core/progress.js';

/** Where a long walk shows how far it got (a TTY's progress line; the caller decides). */
export interface LoadProgress {
  progress: Progress;
  /** Milliseconds; default Date.now. */
  now?: () => number;
}

/** A walk that has taken over a second shows files and MB read so far; a quick one shows nothing. */
export const PROGRESS_AFTER_MS = 1000;

/** A line a file is too many for a terminal: at most ten updates a second. */
const UPDATE_EVERY_MS = 100;

export function progressOf(watch: LoadProgress | undefined, count: number) {
  if (!watch) return { file() {}, end() {} };
  const now = watch.now ?? Date.now;
  const t0 = now();
  let shown = false;
  let last = 0;
  return {
    file(k: number, bytes: number) {
      const t = now();
      if (t - t0 < PROGRESS_AFTER_MS || (shown && t - last < UPDATE_EVERY_MS)) return;
      if (!shown) watch.progress.step('reading recipes');
      shown = true;
      last = t;
      watch.progress.update(`${k} of ${count} files, ${(bytes / 1e6).toFixed(1)} MB read`);
    },
    end() {
      if (shown) watch.progress.close();
    },
  };
}
