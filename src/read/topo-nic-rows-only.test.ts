import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2 ("not shown" is never "absent" or "healthy"), from batch b35: a `topo -m` paste cut above
 * its GPU rows, header and all, holds NIC rows only. No GPU is shown, so neither the NVLink between GPUs nor each
 * GPU's nearest NIC is: never "one GPU: no pairs", never "every GPU has a NIC" said of no GPU, whatever the
 * legend shows (sources: references/read-shapes.md).
 */
const nicRows = [
  'NIC2\tSYS\tSYS\tPXB\tNODE\tSYS\tSYS\t X \tNODE',
  'NIC3\tSYS\tSYS\tNODE\tPXB\tSYS\tSYS\tNODE\t X ',
];

describe('nvidia-smi topo: NIC rows only', () => {
  it('no GPU row: NVLink and NIC placement are not shown, and that matters', () => {
    const checks = readChecks('topo', nicRows.join('\n'));
    expect(checkLines(checks)).toEqual(
      expect.arrayContaining(['skipped nvlink.topology', 'skipped gdr.nic-affinity']),
    );
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('with a legend cut before its PIX line after them: still not shown, not `-mp` and not healthy', () => {
    const checks = readChecks(
      'topo',
      [...nicRows, '', 'Legend:', '', '  X    = Self', '  NODE = Conn'].join('\n'),
    );
    expect(checks.find((c) => c.id === 'nvlink.topology')?.detail).toMatch(/^no GPU row is shown/);
    expect(verdictOf(checks)).toBe('unverified');
  });
});
