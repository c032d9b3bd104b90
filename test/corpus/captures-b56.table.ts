import type { Capture } from './captures.table.js';

/**
 * Corpus batch b56 (issue 38): distributions' and vendors' bug trackers as GitHub holds them (Talos and its kernel
 * package repo, KubeVirt's Fedora guest images, Amazon's EKS AMI, Intel's out-of-tree ice driver, the SPDK CI's
 * Fedora and E810 nodes, node_exporter and gpud reports from DGX OS and ConnectX-7 hosts, nvme-cli, perftest and
 * the SoftRoCE tracker). The stored search corpora hold no Launchpad, Bugzilla or Debian BTS threads with tool
 * output (only man pages and a Debian packaging thread), so the batch took the trackers' GitHub counterparts. Each
 * file is one code block (or one contiguous part of a post) as the stored copy of the thread holds it, cut where
 * that copy ends (`cut` in the name). Three more captures (an erdma `ls` of Mooncake#102, rxe-dev#46's rxe0
 * `ibv_devinfo`, nccl#988's empty peer-memory greps) turned out, before any reading was written, to copy fixtures
 * byte for byte, and were dropped. See captures.table.ts and README.md. The expert verdict was written before
 * `read` ran on each capture.
 */
export const CAPTURES_b56: Capture[] = [
  // dmesg
  {
    file: 'dmesg/talos-8624-v1-7-mlx5-core-probe-esw-offloads-init-page-fault-kernel-panic-no-timestamps.txt',
    tool: 'dmesg',
    source: 'https://github.com/siderolabs/talos/issues/8624',
    expert: 'problem',
    why: 'a console trace without timestamps: a page fault in esw_port_metadata_get [mlx5_core] while mlx5_core probes the card (esw_offloads_init, probe_one), then "Kernel panic - not syncing: Fatal exception": the NIC driver brings the host down at probe',
  },
  {
    file: 'dmesg/kubevirtci-1712-fedora-43-vm-systemd-modules-kernel-bug-text-poke-cut-in-code-line.txt',
    tool: 'dmesg',
    source: 'https://github.com/kubevirt/kubevirtci/pull/1712',
    expert: 'not-judged',
    why: 'a Fedora 43 guest in KubeVirt: "kernel BUG at arch/x86/kernel/alternative.c", an invalid-opcode Oops in __text_poke while systemd-modules loads a module; the copy ends in the Code line, before the call trace and module list, so the module (and whether it is an RDMA or NIC driver) is not shown',
  },
  {
    file: 'dmesg/amazon-eks-ami-2672-al2023-p5-efa-nv-peermem-no-symbol-version-then-loaded-two-lines.txt',
    tool: 'dmesg',
    source: 'https://github.com/awslabs/amazon-eks-ami/issues/2672',
    expert: 'not-judged',
    why: 'two kernel lines without timestamps: efa_nv_peermem has "no symbol version for nvidia_p2p_dma_unmap_pages" and then prints its banner (v1.2.2), so the peer-memory module loaded but was built against another NVIDIA driver: a warning for GPU memory registration over EFA, and no EFA device line is shown',
  },
  {
    file: 'dmesg/ethernet-linux-ice-27-el8-nutanix-e810-ice-get-ringparam-null-deref-during-reload-cut-in-registers.txt',
    tool: 'dmesg',
    source: 'https://github.com/intel/ethernet-linux-ice/issues/27',
    expert: 'problem',
    why: 'an el8 6.12 kernel on a Nutanix node: a NULL pointer dereference Oops in ice_get_ringparam [ice] (the E810 driver under irdma) from ethtool during a devlink reload; a kernel crash in the NIC driver, cut in the register dump',
  },
  {
    file: 'dmesg/gpud-1164-journal-connectx-7-umbriel-access-reg-bad-operation-then-gpud-json-line.txt',
    tool: 'dmesg',
    source: 'https://github.com/leptonai/gpud/issues/1164',
    expert: 'not-judged',
    why: 'journal lines: mlx5_core on a ConnectX-7 (d2:00.0) reports ACCESS_REG failed with "bad operation" (err -22) while a monitoring agent queries it, then the agent\'s JSON log line: a refused register read, not a link or device fault, and no port state is shown',
  },
  {
    file: 'dmesg/node-exporter-3434-dgx-os-7-pf0-pf1-access-reg-bad-operation-four-lines.txt',
    tool: 'dmesg',
    source: 'https://github.com/prometheus/node_exporter/issues/3434',
    expert: 'not-judged',
    why: 'four mlx5_core lines on 05:00.0 and 05:00.1: ACCESS_REG(0x805) failed, "bad operation", err(-22), each twice: a register query the functions refuse (the reporter\'s DGX OS note says access to these PFs is restricted); nothing about port or link state',
  },
  {
    file: 'dmesg/nvme-cli-2391-ice-functions-5-to-7-rdma-not-supported-pcie-x1-2gbs-cut-both-ends.txt',
    tool: 'dmesg',
    source: 'https://github.com/linux-nvme/nvme-cli/issues/2391',
    expert: 'problem',
    why: 'ice functions 89:00.5 to .7 of an E810: "RDMA is not supported on this device" and "RDMA functionality is not available with the current device configuration", each on a PCIe x1 link at 2.5 GT/s (2 Gb/s available): these ports cannot carry RDMA, and their PCIe link is far below the KV floor; cut at both ends',
  },
  {
    file: 'dmesg/spdk-2277-fedora-35-qemu-soft-roce-nvmf-soft-lockup-perf-rdma-rxe-loaded-cut-in-registers.txt',
    tool: 'dmesg',
    source: 'https://github.com/spdk/spdk/issues/2277',
    expert: 'problem',
    why: 'a Fedora 35 QEMU guest: "watchdog: BUG: soft lockup - CPU#0 stuck for 26s" in perf while the RDMA tests run; the module list has rdma_rxe (Soft-RoCE) as its only verbs provider (cxgb3/cxgb4 only as iSCSI offload): a lockup on software RDMA, cut in the registers',
  },
  {
    file: 'dmesg/spdk-697-soft-roce-target-dmesg-tail-i40e-registered-i40iw-links-not-ready-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/spdk/spdk/issues/697',
    expert: 'not-judged',
    why: 'a dmesg tail from boot: IPv6 "link is not ready" for enp3s0f3, ens785f2 and ens785f3 while interfaces come up, eno1 (igb) up at 1000 Mbps, i40e registers client i40iw and the iser transport loads; no RDMA device error and no RDMA port state, and the copy ends mid-line',
  },
  {
    file: 'dmesg/talos-4857-talosctl-dmesg-node-prefix-qemu-vm-rdma-rxe-loaded-only-cut-both-ends.txt',
    tool: 'dmesg',
    source: 'https://github.com/siderolabs/talos/issues/4857',
    expert: 'not-judged',
    why: '`talosctl dmesg` lines behind the node address and facility (`10.1.1.2: kern:    info: [ISO time]:`) with udev SUBSYSTEM/DEVICE continuation lines, in a QEMU guest: "rdma_rxe: loaded" is the only RDMA line, no NIC or RDMA device shown and no fault; cut at both ends',
  },
  {
    file: 'dmesg/spdk-684-ubuntu-target-rpcrdma-nvmet-rdma-nvme-rdma-unknown-symbol-ib-alloc-cq-first-bracket-lost-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/spdk/spdk/issues/684',
    expert: 'not-judged',
    why: 'a target\'s dmesg whose first line lost its opening bracket: rpcrdma, nvmet_rdma and nvme_rdma log "Unknown symbol ib_alloc_cq / rdma_create_id / rdma_accept (err 0)": these storage protocols cannot load against the RDMA core that runs (a mixed OFED and inbox stack); the verbs driver and ib_uverbs a KV transfer uses are not shown; cut in an apparmor line',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/spdk-3116-ci-gp14-connectx-4-lx-fw-ver-lspci-then-verbose-cut-in-cap-flags.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/spdk/spdk/issues/3116',
    expert: 'not-judged',
    why: "a CI node: fw_ver of mlx5_0 and mlx5_1 from sysfs, lspci names two ConnectX-4 Lx functions, then `ibv_devinfo --verbose` cut in mlx5_0's device_cap_flags, before any port block; mlx5_1 is not shown",
  },
  {
    file: 'ibv_devinfo/spdk-704-sles-12-3-stingray-ps222-rpm-lspci-ibv-devices-then-bnxt-re1-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/spdk/spdk/issues/704',
    expert: 'not-judged',
    why: "a SLES host with a Broadcom Stingray PS222: `rpm -qa | grep libib` (libibverbs 14), lspci with eight d802 functions, `ibv_devices` listing bnxt_re0 and bnxt_re1, then `ibv_devinfo bnxt_re0` (a bare name is no option, so every device prints) cut in bnxt_re1's header before its port; bnxt_re0 is not shown",
  },
  // lsmod
  {
    file: 'lsmod/rxe-dev-65-ubuntu-16-04-aws-grep-rxe-ib-core-users-name-hardware-drivers.txt',
    tool: 'lsmod',
    source: 'https://github.com/SoftRoCE/rxe-dev/issues/65',
    expert: 'not-judged',
    why: "`lsmod |grep rxe`: rdma_rxe (Soft-RoCE) loaded; ib_core's users name hardware verbs drivers too (mlx4_ib, iw_cxgb3, iw_cxgb4, iw_nes) and ib_uverbs, so software RDMA is not the only provider, but the grep hides those rows and any peer-memory module",
  },
  {
    file: 'lsmod/siderolabs-pkgs-1557-talos-arm64-sys-module-grep-bnxt-en-ib-core-no-bnxt-re.txt',
    tool: 'lsmod',
    source: 'https://github.com/siderolabs/pkgs/issues/1557',
    expert: 'problem',
    why: "`talosctl ls /sys/module | grep -E 'bnxt|ib_'` on a Talos node with a Broadcom NIC: bnxt_en, ib_core and ib_ipoib, but no bnxt_re (the NIC's RDMA driver) and no ib_uverbs: the Broadcom NIC has no RDMA device for user-space verbs",
  },
  // perftest
  {
    file: 'perftest/perftest-140-use-cuda-after-ofed-upgrade-cqe-dump-status-4-syndrom-0x51-ccnt-0.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/140',
    expert: 'problem',
    why: 'a CQE dump, then "Completion with error at client", "Failed status 4: wr_id 0 syndrom 0x51" (local protection error) with scnt=128, ccnt=0, and "Failed to complete run_iter_bw function successfully": the transfer fails at once',
  },
  {
    file: 'perftest/perftest-173-a100-gpu-pcie-bidir-completion-error-status-4-syndrom-0x51-after-700-completions.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/173',
    expert: 'problem',
    why: '"Completion with error at client", "Failed status 4: wr_id 0 syndrom 0x51" after 700 of 828 posted completions, then "Failed to complete run_iter_bw function successfully": the bandwidth test aborts',
  },
  {
    file: 'perftest/spdk-1596-internal-prompt-connectx-3-roce-bidir-rdma-cm-server-waiting-cut-at-local-address.txt',
    tool: 'perftest',
    source: 'https://github.com/spdk/spdk/issues/1596',
    expert: 'not-judged',
    why: 'behind a `[Internal]` prompt, the `ib_write_bw --rdma_cm --bidirectional --all` server on mlx4_0 (RoCE, GID index 2, MTU 2048) waits for its client; the copy ends at "local address:", before any result row',
  },
];
