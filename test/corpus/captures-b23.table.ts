import type { Capture } from './captures.table.js';

/** Corpus batch b23 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b23: Capture[] = [
  {
    file: 'nixlbench/nixl-1320-config-banner-cut-before-results-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/1320',
    expert: 'not-judged',
    why: 'only the NIXLBench configuration banner up to the ETCD endpoint line; cut before the configuration ends and before any result row, so no bandwidth is shown',
  },
  {
    file: 'memlock/gardenlinux-170-containerd-64mib.txt',
    tool: 'memlock',
    source: 'https://github.com/gardenlinux/gardenlinux/pull/170',
    expert: 'problem',
    why: 'the locked-memory limit is 65536 KiB (64 MiB): far too small to register KV buffers of gigabytes for RDMA',
  },
  {
    file: 'memlock/linux-riscv-dev-rdmabox-ulimit-a-unlimited-two-lines.txt',
    tool: 'memlock',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/rdmaBox-busy-poll/README.md',
    expert: 'no-problem',
    why: 'two ulimit -a lines after a reboot: max locked memory unlimited, so registration is not capped',
  },
  {
    file: 'dmesg/amzn-drivers-308-efa-probe-warn-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/amzn/amzn-drivers/issues/308',
    expert: 'problem',
    why: 'EFA v2.6.0g probe: right after the management IRQ is set up the kernel prints a "[ cut here ]" warning from the probe; the EFA device does not come up (cut inside the trace)',
  },
  {
    file: 'dmesg/gdrcopy-15-gdrdrv-mmap-kernel-bug-elided-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/15',
    expert: 'problem',
    why: 'gdrdrv pins a GPU page and then hits "kernel BUG at mm/memory.c" with an invalid opcode inside gdrdrv_mmap: mapping GPU memory crashes the kernel',
  },
  {
    file: 'dmesg/jishuzhan-1911252493641777153-mlx5-cable-plugged-link-up.txt',
    tool: 'dmesg',
    source: 'https://jishuzhan.net/article/1911252493641777153',
    expert: 'no-problem',
    why: 'mlx5_core reports both modules plugged and both ports (enp1s0f0, enp1s0f1) Link up and ready; no error line',
  },
  {
    file: 'gdrcopy/gdrcopy-251-sanity-gdr-open-error-every-test-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/251',
    expert: 'problem',
    why: 'every sanity test fails with "gdr_open error: Is gdrdrv driver installed and loaded?": GPU memory cannot be mapped through gdrdrv; cut mid-suite',
  },
  {
    file: 'nvlink/llm-action-h800-8gpu-8-links-gpus-2-6-elided.txt',
    tool: 'nvlink',
    source:
      'https://github.com/liguodongiot/llm-action/blob/923449432b6bd00674efd5965fdb70365a88ce5e/docs/llm-base/nvidia-smi.md',
    expert: 'not-judged',
    why: 'H800: GPUs 0, 1 and 7 show 8 links at 26.562 GB/s each, healthy; the author\'s "..." elides GPUs 2 to 6, so their links are not shown',
  },
  {
    file: 'nvlink/felixfu520-dgx1-v100-6-links-snip.txt',
    tool: 'nvlink',
    source:
      'https://github.com/FelixFu520/README/blob/60b6fe05269f348e537be1cbd9afb44b114bd6a2/envs/gpus/nvidia_smi.md',
    expert: 'not-judged',
    why: 'DGX-1 V100: GPU 0 and GPU 7 show six links at 25.781 GB/s; "[snip]" leaves out GPUs 1 to 6',
  },
  {
    file: 'perftest/felixfu520-ib-md-cx3-mlx4-write-bw-server-client-4.5gbs.txt',
    tool: 'perftest',
    source:
      'https://github.com/FelixFu520/README/blob/60b6fe05269f348e537be1cbd9afb44b114bd6a2/envs/parallel_computing/ib.md',
    expert: 'problem',
    why: 'ConnectX-3 (mlx4_0, IB) ib_write_bw at 64 KiB: 4508.79 MB/s on both sides, below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'perftest/linux-riscv-dev-bench-write-bw-8qp-roce-rows-to-512b.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/bench/README.md',
    expert: 'not-judged',
    why: 'ib_write_bw -a with 8 QPs over RoCE (mlx5_1, GID 3): the rows stop at 512 B (19.15 Gb/s), so large-message bandwidth is not shown',
  },
  {
    file: 'perftest/linux-riscv-dev-dc-reuse-write-bw-dc-server-8mb-97.6gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/dc/dc-reuse/README.md',
    expert: 'not-judged',
    why: 'ib_write_bw server with DC transport: 97.56 Gb/s at 8 MiB; the link rate is not stated, so the figure cannot be held against it (far above the KV floor)',
  },
  {
    file: 'perftest/linux-riscv-dev-dc-reuse-write-dc-bw-client-all-sizes.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/dc/dc-reuse/README.md',
    expert: 'not-judged',
    why: 'ib_write_dc_bw client over RoCE, all sizes: plateaus at 97.56 Gb/s from 1 MiB up; no link rate stated, so it cannot be held against the link',
  },
  {
    file: 'perftest/linux-riscv-dev-perf-send-bw-a-mlx5-1-client-centos6.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/perf.md',
    expert: 'problem',
    why: 'ib_send_bw -a over Ethernet (RoCE, MTU 1024) on mlx5_1: plateaus at about 1100 MB/s at 1 to 8 MiB, far below the 5 GB/s KV floor',
  },
  {
    file: 'perftest/linux-riscv-dev-perf-send-bw-a-mlx5-2-server-centos7.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/perf.md',
    expert: 'not-judged',
    why: 'ib_send_bw -a server on mlx5_2 (IB, MTU 4096): about 23.4 GB/s at 8 MiB; healthy-looking but the link rate is not stated',
  },
  {
    file: 'perftest/linux-riscv-dev-perf-send-bw-rc-4096qp-1kb-only.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/perf.md',
    expert: 'not-judged',
    why: 'only the result rows of ib_send_bw with 4096 RC QPs at a single 1 KiB size (956.64 MB/s); header cut, no large messages and no link rate',
  },
  {
    file: 'perftest/linux-riscv-dev-uc-reuse-write-bw-uc-2qp-8mb-98gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/uc/uc_reuse/README.md',
    expert: 'not-judged',
    why: 'ib_write_bw with UC transport, 2 QPs over RoCE: 98.03 Gb/s at 8 MiB; the link rate is not stated',
  },
  {
    file: 'perftest/linux-riscv-dev-utrace-write-bw-5-iters-5133b.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/bench/utrace/README.md',
    expert: 'not-judged',
    why: 'ib_write_bw over RoCE with one 5133-byte size and 5 iterations: 1375.93 MB/s average, a figure that cannot be held against any link',
  },
  {
    file: 'perftest/perftest-105-efa-ud-send-lat-server-unable-to-create-qp.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/105',
    expert: 'problem',
    why: 'perftest on an AWS EFA device: "Unable to create QP ... Couldn\'t create IB resources", the test aborts',
  },
  {
    file: 'perftest/perftest-139-irdma-e810-write-lat-unable-to-create-qp.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/139',
    expert: 'problem',
    why: 'ib_write_lat on Intel E810 (irdma0): QP creation fails and the test aborts before any result',
  },
  {
    file: 'perftest/perftest-54-cxgb4-write-bw-1026-qps-rdma-cm-rejected.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/54',
    expert: 'problem',
    why: 'ib_write_bw -R with 1026 QPs on Chelsio cxgb4: RDMA_CM_EVENT_REJECTED, the connection fails and no result exists',
  },
  {
    file: 'perftest/qingcloud-docs-ib-delay-ehpc-vm-write-lat-1.85us.txt',
    tool: 'perftest',
    source:
      'https://github.com/yunify/qingcloud-docs/blob/ad17b72beb7f6bd698a026f255d68c50b8c0d1ce/content/compute/hpc/IB_delay/ib_delay.md',
    expert: 'no-problem',
    why: 'ib_write_lat between two VMs with --output=latency: 1.846569 us, a normal RDMA write latency; the test completed',
  },
  {
    file: 'perftest/qingcloud-docs-ib-delay-mds-physical-write-lat-2.40us.txt',
    tool: 'perftest',
    source:
      'https://github.com/yunify/qingcloud-docs/blob/ad17b72beb7f6bd698a026f255d68c50b8c0d1ce/content/compute/hpc/IB_delay/ib_delay.md',
    expert: 'no-problem',
    why: 'ib_write_lat between two physical hosts with --output=latency: 2.404708 us; the test completed',
  },
  {
    file: 'perftest/ucx-8851-ib-read-bw-mlx5-1-small-sizes-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/openucx/ucx/issues/8851',
    expert: 'not-judged',
    why: 'ib_read_bw -a over IB: cut after the 16-byte row; only tiny-message rows are shown',
  },
  {
    file: 'show_gids/linux-riscv-dev-ibdump-6-devs-ib-port-no-netdev.txt',
    tool: 'show_gids',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/ibdump.md',
    expert: 'not-judged',
    why: 'mlx5_1 to mlx5_3 have RoCEv2 IPv4 GIDs at index 3, but mlx5_0 and mlx5_4 have only link-local GIDs and mlx5_5 has one v1 GID with no netdev: some ports carry no routable RoCEv2 address',
  },
  {
    file: 'show_gids/linux-riscv-dev-mlnx-qos-centos-8-devs-4-link-local-only.txt',
    tool: 'show_gids',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/mlnx_qos.md',
    expert: 'not-judged',
    why: 'mlx5_2 and mlx5_3 have RoCEv2 IPv4 GIDs at index 3; mlx5_0, mlx5_1, mlx5_4, mlx5_6 and mlx5_7 have only link-local GIDs and mlx5_5 one v1 GID without netdev',
  },
  {
    file: 'show_gids/linux-riscv-dev-ud-mlx5-0-link-local-only-mlx5-1-three-ipv4-crlf.txt',
    tool: 'show_gids',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/ud/README.md',
    expert: 'not-judged',
    why: 'CRLF paste: mlx5_1 has RoCEv2 IPv4 GIDs at 3, 5 and 7; mlx5_0 has only its link-local pair, no routable RoCEv2 address',
  },
  {
    file: 'ucx_info/nixl-1195-h100-ucx-1.20-configure-line-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/ai-dynamo/nixl/issues/1195',
    expert: 'not-judged',
    why: 'ucx_info -v: UCX 1.20.0 built with rdmacm, verbs and mlx5; the configure line is cut before any --with-cuda, so CUDA support is not shown',
  },
  {
    file: 'ucx_perftest/linux-riscv-dev-ucx-readme-tag-bw-host-rc-11.7gbs-no-cuda-copy.txt',
    tool: 'ucx_perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/ucx/README.md',
    expert: 'problem',
    why: 'tag_bw over rc on mlx5_1 reaches 11683 MB/s with host memory, but UCX warns "transport \'cuda_copy\' is not available": this UCX has no CUDA transport, so GPU-resident KV cannot be sent with it',
  },
  {
    file: 'ucx_perftest/ucx-10743-a100-k8s-rc-cuda-ipc-debug-server-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/10743',
    expert: 'not-judged',
    why: 'server side with UCX debug logging: connection accepted, cut at the first table border before any result row',
  },
  {
    file: 'perftest/linux-riscv-dev-perf-send-bw-a-mlx5-2-client-centos6-ib.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/perf.md',
    expert: 'not-judged',
    why: 'ib_send_bw -a client on mlx5_2 (IB, MTU 4096): about 23.4 GB/s at 8 MiB; healthy-looking but the link rate is not stated',
  },
  {
    file: 'perftest/linux-riscv-dev-perf-send-bw-a-mlx5-1-server-centos7-roce-1.1gbs.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/perf.md',
    expert: 'problem',
    why: 'ib_send_bw -a server on mlx5_1 over Ethernet (RoCE): plateaus at 1101.79 MB/s at 8 MiB, far below the 5 GB/s KV floor',
  },
  {
    file: 'perftest/linux-riscv-dev-perf-send-bw-1kb-5-iters-server-and-client.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/perf.md',
    expert: 'not-judged',
    why: 'ib_send_bw with a single 1 KiB size and 5 iterations: 437.92 MB/s, a figure that cannot be held against any link',
  },
  {
    file: 'perftest/linux-riscv-dev-bench-send-bw-bidir-8qp-rows-to-16kb.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/bench/README.md',
    expert: 'not-judged',
    why: 'bidirectional ib_send_bw with 8 QPs over RoCE: the rows stop at 16 KiB (194.33 Gb/s); larger messages and the link rate are not shown',
  },
  {
    file: 'perftest/linux-riscv-dev-uc-reuse-write-dc-bw-uc-client-all-sizes.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/uc/uc_reuse/README.md',
    expert: 'not-judged',
    why: 'ib_write_dc_bw client with UC transport over RoCE, all sizes: plateaus at 98.03 Gb/s; no link rate stated',
  },
  {
    file: 'perftest/linux-riscv-dev-dc-reuse-write-bw-dc-server-gid5-8mb.txt',
    tool: 'perftest',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/dc/dc-reuse/README.md',
    expert: 'not-judged',
    why: 'ib_write_bw server with DC transport on GID index 5: 97.56 Gb/s at 8 MiB; no link rate stated',
  },
  {
    file: 'perftest/felixfu520-ib-md-cx3-mlx4-write-lat-server-client-0.98us.txt',
    tool: 'perftest',
    source:
      'https://github.com/FelixFu520/README/blob/60b6fe05269f348e537be1cbd9afb44b114bd6a2/envs/parallel_computing/ib.md',
    expert: 'no-problem',
    why: 'ib_write_lat between two ConnectX-3 (mlx4_0, IB) nodes, server and client: 2-byte writes complete with 0.98 us typical latency; the test ran to the end',
  },
];
