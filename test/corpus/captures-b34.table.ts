import type { Capture } from './captures.table.js';

/**
 * Corpus batch b34 (issue 38): real tool outputs committed into repositories and documentation pages (HPC centre
 * docs, vendor and operator guides, cheat sheets, blog posts kept in git), weighted to the tools the corpus held fewest
 * captures of. Each file is one code block (or a contiguous part of one) copied with `git show <commit>:<path>` (the
 * cloud-atlas nvlink output as `read_file` returns it at the commit named); the source names the commit and lines.
 * See captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b34: Capture[] = [
  // memlock
  {
    file: 'memlock/monoio-docs-starship-prompt-ulimit-l-unlimited.txt',
    tool: 'memlock',
    source:
      'https://github.com/bytedance/monoio/blob/212fde187f3d41f65ecd35b9cac80f7e246bb58e/docs/en/memlock.md#L14-L15',
    expert: 'no-problem',
    why: 'behind a starship `❯` prompt, `ulimit -l` prints unlimited: any buffer can be pinned',
  },
  {
    file: 'memlock/kcrow-docs-ulimit-a-locked-1999620-kb.txt',
    tool: 'memlock',
    source:
      'https://github.com/kcrow-io/kcrow/blob/0653a9fdf72c9c03f31cff689776b321d3df618d/docs/ulimit.md#L12-L28',
    expert: 'not-judged',
    why: 'a whole `ulimit -a`: max locked memory 1999620 KiB (about 1.9 GiB), a finite cap: enough to register modest host buffers but below unlimited, so large host-staged KV buffers may fail to pin; a warning, not a fault shown',
  },
  // nvlink
  {
    file: 'nvlink/siboehm-bench-3x-rtx-a6000-nvlink-s-gpu2-all-links-inactive.txt',
    tool: 'nvlink',
    source:
      'https://github.com/siboehm/bench/blob/1f34a58c10de3070644fab082a07e247df487c71/gpu/nvlink/README.md#L77-L89',
    expert: 'not-judged',
    why: '`nvidia-smi nvlink -s` on three RTX A6000: GPU 0 and GPU 1 each show four links up at 14.062 GB/s, GPU 2 has all links inactive; an A6000 bridge joins two cards, so the third GPU without NVLink is a warning (its peer traffic goes over PCIe), nothing shows a bridge was fitted to it',
  },
  {
    file: 'nvlink/cloud-atlas-a100-sxm4-80gb-gpu0-only-12x25.txt',
    tool: 'nvlink',
    source:
      'https://github.com/huataihuang/cloud-atlas/blob/1cd1be77c4b03de854226d845492ff518c9a4dd4/source/machine_learning/hardware/nvidia_gpu/nvlink/nvidia-smi_nvlink/nvidia-smi_nvlink_status_output',
    expert: 'not-judged',
    why: "`nvidia-smi nvlink -s` output (no prompt) for one A100-SXM4-80GB: GPU 0 shows all 12 links up at 25 GB/s; an SXM4 A100 sits in a multi-GPU board, and the other GPUs' links are not shown",
  },
  // ucx_perftest
  {
    file: 'ucx_perftest/fxzjshm-blog-ucp-get-rocm-rc-mlx5-protoinfo-26-8gbs-no-final.txt',
    tool: 'ucx_perftest',
    source:
      'https://github.com/fxzjshm/fxzjshm.github.io/blob/91a04838b0ac74fa79e06c3c474dedbd53f728f2/_posts/2024-07-19-benchmark-ucx.md#L103-L165',
    expert: 'not-judged',
    why: 'a ucx_perftest table interleaved with UCX DIAG/INFO and UCX_PROTO_INFO lines: ROCm memory over rc_mlx5/mlx5_1:1 (zero-copy, so GPU memory is registered with the NIC), 1 GiB stages steady at about 26.8 GB/s, well above the KV floor; but no link rate is in the paste and the run stops at a stage row with no Final line, so the figure cannot be held against its link',
  },
  // fi_info
  {
    file: 'fi_info/cscs-docs-alps-container-cxi-hook-fi-info-p-cxi-rdm-cxi0-indented.txt',
    tool: 'fi_info',
    source:
      'https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/docs/software/container-engine/resource-hook.md#L187-L193',
    expert: 'no-problem',
    why: 'an admonition-indented `fi_info -p cxi` inside a container on Alps: the HPE Slingshot cxi provider offers an FI_EP_RDM endpoint on domain cxi0 (FI_PROTO_CXI), the hardware RDMA path libfabric users need; the listing is whole',
  },
  {
    file: 'fi_info/cscs-docs-alps-container-no-cxi-hook-fi-getinfo-61.txt',
    tool: 'fi_info',
    source:
      'https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/docs/software/container-engine/resource-hook.md#L198-L199',
    expert: 'problem',
    why: '`fi_info -p cxi` in a container answers `fi_getinfo: -61 (No data available)`: the Slingshot provider is not available there, so libfabric transfers cannot use the hardware RDMA fabric',
  },
  // dmesg
  {
    file: 'dmesg/fxzjshm-blog-nvidia-peermem-disagrees-symbol-ib-register-peer-memory-client.txt',
    tool: 'dmesg',
    source:
      'https://github.com/fxzjshm/fxzjshm.github.io/blob/91a04838b0ac74fa79e06c3c474dedbd53f728f2/_posts/2024-07-19-benchmark-ucx.md#L241-L242',
    expert: 'problem',
    why: 'two kernel lines: nvidia_peermem disagrees about the version of ib_register_peer_memory_client and fails on the unknown symbol (err -22): the peer-memory module did not load, so GPUDirect RDMA is off and KV from GPU memory cannot go straight to the NIC',
  },
  // rdma-link
  {
    file: 'rdma-link/azurehpc-hbv3-ibdev2netdev-grep-an0-accelnet-vf-only.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/Azure/azurehpc/blob/2d57191cb35ed638525ba9424cc2aa1b5abe1c05/experimental/AccelNet_tuning/readme.md#L10-L11',
    expert: 'not-judged',
    why: "`ibdev2netdev | grep an0` on an Azure HBv3 VM: only mlx5_an0, the Accelerated Networking front-end VF, Up; the grep hides every other device, so the VM's InfiniBand HCA that RDMA traffic would use is not shown",
  },
  // ibstat
  {
    file: 'ibstat/koordinator-docs-pod-vf01-prompt-cx5-25g-roce-vf-annotated-mlx5-1-disabled.txt',
    tool: 'ibstat',
    source:
      'https://github.com/koordinator-sh/website/blob/5123f048f992e7b74ab6c944878efa2091110db5/docs/user-manuals/gpu-and-rdma-joint-allocation.md#L843-L894',
    expert: 'problem',
    why: "`ibstat` in a pod, indented, with the author's `//VF` glued to a CA line: three ConnectX-5 RoCE CAs, mlx5_0 and the VF mlx5_2 Active at rate 25, mlx5_1 Down/Disabled (an unplugged Ethernet port: a warning); 25 Gb/s is about 3.1 GB/s, under the 5 GB/s cross-node KV floor, on every port in use",
  },
  {
    file: 'ibstat/koordinator-docs-node3-cx5-three-ports-down-disabled-vf-annotation.txt',
    tool: 'ibstat',
    source:
      'https://github.com/koordinator-sh/website/blob/5123f048f992e7b74ab6c944878efa2091110db5/docs/user-manuals/gpu-and-rdma-joint-allocation.md#L238-L288',
    expert: 'problem',
    why: '`ibstat` of a second node (no prompt, `//VF` after the last CA line): all three ConnectX-5 Ethernet ports are Down/Disabled, so the node has no usable RDMA port for KV transfer',
  },
  // perftest
  {
    file: 'perftest/koordinator-docs-pod-vf02-ib-write-bw-roce-vf-64k-2758mbs-cpu-freq-warning.txt',
    tool: 'perftest',
    source:
      'https://github.com/koordinator-sh/website/blob/5123f048f992e7b74ab6c944878efa2091110db5/docs/user-manuals/gpu-and-rdma-joint-allocation.md#L913-L938',
    expert: 'problem',
    why: "`ib_write_bw -d mlx5_2` client between two pods over an SR-IOV RoCE VF (RC, MTU 1024, GID index 3): one 64 KiB row at 2758 MB/s, with perftest's CPU-frequency warning; 2.76 GB/s is under the 5 GB/s cross-node KV floor",
  },
  // nccl-tests
  {
    file: 'nccl-tests/cscs-docs-alps-gh200-2-nodes-8-ranks-all-reduce-to-128m-cxi-123gbs-indented.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/docs/software/communication/nccl.md#L161-L206',
    expert: 'not-judged',
    why: 'an indented srun of all_reduce_perf on two GH200 nodes, 8 ranks: 8 B to 128 MiB, busbw rising to 122.6 GB/s, #wrong 0, out of bounds OK, concluded: healthy, but no link rate is named, so the cross-node figure cannot be held against the fabric',
  },
  {
    file: 'nccl-tests/cscs-docs-alps-gh200-2-nodes-8-ranks-all-reduce-no-cxi-hook-5gbs-dip-3gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/docs/software/communication/nccl.md#L211-L256',
    expert: 'problem',
    why: 'the same two GH200 nodes, 8 ranks: busbw never passes 6.1 GB/s, falls to 3.4 GB/s at 32 MiB and ends at 5.4 GB/s at 128 MiB: cross-node all-reduce of four GPUs per node at about the KV floor and below it at 32 MiB, the level of a TCP fallback, not of an RDMA fabric',
  },
  {
    file: 'nccl-tests/cscs-docs-sarus-gh200-2-nodes-1-gpu-each-all-reduce-1m-128m-22-9gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/docs/software/container-engine/sarus-suite/index.md#L56-L80',
    expert: 'not-judged',
    why: 'srun of nccl-tests 2.18.2 on two GH200 nodes, one GPU each: 1-128 MiB, busbw rising to 22.9 GB/s, #wrong 0, concluded: well above the KV floor, but no link rate is named, so the figure cannot be held against its NIC',
  },
  {
    file: 'nccl-tests/koordinator-docs-two-pods-sriov-vf-roce-all-reduce-2m-2g-2-84gbs-elided.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/koordinator-sh/website/blob/5123f048f992e7b74ab6c944878efa2091110db5/docs/user-manuals/gpu-and-rdma-joint-allocation.md#L1068-L1108',
    expert: 'problem',
    why: "mpirun of all_reduce_perf between two pods on two nodes, one GPU each, with NCCL INFO lines and the author's dotted elisions: NET/IB uses mlx5_2 over RoCE, rows 2 MiB-2 GiB all whole, #wrong 0, but busbw stays at 2.4-2.8 GB/s: cross-node transfer under the 5 GB/s KV floor",
  },
  {
    file: 'nccl-tests/aws-do-eks-karpenter-mpijob-network-socket-all-reduce-2gbs-elided.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-samples/aws-do-eks/blob/f721602f7389b817a74fec8343862733bce638ed/Container-Root/eks/deployment/karpenter/README.md#L169-L207',
    expert: 'problem',
    why: "an MPIJob launcher log with `[1,0]<stdout>:` prefixes and the author's `...`: NCCL says `Using network Socket`, and all_reduce from 0 B to 1 GiB tops out at 2.0 GB/s busbw: TCP between the workers and under the 5 GB/s KV floor",
  },
  {
    file: 'nccl-tests/aws-do-eks-karpenter-mpijob-efa-provider-all-reduce-2-83gbs-elided.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-samples/aws-do-eks/blob/f721602f7389b817a74fec8343862733bce638ed/Container-Root/eks/deployment/karpenter/README.md#L233-L272',
    expert: 'problem',
    why: 'the same MPIJob with EFA mounted: `NET/OFI Selected Provider is efa` and `Using network AWS Libfabric`, rows whole to 1 GiB, #wrong 0, but busbw plateaus at 2.8 GB/s between the workers, under the 5 GB/s KV floor',
  },
  {
    file: 'nccl-tests/aws-do-eks-nccl-test-readme-2x-p5-one-2g-row-439gbs-nvls-info.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-samples/aws-do-eks/blob/f721602f7389b817a74fec8343862733bce638ed/Container-Root/eks/deployment/nccl-test/README.md#L93-L100',
    expert: 'not-judged',
    why: 'rank-prefixed NCCL INFO lines (NVLS tree) and then only the 2 GiB row of an all_reduce on two p5 workers, 438.9 GB/s busbw, #wrong 0; the other rows were left out (the average is 53 GB/s) and no link rate is named, so the sweep cannot be judged against the fabric',
  },
  {
    file: 'nccl-tests/awsome-inference-triton-eks-rank-prefix-repeated-mid-row-all-reduce-8g-79gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-samples/awsome-inference/blob/d3236c8cfabb5699c4292f7e0351e4dbc9099de3/2.projects/multinode-triton-trtllm-inference/Deploy_Triton.md#L363-L398',
    expert: 'not-judged',
    why: 'a launcher log whose Open MPI `[1,0]<stdout>:` prefix recurs inside every row (after the root column and after each #wrong): all_reduce 8 B to 8 GiB, busbw rising to 78.9 GB/s, #wrong 0, out of bounds OK; no failure, but no link rate is named, so the figure cannot be held against the fabric',
  },
  // topo
  {
    file: 'topo/siboehm-bench-3x-rtx-a6000-nv4-pair-gpu2-node-underline-codes-no-nic.txt',
    tool: 'topo',
    source:
      'https://github.com/siboehm/bench/blob/1f34a58c10de3070644fab082a07e247df487c71/gpu/nvlink/README.md#L59-L73',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` with the terminal underline codes around its header: GPU0-GPU1 NV4, GPU2 reaches both only over PCIe (NODE), one NUMA node; no NIC row or column, so the GPU-to-NIC path KV transfer between nodes takes is not shown',
  },
  {
    file: 'topo/eldritchjs-autodetect-4x-h100-nv12-pairs-sys-across-two-pxb-nics-each.txt',
    tool: 'topo',
    source:
      'https://github.com/EldritchJS/ml-dev-env/blob/a6fe6817ae50d4d6fe6104d657c010c67c9d127a/docs/investigations/TEST-COMPREHENSIVE-AUTODETECT.md#L134-L138',
    expert: 'not-judged',
    why: "a test script's `topo -m` of four H100 in a pod: each GPU has two PXB NICs (good for RDMA), but NVLink joins only GPU0-GPU1 and GPU2-GPU3 (NV12); between the pairs the GPUs are SYS, so KV between GPUs of different pairs crosses the CPU interconnect: a degraded path, a warning",
  },
  {
    file: 'topo/stas00-mle-network-2-gpus-nv2-no-nic-no-prompt.txt',
    tool: 'topo',
    source:
      'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/network/README.md#L333-L335',
    expert: 'not-judged',
    why: 'a two-GPU matrix without prompt or legend: GPU0-GPU1 joined by NV2, so KV between them can use NVLink, but there is no NIC row or column, so no path off the node over RDMA is shown',
  },
  {
    file: 'topo/stas00-mle-network-a100-8-gpus-nv12-two-numa-no-nic.txt',
    tool: 'topo',
    source:
      'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/network/README.md#L369-L378',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` of an 8x A100 node: every GPU pair NV12, two NUMA nodes; the matrix has no NIC columns, so the GPU-to-NIC placement KV transfer between nodes relies on is not shown',
  },
  {
    file: 'topo/gengwg-cheatsheet-dgx-a100-nv12-12-mlx5-pxb-pairs-then-topo-c.txt',
    tool: 'topo',
    source:
      'https://github.com/gengwg/cheatsheets/blob/100f3bb4873a907857a977ec898b7ed886a8441a/gpu.md#L274-L313',
    expert: 'no-problem',
    why: 'a root prompt, then `topo -m` of a DGX A100: all eight GPUs NV12 to each other, each GPU pair behind its own two PXB NICs (mlx5_0/1, 2/3, 6/7, 8/9), the other four NICs off to the side; every row and the legend whole; the `topo -c` answers after it are another question',
  },
  {
    file: 'topo/gengwg-cheatsheet-dgx1-topo-mp-pix-nic-per-gpu-pair-comment-line.txt',
    tool: 'topo',
    source:
      'https://github.com/gengwg/cheatsheets/blob/100f3bb4873a907857a977ec898b7ed886a8441a/gpu.md#L320-L343',
    expert: 'no-problem',
    why: 'a `# dgx1` comment, then `nvidia-smi topo -mp` (the PCIe-only view, NVLink left out by design): each GPU pair shares a PIX switch with its own NIC (mlx5_0-3), every GPU and NIC row whole; the PCIe placement RDMA needs is healthy',
  },
];
