import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b53 (a Chinese GitBook): `ibstat <ca> <port>` prints its one port under
 * `CA: '<name>'` (infiniband-diags ibstat.c), every line flush left, rather than the `CA '<name>'` block of a plain
 * `ibstat`. The port belongs to that device; the paste does not start inside an unnamed one
 * (sources: references/read-shapes.md).
 */
const onePort = [
  '#ibstat mlx4_0 2',
  "CA: 'mlx4_0'",
  'Port 2:',
  'State: Active',
  'Physical state: LinkUp',
  'Rate: 100',
  'Base lid: 12',
  'LMC: 0',
  'SM lid: 9',
  'Capability mask: 0x02514868',
  'Port GUID: 0xec0d9a03000c8982',
  'Link layer: InfiniBand',
].join('\n');

describe("ibstat <ca> <port>: the `CA: ` header names the port's device", () => {
  it('reads the port as mlx4_0 port 2, not as a device block the paste starts inside', () => {
    const checks = readChecks('ibstat', `${onePort}\n`);
    expect(checkLines(checks).some((l) => l.startsWith('ok ib.port') && l.includes('mlx4_0'))).toBe(true);
    expect(checks.some((c) => /starts inside a device block/.test(c.detail))).toBe(false);
  });
});
