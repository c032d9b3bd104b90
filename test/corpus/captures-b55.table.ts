import type { Capture } from './captures.table.js';

/**
 * Corpus batch b55 (issue 38): GitHub issue and pull-request threads of projects whose threads the corpus had
 * not mined (pytorch/pytorch, meta-pytorch/monarch, skypilot-org/skypilot, GoogleCloudPlatform/cluster-toolkit and
 * ai-infra-cluster-provisioning, NVIDIA/cudf-spark, claudebarthels/infinity, rwth-i6/returnn). Each file is one
 * code block (or one contiguous part of a post) as the stored copy of the thread holds it, cut where that copy
 * ends (`cut` in the name). Two more captures (an Arria10 `lsmod` and a ConnectX-6 `show_gids`) turned out, before
 * any reading was written, to copy an earlier capture and a fixture byte for byte, and were dropped; a third, a two-GPU
 * PHB `topo -m` of pytorch/pytorch#119638, was found by the first run to match club-3090's byte for byte after
 * whitespace and was removed with its reading (not-judged, which `read` agreed with). See
 * captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b55: Capture[] = [
  // topo
  {
    file: 'topo/monarch-3759-torchtitan-prompt-8-h100-nv18-4-nics-phb-node-sys-cut-in-gpu7-row.txt',
    tool: 'topo',
    source: 'https://github.com/meta-pytorch/monarch/issues/3759',
    expert: 'not-judged',
    why: 'behind a shell prompt, eight H100s all NV18 with four NICs: no GPU has a PIX/PXB NIC, GPU1 reaches NIC0/NIC1 and GPU6 NIC2/NIC3 only through the host bridge (PHB), the rest NODE or SYS; the copy ends inside the GPU7 row, before the NIC rows and the legend',
  },
  {
    file: 'topo/pytorch-79299-markdown-indented-8-a6000-nv4-pairs-node-sys-no-nic-no-legend.txt',
    tool: 'topo',
    source: 'https://github.com/pytorch/pytorch/issues/79299',
    expert: 'not-judged',
    why: 'a matrix indented four spaces (a markdown code block without a fence): eight A6000s joined by NV4 only in pairs (0-1, 2-3, 4-5, 6-7), NODE within a socket, SYS across two NUMA nodes; no NIC column and no legend, so GPU-NIC placement is not shown',
  },
  // nccl-tests
  {
    file: 'nccl-tests/skypilot-3217-ray-prefixed-gcp-a100-two-nodes-header-cut-in-rank-list.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/skypilot-org/skypilot/pull/3217',
    expert: 'not-judged',
    why: 'every line behind a Ray job prefix `(head, rank=0, pid=…)`: two GCP A100-SXM4-40GB nodes, the parameter line and the rank list, then the stored copy ends inside Rank 4, before any result row: nothing measured is shown',
  },
  {
    file: 'nccl-tests/cluster-toolkit-3644-a3-high-verified-label-redop-none-1m-to-64m-41-gbs-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/GoogleCloudPlatform/cluster-toolkit/pull/3644',
    expert: 'not-judged',
    why: 'a poster\'s label line ("A3 high - toolkit instructions - verified"), then the table header and rows 1 MiB to 64 MiB with redop `none` (an alltoall-style run) and #wrong N/A, busbw rising to 41.3 GB/s; no failure, but the copy ends at 64 MiB before the larger sizes and the average, and no link rate is named to hold the figure against',
  },
  {
    file: 'nccl-tests/ai-infra-cluster-provisioning-376-a3-mega-readme-diff-plus-rows-4m-to-4g-89-gbs-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/GoogleCloudPlatform/ai-infra-cluster-provisioning/pull/376',
    expert: 'not-judged',
    why: 'result rows copied from a README diff, each behind `+`, no header: all_reduce 4 MiB to 4 GiB on A3 Mega, busbw rising to 89 GB/s (one in-place dip to 51.9 GB/s at 1 GiB), #wrong N/A; no failure and well above the floor, but the copy ends inside the 4 GiB row, without the average, and no link rate is named',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/infinity-5-v-cx3-mlx4-2-guids-dashed-two-ports-cut-in-odp-caps-before-ports.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/claudebarthels/infinity/issues/5',
    expert: 'not-judged',
    why: '`ibv_devinfo -v` of one ConnectX-3 (mlx4_2, vendor_part_id 4099, two ports) with the GUIDs replaced by `-`: device attributes up to the ODP capabilities, then the stored copy ends before either port block, so no port state, link layer or rate is shown',
  },
  // ucx_info
  {
    file: 'ucx_info/cudf-spark-559-two-line-prompt-ucx-info-d-posix-only-cut-before-rdma-transports.txt',
    tool: 'ucx_info',
    source: 'https://github.com/NVIDIA/cudf-spark/issues/559',
    expert: 'not-judged',
    why: 'behind a two-line custom prompt, `ucx_info -d` shows only the posix shared-memory domain, then the stored copy ends: whether UCX sees any RDMA (rc/ud/dc) or CUDA transport is not shown',
  },
  // dmesg
  {
    file: 'dmesg/returnn-1486-reltime-elided-pcieport-aer-corrected-data-link-timeouts-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/rwth-i6/returnn/issues/1486',
    expert: 'not-judged',
    why: "`dmesg -H` relative stamps after the poster's `...`: a PCIe root port (8086:6f08) logs AER Corrected errors again and again, Data Link Layer Timeout (replays), the copy ending mid-line; corrected errors are a warning of a marginal link, not a fault the transfer stops on, and the start of the log is elided",
  },
];
