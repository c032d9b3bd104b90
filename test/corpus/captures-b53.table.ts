import type { Capture } from './captures.table.js';

/**
 * Corpus batch b53 (issue 38): Chinese and Korean technical blogs and personal notes. The `pages` corpus
 * holds only the opening of each page and its CJK blog pages opened on prose, not on tool output, so
 * these are the blogs' own sources as their authors keep them on GitHub (a GitBook, Jekyll and Hexo-style
 * posts, notes repositories), each file one code block, or one contiguous indented block, copied with
 * `git show <commit>:<path>` at the commit named. Blocks of the same posts that earlier batches or
 * test/fixtures hold were left out. See captures.table.ts and README.md. The expert verdict was written
 * before `read` ran on each capture.
 */
const HEIOY = 'https://github.com/Heioy/Books/blob/6e192e8bc53b5504df4bec2f64d20d3739818089';
const QZW = 'https://github.com/qzwlinux/Blog/blob';
const GNOSIA = 'https://github.com/gnosia93/training-on-eks/blob';
const LLM_ACTION =
  'https://github.com/liguodongiot/llm-action/blob/2413162b5f705e4778c93af6030df89d68c894f5/docs/llm-base/nvidia-smi.md';
const B5PAPER = 'https://github.com/B5paper/documents/blob';
const WENER =
  'https://github.com/wenerme/wener/blob/fe49839efa6c37ca74305f0a22c8f9b86ad6f43a/notes/network/link/infiniband.md';

export const CAPTURES_b53: Capture[] = [
  // ibstat
  {
    file: 'ibstat/ai-fundermentals-zh-ib-theory-dollar-ibstat-one-cx7-mt4129-active-200.txt',
    tool: 'ibstat',
    source:
      'https://github.com/ShinnChou/AI-fundermentals/blob/f51d7a28674ef2b289093ea956345398509ee7b4/03_ai_cluster_ops/02_infiniband/01_ib_network_theory.md',
    expert: 'no-problem',
    why: 'a Chinese InfiniBand guide: `$ ibstat` with one ConnectX-7 CA (MT4129), its one port Active/LinkUp at rate 200, InfiniBand link layer with a LID and an SM LID; the whole output',
  },
  {
    file: 'ibstat/heioy-books-zh-ibstat-ca-port-2-unindented-active-56.txt',
    tool: 'ibstat',
    source: `${HEIOY}/chang-yong-ming-ling/xin-xi-pian/ibstat.md`,
    expert: 'no-problem',
    why: "a Chinese GitBook: `#ibstat mlx4_0 2`, one port asked for, printed flush left (`CA: 'mlx4_0'`, `Port 2:`): Active/LinkUp at 56 (FDR, about 6.8 GB/s of data, above the 5 GB/s floor), LID 12, InfiniBand; the port the user asked for is whole and up",
  },
  {
    file: 'ibstat/heioy-books-zh-ibstat-s-two-cas-no-port-blocks.txt',
    tool: 'ibstat',
    source: `${HEIOY}/chang-yong-ming-ling/xin-xi-pian/ibstat.md`,
    expert: 'not-judged',
    why: 'the same GitBook: `#ibstat -s`, two ConnectX-3 CAs (MT4099, two ports each) with their firmware and GUIDs but no Port blocks, so no port state or rate is shown',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/qzwlinux-blog-zh-indented-v-cx3-one-port-active-4x-10g-qdr.txt',
    tool: 'ibv_devinfo',
    source: `${QZW}/17a3d0cd9d07d4d2bb4e29d1a9394a48ac6f8f77/Infiniband/ibv_info.md#L22-L146`,
    expert: 'problem',
    why: 'a Chinese blog, markdown-indented: `# ibv_devinfo -v` of one ConnectX-3 (mlx4_0, one port): PORT_ACTIVE, LINK_UP, active_width 4X at 10.0 Gbps, i.e. QDR 40 Gb/s signalling, 32 Gb/s of data (4 GB/s): the only port cannot carry the 5 GB/s KV floor',
  },
  // rdma-link (ibdev2netdev)
  {
    file: 'rdma-link/qzwlinux-blog-zh-indented-dollar-ibdev2netdev-cx5-ib0-up-ib1-down.txt',
    tool: 'rdma-link',
    source: `${QZW}/5e15b971abfa29a224679501645184cd5ae59b82/Infiniband/NUMA_NETWORK.md#L8-L12`,
    expert: 'not-judged',
    why: 'the same blog, indented four spaces with blank lines between rows: `$ ibdev2netdev`, mlx5_0 port 1 ==> ib0 (Up), mlx5_1 port 1 ==> ib1 (Down); one port up, the second down, and nothing shows the down port is in use (a warning)',
  },
  {
    file: 'rdma-link/qzwlinux-blog-zh-indented-double-spaced-ibdev2netdev-cx3pro-cx4-two-up-two-down-then-numa.txt',
    tool: 'rdma-link',
    source: `${QZW}/b887261bbbb61e2284c94cc1926be7f5a4246260/Infiniband/NUMA_Performance.md#L45-L63`,
    expert: 'not-judged',
    why: 'the same blog, double-spaced and indented: `# ibdev2netdev` on a host with a ConnectX-3 Pro and a ConnectX-4 (Ethernet netdevs): mlx4_0/1 and mlx5_1/1 Up, mlx4_0/2 and mlx5_0/1 Down, then two `cat …/numa_node` commands; half the ports down, none shown to be in use (warnings)',
  },
  // nccl-tests
  {
    file: 'nccl-tests/b5paper-notes-zh-list-indented-xauth-lines-two-node-v100-pcie-tcp-1gbs.txt',
    tool: 'nccl-tests',
    source: `${B5PAPER}/bca778587a379882fc6d197e630526fce519c4da/High%20Performance%20Computing/nccl/nccl_note.md#L4187-L4227`,
    expert: 'problem',
    why: 'Chinese personal notes, a list-indented block: four X11 "Authorization required" lines, then all_reduce_perf with one V100-PCIE rank on each of two hosts (sw53, sw54): busbw levels at 0.99 GB/s up to 128 MiB, far below the 5 GB/s cross-node floor; #wrong 0',
  },
  {
    file: 'nccl-tests/b5paper-notes-zh-container-a100-2gpu-nccl-debug-no-ib-device-p2p-192gbs.txt',
    tool: 'nccl-tests',
    source: `${B5PAPER}/916199ceb2cf59a0cb42f9f31441b30f83b283ce/High%20Performance%20Computing/nccl/all_reduce_perf_2_gpu.log`,
    expert: 'not-judged',
    why: 'the same notes, indented: NCCL_DEBUG=INFO all_reduce_perf -g 2 on two A100-SXM4 in a container: P2P/direct pointer channels and busbw 157–192 GB/s, #wrong 0, so the one-node figures are healthy; but NCCL reports "NET/IB : No device found" and picks NET/Socket on eth0, so any cross-node transfer from this container would go over TCP (a warning)',
  },
  // nvlink
  {
    file: 'nvlink/gnosia93-eks-ko-pod-prompt-a100-nvlink-s-gpu0-12-links-25gbs-gpu1-cut.txt',
    tool: 'nvlink',
    source: `${GNOSIA}/b1bf369436b35029b5dc1c617fe04875c6aefbe0/appendix/a3.training-perf-topology.md`,
    expert: 'not-judged',
    why: 'a Korean EKS training guide, pod prompt: `nvidia-smi nvlink -s` on A100-SXM4-40GB: GPU 0 has all 12 links at 25 GB/s, GPU 1 is cut after Link 1 and the other GPUs of the node are not shown',
  },
  {
    file: 'nvlink/gnosia93-eks-ko-pod-prompt-h100-nvlink-s-gpu0-18-links-gpu1-cut.txt',
    tool: 'nvlink',
    source: `${GNOSIA}/b1bf369436b35029b5dc1c617fe04875c6aefbe0/appendix/a3.training-perf-topology.md`,
    expert: 'not-judged',
    why: 'the same guide: `nvidia-smi nvlink -s` on H100 80GB HBM3: GPU 0 has all 18 links at 26.562 GB/s, GPU 1 is cut after Link 1 and the rest of the node is not shown',
  },
  {
    file: 'nvlink/llm-action-zh-h800-nvlink-capabilities-gpu0-1-and-7-elided-link-supported-false.txt',
    tool: 'nvlink',
    source: LLM_ACTION,
    expert: 'not-judged',
    why: 'a Chinese LLM notes repo: a comment line, then `nvidia-smi nvlink --capabilities` on 8 H800: GPUs 0, 1 and 7 list P2P, system-memory and atomics support true on links 0–7 but "Link is supported: false" on each, and GPUs 2–6 are elided (`...`); capability lines do not say whether links are up',
  },
  {
    file: 'nvlink/llm-action-zh-h800-nvlink-gt-r-raw-counters-gpus-3-5-elided.txt',
    tool: 'nvlink',
    source: LLM_ACTION,
    expert: 'not-judged',
    why: 'the same notes: `nvidia-smi nvlink -gt r` on H800, raw Tx/Rx KiB counters for links 0–7 of GPUs 0, 1, 2, 6 and 7 with GPUs 3–5 elided (`...`): throughput counters, not link state, and part of the node is not shown',
  },
  // perftest
  {
    file: 'perftest/qzwlinux-blog-zh-indented-double-spaced-raw-ethernet-lat-server-cx-64b-0.85us.txt',
    tool: 'perftest',
    source: `${QZW}/7fed229553f7756c629dfdaebb9e891d2aec7cb3/Infiniband/raw_ethernet_lat.md#L143-L195`,
    expert: 'not-judged',
    why: 'the same blog, double-spaced and indented: `raw_ethernet_lat … --server` on mlx5_1 (RawEth, Ethernet link): one 64-byte row, 1000 iterations, t_typical 0.85 us; it completed, but a raw-Ethernet latency row measures no RDMA bandwidth to hold against a link',
  },
  // topo
  {
    file: 'topo/gnosia93-eks-ko-4gpu-node-no-nvlink-no-nic-columns.txt',
    tool: 'topo',
    source: `${GNOSIA}/9d2046f9c49e9c9119eaa57ff58f24ad1502054f/chapter/c7-training-optimization-intra-topology.md`,
    expert: 'not-judged',
    why: 'the Korean guide: `# nvidia-smi topo -m` of 4 GPUs on one NUMA node, every pair NODE (PCIe across host bridges, no NVLink: KV between them crosses the host bridges, a warning); the matrix has no NIC columns, so where the RDMA NICs sit is not shown',
  },
  {
    file: 'topo/gnosia93-eks-ko-8gpu-nv18-two-numa-no-nic-columns.txt',
    tool: 'topo',
    source: `${GNOSIA}/9d2046f9c49e9c9119eaa57ff58f24ad1502054f/chapter/c7-training-optimization-intra-topology.md`,
    expert: 'not-judged',
    why: "the same guide: `# nvidia-smi topo -m` of 8 GPUs all NV18 to each other over two NUMA nodes, legend whole; no NIC columns, so the GPUs' paths to the RDMA NICs are not shown",
  },
  // dmesg
  {
    file: 'dmesg/wener-notes-zh-mlx4-boot-pcie-5gts-x8-en-port-init-ib-add-no-link-line.txt',
    tool: 'dmesg',
    source: WENER,
    expert: 'problem',
    why: 'Chinese notes (启动内核信息): mlx4_core reports a PCIe link of 5.0 GT/s x8 (and the device supports no more), i.e. about 32 Gb/s, 4 GB/s, so this NIC cannot move KV at the 5 GB/s floor; mlx4_en initialises port 1 and mlx4_ib registers, no error, no link-up line',
  },
  {
    file: 'dmesg/wener-notes-zh-no-stamps-mlx4-v4-32gbs-pcie-eth4-link-up-down-down-up.txt',
    tool: 'dmesg',
    source: WENER,
    expert: 'problem',
    why: 'the same notes, lines without timestamps: mlx4_core v4.0 reports "32.000 Gb/s available PCIe bandwidth (5.0 GT/s PCIe x8 link)", a 4 GB/s ceiling under the 5 GB/s floor; mlx4_en eth4 then goes Link Up, Link Down, Link Down, Link Up (a flap)',
  },
  // second sub-batch (read before read ran on them, as the first): more blocks of the same sources
  {
    file: 'ibstat/heioy-books-zh-ibstat-p-four-port-guids-only.txt',
    tool: 'ibstat',
    source: `${HEIOY}/chang-yong-ming-ling/xin-xi-pian/ibstat.md`,
    expert: 'not-judged',
    why: 'the Chinese GitBook: `#ibstat -p`, four port GUIDs and nothing else: no port state or rate is shown',
  },
  {
    file: 'ibstat/heioy-books-zh-check-nic-state-ibstat-one-cx3-two-ports-active-56.txt',
    tool: 'ibstat',
    source:
      'https://github.com/Heioy/Books/blob/3000b8dadf60ef8cae68c969e055f19768870d81/an-zhuang-pei-zhi/jian-cha-wang-ka-zhuang-tai.md',
    expert: 'no-problem',
    why: 'the same GitBook (检查网卡状态): `#ibstat`, one ConnectX-3 (MT4099) with both ports Active/LinkUp at 56 (FDR, about 6.8 GB/s of data, above the 5 GB/s floor) and LIDs from the SM; the whole output',
  },
  {
    file: 'topo/gnosia93-eks-ko-8gpu-nv12-two-numa-no-nic-columns.txt',
    tool: 'topo',
    source: `${GNOSIA}/9d2046f9c49e9c9119eaa57ff58f24ad1502054f/chapter/c7-training-optimization-intra-topology.md`,
    expert: 'not-judged',
    why: 'the Korean EKS guide: `# nvidia-smi topo -m` of 8 GPUs all NV12 to each other over two NUMA nodes (an A100 board), legend whole; no NIC columns, so where the RDMA NICs sit is not shown',
  },
  {
    file: 'nccl-tests/b5paper-notes-zh-container-a100-2gpu-sendrecv-nccl-debug-no-ib-device-p2p-212gbs.txt',
    tool: 'nccl-tests',
    source: `${B5PAPER}/916199ceb2cf59a0cb42f9f31441b30f83b283ce/High%20Performance%20Computing/nccl/sendrecv_perf_2_gpu.log`,
    expert: 'not-judged',
    why: 'the Chinese notes, indented: NCCL_DEBUG=INFO sendrecv_perf -g 2 on two A100-SXM4 in a container: P2P/direct pointer channels, busbw 153–212 GB/s, out of bounds 0 OK (in-place #wrong N/A, as sendrecv prints it), so the one-node figures are healthy; NCCL finds no IB device ("NET/IB : No device found") and falls to NET/Socket, so cross-node transfers from this container would go over TCP (a warning)',
  },
];
