import type { Capture } from './captures.table.js';

/** Corpus batch b4 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b4: Capture[] = [
  {
    file: 'nvlink/nccl-tests-228-a100-12x25-tabs-elided.txt',
    tool: 'nvlink',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/228',
    expert: 'no-problem',
    why: "nvidia-smi nvlink -s on A100-SXM4: GPU0 and GPU1 show all 12 links at 25 GB/s; GPU2 is cut after one link and the poster's `......` elision (not data)",
  },
  {
    file: 'perftest/perftest-132-quote-prefixed-ib-write-bw-small-sizes-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/132',
    expert: 'not-judged',
    why: 'ib_write_bw -a over IB, every line quoted with "> " by the poster; rows only up to 16 B (latency-bound), cut',
  },
  {
    file: 'perftest/perftest-262-roce-server-libibverbs-warnings-header-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/262',
    expert: 'not-judged',
    why: "server side of ib_write_bw on RoCE (rocep4s0f0): two harmless libibverbs provider warnings, the header, cut at the local address: no result (the thread's failure is on the client, not in this paste)",
  },
  {
    file: 'rdma-link/sriov-network-operator-635-ib-half-disabled-cut.txt',
    tool: 'rdma-link',
    source: 'https://github.com/openshift/sriov-network-operator/issues/635',
    expert: 'not-judged',
    why: 'rdma link on an IB host: mlx5_0/2/6/8 ACTIVE with an SM, mlx5_1/3/5/7/9 DOWN/DISABLED (a disabled IB port is at least a warning), one Ethernet port ACTIVE; cut mid-line',
  },
  {
    file: 'ibv_devinfo/network-operator-1646-vf-in-pod-port-init-flattened.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/Mellanox/network-operator/issues/1646',
    expert: 'problem',
    why: 'the IB VF mapped into the pod (CX-7, MT4126 VF) is PORT_INIT: the SM has not activated it (node_guid 0), so no traffic can flow; the poster flattened the indentation',
  },
];
