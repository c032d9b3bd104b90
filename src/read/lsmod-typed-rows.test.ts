import { describe, expect, it } from 'vitest';
import { readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';
import { parseLsmod } from '../parsers/lsmod.js';

/**
 * Issue 38, principle 1 (read what is there, whatever its shape), from batch b36: under a typed `lsmod` the paste
 * is lsmod's, so a line that is no row (a row a page broke one field per line, the head of a prompt broken in
 * two) is named and read around, never a reason to refuse the rest; and a module named on such a line may be
 * there, so it is never read as absent (principle 2). Without a typed lsmod a stray line is still refused.
 */
const read = (text: string) => readChecks('lsmod', text);
const byId = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id);

describe('lines under a typed lsmod that are no row', () => {
  const broken = [
    '[root@gpu7',
    'qemu]# lsmod | grep -e vfio -e iommu',
    'vfio_pci 61440',
    '0',
    'vfio_iommu_type1 36864',
    '0',
  ].join('\n');

  it('a prompt broken in two and rows broken one field per line: named and read around, not exit 2', () => {
    const checks = read(broken);
    expect(byId(checks, 'read.lines')?.detail).toMatch(/line 3 "vfio_pci 61440" \(not an lsmod row/);
    // The grep keeps only vfio and iommu lines: the peer-memory module is not shown, not absent.
    expect(byId(checks, 'gdr.peermem')?.status).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('both `-e` patterns of the grep are read', () => {
    expect(parseLsmod(broken).grepped).toEqual(['vfio', 'iommu']);
  });

  it('a module on a line not read as a row is never absent, even where the grep would have matched it', () => {
    const peer = ['$ lsmod | grep peer', 'nvidia_peermem 16384', '0'].join('\n');
    const r = parseLsmod(peer);
    expect(r.modules).toEqual([]);
    expect(r.peermem.state).toBe('unknown');
    // The same grep printing nothing at all: the module is shown absent.
    expect(parseLsmod('$ lsmod | grep peer').peermem.state).toBe('absent');
  });

  it('a whole row beside the broken ones is still read', () => {
    const mixed = ['$ lsmod | grep nvidia', 'nvidia_peermem         16384  0', 'nvidia 61440', '2'].join(
      '\n',
    );
    expect(parseLsmod(mixed).peermem).toEqual({ state: 'loaded', module: 'nvidia_peermem' });
    expect(verdictOf(read(mixed))).not.toBe('untrusted');
  });

  it('without a typed lsmod, a line that is no row is still refused (exit 2), naming the line', () => {
    expect(() => read(['vfio_pci 61440', '0'].join('\n'))).toThrow(ParseError);
  });
});
