/**
 * Failed work completions as the kernel's own RDMA consumers log them (issue 38, principle 4: a failure without a
 * summary line). The NIC driver prints nothing for most error completions; the upper-layer protocol that posted the
 * work request does, with the completion's IB_WC_* status, in ib_wc_status_msg's words or as its number
 * (references/read-evidence.md, "Failed completions a ULP logs"):
 * - ib_srp `srp_handle_qp_err`: `failed %s status %s (%d) for CQE %p` (drivers/infiniband/ulp/srp/ib_srp.c);
 * - ib_srpt `srpt_recv_done`: `receiving failed for ioctx %p with status %d` (drivers/infiniband/ulp/srpt/ib_srpt.c);
 * - nvme-rdma `nvme_rdma_wr_error`: `%s for CQE 0x%p failed with status %s (%d)` (drivers/nvme/host/rdma.c), and
 *   nvmet-rdma's `RDMA WRITE for CQE [0x%p ]failed with status %s (%d).` (drivers/nvme/target/rdma.c);
 * - iSER and its target `iser_err_comp` / `isert_print_wc`: `%s failure: %s (%d) vend_err %x`
 *   (drivers/infiniband/ulp/iser/iser_verbs.c, isert/ib_isert.c).
 * Soft-RoCE's own error for an invalidate whose key does not match its memory region (drivers/infiniband/sw/rxe/
 * rxe_mr.c `rxe_invalidate_mr`: `rkey (%#x) doesn't match mr->ibmr.rkey (%#x)`, or `No MR for rkey %#x`) is the same
 * kind of fact: that work request completes in error.
 */

/** ib_wc_status_msg's words by IB_WC_* number (include/rdma/ib_verbs.h enum ib_wc_status, drivers/infiniband/core/verbs.c). */
const WC_STATUS: readonly string[] = [
  'success',
  'local length error',
  'local QP operation error',
  'local EE context operation error',
  'local protection error',
  'WR flushed',
  'memory bind operation error',
  'bad response error',
  'local access error',
  'remote invalid request error',
  'remote access error',
  'remote operation error',
  'transport retry counter exceeded',
  'RNR retry counter exceeded',
  'local RDD violation error',
  'remote invalid RD request',
  'operation aborted',
  'invalid EE context number',
  'invalid EE context state',
  'fatal error',
  'response timeout error',
  'general error',
];

/** A status given in words and number (`WR flushed (5)`): the words the kernel printed, or the number's. */
const worded = (words: string, n: string): string => words.trim() || (WC_STATUS[Number(n)] ?? `status ${n}`);

type Found = { device: string; message: string } | { device: string; event: string };

const FORMS: readonly { re: RegExp; found: (m: RegExpExecArray) => Found }[] = [
  {
    re: /\bib_srp: failed \S+ status (.+?) \((\d+)\)/,
    found: (m) => ({ device: 'ib_srp', message: worded(m[1] as string, m[2] as string) }),
  },
  {
    re: /\bib_srpt:? (?:receiving|sending) failed for ioctx \S+ with status (\d+)/,
    found: (m) => ({ device: 'ib_srpt', message: WC_STATUS[Number(m[1])] ?? `status ${m[1]}` }),
  },
  {
    re: /(?:\bnvme (nvme\d+): )?\b(?:[A-Z]+ )+for CQE (?:0x[0-9a-f]+ )?failed with status (.+?) \((\d+)\)/,
    found: (m) => ({ device: m[1] ?? 'nvme-rdma', message: worded(m[2] as string, m[3] as string) }),
  },
  {
    re: /\b(iser|isert): \w+: \S+ failure: (.+?) \((\d+)\)/,
    found: (m) => ({ device: m[1] as string, message: worded(m[2] as string, m[3] as string) }),
  },
  {
    re: /\brxe_invalidate_mr: (?:rkey \(0x[0-9a-f]+\) doesn't|No MR for rkey)/,
    found: () => ({
      device: 'rdma_rxe',
      event: 'an invalidate whose key matches no memory region (rxe_invalidate_mr)',
    }),
  },
];

/** The failed completion a kernel line reports, if it is one of the consumers' forms above. */
export function ulpErrorCompletion(text: string): Found | undefined {
  for (const f of FORMS) {
    const m = f.re.exec(text);
    if (m) return f.found(m);
  }
  return undefined;
}
