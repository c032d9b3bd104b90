import type { Capture } from './captures.table.js';

/**
 * Corpus batch b63 (issue 38): families no table had named. Most pastes the search corpora still surface were
 * already in a table or in test/fixtures (checked by thread and by content: thirteen files collected first were
 * dropped because a fixture or an earlier capture holds the same text, among them the show_gids, ls /dev/infiniband,
 * lsmod and ulimit pastes of k8s-rdma-sriov-dev-plugin#30, k8s-rdma-shared-dev-plugin#64, nccl#1573/#1587/#988/#1617, rdma-core#1060, Mooncake#102,
 * azhpc-diagnostics#73, rxe-dev#46 and qdrant#1885, and a second version of lessizzmore's A3 Mega nccl-tests run).
 * What is left: a lab notebook of RTX PRO 6000 rigs (local-inference-lab/rtx6kpro: a committed bug report's
 * `dmesg` and `nvidia-smi topo -m` logs, and two hardware pages' topo blocks), threads of projects no table had
 * named (open3fs/m3fs, DeepSpeed, jax, mpicbg-scicomp/gearshifft) and threads of mined projects not taken before
 * (spdk#1184's journalctl, gdrcopy#184, nccl#19 and #318, rxe-dev#47), then (a second round, read after the first was
 * scored) AReaL#3's topo. Each file is one code block (or one contiguous
 * part of a post) as the stored copy holds it, or a repository file at the commit named. The expert reading of each
 * capture was written before `read` ran on it. See README.md.
 */
const RTX6KPRO =
  'https://github.com/local-inference-lab/rtx6kpro/blob/e2c2b9577c938525d99a4ff62ba4a8ecc47a9990';

export const CAPTURES_b63: Capture[] = [
  // local-inference-lab/rtx6kpro: a committed bug report's logs and hardware pages
  {
    file: 'dmesg/rtx6kpro-asus-esc8000a-report-boot-dmesg-8x-rtx-pro-6000-open-595-no-nic.txt',
    tool: 'dmesg',
    source: `${RTX6KPRO}/logs/asus-report/dmesg.log`,
    expert: 'no-problem',
    why: 'a whole boot log (2,778 lines, iommu=off) of an ASUS ESC8000A-E13P with eight RTX PRO 6000 behind Broadcom switches: the NVIDIA 595.58.03 open module loads and enables all eight GPUs and nvidia-drm initialises each; the only failures are PCI bridge-window assignments (io, and 2 MB of mem for two downstream ports with nothing behind them) and taint notices: no Xid, AER, NIC or RDMA error (and no NIC driver in the log)',
  },
  {
    file: 'topo/rtx6kpro-asus-esc8000a-report-8x-rtx-pro-6000-pix-node-sys-underline-codes-no-nics.txt',
    tool: 'topo',
    source: `${RTX6KPRO}/logs/asus-report/nvidia_topo.log`,
    expert: 'not-judged',
    why: "the same host's `nvidia-smi topo -m` saved to a file with its terminal underline codes around the header: eight GPUs, no NVLink, pairs PIX (GPU0-1, 2-3, 4-5, 6-7), NODE within a socket and SYS across the two sockets; no NIC in the matrix, so GPU-NIC placement for RDMA is not shown and KV between the sockets crosses the SMP interconnect",
  },
  {
    file: 'topo/rtx6kpro-wrx90-cpayne-microchip-8x-rtx-pro-6000-pix-pxb-node-no-nics.txt',
    tool: 'topo',
    source: `${RTX6KPRO}/hardware/wrx90-cpayne-microchip-switches.md#L91-L100`,
    expert: 'not-judged',
    why: "a hardware page's block (`$ nvidia-smi topo -m`, no affinity columns or legend): eight GPUs behind Microchip PCIe switches on one CPU, PIX pairs, PXB across leaves, NODE between the two root switches; no NVLink and no NIC in the matrix, so the GPU-NIC path is not shown",
  },
  {
    file: 'topo/rtx6kpro-wrx90-cpayne-2switch-flat-8gpu-pix-quads-node-no-prompt-no-nics.txt',
    tool: 'topo',
    source: `${RTX6KPRO}/hardware/wrx90-cpayne-2switch-flat.md#L80-L88`,
    expert: 'not-judged',
    why: 'header and eight rows only (no prompt, affinity columns or legend): two quads of GPUs, PIX inside each PCIe switch and NODE between them through the CPU; no NVLink and no NIC, so GPU-NIC placement is not shown',
  },
  // threads of projects no table had named
  {
    file: 'ibstat/m3fs-88-cx5-mt4119-ib-port-active-rate-100-plain-text.txt',
    tool: 'ibstat',
    source: 'https://github.com/open3fs/m3fs/issues/88',
    expert: 'no-problem',
    why: 'typed into the issue text without a fence, indented with spaces: one ConnectX-5 (MT4119) CA whose one port is Active/LinkUp at rate 100 on InfiniBand, with an SM (SM lid 1, base lid 4): the whole CA is shown and healthy',
  },
  {
    file: 'topo/deepspeed-6912-interconnects-bullet-4x-a100-nv12-pairs-one-nic-node-gpu0-sys-rest.txt',
    tool: 'topo',
    source: 'https://github.com/deepspeedai/DeepSpeed/issues/6912',
    expert: 'not-judged',
    why: "a matrix pasted into a bug template's bullet (` - Interconnects : { … mlx5_0 }`): four A100 in NV12 pairs (GPU0-1, GPU2-3), each GPU on its own NUMA node and SYS between the pairs; the one NIC (mlx5_0) is NODE to GPU0 and SYS to GPU1-3, so three GPUs reach it only across the SMP interconnect (GPUDirect RDMA off there by default): a warning",
  },
  {
    file: 'topo/jax-11478-x12dpg-7gpu-nv12-pairs-pxb-sys-no-nics-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/jax-ml/jax/issues/11478',
    expert: 'not-judged',
    why: 'seven GPUs (tab-separated) on a SuperMicro X12DPG: two NV12-bridged pairs (GPU0-1, GPU3-4), the rest PXB/PIX on one socket and SYS to GPU5-6 on the other; no NIC in the matrix, cut inside the legend: GPU-NIC placement is not shown and cross-socket KV crosses the SMP interconnect',
  },
  {
    file: 'topo/gearshifft-pr-82-two-gpus-p100-soc-old-legend-german-comment.txt',
    tool: 'topo',
    source: 'https://github.com/mpicbg-scicomp/gearshifft/pull/82',
    expert: 'not-judged',
    why: "`nvidia topo -m` as typed (old driver, SOC label) of two GPUs on different sockets (SOC), then the author's German comment `# die P100 ist GPU0`: the only GPU-GPU path crosses the socket link, no NVLink and no NIC shown",
  },
  // threads of mined projects not taken before
  {
    file: 'topo/nccl-19-supermicro-6x-k80-topo-matrix-pix-soc-phb-legacy-legend.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/19',
    expert: 'not-judged',
    why: 'legacy `nvidia-smi topo --matrix` (SOC/PHB/PXB/PIX legend, header spaces, rows tabs) of six K80 dies on two sockets: PIX pairs, PHB within the second socket, SOC across sockets; no NVLink and no NIC column, so cross-socket pairs go through QPI and GPU-NIC placement is not shown',
  },
  {
    file: 'nccl-tests/nccl-318-p3dn-8x-v100-single-node-all-reduce-cut-at-16-bytes.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/318',
    expert: 'not-judged',
    why: 'single-node all_reduce_perf on eight V100-SXM2 (a p3dn): the header and ranks are shown, then the copy ends after the 8 B row and inside the 16 B row: no bandwidth at any size KV transfer uses, and no error',
  },
  {
    file: 'gdrcopy/gdrcopy-pr-184-copylat-geforce-rtx-2070-pin-buffer-code-22.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/pull/184',
    expert: 'problem',
    why: 'copylat on a GeForce RTX 2070: `error in gdr_pin_buffer with code=22`, "Does the selected GPU support GPUDirect RDMA?" and the assertion at copylat.cpp:195: GPU memory cannot be pinned for GPUDirect',
  },
  {
    file: 'perftest/rxe-dev-47-ibv-read-bw-rxe0-header-cut-before-rows.txt',
    tool: 'perftest',
    source: 'https://github.com/SoftRoCE/rxe-dev/issues/47',
    expert: 'problem',
    why: 'an RDMA_Read BW Test header on rxe0 (Soft-RoCE, RDMA in software) after "Device not recognized to implement inline feature" and an author\'s `.....`; the copy ends inside the header, before any row: software RDMA only',
  },
  {
    file: 'dmesg/spdk-1184-journalctl-rxe0-on-bond1-failed-sending-ack-bond0-released-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/spdk/spdk/issues/1184',
    expert: 'problem',
    why: 'journalctl kernel lines: Soft-RoCE rxe0 is set active on bond1 (RDMA in software), rdma_rxe logs "Failed sending ack", then bond0 releases both slaves and unregisters and its links report not ready; the copy ends inside the next line',
  },
  // second round, read after the first was scored
  {
    file: 'topo/areal-3-worker-8gpu-nv8-ten-nics-gpu0-pix-nic0-cut-in-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/areal-project/AReaL/issues/3',
    expert: 'not-judged',
    why: "a worker's `nvidia-smi topo -m` typed in a comment without a fence: eight GPUs at NV8 and ten NICs; GPU0 is PIX to NIC0 and SYS to NIC1-9; the copy ends inside GPU1's row, so GPU1-7's NIC paths and the NIC rows are not shown",
  },
];
