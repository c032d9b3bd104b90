import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 5, from batch b42: the RDMA core logs a GID it could not add to a port's table
 * (drivers/infiniband/core/cache.c add_roce_gid `GID add failed port=N index=M`, __ib_cache_gid_add `unable to add
 * gid … error=N`). RoCE addresses its peers by GID, so that port cannot take RoCE connections to that address:
 * the kernel log fails it. A GID it could not delete is not the same: the address stays.
 */
describe('GIDs the RDMA core could not add', () => {
  it('SET_ROCE_ADDRESS failing, then add_roce_gid and __ib_cache_gid_add failing: the port fails', () => {
    const log = [
      '[    9.863871] mlx5_core 0000:01:00.0: mlx5_cmd_out_err:803:(pid 1440): SET_ROCE_ADDRESS(0x761) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x63c66), err(-22)',
      '[    9.881250] infiniband mlx5_2: add_roce_gid GID add failed port=1 index=0',
      '[    9.889095] __ib_cache_gid_add: unable to add gid fe80:0000:0000:0000:ad3e:e3ff:fe92:b31b error=-22',
    ].join('\n');
    expect(checkLines(readChecks('dmesg', log))).toContain('fail nic.gid mlx5_2/1');
  });

  it('a GID that could not be deleted is no failure to add one', () => {
    const log =
      "[  211.407329] _ib_cache_gid_del: can't delete gid fe80:0000:0000:0000:020a:f7ff:fee3:6e32 error=-22";
    expect(checkLines(readChecks('dmesg', log)).some((l) => l.includes('nic.gid'))).toBe(false);
  });
});
