import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b58: a run script that keeps the node's `nvidia-smi topo -m` as shell comments
 * (`# ` before every line, `#` and a tab before the header) holds the matrix: it is read, not refused (exit 2).
 */
describe('topo: a matrix kept as shell comments', () => {
  it('is read as the matrix', () => {
    const text = [
      '# nvidia-smi topo -m',
      '#\tGPU0\tGPU1\tmlx5_0\tCPU Affinity\tNUMA Affinity',
      '# GPU0\t X \tNV12\tPIX\t0-31\t0',
      '# GPU1\tNV12\t X \tPIX\t0-31\t0',
      '# mlx5_0\tPIX\tPIX\t X ',
      '#',
      '# Legend:',
      '#',
      '#  X    = Self',
      '#  PIX  = Connection traversing at most a single PCIe bridge',
      '#  NV#  = Connection traversing a bonded set of # NVLinks',
    ].join('\n');
    const lines = checkLines(readChecks('topo', text));
    expect(lines.some((l) => l.startsWith('fail '))).toBe(false);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('a copy that starts below the commented header is read as headless rows, not refused', () => {
    const text = [
      '# nvidia-smi topo -mp',
      '# GPU0\t X \tSYS\tSYS\t0-15\t0',
      '# GPU1\tSYS\t X \tPIX\t16-31\t1',
      '# mlx5_0\tSYS\tPIX\t X ',
    ].join('\n');
    const lines = checkLines(readChecks('topo', text));
    expect(lines.some((l) => /^(?:ok|warn) gdr\.nic-affinity/.test(l))).toBe(true);
  });

  it('a comment that names a GPU is no matrix row', () => {
    const text = [
      '# GPU0 is the one we use',
      'GPU0\tGPU1\tCPU Affinity',
      'GPU0\t X \tNV4\t0-7',
      'GPU1\tNV4\t X \t0-7',
    ].join('\n');
    const lines = checkLines(readChecks('topo', text));
    expect(lines.some((l) => l.startsWith('fail '))).toBe(false);
  });
});
