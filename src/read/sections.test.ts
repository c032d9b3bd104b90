import { describe, expect, it } from 'vitest';
import { IBSTAT_ACTIVE_400 } from '../../test/helpers/read.js';
import type { ToolId } from '../classify/index.js';
import { makeReport } from '../core/report.js';
import { readSections } from './sections.js';
import { readPasted } from './tools.js';

/** The text sections `read` prints under its checks, for a paste of `tool` (as the command builds them). */
function sectionsOf(tool: ToolId, paste: string) {
  const { parsed, checks } = readPasted(tool, paste, { expect: 'any' });
  return readSections(makeReport('read', checks, { input: { tool, source: 'paste.txt' }, parsed }));
}

// Every reader with a measured table must print it in its own columns: the nccl-tests and
// perftest rows have no `gbps` field, and rendering them as nixlbench rows threw a TypeError
// (`read` ended in "unexpected failure" on every nccl-tests or perftest paste with rows).
describe('read text output: the measured rows of each transfer tool, in its own shape', () => {
  it('nccl-tests rows print size, algbw and busbw', () => {
    const paste = [
      '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
      '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)',
      '    67108864      16777216     float     sum      -1    812.5   82.60  154.87      0    810.1   82.84  155.33      0',
      '   134217728      33554432     float     sum      -1   1590.2   84.40  158.25      0   1588.7   84.48  158.40      0',
      '# Out of bounds values : 0 OK',
      '# Avg bus bandwidth    : 156.71',
    ].join('\n');
    const [section] = sectionsOf('nccl-tests', paste);
    expect(section?.lines).toEqual([
      '    size      algbw      busbw',
      '     64M      82.60     154.87',
      '    128M      84.40     158.25',
      'GB/s (GB = 10^9 bytes), out-of-place',
    ]);
  });

  it('perftest bandwidth rows print the message size and the average', () => {
    const paste = [
      '                    RDMA_Write BW Test',
      ' Dual-port       : OFF\t\tDevice         : mlx5_0',
      ' Link type       : IB',
      '---------------------------------------------------------------------------------------',
      ' #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]',
      ' 65536      5000             392.11             391.84               0.747375',
      '---------------------------------------------------------------------------------------',
    ].join('\n');
    const [section] = sectionsOf('perftest', paste);
    expect(section?.lines[1]).toBe('     64K     48.980           ');
    expect(section?.lines).toHaveLength(3);
  });

  it('a tool without a measured table prints no section (ibstat speaks through its checks)', () => {
    expect(sectionsOf('ibstat', IBSTAT_ACTIVE_400.join('\n'))).toEqual([]);
  });
});
