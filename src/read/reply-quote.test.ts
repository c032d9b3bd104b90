import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1: a mail reply quotes the paste behind `> ` (RFC 3676, 4.5) and puts the writer's own lines
 * around it ("On Mon, … wrote:" above, a question below). However few the quoted lines, one unbroken run of them is
 * the reply's quote, not the tool's text; lines quoted here and there between the writer's are not such a run.
 */
const ibstat = [
  "CA 'mlx5_0'",
  '\tCA type: MT4129',
  '\tNumber of ports: 1',
  '\tPort 1:',
  '\t\tState: Down',
  '\t\tPhysical state: Disabled',
  '\t\tRate: 400',
  '\t\tLink layer: InfiniBand',
];
const quoted = ibstat.map((l) => `> ${l}`);

describe("a reply's quoted paste with the writer's lines around it", () => {
  it("the writer's lines outnumber the quoted ones: the quoted run is read as the paste", () => {
    const reply = [
      'On Mon, Jan 5, 2026 at 10:12 AM Jane Doe <jane@example.org> wrote:',
      'I tried the new firmware and rebooted both hosts twice this morning.',
      'The switch side reports the port as administratively enabled.',
      'Cabling was reseated by the datacentre team on Friday.',
      'Nothing in the subnet manager log mentions this GUID at all.',
      'The other seven rails on the same node are fine as far as I can tell.',
      'Here is what ibstat printed on the failing node:',
      ...quoted,
      'Any idea what else to check?',
      'Thanks,',
      'Jane',
    ].join('\n');
    expect(checkLines(readChecks('ibstat', reply))).toEqual(
      checkLines(readChecks('ibstat', ibstat.join('\n'))),
    );
  });

  it("quoted lines broken by the writer's lines are not one run: their marks are not taken for a reply's", () => {
    const mixed = ['> $ ibstat', 'some words', '> more words', 'and more', 'and more', 'and more'].join('\n');
    expect(() => readChecks('ibstat', mixed)).toThrow();
  });
});
