import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 3 (use the context the paste gives), from batch b53: perftest's settings block names the
 * connection (`Connection type : RawEth`, perftest_parameters.c connStr[]). The raw_ethernet_* tests post Ethernet
 * frames on a raw-packet QP: a clean row says the NIC's packet path is quick, not that RDMA reads and writes
 * work, so the RDMA path is not shown (sources: references/read-shapes.md).
 */
const banner = (connection: string, title = 'Send Latency Test') =>
  [
    '---------------------------------------------------------------------------------------',
    `                    ${title}`,
    ' Dual-port       : OFF\t\tDevice         : mlx5_1',
    ' Number of qps   : 1\t\tTransport type : IB',
    ` Connection type : ${connection}\t\tUsing SRQ      : OFF`,
    ' Link type       : Ethernet',
    '---------------------------------------------------------------------------------------',
    ' #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] ',
    ' 64      1000          0.81           2.58         0.85               0.85           0.06            0.89                    2.58',
    '---------------------------------------------------------------------------------------',
  ].join('\n');

describe('perftest: a raw-Ethernet run does not show the RDMA path', () => {
  it('Connection type RawEth: the latency row is read, the RDMA transport is not shown (not judged)', () => {
    const checks = readChecks('perftest', `${banner('RawEth')}\n`);
    expect(checkLines(checks)).toContain('ok verbs.latency');
    expect(checkLines(checks)).toContain('skipped verbs.transport');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same row over an RC connection is judged as before', () => {
    expect(verdictOf(readChecks('perftest', `${banner('RC')}\n`))).toBe('trusted');
  });
});
