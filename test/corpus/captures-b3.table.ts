import type { Capture } from './captures.table.js';

/** Corpus batch b3 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b3: Capture[] = [
  {
    file: 'show_gids/mooncake-1617-mi355-roce-ipv6-ula-v2-typo-prompt-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/kvcache-ai/Mooncake/issues/1617',
    expert: 'no-problem',
    why: 'AMD MI355 host, RoCE rails rocepNs0: each shows a RoCE v2 GID with a routable (ULA fd93::/16) IPv6 address besides link-local; no IPv4 GIDs, which RoCE v2 does not need; the prompt typed `show_gid`; cut mid-row',
  },
  {
    file: 'ibv_devinfo/k8s-rdma-shared-164-port-block-only-25g-markdown-gid.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/164',
    expert: 'no-problem',
    why: 'an ibv_devinfo -v port block without its hca_id header: PORT_ACTIVE, LINK_UP, Ethernet 1X 25 Gbps, MTU 4096, RoCE GIDs 14/15 (one line bolded with ** by the poster)',
  },
  {
    file: 'rdma-link/3fs-283-cx6dx-2-ports-active-trailing-space.txt',
    tool: 'rdma-link',
    source: 'https://github.com/deepseek-ai/3FS/pull/283',
    expert: 'no-problem',
    why: 'rdma link show: both CX-6 Dx ports ACTIVE/LINK_UP with their netdevs',
  },
  {
    file: 'rdma-link/3fs-263-rxe-soft-roce-only.txt',
    tool: 'rdma-link',
    source: 'https://github.com/deepseek-ai/3FS/issues/263',
    expert: 'problem',
    why: 'the only RDMA device is rxe_0, Soft-RoCE (software RDMA over a VirtualBox NIC): no GPUDirect, CPU-bound; not a fabric for KV transfer',
  },
  {
    file: 'rdma-link/rccl-1423-ib-down-polling.txt',
    tool: 'rdma-link',
    source: 'https://github.com/ROCm/rccl/issues/1423',
    expert: 'problem',
    why: "IB port mlx5_7/1 DOWN with physical state POLLING: no link (cable, peer or switch port); the thread's hang",
  },
  {
    file: 'rdma-link/rccl-1423-ib-down-linkup.txt',
    tool: 'rdma-link',
    source: 'https://github.com/ROCm/rccl/issues/1423',
    expert: 'problem',
    why: 'IB port mlx5_7/1 logically DOWN while physically LINK_UP: trained but not activated, unusable for traffic in that state (the thread shows it flapping)',
  },
  {
    file: 'rdma-link/rccl-1423-ib-active-after-flap.txt',
    tool: 'rdma-link',
    source: 'https://github.com/ROCm/rccl/issues/1423',
    expert: 'no-problem',
    why: 'the same port later ACTIVE/LINK_UP with an SM lid: this snapshot shows no problem (the flapping is only visible across snapshots)',
  },
  {
    file: 'ibstatus/nccl-1866-roce-100g-2-active-cut.txt',
    tool: 'ibstatus',
    source: 'https://github.com/NVIDIA/nccl/issues/1866',
    expert: 'no-problem',
    why: 'ibstatus: mlx5_0 and mlx5_1 ACTIVE/LinkUp at 100 Gb/s on Ethernet (RoCE); the third device is cut after its name',
  },
  {
    file: 'dmesg/nv-peer-memory-39-elided-then-symbol-version-err22.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/39',
    expert: 'problem',
    why: "nv_peer_mem built against another ib_core (disagrees about version, err -22): the module cannot load, GPUDirect RDMA is off; the author's `...` elision is not data",
  },
  {
    file: 'nixlbench/nixl-2276-gcp-tcpxo-read-small-blocks-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/2276',
    expert: 'not-judged',
    why: 'GCP A3-Mega GPUDirect-TCPXO plugin, READ: rows only for 4-32 KiB blocks (latency-bound), cut; the bandwidth rows (23 GB/s at 64 MiB per the text) are not in the paste',
  },
  {
    file: 'nixlbench/nixl-115-legacy-mpirun-single-node-nvlink-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/115',
    expert: 'no-problem',
    why: 'legacy nixlbench format, one node, 2 GPUs, VRAM, batch 64: 84 GB/s at 256 KiB and still climbing (NVLink-class), cut at 512 KiB',
  },
  {
    file: 'ucx_perftest/ucx-9971-server-rc-2dev-header-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/9971',
    expert: 'not-judged',
    why: 'server side accepted a connection (UCX_TLS=rc over mlx5_0 and mlx5_2), header box cut before any result row; the CPU-affinity warning is advisory',
  },
];
