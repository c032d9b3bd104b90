/**
 * Disagreements on the later corpus batches (b2–b9), each with its cause. Two kinds:
 * - TOOL: `read` misses by one of issue 38's principles (P1 read what is there, P2 not shown is not
 *   absent, P3 use the paste's context, P4 failures without a summary, P5 severity follows the
 *   consequence); the reader needs a fix in the principle's terms, never one tuned to the capture.
 * - READING: the expert's verdict (written first, kept as written) rests on a convention the project
 *   does not share, or on context outside the paste; the tool's verdict follows a stated rule.
 */
export const KNOWN_DISAGREEMENTS_B2: Record<string, string> = {
  // TOOL, P2: not shown is read as absent or failed.
  // TOOL, P3: context.
  'topo/sglang-11208-gb200-4gpu-nv18-nics-sys-cut.txt':
    'READING: cut inside GPU3; read skips topo.cut (the P3 part is fixed: GPU NUMA IDs 2/10/18 mark Grace, GPU→NIC SYS is read as the design, gdr.nic-affinity ok)',
  // READING: cut or elided pastes whose visible part is healthy; the tool withholds a pass for the rest.
  'topo/nccl-933-8gpu-nv8-9nic-pix-cut.txt':
    'READING: the matrix is cut at GPU7; read skips topo.cut (a skip is never a pass); the expert judged the visible rows',
  'topo/sglang-13973-8gpu-nv18-9nic-pix-cut.txt':
    'READING: cut at GPU6; read skips topo.cut; the expert judged the visible rows',
  // The same reading where the paste stops after whole rows: the header's GPUs without a row are not shown
  // (topo.cut, as for a row cut mid-cell; the b16/b18 experts withheld the pass for this very shape).
  'topo/nccl-1505-dgx-a100-nv12-12nic-pxb-cut.txt':
    'READING: rows GPU4-7 are not in the paste; read skips topo.cut; the expert judged the visible rows',
  'topo/nccl-tests-78-dgx2-16gpu-nv6-mlx5-names-cut.txt':
    'READING: rows after GPU4 are not in the paste; read skips topo.cut; the expert judged the visible rows',
  'topo/sglang-26541-b200-16nic-gpu0-row-only-cut.txt':
    'READING: only the GPU0 row is in the paste; read skips topo.cut; the expert judged the visible row',
  'ibstatus/nccl-1866-roce-100g-2-active-cut.txt':
    'READING: the third device is cut before its state; read skips it; the expert judged the two whole ports',
  'nvlink/nccl-tests-228-a100-12x25-tabs-elided.txt':
    'READING: GPU2 is elided after one link; read skips its link count (the elision is correctly not data); the expert judged GPU0/GPU1',
  // READING: no expectation in the paste; the expert used the thread's context.
  'nccl-tests/mooncake-3484-rows-only-300gbs-cut.txt':
    'READING: rows up to 32 MiB only; read judges busbw from 64 MiB and with a known fabric; the expert took 300 GB/s as NVLink-class',
  'nccl-tests/nccl-tests-44-2080ti-nvlink-bridge-21gbs-summary-cut.txt':
    "READING: 21.9 GB/s with no line rate in the paste; the NVLink bridge is in the thread's title, not in the paste",
  'nixlbench/nixl-115-legacy-mpirun-single-node-nvlink-cut.txt':
    'READING: 84.5 GB/s with the link unknown (a hostfile, no transport line); "single node" is in the PR text, not in the paste',
  // READING: fitness for KV transfer (the project's 5 GB/s cross-node floor) against link health.
  'perftest/ucx-9430-cx3-rocev1-send-bw-rdma-cm-36g.txt':
    "READING: 36 Gb/s (4.5 GB/s) is under the project's cross-node KV floor of 5 GB/s; read fails it for KV, the expert judged the link healthy",
  'ibv_devinfo/k8s-rdma-shared-164-port-block-only-25g-markdown-gid.txt':
    'READING: a healthy 25 GbE RoCE port is under the KV floor (50 Gb/s); read fails ib.ports for KV, the expert judged the port healthy (the headless block and the ** were read fine)',
  'topo/ucx-6327-dgx1-v100-cube-mesh-nv1-nv2-sys-cut.txt':
    'READING: cut inside GPU1; read skips topo.cut (the P3 part is fixed: the DGX-1 hybrid cube-mesh, NV1/NV2 to four peers, is read as the design, nvlink.topology ok)',
  // READING (first reading): a row cut short at the paste's end; read names the cut (read.cut), the first
  // reader judged the rows shown (the second reading agrees with read).
  'show_gids/mooncake-1617-mi355-roce-ipv6-ula-v2-typo-prompt-cut.txt':
    'READING: the table ends inside a row (`rocep1`); read skips read.cut (the rows after it are not shown); the expert judged the rows shown',
  'dev-infiniband/k8s-rdma-shared-98-host-ls-alh-uverbs0-rw-cut.txt':
    'READING: the listing ends inside the row after uverbs0 (umad0–9 listed, uverbs1–9 not shown); read skips read.cut; the expert judged the entries shown',
  // READING (first reading): a device the paste stops inside before its ports; read skips ib.port for it (its
  // ports are not shown), the first reader judged the ports shown (the second reading agrees with read).
  'ibstat/pplx-garden-2-bluefield3-bond-roce-200-active-cut.txt':
    "READING: cut inside mlx5_bond_2's block before its Port; read skips ib.port mlx5_bond_2 (not shown); the expert judged the two bonds shown",
  'ibv_devinfo/deepep-137-h20-cx7-bond-roce-active-cut.txt':
    "READING: cut inside mlx5_bond_1's block before its port; read skips ib.port mlx5_bond_1 (not shown); the expert judged the port shown",
  'ibv_devinfo/deepep-38-h100-roce-headless-cx7-active-cut.txt':
    "READING: cut inside mlx5_3's block after node_guid; read skips ib.port mlx5_3 (not shown); the expert judged the ports shown",
  'ibv_devinfo/deepep-55-ib-vf-ports-active-headless-cut.txt':
    "READING: cut inside mlx5_4's block after its first line; read skips ib.port mlx5_4 (not shown); the expert judged the ports shown",
};
