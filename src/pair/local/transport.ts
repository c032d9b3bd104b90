import { type Check, check } from '../../core/model.js';
import { transportKind } from '../../judge/transports.js';

export interface TransportFacts {
  /** Transport names that carried data, as UCX printed them (sysv, cma, tcp, cuda_ipc, …). */
  transports: readonly string[];
  /** Memory the run used: DRAM (host) or VRAM (GPU). */
  memory: 'DRAM' | 'VRAM';
  /** GPUs on the host; both processes share one GPU when there is only one. */
  gpuCount: number;
  /** Where the peers ran, for the detail: `loopback`, `network namespaces over veth`. */
  where: string;
  /** UCX emulated RMA (rma_am, software emulation). */
  emulated?: boolean;
}

const CLUSTER_FIX =
  'run `interconnect-test pair` between two nodes to certify RDMA for disaggregated serving';

/**
 * The `pair.transport` check of a local run. Two processes on one host prove
 * the software path (UCX, the engine, their memory registration) works; they
 * do not certify the RDMA network that prefill→decode takes across nodes, so
 * a DRAM run is a warning, never a pass. A VRAM run between two GPUs over
 * cuda_ipc is the intra-node path itself and passes; staging through host
 * memory, or both processes on one GPU, is a warning.
 */
export function localTransportCheck(f: TransportFacts): Check {
  const list = f.transports.join('/');
  const data = {
    transports: [...f.transports],
    kind: transportKind(f.transports, f.emulated),
    memory: f.memory,
  };
  if (f.transports.length === 0) {
    return check(
      'pair.transport',
      'warn',
      'UCX did not say which transport it used (no endpoint line at UCX_LOG_LEVEL=info)',
      {
        fix: 'unset UCX_LOG_FILE so UCX logs reach the output, and check that this UCX build prints endpoint lines',
        data,
      },
    );
  }
  if (f.memory === 'DRAM') {
    return check(
      'pair.transport',
      'warn',
      `local run over ${list} (${f.where}): software path works; this does not certify RDMA or NVLink`,
      { fix: CLUSTER_FIX, data },
    );
  }
  if (!f.transports.includes('cuda_ipc')) {
    return check(
      'pair.transport',
      'warn',
      `GPU memory moved over ${list}, not cuda_ipc: staged through the host, NVLink unused`,
      {
        fix: 'set UCX_TLS to include cuda_ipc,cuda_copy and check `nvidia-smi topo -m` for NV# links between the GPUs',
        data,
      },
    );
  }
  if (f.gpuCount < 2) {
    return check(
      'pair.transport',
      'warn',
      `cuda_ipc on a single GPU: both processes used GPU 0, an HBM copy, not NVLink`,
      {
        fix: 'run on a host with two or more GPUs to measure NVLink',
        data,
      },
    );
  }
  return check(
    'pair.transport',
    'ok',
    `GPU to GPU over ${list}: the intra-node path (NVLink or PCIe peer-to-peer); cross-node RDMA is not covered`,
    {
      data,
    },
  );
}
