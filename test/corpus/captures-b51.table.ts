import type { Capture } from './captures.table.js';

const ABCI = 'https://github.com/aistabci/abci2.0benchmark/blob/f0aa27f2fbbbc09b71d1765c83693f0beef8b43f';
const NTC =
  'https://github.com/xxrjun/nccl-tests-cluster/blob/455de4f8dee2fa94cd4044a7109fd8c576f9e6c1/benchmarks';
const NTC0 = `${NTC}/example-cluster00/nccl-benchmark-results/pairwise/runs/2511/without-debug/logs`;
const NTC1 = `${NTC}/example-cluster01/nccl-benchmark-results`;
const PODMAN =
  'https://github.com/sparticlesteve/podman-nccl-testing/blob/d7966c5e78597774a6d63a9cd2c9289964148cca/logs';
const P5 = 'https://github.com/KeitaW/p5-nccl-test-2024-07-19/blob/1c78584b9f4c621b1779270e1cf0b8d6f3daec11';

/**
 * Corpus batch b51 (issue 38). See captures.table.ts and README.md. The expert verdict was written before
 * `read` ran on each capture. Source family: outputs recorded by programs, not pasted by people: job output
 * files and benchmark logs committed to repositories (ABCI 2.0's benchmark job outputs, a pairwise/multi-node
 * nccl-tests harness's committed logs, NERSC Perlmutter Slurm outputs, an EKS p5 run's mpirun log, a script's
 * perftest log and a committed `ucx_info -d`), each file taken whole with `git show <commit>:<path>`.
 */
export const CAPTURES_b51: Capture[] = [
  // ABCI 2.0 benchmark job outputs (nccl-tests 2.8-era, -b 4 -e 32M)
  {
    file: 'nccl-tests/abci2-bench-allreduce-inter-anode-2x8-a100-job02-nccl-log.txt',
    tool: 'nccl-tests',
    source: `${ABCI}/allreduce/inter_anode/job02.sh.7194279.nccl`,
    expert: 'not-judged',
    why: 'a committed job output: all_reduce over two 8x A100 nodes (16 ranks), no errors, 0 wrong; the sweep stops at 32 MiB (-e 32M) with busbw still rising (29.4 -> 33.4 GB/s), above the 5 GB/s floor, and no link is named to hold it against',
  },
  {
    file: 'nccl-tests/abci2-bench-allreduce-inter-vnode-32x4-v100-job32-ucx-warn-nccl-log.txt',
    tool: 'nccl-tests',
    source: `${ABCI}/allreduce/inter_vnode/job32.sh.7194536.nccl`,
    expert: 'not-judged',
    why: "all_reduce over 32 nodes of 4 V100 (128 ranks) after 128 lines of the MPI's own `UCX WARN UCP version is incompatible, required: 1.8, actual: 1.7` (the launcher's UCX, not NCCL's path); rows stop at 32 MiB with busbw 13.2 GB/s still rising (a dip at 16 MiB), no link named: nothing failed, but the large sizes and the link are not shown",
  },
  {
    file: 'nccl-tests/abci2-bench-allreduce-intra-anode-8-a100-job08-nccl-log.txt',
    tool: 'nccl-tests',
    source: `${ABCI}/allreduce/intra_anode/job08.sh.7280517.nccl`,
    expert: 'not-judged',
    why: 'all_reduce on one node of 8 A100-SXM4 (NVSwitch): healthy rising rows, 0 wrong, but the sweep stops at 32 MiB (164 GB/s busbw, still climbing), before the sizes where one-node NVLink bandwidth is reached',
  },
  {
    file: 'nccl-tests/abci2-bench-bcast-intra-vnode-4-v100-job04-nccl-log.txt',
    tool: 'nccl-tests',
    source: `${ABCI}/bcast/intra_vnode/job04.sh.7280568.nccl`,
    expert: 'not-judged',
    why: 'broadcast on one node of 4 V100-SXM2: rows up to 32 MiB only (102 GB/s busbw, still rising), no error; one-node sweep stops before the bandwidth-bound sizes',
  },
  {
    file: 'nccl-tests/abci2-bench-bcast-inter-anode-16x8-a100-job16-nccl-log.txt',
    tool: 'nccl-tests',
    source: `${ABCI}/bcast/inter_anode/job16.sh.7194705.nccl`,
    expert: 'not-judged',
    why: 'broadcast across 16 nodes of 8 A100 (128 ranks): a mid-size dip (3.4 -> 1.8 GB/s from 512 KiB to 1 MiB) then rising to 11.9 GB/s at the last row, 32 MiB; the sweep ends before the bandwidth-bound sizes and no link is named',
  },
  // nccl-tests-cluster: committed pairwise / smoke / single / multi-node logs (two H100 clusters)
  {
    file: 'nccl-tests/nccl-tests-cluster-pair-n2-g1-h100-alltoall-sendrecv-collapse-log.txt',
    tool: 'nccl-tests',
    source: `${NTC0}/nccl_N2_G1_cnode2-001_cnode2-004.log`,
    expert: 'problem',
    why: 'one H100 per node on two nodes: alltoall busbw falls from 9 GB/s at 32-128 MiB to 0.9 GB/s at 16 GiB and sendrecv from 7.8 to 0.97 GB/s; the large transfers KV moves collapse far under the 5 GB/s floor (the harness flagged this pair against its peers at 13.5)',
  },
  {
    file: 'nccl-tests/nccl-tests-cluster-pair-n2-g8-h100-remote-exited-network-error-log.txt',
    tool: 'nccl-tests',
    source: `${NTC0}/nccl_N2_G8_cnode2-008_cnode2-009.log`,
    expert: 'problem',
    why: "both alltoall_perf and sendrecv_perf between two 8x H100 nodes stop after `# Using devices` with `Test NCCL failure common.cu:1279 'remote process exited or there was a network error'` on every rank of cnode2-009: the cross-node test fails",
  },
  {
    file: 'nccl-tests/nccl-tests-cluster-pair-n2-g8-h100-alltoall-sendrecv-log.txt',
    tool: 'nccl-tests',
    source: `${NTC0}/nccl_N2_G8_cnode2-001_cnode2-002.log`,
    expert: 'not-judged',
    why: 'two 8x H100 nodes, 32 MiB-16 GiB: alltoall flat at 23.6 GB/s busbw and sendrecv at 15.1 GB/s, 0 wrong, no errors; well above the floor but no NIC or rate is named to hold the figures against',
  },
  {
    file: 'nccl-tests/nccl-tests-cluster-smoke-n2-g1-h100-allreduce-sendrecv-log.txt',
    tool: 'nccl-tests',
    source: `${NTC1}/smoke/runs/20260128-010557/logs/nccl_smoke_N2_G1_cnode3-002_cnode3-003.log`,
    expert: 'not-judged',
    why: 'a two-node smoke test, one H100 each: all_reduce 40-46 GB/s and sendrecv 40-44 GB/s busbw from 32 to 512 MiB, 0 wrong; healthy-looking and above the floor, but the link is not named and the sweep is short',
  },
  {
    file: 'nccl-tests/nccl-tests-cluster-single-n1-g8-h100-five-collectives-log.txt',
    tool: 'nccl-tests',
    source: `${NTC1}/single-node/runs/20260128-145017/without-debug/logs/nccl_N1_G8_cnode3-002.log`,
    expert: 'no-problem',
    why: 'one node of 8 H100 80GB HBM3 (SXM, NVLink), 32 MiB-16 GiB: all_reduce 482 GB/s, all_gather 366, reduce_scatter 365, alltoall 348, sendrecv 367 GB/s busbw, 0 wrong: what H100 NVLink carries',
  },
  {
    file: 'nccl-tests/nccl-tests-cluster-multi-n10-g8-h100-five-collectives-log.txt',
    tool: 'nccl-tests',
    source: `${NTC1}/multi-node/runs/20260129-180219/without-debug/logs/nccl_N10_G8.log`,
    expert: 'not-judged',
    why: 'ten 8x H100 nodes (80 ranks), five collectives to 16 GiB with 0 wrong: all_reduce ~320 GB/s, alltoall ~50 GB/s, sendrecv 15.2 GB/s busbw, flat at large sizes; nothing fails, but the inter-node figures cannot be held against a named link',
  },
  {
    file: 'nccl-tests/nccl-tests-cluster-pair-n2-g1-h100-sendrecv-header-no-rows-log.txt',
    tool: 'nccl-tests',
    source: `${NTC0}/nccl_N2_G1_cnode2-002_cnode2-008.log`,
    expert: 'not-judged',
    why: 'alltoall between two single-H100 ranks is flat at 13.5 GB/s busbw to 16 GiB; the following sendrecv_perf prints its rank list and column header and the log ends there with no row and no error: its result is not shown',
  },
  // NERSC Perlmutter Slurm outputs (Slingshot, aws-ofi-nccl with the cxi provider, FI_LOG_LEVEL=debug)
  {
    file: 'nccl-tests/podman-nccl-testing-perlmutter-one-rank-strace-libfabric-debug-slurm-out.txt',
    tool: 'nccl-tests',
    source: `${PODMAN}/podman-nccl-tests-30606107.out`,
    expert: 'not-judged',
    why: "a Slurm output (set -x, NCCL_DEBUG=INFO, libfabric debug) of all_reduce_perf run under strace with a single rank on one A100: busbw 0.00 on every row, so nothing crossed a GPU or NIC; libfabric's `Failed to initialize hmem iface FI_HMEM_CUDA` (libcuda.so not found in the container) is a warning for GPU-direct, not shown failing",
  },
  {
    file: 'nccl-tests/podman-nccl-testing-perlmutter-2x4-cxil-map-write-error-register-mr-slurm-out.txt',
    tool: 'nccl-tests',
    source: `${PODMAN}/podman-nccl-tests-30743802.out`,
    expert: 'problem',
    why: '2 nodes x 4 A100 under podman-hpc: `cxil_map: write error` and `NCCL WARN NET/OFI Unable to register memory (type = 2) for device N. RC: -22` on every rank, then the tasks exit with code 3 and srun cancels the step: GPU memory cannot be registered with the Slingshot NIC, no row',
  },
  {
    file: 'nccl-tests/podman-nccl-testing-perlmutter-shifter-2x4-slingshot-libfabric-debug-slurm-out.txt',
    tool: 'nccl-tests',
    source: `${PODMAN}/shifter-nccl-tests-30743809.out`,
    expert: 'not-judged',
    why: 'the same 2x4 A100 run under shifter completes: provider cxi (Slingshot), all_reduce busbw flat at 72-74 GB/s from 256 MiB to 4 GiB, 0 wrong, only ZE (Intel GPU) hmem warnings; healthy-looking and far above the floor, but the NIC rate is not named',
  },
  // EKS p5 run (mpirun log with NCCL_DEBUG=INFO, aws-ofi-nccl, two nodes of 8 H100)
  {
    file: 'nccl-tests/keitaw-p5-eks-2x8-efa-all-reduce-nccl-debug-v2-20-3-log.txt',
    tool: 'nccl-tests',
    source: `${P5}/nccl-test-output-v2.20.3-1.log`,
    expert: 'no-problem',
    why: 'mpirun output ([1,N]<stdout>: prefixes, some rows split by a second prefix) of all_reduce over 16 H100 ranks on two EKS workers; `Selected Provider is efa (found 32 nics)` on every rank and busbw rising to 487 GB/s at 16 GiB, 0 wrong: at or above what 32 EFA NICs (3.2 Tb/s) carry',
  },
  {
    file: 'nccl-tests/keitaw-p5-eks-2x8-efa-all-reduce-nccl-debug-v2-22-3-tuner-log.txt',
    tool: 'nccl-tests',
    source: `${P5}/nccl-test-output-v2.22.3-1-with-tuner.log`,
    expert: 'no-problem',
    why: 'the same two-node 16-rank H100 run with NCCL 2.20.3 and the tuner: EFA selected with 32 NICs, clean rows to 16 GiB at 487 GB/s busbw, 0 wrong, no WARN',
  },
  // a script's perftest log and a committed ucx_info -d
  {
    file: 'perftest/test-ibv-ib-send-bw-host-to-dpu-script-log-msg-size.txt',
    tool: 'perftest',
    source:
      'https://github.com/minxinhao/test_ibv/blob/698decd49183df0525368b00176248922e160c46/ib_send_bw_MSG_SIZE.txt',
    expert: 'not-judged',
    why: "a script's log (`ib_send_bw ... | tail -2` per size under its own echoed header): host to local DPU 11.5 GB/s and host to remote DPU 10.8 GB/s at 8-32 KiB, peak column 0.00; the second section has no 32 KiB row, the device and link are not named, and sizes stop at 32 KiB",
  },
  {
    file: 'ucx_info/pytorch-cuda-mpi-error-ucx-info-d-ucx18-style-mlx5-cuda-gdr.txt',
    tool: 'ucx_info',
    source:
      'https://github.com/sparticlesteve/pytorch-cuda-mpi-error/blob/236209ecd8ac5164225d68c0fc9ff83a9e79aa2a/ucx_info.txt',
    expert: 'no-problem',
    why: "a committed `ucx_info -d` (UCX 1.6-era layout): cuda_copy, cuda_ipc and gdr_copy present, rc/rc_mlx5/dc_mlx5/ud on eight mlx5 ports at 11794 MB/s each plus a 10G mlx4_0; rdmacm's `< no supported devices found >` is only the sockaddr connection manager; everything KV transfer needs is offered",
  },
];
