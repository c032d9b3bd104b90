import type { Capture } from './captures.table.js';

/**
 * Corpus batch b67 (issue 38): issue and pull-request threads of the serving and KV-transfer stack (SGLang, vLLM,
 * TensorRT-LLM, NIXL, Mooncake, DeepEP), taken from the stored copies of the threads. Each file is one contiguous
 * part of one code block (or quote) in the thread named, cut where the stored copy ends (the file name says `cut`).
 * The expert reading of each capture was written before `read` ran on it. See README.md.
 */
export const CAPTURES_b67: Capture[] = [
  // gdrcopy
  {
    file: 'gdrcopy/sglang-5186-h20-copybw-ld-library-path-prompt-write-17994-read-716-complete.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/sgl-project/sglang/issues/5186',
    expert: 'no-problem',
    why: '`gdrcopy_copybw` run with an `LD_LIBRARY_PATH=` prefix on eight H20: device 0 buffer pinned and mapped through gdrdrv (`info.mapped: 1`, write-combined mapping), write 17,994 MB/s, read 716 MB/s (CPU reads over a WC BAR mapping are slow by design), buffer unmapped, unpinned and gdrdrv closed: GPU memory can be pinned and mapped, the whole run is shown',
  },
  {
    file: 'gdrcopy/deepep-128-h800-copybw-eight-gpus-write-18578-read-621-complete.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/128',
    expert: 'no-problem',
    why: '`gdrcopy_copybw` output (no prompt) on eight H800: device 0 buffer pinned and mapped (`info.mapped: 1`, WC mapping), write 18,578 MB/s, read 621 MB/s, then unmap, unpin and close: gdrdrv pins and maps GPU memory; the run is whole',
  },
  // topo
  {
    file: 'topo/vllm-15663-nv18-six-nics-gpu1-gpu5-node-only-header-flush-cut-in-gpu7-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/15663',
    expert: 'not-judged',
    why: 'eight GPUs all NV18 (header flush left), six NICs: GPU0, GPU2, GPU3 (two), GPU4 and GPU6 each have a PIX NIC, but GPU1 and GPU5 reach a NIC only at NODE, beyond a PCIe switch (GPUDirect RDMA from them crosses the host bridge: a warning); cut inside the GPU7 row before its NIC cells',
  },
  {
    file: 'topo/vllm-30857-collect-env-nv18-thirteen-nics-glued-nic11nic12-cut-in-gpu4-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/30857',
    expert: 'not-judged',
    why: 'vLLM `collect_env` GPU Topology with the header cells `NIC11NIC12` glued and the last two row cells one space apart: eight GPUs NV18, GPU0-GPU3 each PIX to one NIC (NIC5, NIC6, NIC7, NIC1); cut in the GPU4 row after its NVLink cells, so the NIC placement of GPU4-GPU7 is not shown',
  },
  {
    file: 'topo/sglang-5285-check-env-h20-nv18-forty-two-nics-cut-in-gpu0-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/5285',
    expert: 'not-judged',
    why: 'SGLang `check_env` NVIDIA Topology header with 42 NIC columns (NIC20 and NIC21 one space apart), then the GPU0 row cut after its third NV18 cell: no GPU-to-NIC cell and no other GPU row is shown',
  },
  {
    file: 'topo/deepep-202-topo-mp-h20-eight-gpus-node-sys-no-nvlink-no-nics-cut-in-gpu6-row.txt',
    tool: 'topo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/202',
    expert: 'not-judged',
    why: 'the thread heads it `nvidia-smi topo -mp` (PCIe paths only, so NVLink is not shown): eight H20 in two NUMA groups of four (NODE within, SYS across) and no NIC column, so no RDMA path is in the matrix; cut inside the GPU6 row (its affinity cells) and GPU7 is missing',
  },
  {
    file: 'topo/sglang-26647-check-env-nv18-nine-nics-gpu0-pix-nic0-cut-in-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/26647',
    expert: 'not-judged',
    why: 'SGLang `check_env` NVIDIA Topology: eight GPUs, nine NICs; the GPU0 row is whole (NV18 to all, PIX to NIC0, NODE to NIC1-3 and NIC8), then the GPU1 row is cut after two cells: GPU1-GPU7 NIC placement not shown',
  },
  {
    file: 'topo/trtllm-1374-zsh-arrow-prompt-two-a10-phb-no-nvlink-no-nics-tabs.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/TensorRT-LLM/issues/1374',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` after a zsh arrow prompt (tab-separated, whole): two A10 GPUs joined only through the PCIe host bridge (PHB, no NVLink; GPU-to-GPU copies cross the CPU root complex, a warning) and no NIC in the matrix, so no RDMA path is shown',
  },
  {
    file: 'topo/vllm-24139-collect-env-b200-two-gpus-tabs-sixteen-nics-each-gpu-pxb-one-nic-cut-in-nic6-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/24139',
    expert: 'no-problem',
    why: "vLLM `collect_env` GPU Topology (tab-separated, the header led by two spaces and a tab) for the two B200 GPUs visible: NV18 to each other, GPU0 PXB to NIC4 and GPU1 PXB to NIC7 (GPUDirect RDMA within NCCL's default PXB level), NODE to the rest; both GPU rows are whole, the cut falls in the NIC6 row (the NIC-to-NIC block, which the question does not need)",
  },
  {
    file: 'topo/sglang-24834-check-env-b200-nv18-single-nic-node-to-gpu0-cut-at-end-of-gpu0-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/24834',
    expert: 'not-judged',
    why: "SGLang `check_env` NVIDIA Topology on B200: eight GPUs, one NIC; the GPU0 row shows NV18 to all seven peers and only NODE to NIC0 (the one NIC is beyond the host bridge from GPU0, a warning), and the copy ends inside GPU0's last cell: GPU1-GPU7 rows not shown",
  },
  {
    file: 'topo/vllm-18725-collect-env-b200-nv18-eight-nics-narrow-nic1-nic2-cells-cut-in-gpu4-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/18725',
    expert: 'not-judged',
    why: 'vLLM `collect_env` on eight B200 (NV18 throughout), eight NICs, the NIC1 and NIC2 columns narrower than the rest (two spaces after NIC1, cells padded to match): GPU0-GPU3 each PIX to their own NIC (NIC0-NIC3); the GPU4 row is cut right after its PIX cell to NIC4, GPU5-GPU7 not shown',
  },
  // nixlbench
  {
    file: 'nixlbench/nixl-pr-276-quoted-l40s-cuda-ipc-table-small-blocks-cut-in-131072-row.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/276',
    expert: 'not-judged',
    why: "nixlbench's (legacy six-column) result table quoted in a reply (`> ` on every line): batch 1, block sizes 4 KiB to 64 KiB complete at 0.15-2.08 GB/s, then the 128 KiB row is cut mid-number; the small-block rows are latency-bound and the large-block rows that would show the path's bandwidth are not in the paste (the quoted sentence before it, not in the file, says two L40S on one node)",
  },
  // nccl-tests
  {
    file: 'nccl-tests/vllm-17568-all-reduce-two-ranks-shm-info-interleaved-cut-at-16-bytes.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/vllm-project/vllm/issues/17568',
    expert: 'not-judged',
    why: 'an all_reduce_perf table header with NCCL INFO lines between it and the rows: two ranks on one host connected `via SHM/direct/direct` on every channel (no P2P: GPU traffic staged through host shared memory, a warning), the 8 B row (0.00 GB/s) and the 16 B row cut after its time; no large-size row and no average bus bandwidth',
  },
  // perftest
  {
    file: 'perftest/mooncake-851-ib-write-bw-use-cuda-h100-mlx5-7-server-cut-before-results.txt',
    tool: 'perftest',
    source: 'https://github.com/kvcache-ai/Mooncake/issues/851',
    expert: 'not-judged',
    why: '`ib_write_bw --use_cuda=0` server side on mlx5_7: CUDA device 0 (H100 80GB HBM3) picked and a GPU buffer allocated, RDMA_Write BW Test header printed (RC, 1 QP), cut at `CQ Moderation` before the link type, addresses and any result row',
  },
  // lsmod
  {
    file: 'lsmod/deepep-55-singularity-prompt-grep-nvidia-peermem-loaded-ib-core-mlx5-ib-gdrdrv.txt',
    tool: 'lsmod',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/55',
    expert: 'no-problem',
    why: '`lsmod | grep nvidia_peermem` inside Singularity: nvidia_peermem loaded, ib_core loaded with 25 users including nvidia_peermem and mlx5_ib, nvidia used by nvidia_peermem and gdrdrv: the peer-memory module GPUDirect RDMA needs is present with the verbs stack',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/deepep-60-cx5-roce-mlx5-6-active-mtu-1024-cx7-mlx5-7-cut-before-port.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/60',
    expert: 'not-judged',
    why: 'a later part of an `ibv_devinfo` list: mlx5_6 (ConnectX-5, part 4119) PORT_ACTIVE on Ethernet (RoCE) with active MTU 1024; mlx5_7 (ConnectX-7, part 4129) cut after `phys_port_cnt`, its port state not shown, and the devices before mlx5_6 are not in the paste',
  },
];
