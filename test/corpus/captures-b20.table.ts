import type { Capture } from './captures.table.js';

/**
 * Corpus batch b20 (issue 38): nvlink, ibstatus, nixlbench, ucx_perftest, gdrcopy, memlock, lsmod,
 * dev-infiniband and ucx_info captures; see captures.table.ts and README.md. The expert verdict was
 * written before `read` ran on any of them (the git history shows this table committed first).
 */
export const CAPTURES_b20: Capture[] = [
  {
    file: 'dev-infiniband/k8s-rdma-shared-169-k9s-pane-borders-rdma-cm-umad-cut.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/169',
    expert: 'not-judged',
    why: "a pod's `ls -l /dev/infiniband` copied from a TUI pane with │ borders: rdma_cm (rw for all) and umad0/umad1 are shown, the paste is cut before any uverbs node, so whether the pod can open a verbs device is not shown",
  },
  {
    file: 'dev-infiniband/ucx-py-install-doc-ll-rdma-cm-4-uverbs-rst-indented.txt',
    tool: 'dev-infiniband',
    source:
      'https://github.com/rapidsai/ucx-py/blob/6afb101f453e4ace6fdc54f9fd06194c76593bff/docs/source/install.rst#L27-L32',
    expert: 'no-problem',
    why: "ls -l of rdma_cm and uverbs0..3 (the doc's block, kept with its reStructuredText indentation): all four verbs devices and rdma_cm present and rw for everyone",
  },
  {
    file: 'gdrcopy/gdrcopy-114-sanity-logging-5-errors-timeout.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/114',
    expert: 'problem',
    why: 'sanity ends 58%: Checks 12, Errors 5 (invalidation tests time out) after a mapping error Invalid argument(22): a test suite that fails',
  },
  {
    file: 'gdrcopy/gdrcopy-167-master-branch-copylat-to-mapping-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/pull/167',
    expert: 'not-judged',
    why: "copylat's to-mapping table (master branch, x86 test host) headed by the poster's `>>> MASTER BRANCH` label: 0.09-0.17 us up to 1 KiB, cut mid-row at 2 KiB; the from-mapping sweep and the close are not shown",
  },
  {
    file: 'gdrcopy/gdrcopy-234-clara-agx-sanity-gdr-open-error-repeated-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/234',
    expert: 'problem',
    why: 'sanity on the Clara AGX: every test prints `gdr_open error: Is gdrdrv driver installed and loaded?` and no summary is reached (cut): the gdrdrv device cannot be opened, no GPU memory can be mapped',
  },
  {
    file: 'gdrcopy/gdrcopy-24-p100-avx512-copylat-as-pipe-table-in-prose-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/24',
    expert: 'not-judged',
    why: "copylat's to-mapping sweep on a P100 retyped by the poster as a pipe table (`|` separators, ragged spacing): 0.12 us for small sizes, normal, but cut mid-row before the from-mapping sweep and the close, so the run is not shown whole",
  },
  {
    file: 'gdrcopy/gdrcopy-279-t4-data-validation-cumemalloc-1-failed.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/279',
    expert: 'problem',
    why: 'data_validation_cumemalloc fails: every dword written through the BAR mapping reads back wrong (81920 of 81920), Total 1 Failed 1: GPU memory cannot be used through the mapping',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-2014-validate-copybw-bw-asserts.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/1c3cb6ecd53a16ffe9fe68c6fdd6e9c799d25938/README.md#L94-L118',
    expert: 'problem',
    why: 'the 2014 copybw fails both of its own bandwidth assertions (write 8.1 GB/s and read 1.5 MB/s outside the expected tolerance): a test that fails',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-2021-copybw-bar1-write-9549-read-1.5mbs.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/dd12a820fc11279c61a4f0b783fb6159cf27bb2d/README.md#L139-L155',
    expert: 'not-judged',
    why: 'copybw maps the buffer and writes at 9.5 GB/s, but BAR1 reads run at 1.5 MB/s, hundreds of times below what a write-combined mapping reads (0.5 GB/s): GPU-to-host copies through gdrcopy are degraded, a warning',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-2021-k40m-copybw-logging-near-socket.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/dd12a820fc11279c61a4f0b783fb6159cf27bb2d/README.md#L245-L268',
    expert: 'no-problem',
    why: "K40m, copybw from the GPU's own socket with gdrcopy logging on: mapped, write 9.8 GB/s, read 0.79 GB/s, clean close",
  },
  {
    file: 'gdrcopy/gdrcopy-readme-2021-k40m-copybw-prompt-far-socket-6812.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/dd12a820fc11279c61a4f0b783fb6159cf27bb2d/README.md#L273-L296',
    expert: 'no-problem',
    why: 'the same K40m driven from the far socket (custom prompt, no space after it): mapped, write 6.8 GB/s, read 0.67 GB/s, clean close; slower across sockets but working',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-2021-sanity-check-100pct-11-checks.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/dd12a820fc11279c61a4f0b783fb6159cf27bb2d/README.md#L134-L136',
    expert: 'no-problem',
    why: 'the check-based sanity of gdrcopy 2.x: 100%: Checks 11, Failures 0, Errors 0',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-v100-copybw-9638-write-530-read.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/fcec3ce0bb40a97a6cc45dd4afeec4bccb509712/README.md#L244-L272',
    expert: 'no-problem',
    why: 'V100 copybw: the buffer is pinned and mapped write-combined, write 9.6 GB/s and read 0.53 GB/s (BAR reads are slow by design), clean close',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-v100-copybw-far-socket-numactl.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/fcec3ce0bb40a97a6cc45dd4afeec4bccb509712/README.md#L457-L485',
    expert: 'no-problem',
    why: 'copybw run from the far CPU socket: pinned and mapped, write 9.2 GB/s, read 0.52 GB/s, clean close (slightly below the near socket, still healthy)',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-v100-copylat-to-from-mapping.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/fcec3ce0bb40a97a6cc45dd4afeec4bccb509712/README.md#L275-L357',
    expert: 'no-problem',
    why: 'V100 copylat: mapping succeeds (wc_mapping 1), to-mapping latency 0.09 us for small sizes and both size sweeps complete with a clean close',
  },
  {
    file: 'gdrcopy/gdrcopy-readme-v100-sanity-28-passed.txt',
    tool: 'gdrcopy',
    source:
      'https://github.com/NVIDIA/gdrcopy/blob/fcec3ce0bb40a97a6cc45dd4afeec4bccb509712/README.md#L210-L241',
    expert: 'no-problem',
    why: 'gdrcopy_sanity: Total 28, Passed 28, Failed 0, Waived 0, with the list of passed tests',
  },
  {
    file: 'ibstatus/azhpc-images-51-nc24rs-v3-sys-files-not-found.txt',
    tool: 'ibstatus',
    source: 'https://github.com/Azure/azhpc-images/issues/51',
    expert: 'problem',
    why: 'Azure NC24rs_v3 (ConnectX-3 VF): ibstatus finds no RDMA device at all (sys files not found under /sys/class/infiniband): no port to carry KV',
  },
  {
    file: 'ibstatus/nccl-451-bond-25g-roce-in-prose-no-prompt.txt',
    tool: 'ibstatus',
    source: 'https://github.com/NVIDIA/nccl/issues/451',
    expert: 'no-problem',
    why: "the host's one RoCE bond mlx5_bond_0 is ACTIVE/LinkUp at 25 Gb/s on Ethernet, pasted without a prompt; the one device the paste covers is healthy",
  },
  {
    file: 'ibstatus/sglang-k8s-lws-doc-h20-4-roce-bonds-200g-active.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/sgl-project/sglang/blob/8d4790780ed42e63da76479c992422ce326e3678/docs/references/multi_node_inference_k8s_lws.md#L32-L67',
    expert: 'no-problem',
    why: 'H20 node with BlueField-3 (ConnectX-7) RoCE bonds: all four bonded ports ACTIVE/LinkUp at 200 Gb/s, Ethernet link layer, every device of the paste shown whole',
  },
  {
    file: 'lsmod/deepops-doc-grep-nv-nv-peer-mem-loaded-then-modprobe-hint.txt',
    tool: 'lsmod',
    source:
      'https://github.com/NVIDIA/deepops/blob/3957a42fb9af0b09c91b6d2ac9dc7925daf00523/docs/slurm-cluster/slurm-perf-cluster.md#L280-L285',
    expert: 'no-problem',
    why: "a doc block with `#` comment lines: `lsmod | grep nv` shows nv_peer_mem loaded (GPUDirect RDMA peer memory available); the `modprobe` after it is the doc's remedy, printed nothing",
  },
  {
    file: 'lsmod/gdrcopy-234-clara-agx-grep-gdrdrv-and-proc-modules.txt',
    tool: 'lsmod',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/234',
    expert: 'not-judged',
    why: 'Clara AGX (aarch64, RTX 6000): `lsmod | grep -i gdrdrv` and the same filter over /proc/modules show gdrdrv and nvidia loaded; the filter hides every other module, so whether a GPUDirect RDMA peer-memory module is loaded is not shown',
  },
  {
    file: 'memlock/gitpod-16222-workspace-ulimit-l-64.txt',
    tool: 'memlock',
    source: 'https://github.com/gitpod-io/gitpod/issues/16222',
    expert: 'problem',
    why: "the workspace container's locked-memory cap is 64 KiB: no KV buffer can be registered for RDMA (and the thread shows it cannot be raised from inside)",
  },
  {
    file: 'memlock/ucx-8702-hash-prompt-soft-and-hard-unlimited.txt',
    tool: 'memlock',
    source: 'https://github.com/openucx/ucx/issues/8702',
    expert: 'no-problem',
    why: 'both the soft and the hard locked-memory limits are unlimited (root `#` prompts), so registration is not capped',
  },
  {
    file: 'nixlbench/cloudai-faa2e14-legacy-2-rows-second-cut-mid-row.txt',
    tool: 'nixlbench',
    source:
      'https://github.com/NVIDIA/cloudai/blob/faa2e14a475448aa59a6c4855eae01780d4bf416/tests/job_status_retrieval_strategy/test_nixlbench_job_status_retrieval_strategy.py#L22-L28',
    expert: 'not-judged',
    why: "NVIDIA's log extract in the legacy layout: the config's last line, then two rows (4 KiB 0.64 GB/s, 8 KiB cut after the GiB/s column); only latency-bound blocks, no backend or memory shown, cut mid-row: nothing that can be held to a floor",
  },
  {
    file: 'nixlbench/nixl-1146-gusli-storage-quoted-banner-config-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/1146',
    expert: 'not-judged',
    why: 'a storage run (GUSLI backend on two NVMe devices, null runtime) whose banner lines the poster wrapped in quotes; cut inside the configuration, before any result: storage, not a network transfer, and nothing measured is shown',
  },
  {
    file: 'nixlbench/nixl-325-legacy-70-star-banner-vram-to-dram-config-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/325',
    expert: 'not-judged',
    why: 'the legacy 70-star configuration banner of a UCX VRAM-to-DRAM WRITE run, cut inside the configuration before any result row: nothing measured is shown',
  },
  {
    file: 'nixlbench/nixl-905-8-ranks-ready-config-banner-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/905',
    expert: 'not-judged',
    why: 'eight ranks report ready and the current-format configuration banner starts (UCX, VRAM initiator), cut inside the configuration: no result row and no error are shown',
  },
  {
    file: 'nvlink/bottlerocket-4418-h100-mig-off-2-of-n-gpus-18x26-cut.txt',
    tool: 'nvlink',
    source: 'https://github.com/bottlerocket-os/bottlerocket/pull/4418',
    expert: 'not-judged',
    why: "H100 HGX on Bottlerocket: GPU 0 and GPU 1 each show all 18 links at 26.562 GB/s (healthy), but the paste is cut at the third GPU's name, so the other GPUs are not shown",
  },
  {
    file: 'ucx_info/nixl-503-ucx-info-v-ocr-garbled-1-20-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/ai-dynamo/nixl/issues/503',
    expert: 'not-judged',
    why: '`ucx_info -v` retyped from a screenshot (OCR damage: `vers ion`, a full-width comma, a stray `.,,` line): UCX 1.20.0 from /usr/lib, cut at `# Configured`, so whether UCX was built with CUDA or verbs is not shown',
  },
  {
    file: 'ucx_info/ucx-11476-ucx-info-v-1-17-cut-after-version.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/11476',
    expert: 'not-judged',
    why: "the first line of `ucx_info -v` (UCX 1.17.0) and a cut second line: the build's configure flags (CUDA, verbs) are not shown",
  },
  {
    file: 'ucx_info/ucx-7843-debug-interleaved-posix-sysv-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/pull/7843',
    expert: 'not-judged',
    why: 'a fragment of `ucx_info -d` run with UCX debug logging: only the tail of a shared-memory transport and the sysv domain are shown, cut mid-line; whether RDMA or CUDA transports exist is not shown',
  },
  {
    file: 'ucx_info/ucx-7880-posix-sysv-head-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/7880',
    expert: 'not-judged',
    why: 'the head of `ucx_info -d`: posix and sysv shared-memory transports only, cut inside sysv; network and CUDA transports are not shown',
  },
  {
    file: 'ucx_info/ucx-8227-tcp-two-netdevs-fragment-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/8227',
    expert: 'not-judged',
    why: 'a middle fragment of `ucx_info -d`: tcp on enp1s0f0 and a docker bridge, cut mid-capability; RDMA and CUDA transports are not shown (neither present nor absent)',
  },
  {
    file: 'ucx_info/ucx-py-debug-doc-grep-rdma-then-ucx-info-b-rst-indented.txt',
    tool: 'ucx_info',
    source:
      'https://github.com/rapidsai/ucx-py/blob/6afb101f453e4ace6fdc54f9fd06194c76593bff/docs/source/ucx-debug.rst#L26-L37',
    expert: 'not-judged',
    why: '`ucx_info -d | grep -i rdma` keeps only the rdmacm connection manager; the verbs transports (rc/ud/dc, which do not contain "rdma") and the CUDA ones are filtered away, so they are not shown; `ucx_info -b` then shows a build with ib, rdmacm and cuda modules',
  },
  {
    file: 'ucx_perftest/ucx-214-am-lat-client-segfault-backtrace.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/214',
    expert: 'problem',
    why: 'the am_lat client crashes with signal 11 in uct_query_resources while validating its parameters: the test never runs',
  },
  {
    file: 'ucx_perftest/ucx-2437-jenkins-timestamped-unreachable-msg-too-big-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/2437',
    expert: 'problem',
    why: 'a CI log (time prefix) of a perftest sweep: endpoint setup fails with `Destination is unreachable` and a shared-memory error, then `Message size too big` repeatedly; nothing is measured',
  },
  {
    file: 'ucx_perftest/ucx-2789-mtt-timestamped-rank-prefix-am-lat-then-ud-fatal-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/2789',
    expert: 'problem',
    why: 'an MTT log with a date and mpirun rank prefix on every line: three latency rows (1.36 us, 8-byte, old layout) and then rank 0 aborts with `Fatal: transport error: Endpoint timeout`; cut in its backtrace',
  },
  {
    file: 'ucx_perftest/ucx-7785-tag-lat-server-ud-endpoint-timeout-fatal-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/7785',
    expert: 'problem',
    why: 'the tag_lat server prints its test box and then dies with `Fatal: UD endpoint ... unhandled timeout error`: the run aborts before any result row',
  },
  {
    file: 'nixlbench/nixl-1271-uccl-ci-timestamped-rdma-devices-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/1271',
    expert: 'not-judged',
    why: 'a CI log with an RFC 3339 time prefix on every line: the UCCL backend registers as rank 1 of 2 and lists its RDMA devices, cut while naming the third; no configuration banner and no result row are shown',
  },
  {
    file: 'nixlbench/nixl-913-gds-storage-prompt-config-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/913',
    expert: 'not-judged',
    why: 'a GDS storage run (VRAM target, a file under /data, null runtime) cut inside the configuration banner: storage, not a network transfer, and nothing measured is shown',
  },
  {
    file: 'ucx_perftest/ucx-9908-tag-lat-1-5us-final-then-cuda-tag-bw-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/9908',
    expert: 'not-judged',
    why: 'two runs pasted without fences: 8-byte tag_lat to a peer reaches Final at 1.50 us (healthy RDMA latency), then a cuda tag_bw of 230 MB messages is cut right after its CPU-affinity warning, so the bandwidth the user asked about is not shown',
  },
];
