import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import { readPasted } from './tools.js';

/**
 * ibstatus prints each port's fields in a fixed order (`default gid`, `base lid`, `sm lid`, `state`, `phys state`,
 * `rate`, `link_layer`; rdma-core infiniband-diags/scripts/ibstatus). A paste whose last line is the start of one of
 * those names with no `:` yet (`rat`, `link_la`) stops inside that port: its later fields and any device after it
 * are not shown, so the ports shown are not the node's whole answer (issue 38, principle 2).
 */
const BLOCK = [
  "Infiniband device 'mlx5_0' port 1 status:",
  '\tdefault gid:\t fe80:0000:0000:0000:0a5c:aeff:fe12:3456',
  '\tbase lid:\t 0x12',
  '\tsm lid:\t\t 0x1',
  '\tstate:\t\t 4: ACTIVE',
  '\tphys state:\t 5: LinkUp',
];
const WHOLE = [...BLOCK, '\trate:\t\t 400 Gb/sec (4X NDR)', '\tlink_layer:\t InfiniBand'];
const read = (text: string) => readPasted('ibstatus', text, { expect: 'any' }).checks;

describe('ibstatus: a paste cut inside a port field name', () => {
  it.each(['\trat', '\tr', '\tlink_la'])('does not pass the node when it ends at `%s`', (tail) => {
    const lines = tail.includes('link')
      ? [...BLOCK, '\trate:\t\t 400 Gb/sec (4X NDR)', tail]
      : [...BLOCK, tail];
    const checks = read(lines.join('\n'));
    expect(checks.find((c) => c.id === 'ib.elided')?.detail).toMatch(/inside a port's field line/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('passes the same port when the paste ends after its last field', () => {
    expect(verdictOf(read(WHOLE.join('\n')))).toBe('trusted');
  });

  it('a trailing line that is no field name is not taken for a cut field', () => {
    expect(read([...WHOLE, 'thanks'].join('\n')).find((c) => c.id === 'ib.elided')).toBeUndefined();
  });
});
