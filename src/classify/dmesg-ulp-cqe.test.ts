import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 4: the kernel's RDMA consumers (SRP, NVMe over RDMA, iSER) log the work completions that came
 * back in error, with the IB_WC status, where the NIC driver logs nothing. Any status but a flush is an RDMA
 * operation that failed (fail), flushes alone warn, as the NIC drivers' own error completions are judged; Soft-RoCE's
 * invalidate with a key matching no memory region is a failed operation too.
 */
const cqe = (out: string): Check | undefined =>
  readPasted('dmesg', out, { expect: 'any' }).checks.find((c) => c.id === 'nic.cqe');

describe('dmesg: failed completions a ULP logs', () => {
  it('an NVMe over RDMA completion with retry exceeded fails, naming the status', () => {
    const c = cqe(
      '[ 1234.567890] nvme nvme0: RECV for CQE 0x00000000f3c1a2b4 failed with status transport retry counter exceeded (12)\n',
    );
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/transport retry counter exceeded/);
    expect(c?.subject).toBe('nvme0');
  });

  it("ib_srpt's numeric status is named in ib_wc_status_msg's words", () => {
    const c = cqe('[  579.907624] ib_srpt receiving failed for ioctx 000000005e721910 with status 10\n');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/remote access error/);
  });

  it('flushed completions alone (status 5) warn: a QP in the error state', () => {
    const out = [
      '[  569.305315] scsi host1: ib_srp: failed RECV status WR flushed (5) for CQE 00000000a216794f',
      '[  579.907624] ib_srpt receiving failed for ioctx 000000005e721910 with status 5',
      '[  580.100000] iser: iser_err_comp: task_rsp failure: WR flushed (5)',
    ].join('\n');
    const c = cqe(out);
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(/3 error completion\(s\) on ib_srp, ib_srpt, iser/);
  });

  it("Soft-RoCE's invalidate whose key matches no memory region fails, even beside flushes", () => {
    const out = [
      "[  569.305302] rdma_rxe: rxe_invalidate_mr: rkey (0x84f6) doesn't match mr->ibmr.rkey (0x84f7)",
      '[  569.305315] scsi host1: ib_srp: failed RECV status WR flushed (5) for CQE 00000000a216794f',
    ].join('\n');
    const c = cqe(out);
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/rxe_invalidate_mr/);
  });

  it('a message that only mentions a CQE is not a failed completion', () => {
    expect(cqe('[  10.000000] nvme nvme0: creating 8 I/O queues, CQE size 16\n')).toBeUndefined();
  });
});
