import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 4, from batch b42: mlx5_handle_error_cqe logs an error completion it dumps as
 * `infiniband <dev>: mlx5_handle_error_cqe:<line>:(pid N): WC error: <status>, Message: <ib_wc_status_msg>`
 * (drivers/infiniband/hw/mlx5/cq.c), not only as mlx5_poll_one's debug `… error cqe on cqn` lines. Any status but
 * `WR flushed` is an RDMA operation on that device that failed; flushes alone warn, as with syndromes.
 */
const line = (msg: string) =>
  `[  408.372201] infiniband mlx5_0: mlx5_handle_error_cqe:332:(pid 0): WC error: 4, Message: ${msg}`;

describe('mlx5_handle_error_cqe WC error lines', () => {
  it('a local protection error fails the completions, then its CQE dump lines are read around', () => {
    const log = [
      '[  408.368677] mlx5_core 0000:c1:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x002f address=0x24d08000]',
      line('local protection error'),
      '[  408.380181] infiniband mlx5_0: dump_cqe:272:(pid 0): dump error cqe',
      '[  408.380192] 00000030: 00 00 00 00 a9 00 56 04 00 00 01 e9 00 54 e8 e2',
    ].join('\n');
    expect(checkLines(readChecks('dmesg', log))).toContain('fail nic.cqe mlx5_0');
  });

  it('WR flushed alone warns: a QP in the error state, not a failure of its own', () => {
    expect(checkLines(readChecks('dmesg', [line('WR flushed'), line('WR flushed')].join('\n')))).toContain(
      'warn nic.cqe mlx5_0',
    );
  });
});
