/**
 * Published figures the RDMA bars are calibrated on (references/expected-bandwidth.md,
 * "Published figures"): healthy links at each speed, and links known to be degraded. Each
 * healthy figure must pass the bars with RDMA_CALIBRATION_MARGIN to spare, each degraded one
 * must fail (src/judge/published-figures.test.ts runs every one through the judge). Data only.
 *
 * `rows`: how the tool kept the link busy. `in-flight`: many operations posted at once
 * (ib_write_bw --tx-depth 128, ucx_perftest's window of 32, NCCL's channels, libfabric
 * pipelines, the nixl probe's in-flight row); `one-at-a-time`: nixlbench's default
 * `--pipeline_depth 1`.
 */

export interface PublishedFigure {
  tool: string;
  link: string;
  /** Line rate of the ports the figure is for, Gb/s (EFA per GPU on p5: 4 × 100; one device: 100 or 200). */
  lineGbps: number;
  /** The figure, GB/s (10^9 B/s), converted from what the source printed. */
  gbps: number;
  rows: 'in-flight' | 'one-at-a-time';
  healthy: boolean;
  /** Where it was published, and what it said. */
  source: string;
}

/** How far inside its band a figure must sit: 5 % of line. */
export const RDMA_CALIBRATION_MARGIN = 0.05;

export const PUBLISHED_FIGURES: readonly PublishedFigure[] = [
  // 400 Gb/s
  {
    tool: 'nixlbench (UCX, DRAM, 16 MiB)',
    link: '400G RoCE (AMD AINIC)',
    lineGbps: 400,
    gbps: 42.6,
    rows: 'one-at-a-time',
    healthy: true,
    source: 'ai-dynamo/nixl PR #1647 comment 2026-05-15: "341 Gb/s = 42.6 GB/s", 85% of line rate',
  },
  {
    tool: 'NCCL (per NIC)',
    link: 'NDR 400G InfiniBand (ConnectX-7)',
    lineGbps: 400,
    gbps: 46,
    rows: 'in-flight',
    healthy: true,
    source:
      'NVIDIA/nccl-tests#290, NCCL maintainer: "For NDR @ 400Gbps you should see 46-48GB/s per NIC" (the low end)',
  },
  {
    tool: 'ib_write_bw with GPUDirect RDMA (health check pass bar)',
    link: 'NDR 400G InfiniBand (Azure ND H100 v5)',
    lineGbps: 400,
    gbps: 380 / 8,
    rows: 'in-flight',
    healthy: true,
    source: 'Azure/azurehpc-health-checks PR #38 README: check_ib_bw_loop_gdr expects 380 (Gb/s) on NDv5',
  },
  {
    tool: 'NFS over RDMA, GPUDirect Storage (4 GPUs)',
    link: '400GbE RoCE (ConnectX-7)',
    lineGbps: 400,
    gbps: 347 / 8,
    rows: 'in-flight',
    healthy: true,
    source: 'gds-bench.farmgpu.net/nfsordma: "347 Gbps on the 400 GbE NIC", NIC-bound',
  },
  // 200 Gb/s
  {
    tool: 'NCCL (per NIC)',
    link: 'HDR 200G InfiniBand',
    lineGbps: 200,
    gbps: 24,
    rows: 'in-flight',
    healthy: true,
    source: 'NVIDIA/nccl-tests#119, NCCL maintainer: "24GB/s is the peak performance per 200G NIC"',
  },
  {
    tool: 'ib_write_bw with GPUDirect RDMA (health check pass bar)',
    link: 'HDR 200G InfiniBand (Azure ND A100 v4)',
    lineGbps: 200,
    gbps: 180 / 8,
    rows: 'in-flight',
    healthy: true,
    source: 'Azure/azurehpc-health-checks PR #38 README: check_ib_bw_loop_gdr expects 180 (Gb/s) on NDv4',
  },
  {
    tool: 'ib_write_bw (expected)',
    link: 'HDR 200G InfiniBand (Azure ND A100 v4, AKS)',
    lineGbps: 200,
    gbps: 185 / 8,
    rows: 'in-flight',
    healthy: true,
    source: 'Azure/azurehpc-health-checks#46: "the expected IB network BW of 185 Gbps on ... NDv4"',
  },
  {
    tool: 'ib_write_bw (measured, pairs of HCAs)',
    link: 'HDR 200G InfiniBand (Azure ND A100 v4, AKS)',
    lineGbps: 200,
    gbps: 194 / 8,
    rows: 'in-flight',
    healthy: true,
    source: 'Azure/azurehpc-health-checks#46: "I was able to achieve ~194 Gbps" once pinned right',
  },
  // 100 Gb/s
  {
    tool: 'ucx_perftest -t ucp_put_bw -m cuda (rc_mlx5, 1 GiB)',
    link: '100G (mlx5_0)',
    lineGbps: 100,
    gbps: (11513.92 * 1.048576) / 1000,
    rows: 'in-flight',
    healthy: true,
    source:
      'test/fixtures/ucx_perftest/ucp-put-bw-cuda-rc-mlx5-protoinfo.log: 11513.92 MiB/s (fxzjshm.github.io post)',
  },
  {
    tool: 'ib_write_bw -a --report_gbits',
    link: 'EDR 100G InfiniBand',
    lineGbps: 100,
    gbps: 96.6 / 8,
    rows: 'in-flight',
    healthy: true,
    source: 'forums.developer.nvidia.com/t/273376: "the bandwidth ceiling is 96.6Gbps"',
  },
  {
    tool: 'ib_write_bw',
    link: '100 Gb/s InfiniBand',
    lineGbps: 100,
    gbps: (11728.47 * 1.048576) / 1000,
    rows: 'in-flight',
    healthy: true,
    source:
      'linux-rdma/perftest#225: "BW average[MB/sec] value was 11728.47, which falls within the expected range"',
  },
  {
    tool: 'NCCL (per NIC)',
    link: '100G InfiniBand',
    lineGbps: 100,
    gbps: 12,
    rows: 'in-flight',
    healthy: true,
    source: 'NVIDIA/nccl-tests#119, NCCL maintainer: "12 GB/s for 100G NICs"',
  },
  // EFA: per GPU (p5: 4 × 100G; p5en: 2 × 200G) or per EFA device, as the figure was measured
  {
    tool: 'libfabric RDMA write (own program)',
    link: 'EFA, AWS p5 (32 × 100G per node, 4 per GPU)',
    lineGbps: 400,
    gbps: 0.97 * 50,
    rows: 'in-flight',
    healthy: true,
    source:
      'le.qun.ch/en/blog/2024/12/25/libfabric-efa-0-intro (Perplexity): "utilize 97% of the bandwidth" of 3200 Gbps',
  },
  {
    tool: 'Libefaxx write bench, libfabric RDMA write, MultiDMA 1 GiB (GPU memory split over 4 EFAs)',
    link: 'EFA, AWS p5 (4 × 100G per GPU)',
    lineGbps: 400,
    gbps: 380.0 / 8,
    rows: 'one-at-a-time',
    healthy: true,
    source:
      'github.com/crazyguitar/Libefaxx experiments/write/README.md (p5.48xlarge): MultiDMA 1G "380.00", "MultiDMA scales to ~380 Gbps (95% of 4x100G aggregate)"',
  },
  {
    tool: 'Libefaxx write bench, libfabric RDMA write, SingleDMA 1 GiB (GPU memory, one EFA)',
    link: 'EFA, AWS p5 (one 100G EFA)',
    lineGbps: 100,
    gbps: 97.71 / 8,
    rows: 'one-at-a-time',
    healthy: true,
    source:
      'github.com/crazyguitar/Libefaxx experiments/write/README.md (p5.48xlarge): SingleDMA 1G "97.71" Gb/s, "SinglePin and SingleDMA achieve ~97% bus bandwidth utilization on a single EFA channel"',
  },
  {
    tool: 'ib_write_bw -c SRD --use_cuda -q 6 -t 20 -s 8192 --report_gbits (GPU0 and its nearest EFA)',
    link: 'EFA, AWS p5en (one 200G EFA; 2 per GPU)',
    lineGbps: 200,
    gbps: 171.5 / 8,
    rows: 'in-flight',
    healthy: true,
    source: 'uccl-project/uccl#377 (p5en): "GPU0 + rdmap85s0" (distance 2) "BW average[Gb/sec] 171.50"',
  },
  // Degraded: each must fail.
  {
    tool: 'any (a 400G port trained to 200G)',
    link: 'NDR 400G at half speed',
    lineGbps: 400,
    gbps: 25,
    rows: 'in-flight',
    healthy: false,
    source: 'a port at half its rate carries at most half: 200 Gb/s of 400 (issue 37 item 5)',
  },
  {
    tool: 'NFS over RDMA, one GPU (PCIe Gen4 x16 bound)',
    link: '400GbE RoCE behind one L40S',
    lineGbps: 400,
    gbps: (26.4 * 1024 ** 3) / 1e9,
    rows: 'in-flight',
    healthy: false,
    source: 'gds-bench.farmgpu.net/nfsordma: "Single-GPU ceiling (PCIe-bound) 26.4 GiB/s"',
  },
  {
    tool: 'ib_write_bw with GPUDirect RDMA, mispinned',
    link: 'HDR 200G InfiniBand (Azure ND A100 v4, AKS)',
    lineGbps: 200,
    gbps: 30 / 8,
    rows: 'in-flight',
    healthy: false,
    source: 'Azure/azurehpc-health-checks#46: "I was only able to achieve about ~30 Gbps"',
  },
  {
    tool: 'nixlbench VRAM, host-staged (no GPUDirect RDMA)',
    link: '400G (H200 + ConnectX-7)',
    lineGbps: 400,
    gbps: 1,
    rows: 'one-at-a-time',
    healthy: false,
    source: 'ai-dynamo/nixl#1695 (test/fixtures/nixlbench/ucx-vram-h200-cx7-400g-degraded.log)',
  },
  {
    tool: 'nixlbench over EFA without GPUDirect',
    link: 'EFA, 4 × 100G',
    lineGbps: 400,
    gbps: 0.324,
    rows: 'one-at-a-time',
    healthy: false,
    source: 'ai-dynamo/nixl#1021: "nixlbench 0.324 GB/s"',
  },
];
