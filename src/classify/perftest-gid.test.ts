import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * perftest prints the GID it queried at the index in use under each address line (perftest_communication.c
 * ctx_print_pingpong_data, PERF_GID_FMT). On RoCE every packet carries a GRH addressed by GID, so an
 * all-zero GID is an empty table entry and the QP cannot connect, rows or no rows (issue 38, principle 5).
 */
const read = (text: string) => readPasted('perftest', text, { expect: 'any' });
const gid = (checks: Check[]) => checks.find((c) => c.id === 'verbs.gid');

const header = (link: string) =>
  [
    '---------------------------------------------------------------------------------------',
    '                    RDMA_Write BW Test',
    ' Dual-port       : OFF\t\tDevice         : mlx5_3',
    ' Number of qps   : 1\t\tTransport type : IB',
    ' Connection type : RC\t\tUsing SRQ      : OFF',
    ' TX depth        : 128',
    ' Mtu             : 1024[B]',
    ` Link type       : ${link}`,
    ' GID index       : 0',
    '---------------------------------------------------------------------------------------',
  ].join('\n');

describe('perftest: an all-zero GID on RoCE', () => {
  it('fails the run even with no result row shown, naming the end it was printed for', () => {
    const text = [
      header('Ethernet'),
      ' local address: LID 0000 QPN 0x0044 PSN 0x1a2b3c',
      ' GID: 00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00',
      ' remote address: LID 0000 QPN 0x0045 PSN 0x4d5e6f',
      ' GID: 00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00',
    ].join('\n');
    const out = read(text);
    expect(gid(out.checks)).toMatchObject({ status: 'fail' });
    expect(gid(out.checks)?.detail).toMatch(/its local end \(line \d+, 2 such lines\)/);
    expect(verdictOf(out.checks)).toBe('untrusted');
  });

  it('leaves RoCE GIDs that carry an address, and an IB link, alone', () => {
    const roce = [
      header('Ethernet'),
      ' local address: LID 0000 QPN 0x0044 PSN 0x1a2b3c',
      ' GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:06:145:33',
      ' remote address: LID 0000 QPN 0x0045 PSN 0x4d5e6f',
      ' GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:06:145:32',
    ].join('\n');
    expect(gid(read(roce).checks)).toBeUndefined();
    const ib = [
      header('IB'),
      ' local address: LID 0x12 QPN 0x0044 PSN 0x1a2b3c',
      ' GID: 00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00',
    ].join('\n');
    expect(gid(read(ib).checks)).toBeUndefined();
  });
});
