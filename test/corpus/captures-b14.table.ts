import type { Capture } from './captures.table.js';

/**
 * Corpus batch b14 (issue 38): see captures.table.ts for the format; the expert verdict was
 * written before `read` ran, by the sharpened definitions in README.md (a cut that leaves part of
 * the tool's question out of the paste is not-judged, one visible fault is a problem).
 */
export const CAPTURES_b14: Capture[] = [
  {
    file: 'dev-infiniband/k8s-rdma-shared-44-ll-cn-locale-issm-only-cut.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/44',
    expert: 'not-judged',
    why: '`ll /dev/infiniband/` (typed in the prose, not pasted) in a Chinese locale (9月): only issm0-issm7 shown, cut mid-line before rdma_cm, umad and the uverbs nodes verbs needs: whether the node has usable verbs devices is not in the paste',
  },
  {
    file: 'nvlink/k8s-test-infra-371-gb200-18x53-gpu1-elided.txt',
    tool: 'nvlink',
    source: 'https://github.com/NVIDIA/k8s-test-infra/issues/371',
    expert: 'not-judged',
    why: 'GB200: GPU0 has all 18 NVLink 5 links at 53.125 GB/s (healthy); GPU1 is elided by the poster after two links and the other GPUs are not shown: the NVLink state of the rest cannot be judged',
  },
  {
    file: 'nccl-tests/mscclpp-507-nvls-allreduce-small-sizes-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/microsoft/mscclpp/pull/507',
    expert: 'not-judged',
    why: 'an NVLS allreduce (mscclpp) in nccl-tests format with rows from 1 KiB to 64 KiB only, cut mid-row; latency-bound sizes with #wrong 0 and no GPU or link named: bandwidth cannot be judged',
  },
  {
    file: 'nccl-tests/nccl-340-rows-avg-busbw-then-broadcast-header.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/340',
    expert: 'not-judged',
    why: 'headless all_reduce rows 64 KiB-128 MiB on two GPUs of one process (the next command says -g 2), busbw levelling at ~21.5 GB/s, errors 0; no GPU, NVLink or PCIe generation in the paste to hold the figure against',
  },
  {
    file: 'ucx_perftest/ucx-6951-ud-put-bw-mlx4-52mbs-before-fix-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/pull/6951',
    expert: 'problem',
    why: 'ucp_put_bw with 400 KB messages over UD on a ConnectX-3 (mlx4_0): ~52 MB/s, three orders of magnitude under the link and far under the 5 GB/s KV floor (the poster\'s "# before fix" marks the run as broken; either way the measurement shows no usable bandwidth)',
  },
  {
    file: 'perftest/tensorflow-22077-write-bw-rdma-cm-server-mtu1024-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/tensorflow/tensorflow/issues/22077',
    expert: 'not-judged',
    why: 'ib_write_bw -R server over RoCE (Link type Ethernet, GID index 1, MTU 1024, rdma_cm): the client connected and both GIDs are shown, cut before any result row: no bandwidth in the paste',
  },
  {
    file: 'ibstat/sbc-reviews-92-gb10-cx7-roce-2-active-1-disabled-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/geerlingguy/sbc-reviews/issues/92',
    expert: 'not-judged',
    why: 'Dell GB10 (Grace Blackwell desktop) with its ConnectX-7 (MT4129) on RoCE: roceP2p1s0f0 and rocep1s0f0 Active at 200, roceP2p1s0f1 Down/Disabled (a second port without cable: a warning); the fourth CA is cut before its port',
  },
  {
    file: 'fi_info/v6d-2051-efa-env-provider-head-20-three-rdm-domains.txt',
    tool: 'fi_info',
    source: 'https://github.com/v6d-io/v6d/issues/2051',
    expert: 'not-judged',
    why: 'FI_PROVIDER=efa fi_info on a multi-EFA AWS node: the EFA provider with RDM endpoints (FI_PROTO_EFA) on rdmap79s0/80s0/81s0, libfabric 1.21 (version 121.0), healthy as far as shown; `head -n 20` cuts the rest of the EFA devices, so how many the node has is not in the paste',
  },
  {
    file: 'fi_info/v6d-2051-verbs-provider-no-data-61.txt',
    tool: 'fi_info',
    source: 'https://github.com/v6d-io/v6d/issues/2051',
    expert: 'not-judged',
    why: 'FI_PROVIDER=verbs fi_info answers -61 (No data available) on an AWS EFA node: libfabric has no verbs provider there, as expected; the command did not ask for EFA, so the EFA path is not judged either way',
  },
  {
    file: 'nccl-tests/aws-ofi-nccl-64-p4d-info-lines-header-cut-at-first-row.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/aws/aws-ofi-nccl/issues/64',
    expert: 'not-judged',
    why: 'two AWS p4 nodes, 16 ranks: NCCL INFO lines show NET/AWS Libfabric (EFA) across nodes and P2P/IPC inside; the table header is interleaved with INFO lines and the paste is cut at the first row (8 B): no bandwidth shown',
  },
  {
    file: 'rdma-link/ucx-2534-ibdev2netdev-ib0-down-ib1-up-eth-port2-down.txt',
    tool: 'rdma-link',
    source: 'https://github.com/openucx/ucx/issues/2534',
    expert: 'not-judged',
    why: 'ibdev2netdev: of two IB HCAs one IPoIB netdev is Up (ib1) and one Down (ib0), of a dual-port Ethernet NIC port 1 Up and port 2 Down; usable RDMA ports exist, the down ones may be spares: warnings, nothing shown as a fault of a port in use',
  },
  {
    file: 'ibv_devinfo/ucx-2534-cx4-ib-active-cx5-eth-down-mlx5_0-down-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/2534',
    expert: 'not-judged',
    why: 'ConnectX-4 mlx5_1 PORT_ACTIVE on InfiniBand with a LID from an SM; a ConnectX-4 Lx (4117, blank GUID) Ethernet port PORT_DOWN and mlx5_0 PORT_DOWN (whether in use is not shown); cut inside mlx5_0 and mlx5_2 not shown',
  },
];
