import type { Capture } from './captures.table.js';

/**
 * Corpus batch b66 (issue 38). Each file is one contiguous part of one public source at the commit or address
 * named, copied byte for byte. The expert reading of each capture was written before `read` ran on it. See README.md.
 *
 * Sources no table had named: a DGX-Spark-class write-up on two ASUS Ascent GX10 boxes (myers-dev/connecting-two-sparks),
 * Intel's RPMem shuffle guide for Spark (Intel-bigdata/Spark-PMoF), a Korean command-notes repository
 * (horoyoiiv/linux-command), and `collect_env` / `check_env` topology blocks of vLLM and SGLang issues no table had
 * taken (the stored copy of each thread ends inside the matrix, so those files are named `cut`).
 */
const MYERS =
  'https://github.com/myers-dev/connecting-two-sparks/blob/221e8e11af2c545218e862bb17a05a7125085815/blog.md';

export const CAPTURES_b66: Capture[] = [
  // rdma-link
  {
    file: 'rdma-link/spark-pmof-rpmem-guide-rdma-link-old-format-i40iw-and-cx4-one-port-down-disabled.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/Intel-bigdata/Spark-PMoF/blob/3c8ac267d77066e70c97499a11910d39aef8beae/doc/RPMem_shuffle_enabling_guide.md#L253-L257',
    expert: 'not-judged',
    why: '`rdma link` in the older iproute2 layout (`index/port: dev/port:` prefix), the whole listing under its command: Intel X722 iWARP i40iw0 DOWN (NOP) and i40iw1 ACTIVE, ConnectX-4 mlx5_0 DOWN/DISABLED on ens803f0 and mlx5_1 ACTIVE/LINK_UP on ens803f1; each NIC keeps one active RDMA port, the down ports are spares (the guide goes on to use ens803f1): a warning',
  },
  {
    file: 'rdma-link/myers-connecting-two-sparks-gx10-rdma-link-four-roce-ports-active-prompt.txt',
    tool: 'rdma-link',
    source: `${MYERS}#L93-L97`,
    expert: 'no-problem',
    why: '`rdma link` under a root prompt on an ASUS Ascent GX10 (GB10, ConnectX-7 in multi-host mode): all four RoCE functions (rocep1s0f0/f1, roceP2p1s0f0/f1) ACTIVE/LINK_UP with their netdevs; the whole listing',
  },
  // nccl-tests
  {
    file: 'nccl-tests/myers-connecting-two-sparks-alltoall-one-row-kept-17gbps-avg-6-7.txt',
    tool: 'nccl-tests',
    source: `${MYERS}#L153-L160`,
    expert: 'not-judged',
    why: 'two-box `alltoall_perf` over one 200 GbE RoCE port with the rows the author cut away: the header keeps its first lines but no device/rank lines, one result row (8 GiB, 17.21/17.52 GB/s bus bandwidth, 0 wrong) and the average line (6.73, over all sizes) and the closing line; the one row is healthy, but the ranks, so whether the run crossed the nodes, and the other sizes are not shown',
  },
  {
    file: 'nccl-tests/myers-connecting-two-sparks-alltoall-two-ifaces-six-rows-no-header-18gbps.txt',
    tool: 'nccl-tests',
    source: `${MYERS}#L236-L243`,
    expert: 'not-judged',
    why: 'six `alltoall_perf` result rows (256 MiB to 8 GiB, bus bandwidth 16.9-18.3 GB/s, 0 wrong) and the average line, with no header, no device/rank lines and no smaller sizes: the rows are healthy but which ranks ran on which node is cut away',
  },
  {
    file: 'nccl-tests/myers-connecting-two-sparks-bond0-net-ib-completion-status-12-test-nccl-failure.txt',
    tool: 'nccl-tests',
    source: `${MYERS}#L394-L399`,
    expert: 'problem',
    why: '`alltoall_perf` over a bonded RoCE pair: `NCCL WARN NET/IB: Got completion from peer ... with status=12` (transport retry count exceeded) on roceP2p1s0f0, the communicator aborts and `Test NCCL failure common.cu:401 remote process exited or there was a network error`: the cross-node test fails',
  },
  // topo
  {
    file: 'topo/vllm-53237-collect-env-four-gpus-nv18-each-pix-nic-eight-nics-cut-in-nic1-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/53237',
    expert: 'no-problem',
    why: "vLLM `collect_env` GPU Topology (tab-separated, header indented): four GPUs all NV18 to each other, each with its own PIX NIC (NIC0-NIC3), NIC4-7 on the other socket (SYS); every GPU row is whole, the cut falls in the NIC rows (NIC1's row) and the legend, which the question does not need",
  },
  {
    file: 'topo/vllm-20609-collect-env-four-gpus-pix-no-nvlink-two-nics-node-only-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/20609',
    expert: 'not-judged',
    why: "four GPUs behind one PCIe switch (PIX to each other, no NVLink) and two NICs (a PIX pair) that every GPU reaches only at NODE: GPUDirect RDMA crosses the host bridge (beyond NCCL's default PXB level), so cross-node KV stages through host memory: a warning; all rows whole, cut inside the legend",
  },
  {
    file: 'topo/vllm-11449-collect-env-one-gpu-sixteen-nics-four-pxb-flush-left-cut-at-nic2.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/11449',
    expert: 'no-problem',
    why: 'one GPU (its row whole) among sixteen NICs, four of them PXB to it (NIC0-2, NIC14), the rest SYS; header flush left, the affinity columns glued by one space; cut at the NIC2 row label, in the NIC rows (mirrors of the GPU column) before the legend',
  },
  {
    file: 'topo/sglang-16786-check-env-h20-3e-tabs-four-nics-for-eight-gpus-gpu0-gpu2-node-only-cut-in-gpu4-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/16786',
    expert: 'not-judged',
    why: 'SGLang `check_env` on H20-3e (tabs): eight GPUs NV18, only four NICs; GPU1, GPU3 and GPU4 each have a PIX NIC but GPU0 and GPU2 reach a NIC only at NODE (a warning); cut inside the GPU4 row, GPU5-7 not shown',
  },
  {
    file: 'topo/sglang-748-check-env-ten-rtx-2080-ti-pix-node-nv2-bridges-no-nic-cut-in-gpu3-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/748',
    expert: 'not-judged',
    why: 'ten RTX 2080 Ti: pairs joined by NVLink bridges (NV2: GPU0-GPU9, GPU1-GPU3, GPU2-GPU4), every other pair over PCIe (PIX/NODE) or SYS, and no NIC in the matrix, so no RDMA path is shown; cut inside the GPU3 row',
  },
  {
    file: 'topo/vllm-8691-collect-env-nv18-ten-nics-header-and-row-columns-glued-cut-after-gpu0.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/8691',
    expert: 'not-judged',
    why: 'NV18 node with ten NICs, the page gluing header and row cells (`NIC7NIC8`, `SYSSYS`): GPU0 PIX to NIC0; only GPU0 row, GPU1-GPU7 cut',
  },
  {
    file: 'topo/sglang-3817-check-env-h200-nv18-ten-nics-even-cpu-affinity-cut-in-gpu2-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/3817',
    expert: 'not-judged',
    why: 'H200 NV18 with ten NICs: GPU0 PIX to NIC0, GPU1 PIX to NIC1 (affinity 0,2,4,6,8,10); cut at the start of the GPU2 row, GPU2-GPU7 not shown',
  },
  {
    file: 'topo/sglang-5765-check-env-h800-nv8-eighteen-nics-pix-pairs-affinity-glued-cut-in-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/5765',
    expert: 'not-judged',
    why: 'H800 (NV8 between every pair), eighteen NICs: GPU0 PIX to NIC0/NIC1, PXB to NIC2/NIC3, its affinity cells glued by the page (`0-27  0N/A`); GPU1 row cut inside its NIC cells, GPU2-GPU7 missing',
  },
  {
    file: 'topo/sglang-854-check-env-lambda-oci-h100-nv18-eighteen-nics-gpu0-pxb-pair-cut-in-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/854',
    expert: 'not-judged',
    why: 'H100 NV18 on a cloud host with eighteen NICs: GPU0 PXB to NIC0/NIC1; cut inside the GPU1 row, GPU2-GPU7 not shown',
  },
  // memlock
  {
    file: 'memlock/horoyoiiv-linux-command-ko-notes-ulimit-a-soft-max-locked-16384-kb.txt',
    tool: 'memlock',
    source:
      'https://github.com/horoyoiiv/linux-command/blob/9beebefed164b42a4d85ef5dfea20b8ee2a9ae8d/status/ulimit.md#L11-L28',
    expert: 'problem',
    why: '`ulimit -a` (a blank line after the prompt, then the bash listing): max locked memory 16384 KiB (16 MiB), so registering host KV or staging buffers beyond 16 MiB for RDMA fails',
  },
];
