import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';

/**
 * Issue 38, principle 2 ("not shown" is never "absent"), from batch b35: `nvidia-smi topo -mp` is told from
 * `topo -m` by its legend, which stops at PIX with no `NV#` line (DeepEP#397). The legend lists PIX last before
 * NV#, so a paste cut inside the legend before its PIX line is whole (`PIX  = Connecti`) shows nothing of which
 * view it was: no `-mp`, no "no NVLink" (sources: references/read-shapes.md).
 */
const matrix = [
  '\tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID',
  'GPU0\t X \tNODE\tPIX\t0-31\t0\t\tN/A',
  'GPU1\tNODE\t X \tPXB\t0-31\t0\t\tN/A',
  'NIC0\tPIX\tPXB\t X ',
  '',
  'Legend:',
  '',
  '  X    = Self',
  '  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)',
  '  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node',
  '  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)',
  '  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)',
];
const pixWhole = '  PIX  = Connection traversing at most a single PCIe bridge';

describe('nvidia-smi topo: a legend cut before its PIX line is whole', () => {
  it('a legend that reaches a whole PIX line without NV# is the PCIe-only view (`topo -mp`)', () => {
    expect(parseNvidiaSmiTopo([...matrix, pixWhole].join('\n')).view).toBe('pcie-only');
    expect(checkLines(readChecks('topo', [...matrix, pixWhole].join('\n')))).toContain(
      'skipped nvlink.topology',
    );
  });

  it('cut inside the PIX line: the view is not shown, so the GPU pair is judged as the matrix shows it', () => {
    const cut = [...matrix, '  PIX  = Connecti'].join('\n');
    expect(parseNvidiaSmiTopo(cut).view).toBe('unknown');
    expect(checkLines(readChecks('topo', cut))).toContain('warn nvlink.topology');
  });

  it('one GPU and a legend cut before PIX: nothing to link, its NIC on its switch: no problem shown', () => {
    const one = [
      '\tGPU0\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID',
      'GPU0\t X \tPXB\t32-63\t1\t\tN/A',
      'NIC0\tPXB\t X ',
      '',
      'Legend:',
      '',
      '  X    = Self',
      '  PIX  = Conn',
    ].join('\n');
    const checks = readChecks('topo', one);
    expect(checks.find((c) => c.id === 'nvlink.topology')?.detail).toMatch(/^one GPU/);
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('a NIC legend after the legend shows it whole: no NV# there is still `-mp`', () => {
    const withNics = [...matrix, pixWhole, '', 'NIC Legend:', '', '  NIC0: mlx5_0'].join('\n');
    expect(parseNvidiaSmiTopo(withNics).view).toBe('pcie-only');
  });
});
