import type { PairMode, Transport, TransportKind } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import { transportOf } from '../parsers/ucx-log.js';
import { RDMA_TRANSPORTS, SHM_TRANSPORTS } from '../parsers/ucx-transports.js';

/**
 * The kind of transport the data lanes show. RDMA wins over helpers
 * (cuda_copy), TCP only when nothing better; RMA emulated over TCP active
 * messages is TCP whatever else is listed.
 */
export function transportKind(lanes: readonly string[], emulated = false): TransportKind {
  const t = lanes.map(transportOf);
  if (emulated && t.includes('tcp')) return 'tcp';
  if (t.some((x) => RDMA_TRANSPORTS.has(x))) return 'rdma';
  if (t.includes('cuda_ipc')) return 'nvlink';
  if (t.includes('tcp')) return 'tcp';
  if (t.some((x) => SHM_TRANSPORTS.has(x))) return 'shm';
  return 'unknown';
}

/** The path a test meant to exercise: RDMA across nodes, NVLink (cuda_ipc) inside one, or either. */
export type WantedPath = 'rdma' | 'nvlink' | 'any';

export interface TransportVerdict {
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

/**
 * The one transport judge, for lanes UCX did log (callers decide what an
 * absent lane list means: `read` of a log without UCX logging skips, `pair`,
 * which turns UCX logging on, warns).
 */
export function judgeTransport(
  lanes: readonly string[],
  want: WantedPath,
  emulated = false,
  /** UCX named the peer's endpoint `intra-node` (same host), whatever its lanes. */
  sameNode = false,
): TransportVerdict {
  const kind = transportKind(lanes, emulated);
  const shown = lanes.slice(0, 4).join(', ') + (lanes.length > 4 ? ', …' : '');
  if (kind === 'tcp') {
    return {
      status: want === 'any' ? 'warn' : 'fail',
      detail: `UCX moved the data over TCP${emulated ? ' (RMA emulated over active messages)' : ''} (${shown}): not an RDMA or NVLink path`,
      fix: 'give the pods RDMA devices (RDMA resource, IPC_LOCK, /dev/infiniband) and make sure UCX_TLS allows rc/dc and UCX_NET_DEVICES names an RDMA NIC',
    };
  }
  if (emulated) {
    return {
      status: 'warn',
      detail: `UCX emulated RMA over active messages or software (${shown}): every transfer is copied on both sides`,
      fix: 'check UCX_TLS: a zero-copy transport (rc/dc, cuda_ipc) should carry the data',
    };
  }
  if (want === 'rdma' && kind === 'unknown') {
    return {
      status: 'fail',
      detail: `no RDMA lane among the lanes UCX used (${shown})`,
      fix: 'check UCX_TLS allows rc/dc, UCX_NET_DEVICES names an RDMA NIC and /dev/infiniband is in the pod (`interconnect-test node`)',
    };
  }
  if (want === 'rdma' && (kind !== 'rdma' || sameNode)) {
    return {
      status: 'fail',
      detail:
        kind === 'rdma'
          ? `UCX named the peer intra-node (${shown}): an RDMA loopback on one node, not across a network`
          : `UCX used intra-node transports (${shown}): the peer is on the same node, not across a network`,
      fix: 'run the two ranks on two different nodes',
    };
  }
  // UCX lists cuda_ipc beside RDMA lanes on one node ("rma(cuda_ipc/cuda rc_mlx5/mlx5_0:1)"): cuda_ipc present is NVLink/P2P.
  const ipc = lanes.some((l) => transportOf(l) === 'cuda_ipc');
  if (want === 'nvlink' && ipc)
    return { status: 'ok', detail: `UCX used NVLink/P2P (cuda_ipc) lanes: ${shown}` };
  if (want === 'nvlink') {
    return {
      status: 'fail',
      detail: `no cuda_ipc lane (${shown}): GPU peer-to-peer (NVLink) was not used`,
      fix: 'make sure UCX_TLS includes cuda_ipc and both GPUs are visible to the process',
    };
  }
  const label = kind === 'rdma' ? 'RDMA' : kind === 'nvlink' ? 'NVLink/P2P (cuda_ipc)' : kind;
  return { status: 'ok', detail: `UCX used ${label} lanes: ${shown}` };
}

/**
 * `pair.transport` of a UCX run: a warning when UCX logged no lanes (the
 * probe turns UCX logging on, so silence means the image logs elsewhere),
 * else the one transport judge against RDMA across nodes, NVLink inside one.
 */
export function transportCheck(
  t: Transport,
  mode: PairMode,
  subject: string,
  setByRecipe: boolean,
  emulated: boolean,
  sameNode: boolean,
  /** The GPUs are MIG slices: on one node no NVLink/P2P is expected, any working path will do. */
  mig = false,
): Check {
  const data = { kind: t.kind, lanes: t.lanes };
  if (t.lanes.length === 0) {
    return check('pair.transport', 'warn', 'UCX did not log the transport it chose', {
      subject,
      fix: setByRecipe
        ? 'the recipe sets UCX_LOG_LEVEL/UCX_PROTO_INFO itself; rerun with --env UCX_LOG_LEVEL=info'
        : 'the image may print UCX logs elsewhere (UCX_LOG_FILE); rerun with --env UCX_LOG_FILE=',
      data,
    });
  }
  const intraMig = mig && mode !== 'cross-node';
  const v = judgeTransport(
    t.lanes,
    mode === 'cross-node' ? 'rdma' : intraMig ? 'any' : 'nvlink',
    emulated,
    sameNode,
  );
  const detail = intraMig ? `MIG slices have no NVLink or P2P: ${v.detail}` : v.detail;
  return check('pair.transport', v.status, detail, { subject, ...(v.fix ? { fix: v.fix } : {}), data });
}

/**
 * `<group>.transport` of a `read`: skipped when the capture has no UCX lanes
 * (UCX logging was off; informational), else the one transport judge against
 * what --expect names: RDMA for a network, NVLink, or either.
 */
export function readTransportCheck(
  group: string,
  lanes: readonly string[],
  expect: 'network' | 'nvlink' | 'any',
  emulated: boolean,
  sameNode: boolean,
): Check {
  const id = `${group}.transport`;
  if (lanes.length === 0) {
    return check(id, 'skipped', 'UCX did not log the transport it chose', {
      matters: false,
      fix: 'rerun with UCX_LOG_LEVEL=info (and UCX_PROTO_INFO=y) to see the lanes',
    });
  }
  const want = expect === 'network' ? 'rdma' : expect === 'nvlink' ? 'nvlink' : 'any';
  const v = judgeTransport(lanes, want, emulated, sameNode);
  return check(id, v.status, v.detail, v.fix ? { fix: v.fix } : {});
}
