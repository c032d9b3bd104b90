import type { Capture } from './captures.table.js';

/**
 * Corpus batch b54 (issue 38): tool outputs committed in repositories the corpus had not used: results and
 * log folders of benchmark and cluster-validation repositories (CSCS Alps GH200 nccl-tests on Slingshot,
 * MOC's H100 perftest logs on bare metal and OpenShift, Crusoe's GB200 validation, Timez-zx's nccl-tests
 * fork with an injected NVLink fault, a B200 DeepEP guide), vendor solution libraries (Nebius SkyPilot),
 * cluster bring-up notes and transcripts (a Talos admin image, an Apptainer/Open MPI guide, a GPU
 * compression project's node description, a perftest isolation suite's show_gids, an NCCL pre-check
 * README's filtered ibstatus, an H100 RoCE SGLang/Slurm bring-up log with ibdev2netdev, topo, show_gids,
 * ibv_devinfo and dmesg) and older results files (an mlx4 UD perftest run). Files are copied byte for
 * byte with `git show <commit>:<path>` (one code block, or the line range the source URL names, where the
 * source is markdown or a transcript). Five more captures, found at the first duplicates check to copy
 * earlier corpus files or a fixture, were removed with their readings before `read` ran. Three more (MOC testbed
 * perftest logs that b52, merged first, also took) were removed at the merge with their readings. See
 * captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b54: Capture[] = [
  // nccl-tests
  {
    file: 'nccl-tests/li-plus-playground-8-a100-one-process-sendrecv-128m-1g-195gbs-no-banner.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/li-plus/playground/blob/b85070fb449ea55858fed14cf69cefe10592261b/cuda/nccl.md',
    expert: 'no-problem',
    why: '`sendrecv_perf -b 128M -e 1G -g 8`, one process driving 8 GPUs of one node (NVLink A100 per the note): the header and every row from 128 MiB to the 1 GiB asked for, #wrong 0, busbw 110.8 then 188.6-195.6 GB/s: one node, healthy; the device banner and summary are not pasted but every row the command asked for is',
  },
  {
    file: 'nccl-tests/crusoe-solutions-gb200-2-trays-8-ranks-ansi-xid-check-all-reduce-1g-32g-843gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/crusoecloud/solutions-library/blob/57e37b8da6da2cd297a40dd0e0d043d2347e4273/create-vms-and-run-nccl-test/nccltest_output.txt',
    expert: 'not-judged',
    why: 'a validation script with ANSI colours: an Xid check printing NVRM load and `kbifCacheVFInfo_GB100` lines (no Xid), two `ssh: Could not resolve hostname slots=1` from the script, then nccl-tests 2.17.6 all_reduce on two GB200 trays (apple-0, apple-1), 8 ranks: 1 GiB to 32 GiB, #wrong 0, OK, concluded, busbw 719-843 GB/s: healthy, but the cross-node figure has no link named to hold it against',
  },
  // perftest
  {
    file: 'perftest/jebtang-rdma-experiment-mlx4-ud-ib-send-bw-a-to-2k-2.9gbs-bracket-prompt.txt',
    tool: 'perftest',
    source:
      'https://github.com/jebtang/RDMA-Experiment/blob/7b91e7c3f815e1c46876123c9090a5cd1bd4cf77/INFINIBAND/results/mellanox_infini_test',
    expert: 'problem',
    why: '`[ibtests]# ib_send_bw -a -c UD -d mlx4_0` to a peer (LIDs 0x02 and 0x0b, MTU 2048): UD stops at the 2 KiB MTU, where the average is 2919.91 MB/s, and 512 B-1 KiB average only 775-804 MB/s against peaks of 1600-2011: the best the run shows is under the 5 GB/s cross-node KV floor',
  },
  {
    file: 'perftest/nebius-solution-library-skypilot-h100-ib-send-bw-65536-361gbps-worker-prefix.txt',
    tool: 'perftest',
    source:
      'https://github.com/nebius/nebius-solution-library/blob/35896c69f316c1731edb7cee29b43cde9a3a6201/skypilot/skypilot-integration.md#L280-L328',
    expert: 'not-judged',
    why: "SkyPilot's launch log on Nebius, each line behind `(worker1, rank=1, pid=…, ip=…)`: ib_send_bw client on mlx5_0, IB, RC, MTU 4096, LIDs on both sides, one 64 KiB row at 361.67 Gb/s average, job SUCCEEDED: far above the KV floor, but the port's rate is not in the paste, so the figure is not held against its link",
  },
  // ibstat
  {
    file: 'ibstat/mesa-mofed-utils-talos-cx4-ib-after-link-type-switch-initializing-lid-65535-sm-0.txt',
    tool: 'ibstat',
    source:
      'https://github.com/jgh-10050/mesa-mofed-utils/blob/1739eb574620c1c7601396ed504e9242fa2f2f93/README.md',
    expert: 'problem',
    why: "`bash-5.1# ibstat` in a Talos admin pod: the node's only CA, mlx5_0 (ConnectX-4 firmware 12.20), port 1 LinkUp at 100 but State Initializing with Base lid 65535 and SM lid 0: no subnet manager has brought it up, so the only InfiniBand port carries no RDMA",
  },
  {
    file: 'ibstat/apptainer-with-ompi-indented-percent-prompt-singularity-mlx4-qdr-rate-40-active.txt',
    tool: 'ibstat',
    source:
      'https://github.com/ckhroulev/apptainer-with-ompi/blob/af444a1253efcdf04c79a33382ca2aca93df75a1/README.md#L142-L160',
    expert: 'no-problem',
    why: 'a markdown block indented four spaces, `% singularity exec base.sif ibstat`: the one CA, mlx4_0 (MT4099, ConnectX-3), its one port Active/LinkUp at rate 40 (QDR) with LID 49 from SM lid 1, InfiniBand: every port shown and healthy for its generation',
  },
  {
    file: 'ibstat/apptainer-with-ompi-indented-singularity-ibstat-ibpanic-mthca0-no-device.txt',
    tool: 'ibstat',
    source:
      'https://github.com/ckhroulev/apptainer-with-ompi/blob/af444a1253efcdf04c79a33382ca2aca93df75a1/README.md#L163-L164',
    expert: 'not-judged',
    why: "indented `% singularity exec base.sif ibstat` answered only by `ibpanic: … stat of IB device 'mthca0' failed: No such file or directory`: ibstat stopped before printing any CA, so no port state is shown",
  },
  // lsmod
  {
    file: 'lsmod/mesa-mofed-utils-talos-mlxconfig-then-lsmod-mlx5-ib-stack-no-peermem.txt',
    tool: 'lsmod',
    source:
      'https://github.com/jgh-10050/mesa-mofed-utils/blob/1739eb574620c1c7601396ed504e9242fa2f2f93/README.md',
    expert: 'not-judged',
    why: "a `mlxconfig q` filter (LINK_TYPE_P1 IB), then a whole `lsmod` in a Talos pod: mlx5_ib, mlx5_core, ib_uverbs, ib_umad, ib_ipoib, rdma_cm and ib_core loaded, ib_core's 8 users listed with no peer-memory module (no nvidia module at all): RDMA stack up, GPUDirect RDMA not available: a warning",
  },
  {
    file: 'ibstat/gpu-compress-decompress-mlx4-fdr-56-active-lid-1-sm-lid-1-no-prompt.txt',
    tool: 'ibstat',
    source:
      'https://github.com/oyanghd/gpu-compress-decompress/blob/e7f0a87571496c2c8774c1185899ccfb05c09c75/docs/project_description_EN.md',
    expert: 'no-problem',
    why: 'a bare ibstat block (no prompt): the one CA, mlx4_0 (MT4099, ConnectX-3), its one port Active/LinkUp at 56 (FDR) with LID 1 and SM lid 1, InfiniBand: the whole output, healthy for its generation',
  },
  // topo
  {
    file: 'topo/gpu-compress-decompress-8-a100-nv12-ten-nics-pxb-pairs-two-pix-tab-separated.txt',
    tool: 'topo',
    source:
      'https://github.com/oyanghd/gpu-compress-decompress/blob/e7f0a87571496c2c8774c1185899ccfb05c09c75/docs/project_description_EN.md',
    expert: 'no-problem',
    why: 'a tab-separated `nvidia-smi topo -m` of 8 A100 (NV12 between every pair) and ten NICs: NIC0-7 (mlx5_0-7) each PXB to one pair of GPUs, NIC8/9 (mlx5_8/9) PIX to each other and SYS to every GPU; legend and NIC legend follow: every GPU has a NIC behind its own PCIe switch, whole and healthy',
  },
  {
    file: 'nccl-tests/timez-zx-nccl-tests-fault-log-2-a100-pcie-p2p-2-channels-28.6gbs-rows-split-by-info.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Timez-zx/nccl-tests/blob/1717236b2058fcd457d25c4ebe8d7dd97f8f8058/nccl-fault.log',
    expert: 'problem',
    why: 'NCCL INFO/ALL debug of all_reduce on one node, two A100 80GB PCIe (one process, -g 2), rows split by interleaved INFO lines: NCCL loads `topo_fail.xml`, which gives the GPU pair NVL[240] one way and NVL[20] the other, builds 1-2 channels via P2P/direct pointer, and busbw holds at 27-28.6 GB/s from 8 MiB to 8 GiB (#wrong 0, OK): an eighth of the NVLink the log names, far below its link',
  },
  {
    file: 'nccl-tests/timez-zx-nccl-tests-log-2-a100-pcie-p2p-24-channels-216gbs-rows-split-by-info.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/Timez-zx/nccl-tests/blob/1717236b2058fcd457d25c4ebe8d7dd97f8f8058/nccl.log',
    expert: 'no-problem',
    why: 'the same node and test without the fault topology: NCCL INFO/ALL debug with rows split by interleaved INFO lines, the two A100 PCIe GPUs joined by NVL[240] both ways, 24 channels via P2P/direct pointer/read, busbw rising from 103.6 to 216.6 GB/s at 8 GiB, #wrong 0, OK, concluded: one node, whole and healthy',
  },
  // show_gids
  {
    file: 'show_gids/host-bench-rdma-bench-tilde-fence-one-roce-port-rdma0-v1-v2-ipv4-n-gids-4.txt',
    tool: 'show_gids',
    source:
      'https://github.com/host-bench/rdma-bench/blob/73d3357f86798ec36ab9b5c26d595a7426631af2/test2-isolation/README.md',
    expert: 'no-problem',
    why: "a `~~~` block, `$ show_gids`: the node's one RoCE port, mlx5_0/1 on netdev rdma0, has link-local v1/v2 GIDs at 0-1 and IPv4 192.168.211.242 as v1 (2) and v2 (3), n_gids_found=4: whole, with a routable RoCE v2 GID",
  },

  {
    file: 'perftest/moc-training-scripts-h100-dmabuf-write-bw-roce-1m-8m-197.9gbps-then-nsys-progress.txt',
    tool: 'perftest',
    source:
      'https://github.com/tssala23/moc-training-scripts/blob/c27c41305621bc6c11300f8552533e3335a759a0/baremetal/perftest/validate/run_gpu_21-05-25-1747821235/perftest_gpu0_clt_ib_write_bw_9000_1_mocr4pcc04u15_mocr4pcc04u16.log',
    expert: 'not-judged',
    why: 'an H100 ib_write_bw client under nsys: the GPU buffer registered through ibv_reg_dmabuf_mr, mlx5_2 over Ethernet (RoCE, GID 3, rdma_cm, MTU 4096), one QP, 1-8 MiB at 197.85-197.87 Gb/s, then CUDA teardown and nsys report progress: GPU memory works and the figure is far above the floor, but no port rate is named to hold it against',
  },

  {
    file: 'nccl-tests/gpu-tpu-pedia-b200-2-nodes-16-ranks-elided-out-of-place-only-684gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/yangwhale/gpu-tpu-pedia/blob/3fa9ce174583eba63032ed504a05793fe8bd520b/gpu/deepep/README.md',
    expert: 'not-judged',
    why: 'an all_reduce pasted by its author across two B200 nodes, 16 ranks with `...` for ranks 2-7 and 10-14 and only the out-of-place columns kept: 8 MiB to 16 GiB rising to 684.5 GB/s busbw, out of bounds 0 OK: healthy, but cross-node with no link rate named',
  },
  {
    file: 'nccl-tests/alps-2025-gh200-1-node-4-ranks-set-x-srun-prefix-all-reduce-339gbs-ok.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/boeschf/nccl-benchmark-on-alps-2025/blob/897cff446b5e814a0a991f94dd52559df8cdf9e0/results/nccl-tests_nccl-2.23.4-1-aws-1.13.0-v0/job-n-00004-N-0001-142995.out',
    expert: 'no-problem',
    why: 'a Slurm job output: `set -x` export traces, srun `0:` prefixes and cpu-bind masks, then all_reduce on one Alps node (nid005446), four GH200 ranks: 8 B to 4 GiB, #wrong 0, OK, busbw rising to 339 GB/s: one node, whole and healthy',
  },
  {
    file: 'nccl-tests/alps-2025-gh200-8-nodes-32-ranks-gdrcopy-off-wrong-2528-at-32m-out-of-bounds-failed.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/boeschf/nccl-benchmark-on-alps-2025/blob/897cff446b5e814a0a991f94dd52559df8cdf9e0/results/FI_HMEM_CUDA_USE_GDRCOPY_0_nccl-tests_nccl-2.23.4-1-aws-1.13.0-v0/job-n-00032-N-0008-146876.out',
    expert: 'problem',
    why: 'all_reduce on eight Alps GH200 nodes, 32 ranks, over the AWS libfabric plugin on Slingshot (FI_HMEM_CUDA_USE_GDRCOPY=0): the 32 MiB row reports #wrong 2528 out-of-place and 1728 in-place and the run ends `Out of bounds values : 2 FAILED`: the collective returned corrupt data',
  },
  {
    file: 'nccl-tests/alps-2025-gh200-4-nodes-16-ranks-cxi-tuned-92gbs-ok-slingshot-counters.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/boeschf/nccl-benchmark-on-alps-2025/blob/897cff446b5e814a0a991f94dd52559df8cdf9e0/results/FI_CXI_DEFAULT_CQ_SIZE_131072_FI_CXI_DEFAULT_TX_SIZE_32768_FI_CXI_SAFE_DEVMEM_COPY_THRESHOLD_16777216_NCCL_WORK_FIFO_DEPTH_4194304_nccl-tests_nccl-2.23.4-1-aws-1.13.0-v0/job-n-00016-N-0004-146888.out',
    expert: 'not-judged',
    why: 'all_reduce on four Alps GH200 nodes, 16 ranks, with tuned CXI queue sizes: 8 B to 4 GiB, #wrong 0, OK, busbw 88-92.5 GB/s from 64 MiB up, then Cray MPICH reports 0 network timeouts and its CXI counters (20 nack_sequence_error): healthy and above the floor, but the cross-node figure has no link rate named',
  },
  // ibstatus
  {
    file: 'ibstatus/nccl-precheck-grep-phys-state-linkup-nine-ndr-ports-one-at-2x-200.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/HsinfangChao/nccl-precheck/blob/d1b00eb2e9c39650031e1a7f4b474c40c5eabd68/README.md',
    expert: 'not-judged',
    why: '`ibstatus | grep -A 1 "phys state:.*LinkUp"`: nine LinkUp ports, eight at 400 Gb/sec (4X NDR) and the fourth at 200 Gb/sec (2X NDR), a port trained at half its width (degraded); the filter drops the device names, logical states and any port not LinkUp, so the rest is not shown',
  },
  // rdma-link
  {
    file: 'rdma-link/slurmv4-h100-roce-ibdev2netdev-conda-prompt-12-ports-two-bond0-two-f1-down.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/devopsrustem/slurmv4/blob/3e72c525e42396bc3352c8f20b886b804516b058/3/7.sh#L518-L530',
    expert: 'not-judged',
    why: '`ibdev2netdev` behind a conda-env prompt on an H100 RoCE host: ten of twelve ports Up (eight on their own ens1xxnp0 netdevs, mlx5_1 and mlx5_7 on bond0), mlx5_2 and mlx5_8 Down on ens12f1np1 and ens20f1np1, the second ports of dual-port cards: Down Ethernet ports beside healthy rails, a warning',
  },
  // topo
  {
    file: 'topo/slurmv4-h100-8-gpus-nv18-12-nics-pix-per-gpu-conda-prompt.txt',
    tool: 'topo',
    source:
      'https://github.com/devopsrustem/slurmv4/blob/3e72c525e42396bc3352c8f20b886b804516b058/3/12.sh#L972-L1018',
    expert: 'no-problem',
    why: '`nvidia-smi topo -m` behind a conda-env prompt: 8 GPUs all NV18 to each other, twelve NICs, each GPU with one NIC at PIX (GPU3 to NIC5, GPU7 to NIC11), NIC3/NIC4 and NIC9/NIC10 PIX pairs of dual-port cards, everything else NODE on one NUMA node; legend and NIC legend whole: healthy',
  },
  // show_gids
  {
    file: 'show_gids/slurmv4-h100-show-gids-mlx5-0-roce-v2-index-3-bracket-prompt.txt',
    tool: 'show_gids',
    source:
      'https://github.com/devopsrustem/slurmv4/blob/3e72c525e42396bc3352c8f20b886b804516b058/3/8.sh#L564-L571',
    expert: 'no-problem',
    why: '`show_gids mlx5_0` behind a bracket prompt: the one device asked for, port 1 on ens108np0, link-local v1/v2 at 0-1 and IPv4 10.99.91.39 as v1 (2) and v2 (3), n_gids_found=4: a routable RoCE v2 GID at index 3',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/slurmv4-h100-ibv-devinfo-d-mlx5-0-cx7-roce-port-active.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/devopsrustem/slurmv4/blob/3e72c525e42396bc3352c8f20b886b804516b058/3/8.sh#L572-L590',
    expert: 'no-problem',
    why: '`ibv_devinfo -d mlx5_0` behind a bracket prompt: the one device asked for, a ConnectX-7 (vendor_part_id 4129, fw 28.43.2026), its port PORT_ACTIVE over Ethernet with active_mtu 4096: healthy',
  },
  // dmesg
  {
    file: 'dmesg/slurmv4-h100-nvswitch3-sxid-22013-non-fatal-link-60-minion-dlreq.txt',
    tool: 'dmesg',
    source:
      'https://github.com/devopsrustem/slurmv4/blob/3e72c525e42396bc3352c8f20b886b804516b058/3/13.sh#L625-L627',
    expert: 'not-judged',
    why: 'three kernel lines from nvidia-nvswitch3: SXid 22013, Non-fatal, Link 60 Minion Link DLREQ interrupt, severity 0 and its data words: a non-fatal NVSwitch link error the fabric survives, a warning; nothing else of the log is shown',
  },
  {
    file: 'dmesg/slurmv4-h100-mlx5-3-bond-slave-link-flapping-cut-first-bracket.txt',
    tool: 'dmesg',
    source:
      'https://github.com/devopsrustem/slurmv4/blob/3e72c525e42396bc3352c8f20b886b804516b058/3/13.sh#L631-L648',
    expert: 'problem',
    why: "kernel lines (the first one's `[` cut off): mlx5_core 0000:53:00.0 enp83s0f0np0 goes Link down, up, down, up, down within 23 s, mlx5_3 `Port: 1 Link DOWN` / `Link ACTIVE` each time, and bond0 disables the slave each time, ending down: a flapping RDMA port in use",
  },
];
