/**
 * UCX's own log lines that say its RDMA transport cannot work (issue 38, principle 4: a failure shown without a
 * transport list is a failure). Sources, openucx/ucx@9466d104:
 * - src/uct/ib/base/ib_md.c `ibv_open_device(%s) failed: %m` (ucs_error in older releases, ucs_diag now; also
 *   ib_mlx5dv_md.c, ib_efa_md.c) and src/uct/ib/rdmacm/rdmacm_cm.c `rdma_create_event_channel failed: %m`;
 * - src/uct/ib/base/ib_iface.c:1371-1377 `ibv_create_cq(cqe=%d)` at ERROR level through uct_ib_check_memlock_limit_msg
 *   (ib_log.h:87-96: `<dev>: ibv_create_cq(cqe=N) failed: <strerror>`; older releases `ucs_error("ibv_create_cq(cqe=%d)
 *   failed: %m")`): the interface cannot get a completion queue, most often under a small locked-memory limit;
 * - src/uct/ib/mlx5/ib_mlx5_log.c:100-181: an error completion on an mlx5 QP, logged as
 *   `<reason> on <dev>:<port>/<IB|RoCE> (synd 0x%x vend 0x%x hw_synd %d/%d)` ("Transport retry count exceeded",
 *   "Remote access error", ...): a transfer the RDMA transport could not complete.
 * DEBUG lines are never read as failures (mlx5's devx md logs the same words at debug level and falls back to verbs).
 */
export interface UcxLogFailure {
  line: number;
  text: string;
  /** What failed: opening the device or rdma_cm, creating a completion queue, or a transfer's completion. */
  kind: 'open' | 'cq' | 'completion';
  device?: string;
}

const OPEN_FAILED =
  /\bUCX\s+(?:ERROR|DIAG)\s+(?:ibv_open_device\((\S+?)\) failed|rdma_create_event_channel failed)/;
const CQ_FAILED = /\bUCX\s+(?:ERROR|DIAG)\s+(?:(\w+): )?ibv_create_cq\((?:cqe=\d+)?\)(?: failed)?/;
const COMPLETION_ERROR = /\S\.c:\d+\s+(.+?) on ([\w.-]+):\d+\/\w+ \(synd 0x[0-9a-f]+ vend 0x/;
const QUIET = /\bUCX\s+(?:DEBUG|TRACE|INFO|REQ|DATA|FUNC|POLL)\b/;

/** Every line that is one of UCX's failure lines above, in order. */
export function ucxLogFailures(lines: readonly { line: number; text: string }[]): UcxLogFailure[] {
  return lines.flatMap((n): UcxLogFailure[] => {
    if (QUIET.test(n.text)) return [];
    const open = OPEN_FAILED.exec(n.text);
    if (open) return [{ line: n.line, text: n.text, kind: 'open', ...(open[1] ? { device: open[1] } : {}) }];
    const cq = CQ_FAILED.exec(n.text);
    if (cq) return [{ line: n.line, text: n.text, kind: 'cq', ...(cq[1] ? { device: cq[1] } : {}) }];
    const done = COMPLETION_ERROR.exec(n.text);
    if (done?.[2]) return [{ line: n.line, text: n.text, kind: 'completion', device: done[2] }];
    return [];
  });
}
