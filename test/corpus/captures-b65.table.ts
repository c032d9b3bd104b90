import type { Capture } from './captures.table.js';

/**
 * Corpus batch b65 (issue 38): committed logs and lab notes in repositories found through the `code` corpus
 * (searching by the tools' own strings). Each file is one contiguous part of one file at the commit named, copied
 * byte for byte. The expert reading of each capture was written before `read` ran on it. See README.md.
 */
const ANK = 'https://github.com/awsankur/awesome-networking/blob/a220868fb4e79e4036d96bd737c91b57e4650267';
const NVL72 =
  'https://github.com/JuihoChen/NVL72-NCCL-test/blob/01aed17706393891726904e7b0ea7c7bf0a75b78/GB300_mpirun_NCCL_diag_deployment.md';
const V100 =
  'https://github.com/minjaechandesu/v100-nvlink-homelab-log/blob/1e2cb302059c5df0a644d71c201d0747498c2382/logs';
const STM =
  'https://github.com/stmatengss/useful_shell_instructions/blob/0b6ce8569a3cc8a1aa17fadf79a3bc556fc0596c/tmp.sh';

export const CAPTURES_b65: Capture[] = [
  // stmatengss/useful_shell_instructions tmp.sh: a researcher's scratch file of a two-host ConnectX-3 (mlx4) QDR
  // InfiniBand test from Docker containers and bare hosts (2019), terminal copies with a tmux pane border and wraps
  {
    file: 'ibstat/stmatengss-tmux-pane-ibstat-cx3-mlx4-qdr-ib-port1-active-40-port2-eth-disabled.txt',
    tool: 'ibstat',
    source: `${STM}#L125-L152`,
    expert: 'problem',
    why: "`ibstat` copied out of a tmux pane (each line behind the pane's `│` border): one ConnectX-3 (MT4099, mlx4_0), port 1 InfiniBand Active/LinkUp at rate 40 (QDR, 8b/10b coded: 32 Gb/s, 4 GB/s of data), below the 5 GB/s cross-node KV floor; port 2 (Ethernet) Down/Disabled is a spare; the only port carrying traffic cannot reach the floor",
  },
  {
    file: 'ibstatus/stmatengss-rdma-list-ibstatus-mlx4-qdr-40-ib-and-10g-eth-ports-padded.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/stmatengss/useful_shell_instructions/blob/192aa23d51e3d6821bab5c32dd5ca95e5c8935a3/rdma_list.md#L51-L67',
    expert: 'problem',
    why: "`ibstatus` rows with no command typed (after the author's `mlxup` query of a ConnectX-3 VPI card, lines padded with spaces): mlx4_0 port 1 ACTIVE/LinkUp at 40 Gb/sec (4X QDR) on InfiniBand, port 2 ACTIVE/LinkUp at 10 Gb/sec (1X QDR) on Ethernet; both active ports are below the 5 GB/s cross-node KV floor (QDR carries 4 GB/s of data, 10 GbE 1.25 GB/s)",
  },
  {
    file: 'ibv_devinfo/stmatengss-docker-ibv-devinfo-cx3-mlx4-ib-port-active-eth-port-down.txt',
    tool: 'ibv_devinfo',
    source: `${STM}#L155-L182`,
    expert: 'not-judged',
    why: '`ibv_devinfo` in a container (lines padded with trailing spaces): mlx4_0 (ConnectX-3, fw 2.42.5000), port 1 PORT_ACTIVE InfiniBand (MTU 4096, LID 10, SM lid 12), port 2 PORT_DOWN on the Ethernet link layer; the second port is down (a spare, a warning) and `ibv_devinfo` shows no rate to hold the active port against',
  },
  {
    file: 'perftest/stmatengss-docker-ib-write-bw-cx3-qdr-3665-mb-s-wrapped-command.txt',
    tool: 'perftest',
    source: `${STM}#L186-L228`,
    expert: 'problem',
    why: '`ib_write_bw -a --iter 20000` (the server address wrapped onto a second line by the terminal) on mlx4_0 over InfiniBand (MTU 2048): every size 2 B to 8 MiB completes, plateauing at 3,665 MB/s average (about 3.7 GB/s, the QDR link full), below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'perftest/stmatengss-docker-ib-read-bw-cx3-qdr-3667-mb-s-cpu-freq-warning-in-rows.txt',
    tool: 'perftest',
    source: `${STM}#L318-L361`,
    expert: 'problem',
    why: '`ib_read_bw -a --iter 20000` (the address wrapped mid-number onto a second line) on mlx4_0 over InfiniBand: all sizes complete, one perftest `Conflicting CPU frequency values detected` warning between the 1 MiB and 2 MiB rows; the plateau is 3,667 MB/s average (about 3.7 GB/s), below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'perftest/stmatengss-ib-write-lat-cx3-qdr-indented-prompt-1us.txt',
    tool: 'perftest',
    source: `${STM}#L231-L271`,
    expert: 'not-judged',
    why: '`ib_write_lat -a --iter 20000` (its prompt indented by one space) on mlx4_0 over InfiniBand: all sizes complete, t_typical 0.98 us at 2 B and 2.30 ms at 8 MiB, a healthy RDMA latency with no failure; a latency test gives no bandwidth figure to hold against the link or the floor',
  },
  // awsankur/awesome-networking: an AWS engineer's notes on a two-node p4de.24xlarge Slurm cluster (4 EFA per node)
  {
    file: 'fi_info/awesome-networking-p4de-prompt-fi-info-p-efa-rdm-four-rdmap-domains.txt',
    tool: 'fi_info',
    source: `${ANK}/README.md#L76-L100`,
    expert: 'no-problem',
    why: '`fi_info -p efa -t FI_EP_RDM` typed at a p4de.24xlarge compute node prompt: four `provider: efa` records (fabric efa, domains rdmap16s27-, rdmap32s27-, rdmap144s27-, rdmap160s27-rdm, version 119.0, FI_EP_RDM, FI_PROTO_EFA), the four EFA devices a p4de carries, all listed; the EFA provider NIXL and NCCL use is there on every device',
  },
  {
    file: 'nccl-tests/awesome-networking-p4de-2-node-srun-all-reduce-25mb-busbw-24-header-cut.txt',
    tool: 'nccl-tests',
    source: `${ANK}/nccl-tests-sweep/all-reduce.md#L20-L27`,
    expert: 'not-judged',
    why: "an `all_reduce_perf -b 25M -e 25M` result behind srun's `0: ` label, the header from the out-of-place/in-place line down only: one 25 MiB row, busbw 24.46 GB/s out of place and 26.23 in place, 0 wrong, Avg bus bandwidth 25.35; nothing fails and the figure is far above the 5 GB/s floor, but the rank lines (which GPUs, how many nodes) are cut away, so whether it crossed the EFA fabric and what link it should be held against are not shown",
  },
  // JuihoChen/NVL72-NCCL-test: a diag team's GB300 NVL72 deployment notes; the dmesg line seen on every node after a run
  {
    file: 'dmesg/nvl72-gb300-diag-doc-nvrm-knvlink-send-inband-data-failed-one-line.txt',
    tool: 'dmesg',
    source: NVL72,
    expert: 'not-judged',
    why: 'one kernel line, `NVRM: knvlinkSendInbandData_IMPL: Failed to send inband data: 0`: the GPU driver failing to deliver an NVLink inband control message to the fabric manager (on GB300 it makes NVLS multicast setup fail and NCCL fall back to ring/tree, busbw lower); a warning of a degraded NVLink control path rather than a link down, and a one-line slice shows nothing of the NIC, RDMA or peer-memory state the question also covers',
  },
  // minjaechandesu/v100-nvlink-homelab-log: logs a homelab builder committed (an RTX 3090 beside two V100 SXM2 on adapter boards)
  {
    file: 'topo/v100-nvlink-homelab-log-topology-txt-rtx3090-node-two-v100-sxm2-nv6-ansi-underline.txt',
    tool: 'topo',
    source: `${V100}/nvidia/topology.txt`,
    expert: 'not-judged',
    why: "a committed `nvidia-smi topo -m` (its header still wrapped in the terminal's underline escape codes) of three GPUs on one NUMA node: GPU1-GPU2 (the two V100 SXM2) NV6, the RTX 3090 GPU0 NODE to both (PCIe across host bridges, no NVLink, KV staged through the host: a warning); legend whole, no NIC column, so where an RDMA NIC sits is not shown",
  },
  {
    file: 'dmesg/v100-nvlink-homelab-log-dmesg-nvidia-grep-580-three-gpus-no-nic-lines.txt',
    tool: 'dmesg',
    source: `${V100}/boot/dmesg_nvidia.txt`,
    expert: 'not-judged',
    why: 'the NVIDIA lines of a boot log (a grep the author committed): HDMI audio inputs, the 580.95.05 module tainting the kernel and failing signature verification (unsigned out-of-tree module, loaded anyway), NVLink core initialised, nvidia-drm on three GPUs with `Cannot find any crtc or sizes` (no display, harmless), nvidia_uvm loaded; no fault, but no NIC, RDMA or peer-memory line is in this slice',
  },
];
