import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2: a `topo -m` paste whose last line is the next row's label and nothing else (`NIC2`, the
 * stored copy ending there; corpus b66, a vLLM collect_env block) is that row cut before its first cell, read as any
 * row cut mid-way: in the NIC rows after every GPU row is whole it hides nothing the checks read; in a GPU row it does.
 */
describe('topo: the last line only a row label', () => {
  const head = 'GPU0    NIC0    NIC1    NIC2    CPU Affinity    NUMA Affinity   GPU NUMA ID';
  const gpu0 = 'GPU0     X      PXB     PXB     SYS     0-31    0               N/A';
  const nic0 = 'NIC0    PXB      X      PIX     SYS';
  const nic1 = 'NIC1    PXB     PIX      X      SYS';

  it('a NIC row label alone after every GPU row: judged, the cut does not matter', () => {
    const checks = readChecks('topo', [head, gpu0, nic0, nic1, 'NIC2'].join('\n'));
    expect(checkLines(checks)).toContain('ok gdr.nic-affinity');
    expect(checks.some((c) => c.id === 'read.cut')).toBe(false);
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('a GPU row label alone: the GPU past the cut is not shown, not judged', () => {
    const head2 = 'GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity   GPU NUMA ID';
    const checks = readChecks(
      'topo',
      [head2, 'GPU0     X      NV4     PIX     0-31    0               N/A', 'GPU1'].join('\n'),
    );
    expect(checks.find((c) => c.id === 'topo.cut')?.status).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
  });
});
