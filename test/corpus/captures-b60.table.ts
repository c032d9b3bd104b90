import type { Capture } from './captures.table.js';

/**
 * Corpus batch b60 (issue 38): vendor knowledge bases and solution guides (Huawei Kunpeng HyperMPI guide), a
 * provider's committed benchmark outputs (Together AI's together-nccl-tests, H100 nodes) and a gist not taken
 * before. Most of the family the brief named (Broadcom, Intel irdma, Dell/HPE/Lenovo/Supermicro papers, Launchpad,
 * ArchWiki, discussions) held no tool output the stored copies reach, or only pages earlier batches took. The
 * expert reading of each capture was written before `read` ran on it; the sixth (a setup script's commented
 * `ibv_devinfo`) was added after the first run, its reading committed before `read` ran on it. See README.md.
 */
const TOGETHER = 'https://github.com/togethercomputer/together-nccl-tests/blob';

export const CAPTURES_b60: Capture[] = [
  // nccl-tests
  {
    file: 'nccl-tests/together-nccl-tests-h100-1node-8gpu-all-reduce-ring-8b-to-8g-368gbs.txt',
    tool: 'nccl-tests',
    source: `${TOGETHER}/6698e53c1dc519f8ab54f72193630849f5abf178/benchmarks/H100/results/20260305_220043/all_reduce_ring.out`,
    expert: 'no-problem',
    why: 'nccl-tests 2.17.9 `all_reduce_perf` with one process driving the 8 H100s of one node, 8 B to 8 GiB: every row #wrong 0, busbw rising to 368 GB/s at 8 GiB (NVLink class), `Out of bounds values : 0 OK`, the summary and the closing lines; whole and healthy',
  },
  {
    file: 'nccl-tests/together-nccl-tests-h100-slurm-2-hosts-two-independent-8-rank-runs-interleaved.txt',
    tool: 'nccl-tests',
    source: `${TOGETHER}/c9a53f3236546ae50e3014c9d4627c9189845465/benchmarks/H100/results/20260306_001221_slurm/all_reduce_ring.out`,
    expert: 'not-judged',
    why: 'a Slurm run on two hosts whose output holds two complete, interleaved nccl-tests runs: each host lists its own Rank 0-7 (-g 8), every header, row and summary appears twice; each run is healthy (#wrong 0, 368 GB/s busbw at 8 GiB, 0 OK) but they are independent single-node runs, so the inter-node path the two-host job meant to test was never exercised',
  },
  {
    file: 'nccl-tests/together-nccl-tests-h100-1node-8gpu-all-gather-named-sharp-collnet-zero-byte-rows.txt',
    tool: 'nccl-tests',
    source: `${TOGETHER}/6698e53c1dc519f8ab54f72193630849f5abf178/benchmarks/H100/results/20260305_220043/all_gather_sharp_collnet.out`,
    expert: 'no-problem',
    why: '`all_gather_perf` on the 8 H100s of one node (file named for SHARP/CollNet, which one node does not use): the first four rows are 0-byte sizes (below 8 ranks x 4 B) at 0.00, then 128 B to 8 GiB with #wrong 0 and busbw up to 358 GB/s, `0 OK`, summary and closing lines; whole and healthy',
  },
  {
    file: 'nccl-tests/gist-cswinter-2-node-v100-1g-trace-net-ib-no-device-sockets-cut-before-rows.txt',
    tool: 'nccl-tests',
    source: 'https://gist.github.com/cswinter/6193721676f6a7903cca74ad660db975',
    expert: 'problem',
    why: 'a gist (table pipes kept): mpirun of `all_reduce_perf -b 1G -e 1G` across two VMs with one V100 each and NCCL_DEBUG=TRACE; both ranks log `NET/IB : No device found.` and `NET/Socket : Using [0]ens12`, so the cross-node path is TCP sockets with no RDMA at all; the copy ends before any result row',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/dibaotian-docker-install-sh-commented-xib-0-vendor-0x0000-port-active-ethernet-mtu-1024-irdma-warning.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/dibaotian/nccl-tests-platform-setup/blob/8059471a6670e2d737c5b46bed266fa95e5e6c6d/docker_install.sh#L50-L72',
    expert: 'no-problem',
    why: "a setup script keeps `ibv_devinfo`'s output as `# ` comments (container after copying a locally built rdma-core in): libibverbs warns it cannot load the irdma provider (no irdma device is listed), the XIB provider prints its version and doorbell mapping, then the one device xib_0 (a vendor RoCE NIC, fw 2.0.002, vendor_id 0x0000) has port 1 PORT_ACTIVE on Ethernet, active_mtu 1024 of 4096; the only device and port are up",
  },
  // ucx_info
  {
    file: 'ucx_info/hikunpeng-hypermpi-ucx-info-d-ud-verbs-mlx5-0-1-only-block-shown.txt',
    tool: 'ucx_info',
    source: 'https://www.hikunpeng.com/document/detail/en/kunpenghpcs/hypermpi/userg_huaweimpi_0031.html',
    expert: 'not-judged',
    why: 'Huawei\'s Kunpeng HyperMPI guide shows output "similar to" `ucx_info -d`: one transport block, ud_verbs on mlx5_0:1 with its capabilities (10957.84 MB/s, peer-failure error handling); no memory-domain headers, no rc/dc transport and no CUDA transport are shown, so whether GPU memory can be sent zero-copy is not in the paste',
  },
];
