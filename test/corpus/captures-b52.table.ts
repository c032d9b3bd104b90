import type { Capture } from './captures.table.js';

/**
 * Corpus batch b52 (issue 38). See captures.table.ts and README.md. The expert verdict was written before
 * `read` ran on each capture. The batch was to come from Stack Exchange and Q&A mirrors, but the stored
 * `pages` corpus holds almost none of them (one Stack Overflow mirror page, already taken, was all it found),
 * so it took what was new nearby: a disaggregated-serving testbed's committed perftest logs (MOC, H100 with
 * ConnectX-7 RoCE, bare metal and OpenShift), a GPU host's whole lsmod without any RDMA stack, and issue
 * threads of lightly mined projects (nv_peer_memory, k8s-rdma-sriov-dev-plugin, cuda-samples) and
 * UCX threads the corpus had not used. Five more (Spectrum Scale show_gids, gardenlinux and qdrant ulimit, a
 * gdrcopy-thread peermem line) turned out to copy test/fixtures or earlier captures and were dropped before any
 * reading was kept.
 */
export const CAPTURES_b52: Capture[] = [
  // ibv_devinfo
  {
    file: 'ibv_devinfo/ucx-10541-bluefield-2-ibv-devinfo-v-tabs-cut-in-odp-caps-before-port.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/10541',
    expert: 'not-judged',
    why: "tab-indented `ibv_devinfo -v` of a BlueField-2 (vendor_part_id 41686, fw 24.35) mlx5_0: device attributes down to the ODP capabilities, then the stored copy ends before its port block: the port's state is not shown",
  },
  // dmesg
  {
    file: 'dmesg/nv-peer-memory-27-two-lines-ib-umem-get-failed-mlx5-umem-get-failed-bold-tail.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/27',
    expert: 'problem',
    why: 'two kernel lines from a post (the closing `**` of its bold markup glued to the last): ib_umem_get "failed to get user pages" and mlx5_0 mr_umem_get "umem get failed": the NIC could not pin and register the (GPU) buffer, so RDMA on it fails',
  },
  {
    file: 'dmesg/k8s-rdma-sriov-dev-plugin-19-grep-mlx-one-line-mlx4-no-sriov-via-sysfs-no-stamp.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/k8s-rdma-sriov-dev-plugin/issues/19',
    expert: 'not-judged',
    why: 'the one line `dmesg | grep -i mlx` kept, without its timestamp: ConnectX-3 mlx4_core "Driver doesn\'t support SRIOV configuration via sysfs": VFs for pods cannot be created that way (a warning for an SR-IOV setup), but no device error, and the rest of the log is filtered away',
  },
  {
    file: 'dmesg/cuda-samples-48-syslog-amd-vi-io-page-fault-nvidia-gpu-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/cuda-samples/issues/48',
    expert: 'problem',
    why: "syslog-form kernel lines (`Sep 21 \u2026 runtime kernel:`): the AMD IOMMU logs IO_PAGE_FAULT after IO_PAGE_FAULT for the NVIDIA GPU at 0000:07:00.0 while the P2P samples run: the GPU's DMA is being blocked by the IOMMU, so peer and RDMA transfers to it fail; cut mid-line",
  },
  // lsmod
  {
    file: 'lsmod/gemmaevolve-whole-lsmod-nouveau-no-nvidia-no-rdma-stack.txt',
    tool: 'lsmod',
    source:
      'https://github.com/JoePlayer911/GemmaEvolve/blob/f603ff7af564b24c15caa62ab9254c3bbfe67b3f/lsmod.txt',
    expert: 'problem',
    why: 'a whole `lsmod` of a GPU host: the GPU is driven by nouveau (no nvidia module), and there is no RDMA stack at all (no ib_core, no NIC RDMA driver, only igb): no GPU memory can be pinned and nothing can carry KV over RDMA',
  },
  // memlock
  {
    file: 'memlock/nv-peer-memory-27-root-prompt-ulimit-l-unlimited-then-log-num-mtt.txt',
    tool: 'memlock',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/27',
    expert: 'no-problem',
    why: "at a root prompt `ulimit -l` prints unlimited (then a `cat` of mlx4_core's log_num_mtt, 24, another setting): locked memory is not capped",
  },
  // ucx_info
  {
    file: 'ucx_info/ucx-4684-backtick-glued-ucx-info-d-self-and-tcp-eno1-cut-before-ib.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/4684',
    expert: 'not-judged',
    why: '`ucx_info -d` behind a stray backtick: the self and tcp (eno1, 113 MB/s) memory domains, then the stored copy ends at `iface address:`, before any InfiniBand (mlx4_0) or CUDA memory domain: whether UCX offers an RDMA transport is not shown',
  },
  {
    file: 'ucx_info/ucx-pr-4000-jenkins-hhmmss-ucx-info-d-sockcm-then-mlx5-1-no-supported-devices-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/pull/4000',
    expert: 'not-judged',
    why: 'a CI log with `HH:MM:SS ` stamps inside `ucx_info -d`: sockcm on eth0 and ib0, then memory domain mlx5_1 with "< no supported devices found >" (its port offers UCX no transport, a warning), then mlx5_0 cut at its remote key, before any transport: RDMA transports are not shown',
  },
  // perftest
  {
    file: 'perftest/moc-training-bm-gpu-clt-write-bw-16qp-unexpected-cm-event-unable-to-init-socket.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/baremetal/perftest/logs/run_gpu_19-05-25-1747678141/perftest_gpu_clt_ib_write_bw_9000_16_mocr4pcc04u16_mocr4pcc04u15_0_3.log',
    expert: 'problem',
    why: 'a GPU-buffer ib_write_bw client log (16 QPs, RoCE rdma_cm) that holds only "Unexpected CM event bl blka 8", "Unable to perform rdma_client function", "Unable to init the socket connection" and the CUDA inline note: the client never connected, no transfer',
  },
  {
    file: 'perftest/moc-training-ocp-gpu-clt-write-bw-1qp-dmabuf-h100-same-gid-both-ends-67gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/openshift/perftest/logs/run_gpu_20-05-25-1747774274/perftest_gpu_clt_ib_write_bw_9000_1_mocr4pcc02u31_mocr4pcc02u32_3_3.log',
    expert: 'not-judged',
    why: 'OpenShift pods, `ib_write_bw -a` from H100 GPU 3 memory (DMA-BUF) on RoCE mlx5_2, one QP: the sweep plateaus at about 67 Gb/s (8.4 GB/s) from 64 KiB to 8 MiB without a fall; the local and remote GIDs are the same address (192.168.03.225), and no link rate is named, so the figure cannot be held against a link',
  },
  {
    file: 'perftest/moc-training-bm-cpu-clt-write-bw-16qp-sweep-to-230gbps-roce.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/baremetal/perftest/logs/run_cpu_19-05-25-1747678141/perftest_cpu_clt_ib_write_bw_9000_16_mocr4pcc04u15_mocr4pcc04u16.log',
    expert: 'not-judged',
    why: 'bare-metal `ib_write_bw -a` client, host memory, 16 QPs over RoCE (mlx5_2, GID index 3, rdma_cm, TOS 41): 2 B to 8 MiB rising to 230.9 Gb/s and holding: well above the KV floor, but the log names no link rate, so the figure cannot be held against its link',
  },
  {
    file: 'perftest/moc-training-bm-cpu-srv-write-bw-1qp-one-8m-row-226gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/baremetal/perftest/logs/run_cpu_19-05-25-1747678141/perftest_cpu_srv_ib_write_bw_9000_1_mocr4pcc04u15_mocr4pcc04u16.log',
    expert: 'not-judged',
    why: "the server side of that `ib_write_bw -a` pair, one QP: waiting for its client, the banner, one address pair and the server's single 8 MiB row at 226.24 Gb/s: no failure, no smaller sizes and no link rate to hold the figure against",
  },
  {
    file: 'perftest/moc-training-bm-gpu-srv-read-bw-16qp-dmabuf-one-8m-row-168gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/baremetal/perftest/logs/run_gpu_19-05-25-1747678141/perftest_gpu_srv_ib_read_bw_9000_16_mocr4pcc04u15_mocr4pcc04u16_0_0.log',
    expert: 'not-judged',
    why: 'server of a GPU-memory `ib_read_bw` (H100 GPU 0, 256 MiB DMA-BUF registered) with 16 QPs on RoCE mlx5_2: one 8 MiB row at 168.85 Gb/s; nothing fails, but no link rate is named and the server shows only its last size',
  },
  {
    file: 'perftest/moc-training-ocp-oct8-read-bw-cuda-gpu3-8qp-plateau-105gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/openshift/perftest/logs_oct_8_2025/unmodified/ib_read_bw_1cuda_0affinity_client_00000.log',
    expert: 'not-judged',
    why: 'OpenShift, `ib_read_bw -a` with 8 QPs into H100 GPU 3 memory (DMA-BUF) on RoCE mlx5_2: the sweep plateaus at about 105 Gb/s (13 GB/s) from 128 KiB up, steady; above the KV floor, but the paste names no link rate (the same pair reaches 229 Gb/s from host memory in a sibling log, outside this paste)',
  },
  {
    file: 'perftest/moc-training-ocp-oct8-read-bw-cuda-affinity-8qp-203gbps-then-170-at-8m.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/openshift/perftest/logs_oct_8_2025/unmodified/ib_read_bw_1cuda_1affinity_client_00000.log',
    expert: 'not-judged',
    why: 'the same test from H100 GPU 1: 203 Gb/s from 16 KiB to 2 MiB, then 199.76 at 4 MiB and 169.85 at 8 MiB, a dip of under a fifth, not a collapse; no link rate named, so the figure cannot be held against its link',
  },
  {
    file: 'perftest/moc-training-ocp-oct8-read-lat-client-2b-to-8m-latency-only.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/openshift/perftest/logs_oct_8_2025/unmodified/ib_read_lat_0cuda_client_00000.log',
    expert: 'not-judged',
    why: '`ib_read_lat` client on RoCE mlx5_2, 2 B to 8 MiB: 5.45 us typical for small reads rising to 308 us at 8 MiB, with 2 ms maxima at 512 KiB and 1 MiB; a latency test, no bandwidth or link rate to judge a KV transfer by',
  },
  {
    file: 'perftest/moc-training-ocp-oct8-read-lat-server-side-no-rows.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/openshift/perftest/logs_oct_8_2025/unmodified/ib_read_lat_0cuda_host_00000.log',
    expert: 'not-judged',
    why: 'the server side of that `ib_read_lat`: waiting for its client, the banner and one address pair, then the separator: the latency server prints no result rows, so nothing measured is shown',
  },
  {
    file: 'perftest/moc-training-ocp-oct8-write-bw-cuda-server-inline-note-one-8m-row-105gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/openshift/perftest/logs_oct_8_2025/unmodified/ib_weite_bw_1cuda_0affinity_host_00000.log',
    expert: 'not-judged',
    why: 'server of a GPU-memory `ib_write_bw` (H100 GPU 3, DMA-BUF, 8 QPs, RoCE mlx5_2), the inline-size note first: one 8 MiB row at 105.03 Gb/s; no failure, only the last size and no link rate',
  },
  // second round (readings committed before read ran on these two)
  {
    file: 'ucx_info/ucx-9306-ucx-info-d-excerpt-from-mid-output-rc-mlx5-mlx5-0-cut-both-ends.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/9306',
    expert: 'not-judged',
    why: "an excerpt of `ucx_info -d` as the stored copy holds it: it begins inside another transport's capability rows and ends mid-row in rc_mlx5's atomics; rc_mlx5 on mlx5_0:1 (45.7 GB/s per process) is offered, but no memory domain header, no self domain and no CUDA transport are in the part shown, so whether UCX can move GPU memory is not shown",
  },
  {
    file: 'perftest/moc-training-bm-gpu-clt-read-bw-1qp-h100-gpu3-dip-at-32k-then-84gbps.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/baremetal/perftest/logs/run_gpu_19-05-25-1747678141/perftest_gpu_clt_ib_read_bw_9000_1_mocr4pcc04u16_mocr4pcc04u15_0_3.log',
    expert: 'not-judged',
    why: 'bare-metal `ib_read_bw -a`, one QP, into H100 GPU 3 memory (DMA-BUF) over RoCE mlx5_2: 42 Gb/s from 2 KiB to 16 KiB, a dip to 19 Gb/s average at 32 KiB, then up to 83.9 Gb/s (10.5 GB/s) at 8 MiB: above the KV floor and no fall at the large sizes, but no link rate is named to hold the figure against',
  },
];
