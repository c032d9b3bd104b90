import type { Capture } from './captures.table.js';

/**
 * Corpus batch b49 (issue 38): mailing-list archives other than linux-rdma, as public-inbox keeps them in
 * linux-mailinglist-archives (linux-nvme, linux-block, linux-pci, linux-cifs, linux-s390, linux-scsi, linux-next,
 * iommu, intel-wired-lan), one mail per commit in the file `m`. Each capture is a contiguous slice of the raw mail
 * at the commit named (`git show <commit>:m`), quoted-printable escapes, mail quoting and wrapped lines included.
 * See captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b49: Capture[] = [
  {
    file: 'dmesg/intel-wired-lan-2023-02-e810-irdma-bond-enslave-hung-task-ib-cache-event-irdma-query-port.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/intel-wired-lan.osuosl.org.0/blob/d3e721b7990719703dd50f770f55ac20dd286d18/m',
    expert: 'problem',
    why: 'a whole hung-task report on an E810 (8086:1593) host: kworker blocked for more than 122 s in ib_cache_event_task, stuck in ib_get_eth_speed under irdma_query_port, while bond_enslave unplugs the aux device and irdma_remove/ib_unregister_device wait: the irdma RDMA device deadlocks and cannot serve traffic',
  },
  {
    file: 'dmesg/iommu-2019-07-vt-d-previous-patch-cx5-switchdev-vfs-recreated-healthy.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/iommu.lists.linux-foundation.org.0/blob/b80daba0df1fca56ed1dbb71051ac9be9ddf0941/m',
    expert: 'no-problem',
    why: 'a ConnectX-5 (16.26.148) PF enables SR-IOV, its two VFs join iommu groups, probe and get netdevs, switchdev mode is set, VFs removed and created again, each probe clean: no error, failure or warning from mlx5_core or the PCI/IOMMU layer',
  },
  {
    file: 'dmesg/iommu-2019-07-vt-d-switchdev-cx5-vfs-recreate-failed-add-iommu-group-probe-failed-12.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/iommu.lists.linux-foundation.org.0/blob/b80daba0df1fca56ed1dbb71051ac9be9ddf0941/m',
    expert: 'problem',
    why: 'the same ConnectX-5 SR-IOV cycle under intel_iommu=on iommu=pt: on re-creation both VFs "Failed to add to iommu group 52: -16", then "Failed initializing command interface, aborting" and "probe of 0000:81:00.2/3 failed with error -12": the VFs never come up',
  },
  {
    file: 'dmesg/linux-block-2022-10-hnv-pseries-mlx5e-bad-op-icosq-warning-error-cqe-syndrome-2-cut.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/12395bfef13cbf9ba647a263bce64bb202a058c2/m',
    expert: 'problem',
    why: 'PowerVM (pseries) host, cut after its first error line: "Bad OP in ICOSQ CQE: 0xd" WARNING in mlx5e_poll_ico_cq, then "Error cqe on cqn 0x679 ... syndrome 0x2, vendor syndrome 0x68" on enP32775p1s0: an error completion that is not a flush, the mlx5 device failing work requests',
  },
  {
    file: 'dmesg/linux-cifs-2021-10-dmesg-grep-qed-fastlinq-qedr-registered-2-rdma-funcs-link-up.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-cifs.vger.kernel.org.0/blob/1c6f404c07cc7e0c32c091b8899cdf9293939cbe/m',
    expert: 'no-problem',
    why: '`dmesg | grep qed` on a QLogic FastLinQ host: qed/qede load with Storm/Management FW, both ports enp25s0f0/f1 "Link is up", and "qedr: discovered and registered 2 RDMA funcs": the RDMA driver\'s own lines, all healthy',
  },
  {
    file: 'dmesg/linux-cifs-2021-10-smb-direct-qedr0-iwarp-max-send-sge-4-rdma-create-qp-failed-22.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-cifs.vger.kernel.org.0/blob/1c6f404c07cc7e0c32c091b8899cdf9293939cbe/m',
    expert: 'problem',
    why: '`$ dmesg:` for an SMB Direct mount over qedr0 (iWARP): max_send_sge/max_recv_sge = 4 too small, qedr_check_qp_attrs "create qp: unsupported send_sge=0x10 requested (max_send_sge=0x4)" and "rdma_create_qp failed -22": the RDMA connection cannot create its queue pair',
  },
  {
    file: 'dmesg/linux-next-2021-11-blktests-srp-001-s390-rxe-invalidate-mr-rkey-mismatch-wr-flushed-srp-abort-cut.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-next.vger.kernel.org.0/blob/d89b52aa0a8d897ebbb19ef57a76727df1b99b9b/m',
    expert: 'problem',
    why: 'a slice of a blktests srp/001 log over rdma_rxe (enc8000_rxe on s390): "rxe_invalidate_mr: rkey (0x84f6) doesn\'t match mr->ibmr.rkey", "ib_srp: failed RECV status WR flushed (5)", "SRP abort called" and a run of ib_srpt "receiving failed ... with status 5": RDMA operations failing, on software RDMA',
  },
  {
    file: 'dmesg/linux-nvme-2019-07-bnxt-re0-bcm57412-failed-allocate-hw-ah-rdma-connect-14-prompt.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-nvme.lists.infradead.org.0/blob/b9aa1349e68174c782f4078ee21962b6749b0718/m',
    expert: 'problem',
    why: '`dmesg` behind a root prompt on a Broadcom BCM57412 (bnxt_re0): "QPLIB: cmdq[0x4b9]=0x15 status 0x5", "infiniband bnxt_re0: Failed to allocate HW AH", then "rdma_connect failed (-14)" and "rdma connection establishment failed": RoCE connections cannot be set up',
  },
  {
    file: 'dmesg/linux-nvme-2019-09-nvmeof-ib-no-usable-path-connect-failed-rdma-disconnect-null-deref.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-nvme.lists.infradead.org.0/blob/26da7a8ca763308fa76395ddd4e58f0b8264b2df/m',
    expert: 'problem',
    why: '"kernel log:" of an NVMe-oF RDMA (InfiniBand) host: I/O queues re-created, "no usable path - requeuing I/O", "I/O 0 QID 0 timeout", "Connect command failed", then a NULL pointer dereference Oops in rdma_disconnect [rdma_cm] from nvme_rdma_reset_ctrl_work: RDMA connections fail and the RDMA CM crashes',
  },
  {
    file: 'dmesg/linux-nvme-2019-11-client-bnxt-re0-io-timeouts-qplib-cmdq-timedout-failed-modify-hw-qp-drain-sq-warning.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-nvme.lists.infradead.org.0/blob/325710e69cad0510fe73d8b50629f4f858da1083/m',
    expert: 'problem',
    why: 'client side of NVMe-oF RoCE on bnxt_re0 (BCM57412): I/O timeouts on QID 1 and QID 0, "QPLIB: cmdq[0x41d]=0x3 timedout (20000)msec", "bnxt_re0: Failed to modify HW QP", "send failed", and a "failed to drain send queue: -110" WARNING in __ib_drain_sq: the RDMA device\'s command path is stuck',
  },
  {
    file: 'dmesg/linux-nvme-2019-11-nvmet-target-qedr0-roce-poll-cq-transport-retry-cnt-err-keepalive-fatal.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-nvme.lists.infradead.org.0/blob/325710e69cad0510fe73d8b50629f4f858da1083/m',
    expert: 'problem',
    why: 'target side (QLogic qedr RoCE): nvmet enables its RDMA port and creates controllers, then "qedr_poll_cq_req ... POLL CQ with ROCE_CQE_REQ_STS_TRANSPORT_RETRY_CNT_ERR", keep-alive expiry and "ctrl 1 fatal error occurred!": RDMA sends exhaust their retries, the transfer path is broken',
  },
  {
    file: 'dmesg/linux-pci-2021-07-maxcpus-8-quoted-qp-modprobe-mlx5-cx5-create-eq-cmd-timeouts.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/7236c239d2f42cde2a235cbb4a7d75edcdd08290/m',
    expert: 'problem',
    why: 'mail-quoted with quoted-printable breaks: `# modprobe mlx5_core` on a ConnectX-5 (16.25.8352), then four 60-second waits, each "cmd[0]: CREATE_EQ(0x301) recovered after timeout": the driver\'s command interface gets no interrupts and the load stalls, the device does not come up',
  },
  {
    file: 'dmesg/linux-pci-2025-06-pciehp-button-power-off-two-arm64-cx-slots-unbind-corrected-rxerr-relinked.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/49e20914abb148489ef940770f715f11a4fda50f/m',
    expert: 'not-judged',
    why: 'pciehp log on an arm64 host: attention button powers off two slots, both functions of two mlx5 NICs are torn down in order (PME# disabled, E-Switch cleanup, bus mastering off), corrected Physical Layer RxErr, then the slots power on and link up; nothing is a driver fault, but the NICs are gone and their re-probe is not in the paste',
  },
  {
    file: 'dmesg/linux-pci-2025-07-dpc-timeout-arm64-n2-cx5-fatal-error-recovery-failed.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/5f724b971ee5252038b687d721af9d04ed8386ee/m',
    expert: 'problem',
    why: 'arm64 N2 server, ConnectX-5/-7 behind a DPC port: uncorrectable PCIe error, mlx5 "Fatal error detected", "PCI slot 1 is unavailable", "health recovery flow aborted, PCI reads still not working", "AER: subordinate device reset failed", "device recovery failed": the NIC is lost',
  },
  {
    file: 'dmesg/linux-pci-2025-07-s390-next-mlx5-load-failed-to-alloc-irqs-wrapped.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/e6ed032588fc82f83f02f87309967e55768a15de/m',
    expert: 'problem',
    why: 'one wrapped kernel line on s390 linux-next: "mlx5_core a000:00:00.0: mlx5_load:1355:(pid 998): Failed to alloc IRQs": the NIC driver cannot load',
  },
  {
    file: 'dmesg/linux-s390-2022-02-smc-netns-quoted-roce-express-ib-devices-readded-pnetid-links-up.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-s390.vger.kernel.org.0/blob/0b20a5d4a4b4e900f52d3de41c7956e93c17045c/m',
    expert: 'no-problem',
    why: 'mail-quoted kernel lines without timestamps on s390: smc removes and re-adds RoCE Express ib devices roceP9p0s0 and roceP11p0s0 (port count 1, pnetid NET25), mlx5_core ens1296/ens2076 "Link up", links become ready: no error',
  },
  {
    file: 'dmesg/linux-s390-2025-10-mlx5-health-recovery-aborted-pci-reads-hung-kmcheck-mlx5-unload-one.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-s390.vger.kernel.org.0/blob/9dca6449765ea7ba7a53ed6ebfe4e4d14b5feab1/m',
    expert: 'problem',
    why: 's390 PCI error recovery test: mlx5_core "health recovery flow aborted, PCI reads still not working", then hung-task reports with kmcheck blocked in mlx5_unload_one: the NIC is dead and its recovery deadlocks',
  },
  {
    file: 'dmesg/linux-scsi-2023-08-blktests-srp-011-rdma-rxe-ens3-rxe-set-active-qp-cut.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-scsi.vger.kernel.org.0/blob/34ae8b30ed414913adfd8aa361ed44ee2e07f848/m',
    expert: 'problem',
    why: 'a blktests srp/011 log cut before its SRP lines: null_blk, "rdma_rxe: loaded", rxe_set_mtu 1024, "infiniband ens3_rxe: set active / added ens3", scsi_debug setup: the only RDMA device is Soft-RoCE (software RDMA only)',
  },
  {
    file: 'ibstat/linux-block-2021-04-rnbd-stats-flattened-two-cx4-mt4115-edr-100-active-prompt.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/f9019d248eb4c8387e57659bad106bc49a9fbd71/m',
    expert: 'no-problem',
    why: '`ibstat` behind a root prompt, every indent lost: two ConnectX-4 (MT4115, 12.26.4012) CAs, each one InfiniBand port Active/LinkUp at Rate 100 with LIDs 3 and 1 from subnet managers 3 and 1: the whole output, healthy',
  },
  {
    file: 'ibstat/linux-cifs-2019-12-smb-direct-qp-tabs-cx3-mlx4-two-ib-ports-fdr-56-and-qdr-40-active.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-cifs.vger.kernel.org.0/blob/5b99c0e619ee9a1ab3212a9a0e1e016be5ade8ab/m',
    expert: 'not-judged',
    why: '`$ ibstat` with every tab written as quoted-printable `=09`: one ConnectX-3 (MT4099) with two InfiniBand ports Active/LinkUp, port 1 at 56 (FDR) and port 2 at 40 (QDR, 32 Gb/s of data, 4 GB/s, under the KV floor); which port carries the transfer is not shown',
  },
  {
    file: 'ibv_devinfo/linux-cifs-2021-10-v-qedr0-iwarp-port-active-1x-10g-ethernet-cut-after-active-speed.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-cifs.vger.kernel.org.0/blob/1c6f404c07cc7e0c32c091b8899cdf9293939cbe/m',
    expert: 'problem',
    why: '`ibv_devinfo -d qedr0 -v` (QLogic, iWARP), the mail ending after active_speed: port 1 PORT_ACTIVE, Ethernet, active_mtu 1024, active_width 1X at 10.0 Gbps: a 10 Gb/s link (1.25 GB/s), far below the 5 GB/s KV floor',
  },
  {
    file: 'lsmod/linux-cifs-2021-10-lsmod-grep-qed-qedr-iwarp-ib-core-no-peer-mem-shown.txt',
    tool: 'lsmod',
    source:
      'https://github.com/linux-mailinglist-archives/linux-cifs.vger.kernel.org.0/blob/1c6f404c07cc7e0c32c091b8899cdf9293939cbe/m',
    expert: 'not-judged',
    why: '`lsmod | grep qed` without column alignment: qedr loaded with ib_uverbs and ib_core (used by rdma_cm, iw_cm, rdma_ucm, ib_uverbs, qedr, ib_cm), qede and qed: the hardware RDMA driver is loaded, but the filter cannot show a peer-memory module, so GPU memory registration is not shown',
  },
  {
    file: 'lsmod/linux-s390-2022-08-smc-lsmod-grep-smc-ib-core-mlx5-ib-ism-prompt.txt',
    tool: 'lsmod',
    source:
      'https://github.com/linux-mailinglist-archives/linux-s390.vger.kernel.org.0/blob/ffe6d75987739d3b4f70515f77a0ce74c5376602/m',
    expert: 'not-judged',
    why: '`lsmod | grep smc` behind a root prompt on s390: smc_diag, smc (used by ism) and ib_core used by smc, ib_uverbs, mlx5_ib: the verbs stack and mlx5_ib are loaded, but the filter hides any peer-memory module (and the rest of the stack)',
  },
  {
    file: 'rdma-link/linux-block-2021-01-blktests-eno1-rxe-and-siw-software-only-prompt.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/bcc49fc33fa1c4060af134775dd3865b877cf0a0/m',
    expert: 'problem',
    why: '`# rdma link`: two links, eno1_rxe/1 and eno1_siw/1, both ACTIVE/LINK_UP on netdev eno1: Soft-RoCE and SoftiWARP only, no hardware RDMA device',
  },
  {
    file: 'rdma-link/linux-block-2022-10-blktests-cx-mlx5-0-active-mlx5-1-down-disabled-two-rows.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/8bfec4bca8b4fb4fc0d3722bae474cc364319d7b/m',
    expert: 'not-judged',
    why: 'two `rdma link` rows in a patch description: mlx5_0/1 ACTIVE/LINK_UP on enp33s0f0np0 and mlx5_1/1 DOWN/DISABLED on enp33s0f1np1; nothing shows the disabled port in use, so it reads as a spare port down, a warning',
  },
];
