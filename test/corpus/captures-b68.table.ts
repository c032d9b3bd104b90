import type { Capture } from './captures.table.js';

/**
 * Corpus batch b68 (issue 38): fabric-project threads (perftest, UCX, Open MPI, ParallelCluster, Azure HPC images),
 * and an HPC vendor's admin manual. Each file is one contiguous part of one public source at the
 * commit or address named, copied byte for byte (issue threads from their stored copy, cut where it ends). The expert
 * reading of each capture was written before `read` ran on it. See README.md.
 */
const QLUSTAR =
  'https://docs.qlustar.com/Qlustar/13/ClusterOS/administration-manual/hw-configuration/infiniband.html';

export const CAPTURES_b68: Capture[] = [
  {
    file: 'gdrcopy/parallelcluster-cookbook-1469-test-sh-sanity-27-checks-rest-elided-exit-0.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/aws/aws-parallelcluster-cookbook/pull/1469',
    expert: 'not-judged',
    why: "a test script shown with `cat`, then run on a ParallelCluster node: GDRCopy `sanity` reports 27 checks, 0 failures, 0 errors (GPU memory pins and maps through gdrdrv); everything after, copybw's bandwidth figures included, is elided (`...`) up to `closing gdrdrv`, and `echo $?` prints 0 (the script exits 1 on any failed test): nothing visible fails, but the copy figures the gdrcopy question also covers are not shown",
  },
  {
    file: 'perftest/perftest-43-ib-send-lat-quoted-port-1-state-down-no-context.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/43',
    expert: 'problem',
    why: "`./ib_send_lat --duration=30 -H`, its errors quoted in a markdown list under the command: `Port number 1 state is Down`, `Couldn't set the link layer`, `Couldn't get context for the device`: the test aborts before any queue pair exists because the port it uses is down",
  },
  {
    file: 'perftest/uccl-707-amd-ionic-ib-write-lat-header-and-2b-row-8us.txt',
    tool: 'perftest',
    source: 'https://github.com/uccl-project/uccl/issues/707',
    expert: 'not-judged',
    why: "ib_write_lat on AMD Pensando IONIC (the thread's subject), cut to its column header and one row: 2 B, 10000 iterations, t_typical 8.43 us, 99.9 % 9.44 us; the run completes, but 8 us for a small RDMA write is several times what RoCE NICs give (1-3 us), a warning, and a latency run shows no bandwidth to hold against the link or the floor; the device and link-type header is not in the paste",
  },
  {
    file: 'perftest/ucx-6242-ib-send-lat-bond-roce-cpu-freq-warnings-cut-mid-first-row.txt',
    tool: 'perftest',
    source: 'https://github.com/openucx/ucx/issues/6242',
    expert: 'not-judged',
    why: 'ib_send_lat on mlx5_bond_0 over RoCE (link type Ethernet, GID index 3, MTU 1024): two perftest `Conflicting CPU frequency values detected` warnings, then the first 2 B row cut mid-line after t_typical 5.84 us: the run is cut after its first row, and a latency test gives no bandwidth figure',
  },
  {
    file: 'topo/azhpc-images-443-nc80adis-h100-two-gpus-sys-no-nvlink-nic0-node.txt',
    tool: 'topo',
    source: 'https://github.com/Azure/azhpc-images/issues/443',
    expert: 'not-judged',
    why: "`nvidia-smi topo -m` on an Azure NC80adis_H100_v5 VM, matrix only (no legend): the two H100s are joined by SYS (no NVLink, NUMA nodes 0 and 1) and NIC0 is NODE to GPU0 but SYS to GPU1: GPU-to-GPU KV crosses the SMP interconnect and GPU1's path to the NIC crosses sockets (GPUDirect RDMA degraded or staged through host memory): degraded paths, warnings, no fault",
  },
  {
    file: 'ibstat/qlustar-admin-manual-ibstat-mlx4-mt26428-qdr-rate-40-flattened-prompt.txt',
    tool: 'ibstat',
    source: QLUSTAR,
    expert: 'problem',
    why: "ibstat from Qlustar's admin manual (page text flattened: the prompt `0 root@cl-head ~ #` and the command on lines of their own, no indentation): one ConnectX-2 (MT26428, mlx4_0), port 1 Active/LinkUp at rate 40 (QDR, 32 Gb/s of data, 4 GB/s) on InfiniBand, below the 5 GB/s cross-node KV floor; the only port cannot carry KV at the floor",
  },
  {
    file: 'ibv_devinfo/qlustar-admin-manual-ibv-devinfo-mlx4-part-26428-active-flattened-next-prompt.txt',
    tool: 'ibv_devinfo',
    source: QLUSTAR,
    expert: 'problem',
    why: 'ibv_devinfo from the same page (indentation flattened, the next prompt after `port_lmc`): mlx4_0, vendor_part_id 26428 (ConnectX-2 VPI, QDR 40 Gb/s at most), its one port PORT_ACTIVE with MTU 2048 and SM lid 1; there is no rate line, but the part caps the port at QDR (4 GB/s of data), below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'ibv_devinfo/ompi-3907-elided-connect-ib-and-cx3-port1-active-port2-down-each.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/open-mpi/ompi/pull/3907',
    expert: 'not-judged',
    why: 'ibv_devinfo with most lines elided (`...`): mlx5_0 (vendor_part_id 4113, Connect-IB) and mlx4_0 (4099, ConnectX-3), each with two ports, port 1 PORT_ACTIVE and port 2 PORT_DOWN; the down ports are spares (a warning) and the elisions remove the link layer, MTU and LIDs the question covers',
  },
  {
    file: 'nccl-tests/hpc-ai-envs-30-rccl-tests-1-node-8x-mi300x-first-row-161gbs-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/crickett-hpe/hpc-ai-envs/pull/30',
    expert: 'not-judged',
    why: 'rccl-tests all_reduce_perf, one process driving 8 MI300X on one node (g100n126, nGpus 8), header whole, cut after the first 8 MiB row (busbw 161 GB/s out of place, 155 in place, 0 wrong): healthy for its first size over the intra-node fabric, but the rest of the sweep and the summary are cut',
  },
  {
    file: 'ibstat/ucx-4513-cx4-lx-mt4117-port-active-cut-before-rate.txt',
    tool: 'ibstat',
    source: 'https://github.com/openucx/ucx/issues/4513',
    expert: 'not-judged',
    why: 'ibstat of one ConnectX-4 Lx (MT4117, mlx5_0, fw 14.24.8000), port 1 Active/LinkUp, cut right after the physical state: the rate and link layer the question holds against the floor are not shown',
  },
];
