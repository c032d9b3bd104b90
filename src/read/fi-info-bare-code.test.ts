import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';

/**
 * Issue 38, principles 1 (a tool whose prefix the poster's copy lost is still that tool's output) and 3 (the
 * typed command is context), from batch b35: libfabric's fi_info prints `fi_getinfo: %d` when no provider
 * matches (util/info.c `run`), and a paste can keep only the code, `-61` (-FI_ENODATA), under the typed
 * `fi_info -p efa`. No other fi_info line is a bare negative number, so under that command it is the answer
 * (sources: references/read-shapes.md).
 */
describe('fi_info: the return code alone under a typed fi_info', () => {
  it('`$ fi_info -p efa` then `-61`: no EFA provider, a failure, not exit 2', () => {
    const checks = readChecks('fi_info', '$ fi_info -p efa\n-61\n');
    expect(checkLines(checks)).toContain('fail efa.provider');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('a bare number with no fi_info command typed is not read as its answer', () => {
    expect(() => readChecks('fi_info', '-61\n')).toThrow(ParseError);
  });

  it('a number after provider records is not taken for a failed query', () => {
    const records = [
      '$ fi_info -p efa -t FI_EP_RDM',
      'provider: efa',
      '    fabric: efa',
      '    domain: rdmap0s6-rdm',
      '    version: 122.0',
      '    type: FI_EP_RDM',
      '    protocol: FI_PROTO_EFA',
      '-61',
    ].join('\n');
    expect(checkLines(readChecks('fi_info', records))).not.toContain('fail efa.provider');
  });
});
