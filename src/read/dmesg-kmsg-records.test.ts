import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b58: `/dev/kmsg` records (`<prefix>,<seq>,<timestamp>,<flags>;<message>`, Linux
 * Documentation/ABI/testing/dev-kmsg), as a log collector reading the device stores them, are kernel log lines: the
 * message after the `;` is read as dmesg prints it.
 */
describe('dmesg: /dev/kmsg records', () => {
  it('a GPU fallen off the bus in a kmsg record fails as in dmesg', () => {
    const text = [
      '6,4001,261573217,-;nvidia-nvswitch0: open (major=510)',
      '3,4002,261900000,-;NVRM: Xid (PCI:0000:c1:00): 79, pid=0, name=, GPU has fallen off the bus.',
    ].join('\n');
    expect(checkLines(readChecks('dmesg', text))).toContain('fail gpu.lost 0000:c1:00');
  });

  it('records with nothing the question covers are read, not refused (exit 2)', () => {
    const text = [
      '6,3964,206764307,-;nvidia-nvswitch2: open (major=510)',
      '6,3973,227986636,-;IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready',
      '6,3974,227986678,-,caller=T1;IPv6: ADDRCONF(NETDEV_CHANGE): calib317e2eeb40: link becomes ready',
    ].join('\n');
    expect(verdictOf(readChecks('dmesg', text))).not.toBe('trusted');
  });
});
