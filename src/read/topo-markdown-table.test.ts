import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';

/**
 * Issue 38, principle 1 (a paste of any shape), from batch b46: HPC centres' guides rewrite `nvidia-smi topo -m`
 * as a Markdown table (GFM "Tables (extension)": cells between pipes, a delimiter row of dashes), sometimes with
 * the affinity columns moved in front of the row labels. The pipes and the delimiter row are the page's; the
 * matrix is read as nvidia-smi printed it (sources: references/read-shapes.md).
 */
describe('nvidia-smi topo: a matrix rewritten as a Markdown table', () => {
  it('reads a table whose first column is the row label, affinity after the matrix', () => {
    const text = [
      '| GPU  | GPU0 | GPU1 | NIC0 | CPU Affinity | NUMA Affinity |',
      '|------|------|------|------|--------------|---------------|',
      '| GPU0 | X    | NV8  | PIX  | 0-15         | 0             |',
      '| GPU1 | NV8  | X    | SYS  | 16-31        | 1             |',
      '| NIC0 | PIX  | SYS  | X    |              |               |',
    ].join('\n');
    const t = parseNvidiaSmiTopo(text);
    expect(t.matrix.GPU0?.GPU1).toBe('NV8');
    expect(t.devices.find((d) => d.id === 'GPU1')?.cpuAffinity).toBe('16-31');
    const lines = checkLines(readChecks('topo', text));
    expect(lines).toContain('ok nvlink.topology');
    expect(lines).toContain('warn gdr.nic-affinity');
  });

  it('reads a table with the affinity columns before an empty row-label header cell', () => {
    const text = [
      '| CPU Affinity | NUMA Affinity |      | GPU0 | GPU1 | mlx5_0 |',
      '|--------------|---------------|------|------|------|--------|',
      '| 0-7          | 0             | GPU0 | X    | NV4  | PXB    |',
      '| 8-15         | 1             | GPU1 | NV4  | X    | PXB    |',
      '|              |               | mlx5_0 | PXB | PXB  | X      |',
    ].join('\n');
    const t = parseNvidiaSmiTopo(text);
    expect(t.matrix.GPU1?.mlx5_0).toBe('PXB');
    expect(t.devices.find((d) => d.id === 'GPU0')?.numaAffinity).toBe('0');
    expect(checkLines(readChecks('topo', text))).toContain('ok gdr.nic-affinity');
  });

  it('leaves a plain matrix with a pipe elsewhere alone', () => {
    const text = [
      '\tGPU0\tGPU1\tCPU Affinity',
      'GPU0\t X \tNV2\t0-7',
      'GPU1\tNV2\t X \t0-7',
      '',
      '| cat',
    ].join('\n');
    expect(parseNvidiaSmiTopo(text).matrix.GPU0?.GPU1).toBe('NV2');
  });
});
