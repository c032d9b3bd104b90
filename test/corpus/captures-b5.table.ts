import type { Capture } from './captures.table.js';

/** Corpus batch b5 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b5: Capture[] = [
  {
    file: 'rdma-link/sriov-network-operator-635-ibdev2netdev-vfs-down-head-cut.txt',
    tool: 'rdma-link',
    source: 'https://github.com/openshift/sriov-network-operator/issues/635',
    expert: 'not-judged',
    why: 'ibdev2netdev on a CX-6 IB host with SR-IOV: three PF netdevs Up, the VFs and several PFs Down; the head of the list is cut; which devices the workload uses is not shown: a warning',
  },
  {
    file: 'rdma-link/sriov-network-operator-382-pod-only-vf-down.txt',
    tool: 'rdma-link',
    source: 'https://github.com/k8snetworkplumbingwg/sriov-network-operator/issues/382',
    expert: 'problem',
    why: 'inside the pod the only RDMA device (an IB VF, net1) is Down: the pod has no usable RDMA link (the thread: ib_write_bw cannot run)',
  },
  {
    file: 'topo/sglang-11208-gb200-4gpu-nv18-nics-sys-cut.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/11208',
    expert: 'no-problem',
    why: 'GB200 tray: 4 GPUs all NV18; on Grace the NICs hang off the CPU, so GPU-NIC shows SYS by design (GPUDirect goes over C2C), not a misplaced NIC; cut inside GPU3 row',
  },
  {
    file: 'topo/vllm-16336-b200-gpu2-no-nvlink-headless-cut.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/16336',
    expert: 'problem',
    why: "B200 HGX: GPU2 reaches every other GPU only over NODE/SYS while the other GPUs are NV18 to each other: GPU2's NVLinks are down (header row not in the paste; cut at GPU6)",
  },
  {
    file: 'topo/nccl-1505-dgx-a100-nv12-12nic-pxb-cut.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/1505',
    expert: 'no-problem',
    why: 'DGX A100: 8 GPUs NV12, each GPU pair shares PXB NICs; cut at GPU4 row',
  },
  {
    file: 'topo/sglang-26541-b200-16nic-gpu0-row-only-cut.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/26541',
    expert: 'no-problem',
    why: 'B200: the header and GPU0 row only; GPU0 NV18 to all 7 peers and a PXB NIC; the rest is cut (not shown, not missing)',
  },
  {
    file: 'perftest/perftest-241-a30-use-cuda-server-header-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/241',
    expert: 'not-judged',
    why: 'ib_write_bw --use_cuda server on an A30: CUDA init lines and the header, cut before any result row',
  },
];
