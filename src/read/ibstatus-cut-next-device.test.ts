import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import { readPasted } from './tools.js';

/**
 * ibstatus prints one `Infiniband device '<dev>' port <n> status:` block per port. A paste whose last line is
 * the start of that line, cut (`I`, `Infiniband device 'mlx5_2' po`), stops where the next device begins: that
 * device and any after it are not shown, so the ports shown are not the node's whole answer (issue 38,
 * principle 2).
 */
const BLOCK = [
  '# ibstatus',
  "Infiniband device 'mlx5_1' port 1 status:",
  '        default gid:         fe80:0000:0000:0000:0a5c:aeff:fe12:3456',
  '        base lid:         0x0',
  '        sm lid:                 0x0',
  '        state:                 4: ACTIVE',
  '        phys state:         5: LinkUp',
  '        rate:                 200 Gb/sec (4X HDR)',
  '        link_layer:         Ethernet',
];
const read = (text: string) => readPasted('ibstatus', text, { expect: 'any' }).checks;

describe('ibstatus: a paste cut inside the next device line', () => {
  it.each(['I', "Infiniband device 'mlx5_2' po"])('does not pass the node when it ends at `%s`', (tail) => {
    const checks = read([...BLOCK, tail].join('\n'));
    expect(checks.find((c) => c.id === 'ib.elided')?.detail).toMatch(/next device/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('passes the same block when the paste ends after it', () => {
    expect(verdictOf(read(BLOCK.join('\n')))).toBe('trusted');
  });
});
