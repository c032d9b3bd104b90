import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';
import { parseUcxPerftest } from './ucx-perftest.js';

/**
 * Issue 38, principle 1 (pastes of any shape), from batch b47: a ucx_perftest client table pasted as a list item's
 * code block keeps the list's indent on every line, the `|` of its header and layout rows included. It is the same
 * table: read from each line's first non-blank character, not refused as unreadable (exit 2).
 */
const table = [
  'root@client:/# CUDA_VISIBLE_DEVICES=3 ucx_perftest -t tag_bw -s 10000000 -n 1000 -m cuda server',
  '+--------------+--------------+-----------------------------+---------------------+-----------------------+',
  '|              |              |      overhead (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |',
  '+--------------+--------------+---------+---------+---------+----------+----------+-----------+-----------+',
  '|    Stage     | # iterations | typical | average | overall |  average |  overall |  average  |  overall  |',
  '+--------------+--------------+---------+---------+---------+----------+----------+-----------+-----------+',
  '[thread 0]               670     0.000  1497.859  1497.859     2366.91    2366.91         668         668',
  'Final:                  1000     0.000  1718.843  1570.784     2548.35    2271.33         582         637',
];
const indented = (n: number) => table.map((l) => `${' '.repeat(n)}${l}`).join('\n');

describe('ucx_perftest: a table indented as a list item code block', () => {
  it('parses as the same table as the flush one', () => {
    const flush = parseUcxPerftest(table.join('\n'));
    const five = parseUcxPerftest(indented(5));
    expect(five.final).toEqual(flush.final);
    expect(five.layout).toBe('staged');
    expect(five.testName).toBe('tag_bw');
  });

  it('is judged, not refused: 2.27 GB/s between two hosts fails the cross-node floor', () => {
    expect(checkLines(readChecks('ucx_perftest', indented(5)))).toContain('fail perftest.bandwidth');
  });
});
