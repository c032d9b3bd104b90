import { type Check, check } from '../core/model.js';
import { formatBytes } from '../core/size.js';
import type { NixlbenchResult } from '../parsers/nixlbench.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';

/**
 * Did a captured transfer run (`read nixlbench|ucx_perftest`) produce its
 * results, and if not, why: `<group>.run`. Pure.
 */

/** A transfer capture as the parsers read it. */
export type TransferCapture = NixlbenchResult | UcxPerftestResult;

export function isNixl(p: TransferCapture): p is NixlbenchResult {
  return 'runs' in p;
}

function size(bytes: number | undefined): string {
  return bytes === undefined ? 'unknown size' : formatBytes(bytes);
}

const NIXL_FAILURE: Record<string, { detail: string; fix: string }> = {
  'etcd-stale': {
    detail:
      'stale etcd state: a rank at or past the world size (a reused --benchmark_group or leftover keys)',
    fix: 'use a fresh --benchmark_group per run, or `etcdctl del xferbench --prefix`',
  },
  'etcd-unreachable': {
    detail: 'etcd is unreachable',
    fix: 'check --etcd_endpoints resolves and the etcd Service answers on 2379',
  },
  'etcd-setup': {
    detail: 'the etcd runtime could not be set up',
    fix: 'check --etcd_endpoints and the etcd server',
  },
  'backend-unavailable': {
    detail: 'the NIXL backend plugin could not be created (plugin or UCX library not found)',
    fix: 'set NIXL_PLUGIN_DIR to the directory with libplugin_UCX.so and make libucp.so.0 loadable (LD_LIBRARY_PATH)',
  },
  'peer-timeout': {
    detail: 'the peer never arrived at a barrier',
    fix: 'check the other pod started, reached etcd and used the same --benchmark_group',
  },
  'peer-died': {
    detail: 'the peer died mid-run',
    fix: "read the peer's log and events (OOM-kill, eviction)",
  },
  'transfer-error': {
    detail: 'a transfer failed',
    fix: 'rerun with UCX_LOG_LEVEL=info and NIXL_LOG_LEVEL=DEBUG to see the failing transport',
  },
  consistency: {
    detail: 'transferred data did not match (consistency check failed)',
    fix: 'the path corrupts data: check GPUDirect RDMA (peermem/DMA-BUF), PCIe ACS/IOMMU settings',
  },
  cuda: {
    detail: 'a CUDA error (allocation or copy)',
    fix: 'check the pod has a GPU and enough GPU memory for --total_buffer_size',
  },
  'invalid-options': {
    detail: 'nixlbench rejected its options',
    fix: 'match the flags to the nixlbench version in the image',
  },
  interrupted: { detail: 'the run was interrupted', fix: 'rerun without interrupting it' },
  'runtime-timeout': {
    detail: 'the ASIO runtime timed out talking to the peer',
    fix: 'check the peer is reachable on --asio_address/--asio_port',
  },
};

/** Did the run produce results, and if not, why. */
export function runCheck(p: TransferCapture, group: string): Check {
  const id = `${group}.run`;
  if (isNixl(p)) {
    if (p.failure) {
      const f = NIXL_FAILURE[p.failure.kind] ?? {
        detail: p.failure.kind,
        fix: 'read the log around the error line',
      };
      return check(
        id,
        'fail',
        `${f.detail}: line ${p.failure.line} "${p.failure.text.slice(0, 120)}"${p.waitingForPeers ? '; it then waited forever' : ''}`,
        {
          fix: f.fix,
          data: { failure: p.failure.kind },
        },
      );
    }
    if (p.rows.length === 0) {
      if (p.role === 'target') {
        return check(
          id,
          'skipped',
          `a target's log (rank ${p.rank}): only the initiator (rank 0) prints results`,
          {
            fix: 'read the log of the rank-0 initiator pod',
          },
        );
      }
      if (p.waitingForPeers) {
        return check(id, 'fail', 'waited at the start barrier and no peer arrived: no results', {
          fix: 'start the second process with the same --benchmark_group and etcd endpoint',
        });
      }
      // The log ends before any table and names no failure: cut where it was pasted, or the run had
      // not got there yet. What was not shown is not judged (a failure is read from its error line).
      return check(
        id,
        'skipped',
        'no result table and no error in the log: it ends before the results (cut, or the run had not got that far), so nothing was measured',
        { fix: 'pass the complete log of the rank-0 initiator, to its result table or its error' },
      );
    }
    if (!p.completed) {
      const last = p.rows[p.rows.length - 1];
      return check(
        id,
        'warn',
        `the table stops at block ${size(last?.blockSize)} before the configured maximum`,
        {
          fix: 'the run ended early (killed, timed out or still running): rerun and keep the whole log',
        },
      );
    }
    return check(
      id,
      'ok',
      `${p.rows.length} result row(s) in ${p.runs.length} table(s)${p.backend ? `, backend ${p.backend}` : ''}`,
    );
  }
  if (p.rows.length === 0) {
    if (p.errors.length > 0) {
      return check(id, 'fail', `ucx_perftest failed: ${p.errors[0]?.text}`, {
        fix: 'check the server is running and reachable, and the UCX_TLS/UCX_NET_DEVICES it was given',
      });
    }
    if (p.server !== undefined || p.resultsHeader)
      return check(
        id,
        'skipped',
        `no result row in the client's log (${p.server !== undefined ? `its command names the server ${p.server}` : 'it printed the results header, which only the client prints'}): the run was cut off or never got going, so nothing was measured`,
        {
          fix: 'paste the whole client output; if it stops here, check that the server side is running and reachable',
        },
      );
    return check(
      id,
      'skipped',
      'no result row: the server side prints only the test box; results print on the client',
      {
        fix: 'read the client output',
      },
    );
  }
  // UCX ended the process (a signal, ucs_fatal) after printing rows: the run aborted, whatever it measured.
  const abort = p.aborted;
  if (abort)
    return check(id, 'fail', `ucx_perftest aborted after ${p.rows.length} row(s): ${abort.text}`, {
      fix: 'see the UCX error: a peer that died or timed out (UD/RC endpoint timeout) points at the link or the other node',
    });
  if (!p.completed)
    return check(id, 'ok', `${p.stages.length} interval row(s), no final summary (output cut off)`);
  return check(id, 'ok', `completed${p.test ? ` (${p.test})` : ''}`);
}

/** NIXL's storage backends: their figures are disk or object-store throughput, not a network link's. */
const STORAGE_BACKENDS = new Set([
  'GDS',
  'GDS_MT',
  'POSIX',
  'HF3FS',
  'OBJ',
  'GUSLI',
  'AZURE_BLOB',
  'INFINIA',
]);

/** `<group>.bandwidth` skipped for a storage backend; undefined for a network one. */
export function storageCheck(
  group: string,
  backend: string | undefined,
  peakGBps: number | undefined,
): Check | undefined {
  if (backend === undefined || !STORAGE_BACKENDS.has(backend)) return undefined;
  return check(`${group}.bandwidth`, 'skipped', `storage backend ${backend}: not a network measurement`, {
    fix: 'run nixlbench with --backend UCX between a prefill and a decode pod to measure the KV-transfer path',
    ...(peakGBps !== undefined ? { data: { peakGBps } } : {}),
  });
}
