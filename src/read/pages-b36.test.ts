import { describe, expect, it } from 'vitest';
import { readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 (read what is there) and 4 (a failure with no summary line is a failure), from corpus
 * batch b36 (pastes on web pages: Chinese blog mirrors, a syslog, a squeezed topo matrix). Each paste is a small
 * one in the tool's own format, paired with the form that must still fail or pass, so a rule cannot pass by
 * never failing or never passing. Sources: references/read-shapes.md.
 */
const read = readChecks;
const byId = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id);

describe('3. a code block a blog mirror stored as a one-cell markdown table', () => {
  const cell = [
    '| # dmesg |grep -e ``"DMAR"',
    '[ ``0.000000``] DMAR: IOMMU enabled',
    '[ ``1.150702``] DMAR: Intel(R) Virtualization Technology ``for',
    'Directed I/O',
    '|',
  ].join('\n');

  it("the cell borders and the empty code marks are the page's: the stamps are kernel lines, nothing judged", () => {
    const checks = read('dmesg', cell);
    expect(byId(checks, 'gdr.peermem')?.status).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('a peer-memory failure inside such a cell still fails', () => {
    const failing = cell.replace(
      'Directed I/O',
      'Directed I/O\n[ ``9.100000``] nvidia_peermem: Unknown symbol ib_register_peer_memory_client (err -2)',
    );
    expect(verdictOf(read('dmesg', failing))).toBe('untrusted');
  });

  it('a fenced code block (three backticks) is left as it is', () => {
    const fenced = ['```', '[    0.000000] DMAR: IOMMU enabled', '```'].join('\n');
    expect(byId(read('dmesg', fenced), 'gdr.peermem')?.status).toBe('skipped');
  });
});
