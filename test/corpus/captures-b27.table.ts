import type { Capture } from './captures.table.js';

const KSL =
  'https://github.com/kaust-rccl/ksl-docs/blob/0583fab02c024203fd2eb1711dad6a2ae5f87d37/docs/source/systems/ibex/interconnect.rst';
const OKE_NCCL =
  'https://github.com/oracle-quickstart/oci-hpc-oke/blob/523171c6b29b04174fc01ed3a870bba7077c4fd5/docs/running-nccl-rccl-tests-from-slurm-operator.md';
const OKE_IB =
  'https://github.com/oracle-quickstart/oci-hpc-oke/blob/d9fcd2dd15befe3c0ffb8d33be6e1727be2b043c/docs/running-ib-write-bw-test.md';
const HEIOY =
  'https://github.com/Heioy/Books/blob/6e192e8bc53b5504df4bec2f64d20d3739818089/chang-yong-ming-ling/xin-xi-pian/ibv_devinfo.md';

/** Corpus batch b27 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b27: Capture[] = [
  {
    file: 'gdrcopy/gdrcopy-224-sanity-v-child-thread-pin-assertion-failed-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/224',
    expert: 'problem',
    why: '`sanity -v`: gdr_pin_buffer fails its assertion in both child-thread pin tests (cuMemAlloc and VMM), each `&&&& FAILED`: GPU memory cannot be pinned from a child thread; cut mid-line in data_validation',
  },
  {
    file: 'ibv_devinfo/ucx-3787-thunderx2-arm-cx4-ib-port-down-cx4lx-cut-before-ports.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/3787',
    expert: 'not-judged',
    why: 'ThunderX2 (Arm) host: ConnectX-4 mlx5_1 InfiniBand port PORT_DOWN with LID 65535 (not shown to be the port in use: a warning); ConnectX-4 Lx mlx5_3 cut at phys_port_cnt, its port not shown',
  },
  {
    file: 'dmesg/gdrcopy-71-dgx1v-gdrdrv-unpin-callback-filp-messages-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/gdrcopy/pull/71',
    expert: 'not-judged',
    why: 'DGX-1V during the sanity suite: only gdrdrv notices (unpin after the invalidation callback fired, filp not opened by this process) that the invalidation tests provoke, no fault; NIC and peer-memory lines not shown, cut mid-line',
  },
  {
    file: 'ibv_devinfo/ksl-docs-ibex-login-cx6-hdr100-active-rst-indented.txt',
    tool: 'ibv_devinfo',
    source: KSL,
    expert: 'no-problem',
    why: "KAUST Ibex login node: the only device, ConnectX-6 (4123) mlx5_0, InfiniBand port PORT_ACTIVE with LID 762 from SM 8; the whole output, indented by the page's code block",
  },
  {
    file: 'ibstat/ksl-docs-ibex-login-cx6-hdr100-active-rst-indented.txt',
    tool: 'ibstat',
    source: KSL,
    expert: 'no-problem',
    why: 'the same ConnectX-6 (MT4123): one CA, port Active/LinkUp at rate 100 (HDR100, 12.5 GB/s, above the KV floor) with LID 762 from SM 8, InfiniBand; whole',
  },
  {
    file: 'nccl-tests/oci-hpc-oke-slurm-bm-gpu-b4-8-two-nodes-16-ranks-all-reduce-189gbs.txt',
    tool: 'nccl-tests',
    source: OKE_NCCL,
    expert: 'no-problem',
    why: 'OCI BM.GPU.B4.8 (A100) in OKE under Slurm, two nodes, 16 ranks: all_reduce 1-8 GiB, busbw 185-190 GB/s across the nodes, #wrong 0, out of bounds 0 OK, the test concludes',
  },
  {
    file: 'nccl-tests/oci-hpc-oke-slurm-mi300x-two-nodes-16-ranks-rccl-all-reduce-358gbs.txt',
    tool: 'nccl-tests',
    source: OKE_NCCL,
    expert: 'no-problem',
    why: 'rccl-tests on two OCI BM.GPU.MI300X.8 nodes in OKE, 16 ranks: all_reduce 1-16 GiB, busbw 350-358 GB/s, #wrong 0, out of bounds 0 OK, concluded',
  },
  {
    file: 'perftest/oci-hpc-oke-ib-write-bw-server-pod-waiting-for-client.txt',
    tool: 'perftest',
    source: OKE_IB,
    expert: 'not-judged',
    why: "the server pod's echoed RDMA0 IP and perftest's `Waiting for client to connect` banner only: no result is shown yet",
  },
  {
    file: 'perftest/oci-hpc-oke-ib-write-bw-rdma-cm-4-qps-roce-98gbits.txt',
    tool: 'perftest',
    source: OKE_IB,
    expert: 'not-judged',
    why: 'OCI OKE pods over RoCE (mlx5_5, GID 3, rdma_cm, TOS 41, 4 QPs): 98.01 Gb/s at 64 KiB; healthy-looking but the link rate is not stated, so it cannot be held against the link',
  },
  {
    file: 'perftest/perftest-126-a30-vgpu-pod-ib-write-bw-use-cuda-couldnt-allocate-mr-segfault.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/126',
    expert: 'problem',
    why: 'client pod on an A30-8C vGPU: ib_write_bw --use_cuda cannot register the GPU buffer ("Couldn\'t allocate MR", Bad address), the rdma_cm connection fails and the test segfaults: GPUDirect RDMA does not work',
  },
  {
    file: 'perftest/perftest-31-k80-ib-write-bw-use-cuda-server-couldnt-allocate-mr.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/31',
    expert: 'problem',
    why: 'ib_write_bw --use_cuda server on a Tesla K80: the 16 MiB GPU buffer is allocated but "Couldn\'t allocate MR ... Couldn\'t create IB resources": GPU memory cannot be registered, the test aborts',
  },
  {
    file: 'perftest/perftest-346-use-cuda-couldnt-allocate-mr-error-14-cut-above.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/346',
    expert: 'problem',
    why: 'the tail of a CUDA run: the GPU buffer is allocated, then "Couldn\'t allocate MR with error=14 ... Couldn\'t create IB resources": GPU memory cannot be registered for RDMA, the test aborts',
  },
  {
    file: 'perftest/softiwarp-23-siw-ib-send-bw-couldnt-allocate-mr-segfault.txt',
    tool: 'perftest',
    source: 'https://github.com/zrlio/softiwarp/issues/23',
    expert: 'problem',
    why: 'ib_send_bw on siw_ens33 (SoftiWARP, software RDMA): memory registration fails ("Couldn\'t allocate MR") and the test segfaults',
  },
  {
    file: 'perftest/perftest-26-cxgb4-ib-send-bw-rdma-cm-couldnt-allocate-mr.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/26',
    expert: 'problem',
    why: 'ib_send_bw -R on Chelsio cxgb4_0: "Couldn\'t allocate MR ... Unable to init the socket connection": the test fails before connecting',
  },
  {
    file: 'perftest/perftest-269-geforce-ib-send-bw-use-cuda-server-cut-at-device-name.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/269',
    expert: 'not-judged',
    why: 'ib_send_bw --use_cuda server: waiting banner and CUDA device listing, cut inside the picked device name, before any registration result or row',
  },
  {
    file: 'perftest/perftest-336-use-cuda-dmabuf-before-use-cuda-parser-error.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/336',
    expert: 'not-judged',
    why: 'perftest refuses its own command line ("CUDA DMA-BUF cannot be used without CUDA", flag order): the test never started, so nothing about the fabric or GPU registration is shown',
  },
  {
    file: 'nvlink/apex-282-rtx-2080ti-bridge-gpu2-two-links-25g.txt',
    tool: 'nvlink',
    source: 'https://github.com/NVIDIA/apex/issues/282',
    expert: 'no-problem',
    why: '`nvlink --status -i 2` asks for GPU 2 only: that RTX 2080 Ti shows both bridge links at 25.781 GB/s',
  },
  {
    file: 'dmesg/rp-ext-129-cx4121-mlx5-handle-hca-cap-probe-failed.txt',
    tool: 'dmesg',
    source: 'https://github.com/pocopico/rp-ext/issues/129',
    expert: 'problem',
    why: 'ConnectX-4 Lx (CX4121): mlx5_core handle_hca_cap failed, mlx5_load_one error -22, probe failed: the NIC never comes up',
  },
  {
    file: 'topo/ucx-py-docs-dgx1-cube-mesh-4-mlx5-pix-rst-indented.txt',
    tool: 'topo',
    source:
      'https://github.com/rapidsai/ucx-py/blob/116f978a70b54234271e359b04e6028d6bc6c5c1/docs/source/ucx-debug.rst',
    expert: 'no-problem',
    why: 'DGX-1 (V100) hybrid cube-mesh, the whole matrix and legend: NV1/NV2 to four peers and SYS to three by design, each GPU PIX to one of four mlx5 NICs (one per GPU pair); indented by the page',
  },
  {
    file: 'gdrcopy/gdrcopy-129-v100-pcie-pinmaplat-pin-map-latency-all-sizes.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/pull/129',
    expert: 'no-problem',
    why: 'pinmaplat on a V100 PCIe: GPU memory is pinned, mapped, queried, unmapped and unpinned at every size from 64 KiB to 16 MiB (pin 68-119 us) and gdrdrv closes cleanly: pinning and mapping work',
  },
  {
    file: 'perftest/perftest-342-ib-write-bw-rdma-cm-roce-gid0-42gbits-duration-rows-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/pull/342',
    expert: 'not-judged',
    why: 'ib_write_bw over RoCE with rdma_cm (GID 0): one 64 KiB row at 42.31 Gb/s, then a second row cut after its peak column; no link rate stated and the run is not shown to its end',
  },
  {
    file: 'nccl-tests/nccl-tests-204-rtx4090-nodes-test-nccl-failure-internal-error-socket-closed-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/204',
    expert: 'problem',
    why: 'RTX 4090 nodes: "Test NCCL failure common.cu:961 \'internal error\'" and "Test failure" on one node, "Connection closed by remote peer" and init errors on the other: the test aborts during init, no row',
  },
  {
    file: 'nccl-tests/nccl-tests-231-two-a100-nodes-mpich-hostfile-net-ib-init-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/231',
    expert: 'not-judged',
    why: 'two A100 nodes under MPICH (`-f hostfile`): header, two ranks and NCCL INFO init lines up to NET/IB choosing eight mlx5 IB ports; cut mid-line before any result row or error',
  },
  {
    file: 'nccl-tests/nccl-tests-166-gpu004-socket-closed-by-peer-recv-failed-init-errors-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/166',
    expert: 'problem',
    why: 'NCCL debug lines of an nccl-tests run: "socketProgress: Connection closed by remote peer" and "Socket recv failed" on the proxy, then error codes propagating through transport, init and group: communicator init fails',
  },
  {
    file: 'topo/cse599o-hw2-8x-quadro-rtx6000-pcie-switch-pix-pxb-ansi-underline-header.txt',
    tool: 'topo',
    source:
      'https://github.com/AndyUB/au25-cse599o-hw2/blob/a6fe9eb1fd0c9ddb5af3d7146eb2d3201a638939/bench/allreduce/tempura/topo.tbl',
    expert: 'not-judged',
    why: 'eight Quadro RTX 6000 with no NVLink: GPU pairs are PIX or PXB through PCIe switches (a warning: GPU-to-GPU transfers over PCIe); no NIC in the matrix, so GPU-NIC placement is not shown; the header keeps its terminal underline escape codes (output redirected to a file)',
  },
  {
    file: 'topo/glm-5.2-fp8-8-gpus-nv18-10-mlx5-each-gpu-pix.txt',
    tool: 'topo',
    source:
      'https://github.com/dw-flyingw/GLM-5.2-FP8/blob/d2753c8b2b02f778b9a210d90fb23f8d666d0dee/topo.txt',
    expert: 'no-problem',
    why: 'an 8x H200 Dynamo node (the repo serves GLM on it): NV18 between every GPU pair, ten mlx5 NICs, every GPU PIX to at least one NIC on its own socket; the whole matrix, legend and NIC legend',
  },
  {
    file: 'ibstat/cluster-ansible-cx3-mt4099-port-initializing-no-sm-plus-guid-line.txt',
    tool: 'ibstat',
    source:
      'https://github.com/NiCkWKT/Cluster-ansible/blob/c540a2f9698d99c98d61013d15dfbc92c64b87d6/ibstat.txt',
    expert: 'problem',
    why: "the node's only CA, a ConnectX-3 (MT4099): port State Initializing with LinkUp, LID 0 and SM lid 0: no subnet manager has brought it up, so it carries no RDMA; a trailing line of two port GUIDs from another command",
  },
  {
    file: 'ibstat/pytorch-cuda-mpi-error-cx3-eth-10g-eight-cx5-ib-100-and-56.txt',
    tool: 'ibstat',
    source:
      'https://github.com/sparticlesteve/pytorch-cuda-mpi-error/blob/081b7e6ad2cbca20e6fefb01cc43e006a11404d6/ibstat.txt',
    expert: 'not-judged',
    why: 'nine CAs all Active/LinkUp: five ConnectX-5 InfiniBand ports at 100 with LIDs, but three at rate 56 (FDR, trained below EDR) and a ConnectX-3 Ethernet port at 10 Gb/s: degraded ports whose use is not shown (warnings); whole',
  },
  {
    file: 'ibv_devinfo/scorpio-cx6-ib-hdr-and-two-cx5-roce-25gx4-v.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/E3SM-Project/scorpio/blob/ed2cbf39933e8b33fb100773f844050efeb35637/ibv_devinfo.txt',
    expert: 'no-problem',
    why: '`ibv_devinfo -v`: ConnectX-6 (4123) InfiniBand port active 4X 50 Gbps (HDR) with LID 62 from SM 3; two ConnectX-5 (4119) RoCE ports active 4X 25 Gbps with RoCE v2 IPv4 GIDs; whole',
  },
  {
    file: 'topo/nvbandwidth-23-gh200-one-gpu-two-nics-sys-list-indented.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nvbandwidth/issues/23',
    expert: 'not-judged',
    why: "GH200 (one GPU with its own NUMA node, CPU affinity 0-71): both NICs are SYS from the GPU, so GPU-NIC traffic leaves the GPU through the CPU side rather than a PCIe switch (a warning); the legend is not pasted; indented by the post's list",
  },
  {
    file: 'topo/nccl-1264-hgx-h100-sxm-nv18-gpu-pix-nic-cut-in-nic3-row.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/1264',
    expert: 'no-problem',
    why: 'Supermicro HGX H100 SXM: all eight GPU rows whole, NV18 to every peer and each GPU PIX to its own NIC; the paste stops in the NIC rows, which only mirror the GPU columns and add NIC-to-NIC distances the question does not cover',
  },
  {
    file: 'topo/sglang-14665-8x-h100-nvl-check-env-no-nvlink-trailing-spaces-cut-at-gpu2.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/14665',
    expert: 'not-judged',
    why: "`check_env`'s NVIDIA Topology on 8x H100 NVL: GPU0-1 reach their peers only over PCIe (NODE/SYS, no NV#: a warning), GPU0's NICs at NODE and GPU1's at PHB; cut inside the GPU2 row, the other GPUs not shown",
  },
  {
    file: 'topo/vllm-27437-h100-legend-and-12-nic-legend-only-matrix-cut-above.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/27437',
    expert: 'not-judged',
    why: 'only the tail of the legend, a twelve-NIC legend and two environment variables: the matrix itself (NVLink and GPU-NIC placement) is cut above',
  },
  {
    file: 'nccl-tests/nccl-tests-100-two-hgx-a100-mpirun-cut-in-rank-list.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/100',
    expert: 'not-judged',
    why: 'two HGX A100 nodes, 1-8 GiB all_reduce: the header and the first nine ranks, cut mid-line in the rank list before any result row',
  },
  {
    file: 'nvlink/k8s-test-infra-371-gb200-nvlink-info-nvle-firmware-cut.txt',
    tool: 'nvlink',
    source: 'https://github.com/NVIDIA/k8s-test-infra/issues/371',
    expert: 'not-judged',
    why: '`nvidia-smi nvlink -info` on GB200: NVLink encryption (NVLE) disabled and NVLink firmware versions per GPU, no link state or speed at all; cut inside GPU 2',
  },
  {
    file: 'dmesg/tinycore-redpill-9-cx4-lx-grep-mlx5-handle-hca-cap-probe-failed.txt',
    tool: 'dmesg',
    source: 'https://github.com/PeterSuh-Q3/tinycore-redpill/issues/9',
    expert: 'problem',
    why: '`dmesg | grep mlx5` on a ConnectX-4 Lx: handle_hca_cap fails after the log_max_qp profile adjustment, mlx5_load_one error -22, probe failed: the NIC never comes up',
  },
  {
    file: 'dmesg/immortalwrt-2175-mlx5-hw-csum-failure-skb-dump-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/immortalwrt/immortalwrt/issues/2175',
    expert: 'not-judged',
    why: 'a "hw csum failure" on a NULL net_device with its skb dump (Ethernet receive checksum offload, not RDMA): no RDMA driver or peer-memory line is shown; cut inside the dump',
  },
  {
    file: 'ibv_devinfo/heioy-books-ibv-devinfo-l-two-hcas-names-only.txt',
    tool: 'ibv_devinfo',
    source: HEIOY,
    expert: 'not-judged',
    why: '`ibv_devinfo -l` lists only the two device names (mlx4_1, mlx4_0): no port state, link layer or LID is shown, so nothing about the ports can be judged',
  },
];
