import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/** Issue 38, principles 3 and 5: an RDMA NIC's Ethernet driver loaded without its RDMA module, in lsmod's own format. */
const lines = (checks: Check[]) =>
  checks.filter((c) => c.id !== 'read.input').map((c) => `${c.status} ${c.id}`);

describe('lsmod: a NIC driver without its RDMA module', () => {
  it('`lsmod | grep bnxt` showing bnxt_en alone: bnxt_re would match and is absent, so no RDMA: fail', () => {
    const out = `$ lsmod | grep bnxt
bnxt_en               364544  0
`;
    const checks = readPasted('lsmod', out, { expect: 'any' }).checks;
    expect(lines(checks)).toContain('fail rdma.hardware');
    expect(checks.find((c) => c.id === 'rdma.hardware')?.detail).toMatch(
      /^bnxt_en is loaded but bnxt_re is not/,
    );
  });

  it('the RDMA module loaded beside it, or another hardware RDMA driver shown: no such failure', () => {
    const both = `$ lsmod | grep bnxt
bnxt_re               237568  0
bnxt_en               364544  1 bnxt_re
`;
    expect(lines(readPasted('lsmod', both, { expect: 'any' }).checks)).not.toContain('fail rdma.hardware');
    const other = `$ lsmod | grep -e ice -e mlx5
mlx5_ib               466944  0
mlx5_core            2392064  1 mlx5_ib
ice                  1101824  0
`;
    expect(lines(readPasted('lsmod', other, { expect: 'any' }).checks)).not.toContain('fail rdma.hardware');
  });

  it('a grep that would not print the RDMA module leaves it unknown: no failure', () => {
    const out = `$ lsmod | grep ^ice
ice                  1101824  0
`;
    expect(lines(readPasted('lsmod', out, { expect: 'any' }).checks)).not.toContain('fail rdma.hardware');
  });
});

describe("lsmod: a poster's comment after a row (principle 1)", () => {
  it('a `# comment` after a row is read around, the row kept', () => {
    const out = `$ lsmod | grep ionic
ionic                 200704  0    # the inbox driver, not the vendor one
`;
    const checks = readPasted('lsmod', out, { expect: 'any' }).checks;
    expect(lines(checks)).not.toContain('skipped read.lines');
    expect(lines(checks)).toContain('fail rdma.hardware');
  });
});
