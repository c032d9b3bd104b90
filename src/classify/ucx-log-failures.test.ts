import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 4, from batch b40: besides a device it could not open (ucx-open-failed.test.ts), UCX logs two
 * more failures of its RDMA transport. An interface that cannot get a completion queue (src/uct/ib/base/ib_iface.c,
 * `ibv_create_cq(cqe=N) failed`, at ERROR level) and an error completion on an mlx5 QP (src/uct/ib/mlx5/
 * ib_mlx5_log.c, `<reason> on <dev>:<port>/IB (synd 0x.. vend 0x..)`). With no ucx_info output in the paste they are
 * read wherever they sit, a Python session or a job log, instead of refusing the paste; DEBUG lines stay log lines.
 */
const lines = (checks: Check[]) => checks.map((c) => `${c.status} ${c.id}`);
const read = (text: string) => readPasted('ucx_info', text, { expect: 'any' }).checks;

describe('ucx_info: UCX logs that its RDMA transport fails', () => {
  it('ibv_create_cq failing inside a Python session fails RDMA', () => {
    const text = [
      '>>> import ucp',
      '>>> ucp.init()',
      '[1575739742.286539] [node7:4022 :0]       ib_iface.c:618  UCX  ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate memory',
      'Traceback (most recent call last):',
      'ucp.exceptions.UCXError: Input/output error',
    ].join('\n');
    const checks = read(text);
    expect(lines(checks)).toContain('fail ucx.rdma');
    expect(checks.find((c) => c.id === 'ucx.rdma')?.detail).toContain('could not create a completion queue');
  });

  it('the newer `<dev>: ibv_create_cq(...) failed` form names the device', () => {
    const text =
      '[1700000000.000001] [pod-7:42:0]       ib_iface.c:1376 UCX  ERROR mlx5_2: ibv_create_cq(cqe=4096) failed: Cannot allocate memory';
    expect(read(text).find((c) => c.id === 'ucx.rdma')).toMatchObject({ status: 'fail', subject: 'mlx5_2' });
  });

  it('an mlx5 error completion (transport retry count exceeded) fails RDMA on that device', () => {
    const text = [
      "[1556830903.720794] [dgx-1:65861:0]     ucp_worker.c:505  UCX  ERROR error 'Endpoint timeout' will not be handled",
      '[dgx-1:65861:0:65861] ib_mlx5_log.c:139  Transport retry count exceeded on mlx5_3:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)',
    ].join('\n');
    expect(read(text).find((c) => c.id === 'ucx.rdma')).toMatchObject({ status: 'fail', subject: 'mlx5_3' });
  });

  it('the same words at DEBUG level are not a failure', () => {
    const text =
      '$ ucx_info -d\n[1700000000.000001] [pod-7:42:0]   ib_iface.c:1376 UCX  DEBUG mlx5_2: ibv_create_cq(cqe=1) failed: Cannot allocate memory\n';
    expect(lines(read(text))).not.toContain('fail ucx.rdma');
  });
});
