import type { Capture } from './captures.table.js';

/**
 * Corpus batch b57 (issue 38): kernel mailing lists as public-inbox keeps them in linux-mailinglist-archives, the
 * lists earlier batches left (linux-hyperv) and mails of linux-rdma, linux-block and linux-cifs no capture had taken:
 * netdev patches Cc'd to linux-rdma, a stable@ backport, bugzilla mails, blktests reports. netdev, LKML and stable
 * themselves are over the snapshot size limit here, so their mails come through the lists they were cross-posted
 * to. One mail per commit in the file `m`; each capture is a contiguous slice of the raw mail at the commit named
 * (`git show <commit>:m`), quoted-printable escapes, mail quoting and wrapped lines included. See captures.table.ts
 * and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b57: Capture[] = [
  {
    file: 'dmesg/linux-hyperv-2023-03-azure-cx4-lx-vf-ejected-during-probe-wait-fw-init-mlx5-probe-failed-16.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-hyperv.vger.kernel.org.0/blob/eedb54eef38a5e1be9469e36cae1e67562e21287/m',
    expert: 'problem',
    why: 'an Azure VM (hv_pci) gets a ConnectX-4 Lx VF (15b3:1016), the host ejects it while mlx5_core probes (debug printk lines among the kernel ones, an author\'s `...`): firmware version 65535.65535.65535, wait_fw_init times out five times, "Firmware over 120000 MS in pre-initializing state, aborting" and "probe of 468b:00:02.0 failed with error -16": the VM\'s only RDMA VF never comes up',
  },
  {
    file: 'dmesg/linux-hyperv-2023-03-azure-cx4-lx-vf-ejected-hv-irq-unmask-null-deref-in-mlx5-irq-alloc.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-hyperv.vger.kernel.org.0/blob/02d13cb8d8e54f66265f27a26d0d3b6a7ede0e18/m',
    expert: 'problem',
    why: 'an Azure ConnectX-4 Lx VF (fw 14.25.8102) ejected while mlx5_core loads: hv_pci cannot unmask irq 29, then "BUG: kernel NULL pointer dereference" in hv_irq_unmask with mlx5_irq_alloc/mlx5_eq_table_create/probe_one in the call trace (author\'s `...`, cut at worker_thread): the NIC driver crashes in its probe',
  },
  {
    file: 'dmesg/stable-6.6y-backport-2025-02-mlx5e-profile-rollback-failed-12-null-deref-mlx5e-remove-snipped.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/2d1595f30068cda5b80602a03cf083af50203095/m',
    expert: 'problem',
    why: "a stable@ 6.6.y backport's log, each line indented one space: mlx5_core 0000:08:00.1 in switchdev (OFFLOADS) mode, mlx5e_priv_init fails with -12 twice, the profile change and its rollback both fail, then a NULL pointer dereference in mlx5e_remove while the module unloads (`<snipped>` by the author): the port's netdev is left without a profile and the driver crashes",
  },
  {
    file: 'dmesg/linux-rdma-2025-11-qp-ubuntu-5.15-mlx5-module-id-0x19-soft-lockup-panic-mlx5-ib-dereg-mr-python3.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/6aee88b1de6c342c4af1c8f7d3dbc5e3e87bb93b/m',
    expert: 'problem',
    why: 'a quoted-printable mail (soft breaks `=` inside the lines): an Ubuntu 5.15 VM\'s mlx5_core cannot recognise a module (ID 0x19), then a python3 process\'s exit deregisters huge MRs (mlx5_ib_dereg_mr, ib_umem_release) and the CPU is stuck 26 s: "Kernel panic - not syncing: softlockup": the node goes down while RDMA memory is released',
  },
  {
    file: 'dmesg/linux-rdma-2026-07-kunpeng-taishan-kylin-4.19-nfs-rdma-reboot-f-oops-ib-process-cq-crashdump.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/d623b65c77b3d4dd93d6bcc1851619b21c495184/m',
    expert: 'problem',
    why: 'a patch\'s call trace, indented one space: a Huawei TaiShan 200 (aarch64, Kylin 4.19) with mlx5_ib and NFS over RDMA, at `reboot -f`: "Unable to handle kernel paging request" and "Internal error: Oops" in __ib_process_cq (ib-comp-wq), "Starting crashdump kernel": the RDMA completion path crashes the kernel',
  },
  {
    file: 'dmesg/linux-rdma-2025-04-blktests-nvme-061-rxe-triple-quoted-null-deref-rxe-mr-copy-cut.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/0ce54adbac4cb433da8860a575061f833f7c0a48/m',
    expert: 'problem',
    why: 'three levels of mail quote: blktests nvme/061 loads rdma_rxe and binds two soft-RoCE devices (eno1_rxe, enp4s0f4d1_rxe), nvmet_rdma enables its port, then "BUG: kernel NULL pointer dereference" in rxe_mr_copy, cut at the RIP line: software RDMA only, and it crashes',
  },
  {
    file: 'dmesg/netdev-2025-01-mlx5e-beth1-link-up-then-page-fault-mlx5e-open-channels-oob-node.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/86facb3cb6cfda8ae3ce23b9db4f8913e88b1d5d/m',
    expert: 'problem',
    why: 'a net/mlx5e patch (netdev, Cc linux-rdma): mlx5_core 0000:5c:00.0 beth1 "Link up", then "BUG: unable to handle page fault" (author\'s `...`) with mlx5e_open_channels/mlx5e_open under a netlink setlink in the call trace: bringing the mlx5 interface up crashes the kernel',
  },
  {
    file: 'dmesg/linux-rdma-2024-12-layerscape-lx2080a-mthca-fw-5.1-old-oops-mthca-poll-cq-cut-at-lr.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/ff842a340651221a2b9f6eb5c2ce303fd903030c/m',
    expert: 'problem',
    why: 'an NXP Layerscape LX2080A (aarch64) boot: ib_mthca initialises an InfiniHost HCA whose firmware 5.1.000 is called old, ibp1s0 renamed, then "Unable to handle kernel NULL pointer dereference" and an Oops in mthca_poll_cq from ib_cq_poll_work, cut at the lr line: the HCA driver crashes at boot',
  },
  {
    file: 'dmesg/linux-rdma-bugzilla-219453-bcm57416-bnxt-re-qp-fence-mr-hw-cq-failed-couldnt-open-port-1.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/d5e850427a3bc5a95513fc0b92d556c069ede323/m',
    expert: 'problem',
    why: 'a bugzilla mail in quoted-printable (`=3D`): a Broadcom BCM57416 under bnxt_re on 6.12-rc5: QPLIB cmdq errors, "Failed to register fence-MR", "Failed to create HW CQ", "Couldn\'t create ib_mad CQ", "Couldn\'t open port 1", then the device still registers with IB: its only port cannot be opened for RDMA',
  },
  {
    file: 'dmesg/linux-rdma-2024-09-mlx5-0-couldnt-register-device-null-deref-umr-cleanup-mlx5r-probe.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/c34cdd08d8447699a9358313a75d7beeae162d3f/m',
    expert: 'problem',
    why: 'a patch\'s panic, indented one space: "infiniband mlx5_0: Couldn\'t register device with driver model", then a NULL pointer dereference in ib_dealloc_pd_user from mlx5r_umr_cleanup under mlx5r_probe while mlx5_ib loads: the RDMA device fails to register and the driver crashes',
  },
  {
    file: 'dmesg/linux-rdma-2024-12-e810-irdma-nvmet-rdma-wq-mem-reclaim-warning-check-flush-dependency.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/d086fdada14c496489b03b4b501970f707e788f7/m',
    expert: 'not-judged',
    why: 'a whole `cut here` WARNING on a Fedora 6.8 host with irdma (E810, ice) serving NVMe-oF: the nvmet-wq release work flushes irdma-cleanup-wq, a workqueue flush-dependency warning in check_flush_dependency with its trace to `</TASK>`; a locking-rule warning, not a failed device, port or transfer, so the RDMA path is shown degraded at worst',
  },
  {
    file: 'dmesg/linux-block-2019-12-foll-pin-qemu-mlx5-eth2-link-up-gup-warning-try-grab-compound-head-consume-mtts.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/5721b2c9d274049247c4f8f670da6b21c23e5886/m',
    expert: 'problem',
    why: 'a `# (master) $ dmesg` paste from a QEMU guest with an mlx5 VF: eth2 link up, then WARNINGs at mm/gup.c (try_grab_compound_head, then try_grab_page) under ib_umem_get/mlx5_ib_reg_user_mr from an MR-registration test (consume_mtts): pinning user pages for a memory region fails, so memory cannot be registered for RDMA',
  },
  {
    file: 'dmesg/linux-block-2022-04-kdevops-srp-002-softiwarp-qp-snip-siw-cep-put-warning-rej-connection-failed.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/2e0c3fac1cb7ac4f92109a68f000a0e9efddf17b/m',
    expert: 'problem',
    why: 'quoted-printable with soft breaks: blktests srp/002 in a QEMU guest, "SoftiWARP attached" (software iWARP only), `<-- snip -->`, a WARNING in siw_cep_put (siw_cm.c:255), then ib_srp "REJ received" and "Connection 0/8 to 172.17.8.113 failed": software RDMA only, and a connection is rejected',
  },
  {
    file: 'dmesg/linux-cifs-2019-12-smb-direct-client-qp-cifs-vfs-smbd-rdma-connect-failed-5445-445.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-cifs.vger.kernel.org.0/blob/9d2739ede9879f2be5a6194996aab7082b15a637/m',
    expert: 'problem',
    why: 'two CIFS VFS lines, each wrapped by quoted-printable (`port=` / `=3D5445`): _smbd_get_connection "rdma_connect failed" on port 5445 and on 445: the RDMA connection to the server cannot be made',
  },
  {
    file: 'dmesg/linux-rdma-2025-03-mlx5-vf-0000-08-00-2-fw-query-not-supported-by-fw-one-line.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/015b0be74231316cb6c59be5ef17e4d93cad2a62/m',
    expert: 'not-judged',
    why: 'one mlx5_core line on function 0000:08:00.2: mlx5_fw_version_query "fw query isn\'t supported by the FW": a devlink-info query a VF cannot answer, not a device, port or transfer fault; but nothing else of the log (probe result, link state, peer memory) is in the paste',
  },
  {
    file: 'lsmod/linux-block-2025-02-blktests-ibm-power-grep-scsi-transport-srp-used-by-ibmvscsi.txt',
    tool: 'lsmod',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/24cba2a0f57e27c0f6212205517f4dcd91c8c236/m',
    expert: 'not-judged',
    why: '`lsmod | grep scsi_transport_srp` on an IBM Power LPAR: the one row shows scsi_transport_srp used by ibmvscsi; the grep keeps no RDMA core, NIC driver or peer-memory module, so the modules the lsmod question covers are not in the paste',
  },
  {
    file: 'dmesg/linux-nfs-2025-09-vmware-arm64-nfsd-stop-qp-wrapped-kasan-oops-rpcrdma-pool-destroy-crashdump.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-nfs.vger.kernel.org.0/blob/1e5698dce584c1f9ae831a7a43d8d4621c085254/m',
    expert: 'problem',
    why: 'quoted-printable with lines wrapped by the mail: an arm64 VMware VM stopping nfs-server with an RPC/RDMA patch: "Unable to handle kernel paging request", a KASAN null-ptr-deref and "Internal error: Oops" in rpcrdma_pool_destroy under __svc_rdma_free, "Starting crashdump kernel": the RDMA transport\'s teardown crashes the kernel (modules show ib_core with no hardware RDMA driver)',
  },
  {
    file: 'lsmod/linux-block-2021-10-blktests-srp-modprobe-rdma-rxe-echo-add-then-lsmod-grep-srpt-isert-ib-core-rxe-only.txt',
    tool: 'lsmod',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/47ebfca224f91cf07e915f207006132649d3427c/m',
    expert: 'problem',
    why: "`modprobe rdma_rxe` and binding eno1 to it, then `lsmod | grep -E` for srpt/isert: ib_core's users are rdma_cm, rdma_rxe, rpcrdma, ib_srpt, iw_cm, iser/isert, rdma_ucm, ib_uverbs, ib_cm, no hardware RDMA driver: the only RDMA device provider is Soft-RoCE",
  },
  {
    file: 'dmesg/linux-hyperv-2024-08-azure-mana-sample-dmesg-hwc-request-timed-out-failed-create-wq-110.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-hyperv.vger.kernel.org.0/blob/28cad2e12fed2bba9a2e0b80729b10b85b91b75a/m',
    expert: 'problem',
    why: 'a patch\'s `Sample dmesg:` from an Azure VM\'s MANA NIC (mana 39d4:00:02.0): "HWC: Request timed out!", "Failed to send mana message: -110", "Failed to create WQ object: -110": the NIC\'s queues cannot be created, so the interface cannot open',
  },
  {
    file: 'dmesg/linux-hyperv-2025-03-azure-mana-hibernate-shutdown-null-deref-down-write.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-hyperv.vger.kernel.org.0/blob/729c1a04a05889723bcb492f394cf37f1ddf2a6d/m',
    expert: 'problem',
    why: 'an Azure VM (Hyper-V UEFI) hibernating: mana 7870:00:00.0 "Shutdown was called", then "BUG: kernel NULL pointer dereference" in down_write with debugfs_remove/mana_detach/mana_remove/mana_gd_shutdown in the call trace, whole to `</TASK>`: the NIC driver crashes',
  },
  {
    file: 'dmesg/linux-pci-2021-01-cx6-vm-sriov-numvfs-0-then-2-eswitch-legacy-vfs-no-autoprobe-devlink-lspci.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/d7fe1aba572046b1aefc38f022e99ab6dc82e329/m',
    expert: 'no-problem',
    why: 'a root session in a VM interleaving commands and kernel lines: ConnectX-6 PF with sriov_drivers_autoprobe 0, numvfs 0 then 2, mlx5_core E-Switch Disable/Enable in LEGACY mode, two VFs (15b3:101c) enumerated, `devlink dev` and `lspci` listing the PF and both VFs: every step succeeds, the VFs are left unbound on purpose',
  },
  {
    file: 'dmesg/linux-pci-2025-07-cx7-vfs-iommu-group-warning-elided-vf-probe-starts-fw-28.40-cut.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/4e52196d3c428025c7d8e79de40f939fa5fd4819/m',
    expert: 'not-judged',
    why: "creating VFs on a ConnectX-7: a WARNING in pci_device_group (drivers/iommu/iommu.c:1533) with its body elided by `....`, then the VF 0000:b1:00.2 joins iommu group 11 and mlx5_core starts probing it (firmware 28.40.1000), the paste ending there: a kernel warning in IOMMU grouping, and the VF's probe result is not shown",
  },
  {
    file: 'dmesg/linux-pci-2022-01-taishan-cx5-vf-flr-on-pf-destroy-qp-cq-bad-resource-state-flow-steering-errors-elided.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/cf11b9931fe42c8bf5ba00a1ceddd574a1ec17c8/m',
    expert: 'problem',
    why: 'a Huawei TaiShan 2280 V2 (aarch64) with a ConnectX-5 (fw 16.27.1016): a VF (15b3:101a) probes as mlx5_2, then after an FLR on its PF the VF QP and CQ commands fail with "bad resource state", "modify QP ... to RESET failed", eight `cut here` WARNINGs ("Destroy of kernel CQ shouldn\'t fail", ib_mad_port_close, mlx5_ib cleanup), "RESTRACK detected leak of resources" and many flow-steering deletions failing, the rest elided by `[...]`: the RDMA device is torn down broken',
  },
  // added after the first run (readings written before read ran on these four)
  {
    file: 'dmesg/netdev-2025-08-hv-netvsc-mana-vf-moved-namespace-null-deref-default-device-exit-batch.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-hyperv.vger.kernel.org.0/blob/bc2d61938d3ad258ccea7bc8c796392b16ea05ec/m',
    expert: 'problem',
    why: 'a netdev patch (hv_netvsc, Cc linux-hyperv) on an Azure VM: the MANA VF enP30832s1 is moved back to a namespace, then "BUG: kernel NULL pointer dereference" and an Oops in default_device_exit_batch under cleanup_net, cut in the call trace: deleting a network namespace with the VF crashes the kernel',
  },
  {
    file: 'dmesg/linux-pci-2021-08-linux-next-cx4-lx-ocp-two-functions-invalid-vpd-tag-0x78.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-pci.vger.kernel.org.0/blob/740c42b3f25cc016a7bb3a24998d66b0f735ab71/m',
    expert: 'not-judged',
    why: 'two mlx5_core lines on linux-next, one per function of a ConnectX-4 Lx: "invalid VPD tag 0x78 at offset 113": the PCI core rejecting the card\'s vital-product-data tag, noise for the transfer path, no probe, link or command failure; but nothing else of the log (ports, peer memory) is shown',
  },
  {
    file: 'dmesg/linux-rdma-2024-12-blktests-rnbd-001-quoted-eth0-rxe-null-deref-memcpy-rxe-mr-copy-rxe-requester.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/4fe43f5b6de17f49ef52559d5ad34b88dbba8508/m',
    expert: 'problem',
    why: 'a mail-quoted blktests rnbd/001 log in a QEMU guest: eth0_rxe (Soft-RoCE) set active, rnbd maps and unmaps a device over it, then "BUG: kernel NULL pointer dereference" in memcpy_orig with rxe_mr_copy/copy_data/rxe_requester [rdma_rxe] in the trace and `end trace`, cut in the repeated registers: software RDMA only, and its requester crashes',
  },
  {
    file: 'dmesg/linux-block-2021-09-s390x-kvm-srp-013-softiwarp-srpt-status-5-oops-scsi-mq-exit-request-panic-on-oops.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-block.vger.kernel.org.0/blob/6299c20448f2aa859621c4e28d3ca4bd89d92f1f/m',
    expert: 'problem',
    why: 'blktests srp/013 on an s390x KVM guest (IBM 8561): "SoftiWARP attached" (software iWARP only), SRP logins, ib_srpt receive completions with status 5 (flushed) as paths fail, then "Unable to handle kernel pointer dereference", an Oops in scsi_mq_exit_request and "Kernel panic - not syncing: Fatal exception: panic_on_oops": software RDMA only, and the node panics',
  },
];
