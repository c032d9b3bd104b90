import { describe, expect, it } from 'vitest';
import { checkLines, IBSTAT_ACTIVE_400, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b41: a paste site's rendering marks every line, and the marks are the site's,
 * never the tool's (`parsers/page-marks.ts`): pastebin.com's list view (`- ` before each line) and numbered view
 * (`  1. `, `  2. `, …), a gist shown as a table (` | |` after each line), and curly quotes a page's typography put
 * around a device name. The tool refused such pastes (exit 2) or misread their fields.
 */
const IBSTATUS_INIT = [
  "Infiniband device 'mthca0' port 1 status:",
  '\tdefault gid:\t fe80:0000:0000:0000:0002:c902:0022:3ac9',
  '\tbase lid:\t 0x1',
  '\tsm lid:\t\t 0x1',
  '\tstate:\t\t 2: INIT',
  '\tphys state:\t 5: LinkUp',
  '\trate:\t\t 10 Gb/sec (4X)',
  '\tlink_layer:\t InfiniBand',
];
const same = (marked: string, plain: string, tool: 'ibstat' | 'ibstatus' | 'memlock') =>
  expect(checkLines(readChecks(tool, marked))).toEqual(checkLines(readChecks(tool, plain)));

describe('the marks a paste site puts on every line', () => {
  it('pastebin list view: `- ` before each line is read around', () => {
    const marked = IBSTATUS_INIT.map((l) => `- ${l.trim()}`).join('\n');
    expect(checkLines(readChecks('ibstatus', marked))).toContain('fail ib.port mthca0/1');
    same(marked, IBSTATUS_INIT.join('\n'), 'ibstatus');
  });

  it('pastebin numbered view: `N. ` counting up by one, a blank line keeping its number', () => {
    const lines = ['root@h:~# ibstat', ...IBSTAT_ACTIVE_400, ''];
    const marked = lines.map((l, i) => `  ${i + 1}. ${l.trim()}`).join('\n');
    expect(checkLines(readChecks('ibstat', marked))).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });

  it('numbers that do not count up by one are the lines’ own, not the site’s', () => {
    const marked = IBSTAT_ACTIVE_400.map((l, i) => `${(i + 1) * 2}. ${l.trim()}`).join('\n');
    expect(() => readChecks('ibstat', marked)).toThrow();
  });

  it('a gist table: ` | |` after each line, ` |` after the last', () => {
    const rows = [
      'core file size (blocks, -c) 0',
      'max locked memory (kbytes, -l) unlimited',
      'open files (-n) 1024',
    ];
    const marked = ['$ ulimit -a', ...rows]
      .map((l, i, a) => `${l} |${i === a.length - 1 ? '' : ' |'}`)
      .join('\n');
    same(marked, ['$ ulimit -a', ...rows].join('\n'), 'memlock');
    expect(checkLines(readChecks('memlock', marked))).toEqual(['ok memlock.limit']);
  });

  it('curly quotes around the device name are the page’s', () => {
    const curly = IBSTATUS_INIT.map((l, i) => (i === 0 ? l.replace(/'/g, '’') : l)).join('\n');
    same(curly, IBSTATUS_INIT.join('\n'), 'ibstatus');
  });

  it('a `- ` on a few lines only is not a site’s list', () => {
    const text = ['- note: first HCA', ...IBSTAT_ACTIVE_400].join('\n');
    expect(checkLines(readChecks('ibstat', text))).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });
});
