import type { Capture } from './captures.table.js';

const AZ =
  'https://github.com/marconetto/azadventures/blob/eaad2d30ec0927b7f37d4d4bcdae359c587aa79a/chapter17/README.md';
const AZ18 =
  'https://github.com/marconetto/azadventures/blob/232ad39e05174bd6499338be64ab8314ee00e7ac/chapter18/README.md';
const SHS =
  'https://github.com/HewlettPackard/shs-docs/blob/ef07c6cef0f065741e0ca35ac796a22eb8574578/docs/portal/developer-portal/performance/perftest.md';
const ROCMNO = 'https://github.com/ROCm/network-operator/blob/0359d4c0d2a744b8e6e0969cf212ec23552483d9';
const OCIQS = 'https://github.com/oracle-quickstart/oci-gpu-quickstarts/blob';

/**
 * Corpus batch b43 (issue 38): cloud and server vendors' documentation and knowledge bases: an Azure HPC
 * engineer's HBv3 and NC-series notes, Oracle's OCI GPU quick starts (GB300, B300, MI355X with Pollara) and
 * Exalytics guide, AWS's SageMaker developer guide, HPE Slingshot docs, AMD's network operator docs, Crusoe's
 * solutions library, Red Hat (IBM) RHEL guides, Volcengine and Baidu AI Cloud pages. See captures.table.ts and
 * README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b43: Capture[] = [
  // fi_info
  {
    file: 'fi_info/sagemaker-devguide-training-efa-efa-0-rdm-dgrm-and-ofi-rxd-indented.txt',
    tool: 'fi_info',
    source:
      'https://github.com/awsdocs/amazon-sagemaker-developer-guide/blob/a869fa5c9bd1074a85bd23748d0463e322ad8939/doc_source/your-algorithms-training-efa.md#L84-L101',
    expert: 'no-problem',
    why: "the SageMaker guide's `fi_info -p efa` inside a training container (records indented): EFA device efa_0 offers its FI_EP_RDM and FI_EP_DGRAM domains over FI_PROTO_EFA, plus the older layered efa;ofi_rxd RDM: the hardware provider is present with its RDM endpoint, nothing fails",
  },
  // ibstat
  {
    file: 'ibstat/azadventures-17-hbv3-cx6-vf-mlx5-ib0-active-rate-200.txt',
    tool: 'ibstat',
    source: `${AZ}#L98-L115`,
    expert: 'no-problem',
    why: 'the same HBv3 VM: one CA, one port, Active/LinkUp at rate 200 (HDR), base LID 958 and SM LID 549: the whole device, healthy',
  },
  {
    file: 'ibstat/oracle-exalytics-network-health-mlx4-qdr-two-ports-active-rate-40.txt',
    tool: 'ibstat',
    source: 'https://docs.oracle.com/cd/E72784_01/BIXOG/GUID-DECC707B-E0DF-4286-A9F8-A44A5B0C7449.htm',
    expert: 'problem',
    why: 'Oracle Exalytics guide, `# ibstat`: one ConnectX-2 class CA (MT26428) with both ports Active/LinkUp, but at rate 40 (QDR: 32 Gb/s of data, 4 GB/s per port), below the 5 GB/s cross-node KV floor: healthy ports on links too slow for KV transfer',
  },
  // ibstatus
  {
    file: 'ibstatus/volcengine-ml-platform-a800-mlx5-1-roce-200g-zero-default-gid-cut-at-next-device.txt',
    tool: 'ibstatus',
    source: 'https://www.volcengine.com/docs/6459/119595?lang=zh',
    expert: 'not-judged',
    why: "Volcengine ML platform, an A800 instance's container: `# ibstatus` shows mlx5_1 port 1 ACTIVE/LinkUp at 200 Gb/s HDR on Ethernet (RoCE) with an all-zero default GID, then the stored copy ends at the `I` of the next device: the other RDMA devices are not shown, and the zero default GID leaves the port's usable GID unshown",
  },
  {
    file: 'ibstatus/baidu-aihc-verify-rdma-image-line-numbered-three-roce-100g-zero-gids.txt',
    tool: 'ibstatus',
    source: 'https://cloud.baidu.com/doc/AIHC/s/imepst1ge',
    expert: 'not-judged',
    why: "Baidu AI Cloud (AIHC) guide, a code viewer's line numbers glued to each line: `# ibstatus` on an A800 instance, three RoCE devices mlx5_0-2 ACTIVE/LinkUp at 100 Gb/s EDR, but every default GID is all zeros: the ports are up, yet no GID RoCE traffic could use is shown (a warning, not a proven fault)",
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/azadventures-17-hbv3-cx6-vf-mlx5-ib0-one-port-active-lid-958.txt',
    tool: 'ibv_devinfo',
    source: `${AZ}#L75-L93`,
    expert: 'no-problem',
    why: 'an Azure HBv3 VM (ConnectX-6 VF): its one device with its one port, PORT_ACTIVE, InfiniBand, port LID 958 from SM 549, MTU 4096: everything the question covers is shown and healthy',
  },
  {
    file: 'ibv_devinfo/rhel7-networking-guide-ibv-devices-then-d-mlx4-1-port2-cut-mid-state.txt',
    tool: 'ibv_devinfo',
    source:
      'https://docs.redhat.com/zh-cn/documentation/red_hat_enterprise_linux/7/html/networking_guide/sec-testing_early_infiniband_rdma_operation',
    expert: 'not-judged',
    why: 'Red Hat (IBM) RHEL 7 guide: `ibv_devices` lists mlx4_0 and mlx4_1, then `ibv_devinfo -d mlx4_1` shows port 1 PORT_ACTIVE on InfiniBand (LID 2) and the stored copy ends inside port 2 at `PORT_ACTI`: port 2 and all of mlx4_0 are not shown',
  },
  // lsmod
  {
    file: 'lsmod/azadventures-17-hbv3-grep-i-ib-mlx5-ib-ofed-no-gpu-modules-shown.txt',
    tool: 'lsmod',
    source: `${AZ}#L121-L130`,
    expert: 'not-judged',
    why: '`lsmod | grep -i ib`: the verbs stack (mlx5_ib, ib_core, ib_uverbs, ib_umad, rdma_cm users) is loaded, but the grep cannot show a GPU peer-memory module (nvidia_peermem does not contain "ib"), so that part is hidden by the filter, not absent',
  },
  {
    file: 'lsmod/rocm-network-operator-drivers-grep-ionic-ionic-rdma-ib-peer-mem-inbox.txt',
    tool: 'lsmod',
    source: `${ROCMNO}/docs/drivers/drivers.md#L20-L25`,
    expert: 'no-problem',
    why: "AMD Network Operator docs, `lsmod | grep ionic` on an AI NIC (Pollara) worker: ionic and ionic_rdma loaded, ib_core and ib_uverbs with ionic_rdma among their users, and ib_peer_mem (the peer-memory bridge) used by ionic_rdma: the NIC's RDMA driver and its GPU-memory path are loaded",
  },
  // memlock
  {
    file: 'memlock/rhel8-rdma-pin-memory-verification-ulimit-l-unlimited-indented.txt',
    tool: 'memlock',
    source:
      'https://docs.redhat.com/en/documentation/red_hat_enterprise_linux/8/html/configuring_infiniband_and_rdma_networks/increasing-the-amount-of-memory-that-users-are-allowed-to-pin-in-the-system_configuring-infiniband-and-rdma-networks',
    expert: 'no-problem',
    why: "Red Hat (IBM) RHEL 8 guide, indented as the page sets it: `ulimit -l` prints unlimited after the rdma group's memlock limits: any buffer can be pinned",
  },
  // nccl-tests
  {
    file: 'nccl-tests/azadventures-18-nc-v100-one-gpu-all-reduce-busbw-zero-one-rank.txt',
    tool: 'nccl-tests',
    source: `${AZ18}#L123-L163`,
    expert: 'not-judged',
    why: '`all_reduce_perf -g 1` on one V100: a single rank, so every busbw is 0 and the average 0 by definition; nothing moves between GPUs or nodes, so the run says nothing about a transfer path',
  },
  {
    file: 'nccl-tests/azadventures-18-nc-v100-two-gpus-one-node-pcie-all-reduce-6-88gbs.txt',
    tool: 'nccl-tests',
    source: `${AZ18}#L169-L210`,
    expert: 'not-judged',
    why: '`all_reduce_perf -g 2` on the two V100 PCIe GPUs of one VM: 8 B to 2 GiB, #wrong 0, out of bounds OK, busbw levelling at 6.88 GB/s: above the 5 GB/s floor, but a one-node PCIe figure that no named link lets me hold against its rate',
  },
  {
    file: 'nccl-tests/crusoe-solutions-b300-cmk-mpijob-interpret-two-rows-2g-4g-822gbs-elided.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/crusoecloud/solutions-library/blob/3b9ad78effebd2c18d94a24cad3abbc93851c2d1/b300-nccltest-cmk-mpijob/README.md#L129-L134',
    expert: 'not-judged',
    why: 'Crusoe\'s B300 nccl-tests guide, "interpret the output": the column header and two all_reduce rows (2 and 4 GiB, busbw 741 and 822 GB/s, #wrong 0) before an author\'s `...`: no rank list, no other sizes, no summary, and no link named to hold the figures against',
  },
  {
    file: 'nccl-tests/oci-gpu-quickstarts-gb300-one-node-four-ranks-all-reduce-small-sizes-truncated-685gbs.txt',
    tool: 'nccl-tests',
    source: `${OCIQS}/6a0abdc78b574b28eb10926387615c8414ed8c1d/nvidia/GB300/README-GB300.md#L171-L190`,
    expert: 'no-problem',
    why: 'OCI GB300, one host, four ranks (all four GB300 GPUs of the tray, NCCL 2.28.7): smaller sizes cut by the author, the 8 and 16 GiB rows at 681-685 GB/s busbw (NVLink-class within the tray), #wrong 0, out of bounds OK, the test concludes: the large sizes that judge bandwidth are shown and healthy',
  },
  {
    file: 'nccl-tests/oci-gpu-quickstarts-gb300-two-racks-128-ranks-elided-all-reduce-739gbs.txt',
    tool: 'nccl-tests',
    source: `${OCIQS}/6a0abdc78b574b28eb10926387615c8414ed8c1d/nvidia/GB300/README-GB300.md#L248-L268`,
    expert: 'not-judged',
    why: 'OCI GB300, 32 hosts over two racks, 128 ranks with the rank list elided by `...`: smaller sizes cut, 8 and 16 GiB at 709-740 GB/s busbw, #wrong 0, OK, concluded: no failure, but a multi-node NVLink plus RoCE figure that no link named in the paste lets me hold against its rate',
  },
  {
    file: 'nccl-tests/oci-gpu-quickstarts-b300-two-nodes-alltoall-no-ranks-one-row-181gbs.txt',
    tool: 'nccl-tests',
    source: `${OCIQS}/6a0abdc78b574b28eb10926387615c8414ed8c1d/nvidia/B300/README-B300.md#L172-L183`,
    expert: 'not-judged',
    why: 'OCI B300 "All-to-All - 2 Nodes": no rank list (nGpus 1 per process), smaller sizes cut, a single 8 GiB row at 181 GB/s busbw, #wrong 0, OK: the ranks and hosts are not shown and the figure cannot be held against a named link',
  },
  {
    file: 'nccl-tests/oci-gpu-quickstarts-mi355x-rccl-one-node-eight-ranks-rows-from-8g-407gbs.txt',
    tool: 'nccl-tests',
    source: `${OCIQS}/6a0abdc78b574b28eb10926387615c8414ed8c1d/amd/MI355X/README-MI355X.md#L108-L130`,
    expert: 'no-problem',
    why: 'rccl-tests on one OCI MI355X host, eight ranks over XGMI: the header asks for 512 KiB-16 GiB but only the 8 and 16 GiB rows are printed, both at 407 GB/s busbw, #wrong 0, out of bounds OK, concluded: the large sizes are shown and healthy for a single node',
  },
  {
    file: 'nccl-tests/oci-gpu-quickstarts-mi355x-pollara-two-nodes-alltoall-truncated-86gbs.txt',
    tool: 'nccl-tests',
    source: `${OCIQS}/4d620a619a541d3be9c0409f35aef7c5bea262cf/amd/MI355X/README-MI355X-Pollara.md#L145-L155`,
    expert: 'not-judged',
    why: 'rccl-tests alltoall between two OCI MI355X Pollara hosts: no command or rank list, smaller sizes cut, 8 and 16 GiB at 86.6-86.7 GB/s busbw, #wrong 0, OK: across the nodes and above the floor, but not holdable against a link the paste names',
  },
  // perftest
  {
    file: 'perftest/azadventures-17-hbv3-run-perftest-loopback-write-bw-1000b-interleaved.txt',
    tool: 'perftest',
    source: `${AZ}#L184-L229`,
    expert: 'not-judged',
    why: '`run_perftest_loopback`: server and client on one VM, their banners interleaved, one 1000-byte size at 4020 MiB/s: a single latency-bound size through loopback cannot be held against the 200 Gb/s link, and nothing fails',
  },
  {
    file: 'perftest/azadventures-17-hbv3-send-bw-client-all-to-16k-23547-mibs-elided.txt',
    tool: 'perftest',
    source: `${AZ}#L402-L437`,
    expert: 'not-judged',
    why: "`ib_send_bw --all` client between two HBv3 VMs: rows 2 B to 16 KiB rise to 23548 MiB/s (about 197 Gb/s, at the HDR rate) and the author's `...` elides every larger size, so the sweep's large sizes are not shown",
  },
  {
    file: 'perftest/shs-docs-perftest-example1-prose-then-write-bw-server-client-roce-65536-98gbits.txt',
    tool: 'perftest',
    source: `${SHS}#L39-L99`,
    expert: 'not-judged',
    why: 'HPE Slingshot docs: prose lines ("On Server", "This will initiate…") around the commands, then an `ib_write_bw -D 5 --report_gbits` server and client on a RoCE mlx5 port (GID index 3): one 65536-byte size at 98.03 Gb/s, no failure; the paste names no link rate, so the figure cannot be held against its link',
  },
  {
    file: 'perftest/oci-gpu-quickstarts-mi355x-pollara-expected-write-bw-one-row-8m-391gbits.txt',
    tool: 'perftest',
    source: `${OCIQS}/4d620a619a541d3be9c0409f35aef7c5bea262cf/amd/MI355X/README-MI355X-Pollara.md#L696-L699`,
    expert: 'not-judged',
    why: 'the guide\'s "expected performance" for `ib_write_bw -q 4 -a --report_gbits` on a Pollara port: only the table header and one 8 MiB row at 391.34 Gb/s, tab-separated: healthy-looking, but the banner, the other sizes and the link rate are not in the paste',
  },
  {
    file: 'perftest/shs-docs-perftest-example2-rdma-cm-server-then-client-roce-65536-98gbits.txt',
    tool: 'perftest',
    source: `${SHS}#L107-L159`,
    expert: 'not-judged',
    why: 'HPE Slingshot docs, `ib_write_bw -R -D 5 --report_gbits`: the server banner (waiting for its rdma_cm QP) and its result, then the client against `<system_name>n002-hsn`, both at 98.03 Gb/s for 65536 B over RoCE (GID index 3): nothing fails, but no link rate is named to hold the figure against',
  },
  {
    file: 'perftest/azadventures-17-hbv3-send-lat-client-all-to-16k-1-6us-elided.txt',
    tool: 'perftest',
    source: `${AZ}#L317-L350`,
    expert: 'not-judged',
    why: "`ib_send_lat --all` client between two HBv3 VMs over InfiniBand: 2 B to 16 KiB at 1.59-3.77 us typical, then the author's `...` elides the larger sizes: healthy latencies for what is shown, the rest of the sweep not shown",
  },
  // rdma-link
  {
    file: 'rdma-link/azadventures-17-hbv3-ibdev2netdev-mlx5-ib0-ib0-up.txt',
    tool: 'rdma-link',
    source: `${AZ}#L136-L137`,
    expert: 'no-problem',
    why: '`ibdev2netdev` on the HBv3 VM: its one RDMA device mlx5_ib0 port 1 maps to ib0, Up: the whole list, healthy',
  },
  {
    file: 'rdma-link/rhel8-soft-iwarp-verification-siw0-only-link-active.txt',
    tool: 'rdma-link',
    source:
      'https://docs.redhat.com/zh-cn/documentation/red_hat_enterprise_linux/8/html/configuring_infiniband_and_rdma_networks/configuring-soft-iwarp_configuring-soft-iwarp',
    expert: 'problem',
    why: 'Red Hat (IBM) RHEL 8 Soft-iWARP verification, `rdma link show` listing every link: the only one is siw0/1 (the software iWARP device over enp0s1), ACTIVE/LINK_UP: software RDMA only, no hardware RDMA for GPU memory',
  },
  {
    file: 'rdma-link/oci-gpu-quickstarts-gb300-prompt-rdma-link-eight-rails-eth0-active-eth1-down-disabled.txt',
    tool: 'rdma-link',
    source: `${OCIQS}/6a0abdc78b574b28eb10926387615c8414ed8c1d/nvidia/GB300/README-GB300.md#L534-L544`,
    expert: 'not-judged',
    why: 'OCI GB300 host behind its prompt, `rdma link`: the eight RoCE rails (mlx5_0-3, mlx5_5-8 on rdma0-7) and the front-end eth0 ACTIVE/LINK_UP, but mlx5_9 (the second front-end port, eth1) DOWN/DISABLED: the KV rails are healthy, and a Disabled Ethernet RDMA port is at least a warning',
  },
  {
    file: 'rdma-link/oci-gpu-quickstarts-mi355x-pollara-rdma-underscore-link-eight-ionic-two-cx7-active.txt',
    tool: 'rdma-link',
    source: `${OCIQS}/4d620a619a541d3be9c0409f35aef7c5bea262cf/amd/MI355X/README-MI355X-Pollara.md#L670-L681`,
    expert: 'no-problem',
    why: 'OCI MI355X with Pollara AI NICs, the command typed `rdma_link`: eight ionic back-end ports (ionic_0, 2-5, 7-9) and the two ConnectX-7 front-end ports all ACTIVE/LINK_UP, trailing spaces kept: every listed port is up',
  },
  // topo
  {
    file: 'topo/azadventures-18-nc-v100-pcie-two-gpus-node-no-nic-legend.txt',
    tool: 'topo',
    source: `${AZ18}#L88-L101`,
    expert: 'not-judged',
    why: 'an Azure NC-series VM (two V100 PCIe): `nvidia-smi topo -m` with its legend, GPU0-GPU1 NODE (PCIe across host bridges in one NUMA node, no NVLink) and no NIC in the matrix: KV between the GPUs crosses PCIe, and GPU-NIC placement for RDMA is not shown',
  },
];
