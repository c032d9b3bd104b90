import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';
import { cleanLines } from '../parsers/lines.js';

/**
 * Issue 38, principle 1: a post may carry a short paste as inline code, one single-backtick code span per line
 * (CommonMark 0.31.2, 6.1 "Code spans"): `` `fi_info -p efa` `` then `` `fi_getinfo: -61 (No data available)` ``.
 * When every line that carries something is one such span, the backticks are the post's: the paste is read as if
 * they were not there, where before it was refused as no tool output.
 */
const bare = 'fi_info -p efa\nfi_getinfo: -61 (No data available)\n';
const spans = '`fi_info -p efa`\n`fi_getinfo: -61 (No data available)`\n';

describe('a paste typed as one inline code span per line', () => {
  it('fi_info -p efa answered by -61 in code spans: the missing EFA provider fails, as without the backticks', () => {
    expect(checkLines(readChecks('fi_info', spans))).toEqual(checkLines(readChecks('fi_info', bare)));
    expect(checkLines(readChecks('fi_info', spans))).toContain('fail efa.provider');
  });

  it('the spans go from every line; a paste where only some lines are spans keeps its backticks', () => {
    expect(cleanLines(spans).map((l) => l.text)).toEqual(cleanLines(bare).map((l) => l.text));
    const mixed = '`fi_info -p efa`\nfi_getinfo: -61 (No data available)\n';
    expect(cleanLines(mixed)[0]?.text).toBe('`fi_info -p efa`');
  });
});
