import { type Check, check } from '../core/model.js';
import type { UcxLogFailure } from '../parsers/ucx-log-failures.js';

/**
 * No ucx_info output, but UCX's own log lines say its RDMA transport cannot work (parsers/ucx-log-failures.ts;
 * principle 4): the device or rdma_cm's event channel could not be opened (most often a container without the
 * device's /dev/infiniband nodes), a completion queue could not be created (most often the locked-memory limit), or a
 * transfer completed in error on the device (retry count exceeded: the peer or the path is unreachable). Either way
 * UCX has no working RDMA transport there. Its transport list is not shown, so CUDA is not judged.
 */
export function openFailed(failures: readonly UcxLogFailure[]): Check[] {
  const devices = [...new Set(failures.flatMap((f) => f.device ?? []))];
  const first = failures[0] as UcxLogFailure;
  const of = (kind: UcxLogFailure['kind']) => failures.filter((f) => f.kind === kind);
  const named = (fs: readonly UcxLogFailure[]) => [...new Set(fs.flatMap((f) => f.device ?? []))].join(', ');
  const opened = of('open');
  const openedWhat = [
    ...(opened.some((f) => f.device) ? [`the RDMA device ${named(opened)}`] : []),
    ...(opened.some((f) => f.device === undefined) ? ["rdma_cm's event channel"] : []),
  ].join(' and ');
  const cq = named(of('cq'));
  const what = [
    ...(openedWhat ? [`could not open ${openedWhat}`] : []),
    ...(of('cq').length ? [`could not create a completion queue${cq ? ` on ${cq}` : ''}`] : []),
    ...(of('completion').length ? [`had transfers complete in error on ${named(of('completion'))}`] : []),
  ].join(' and ');
  const fix = of('cq').length
    ? 'raise the locked-memory limit (ulimit -l unlimited; LimitMEMLOCK=infinity for the service or container) and check `ibv_devinfo` there'
    : of('completion').length && !opened.length
      ? 'check the path to the peer: both ports Active, the same subnet (LID or GID reachable), and `ib_write_bw` between the two hosts'
      : 'expose the device to the container (/dev/infiniband/uverbs* and rdma_cm: the RDMA device plugin, or --device=/dev/infiniband) and check `ibv_devinfo` there';
  return [
    check(
      'ucx.rdma',
      'fail',
      `UCX ${what} (line ${first.line}: ${first.text.replace(/^(?:\[[^\]]*\]\s*)+/, '')}): it has no working RDMA transport there, so transfers fall back to TCP or fail`,
      { ...(devices.length ? { subject: devices.join(', ') } : {}), fix, data: { devices } },
    ),
    check('ucx.cuda', 'skipped', "the paste holds only UCX's log lines: its CUDA transports are not shown"),
  ];
}
