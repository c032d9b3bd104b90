import type { Capture } from './captures.table.js';

const HISO =
  'https://github.com/hisohara/ai-scripts/blob/7b8b1ec290a6af05b685dfb6ce8caae999ea884d/training/01_rccl-smoketest/README.md';
const AMDDEV = 'https://github.com/Ahalperin/amd-dev/blob/169577cedc0a617ee52838daa2c5cd7a0b217154';
const RDMABAD =
  'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/rdma-bad/README.md';
const GCN =
  'https://github.com/ROCm/gpu-cluster-networking/blob/26650997ac058a0711be441276ccdd28a4f71666/docs/how-to/multi-node-config.rst';

/**
 * Corpus batch b48 (issue 38): fabrics and accelerators other than NVIDIA+Mellanox: AMD (rccl-tests on
 * MI300X, MI325X with Broadcom bnxt_re, MI355X with Pollara `ionic`; ROCm cluster-networking docs; an AMD
 * developer's Pensando notes), Intel E810 `irdma`, AWS EFA (EKS, Trainium's Neuron runtime), HPE Slingshot,
 * Cornelis Omni-Path (psm2). Repository files were copied with `git show <commit>:<path>`; the opa-psm2 and
 * rocm-systems blocks are the stored copies of the threads. See captures.table.ts and README.md. The expert
 * verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b48: Capture[] = [
  // nccl-tests (rccl-tests)
  {
    file: 'nccl-tests/hisohara-aac8-k8s-rccl-tests-snip-8x-mi300x-one-node-315gbs.txt',
    tool: 'nccl-tests',
    source: `${HISO}#L29-L92`,
    expert: 'no-problem',
    why: "build and mpirun lines, the author's `<snip>`, then rccl-tests all_reduce on 8 MI300X in one Kubernetes pod (ranks 0-7 listed): 8 B to 8 GiB, busbw rising to 315.7 GB/s (xGMI class), #wrong 0 everywhere, out of bounds 0 OK, Avg bus bandwidth printed: whole and healthy",
  },
  {
    file: 'nccl-tests/hisohara-aac10-rdma-link-then-rccl-tests-snip-ranks-2x-mi300x-357gbs.txt',
    tool: 'nccl-tests',
    source: `${HISO}#L97-L185`,
    expert: 'no-problem',
    why: '`rdma link` shows eight mlx5 RoCE ports and a bond all ACTIVE/LINK_UP, then all_reduce over 16 MI300X on gpu-53 and gpu-56 (the `<snip>` hides ranks 0-14, rank 15 on gpu-56 shows the second node): 8 B to 16 GiB, busbw 340-357 GB/s at 1-16 GiB across the two nodes, #wrong 0, out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/hisohara-aac11-mi325x-bnxt-egrep-large-rows-1-2-4-8-nodes.txt',
    tool: 'nccl-tests',
    source: `${HISO}#L208-L264`,
    expert: 'no-problem',
    why: 'the script (NCCL_IB_HCA on eight Broadcom bnxt_re ports, NCCL_ALGO=Ring) and an `egrep` of its log keeping only the node banners and the 4, 8 and 16 GiB rows: 1 node 316-319 GB/s, 2, 4 and 8 nodes 344-351 GB/s busbw, #wrong 0 in every row; the filter drops only the small sizes and headers, the bandwidth-bound rows are all there and healthy',
  },
  {
    file: 'nccl-tests/hisohara-aac14-mi355x-pollara-anp-2-nodes-ends-at-8g-of-16g.txt',
    tool: 'nccl-tests',
    source: `${HISO}#L347-L405`,
    expert: 'not-judged',
    why: 'rccl-tests with the AMD ANP plugin over Pollara on two MI355X nodes (16 ranks, RCCL 2.26.6 banner): rows from 8 B rise to 369 GB/s busbw at 8 GiB with #wrong 0, but the run was for -e 16G and the paste stops at the 8 GiB row, before the 16 GiB row and the out-of-bounds/average summary: the end of the test is not shown',
  },
  {
    file: 'nccl-tests/hpc-ai-envs-readme-slingshot-example-output-no-rank-lines-158gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/crickett-hpe/hpc-ai-envs/blob/13d5db390b8040ee9886465d4b38b7b726aa5ff1/examples/nccl-tests/README.md#L44-L69',
    expert: 'no-problem',
    why: "the README's example output of all_reduce_perf on HPE Slingshot (NCCL 2.20.5, no rank lines under `# Using devices`): 1 MiB to 8 GiB, busbw climbing to 158.7 GB/s (algbw 90.7) with no fall, #wrong 0, out of bounds 0 OK, average printed: a whole, healthy run far above the KV floor",
  },
  {
    file: 'nccl-tests/rocm-systems-9406-mi350x-2-node-tsv-sweep-after-busbw-algo-proto-nchannels.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/ROCm/rocm-systems/pull/9406',
    expert: 'not-judged',
    why: "a tab-separated tuning summary, not rccl-tests' own table (size, type, redop, busbw, algo, proto, nchannels): three rows 32-128 MiB at 156-249 GB/s busbw with no #wrong column, no rank list or node count and no size past 128 MiB; nothing fails, but the run cannot be judged from three summary rows",
  },
  {
    file: 'nccl-tests/eks-blueprints-nvidia-gpu-efa-p5-mpijob-author-elided-banner-480gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-ia/terraform-aws-eks-blueprints/blob/98d0eb4069e787210848eeefcb2b9ba8e52706e7/patterns/nvidia-gpu-efa/README.md#L192-L229',
    expert: 'no-problem',
    why: "an MPIJob's launcher log behind `[1,0]<stdout>:` prefixes, indented in a list; the author's `...` elides only the banner and rank list: all_reduce 8 B to 16 GiB, busbw 441-481 GB/s from 1 GiB up, #wrong 0, out of bounds 0 OK",
  },
  {
    file: 'nccl-tests/amd-dev-mi355x-scale-1gpu-all-reduce-command-output-log.txt',
    tool: 'nccl-tests',
    source: `${AMDDEV}/results/scale_1gpu_all_reduce/command_output.log`,
    expert: 'not-judged',
    why: 'a whole rccl-tests log with one rank on one MI355X: busbw 0.00 at every size (a single rank moves nothing between GPUs; algbw is a local copy), Avg bus bandwidth 0: healthy as a run, but it measures no link at all',
  },
  {
    file: 'nccl-tests/amd-dev-mi355x-scale-2x1gpu-all-reduce-command-output-log.txt',
    tool: 'nccl-tests',
    source: `${AMDDEV}/results/scale_2x1gpu_all_reduce/command_output.log`,
    expert: 'no-problem',
    why: 'a whole log: all_reduce with one MI355X on each of amd-mi355x-5 and -6 (two ranks, so busbw = algbw): 4 B to 8 GiB levelling at 44.5-44.7 GB/s (about 357 Gb/s, line-rate class for one 400G NIC), #wrong 0, out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/amd-dev-mi355x-scale-2x1gpu-alltoall-command-output-log.txt',
    tool: 'nccl-tests',
    source: `${AMDDEV}/results/scale_2x1gpu_alltoall/command_output.log`,
    expert: 'not-judged',
    why: 'a whole log: alltoall between one MI355X on each of two nodes: levels at algbw 40 GB/s, busbw 20 GB/s (160 Gb/s per direction) with #wrong 0 out of place and N/A in place, out of bounds 0 OK; no failure, but the NIC rate is not shown, so 20 GB/s cannot be held against the link',
  },
  {
    file: 'nccl-tests/amd-dev-mi355x-scale-2x8gpu-all-reduce-command-output-log.txt',
    tool: 'nccl-tests',
    source: `${AMDDEV}/results/scale_2x8gpu_all_reduce/command_output.log`,
    expert: 'no-problem',
    why: 'a whole log: all_reduce over 16 MI355X on two nodes (ranks 0-15 listed): 4 B to 8 GiB, busbw 362-365 GB/s from 2 GiB up, #wrong 0, out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/amd-dev-mi355x-scale-8gpu-alltoall-command-output-log.txt',
    tool: 'nccl-tests',
    source: `${AMDDEV}/results/scale_8gpu_alltoall/command_output.log`,
    expert: 'no-problem',
    why: 'a whole log: alltoall over the eight MI355X of one node: busbw levelling at 358-361 GB/s (xGMI), #wrong 0 out of place and N/A in place, out of bounds 0 OK',
  },
  // perftest
  {
    file: 'perftest/rocm-gpu-cluster-networking-rst-write-bw-bidir-use-rocm-two-nics-localhost-204gbps.txt',
    tool: 'perftest',
    source: `${GCN}#L236-L282`,
    expert: 'not-judged',
    why: 'rst-indented: bidirectional ib_write_bw with --use_rocm=0 between two RoCE NICs of one host (<RDMA-NIC-1> to <RDMA-NIC-2> via localhost): 2 B to 8 MiB, average levelling at 204.6 Gb/s with no fall; healthy and far above the floor, but the NICs are placeholders and no link rate is named, so the figure cannot be held against the link',
  },
  {
    file: 'perftest/rocm-gpu-cluster-networking-rst-send-bw-server-placeholder-device-waiting-for-client.txt',
    tool: 'perftest',
    source: `${GCN}#L133-L139`,
    expert: 'not-judged',
    why: 'rst-indented server side: `numactl -C 1 ./ib_send_bw -a -F -d <IB/RoCE interface>` (a placeholder device) and the `Waiting for client to connect...` banner only: no connection and no result row are shown',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/linux-riscv-dev-rdma-bad-irdma-link-then-devinfo-v-irdma1-cut-in-gid1.txt',
    tool: 'ibv_devinfo',
    source: `${RDMABAD}#L86-L181`,
    expert: 'not-judged',
    why: "Intel E810 (irdma, vendor 0x8086 part 5522): `rdma link` shows irdma0 DOWN/DISABLED and irdma1 ACTIVE; `ibv_devinfo -d irdma1 -v` shows its port PORT_ACTIVE at 4X 25 Gbps, RoCE v2 link-local GID 0, then GID[1] is cut at `::ffff`: irdma1 is usable, but the node's second port is down (a spare, nothing shows it in use) and irdma0 is not shown in ibv_devinfo",
  },
  {
    file: 'ibv_devinfo/linux-riscv-dev-rdma-bad-show-irdma1-typo-prints-irdma0-active.txt',
    tool: 'ibv_devinfo',
    source: `${RDMABAD}#L185-L203`,
    expert: 'no-problem',
    why: 'a typed `ibv_devinfo  show irdma1` (the extra words are ignored) prints every device: one E810 irdma0, port 1 PORT_ACTIVE, link_layer Ethernet, transport InfiniBand (RoCE mode): the whole output, one active RoCE port',
  },
  // fi_info
  {
    file: 'fi_info/training-on-eks-korean-efa-test-pod-rdmap47s0-efa-direct-efa-dgrm.txt',
    tool: 'fi_info',
    source:
      'https://github.com/gnosia93/training-on-eks/blob/2a65a75c676ec3b7fb890c7d35f6ed1d7190df85/chapter/c7-training-otimization-efa.md#L151-L168',
    expert: 'no-problem',
    why: '`fi_info -p efa` in an EKS pod (a Korean guide): one EFA device rdmap47s0 with three records, efa-direct RDM, efa RDM and efa DGRAM, FI_PROTO_EFA, libfabric API 201.0: the hardware provider with its RDM endpoint is there, whole',
  },
  {
    file: 'fi_info/opa-psm2-43-libfabric-psm2-info-log-hfi1-units-total-minus1-no-active-device.txt',
    tool: 'fi_info',
    source: 'https://github.com/cornelisnetworks/opa-psm2/issues/43',
    expert: 'problem',
    why: 'libfabric info logging of the psm2 provider (Omni-Path): PSM2 2.2 initialises, then "hfi1 units: total -1, active 0; hfi1 contexts: total 0" and "no PSM2 device is active": the fabric\'s provider finds no HFI, so it offers no endpoint at all',
  },
  // dmesg
  {
    file: 'dmesg/linux-riscv-dev-soft-roce-rdma-rxe-unknown-symbol-ib-core-mismatch.txt',
    tool: 'dmesg',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/README.md#L156-L166',
    expert: 'problem',
    why: '`dmesg | tail -n 10`: rdma_rxe fails to load with ten "Unknown symbol … (err -2)" lines (ib_unregister_device_queued, ib_dealloc_device, rdma_link_register, …): the module was built against another ib_core and cannot load, so there is no RDMA device from it',
  },
  {
    file: 'dmesg/aws-neuron-nrt-troubleshoot-rst-trn1-npid-detach-then-efa-dereg-mr-err-22.txt',
    tool: 'dmesg',
    source:
      'https://github.com/aws-neuron/aws-neuron-sdk/blob/81ce03ae261e12925e53437a0f690478e6366155/neuron-runtime/nrt-troubleshoot.rst#L658-L659',
    expert: 'not-judged',
    why: 'two rst-indented kernel lines on a Trainium host: the neuron driver detaches a process, then EFA rdmap160s26 fails DEREG_MR (comp_status 7, err -22): a memory-deregistration error at process teardown, not a failed transfer or a down device; worth a warning, not a fault of the fabric',
  },
  // rdma-link
  {
    file: 'rdma-link/hisohara-aac10-module-load-then-rdma-link-8-mlx5-and-bond-active-mi300x.txt',
    tool: 'rdma-link',
    source: `${HISO}#L97-L107`,
    expert: 'no-problem',
    why: 'a `module load` line, then `rdma link` on an MI300X node: eight mlx5 RoCE ports (mlx5_0-6, mlx5_9) and mlx5_bond_0 all state ACTIVE, physical_state LINK_UP, each with its netdev: every port shown is up',
  },
  {
    file: 'rdma-link/amd-dev-pensando-troubleshooting-ionic-0-down-disabled-only-link.txt',
    tool: 'rdma-link',
    source: `${AMDDEV}/tools/net/rdma/TROUBLESHOOTING.md#L142-L143`,
    expert: 'problem',
    why: '`rdma link show` listing a single AMD Pensando port, ionic_0/1 state DOWN physical_state DISABLED on enp9s0: the only RDMA link shown is down, so there is no usable RDMA port',
  },
  // lsmod
  {
    file: 'lsmod/amd-dev-pensando-troubleshooting-grep-ionic-inbox-driver-no-ionic-rdma-comment.txt',
    tool: 'lsmod',
    source: `${AMDDEV}/tools/net/rdma/TROUBLESHOOTING.md#L121-L122`,
    expert: 'problem',
    why: '`lsmod | grep ionic` matches only the Ethernet driver `ionic` (with the author\'s "← Wrong! Should be ~258KB" comment): ionic_rdma, which the same pattern would match, is not loaded, so the Pensando NIC offers no RDMA',
  },
];
