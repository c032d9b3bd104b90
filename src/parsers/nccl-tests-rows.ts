import { parseNumber } from './units.js';

/** One result row of nccl-tests (parsers/nccl-tests.ts documents the formats it is read from). */
export interface NcclRow {
  bytes: number;
  type: string;
  /** GB/s, out-of-place and in-place. */
  algbw: number;
  busbw: number;
  busbwInPlace?: number;
  /** #wrong of either placement (0 when validated and correct; undefined for N/A). */
  wrong?: number;
  /**
   * The row is hypercube_perf's with more than one GPU per thread (`nGpus` > 1), whose check nccl-tests
   * itself breaks: its `#wrong` is the test's, not the data path's (see `HypercubeGrouped`).
   */
  hypercubeGrouped?: true;
}

/** Result rows of nccl-tests (parsers/nccl-tests.ts): the printed layout, and a layout a poster cut down. */

/**
 * The cells a whole row has under a header of `columns` cells. nccl-tests prints the op name with
 * `%6s`, and before the 2.13 resync the collectives without a reduction (alltoall, all_gather,
 * sendrecv…) passed "" for it (`TimeTest(args, type, typename, (ncclRedOp_t)0, "", -1)`): the cell is
 * blank, so a whole row has one cell fewer, its fourth cell already the time (principle 1: the same
 * row, a column printed empty). Only under a header with a `redop` column; a row one cell short at
 * its end is still a cut.
 */
export function rowColumns(t: string, columns: number, redop: boolean): number {
  const fourthCell = t.split(/\s+/)[3] ?? '';
  return redop && /^-?[\d.]+(?:e[+-]?\d+)?$/i.test(fourthCell) ? columns - 1 : columns;
}

/** What the fourth cell of each placement is: `#wrong` (a count), the old `error` (a deviation), or not known (no header). */
export type Fourth = 'wrong' | 'error' | 'unknown';

/** nccl-tests' type names (src/common.cu `test_typenames`; before NCCL 2.x: char, int). */
export const HEADERLESS_TYPE = /^(?:u?int(?:8|32|64)|half|float|double|bfloat16|f8e4m3|f8e5m2|char|int)$/;

/**
 * A result row: size and count, the data type, the op words, then numbers (see the header comment).
 * `fourth`: under the old `error` header the fourth cell of a placement is a maximum deviation
 * (such as `4e-07`), not `#wrong`; without a header only a whole number is read as a count.
 */
export function rowOf(t: string, fourth: Fourth): NcclRow | undefined {
  const cells = t.split(/\s+/);
  const bytes = parseNumber(cells[0]);
  if (bytes === undefined || !/^\d+$/.test(cells[1] ?? '') || !/^[a-z]\w*$/i.test(cells[2] ?? ''))
    return undefined;
  let i = 3;
  while (i < cells.length && /^[a-z]+$/i.test(cells[i] as string) && cells[i] !== 'N/A') i++;
  const tail = cells.slice(i).filter((c) => /^-?[\d.]+(?:e[+-]?\d+)?$/i.test(c) || c === 'N/A');
  // An odd count: the first is the root (-1 where none). Two placements of 4 (or 8 with per-iteration timing).
  const nums = tail.length % 2 === 1 ? tail.slice(1) : tail;
  const half = nums.length / 2;
  if (half < 3) return undefined;
  const at = (k: number) => parseNumber(nums[k]);
  const algbw = at(1);
  const busbw = at(2);
  if (algbw === undefined || busbw === undefined) return undefined;
  // Under a `#wrong` header the fourth cell is a count (`%5g` of it: `0`, `1e+06`): a fraction there means the cells
  // do not line up (a row that lost a cell to a wrap or a cut), so its bandwidths would be read from the wrong
  // columns too: not a row.
  const count = (w: string | undefined) => w === undefined || w === 'N/A' || Number.isInteger(Number(w));
  if (fourth === 'wrong' && !(count(nums[3]) && count(nums[half + 3]))) return undefined;
  const wrongs = [nums[3], nums[half + 3]].map((w) =>
    w === 'N/A' || w === undefined || fourth === 'error' || (fourth === 'unknown' && !/^\d+$/.test(w))
      ? undefined
      : parseNumber(w),
  );
  const wrong = wrongs.some((w) => w !== undefined) ? Math.max(...wrongs.map((w) => w ?? 0)) : undefined;
  const busbwInPlace = at(half + 2);
  return {
    bytes,
    type: cells[2] as string,
    algbw,
    busbw,
    ...(busbwInPlace !== undefined ? { busbwInPlace } : {}),
    ...(wrong !== undefined ? { wrong } : {}),
  };
}

/**
 * A results header a poster cut down (issue 38, principle 1): nccl-tests prints `size count type redop root time
 * algbw busbw #wrong` once per placement (out-of-place, in-place), but a write-up may keep only the first placement
 * (one `busbw`) or only the columns it discusses (`size time algbw busbw #wrong`). Such a header still names its
 * columns, and the rows under it have as many cells: each row is read by those names. nccl-tests' own header (two
 * placements, or no `busbw` at all) is left to rowOf. The names are lower-cased, `#wrong` as `#wrong`.
 */
export function cutHeader(t: string): string[] | undefined {
  const names = t.replace(/^#/, '').trim().toLowerCase().split(/\s+/);
  if (names[0] !== 'size') return undefined;
  const busbw = names.filter((n) => n === 'busbw').length;
  if (busbw === 0 || !names.includes('algbw')) return undefined;
  return busbw === 1 || !names.includes('count') ? names : undefined;
}

/** A row under a cut-down header: exactly one cell per name, size (and count) whole numbers, the figures numbers. */
export function rowByNames(t: string, names: readonly string[]): NcclRow | undefined {
  const cells = t.split(/\s+/);
  if (cells.length !== names.length) return undefined;
  const cell = (name: string, k = 0) => cells[names.indexOf(name, k === 0 ? 0 : names.indexOf(name) + 1)];
  if (!/^\d+$/.test(cells[0] ?? '') || (names.includes('count') && !/^\d+$/.test(cell('count') ?? '')))
    return undefined;
  const bytes = parseNumber(cells[0]);
  const algbw = parseNumber(cell('algbw'));
  const busbw = parseNumber(cell('busbw'));
  if (bytes === undefined || algbw === undefined || busbw === undefined) return undefined;
  const inPlace = names.filter((n) => n === 'busbw').length > 1 ? parseNumber(cell('busbw', 1)) : undefined;
  const wrongs = names
    .map((n, i) => (n === '#wrong' ? cells[i] : undefined))
    .filter((w): w is string => w !== undefined && /^\d+$/.test(w))
    .map(Number);
  return {
    bytes,
    type: names.includes('type') ? (cell('type') as string) : '',
    algbw,
    busbw,
    ...(inPlace !== undefined ? { busbwInPlace: inPlace } : {}),
    ...(wrongs.length ? { wrong: Math.max(...wrongs) } : {}),
  };
}
