import { describe, expect, it } from 'vitest';
import { checkLines, IBSTAT_ACTIVE_400, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1: the marks around a paste come in layers (a mail quoting a paste site's list view, a
 * markdown list indenting a numbered paste, a reStructuredText block indenting everything), and each layer is the
 * page's, never the tool's. They are removed layer by layer until nothing changes (`parsers/lines.ts` unpage), so a
 * paste reads the same however many layers it came through. A page that flattened a record's indentation to the
 * margin leaves its attributes still under their record.
 */
const PLAIN = IBSTAT_ACTIVE_400.join('\n');
const same = (marked: string) =>
  expect(checkLines(readChecks('ibstat', marked))).toEqual(checkLines(readChecks('ibstat', PLAIN)));

describe('marks in layers around a paste', () => {
  it('indentation every line shares (a markdown list item, an rst block) is the page’s', () => {
    expect(checkLines(readChecks('ibstat', PLAIN))).toContain('ok ib.port mlx5_0/1');
    same(IBSTAT_ACTIVE_400.map((l) => `    ${l}`).join('\n'));
  });

  it('a mail quoting a paste site’s list view: `> - ` before every line', () => {
    same(IBSTAT_ACTIVE_400.map((l) => `> - ${l.trim()}`).join('\n'));
  });

  it('a paste site’s list view indented by a markdown list', () => {
    same(IBSTAT_ACTIVE_400.map((l) => `    - ${l.trim()}`).join('\n'));
  });

  it('a mail quoting a numbered paste', () => {
    same(IBSTAT_ACTIVE_400.map((l, i) => `> ${i + 1}. ${l.trim()}`).join('\n'));
  });

  it('no-break and other Unicode spaces a page copy puts for plain ones are spaces', () => {
    same(IBSTAT_ACTIVE_400.map((l) => l.replace(/ /g, '\u00a0')).join('\n'));
    same(IBSTAT_ACTIVE_400.map((l) => l.replace(/ /g, '\u202f').replace(/:/g, ':\u200b')).join('\n'));
  });

  it('GitHub’s collapsed section around a fenced paste is the post’s: a row cut at the end is still the last', () => {
    const ls = [
      'crw-rw-rw- 1 root root 231, 64 Sep 21 09:12 issm0',
      'crw-rw-rw- 1 root root 10, 58 Sep 21 09:12 rdma_cm',
      'crw-rw-rw- 1 root root 2',
    ];
    const collapsed = [
      '<details>',
      '<summary>ls -l /dev/infiniband</summary>',
      '',
      '```',
      ...ls,
      '```',
      '</details>',
    ];
    expect(checkLines(readChecks('dev-infiniband', collapsed.join('\n')))).toEqual(
      checkLines(readChecks('dev-infiniband', ls.join('\n'))),
    );
  });

  it('the next prompt copied after the output is no line of it: a launcher that never started is still read', () => {
    same(`${PLAIN}\nroot@gpu-node-3:~# `);
    const launch =
      "launch failed on x3006c0s1b1n0: Couldn't allocate a port for PMI to use\nuser@login01:~$ \n";
    const c = readChecks('nccl-tests', launch).find((k) => k.id === 'nccl.nccl-tests');
    expect(c?.detail).toMatch(/the launcher never started the job/);
  });

  it('an fi_info record whose indentation a page flattened keeps its attributes', () => {
    const flat = [
      'provider: efa',
      'fabric: efa',
      'domain: rdmap16s27-rdm',
      'version: 2.0',
      'type: FI_EP_RDM',
      'protocol: FI_PROTO_EFA',
    ];
    const lines = checkLines(readChecks('fi_info', flat.join('\n')));
    expect(lines).toEqual(
      checkLines(readChecks('fi_info', flat.map((l, i) => (i ? `    ${l}` : l)).join('\n'))),
    );
    expect(lines).toContain('ok efa.provider');
  });
});
