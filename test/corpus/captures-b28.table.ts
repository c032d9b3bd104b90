import type { Capture } from './captures.table.js';

/**
 * Corpus batch b28 (issue 38): vendor and operator documentation and write-ups (NVIDIA, AWS, Azure, GCP, OCI,
 * DeepOps, dstack, dranet, university and hardware-validation pages, an ML-engineering book, a CSDN post), not
 * issue threads; see captures.table.ts and README.md. The expert verdict was written before `read` ran on them.
 */
export const CAPTURES_b28: Capture[] = [
  // nccl-tests
  {
    file: 'nccl-tests/cluster-toolkit-gke-a3-high-tcpx-2-nodes-all-gather-71gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/GoogleCloudPlatform/cluster-toolkit/blob/1047080375afbb44da4b596be314634e7486af4a/examples/gke-a3-highgpu/multi-node-test-plan.md#L117-L133',
    expert: 'no-problem',
    why: 'A3 High (8x H100, 4x200 Gb/s GPUDirect-TCPX NICs per VM, two nodes: the README says so): all_gather 1 MiB-512 MiB, busbw levels at 71 GB/s (about 71 % of the 100 GB/s a VM sends), out of bounds 0 OK; the leading NCCL INFO line is only the tail of the init log',
  },
  {
    file: 'nccl-tests/cluster-toolkit-gke-a3-mega-tcpxo-all-gather-189gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/GoogleCloudPlatform/cluster-toolkit/blob/1047080375afbb44da4b596be314634e7486af4a/examples/gke-a3-megagpu/README.md#L113-L148',
    expert: 'no-problem',
    why: 'A3 Mega (8x H100, 8x200 Gb/s TCPXO NICs: the README says so), two pods: all_gather 0 B-8 GiB, busbw 188.9 GB/s at 8 GiB (94 % of the 200 GB/s a VM sends), #wrong 0, out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/cluster-toolkit-gke-a3-ultra-dws-2-nodes-all-gather-335gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/GoogleCloudPlatform/cluster-toolkit/blob/1047080375afbb44da4b596be314634e7486af4a/examples/gke-consumption-options/dws-flex-start/README.md#L156-L183',
    expert: 'no-problem',
    why: 'two A3 Ultra nodes (8x H200, 8x400 Gb/s RoCE each: the README says so): all_gather 1 KiB-8 GiB, busbw 328-336 GB/s at 8 GiB (84 % of 400 GB/s), #wrong 0, out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/awsome-dt-topology-aware-p5en-all-reduce-elided-370gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-samples/awsome-distributed-training/blob/7217859f67bc693c52ff175ccc6082c41dbd7a1b/micro-benchmarks/nccl-tests/slurm/topology-aware-nccl-tests/README.md#L260-L267',
    expert: 'not-judged',
    why: "p5en.48xlarge all_reduce (the README says so): the 8 and 16 B rows, then the author's `...`, then the 16 GiB row at 370 GB/s busbw, #wrong 0: everything from 32 B to 8 GiB is elided, and neither the rank list nor the node count is shown, so the sweep cannot be judged whole",
  },
  {
    file: 'nccl-tests/oci-hpc-troubleshooting-2x-h100-16-ranks-all-reduce-471gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/oracle-quickstart/oci-hpc/blob/b5285a68fa0a3b39ebf9e7ffdcb4987018bbf3cf/documentation/Troubleshooting.md#L146-L180',
    expert: 'no-problem',
    why: 'OCI: two H100 nodes, all 16 ranks listed with their hosts; all_reduce 1-16 GiB, busbw 450-471 GB/s (algbw 251 GB/s), #wrong 0, out of bounds 0 OK: a healthy two-node RDMA result',
  },
  {
    file: 'nccl-tests/dstack-gcp-a4-b200-2-nodes-all-reduce-no-hash-headers-683gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/dstackai/dstack/blob/511c318c8a7672fb2a925041bfc2d7301a26272e/mkdocs/docs/examples/clusters/gcp.md#L327-L348',
    expert: 'no-problem',
    why: "GCP A4 (8x B200, 3.2 Tbps RoCE per node: the page says so), a two-node task; dstack's log drops the `#` of the header and summary lines: all_reduce 8 MiB-8 GiB, algbw 364.6 GB/s and busbw 683.5 GB/s at 8 GiB, wrong 0, out of bounds 0 OK",
    opts: { lineRateGbps: 400, rails: 8 },
  },
  {
    file: 'nccl-tests/dstack-gcp-a3-mega-tcpxo-all-gather-188gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/dstackai/dstack/blob/511c318c8a7672fb2a925041bfc2d7301a26272e/mkdocs/docs/examples/clusters/gcp.md#L417-L437',
    expert: 'no-problem',
    why: 'GCP A3 Mega (8x H100, GPUDirect-TCPXO, 8x200 Gb/s GPU NICs: the page says so), two nodes: all_gather 8 MiB-8 GiB, busbw 188.5 GB/s at 8 GiB (94 % of the 200 GB/s of its GPU NICs), out of bounds 0 OK',
  },
  {
    file: 'nccl-tests/dstack-gcp-a3-high-edge-tcpx-all-gather-50gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/dstackai/dstack/blob/511c318c8a7672fb2a925041bfc2d7301a26272e/mkdocs/docs/examples/clusters/gcp.md#L493-L513',
    expert: 'not-judged',
    why: 'GCP A3 High/Edge (8x H100, GPUDirect-TCPX over four 200 Gb/s GPU NICs: the page says so), two nodes: all_gather levels at 50 GB/s busbw from 128 MiB to 8 GiB, #wrong 0: half of the 100 GB/s the four NICs carry, degraded rather than failing and well above the 5 GB/s floor: a warning',
  },
  {
    file: 'nccl-tests/deepops-slurm-4x-dgx-a100-all-reduce-error-column-191gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/NVIDIA/deepops/blob/3957a42fb9af0b09c91b6d2ac9dc7925daf00523/docs/slurm-cluster/slurm-perf-cluster.md#L184-L203',
    expert: 'no-problem',
    why: "four DGX A100 (the page says so; 8x HDR 200G each): pre-2.13 layout with an error column (deviations at float rounding); all_reduce 1 MiB-4 GiB, busbw climbs to 191 GB/s at 4 GiB (about 96 % of the 200 GB/s a node's eight HDR ports carry), out of bounds 0 OK",
  },
  {
    file: 'nccl-tests/deepops-network-operator-2x-dgx-a100-8x200g-sriov-188gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/NVIDIA/deepops/blob/3957a42fb9af0b09c91b6d2ac9dc7925daf00523/docs/k8s-cluster/nvidia-network-operator.md#L240-L276',
    expert: 'no-problem',
    why: 'two DGX A100 under Kubernetes over SR-IOV VFs, each node with 8x 200G ConnectX-6 HDR (the page says so): all_reduce 8 B-4 GiB, busbw 188.5 GB/s at 4 GiB, 94 % of the 200 GB/s of eight 200G ports; error column at float rounding, out of bounds 0 OK',
    opts: { lineRateGbps: 200, rails: 8 },
  },
  {
    file: 'nccl-tests/deepops-roce-2x-dgx1-2x100g-roce-sriov-22gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/NVIDIA/deepops/blob/3957a42fb9af0b09c91b6d2ac9dc7925daf00523/docs/k8s-cluster/roce-perf-k8s.md#L302-L337',
    expert: 'no-problem',
    why: 'two DGX-1 (8x V100) over two 100G ConnectX-5 RoCE SR-IOV VFs each (the page says so): all_reduce busbw levels at 22.9 GB/s from 64 MiB to 2 GiB, 92 % of the 25 GB/s two 100G ports carry; the jittery small-message times are latency noise; out of bounds 0 OK',
    opts: { lineRateGbps: 100, rails: 2 },
  },
  {
    file: 'nccl-tests/aws-ec2-guide-nccl-dlami-ofi-selected-provider-efa-line-only.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/awsdocs/amazon-ec2-user-guide/blob/e3707c431483ec0ffffcabebd36cf799ba682cd0/doc_source/efa-start-nccl-dlami.md#L199-L199',
    expert: 'not-judged',
    why: 'one NCCL INFO line from an all_reduce_perf run: the OFI plugin selected the efa provider (RDMA between the nodes), but no result row is shown',
  },
  {
    file: 'nccl-tests/aks-rdma-infiniband-expected-sriov-mpijob-nd96asr-v4-elided-187gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/700dabb4fe0451d482ae09a373617ed68658b021/tests/expected-output.md#L16-L38',
    expert: 'no-problem',
    why: "AKS on Standard_ND96asr_v4 (8x A100, 8x HDR 200G InfiniBand VFs per node: the tests README says so), SR-IOV NIC policy: the author's `...` elides only the launcher lines; all_reduce 8 B-8 GiB, busbw 187 GB/s at 8 GiB (94 % of the 200 GB/s a node's eight HDR ports carry), out of bounds 0 OK",
  },
  {
    file: 'nccl-tests/aks-rdma-infiniband-expected-ipoib-mpijob-3.1gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/700dabb4fe0451d482ae09a373617ed68658b021/tests/expected-output.md#L392-L413',
    expert: 'problem',
    why: 'the same AKS ND96asr_v4 nodes under the IPoIB NIC policy (TCP over IPoIB, no RDMA): all_reduce busbw levels at 3.1-3.2 GB/s from 32 MiB to 8 GiB, below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'nccl-tests/dranet-gke-rdma-a4-2x8-b200-all-gather-8-rdma-nics-260gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/kubernetes-sigs/dranet/blob/f258477cbea0551b7ad239e3873a997a7a3d116b/site/content/docs/user/gke-rdma.md#L343-L400',
    expert: 'not-judged',
    why: 'GKE A4 (a4-highgpu-8g, 8x B200 with eight 400G RDMA NICs each: the page says so), 16 ranks on two pods: all_gather 1 KiB-8 GiB, #wrong 0, busbw levels at 260 GB/s from 2 GiB, about 65 % of the 400 GB/s the eight NICs carry (two A3 Ultra with the same NICs reach 335 GB/s): a degraded figure, not a failure',
  },
  {
    file: 'nccl-tests/dranet-nvidia-dranet-one-pod-2-b200-all-gather-elided-482gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/kubernetes-sigs/dranet/blob/f258477cbea0551b7ad239e3873a997a7a3d116b/site/content/docs/user/nvidia-dranet.md#L255-L279',
    expert: 'no-problem',
    why: "one pod, two B200 on one node (ranks 0 and 1 shown): the author's `...` elides the rows below 64 MiB; all_gather 64 MiB-8 GiB climbs to 482.7 GB/s busbw (algbw 965 GB/s) over NVLink, #wrong 0",
  },
  {
    file: 'nccl-tests/dranet-nvidia-dranet-two-pods-no-rdma-nic-cut-after-header.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/kubernetes-sigs/dranet/blob/f258477cbea0551b7ad239e3873a997a7a3d116b/site/content/docs/user/nvidia-dranet.md#L285-L304',
    expert: 'not-judged',
    why: 'two pods (ranks 0-1 on nccl-gib-test-0, 2-3 on the other node): the run prints its rank list and the column titles and the block ends there, before any result row: no transfer is shown',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/csdn-113026118-mlx4-two-ib-ports-active-flattened.txt',
    tool: 'ibv_devinfo',
    source: 'https://blog.csdn.net/weixin_39637975/article/details/113026118',
    expert: 'no-problem',
    why: 'ConnectX-3 (mlx4_0, part 4099), the whole output between two prompts: both InfiniBand ports PORT_ACTIVE with LIDs from a subnet manager, MTU 4096; the page flattened the indentation',
  },
  {
    file: 'ibv_devinfo/flux-tutorials-azure-hpc-vm-cx6-vf-ib-active-lid-677.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/converged-computing/flux-tutorials/blob/80866c6ec0be541fd1a72c07509dea000bdc0ec3/tutorial/azure/README.md#L817-L835',
    expert: 'no-problem',
    why: 'Azure HPC VM: the one device, a ConnectX-6 VF (part 4124), port 1 PORT_ACTIVE on InfiniBand, MTU 4096, LID 677 from the subnet manager: the whole output',
  },
  {
    file: 'ibv_devinfo/stelline-asus-esc8000a-four-cx7-ethernet-all-port-down.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/luigifcruz/stelline/blob/e09cf85325d4493c47ef381beb541fbda39f79b8/hardware/asus-esc8000a-e12.md#L1407-L1482',
    expert: 'problem',
    why: 'the same ASUS host: all four ConnectX-7 (4129) Ethernet ports are PORT_DOWN, so the node has no RDMA port up at all and no cross-node transfer can run over RDMA',
  },
  {
    file: 'ibv_devinfo/stelline-puget-wrx90-two-cx7-ethernet-both-port-down.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/luigifcruz/stelline/blob/e09cf85325d4493c47ef381beb541fbda39f79b8/hardware/puget-threadripper-pro-wrx90.md#L753-L790',
    expert: 'problem',
    why: 'the Puget host: both ConnectX-7 (4129) Ethernet ports PORT_DOWN, so no RDMA port of the node is up',
  },
  {
    file: 'ibv_devinfo/stelline-host-deps-cx7-mlx5-1-roce-active.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/luigifcruz/stelline/blob/e09cf85325d4493c47ef381beb541fbda39f79b8/docs/host-dependencies.md#L143-L161',
    expert: 'no-problem',
    why: '`$ ibv_devinfo` after the MLNX_OFED install: the one device listed, ConnectX-7 mlx5_1, RoCE port PORT_ACTIVE with MTU 4096: the whole output',
  },
  {
    file: 'ibv_devinfo/performance-study-azure-cyclecloud-gpu-only-mlx5-an0-accelnet-vf.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/converged-computing/performance-study/blob/6f3df687c43df5c3a7b76a73e206481cbbd16457/experiments/azure/cyclecloud/gpu/README.md#L57-L76',
    expert: 'problem',
    why: 'Azure CycleCloud GPU node, `ibv_devinfo` whole: the only device is mlx5_an0, the Accelerated Networking VF (ConnectX-4 Lx VF 4118, Ethernet, MTU 1024, zero system GUID), which Azure does not let carry RDMA; no InfiniBand VF (mlx5_ib*) is listed, so the node has no RDMA device for cross-node KV',
  },
  {
    file: 'ibv_devinfo/weiyanhua100-rdma-examples-two-cx5-roce-active-mtu-1024-prompt-after.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/weiyanhua100/rdma-examples/blob/184226bcf475be2a2ce03f112a030464ab761f3d/README.md#L45-L84',
    expert: 'no-problem',
    why: '`[root@snat01 bin]# ibv_devinfo`: both ConnectX-5 (4119) RoCE ports PORT_ACTIVE on Ethernet (active MTU 1024 from a 1500-byte netdev), then the trailing prompt: the whole output',
  },
  // ibstat
  {
    file: 'ibstat/ml-engineering-network-debug-ibstat-grep-mlx5-ca-names-only.txt',
    tool: 'ibstat',
    source:
      'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/network/debug/README.md#L65-L73',
    expert: 'not-judged',
    why: "`ibstat | grep mlx5` keeps only the eight `CA 'mlx5_N'` lines: the filter hides every port, so no state, rate or link layer is shown",
  },
  {
    file: 'ibstat/heioy-books-ibstat-two-cx3-four-ports-active-56.txt',
    tool: 'ibstat',
    source:
      'https://github.com/Heioy/Books/blob/6e192e8bc53b5504df4bec2f64d20d3739818089/chang-yong-ming-ling/xin-xi-pian/ibstat.md#L26-L80',
    expert: 'no-problem',
    why: '`#ibstat`: two ConnectX-3 (MT4099) CAs, all four ports Active/LinkUp at rate 56 (FDR), InfiniBand link layer, LIDs from two SMs: the whole output',
  },
  {
    file: 'ibstat/heioy-books-ibstat-l-ca-names-only.txt',
    tool: 'ibstat',
    source:
      'https://github.com/Heioy/Books/blob/6e192e8bc53b5504df4bec2f64d20d3739818089/chang-yong-ming-ling/xin-xi-pian/ibstat.md#L106-L108',
    expert: 'not-judged',
    why: '`#ibstat -l` lists only the CA names mlx4_0 and mlx4_1: no port state, rate or link layer is shown',
  },
  {
    file: 'ibstat/hurray0-rdma-test-cx4-roce-active-100-ib-port-down-disabled.txt',
    tool: 'ibstat',
    source:
      'https://github.com/Hurray0/rdma_test/blob/4f7c7dbdcd994de115e4389a537f96a54c28c465/README.md#L46-L80',
    expert: 'not-judged',
    why: 'two ConnectX-4 (MT4115): mlx5_0 an Ethernet (RoCE) port Active/LinkUp at 100, mlx5_1 an InfiniBand port Down with physical state Disabled; whether mlx5_1 is meant to carry traffic is not shown: a disabled port is at least a warning',
  },
  // topo
  {
    file: 'topo/ml-engineering-network-debug-h100-p2p-r-8-gpus-all-ok-legend.txt',
    tool: 'topo',
    source:
      'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/network/debug/README.md#L184-L203',
    expert: 'no-problem',
    why: '`nvidia-smi topo -p2p r` on an 8x H100 node: peer reads OK between every pair of the eight GPUs, whole matrix and legend',
  },
  {
    file: 'topo/ml-engineering-network-debug-2x-l4-p2p-r-cns.txt',
    tool: 'topo',
    source:
      'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/network/debug/README.md#L208-L211',
    expert: 'not-judged',
    why: '`topo -p2p r` on two L4: CNS (chipset not supported) both ways, so there is no peer access and transfers between the two GPUs are staged through host memory: a warning',
  },
  {
    file: 'topo/stelline-asus-esc8000a-4x-rtx6000-ada-4-cx7-node-sys-double-prompt.txt',
    tool: 'topo',
    source:
      'https://github.com/luigifcruz/stelline/blob/e09cf85325d4493c47ef381beb541fbda39f79b8/hardware/asus-esc8000a-e12.md#L884-L910',
    expert: 'not-judged',
    why: 'ASUS ESC8000A-E12 with four RTX 6000 Ada and four ConnectX-7 (prompt pasted twice, `$ sonata@coyote2:~$`): no NVLink, GPU pairs NODE within and SYS across the two NUMA nodes, and every GPU is NODE or SYS from every NIC (no PIX/PXB): GPU-to-GPU and GPUDirect RDMA traffic crosses host bridges: a warning',
  },
  {
    file: 'topo/stelline-puget-wrx90-2x-rtx6000-ada-phb-2-cx7-node.txt',
    tool: 'topo',
    source:
      'https://github.com/luigifcruz/stelline/blob/e09cf85325d4493c47ef381beb541fbda39f79b8/hardware/puget-threadripper-pro-wrx90.md#L454-L474',
    expert: 'not-judged',
    why: 'Puget Threadripper Pro WRX90, two RTX 6000 Ada PHB to each other (no NVLink, through the host bridge) and NODE from both ConnectX-7 NICs: transfers cross the host bridge: a warning; the whole matrix and legends',
  },
  {
    file: 'topo/llm-action-a800-env-install-topo-matrix-nv8-four-nics-node.txt',
    tool: 'topo',
    source:
      'https://github.com/liguodongiot/llm-action/blob/923449432b6bd00674efd5965fdb70365a88ce5e/docs/llm-base/a800-env-install.md#L28-L58',
    expert: 'not-judged',
    why: '8x A800 (`> nvidia-smi topo --matrix`): NV8 between every pair (healthy NVLink), four NICs; GPU1, GPU3 and GPU7 have a PIX NIC but GPU0, GPU2, GPU4, GPU5 and GPU6 reach their nearest NIC only through NODE (across host bridges): their GPUDirect RDMA traffic crosses the host bridge: a warning',
  },
  // nvlink
  {
    file: 'nvlink/ml-engineering-nvidia-debug-h100-nvlink-status-elided-link0-link17.txt',
    tool: 'nvlink',
    source:
      'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/compute/accelerator/nvidia/debug.md#L305-L309',
    expert: 'not-judged',
    why: "`nvidia-smi nvlink --status` on an H100: links 0 and 17 at 26.562 GB/s, the author's `[...]` elides links 1-16, and only GPU 0 of the node is shown",
  },
  {
    file: 'nvlink/ml-engineering-nvidia-debug-h100-nvlink-e-error-counters-elided.txt',
    tool: 'nvlink',
    source:
      'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/compute/accelerator/nvidia/debug.md#L286-L300',
    expert: 'not-judged',
    why: '`nvidia-smi nvlink -e` on an H100: replay, recovery and CRC error counters all 0 for links 0, 1 and 17, the rest elided with `[...]`; error counters say nothing of whether a link is up or at what speed, and only GPU 0 is shown',
  },
  // perftest
  {
    file: 'perftest/deepops-roce-dgx1-cx5-100g-ib-write-bw-cpu-freq-warning-92gbits.txt',
    tool: 'perftest',
    source:
      'https://github.com/NVIDIA/deepops/blob/3957a42fb9af0b09c91b6d2ac9dc7925daf00523/docs/k8s-cluster/roce-perf-k8s.md#L100-L121',
    expert: 'no-problem',
    why: 'ib_write_bw over RoCE (rdma_cm, GID 3, MTU 4096) between two DGX-1 on a 100G ConnectX-5 (the page says so): 92.40 Gb/s average at 64 KiB, 92 % of the link; perftest\'s "Conflicting CPU frequency values" note among the rows is only a timing caveat',
    opts: { lineRateGbps: 100 },
  },
  {
    file: 'perftest/cloud-native-docs-gpu-operator-rdma-ib-write-bw-use-cuda-roce-a-92gbits.txt',
    tool: 'perftest',
    source:
      'https://github.com/NVIDIA/cloud-native-docs/blob/52dcb7b8d956784344e241df476de17094a4574c/gpu-operator/gpu-operator-rdma.rst#L343-L388',
    expert: 'not-judged',
    why: 'GPU Operator doc: ib_write_bw -a --use_cuda=0 --use_cuda_dmabuf between two pods over RoCE (mlx5_0, GID 5, MTU 1024): GPU memory registered through DMA-BUF, levels at 92.4 Gb/s from 2 KiB to 8 MiB; the page names no NIC rate, so the figure cannot be held against its link (far above the KV floor)',
  },
  {
    file: 'perftest/aks-rdma-infiniband-expected-sriov-ib-read-lat-2b-5.5us.txt',
    tool: 'perftest',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/700dabb4fe0451d482ae09a373617ed68658b021/tests/expected-output.md#L76-L84',
    expert: 'no-problem',
    why: 'AKS ND96asr_v4 SR-IOV IB VF: ib_read_lat at 2 bytes, typical 5.49 us, 99.9th percentile 11.78 us: the test completed with a normal read latency for a VF (header elided by the author)',
  },
  {
    file: 'perftest/aks-rdma-infiniband-expected-sriov-ib-read-bw-a-197gbits.txt',
    tool: 'perftest',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/700dabb4fe0451d482ae09a373617ed68658b021/tests/expected-output.md#L92-L121',
    expert: 'no-problem',
    why: 'AKS ND96asr_v4 (HDR 200G IB VF on mlx5_0: the tests README names the VM): ib_read_bw -a levels at 197.5 Gb/s at 2-8 MiB, 99 % of the 200G port; the header is elided by the author with `...`',
  },
  {
    file: 'perftest/aks-rdma-infiniband-expected-sriov-ib-write-bw-a-196gbits.txt',
    tool: 'perftest',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/700dabb4fe0451d482ae09a373617ed68658b021/tests/expected-output.md#L129-L158',
    expert: 'no-problem',
    why: 'AKS ND96asr_v4 (HDR 200G IB VF on mlx5_0): ib_write_bw -a levels at 196.6 Gb/s from 1 MiB to 8 MiB, 98 % of the 200G port; header elided by the author',
  },
  {
    file: 'perftest/cloud-native-stack-v19-ib-write-bw-client-pod-roce-a-52gbits.txt',
    tool: 'perftest',
    source:
      'https://github.com/NVIDIA/cloud-native-stack/blob/76b29b9ee30a460b1346c9239260ce4c657fec8c/install-guides/Ubuntu-24-04_Server_x86-arm64_v19.0.md#L871-L916',
    expert: 'not-judged',
    why: 'Cloud Native Stack guide: ib_write_bw -a --report_gbits between two pods over RoCE (mlx5_0, GID 4, MTU 1024): levels at 52.5 Gb/s from 8 KiB to 8 MiB; the guide names no NIC rate, so the figure cannot be held against its link (above the KV floor)',
  },
  {
    file: 'perftest/cloud-native-stack-v19-ib-write-bw-server-waiting-then-one-row-52gbits.txt',
    tool: 'perftest',
    source:
      'https://github.com/NVIDIA/cloud-native-stack/blob/76b29b9ee30a460b1346c9239260ce4c657fec8c/install-guides/Ubuntu-24-04_Server_x86-arm64_v19.0.md#L920-L945',
    expert: 'not-judged',
    why: 'the server side of the same test: the waiting banner, the connection header and one 8 MiB row at 52.52 Gb/s; no NIC rate is named, so the figure cannot be held against its link',
  },
  // rdma-link
  {
    file: 'rdma-link/cloud-native-docs-gpu-operator-rdma-ibdev2netdev-one-port-up.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/NVIDIA/cloud-native-docs/blob/52dcb7b8d956784344e241df476de17094a4574c/gpu-operator/gpu-operator-rdma.rst#L221-L221',
    expert: 'no-problem',
    why: "`ibdev2netdev` run in the MOFED driver pod: the node's one RDMA device, mlx5_0 port 1, maps to ens64np1 and is Up: the whole output",
  },
  {
    file: 'rdma-link/cloud-native-stack-v19-ibdev2netdev-mlx5-0-up-mlx5-1-down.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/NVIDIA/cloud-native-stack/blob/76b29b9ee30a460b1346c9239260ce4c657fec8c/install-guides/Ubuntu-24-04_Server_x86-arm64_v19.0.md#L688-L689',
    expert: 'not-judged',
    why: '`ibdev2netdev` in the MOFED pod: mlx5_0 port 1 ==> ens192f0 (Up), mlx5_1 port 1 ==> ens192f1 (Down); the down port may simply be unused (the guide then uses mlx5_0), which the paste cannot show: a warning',
  },
  // fi_info
  {
    file: 'fi_info/aws-ec2-guide-efa-start-fi-info-rdm-one-efa.txt',
    tool: 'fi_info',
    source:
      'https://github.com/awsdocs/amazon-ec2-user-guide/blob/e3707c431483ec0ffffcabebd36cf799ba682cd0/doc_source/efa-start.md#L256-L261',
    expert: 'no-problem',
    why: 'AWS EC2 guide, `fi_info -p efa -t FI_EP_RDM` after the EFA installer: one EFA RDM endpoint (efa_0-rdm, FI_PROTO_EFA): the EFA provider and its device are there, the whole output',
  },
  {
    file: 'fi_info/aws-ec2-guide-nccl-base-p4d-four-efa-rdm-flattened.txt',
    tool: 'fi_info',
    source:
      'https://github.com/awsdocs/amazon-ec2-user-guide/blob/e3707c431483ec0ffffcabebd36cf799ba682cd0/doc_source/efa-start-nccl-base.md#L805-L828',
    expert: 'no-problem',
    why: 'p4d.24xlarge (the guide says so; four EFA interfaces): `fi_info -p efa -t FI_EP_RDM` lists efa_0-rdm to efa_3-rdm, one RDM endpoint per EFA, indentation flattened by the page: all four devices present',
  },
  // lsmod
  // ibstatus
  {
    file: 'ibstatus/heioy-books-ibstatus-mlx4-two-ports-active-fdr-56.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/Heioy/Books/blob/6e192e8bc53b5504df4bec2f64d20d3739818089/chang-yong-ming-ling/xin-xi-pian/ibstatus.md#L21-L38',
    expert: 'no-problem',
    why: '`#ibstatus` on a ConnectX-3 (mlx4_0): both InfiniBand ports 4: ACTIVE, 5: LinkUp at 56 Gb/sec (4X FDR, 7 GB/s, above the KV floor), with LIDs from the SM: the whole output',
  },
  {
    file: 'ibstatus/heioy-books-ibstatus-mlx4-0-port-1-only-active-fdr.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/Heioy/Books/blob/6e192e8bc53b5504df4bec2f64d20d3739818089/chang-yong-ming-ling/xin-xi-pian/ibstatus.md#L71-L79',
    expert: 'no-problem',
    why: '`#ibstatus mlx4_0:1` asks for port 1 only, and that port is ACTIVE/LinkUp at 56 Gb/sec (4X FDR): everything the typed command covers is shown and healthy',
  },
  // show_gids
  {
    file: 'show_gids/hurray0-rdma-test-roce-link-local-gids-only-ib-gid.txt',
    tool: 'show_gids',
    source:
      'https://github.com/Hurray0/rdma_test/blob/4f7c7dbdcd994de115e4389a537f96a54c28c465/README.md#L86-L92',
    expert: 'not-judged',
    why: '`show_gids`: mlx5_0 (RoCE on ens11f0) has only its link-local fe80 GIDs (v1 and v2), no IPv4-mapped GID, so RoCEv2 traffic cannot be routed beyond its L2 segment; mlx5_1 (InfiniBand) one GID: a warning',
  },
];
