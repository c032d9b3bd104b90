import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 and 4, from batch b61: before its FI_PRINTERR macro, fabtests' `fi_info` (2014) printed a
 * failed query as `printf("fi_getinfo %s\n", strerror(-ret))` (ofiwg/fabtests simple/info.c:158 at d41482c;
 * references/read-shapes.md): the C library's text of the errno, with no code and no colon. No provider is listed:
 * a failure, not a paste refused.
 */
describe('fi_info: the strerror-only failure line of the 2014 fabtests fi_info', () => {
  it('rdmacm Fatal, then `fi_getinfo No such device`: no provider, a failure', () => {
    const text = ['librdmacm: Fatal: no RDMA devices found', 'fi_getinfo No such device'].join('\n');
    const checks = readChecks('fi_info', text);
    expect(checkLines(checks)).toContain('fail efa.provider');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('`fi_getinfo No data available` under a typed `-p verbs` query says nothing about EFA', () => {
    const text = '$ ./simple/fi_info -p verbs\nfi_getinfo No data available\n';
    const lines = checkLines(readChecks('fi_info', text));
    expect(lines).toContain('skipped efa.provider');
    expect(lines).not.toContain('fail efa.provider');
  });

  it('a sentence that starts with `fi_getinfo` but names no errno is not read as the answer', () => {
    const text =
      'fi_getinfo Returns Nothing Useful Here\nprovider: efa\n    fabric: efa\n    domain: rdmap0s6-rdm\n    version: 2.0\n    type: FI_EP_RDM\n    protocol: FI_PROTO_EFA\n';
    expect(checkLines(readChecks('fi_info', text))).toContain('ok efa.provider');
  });
});
