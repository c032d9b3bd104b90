import { ToolError } from '../../core/errors.js';

/** `--rails`: `all` (every rail, the default), or GPU indices `0,3` / `1`. */
export type RailsChoice = 'all' | number[];

export function parseRailsFlag(text: string | undefined): RailsChoice {
  if (text === undefined || text.trim() === '' || text.trim() === 'all') return 'all';
  const out: number[] = [];
  for (const part of text.split(',')) {
    const t = part.trim();
    if (!/^\d{1,2}$/.test(t))
      throw new ToolError(`--rails ${JSON.stringify(text)}: ${JSON.stringify(t)} is not a GPU index`, {
        fix: 'pass GPU indices separated by commas (--rails 0,3), one index for one quick rail (--rails 1), or all',
      });
    const n = Number(t);
    if (!out.includes(n)) out.push(n);
  }
  return out.sort((a, b) => a - b);
}
