import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 and 4, from batch b40: fabtests' own `fi_info` (simple/info.c) reports a failed query
 * through its FI_PRINTERR/FT_PRINTERR macro, `fi_getinfo(): <line>, <code> (<strerror>)` and later
 * `fi_getinfo(): <file>:<line>, ret=<code> (<strerror>)` (ofiwg/fabtests include/shared.h; references/read-shapes.md).
 * The code is fi_getinfo's return, so no provider is listed: a failure, not a paste refused.
 */
describe('fi_info: the failure line of fabtests fi_info', () => {
  it('verbs warnings, rdmacm Fatal, then `fi_getinfo(): 173, -19 (No such device)`: no provider, a failure', () => {
    const text = [
      '$ ./simple/fi_info',
      'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
      'librdmacm: Fatal: no RDMA devices found',
      'fi_getinfo(): 173, -19 (No such device)',
    ].join('\n');
    const checks = readChecks('fi_info', text);
    expect(checkLines(checks)).toContain('fail efa.provider');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('the later `fi_getinfo(): <file>:<line>, ret=-61 (No data available)` form is the same answer', () => {
    const text = '$ fi_info -p efa\nfi_getinfo(): common/shared.c:482, ret=-61 (No data available)\n';
    expect(checkLines(readChecks('fi_info', text))).toContain('fail efa.provider');
  });
});
