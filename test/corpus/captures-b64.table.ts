import type { Capture } from './captures.table.js';

/**
 * Corpus batch b64 (issue 38): capture families no table had named. The `pages` corpus surfaced only pages an
 * earlier batch had taken (Advanced Clustering's KB, kubernetes.recipes, kyumdoctor, losslessnetwork, the Kunpeng
 * HyperMPI guide) or page openings without the output; the files below come from lab notes and write-ups committed
 * in repositories found through the `code` corpus: a two-node V100 / ConnectX-3 Pro RoCE lab
 * (Enizaksoy/lab-baremetal-gpu-cluster), a ConnectX-5 RoCE lab whose NICs sit in PCIe 3.0 x8 slots
 * (morrismeyer/warpforge), two DGX Spark write-ups (elizabetht/spark) and playbook blocks of NVIDIA/dgx-spark-playbooks
 * no table had taken (a heterogeneous Spark-to-workstation playbook since removed, kept at the commit named, the
 * connect-two-sparks README and the second client of the benchmarking guide). Three more files collected first were
 * dropped because an earlier capture holds the same text (an AutoDL 2x 2080 Ti topo and all_reduce run, the
 * three-sparks `ibdev2netdev`). A second round, read after the first was scored, took two homelab notes
 * (chrishenn/homelab, jlevere/cluster). Each file is one code block (or one contiguous part of one) at the commit named. The
 * expert reading of each capture was written before `read` ran on it. See README.md.
 */
const ENIZ =
  'https://github.com/Enizaksoy/lab-baremetal-gpu-cluster/blob/df2884ee99e93151c14089aab43a95d3b566e233';
const WARP =
  'https://github.com/morrismeyer/warpforge/blob/e1e13c0ecd9be3df172c3e82f2ac761db43f210d/holmes-lab/mark1/mellanox-perf/CONNECTX5.md';
const SPARK = 'https://github.com/NVIDIA/dgx-spark-playbooks/blob/0db7c141da60870ca6ed5c99436320f4e35cd531';
const HETERO =
  'https://github.com/NVIDIA/dgx-spark-playbooks/blob/fd16fd4edcf4667afed980ef15142c53ed79638b/nvidia/heterogeneous-distributed-inference-rdma/README.md';

export const CAPTURES_b64: Capture[] = [
  // Enizaksoy/lab-baremetal-gpu-cluster: two HYVE servers, 2x V100 PCIe each, ConnectX-3 Pro 40GbE RoCE (CRLF files)
  {
    file: 'ibstat/enizaksoy-lab-ibv-devices-then-ibstat-cx3-pro-rocep130s0-two-eth-ports-active-40.txt',
    tool: 'ibstat',
    source: `${ENIZ}/SETUP_GUIDE_STEP_BY_STEP.md#L51-L70`,
    expert: 'not-judged',
    why: '`$ ibv_devices` (one device, rocep130s0) then `$ ibstat` abridged by the author to state, physical state, rate and link layer: a ConnectX-3 Pro (MT4103) with both Ethernet (RoCE) ports Active/LinkUp at rate 40; nothing is down, but 40 Gb/s per port is the 5 GB/s KV floor itself with no headroom (about 4.5 GB/s of payload), a degraded state, a warning',
  },
  {
    file: 'perftest/enizaksoy-lab-ib-write-bw-cx3-pro-roce-40g-4555-mb-s-one-row.txt',
    tool: 'perftest',
    source: `${ENIZ}/SETUP_GUIDE_STEP_BY_STEP.md#L722-L727`,
    expert: 'problem',
    why: 'an `RDMA_Write BW Test` block the author trimmed to its title and result: one 64 KiB row at 4,554.89 MB/s average (about 4.55 GB/s, 36 Gb/s), below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'perftest/enizaksoy-lab-rdma-summary-header-and-row-4-qps-9-23-gb-s.txt',
    tool: 'perftest',
    source: `${ENIZ}/docs/RDMA_Performance_Testing_Summary.md#L73-L74`,
    expert: 'problem',
    why: 'a perftest result header and one row without the leading space (`--report_gbits`): 1 MiB messages, 20,000 iterations, 9.23 Gb/s peak and average (about 1.15 GB/s), far below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'nccl-tests/enizaksoy-lab-all-reduce-one-node-2x-v100-pcie-7-09-gb-s-rows-trimmed.txt',
    tool: 'nccl-tests',
    source: `${ENIZ}/SETUP_GUIDE_STEP_BY_STEP.md#L966-L979`,
    expert: 'no-problem',
    why: '`all_reduce_perf -g 2` on one host (gpuserver2, two V100-PCIE-16GB, one process): the author kept six rows (8 B to 128 MiB) and one set of columns; every row has #wrong 0 and busbw climbs to 7.09 GB/s at 128 MiB, above the 5 GB/s floor for an intra-node PCIe pair; the run ends with its Avg bus bandwidth line',
  },
  {
    file: 'nccl-tests/enizaksoy-lab-all-reduce-two-nodes-v100-roce-cx3-key-parts-1-87-gb-s.txt',
    tool: 'nccl-tests',
    source: `${ENIZ}/SETUP_GUIDE_STEP_BY_STEP.md#L1159-L1172`,
    expert: 'problem',
    why: '"key parts" of a four-rank run on two hosts (gpuserver1, gpuserver2): NCCL uses NET/IB over both RoCE ports of rocep130s0, SHM inside a host and NET/IB/0 between them; the one row kept, 128 MiB, has #wrong 0 but busbw 1.87 GB/s, far below the 5 GB/s cross-node KV floor',
  },
  // morrismeyer/warpforge: two hosts with ConnectX-5 100GbE RoCE cards in PCIe 3.0 x8 slots
  {
    file: 'perftest/warpforge-mark1-cx5-roce-write-bw-commented-result-row-55-86-gbs.txt',
    tool: 'perftest',
    source: `${WARP}#L117-L125`,
    expert: 'not-judged',
    why: 'a bash block with the server and client `ib_write_bw --size=1048576 --iters=5000 --report_gbits` commands and the result header and row pasted as `# ` comments: 55.86 Gb/s average (about 7 GB/s), above the KV floor, but the block names no link rate, so the figure cannot be held against a known link',
  },
  {
    file: 'perftest/warpforge-mark1-cx5-roce-write-lat-commented-result-row-1-00us.txt',
    tool: 'perftest',
    source: `${WARP}#L158-L166`,
    expert: 'no-problem',
    why: 'the same layout for `ib_write_lat --size=8 --iters=10000`: one 8-byte row as a `# ` comment, t_typical 0.99 us, t_avg 1.00 us, 99.9 % 1.40 us: a healthy RDMA write latency, nothing failing',
  },
  // elizabetht/spark: two DGX Spark systems direct-connected over RoCE
  {
    file: 'nccl-tests/elizabetht-spark-all-gather-16g-two-sparks-result-row-22-16-gb-s-columns-trimmed.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/elizabetht/spark/blob/8a98c8e71dbdf7ce3d3d09be0ec9f99f64487379/notebooks/01_infiniband-tutorial/01_Infiniband_Tutorial.md#L135-L138',
    expert: 'not-judged',
    why: 'the result of `all_gather_perf -b 16G -e 16G` as the author kept it: a header cut down to size, time, algbw and busbw, one 16 GiB row at 22.16 GB/s busbw and the Avg bus bandwidth line; no rank lines (so the nodes and GPUs are not shown), no #wrong column and no link named, so the figure, well above the floor, cannot be held against a known link and correctness is not shown',
  },
  // NVIDIA/dgx-spark-playbooks: blocks no table had taken
  {
    file: 'rdma-link/dgx-spark-playbooks-connect-two-sparks-readme-ibdev2netdev-p1-up-p0-down-prompt.txt',
    tool: 'rdma-link',
    source: `${SPARK}/nvidia/connect-two-sparks/README.md#L93-L98`,
    expert: 'not-judged',
    why: "a `## ` comment and `nvidia@dxg-spark-1:~$ ibdev2netdev`: the ConnectX-7's second port (rocep1s0f1 and its other PCIe half roceP2p1s0f1) Up, the first port's pair (rocep1s0f0, roceP2p1s0f0) Down; one QSFP cable is connected, so the Down pair is a spare port down: a warning",
  },
  {
    file: 'rdma-link/dgx-spark-playbooks-heterogeneous-rdma-ibdev2netdev-before-cable-all-four-down.txt',
    tool: 'rdma-link',
    source: `${HETERO}#L332-L335`,
    expert: 'problem',
    why: '`ibdev2netdev` rows without a prompt, all four RoCE devices of a DGX Spark (rocep1s0f0/f1, roceP2p1s0f0/f1) Down: no RDMA port is up, so no KV can cross to another node (the playbook shows it before the cable is plugged in)',
  },
  {
    file: 'perftest/dgx-spark-playbooks-heterogeneous-rdma-ib-send-bw-spark-to-cx5-workstation-11664-mb-s-abridged.txt',
    tool: 'perftest',
    source: `${HETERO}#L534-L543`,
    expert: 'not-judged',
    why: 'an abridged `Send BW Test` block (device rocep1s0f0, RC, Link type Ethernet, the other header lines dropped by the author): one 64 KiB row at 11,664.25 MB/s average (about 11.7 GB/s), above the KV floor, but the paste names no link rate, so the figure cannot be held against a known link',
  },
  {
    file: 'perftest/dgx-spark-playbooks-perf-guide-client2-write-bw-run-infinitely-roceP2p1s0f0-97-28-gbs.txt',
    tool: 'perftest',
    source: `${SPARK}/nvidia/connect-two-sparks/assets/performance_benchmarking_guide.md#L886-L915`,
    expert: 'not-judged',
    why: "the benchmarking guide's second client: `ib_write_bw -d roceP2p1s0f0 … --report_gbits --run_infinitely` behind the prompt, RoCE (GID index 3, MTU 1024), BW peak not measured by design, six 64 KiB rows steady at 97.28 Gb/s (about 12.2 GB/s): above the KV floor, but the paste names no link rate, so the figure cannot be held against a known link",
  },
  // Second round (read after the first was scored and its fixes made): homelab notes
  {
    file: 'lsmod/chrishenn-homelab-ofed-lsmod-grep-ib-rdma-ib-core-11-users-hfi1-rdmavt-no-peermem.txt',
    tool: 'lsmod',
    source:
      'https://github.com/chrishenn/homelab/blob/bcd8ee48a9821508e2eef180540ebac724e30032/linux/mellanox/ofed.md#L71-L80',
    expert: 'not-judged',
    why: "`$ lsmod | grep '\\(^ib\\|^rdma\\)'`: the RDMA core is loaded (ib_core, ib_uverbs, rdma_cm, rdma_ucm, ib_umad, ib_ipoib, ib_cm), a hardware driver uses it (hfi1, Omni-Path, through rdmavt), and ib_core's 11 users are all named with no peer-memory module among them (nvidia_peermem/nv_peer_mem), so GPUDirect RDMA through peer memory is off and GPU transfers would be staged through host memory: a warning",
  },
  {
    file: 'ibstat/jlevere-cluster-debian-prompt-ibstat-p-two-port-guids-cx3-mesh.txt',
    tool: 'ibstat',
    source:
      'https://github.com/jlevere/cluster/blob/f16af46cfd6b88b69cc25dac1da0f6091448e9c5/README.md#L305-L307',
    expert: 'not-judged',
    why: '`sudo ibstat -p` behind the prompt: the two port GUIDs of one CA and nothing else; `-p` prints no state, rate or link layer, so whether the ports are up and how fast is not shown',
  },
];
