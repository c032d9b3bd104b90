import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 5, from batch b47: NVLink is a link between GPUs, so a node with one GPU has none to check
 * whatever view the matrix is: `nvidia-smi topo -mp` (the PCIe-only view, which never shows NVLink) of one GPU hides
 * nothing the NVLink question covers, and its NIC affinity decides. With two or more GPUs the PCIe-only view still
 * leaves NVLink not shown.
 */
const legend = [
  '',
  'Legend:',
  '',
  '  X    = Self',
  '  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)',
  '  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node',
  '  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)',
  '  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)',
  '  PIX  = Connection traversing at most a single PCIe bridge',
  '',
  'NIC Legend:',
  '',
  '  NIC0: mlx5_0',
  '  NIC1: mlx5_1',
];

describe('nvidia-smi topo -mp of one GPU', () => {
  it('has no GPU pair to link: the NIC on its PCIe switch decides, no problem shown', () => {
    const one = [
      '$ nvidia-smi topo -mp',
      '        GPU0    NIC0    NIC1    CPU Affinity    NUMA Affinity   GPU NUMA ID',
      'GPU0     X      PXB     PXB     0-11    0               N/A',
      'NIC0    PXB      X      PIX',
      'NIC1    PXB     PIX      X',
      ...legend,
    ].join('\n');
    const checks = readChecks('topo', one);
    expect(checks.find((c) => c.id === 'nvlink.topology')?.detail).toMatch(/^one GPU/);
    expect(checkLines(checks)).toContain('ok gdr.nic-affinity');
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('two GPUs in the PCIe-only view still leave NVLink not shown', () => {
    const two = [
      '$ nvidia-smi topo -mp',
      '        GPU0    GPU1    NIC0    NIC1    CPU Affinity    NUMA Affinity   GPU NUMA ID',
      'GPU0     X      PXB     PXB     PXB     0-11    0               N/A',
      'GPU1    PXB      X      PXB     PXB     0-11    0               N/A',
      'NIC0    PXB     PXB      X      PIX',
      'NIC1    PXB     PXB     PIX      X',
      ...legend,
    ].join('\n');
    const checks = readChecks('topo', two);
    expect(checks.find((c) => c.id === 'nvlink.topology')?.detail).toMatch(/^PCIe-only view/);
    expect(verdictOf(checks)).toBe('unverified');
  });
});
