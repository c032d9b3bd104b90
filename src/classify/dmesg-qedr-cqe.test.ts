import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 4: qedr's `[qedr_poll_cq_req:<line>(qedrN)]Error: POLL CQ with ROCE_CQE_REQ_STS_<status>` is a
 * failed RDMA completion on a QLogic/Marvell FastLinQ device; any status but a flushed work request fails it,
 * flushes alone warn, as mlx5's error completions are judged.
 */
const read = (out: string): Check[] => readPasted('dmesg', out, { expect: 'any' }).checks;

describe('dmesg: qedr error completions', () => {
  it('a transport retry exceeded completion fails nic.cqe', () => {
    const out =
      '[   80.914135] [qedr_poll_cq_req:3816(qedr1)]Error: POLL CQ with ROCE_CQE_REQ_STS_TRANSPORT_RETRY_CNT_ERR. CQ icid=0x7, QP icid=0x5\n';
    const cqe = read(out).find((c) => c.id === 'nic.cqe');
    expect(cqe?.status).toBe('fail');
    expect(cqe?.detail).toMatch(/TRANSPORT_RETRY_CNT_ERR/);
  });

  it('flushed work requests alone warn', () => {
    const out =
      '[   81.000001] [qedr_poll_cq_req:3816(qedr0)]Error: POLL CQ with ROCE_CQE_REQ_STS_WORK_REQUEST_FLUSHED_ERR. CQ icid=0x7, QP icid=0x5\n';
    expect(read(out).find((c) => c.id === 'nic.cqe')?.status).toBe('warn');
  });
});
