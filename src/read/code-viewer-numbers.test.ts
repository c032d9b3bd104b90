import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import { countsUp } from '../parsers/page-marks.js';
import { readPasted } from './tools.js';

/**
 * A web page's code viewer numbers its lines and a copy keeps the numbers glued to each line (`1# ibstatus`,
 * `2Infiniband device …`, a bare `10` for an empty line). When every line begins with its own number they are
 * the viewer's, not the tool's (issue 38, principle 1: read what is there, whatever its shape).
 */
const NUMBERED = [
  '1# ibstatus',
  "2Infiniband device 'mlx5_0' port 1 status:",
  '3 default gid: fe80:0000:0000:0000:0a5c:aeff:fe12:3456',
  '4 base lid: 0x0',
  '5 sm lid: 0x0',
  '6 state: 4: ACTIVE',
  '7 phys state: 5: LinkUp',
  '8 rate: 100 Gb/sec (4X EDR)',
  '9 link_layer: Ethernet',
  '10',
  "11Infiniband device 'mlx5_1' port 1 status:",
  '12 default gid: fe80:0000:0000:0000:0a5c:aeff:fe12:3457',
  '13 base lid: 0x0',
  '14 sm lid: 0x0',
  '15 state: 1: DOWN',
  '16 phys state: 3: Disabled',
  '17 rate: 100 Gb/sec (4X EDR)',
  '18 link_layer: Ethernet',
].join('\n');

describe('read: line numbers a code viewer glued to each line', () => {
  it('reads the ports under the numbers instead of refusing the paste', () => {
    const { checks } = readPasted('ibstatus', NUMBERED, { expect: 'any' });
    const ports = checks.filter((c) => c.id === 'ib.port');
    expect(ports.map((c) => c.subject)).toEqual(['mlx5_0/1', 'mlx5_1/1']);
    expect(ports[1]?.status).not.toBe('ok');
    expect(verdictOf(checks)).not.toBe('trusted');
  });

  it("reads `cat -n` (each number right-aligned, then a tab) and a pager's padded numbers the same way", () => {
    const lines = NUMBERED.split('\n').map((l) => l.replace(/^\d+/, ''));
    const catN = lines.map((l, k) => `${String(k + 1).padStart(6)}\t${l}`).join('\n');
    const pager = lines.map((l, k) => `${String(k + 1).padStart(3)} ${l}`).join('\n');
    for (const text of [catN, pager]) {
      const { checks } = readPasted('ibstatus', text, { expect: 'any' });
      expect(checks.filter((c) => c.id === 'ib.port').map((c) => `${c.subject} ${c.status}`)).toEqual(
        readPasted('ibstatus', lines.join('\n'), { expect: 'any' })
          .checks.filter((c) => c.id === 'ib.port')
          .map((c) => `${c.subject} ${c.status}`),
      );
    }
  });

  it('reads a numbered copy a line was left out of (the numbers of the rest kept, one gap): glued, padded, pastebin', () => {
    const plain = NUMBERED.split('\n').map((l) => l.replace(/^\d+/, ''));
    const portsOf = (text: string) =>
      readPasted('ibstatus', text, { expect: 'any' })
        .checks.filter((c) => c.id === 'ib.port')
        .map((c) => `${c.subject} ${c.status}`);
    const want = portsOf(plain.filter((_, k) => k !== 4).join('\n'));
    expect(want).toHaveLength(2);
    const gap = <T>(xs: T[]) => xs.filter((_, k) => k !== 4);
    const glued = gap(NUMBERED.split('\n')).join('\n');
    const padded = gap(plain.map((l, k) => `${String(k + 1).padStart(3)} ${l}`)).join('\n');
    const pastebin = gap(plain.map((l, k) => `  ${k + 40}. ${l}`)).join('\n');
    for (const text of [glued, padded, pastebin]) expect(portsOf(text), text.slice(0, 30)).toEqual(want);
    // The copy that left out its first line (`1# ibstatus`) starts at 2: still the viewer's numbers.
    expect(portsOf(NUMBERED.split('\n').slice(1).join('\n'))).toEqual(portsOf(plain.slice(1).join('\n')));
  });

  it("a column that rises by more than one now and then is the tool's own, never a viewer's numbers", () => {
    // Rising, but stepping by one only once in four: not line numbers.
    expect(countsUp([1, 2, 4, 8, 16])).toBe(false);
    expect(countsUp([3, 4, 5, 7, 8, 9])).toBe(true);
    expect(countsUp([1, 2, 3, 3])).toBe(false);
  });

  it('leaves a paste alone when its lines do not count up from 1', () => {
    const text = [
      '0/1: mlx5_0/1: state ACTIVE physical_state LINK_UP netdev ens1f0',
      '1/1: mlx5_1/1: state ACTIVE physical_state LINK_UP netdev ens1f1',
      '2/1: mlx5_2/1: state DOWN physical_state DISABLED netdev ens2f0',
    ].join('\n');
    const { checks } = readPasted('rdma-link', text, { expect: 'any' });
    expect(checks.filter((c) => c.id !== 'read.input').map((c) => c.subject)).toContain('mlx5_2/1');
  });
});
