import type { Capture } from './captures.table.js';

const ALCF_NCCL =
  'https://github.com/argonne-lcf/alcf-nccl-tests/blob/385be33604ccebd32691c0805b5803eba7109b5d';
const POLARIS18 = `${ALCF_NCCL}/results_polaris/nccl_2_18`;
const POLARIS21 = `${ALCF_NCCL}/results_polaris/nccl_2_21`;
const HP_MPI =
  'http://38.142.81.21:8001/manual/hp/hp-ux-performance-tools/hp-mpi-version-227-for-linux-release-note/page-16.html';

/**
 * Corpus batch b46 (issue 38): HPC and research-computing centres. ALCF's own nccl-tests result files from
 * Polaris (A100, Slingshot 11 with 2 NICs a node; NCCL 2.18 and 2.21, 2 to 540 nodes, the five settings the
 * repository's README lists), its Sirius test rack and Sophia (DGX A100 over InfiniBand), kept as the job wrote
 * them (PALS launcher errors, CXI resource failures, Cray MPICH's Slingshot timeout summary, NCCL test failures);
 * Polaris's `nvidia-smi topo -m` in the ALCF user guide (as a Markdown table) and in ALCF's GettingStarted
 * examples (as printed); NRIS's GPU course (a GH200 node, Markdown table); an HP-MPI release note's `ibv_devinfo -v`
 * with the author's `....` elisions. Files from repositories are `git show <commit>:<path>` (slices named by
 * their line range); the release note is the stored page's text. See captures.table.ts and README.md. The expert
 * verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b46: Capture[] = [
  // ALCF nccl-tests results: Polaris, NCCL 2.18
  {
    file: 'nccl-tests/alcf-polaris-nccl218-n2-all-reduce-default-9gbs.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n2.g4.2024-04-29-18-41-24/all_reduce_output.dat.1`,
    expert: 'not-judged',
    why: 'all_reduce on two Polaris nodes, 8 ranks (A100-SXM4-40GB): 4 B to 1 GiB, #wrong 0, out of bounds OK, busbw rising to 9.45 GB/s: above the 5 GB/s KV floor, but no link rate is named, so the cross-node figure cannot be held against the fabric',
  },
  {
    file: 'nccl-tests/alcf-polaris-nccl218-n2-all-reduce-setting2-3gbs.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n2.g4.2024-04-29-18-41-24/all_reduce_output.dat.2`,
    expert: 'problem',
    why: 'the same two nodes and 8 ranks: every row from 16 MiB to 1 GiB stays at 2.9-3.3 GB/s busbw (1 GiB 3.18 GB/s), #wrong 0: cross-node all-reduce under the 5 GB/s KV floor',
  },
  {
    file: 'nccl-tests/alcf-polaris-nccl218-n2-all-gather-aws-ofi-36gbs.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n2.g4.2024-04-29-18-41-24/all_gather_output.dat.3`,
    expert: 'not-judged',
    why: 'all_gather on the two nodes, 8 ranks: 4 B to 1 GiB, #wrong 0, OK, busbw 34-36 GB/s from 128 MiB up: healthy and well above the floor, but no link rate is named to hold it against',
  },
  {
    file: 'nccl-tests/alcf-polaris-n128-all-gather-cxi-alloc-failed-acs-limits.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n128.g4.2024-04-29-18-31-53/all_gather_output.dat.3`,
    expert: 'problem',
    why: 'the whole output of a 128-node all_gather: `start failed on x3006c0s1b1n0: CXI alloc failed on cxi0: request exceeds ACs limits` and the same on cxi1: the Slingshot NICs refused the job its resources, so the test never ran',
  },
  {
    file: 'nccl-tests/alcf-polaris-n128-all-reduce-pmi-port-launch-failed.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n128.g4.2024-04-29-18-31-53/all_reduce_output.dat.2`,
    expert: 'not-judged',
    why: "the whole output is the launcher's `launch failed on x3006c0s1b1n0: Couldn't allocate a port for PMI to use`: a control-plane port on the head node, not the fabric; the test never started, so nothing of the transfer is shown",
  },
  {
    file: 'nccl-tests/alcf-polaris-n128-all-reduce-default-under-floor.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n128.g4.2024-04-29-18-31-53/all_reduce_output.dat.1`,
    expert: 'problem',
    why: 'all_reduce on 128 Polaris nodes, 512 ranks: whole to 1 GiB, #wrong 0, but busbw is 1.5-3.4 GB/s from 2 MiB to 512 MiB and 4.6 GB/s (out-of-place) at 1 GiB: cross-node all-reduce under the 5 GB/s KV floor',
  },
  {
    file: 'nccl-tests/alcf-polaris-n128-alltoall-default-1gbs.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n128.g4.2024-04-29-18-31-53/alltoall_output.dat.1`,
    expert: 'problem',
    why: 'alltoall on 128 nodes, 512 ranks: the large sizes stay at 1.0-1.2 GB/s busbw (1 GiB 1.20 GB/s), far under the 5 GB/s KV floor',
  },
  {
    file: 'nccl-tests/alcf-polaris-n8-alltoall-4gbs-slingshot-3-timeouts.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n8.g4.2024-04-29-18-14-00/alltoall_output.dat.3`,
    expert: 'problem',
    why: "alltoall on 8 nodes, 32 ranks: busbw 4.1-4.9 GB/s from 8 MiB to 1 GiB (under the 5 GB/s floor), an in-place 64 MiB row at 0.75 GB/s, and Cray MPICH's closing `MPICH Slingshot Network Summary: 3 network timeouts`",
  },
  {
    file: 'nccl-tests/alcf-polaris-n540-all-reduce-2160-ranks-18gbs.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n540.g4.2024-04-29-19-43-05/all_reduce_output.dat.5`,
    expert: 'not-judged',
    why: 'all_reduce on 540 Polaris nodes, 2160 ranks listed: whole to 1 GiB, #wrong 0, OK, busbw 18-18.7 GB/s from 128 MiB up: above the floor, but no link rate is named, so the figure cannot be held against the fabric',
  },
  {
    file: 'nccl-tests/alcf-polaris-n8-2023-all-reduce-to-256mib-10gbs.txt',
    tool: 'nccl-tests',
    source: `${POLARIS18}/n8.g4.2023-10-13-14-07-13/output.dat.2`,
    expert: 'not-judged',
    why: 'all_reduce on 8 nodes, 32 ranks, swept to its maxBytes of 256 MiB: #wrong 0, OK, busbw peaking at 11.2 GB/s at 8 MiB and settling at 9.8 GB/s: above the floor, no collapse, but not holdable against a named link',
  },
  // ALCF nccl-tests results: Polaris, NCCL 2.21
  {
    file: 'nccl-tests/alcf-polaris-nccl221-n256-alltoall-139-timeouts.txt',
    tool: 'nccl-tests',
    source: `${POLARIS21}/n256.g4.2024-04-29-19-19-41/alltoall_output.dat.4`,
    expert: 'problem',
    why: 'alltoall on 256 nodes, 1024 ranks: busbw peaks at 3.0 GB/s at 32 MiB and falls to 0.5-1.0 GB/s from 128 MiB to 1 GiB, and Cray MPICH reports `139 network timeouts`: far under the KV floor with the fabric timing out',
  },
  {
    file: 'nccl-tests/alcf-polaris-nccl221-n8-all-reduce-36gbs.txt',
    tool: 'nccl-tests',
    source: `${POLARIS21}/n8.g4.2024-04-29-21-23-48/all_reduce_output.dat.4`,
    expert: 'not-judged',
    why: 'NCCL 2.21 all_reduce on 8 nodes, 32 ranks: whole to 1 GiB, #wrong 0, OK, busbw 35.6-36.1 GB/s from 128 MiB up: healthy and above the floor, but no link rate is named',
  },
  // ALCF nccl-tests results: Sirius and Sophia
  {
    file: 'nccl-tests/alcf-sirius-n2-alltoall-13gbs.txt',
    tool: 'nccl-tests',
    source: `${ALCF_NCCL}/results_sirius/nccl_2_18/n2.g4.2024-04-29-22-00-42/alltoall_output.dat.5`,
    expert: 'not-judged',
    why: 'a PALS launcher line first (`Read only 28 bytes from /etc/pals/server_key.pub, expected 40`), then alltoall on two Sirius nodes, 8 ranks: whole to 1 GiB, OK, busbw 12-13 GB/s from 16 MiB up: above the floor, not holdable against a named link',
  },
  {
    file: 'nccl-tests/alcf-sophia-n2-all-reduce-unhandled-system-error.txt',
    tool: 'nccl-tests',
    source: `${ALCF_NCCL}/results_sophia/n2.g8/2024-10-15-11-28-16/all_reduce_output.dat.1`,
    expert: 'problem',
    why: "two Sophia DGX A100 nodes, 16 ranks listed, then every rank on sophia-gpu-13 prints `Test NCCL failure common.cu:1012 'unhandled system error'` and prterun terminates the job: the test fails before any row",
  },
  {
    file: 'nccl-tests/alcf-sophia-n2-dgx-a100-all-reduce-178gbs.txt',
    tool: 'nccl-tests',
    source: `${ALCF_NCCL}/results_sophia/n2.g8/2024-10-15-11-21-15/all_reduce_output.dat.2`,
    expert: 'not-judged',
    why: 'all_reduce on two DGX A100 nodes (8 GPUs each, 16 ranks): whole to 1 GiB, #wrong 0, OK, busbw 176-182 GB/s from 128 MiB up: healthy, but no link rate is named in the paste to hold the cross-node figure against',
  },
  {
    file: 'nccl-tests/alcf-sophia-n2-dgx-a100-alltoall-39gbs.txt',
    tool: 'nccl-tests',
    source: `${ALCF_NCCL}/results_sophia/n2.g8/2024-10-15-11-21-15/alltoall_output.dat.6`,
    expert: 'not-judged',
    why: 'alltoall on the two DGX A100 nodes, 16 ranks: whole to 1 GiB, OK, busbw 39-40 GB/s from 128 MiB up: above the floor, no link rate named',
  },
  // Topology in HPC centres' guides
  {
    file: 'topo/alcf-user-guides-polaris-device-affinity-markdown-table.txt',
    tool: 'topo',
    source:
      'https://github.com/argonne-lcf/user-guides/blob/7d04a3f91d5eaf6d731be6d267617c2e5cbe722e/docs/polaris/index.md#L31-L48',
    expert: 'not-judged',
    why: "Polaris's affinity as a Markdown table (CPU and NUMA affinity moved to the front, the legend as a bullet list): four A100 NV4 to each other, mlx5_0 PHB to GPU3 and mlx5_1 PHB to GPU1, but GPU0 and GPU2 reach either NIC only over SYS, so their RDMA crosses the CPU interconnect: a warning",
  },
  {
    file: 'topo/alcf-gettingstarted-polaris-topo-m-prompt-two-nics.txt',
    tool: 'topo',
    source:
      'https://github.com/argonne-lcf/GettingStarted/blob/5d11637fef4da9502433bf2a0ff4f9c4a7200b3d/Examples/Polaris/ensemble/README.md#L19-L36',
    expert: 'not-judged',
    why: '`$ nvidia-smi topo -m` on a Polaris node (the header ends in space-separated `mlx5_1 CPU Affinity`): four A100 NV4 to all peers, GPU3 PHB to mlx5_0 and GPU1 PHB to mlx5_1, GPU0 and GPU2 only SYS to both NICs: GPUDirect RDMA for half the GPUs crosses the socket interconnect, a warning',
  },
  {
    file: 'topo/nris-hpc-course-gh200-four-gpus-nv6-markdown-table-no-nic.txt',
    tool: 'topo',
    source:
      'https://github.com/HichamAgueny/hpc-course/blob/d6654cdb98378aa34b80b233297b3b119eec40a9/examples/02_nvidia_smi/README.md#L173-L185',
    expert: 'not-judged',
    why: "a GPU course's `topo -m` of a four-GH200 node rewritten as a Markdown table (GPU NUMA IDs 4/12/20/28, legend cut to X and NV6): every GPU pair NV6, but no NIC row or column, so the path KV takes off the node is not shown",
  },
  // ibv_devinfo in an HP-MPI release note
  {
    file: 'ibv_devinfo/hp-mpi-227-release-note-p16-mthca0-v-cut-above-elided.txt',
    tool: 'ibv_devinfo',
    source: HP_MPI,
    expert: 'not-judged',
    why: "`ibv_devinfo -v` that the page starts at `fw_ver` (the device's `hca_id` is on the page before): two InfiniHost ports PORT_ACTIVE and LINK_UP, but the author's `....` removes each port's LIDs, link layer and width/speed, and the device name is not shown",
  },
  {
    file: 'ibv_devinfo/hp-mpi-227-release-note-p16-mthca0-v-two-ports-elided.txt',
    tool: 'ibv_devinfo',
    source: HP_MPI,
    expert: 'not-judged',
    why: "`$ ibv_devinfo -v` of mthca0 (InfiniHost, fw 4.7.0): ports 1 and 2 PORT_ACTIVE and LINK_UP, GIDs on subnet prefixes fe80::1 and fe80::0, but the author's `....` elides the LIDs, link layer and rate lines the port judgement needs",
  },
];
