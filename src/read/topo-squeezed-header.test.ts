import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';

/**
 * Issue 38, principle 1 (read what is there, whatever its shape), from batch b35: a `nvidia-smi topo -m` pasted as
 * prose, every run of spaces and tabs collapsed to one, header included (`GPU0 GPU1 NIC0 CPU Affinity NUMA
 * Affinity GPU NUMA ID`): the labels are the columns and the affinity names the extra columns, as in the tabbed
 * header (sources: references/read-shapes.md).
 */
const squeezed = [
  'NVIDIA Topology:',
  'GPU0 GPU1 NIC0 NIC1 CPU Affinity NUMA Affinity GPU NUMA ID',
  'GPU0 X NV8 PIX SYS 0-47 0 N/A',
  'GPU1 NV8 X SYS PIX 48-95 1 N/A',
  'NIC0 PIX SYS X SYS',
  'NIC1 SYS PIX SYS X',
].join('\n');

describe('nvidia-smi topo: a header squeezed to single spaces', () => {
  it('reads the columns and the affinity columns', () => {
    const t = parseNvidiaSmiTopo(squeezed);
    expect(t.devices.map((d) => d.id)).toEqual(['GPU0', 'GPU1', 'NIC0', 'NIC1']);
    expect(t.matrix.GPU1?.NIC1).toBe('PIX');
    expect(t.devices[1]?.cpuAffinity).toBe('48-95');
    expect(t.devices[1]?.numaAffinity).toBe('1');
  });

  it('judges it as the tabbed matrix: NVLink between the GPUs, each GPU with its PIX NIC', () => {
    const checks = readChecks('topo', squeezed);
    expect(checkLines(checks)).toEqual(expect.arrayContaining(['ok nvlink.topology', 'ok gdr.nic-affinity']));
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('a squeezed matrix cut inside a row is a cut, not exit 2', () => {
    const cut = squeezed.split('\n').slice(0, 4).join('\n').replace('SYS PIX 48-95 1 N/A', 'SY');
    expect(checkLines(readChecks('topo', cut))).toContain('skipped topo.cut');
  });
});
