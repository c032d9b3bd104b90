import type { Capture } from './captures.table.js';

const RWTH =
  'https://github.com/RWTH-HPC/openmp-device-offloading-benchmark/blob/50c53dfeb0bc954467d312a31ff86d8b43d691f0/results/topo';

/**
 * Corpus batch b59 (issue 38): HPC and AI computing centres and Grace-Hopper/GB200 hosts: JUWELS Booster and
 * JUPITER (JSC), LUMI (the LUMI AI Factory's containers), RWTH CLAIX job outputs committed in a repository, a
 * Cray EX GH200 system on Slingshot, two GH200 hosts over NDR, a GB200 clique, university clusters (DTU, a
 * ConnectX-4 CPU cluster, a ClusterVision-managed cluster) and HPC software's own threads (parthenon, Legion).
 * Thread captures are one code block (or one contiguous part of a post) as the stored copy holds it, cut where
 * the copy ends; the RWTH files are byte for byte at the commit named. See README.md. The expert verdict was
 * written before `read` ran on each capture.
 */
export const CAPTURES_b59: Capture[] = [
  // dmesg
  {
    file: 'dmesg/trinity-219-non-working-node-mlx4-en-lso-upgrade-fw-hint-then-mlx4-ib-add.txt',
    tool: 'dmesg',
    source: 'https://github.com/clustervision/trinity/issues/219',
    expert: 'not-judged',
    why: 'four kernel lines from a cluster node: mlx4_en loads with "LSO not supported, please upgrade to later FW version" and no UDP RSS (Ethernet offloads, a firmware advisory), then mlx4_ib_add registers the InfiniBand driver; nothing fails, but no port state and no peer-memory line are shown',
  },
  // ibstat
  {
    file: 'ibstat/ucx-5749-dtu-cluster-cx4-one-ca-active-ib-rate-56-then-mlxconfig-query-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/openucx/ucx/issues/5749',
    expert: 'no-problem',
    why: '`$ ibstat` on a cluster node: one ConnectX-4 CA (MT4115), its one port Active/LinkUp on InfiniBand at rate 56 (an FDR fabric, 7 GB/s, above the KV floor) with LID and SM; the `mlxconfig q` after it is cut, but that is not what ibstat answers',
  },
  {
    file: 'ibstat/ucx-7416-juwels-booster-ofed-info-then-ibstat-one-ca-ethernet-active-100-then-ucx-info-grep-transport-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/openucx/ucx/issues/7416',
    expert: 'no-problem',
    why: 'JUWELS Booster (JSC): `ofed_info -s`, then ibstat of one ConnectX-6 CA (MT4123) whose port is Active/LinkUp, Ethernet (RoCE) at 100 Gb/s; the module list and a `ucx_info -d | grep Transp` cut after tcp follow, which ibstat does not cover',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/ucx-6806-centos8-aarch64-hns-hrn0-3-devinfo-v-attributes-cut-before-port.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/6806',
    expert: 'not-judged',
    why: 'CentOS 8 aarch64, `ibv_devinfo -v` of a HiSilicon hns RoCE device (hrn0_3, vendor 0x19e5) begun mid-list: device attributes only, cut at max_ee_rd_atom before its one port block, so the port state is not shown',
  },
  // nccl-tests
  {
    file: 'nccl-tests/dra-driver-957-gb200-clique-mpirun-tagged-test-nccl-failure-and-cuda-warns.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/kubernetes-sigs/dra-driver-nvidia-gpu/issues/957',
    expert: 'problem',
    why: 'two nccl-tests jobs in one GB200 NVLink clique, mpirun `[1,N]<stdout>:` tags: `Test NCCL failure all_reduce.cu:44 unhandled cuda error` and NCCL WARNs `Cuda failure unspecified launch failure` / `cannot be performed in the present state`: the test aborts',
  },
  {
    file: 'nccl-tests/laifs-12-lumi-mi250x-rccl-tests-srun-labelled-test-nccl-failure-unhandled-cuda-error.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/lumi-ai-factory/laifs-container-recipes/issues/12',
    expert: 'problem',
    why: 'LUMI (MI250X, Slingshot), rccl-tests from the LUMI AI Factory container under `srun -l`: `Test NCCL failure ... unhandled cuda error` on nid005023 and two `Test failure` lines: the test aborts before any row',
  },
  {
    file: 'nccl-tests/laifs-28-lumi-old-image-srun-singularity-rccl-all-reduce-ranks-cut-before-rows.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/lumi-ai-factory/laifs-container-recipes/issues/28',
    expert: 'not-judged',
    why: 'LUMI, a `#` comment naming the old image, the srun/singularity command for 2 nodes x 8 GCDs, srun queue lines, the rccl-tests header and ranks 0-3 on nid005275; cut inside rank 3, before the other ranks and every result row',
  },
  {
    file: 'nccl-tests/nccl-1291-two-gh200-srun-cpu-bind-then-rank-lines-and-bootstrap-info-cut-before-rows.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/1291',
    expert: 'not-judged',
    why: 'two GH200 hosts (gh1, gh2) under srun: cpu-bind lines, the header, one rank per host, then NCCL INFO bootstrap lines (ib0 on one host, bond0 on the other); the copy stops there, before any result row, so no figure or failure is shown',
  },
  {
    file: 'nccl-tests/nccl-tests-213-h800-two-headers-interleaved-ranks-of-one-node-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/213',
    expert: 'not-judged',
    why: 'an ssh known-hosts warning, then two interleaved `nThread 1 nGpus 8` headers (two separate 8-GPU runs, not one 16-rank job) and ranks 0-3 of hw14 (H800); cut at rank 4, before any row',
  },
  {
    file: 'nccl-tests/nccl-tests-369-gh200-slingshot-exclusive-process-eight-ranks-then-test-cuda-failure-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/369',
    expert: 'problem',
    why: 'a GH200 Cray EX system: nccl-tests 2.17.8, eight ranks on gpu-1-1 and gpu-1-7 (NVIDIA GH200 120GB), then `gpu-1-1: Test CUDA failure common.cu:1304` (cut inside the message): the test fails before any row',
  },
  // topo
  {
    file: 'topo/nccl-tests-177-hash-prompt-four-pcie-gpus-no-nvlink-nics-node-dual-port-pix-nic-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/177',
    expert: 'not-judged',
    why: '`#nvidia-smi topo -m`: four PCIe GPUs without NVLink (NODE in pairs, SYS across sockets), four NICs as two dual-port cards (NIC0-NIC1 and NIC2-NIC3 PIX); every GPU reaches its nearest NIC only through NODE (host bridge), so GPUDirect RDMA crosses the root complex: a warning; the NIC legend is cut',
  },
  {
    file: 'topo/nccl-tests-251-four-v100-nv2-two-edr-nics-pix-per-pair-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/251',
    expert: 'no-problem',
    why: 'four V100 joined by NV2 in every pair, two NICs: NIC0 PIX to GPU0/GPU1 and NIC1 PIX to GPU2/GPU3, one NIC per socket; the whole matrix is shown, only the legend is cut',
  },
  {
    file: 'topo/rwth-claix-c16g-job-output-hostname-numactl-smi-then-topo-two-p100-nv2-underlined-header-no-nic.txt',
    tool: 'topo',
    source: `${RWTH}/topo_c16g.txt`,
    expert: 'not-judged',
    why: 'RWTH CLAIX c16g job output: hostname, `numactl -H`, nvidia-smi of two P100 SXM2, then the topo matrix with its header in terminal underline codes: GPU0-GPU1 NV2, one GPU per NUMA node, legend whole; no NIC in the matrix, so GPU-NIC placement is not shown',
  },
  {
    file: 'topo/rwth-claix-c18g-job-output-hostname-numactl-smi-then-topo-two-v100-nv2-same-numa-no-nic.txt',
    tool: 'topo',
    source: `${RWTH}/topo_c18g.txt`,
    expert: 'not-judged',
    why: 'RWTH CLAIX c18g job output: hostname, a four-node `numactl -H`, nvidia-smi of two V100 SXM2, then the topo matrix (underlined header): GPU0-GPU1 NV2, both on NUMA 1; no NIC in the matrix, so GPU-NIC placement is not shown',
  },
  // ucx_info
  {
    file: 'ucx_info/legion-1650-cx4-cpu-cluster-configure-define-then-transport-list-ib-no-cuda.txt',
    tool: 'ucx_info',
    source: 'https://github.com/StanfordLegion/legion/issues/1650',
    expert: 'problem',
    why: 'a `#define UCX_CONFIGURE_FLAGS` line (verbs and mlx5-dv, no --with-cuda) and the `Transport:` list: dc_mlx5, rc_verbs, rc_mlx5, ud_verbs, ud_mlx5 beside tcp and shared memory, and no cuda_copy/cuda_ipc/gdr_copy: this UCX cannot move KV cache held in GPU memory',
  },
  {
    file: 'ucx_info/parthenon-1260-jupiter-gh200-ucx-info-d-fragment-ud-mlx5-3-then-gga-md-mlx5-0-cuda-reg-cut-both-ends.txt',
    tool: 'ucx_info',
    source: 'https://github.com/parthenon-hpc-lab/parthenon/issues/1260',
    expert: 'not-judged',
    why: 'JUPITER (JSC, GH200) `ucx_info -d` fragment cut at both ends: the tail of one transport, ud_mlx5 on mlx5_3:1, then the gga memory domain of mlx5_0 registering host and cuda memory (dmabuf); healthy as far as shown, but the other devices and transports are not in the paste',
  },
  {
    file: 'ucx_info/ucx-7245-hpcx-2-8-ucx-info-p-e-u-t-resources-tcp-ib0-only-no-ib-transport-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/7245',
    expert: 'problem',
    why: '`ucx_info -p -e -u t` with HPC-X 2.8: the UCP context lists posix, sysv, self, tcp, sockcm, cma and knem only; the resources are shared memory and tcp on ib0 and enp225s0f0, no rc/ud/dc and no cuda: UCX would carry inter-node traffic over TCP (IPoIB), no RDMA',
  },
  {
    file: 'ucx_info/ucx-8549-debug-lines-around-ud-capabilities-fragment-no-device-name-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/8549',
    expert: 'not-judged',
    why: '`ucx_info -d` under UCX debug logging: the capabilities of one ud-style transport (6433 MB/s, am header 3952) between timer and cleanup DEBUG lines, with no transport or device name; cut at both ends, so which devices and transports exist is not shown',
  },
];
