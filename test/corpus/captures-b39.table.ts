import type { Capture } from './captures.table.js';

/**
 * Corpus batch b39 (issue 38): vendor documentation and Japanese pages — Oracle Japan's OCI HPC tutorials
 * (ocitutorials, old and rewritten pages, read with `read_file` at the commit named, the repository being
 * too large to fetch) and a Japanese OCI HPC tools README, the ABCI user guide (AIST), the NII/Sakura H100
 * cluster configs of LLM-jp, HPE Japan presales notes on ProLiant DL380a Gen11, Red Hat's OpenShift RDMA
 * modules (openshift-docs, read with `read_file`) and a Red Hat engineer's notes (A40 pods, a GB200 tray on
 * RHEL 10), and NVIDIA networking (Mellanox) GitHub threads (libvma, doca-driver-build,
 * k8s-rdma-sriov-dev-plugin). HPE Japan's topo and nvlink blocks were dropped before the run, test/fixtures
 * having copied them. Files from fetched repositories are `git show` slices at the commit named; the others
 * are one code block as the stored copy holds it. See captures.table.ts and README.md. The expert verdict
 * was written before `read` ran on each capture (commits af54698, 5978e32, cdc99a4, e0194c4, d5c226b,
 * and the ones that add the three whole-suite Sakura runs).
 */
const OCI = 'https://github.com/oracle-japan/ocitutorials/blob';
const ABCI = 'https://github.com/aistabci/abci-docs/blob/95081db9bfcfa1f8add1792b9815dfb0bc8a205c';
const SAKURA =
  'https://github.com/llm-jp/nii-sakura-cluster-configs/blob/87754863ec696d719e8bda2cc2e27648f2d0526d/benchmark/nccl-tests/results';
/** The repository's earlier results (whole nccl-tests suites), no longer in its tree at 8775486. */
const SAKURA_OLD =
  'https://github.com/llm-jp/nii-sakura-cluster-configs/blob/e13a881cf82e9eecce717fc333dab624466c3f5b/benchmark/nccl-tests/results';
const HPE =
  'https://github.com/HPE-Japan-Presales/e-learning/blob/b3530162043ab8b0ccd7e1a718d3f8d534e47377/gpu';
const OSD =
  'https://github.com/openshift/openshift-docs/blob/3fbdc84f8b1775081084940e2185aee8ff42c9c3/modules/rdma-verifying-rdma-connectivity.adoc';

const RHEL4NV =
  'https://github.com/schmaustech/rhel4nv-demo/blob/8805e6c31d2cdbc3bbc3ff56afbfdc13618e037e/README.md';

export const CAPTURES_b39: Capture[] = [
  // nccl-tests
  {
    file: 'nccl-tests/ocitutorials-ja-bm-gpu-h100-8-two-nodes-16-roce-rails-1g-to-16g-464gbs.txt',
    tool: 'nccl-tests',
    source: `${OCI}/bf795eb339690f076be088abc84c16fcc6ce5100/tutorials/_hpc/benchmark/run-nccltests-h100.md (the mpirun block)`,
    expert: 'not-judged',
    why: 'Japanese OCI tutorial: `mpirun` of all_reduce_perf over two BM.GPU.H100.8 nodes (16 ranks, NCCL_IB_HCA naming 16 mlx5 RoCE rails), 1 to 16 GiB rising 446 to 465 GB/s busbw, no #wrong, then the prompt: healthy and far above the 5 GB/s floor, but the paste names no link rate, so the figure cannot be held against the fabric',
  },
  {
    file: 'nccl-tests/ocitutorials-ja-bm-gpu4-8-two-nodes-a100-ol89-container-10g-one-size-221gbs.txt',
    tool: 'nccl-tests',
    source: `${OCI}/07a25a526e553e842b521343ab346a11eabe0409/tutorials/_hpc/benchmark/run-nccltests.md (the mpirun block)`,
    expert: 'not-judged',
    why: 'Japanese OCI tutorial: two BM.GPU4.8 nodes (16 A100-SXM4-40GB ranks, 16 mlx5 rails in NCCL_IB_HCA), one 10 GiB all_reduce row at 222.9/219.0 GB/s busbw: far above the floor, but no link rate in the paste to hold it against',
  },
  {
    file: 'nccl-tests/ocitutorials-ja-bm-gpu4-8-ubuntu-one-node-8-a100-10g-one-size-232gbs.txt',
    tool: 'nccl-tests',
    source: `${OCI}/71321e2072658e881fe908e8f710438c8987cc77/tutorials/_hpc/benchmark/run-nccltests-ubuntu.md (section 3-1 block)`,
    expert: 'no-problem',
    why: 'one BM.GPU4.8 node, 8 A100-SXM4-40GB ranks over NVSwitch: one 10 GiB all_reduce row at 232 GB/s busbw, no #wrong, "Collective test concluded": the intra-node NVLink path is healthy at a bandwidth-bound size',
  },
  {
    file: 'nccl-tests/ocitutorials-ja-bm-gpu4-8-ubuntu-two-nodes-ucx-mlx5-4-no-ib-hca-10g-57gbs.txt',
    tool: 'nccl-tests',
    source: `${OCI}/71321e2072658e881fe908e8f710438c8987cc77/tutorials/_hpc/benchmark/run-nccltests-ubuntu.md (section 3-2 block)`,
    expert: 'problem',
    why: 'the same page states the cluster network as 100 Gb/s x 16 per node; two BM.GPU4.8 nodes (16 A100 ranks) reach 57 GB/s busbw at 10 GiB, under a third of the 200 GB/s the 16 rails carry (the single-node run on the page gives 232): a figure far below its link',
    opts: { lineRateGbps: 100, rails: 16 },
  },
  {
    file: 'nccl-tests/ocitutorials-ja-hugo-bm-gpu4-8-ubuntu-two-nodes-no-ucx-pin-10g-192gbs.txt',
    tool: 'nccl-tests',
    source: `${OCI}/40114268892c1cbd63aec7c636818fe320ddf1c9/content/hpc/benchmark/run-nccltests-ubuntu/index.md (section 3-2 block)`,
    expert: 'no-problem',
    why: 'the rewritten page (same 100 Gb/s x 16 per node stated): two BM.GPU4.8 nodes, 16 A100 ranks, one 10 GiB all_reduce row at 191.8 GB/s busbw, no #wrong, "Collective test concluded": 96 % of the 200 GB/s the 16 rails carry',
    opts: { lineRateGbps: 100, rails: 16 },
  },
  {
    file: 'nccl-tests/ocitutorials-ja-hugo-bm-gpu4-8-container-one-node-nccl-tests-2-17-6-10g-233gbs.txt',
    tool: 'nccl-tests',
    source: `${OCI}/08e1f17f5bedde1ab9acd5d6ec778f5739491175/content/hpc/benchmark/run-nccltests/index.md (section 3-1 block)`,
    expert: 'no-problem',
    why: 'nccl-tests 2.17.6 (version banner, wider `#wrong` columns) in a container on one BM.GPU4.8 node: 8 A100-SXM4-40GB ranks, one 10 GiB all_reduce row at 233 GB/s busbw, no #wrong: NVSwitch path healthy at a bandwidth-bound size',
  },
  {
    file: 'nccl-tests/ocitutorials-ja-singularity-two-bm-gpu4-8-ompi5-set-lines-10g-221gbs.txt',
    tool: 'nccl-tests',
    source: `${OCI}/447c25992b69bc0cd7096c12977a9f0604f30fbf/content/hpc/tech-knowhow/container-with-singularity/index.md (section 6-2-5, the two-node block)`,
    expert: 'not-judged',
    why: 'the same A100 pair run through `singularity exec --nv`: Open MPI 5 echoes its `[host:pid] SET NAME=value` lines for each -x, then nccl-tests 2.17.6 over 16 ranks on two BM.GPU4.8 nodes, one 10 GiB row at 222.9/219.0 GB/s busbw, no #wrong: far above the floor, but the block names no link rate',
  },
  {
    file: 'nccl-tests/abci-docs-ja-sharp-collnet-two-a100-nodes-qrsh-snip-8b-2g-105gbs.txt',
    tool: 'nccl-tests',
    source: `${ABCI}/ja/docs/tips/sharp.md#L54-L124`,
    expert: 'not-judged',
    why: "ABCI user guide (Japanese): qrsh, module loads and mpirun with NCCL_COLLNET_ENABLE (SHARP), 16 A100-SXM4-40GB ranks on two nodes a0000/a0001, SHARP INFO lines then the author's `--(snip)--`, pre-2.13 rows with an `error` column 8 B to 2 GiB rising to 105 GB/s busbw without a fall: healthy, but no link rate is named in the paste",
  },
  {
    file: 'nccl-tests/llm-jp-nii-sakura-h100-1gpu-per-node-2-nodes-alltoall-allreduce-allgather-512m.txt',
    tool: 'nccl-tests',
    source: `${SAKURA}/1gpu_per_node/2nodes.txt`,
    expert: 'not-judged',
    why: 'LLM-jp results file on the NII/Sakura H100 cluster: one GPU per node on two nodes, three sections at 512 MiB: alltoall 25 GB/s, all_reduce 47 GB/s, all_gather 42 GB/s busbw, no #wrong: cross-node figures far above the floor, but no link rate is named',
  },
  {
    file: 'nccl-tests/llm-jp-nii-sakura-h100-1gpu-per-node-33-nodes-alltoall-24gbs-allreduce-48gbs.txt',
    tool: 'nccl-tests',
    source: `${SAKURA}/1gpu_per_node/33nodes.txt`,
    expert: 'not-judged',
    why: 'the same cluster at 33 nodes, one GPU each: alltoall 23-26 GB/s, all_reduce 48 GB/s, all_gather 48 GB/s busbw at 512 MiB, no #wrong: above the floor, no link named',
  },
  {
    file: 'nccl-tests/llm-jp-nii-sakura-h100-8-gpus-one-node-alltoall-allreduce-allgather-436gbs.txt',
    tool: 'nccl-tests',
    source: `${SAKURA}/8gpus_per_node/1node.txt`,
    expert: 'no-problem',
    why: 'one node, eight H100 80GB HBM3 in one process (nGpus 8): alltoall 337 GB/s, all_reduce 436 GB/s, all_gather 347 GB/s busbw at 512 MiB, no #wrong: the NVLink path inside the node is healthy at a bandwidth-bound size',
  },
  {
    file: 'nccl-tests/llm-jp-nii-sakura-h100-8-gpus-per-node-8-nodes-alltoall-7-9gbs-allreduce-150gbs.txt',
    tool: 'nccl-tests',
    source: `${SAKURA}/8gpus_per_node/8node.txt`,
    expert: 'not-judged',
    why: 'eight nodes x eight H100 (64 ranks) at 512 MiB: all_reduce 148-152 GB/s and all_gather 113-120 GB/s busbw, but alltoall only 6.1 (out-of-place) and 9.8 GB/s: above the 5 GB/s floor and no link named, yet the point-to-point pattern runs at a twentieth of the collectives on the same fabric, a warning',
  },
  {
    file: 'nccl-tests/llm-jp-nii-sakura-h100-1x8-nine-tests-hypercube-g8-out-of-bounds-44-failed.txt',
    tool: 'nccl-tests',
    source: `${SAKURA_OLD}/1x8.txt`,
    expert: 'no-problem',
    why: 'an earlier one-node run of the whole suite, eight H100 in one process (nGpus 8): alltoall, all_reduce (420 GB/s busbw at 256 MiB), all_gather, broadcast, reduce, scatter, reduce_scatter and sendrecv all validate clean ("Out of bounds values : 0 OK"); only the last section, labelled Hypercube (blank redop column), counts #wrong at every size from 128 B and ends "44 FAILED". That is the test, not the data path: with -g > 1 nccl-tests wraps every GPU\'s calls in one ncclGroup (common.cu startColl), so hypercube.cu\'s per-step groups merge and a step sends data its previous step has not yet received (nccl-tests #190: fails single-process -g 4, passes one GPU per process; #356: -g 2 passes, -g 4 fails). The same GPUs carry sendrecv clean; the NVLink path is healthy',
  },
  {
    file: 'nccl-tests/llm-jp-nii-sakura-h100-8x8-nine-tests-hypercube-g8-out-of-bounds-304-failed.txt',
    tool: 'nccl-tests',
    source: `${SAKURA_OLD}/8x8.txt`,
    expert: 'not-judged',
    why: 'the same suite over eight nodes x eight H100 (64 ranks, nGpus 8 per process) at 256 MiB: all_reduce 134-137 GB/s, all_gather 145-149, broadcast/reduce 111-120 busbw, but alltoall 4.8 (out-of-place) / 8.8 GB/s and sendrecv 7.7 GB/s, all validating clean; the Hypercube section ends "304 FAILED", which with -g 8 is the test\'s own grouping fault (see the 1x8 run of the same suite), not corruption. No link rate is named, so the 7.7 GB/s point-to-point figure, above the 5 GB/s floor, cannot be held against the fabric',
  },
  {
    file: 'nccl-tests/llm-jp-nii-sakura-h100-16x8-nine-tests-allreduce-23gbs-hypercube-576-failed.txt',
    tool: 'nccl-tests',
    source: `${SAKURA_OLD}/16x8.txt`,
    expert: 'not-judged',
    why: 'the same suite over sixteen nodes x eight H100 (128 ranks, nGpus 8 per process) at 256 MiB: all_reduce only 23-25 GB/s busbw, alltoall 3.3 (out-of-place) / 5.1, sendrecv 8.4, yet all_gather 66-71, broadcast 93, reduce 95-99, scatter 114-129, all validating clean; Hypercube ends "576 FAILED", the test\'s own fault under -g 8. all_reduce far under the other collectives is worth a look, but with 128 ranks at 256 MiB and no link rate named nothing here can be held against the fabric',
  },
  // topo
  {
    file: 'topo/schmaustech-rhel4nv-demo-gb200-tray-nvidia-smi-then-topo-m-four-nv18-eight-nics-sys.txt',
    tool: 'topo',
    source: `${RHEL4NV}#L674-L742`,
    expert: 'no-problem',
    why: "a Red Hat engineer's RHEL-for-NVIDIA notes, one block: `oc rsh` into the driver pod, `nvidia-smi` listing four NVIDIA GB200, then `nvidia-smi topo -m`: the four GPUs NV18 to each other, eight NICs SYS to every GPU (NIC2/3 and NIC6/7 PIX pairs), the whole legend and NIC legend; on a GB200 tray the NICs hang off the Grace CPUs and GPUDirect crosses C2C, so SYS is the design, not a misplaced NIC",
  },
  // lsmod
  {
    file: 'lsmod/schmaustech-rhel4nv-demo-mofed-pod-grep-mlx5-rhel10-gb200-no-peermem-shown.txt',
    tool: 'lsmod',
    source: `${RHEL4NV}#L341-L353`,
    expert: 'not-judged',
    why: "`lsmod|grep mlx5` in the network operator's MOFED pod on RHEL 10.1: mlx5_core, mlx5_ib, ib_uverbs, ib_core and mlx_compat loaded (mlx5_ib unused so far); the grep keeps no peer-memory module, so whether GPUDirect RDMA is set up is not shown",
  },
  // dmesg
  {
    file: 'dmesg/hpe-japan-presales-dl380a-gen11-ja-grep-nvidia-nvrm-pci-io-region-invalid-elided.txt',
    tool: 'dmesg',
    source: `${HPE}/h100/driver_install/driver_install_on_ubuntu2204.md#L14-L17`,
    expert: 'problem',
    why: '`dmesg | grep -i nvidia` with the author\'s `...` around one line: "NVRM: This PCI I/O region assigned to your NVIDIA device is invalid" (H100 on a DL380a Gen11 before pci=realloc=off): the driver cannot bring the GPU up',
  },
  {
    file: 'dmesg/mellanox-doca-driver-build-51-inbox-mlx5-vdpa-disagrees-unknown-symbol-elided.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/doca-driver-build/pull/51',
    expert: 'not-judged',
    why: 'bracketed dmesg lines: the inbox mlx5_vdpa "disagrees about version of symbol" and hits "Unknown symbol ... (err -22)" against the container\'s mlx5_core, then `...`; the failing module is vDPA (virtio), not on the RDMA path, and mlx5_ib, the ports and the peer-memory module are not shown',
  },
  // ibstatus
  {
    file: 'ibstatus/openshift-docs-rdma-verify-sriov-server-pod-ten-mlx5-vf-eth-ib-seven-down-disabled.txt',
    tool: 'ibstatus',
    source: `${OSD} (the server pod's ibstatus example output)`,
    expert: 'not-judged',
    why: "Red Hat OpenShift docs, `ibstatus` in an SR-IOV workload pod: mlx5_0 (Ethernet) and mlx5_1 (InfiniBand, LID 0xc) ACTIVE at 200 Gb/s HDR, mlx5_7 (Ethernet) ACTIVE, seven Ethernet devices DOWN/Disabled at 200; which port the pod uses is not shown, and disabled ports are an administrator's act, a warning",
  },
  // ibstat
  {
    file: 'ibstat/openshift-docs-rdma-verify-sriov-server-pod-egrep-port-base-link-no-state-lines.txt',
    tool: 'ibstat',
    source: `${OSD} (the server pod's \`ibstat | egrep "Port|Base|Link"\` example output)`,
    expert: 'not-judged',
    why: '`ibstat | egrep "Port|Base|Link"`: ten Port 1 blocks keep only Base lid, Port GUID and Link layer (and "Physical state: LinkUp" on three of them); the grep drops every State and Rate line, so no port\'s state or rate is shown',
  },
  {
    file: 'ibstat/openshift-docs-rdma-verify-sriov-client-pod-ten-cas-three-active-seven-down-disabled.txt',
    tool: 'ibstat',
    source: `${OSD} (the client pod's ibstat example output)`,
    expert: 'not-judged',
    why: 'plain `ibstat` in the client pod: ten ConnectX-6 CAs (MT4123 PFs, MT4124 VFs), mlx5_0 Ethernet, mlx5_1 InfiniBand and mlx5_2 Ethernet Active at 200, mlx5_3 to mlx5_9 Down/Disabled; which of them the workload uses is not shown, and seven disabled ports are a warning',
  },
  {
    file: 'ibstat/mellanox-libvma-990-lspci-cx6-vf-then-ibstat-one-port-active-200-ib.txt',
    tool: 'ibstat',
    source: 'https://github.com/Mellanox/libvma/issues/990',
    expert: 'no-problem',
    why: '`lspci | grep -i mell` shows one ConnectX-6 Virtual Function, then plain `ibstat`: its one CA mlx5_0, port 1 Active/LinkUp at 200 Gb/s, LID 15, SM lid 1, InfiniBand: every CA ibstat lists is healthy',
  },
  // rdma-link
  {
    file: 'rdma-link/openshift-docs-rdma-verify-sriov-server-pod-link-show-net1-mlx5-7-active-seven-disabled.txt',
    tool: 'rdma-link',
    source: `${OSD} (the server pod's \`rdma link show\` example output)`,
    expert: 'not-judged',
    why: "`rdma link show` in the server pod: mlx5_7/1 ACTIVE/LINK_UP with netdev net1 (the pod's VF), mlx5_0 ACTIVE, mlx5_1 InfiniBand ACTIVE (lid 12), seven links DOWN/DISABLED without a netdev: the link the workload uses is up; the disabled spare links are a warning",
  },
  {
    file: 'rdma-link/openshift-docs-network-operator-mofed-ibdev2netdev-v-two-bluefield3-supernic-ib-and-eth-up.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/openshift/openshift-docs/blob/0363dc2b08e0ce25539bbd193d617f6c0d41048a/modules/rdma-configuring-the-nvidia-network-operator.adoc (the `ibdev2netdev -v` example output)',
    expert: 'no-problem',
    why: "`ibdev2netdev -v` in the network operator's MOFED container: two BlueField-3 E-series SuperNICs (400GbE/NDR, fw 32.42.1000), mlx5_0 port 1 ACTIVE ==> ibs2f0 (Up) and mlx5_1 port 1 ACTIVE ==> ens8f0np0 (Up): every RDMA device is up on its net device",
  },
  {
    file: 'rdma-link/kazuitox-oci-hpc-tools-ja-bm-hpc2-36-ibdev2netdev-mlx5-0-up-mlx5-1-down.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/kazuitox/oci-hpc-tools/blob/f446ee6bc97b785a81922b66eb34a56fb7db55d2/README.md#L19-L21',
    expert: 'not-judged',
    why: 'Japanese README of OCI HPC tools: plain `ibdev2netdev` on BM.HPC2.36, mlx5_0 port 1 ==> enp94s0f0 (Up), mlx5_1 port 1 ==> enp94s0f1 (Down): one port up, the second port down, and nothing in the paste says whether that port is meant to carry traffic: a warning',
  },
  // perftest
  {
    file: 'perftest/openshift-docs-rdma-verify-sriov-client-a40-dmabuf-16-qps-180-gbs-on-200g-roce.txt',
    tool: 'perftest',
    source: `${OSD} (the client's ib_write_bw example output)`,
    expert: 'no-problem',
    why: 'ib_write_bw client with `--use_cuda=0 --use_cuda_dmabuf` (A40, ibv_reg_dmabuf_mr), 16 RC QPs over rdma_cm on the VF mlx5_2 (RoCE, GID index 3): 65536 B at 180.47 Gb/s average, 90 % of the 200 Gb/s port the same page shows (ibstat Rate 200): GPU memory moves at line rate',
    opts: { lineRateGbps: 200 },
  },
  {
    file: 'perftest/openshift-docs-rdma-verify-sriov-server-a40-dmabuf-waiting-then-180-gbs-no-prompt.txt',
    tool: 'perftest',
    source: `${OSD} (the server side's ib_write_bw example output after the run)`,
    expert: 'no-problem',
    why: 'the server side of the same run: waiting banner, CUDA DMA-BUF buffer on the A40, 16 rdma_cm QPs on mlx5_7, then the same 180.47 Gb/s average row, 90 % of the 200 Gb/s port the page shows',
    opts: { lineRateGbps: 200 },
  },
  {
    file: 'perftest/schmaustech-gpu-tools-openshift-pod-a40-cuda-16-qps-roce-181-gbs-client.txt',
    tool: 'perftest',
    source:
      'https://github.com/schmaustech/gpu-tools/blob/b0dab10593897da1b2c1d62f85c88339941567b4/README.md#L309-L410',
    expert: 'not-judged',
    why: "a Red Hat engineer's OpenShift notes: ib_write_bw client behind `sh-5.1#` with CUDA on an A40 (cuMemAlloc buffer), 16 rdma_cm QPs on RoCE mlx5_1, 65536 B at 181.46 Gb/s average: far above the floor, but neither the paste nor the page names the port rate",
  },
  {
    file: 'perftest/mellanox-k8s-rdma-sriov-dev-plugin-32-quoted-header-roce-gid-index-0-zero-gids-no-rows.txt',
    tool: 'perftest',
    source: 'https://github.com/Mellanox/k8s-rdma-sriov-dev-plugin/issues/32',
    expert: 'problem',
    why: 'an RDMA_Write BW header quoted with `>` (RoCE link type, GID index 0), then local and remote address lines whose GIDs are all zeros and no result row: a RoCE endpoint with an empty GID cannot address its peer, so the test cannot connect',
  },
];
