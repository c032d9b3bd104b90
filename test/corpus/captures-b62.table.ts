import type { Capture } from './captures.table.js';

/**
 * Corpus batch b62 (issue 38): inference engines' and training stacks' threads no table had named. Most threads the
 * search corpora surface for these outputs were already in a table or in test/fixtures (checked by thread and by
 * content; a `show_gids` of a ConnectX-6 in IBM/SpectrumScale_NETWORK_READINESS#4 turned out to copy a fixture byte
 * for byte and was dropped before the readings); what was left came mostly from the topology blocks of vLLM
 * `collect_env` and sglang `check_env` reports not taken before (newer and older layouts, a `76 NICs found … only
 * displaying 56` note, glued cells, headless fragments), TensorRT-LLM, NCCL and nccl-tests threads, a fork of vLLM
 * patches and a dask.distributed thread, then (a second round, read after the first was scored) two `talosctl dmesg`
 * pastes of one 8x A100 host from a vLLM and an open-gpu-kernel-modules thread. Each file is one code block (or one contiguous part of a post) as the
 * stored copy holds it. The expert reading of each capture was written before `read` ran on it. See README.md.
 */
export const CAPTURES_b62: Capture[] = [
  // topo: vLLM collect_env / sglang check_env topology blocks and topo pastes in engine and NCCL threads
  {
    file: 'topo/vllm-17516-headless-8gpu-nv18-ten-nics-pix-per-gpu-affinity-glued-cut-in-gpu7-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/17516',
    expert: 'not-judged',
    why: "eight GPU rows of a collect_env matrix without its header (the stored copy starts at GPU0): all pairs NV18, GPU0-6 each PIX to its own NIC (NIC0-6), the NUMA column glued to the GPU NUMA ID (`0N/A`); GPU7's row is cut before its own NIC cell and every NIC row is missing, so GPU7's NIC path is not shown",
  },
  {
    file: 'topo/vllm-8257-collect-env-8gpu-nv18-ten-nics-pix-cut-in-gpu2-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/8257',
    expert: 'not-judged',
    why: "vLLM collect_env's `GPU Topology:` with the header at column 0: eight GPUs at NV18 and ten NICs; GPU0 is PIX to NIC0/NIC1, GPU1 to NIC2, GPU2 to NIC3, but the paste is cut in GPU2's row, before GPU3-7 and the NIC rows: five GPUs' NIC paths are not shown",
  },
  {
    file: 'topo/genesis-vllm-patches-24-collect-env-8x-rtx3090-all-sys-no-nics-cut-in-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/Sandermage/genesis-vllm-patches/issues/24',
    expert: 'not-judged',
    why: "a newer collect_env's `GPU Topology:` of eight RTX 3090: no NVLink and no NIC column, GPU0 (NUMA node 3) SYS to every other GPU; the paste is cut in GPU1's row, so six GPUs are not shown, and every pair shown crosses the SMP interconnect over PCIe, a degraded path",
  },
  {
    file: 'topo/vllm-25848-collect-env-8gpu-nv18-18-nics-pix-cut-in-gpu3-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/25848',
    expert: 'not-judged',
    why: "collect_env's `GPU Topology:` of eight GPUs at NV18 and eighteen NICs over several NUMA nodes: GPU0 PIX to NIC0, GPU1 to NIC1, GPU2 to NIC4; the paste is cut in GPU3's row, before GPU3's NIC cells, GPU4-7 and the NIC rows",
  },
  {
    file: 'topo/sglang-9812-headless-gpu1-7-nv18-pxb-glued-cells-cut-in-gpu7-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/pull/9812',
    expert: 'not-judged',
    why: "rows GPU1-GPU7 of an NV18 matrix without its header or GPU0 (cut above), some cells run together by the paste (`NODE NODE`, `PXB  NODE`): GPU1-6 each show one NIC behind a PCIe switch (PXB) on their NUMA node, but GPU0 and the end of GPU7's row are not shown, nor any NIC row",
  },
  {
    file: 'topo/sglang-5980-nic5-10-rows-only-pix-to-gpus-cut-in-nic10-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/5980',
    expert: 'not-judged',
    why: "only the NIC5-NIC10 rows of a wide matrix, without header or GPU rows (cut above), cut in NIC10's row: each of these NICs is PIX to one GPU (GPU3, 4, 5, 6, 0, 1), but the GPU rows, which carry the GPU-to-GPU links and every GPU's NIC path, are not in the paste",
  },
  {
    file: 'topo/sglang-1183-check-env-8x-rtx-a6000-all-sys-no-nics-cut-in-gpu5-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/1183',
    expert: 'not-judged',
    why: "sglang check_env's `NVIDIA Topology:` of eight RTX A6000: no NVLink, no NIC column, every GPU pair SYS even within NUMA node 0 (GPU0-3) and node 1; cut in GPU5's row: GPU-to-GPU KV crosses PCIe and the SMP interconnect (a degraded path), three rows are not shown, and no RDMA NIC is in the matrix",
  },
  {
    file: 'topo/vllm-22372-collect-env-tabs-8gpu-nv18-8-nics-pix-pairs-cut-in-nic2-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/22372',
    expert: 'no-problem',
    why: "collect_env's tab-separated `GPU Topology:` (header line opening with spaces and a tab): eight GPUs all NV18, every GPU PIX to two NICs on its NUMA node (GPU0/1 to NIC0/1 … GPU6/7 to NIC6/7); all GPU rows are there, the cut falls in NIC2's row, and the NIC rows only repeat the GPU columns already shown",
  },
  {
    file: 'topo/vllm-33447-collect-env-8gpu-nv18-13-nics-header-and-gpu0-row-cut.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/33447',
    expert: 'not-judged',
    why: "collect_env's `GPU Topology:` header (eight GPUs, thirteen NICs) and GPU0's row cut mid-cell: GPU0 NV18 to its seven peers and PIX to NIC0, NODE to NIC1, SYS onward; the other seven GPU rows and every NIC row are not shown",
  },
  {
    file: 'topo/nccl-595-tabs-4x-a100-nv4-two-mlx5-gpu0-gpu3-sys-only-whole.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/595',
    expert: 'not-judged',
    why: 'a whole tab-separated `topo -m` with its legend, in the older layout naming NICs by device: four A100 all NV4, each on its own NUMA node; mlx5_0 is PIX to GPU1 and mlx5_1 to GPU2, but GPU0 and GPU3 reach both NICs only across SYS, where GPUDirect RDMA is not used by default and their KV is staged through host memory',
  },
  {
    file: 'topo/nccl-428-four-t4-no-nvlink-gpu0-sys-others-node-no-nics-whole.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/428',
    expert: 'not-judged',
    why: "a whole matrix (no legend, only a CPU Affinity column) of four T4 without NVLink or NIC: GPU1-3 NODE to each other, GPU0 SYS to all of them on the other socket; nothing is down, but every GPU-to-GPU transfer is PCIe and GPU0's crosses the SMP interconnect, a degraded path, and no RDMA NIC is shown",
  },
  {
    file: 'topo/vllm-14537-collect-env-76-nics-56-displayed-8gpu-nv18-pxb-cut-in-gpu2-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/14537',
    expert: 'not-judged',
    why: "collect_env's `GPU Topology:` opening with nvidia-smi's note that 76 NICs were found and only 56 are displayed, then a tab matrix of eight NV18 GPUs: GPU0 and GPU1 each PXB to several NICs, but the paste is cut at the start of GPU2's row, and twenty NICs are not in the matrix at all",
  },
  {
    file: 'topo/vllm-32862-collect-env-b200-16-nics-pxb-cut-in-gpu2-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/32862',
    expert: 'not-judged',
    why: "collect_env's `GPU Topology:` of a B200 host (eight GPUs, sixteen NICs): GPU0 PXB to NIC4 and GPU1 PXB to NIC7, both NV18 to every peer; the paste is cut after GPU2's first cells, before six GPU rows and every NIC row",
  },
  {
    file: 'topo/vllm-6370-collect-env-8gpu-all-sys-one-nic-sys-cut-in-gpu3-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/6370',
    expert: 'not-judged',
    why: "collect_env's `GPU Topology:` with its header at column 0: eight GPUs without NVLink, every pair SYS although GPU0-3 share NUMA node 0, and the one NIC SYS from each of them; cut in GPU3's row: GPU-to-GPU and GPU-to-NIC paths cross the SMP interconnect (a degraded path), and GPU4-7 are not shown",
  },
  {
    file: 'topo/trt-llm-1868-tabs-8gpu-nv12-bridge-pairs-node-sys-no-nics-whole.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/TensorRT-LLM/issues/1868',
    expert: 'not-judged',
    why: 'a whole tab-separated matrix (no legend) of eight GPUs with NVLink only in bridged pairs (GPU0-1, 2-3, 4-5, 6-7 at NV12), the other pairs NODE within a socket and SYS across: nothing is down, but most GPU-to-GPU paths are PCIe and half cross the SMP interconnect, and no NIC is in the matrix',
  },
  // ucx_info
  {
    file: 'ucx_info/dask-distributed-7000-ucx-info-d-fragment-ib-tail-rdmacm-cma-cut-both-ends.txt',
    tool: 'ucx_info',
    source: 'https://github.com/dask/distributed/issues/7000',
    expert: 'not-judged',
    why: 'a middle fragment of `ucx_info -d`, cut at both ends: the tail of a transport whose name and device are cut above (11794.23 MB/s, an EDR-class IB port, peer failure and ep_check), the rdmacm connection manager and the cma memory domain; no CUDA memory domain or transport is in the part shown, so whether GPU memory can be moved is not shown',
  },
  // nccl-tests
  {
    file: 'nccl-tests/nccl-tests-347-one-node-8x-h100-one-8g-row-479gbs-cut-in-avg-line.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/347',
    expert: 'no-problem',
    why: 'all_reduce ranks lines of eight H100 on one host (`NODE A`, a hostname with a space), the header and one 8 GiB row: busbw 479.41/480.14 GB/s, 0 wrong, what NVLink with NVLS gives an H100 board; the cut falls in the `# Avg bus bandwidth` line, which only restates the row',
  },
  {
    file: 'nccl-tests/nccl-652-32-node-a100-old-layout-0-to-128-byte-rows-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/652',
    expert: 'not-judged',
    why: 'the older all_reduce header (no root column, an error column) and rows of 0 to 128 bytes on a 32-node run, all 0.00 GB/s (14 us empty, 62-71 us otherwise): sizes this small only measure latency, no error shows, and the paste is cut before any size that measures bandwidth',
  },
  // dmesg: the same 8x A100 SXM4 Talos host, kernel lines as `talosctl dmesg` prints them (node IP, facility, level)
  {
    file: 'dmesg/vllm-40652-talosctl-dmesg-a100-nvrm-gpu-serial-nvswitch-sxid-24007-severity-1-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/vllm-project/vllm/issues/40652',
    expert: 'problem',
    why: "kernel lines behind talosctl's `192.168.11.119: kern: <level>: [ISO time]:` prefix: NVRM names a GPU and its board serial (the lines of an Xid report), and between them nvidia-nvswitch1 logs at err level SXid 24007, `Severity 1` (the NVSwitch driver's fatal severity): a fatal error on the switch that carries the GPUs' NVLink; the fourth line is cut",
  },
  {
    file: 'dmesg/ogkm-1118-talosctl-dmesg-a100-nvrm-gsp-rpc-history-rows-only-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1118',
    expert: 'not-judged',
    why: "seven NVRM lines behind talosctl's prefix, all rows of a GSP RPC history table (GSP_RM_CONTROL calls with their timings, the newest flagged `y`): such a table is dumped after a GSP RPC error, but the lines that would name it (the Xid or the timed-out call) are cut above, and the last row is cut; no error line is in the part shown",
  },
];
