import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 3, from batch b41: the typed command is context the rows lack. `NCCL_IB_DISABLE=1` turns NCCL's
 * IB/RoCE transport off (NVIDIA/nccl src/transport/net_ib/init.cc: `NCCL_PARAM(IbDisable, "IB_DISABLE", 0)`, and
 * `ncclIbInitDevices` returns at once when it is set), so with no network plugin NCCL runs over sockets: between nodes
 * that is no RDMA at all, whatever sizes the rows reach. The reader saw only rows under 64 MiB and judged nothing.
 */
const run = (env: string) =>
  [
    `$ mpirun -H 10.0.0.1:1,10.0.0.2:1 -np 2 ${env} ./build/all_reduce_perf -b 1M -e 16M -f 2 -g 1`,
    '# nThread 1 nGpus 1 minBytes 1048576 maxBytes 16777216 step: 2(factor) warmup iters: 5 iters: 20 validation: 1',
    '#',
    '#                                                       out-of-place                       in-place',
    '#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error',
    '#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)',
    '     1048576        262144     float     sum   2059.0    0.51    0.51  0e+00   3314.0    0.32    0.32  0e+00',
    '    16777216       4194304     float     sum  17616.0    0.95    0.95  0e+00  17165.0    0.98    0.98  0e+00',
  ].join('\n');

describe('NCCL_IB_DISABLE=1 on the typed command', () => {
  it('`-x NCCL_IB_DISABLE=1` across two hosts: NCCL over sockets fails the transport', () => {
    expect(checkLines(readChecks('nccl-tests', run('-x NCCL_IB_DISABLE=1')))).toContain(
      'fail nccl.transport',
    );
  });

  it('without it the same rows judge no transport', () => {
    expect(checkLines(readChecks('nccl-tests', run('-x NCCL_DEBUG=INFO'))).join(' ')).not.toContain(
      'nccl.transport',
    );
  });

  it('with a network plugin named (NCCL_NET_PLUGIN), IB off is not sockets', () => {
    const checks = checkLines(
      readChecks('nccl-tests', run('-x NCCL_IB_DISABLE=1 -x NCCL_NET_PLUGIN=aws-ofi')),
    );
    expect(checks.join(' ')).not.toContain('nccl.transport');
  });
});
