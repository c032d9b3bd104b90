import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b40: a post that quotes a paste as a markdown blockquote may put `> ` on the first
 * line only and let the rest follow without it (CommonMark 0.31.2, 5.1 "laziness"). That one marker is the post's:
 * the record it opens is read, where the tool saw no `fi_info:` line and refused the paste.
 */
const record = (first: string) =>
  [
    first,
    '    caps: [ FI_MSG, FI_RMA, FI_TAGGED ]',
    '    fi_domain_attr:',
    '        name: rdmap16s27-rdm',
    '    fi_ep_attr:',
    '        type: FI_EP_RDM',
    '    fi_fabric_attr:',
    '        name: efa',
    '        prov_name: efa',
  ].join('\n');

describe('a blockquote marker on the first line only', () => {
  it('`> fi_info:` then unmarked attribute lines: the EFA record is read', () => {
    expect(checkLines(readChecks('fi_info', record('> fi_info:')))).toContain('ok efa.provider');
  });

  it('reads as the same record without the marker', () => {
    expect(checkLines(readChecks('fi_info', record('> fi_info:')))).toEqual(
      checkLines(readChecks('fi_info', record('fi_info:'))),
    );
  });
});
