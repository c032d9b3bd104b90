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
});
