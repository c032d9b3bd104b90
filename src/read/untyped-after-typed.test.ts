import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';
import { splitPaste } from './paste.js';

/**
 * A tool's output pasted right after another typed command's output with no prompt of its own (issue 38, P1:
 * "output comes with no prompt at all"): a line of the second tool's own shape begins its output when the typed
 * command runs one known tool and not that one. A command's own output, and a script's, stay whole.
 */
const UCX_V = [
  '$ ucx_info -v',
  '# UCT version=1.12.0 revision d367332',
  '# configured with: --prefix=/opt/ucx',
];
const FI = [
  'provider: efa',
  '    fabric: EFA-fe80::8c4:1ff:fe4e:d730',
  '    domain: rdmap0s6-rdm',
  '    version: 114.0',
  '    type: FI_EP_RDM',
  '    protocol: FI_PROTO_EFA',
];

describe('an output with no prompt after a typed command of another tool', () => {
  it('fi_info’s `provider:` after `ucx_info -v` begins fi_info’s output', () => {
    const paste = [...UCX_V, ...FI].join('\n');
    expect(splitPaste(paste).sections.map((s) => [s.from, s.to])).toEqual([
      [1, 3],
      [4, 9],
    ]);
    expect(checkLines(readChecks('fi_info', paste))).toContain('ok efa.provider');
  });

  it('the typed tool’s own output is one section, and so is a script’s', () => {
    expect(splitPaste(['$ fi_info -p efa', ...FI, ...FI].join('\n')).sections).toHaveLength(1);
    expect(splitPaste(['$ ./check-fabric.sh', ...UCX_V.slice(1), ...FI].join('\n')).sections).toHaveLength(1);
  });
});
