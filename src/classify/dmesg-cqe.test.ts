import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * mlx5_ib's error completions in the kernel log (drivers/infiniband/hw/mlx5/cq.c mlx5_poll_one, debug
 * prints): a failure without a summary line (issue 38, principle 4), judged by its syndrome
 * (include/linux/mlx5/device.h MLX5_CQE_SYNDROME_*): a flush alone is a QP in the error state, any other
 * syndrome an RDMA operation that failed.
 */
const cqe = (dev: string, side: string, syndrome: string, t = '15601.662156') =>
  `[${t}] infiniband ${dev}: mlx5_poll_one:527:(pid 0): ${side} error cqe on cqn 0x406:\n[${t}] infiniband ${dev}: mlx5_poll_one:530:(pid 0): syndrome 0x${syndrome}, vendor syndrome 0x81\n`;
const nic = (checks: Check[]) => checks.find((c) => c.id === 'nic.cqe');

describe('dmesg: mlx5 error completions', () => {
  it('a retry-exceeded completion fails the device, named with what the syndrome means', () => {
    const text = cqe('mlx5_0', 'Requestor', '15') + cqe('mlx5_0', 'Responder', '5');
    const c = nic(readPasted('dmesg', text, { expect: 'any' }).checks);
    expect(c).toMatchObject({ status: 'fail', subject: 'mlx5_0' });
    expect(c?.detail).toContain('transport retry counter exceeded');
    expect(c?.detail).toContain('2 error completion(s) on mlx5_0');
  });

  it('flushed work requests alone warn (a QP torn down, or a failure not shown), never pass', () => {
    const text = cqe('rocep33s0f0', 'Responder', '5') + cqe('rocep33s0f0', 'Responder', '5');
    const c = nic(readPasted('dmesg', text, { expect: 'any' }).checks);
    expect(c).toMatchObject({ status: 'warn', subject: 'rocep33s0f0' });
    expect(c?.detail).toContain('2 flushed (syndrome 0x5');
  });

  it('an error cqe whose syndrome line is cut off still warns; a log without one has no such check', () => {
    const cut = cqe('mlx5_1', 'Requestor', '13').split('\n')[0] as string;
    expect(nic(readPasted('dmesg', `${cut}\n`, { expect: 'any' }).checks)?.status).toBe('warn');
    const quiet = '[   12.000001] mlx5_core 0000:17:00.0: firmware version: 28.39.1002\n';
    expect(nic(readPasted('dmesg', quiet, { expect: 'any' }).checks)).toBeUndefined();
  });
});
