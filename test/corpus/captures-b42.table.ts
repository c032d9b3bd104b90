import type { Capture } from './captures.table.js';

/**
 * Corpus batch b42 (issue 38): mailing-list archives, the linux-rdma list (vger) as public-inbox keeps it in
 * linux-mailinglist-archives/linux-rdma.vger.kernel.org.0, one mail per commit in the file `m`. Each capture is a
 * contiguous slice of the raw mail at the commit named (`git show <commit>:m`), quoted-printable escapes, mail
 * quoting and wrapped lines included. See captures.table.ts and README.md. The expert verdict was written before
 * `read` ran on each capture.
 */
export const CAPTURES_b42: Capture[] = [
  {
    file: 'ibstat/linux-rdma-2023-11-cx6-nvmet-dl580-bracket-cut-prompt-cx3-two-roce-ports-rate-10.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/f3408b905da98ea6d652dcf9dfa131fe57e08afc/m',
    expert: 'problem',
    why: "behind a prompt that lost its `[`, a whole `ibstat` of one ConnectX-3 (MT4099, mlx4_0): both ports Active/LinkUp but RoCE at Rate 10, i.e. 10 Gb/s (1.25 GB/s) links, far below the 5 GB/s cross-node KV floor; these are the node's only RDMA ports",
  },
  {
    file: 'ibstat/linux-rdma-2023-11-cx6-nvmet-storage-105-two-cx5-25g-two-cx6dx-100g-roce-active.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/f3408b905da98ea6d652dcf9dfa131fe57e08afc/m',
    expert: 'not-judged',
    why: 'a whole `ibstat` behind a root prompt: two ConnectX-5 (MT4119) RoCE ports Active at 25 Gb/s and two ConnectX-6 Dx (MT4125) RoCE ports Active at 100 Gb/s; the 100 Gb/s ports are healthy, the 25 Gb/s ones (3.1 GB/s) are under the KV floor, and nothing shown says which ports carry the transfer',
  },
  {
    file: 'ibstat/linux-rdma-2022-10-mlx5-gpf-flattened-two-cx5-edr-100-active-sm-lid-1-and-4.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/77e5565416a1091290db042fd228407b02a10265/m',
    expert: 'no-problem',
    why: '`ibstat` pasted flattened (every indent lost): two ConnectX-5 (MT4119) CAs, each one port InfiniBand Active/LinkUp at 100 Gb/s with LIDs 15 and 12 from subnet managers 1 and 4; the whole output, healthy',
  },
  {
    file: 'ibstat/linux-rdma-2022-03-rdmacm-gid-arm64-one-ca-rocep1p1s0f1-cx6-100-roce-active.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/4ec17312b1116a2c9d15c01ecbe316c6bf3d3666/m',
    expert: 'no-problem',
    why: 'one CA roceP1p1s0f1 (ConnectX-6, MT4123, 4-space indents) on an arm64 host, its one port Active/LinkUp, RoCE at 100 Gb/s; the CA is shown whole and healthy (the rdmacm GID-bind question is outside ibstat)',
  },
  {
    file: 'ibstat/linux-rdma-2021-04-ipoib-child-dollar-prompt-flattened-two-cx5-rate-40-ib-active.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/90e00cffa494ced15c03a9c5a1d65380c2a66057/m',
    expert: 'problem',
    why: 'a user prompt then a flattened `ibstat`: two ConnectX-5 (MT4119) ports InfiniBand Active with LIDs, but both at Rate 40: a 4x QDR/FDR10 link carries at most about 4 to 5 GB/s of data, under the 5 GB/s cross-node KV floor, and these are the only ports',
  },
  {
    file: 'ibstat/linux-rdma-2020-05-opensm-virt-socket-direct-cx6-one-active-aux-down-linkup-two-disabled.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/11442de0b10620350dc704a04933459ddddf593e/m',
    expert: 'problem',
    why: 'four ConnectX-6 (MT4123) CAs of a socket-direct card: ibp2s0f0 Active at 100 with LID 2; ibp3s0f0 has its physical link up (LinkUp, Rate 100) but stays logically Down with LID 65535, a cabled port the fabric never activates; the two f1 functions are Down/Disabled',
  },
  {
    file: 'ibstat/linux-rdma-2019-12-lag-bond-rxe-ibstat-rxe0-ibpanic-cant-be-found-success.txt',
    tool: 'ibstat',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/d41f94e05b12fb581d62af292f0a4cd12617d45c/m',
    expert: 'problem',
    why: "`ibstat rxe0` behind a root prompt answers with ibpanic: \"'rxe0' IB device can't be found\"; the RDMA device the user configured does not exist and no CA is shown",
  },
  {
    file: 'ibv_devinfo/linux-rdma-2019-07-kernel-4-20-usr-bin-cx4-replacement-char-indent-mlx5-1-down-mlx5-0-active.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/2c9f3d2f9061416cb8beba3edcaf35ac064b0aa2/m',
    expert: 'not-judged',
    why: "`$ /usr/bin/ibv_devinfo` whose indents were turned into U+FFFD replacement characters by the mail: two ConnectX-4 Lx (4117) RoCE devices, mlx5_1's port PORT_DOWN and mlx5_0's PORT_ACTIVE; nothing shows the down port is the one in use, so it is a warning",
  },
  {
    file: 'ibv_devinfo/linux-rdma-2019-12-lag-bond-rxe-root-prompt-ibv-devices-empty-then-no-ib-devices-found.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/d41f94e05b12fb581d62af292f0a4cd12617d45c/m',
    expert: 'problem',
    why: '`ibv_devices` prints only its header and `ibv_devinfo` says "No IB devices found": the host has no RDMA device at all',
  },
  {
    file: 'ibv_devinfo/linux-rdma-2021-02-pingpong-cq-indented-i40iw0-iwarp-down-i40iw1-active-cx5-ib-active.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/885480871aaf6db5ac84549076e8fd83284b77ae/m',
    expert: 'not-judged',
    why: 'a 5-space indented `ibv_devinfo`: Intel i40iw0 (iWARP) PORT_DOWN, i40iw1 (iWARP) PORT_ACTIVE, and the ConnectX-5 mlx5_0 InfiniBand PORT_ACTIVE with LID 196 from SM 8; the IB port is healthy, the down iWARP LOM port is a warning, not shown to be in use',
  },
  {
    file: 'ibv_devinfo/linux-rdma-2022-02-rxe0-gid0-pingpong-dollar-prompt-v-elided-dots-gid-table-wrapped.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/6400b680739d39e92fcbfdbabda9fc392fc8abec/m',
    expert: 'problem',
    why: "`ibv_devinfo -v` in a VirtualBox VM, the author's `....` elision, then rxe0's GID table with wrapped lines: the only device is rxe0, Soft-RoCE, software RDMA only",
  },
  {
    file: 'ibv_devinfo/linux-rdma-2024-05-enodev-rdma-create-ep-rxe-named-rx0-vendor-ffffff-roce-active.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/ca9e99885edbb86f25b01b1bc3ab3be06b7b5b61/m',
    expert: 'problem',
    why: 'one device named rx0 with fw 0.0.0, vendor_id 0xffffff and part 0, the Soft-RoCE (rxe) signature, its port PORT_ACTIVE on Ethernet: the only RDMA device is software RDMA',
  },
  {
    file: 'ibv_devinfo/linux-rdma-2025-02-ipv6-same-host-cx7-two-roce-ports-quoted-printable-nbsp-soft-breaks.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/5d30c0aadebdd5b0ca9a5a0269a0fbe5abea7813/m',
    expert: 'no-problem',
    why: '`ibv_devinfo` as the raw quoted-printable mail holds it (=C2=A0 non-breaking spaces, `=` soft line breaks splitting fields): two ConnectX-7 (4129) devices mlx5_2 and mlx5_3, each one RoCE port PORT_ACTIVE; whole and healthy (ibv_devinfo gives no rate)',
  },
  {
    file: 'ibv_devinfo/linux-rdma-2020-04-rxe-default-vendor-id-patch-after-fragment-rxe0-cut-at-vendor-ffffff.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/098db4db1cd8309fe611bf453bdc81f5c3257476/m',
    expert: 'problem',
    why: 'the "After:" fragment of a patch: rxe0 (fw 0.0.0, vendor 0xffffff) cut at vendor_id before its ports; the only device shown is Soft-RoCE, software RDMA',
  },
  {
    file: 'rdma-link/linux-rdma-2019-10-qperf-rtr-host-a-indented-ib2netdev-mlx5-1-down-no-ip.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/3af01b3ec20871ef48a03ad7c20cccfba708615b/m',
    expert: 'not-judged',
    why: 'an indented `ib2netdev` (ibdev2netdev-style) with prompts: mlx5_0 port 1 ==> ens261f0 (Up) with an IP, mlx5_1 port 1 ==> ens261f1 (Down) with none; one port is up, the other a down port nothing shows in use',
  },
  {
    file: 'rdma-link/linux-rdma-2019-10-qperf-rtr-host-b-indented-ib2netdev-both-up-with-ips.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/3af01b3ec20871ef48a03ad7c20cccfba708615b/m',
    expert: 'no-problem',
    why: "the other host's indented `ib2netdev`: mlx5_0 and mlx5_1 port 1 both (Up), each with an IP address, between its prompts; every port shown is up",
  },
  {
    file: 'rdma-link/linux-rdma-2023-04-roce-netns-doom-hash-prompt-rdma-system-then-rdma-link-rxe-eth0-only.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/2a71240bfd3664b79885af1181410faec67f85cc/m',
    expert: 'problem',
    why: '`# rdma system` (netns shared) then `# rdma link`: the only link is rxe_eth0/1 ACTIVE on eth0, a Soft-RoCE device: software RDMA only',
  },
  {
    file: 'rdma-link/linux-rdma-2026-05-rxe-odp-rfc-script-banner-rxe0-no-netdev-rxe1-netdev-nk1.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/a31e300bf0eca6bcca4f7cebf5f747484a4f3d1d/m',
    expert: 'problem',
    why: 'a test script\'s "Configuring RXE..." banner then two links rxe0/1 (no netdev shown) and rxe1/1 on nk1, both ACTIVE: only Soft-RoCE devices, software RDMA',
  },
  {
    file: 'rdma-link/linux-rdma-2024-06-multi-plane-cover-letter-rdma-link-show-elided-smi1-four-planes-init-link-up.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/80e2de8695f588d0df0262efb4b0f68edcaf8e8e/m',
    expert: 'not-judged',
    why: "`$ rdma link show` with the author's `...` then four SMI plane ports smi1/1-4 in state INIT with physical LINK_UP: the data ports are elided, and the management plane ports shown await the subnet manager; nothing is shown Active",
  },
  {
    file: 'perftest/linux-rdma-2019-10-perf-verification-ib-send-bw-1g-msgs-6159-mbs-quoted-printable-soft-breaks.txt',
    tool: 'perftest',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/fbd9628784917da7e7227e6925cb729484f9e5ac/m',
    expert: 'not-judged',
    why: 'an ib_send_bw header split by a quoted-printable soft break (`MsgRate[=`), one row of 1 GiB messages at 6159.46 MB/s average (=09 tab escapes) and the split separator; above the floor but no device or link rate is shown to hold it against',
  },
  {
    file: 'perftest/linux-rdma-2019-06-bugreport-5-2-rc4-hns-2-ib-read-bw-loopback-bad-rss-counter-bug-lines-9044.txt',
    tool: 'perftest',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/b80c082a1c8c005367f4cd41cb468b0df4eab8b5/m',
    expert: 'problem',
    why: 'ib_read_bw on HiSilicon hns_2 (RoCE) in loopback (same GID both ends): the run completes at 9044 MB/s, but the kernel prints "BUG: Bad rss-counter state" lines as the perftest processes exit, memory-map corruption on the registration path',
  },
  {
    file: 'perftest/linux-rdma-2019-07-kernel-4-20-mail-quoted-ib-write-bw-server-mofed-userspace-couldnt-create-qp.txt',
    tool: 'perftest',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/097bf3ff30e9121e5ba48b1d1c7228dd997ad9a7/m',
    expert: 'problem',
    why: 'a mail-quoted (`> `) `ib_write_bw -d mlx5_0` server: after waiting for its client it prints "Couldn\'t get device attributes", "Unable to create QP", "Couldn\'t create IB resources": the test fails',
  },
  {
    file: 'perftest/linux-rdma-2022-02-soft-roce-perf-ib-write-lat-loopback-double-spaced-rows-2-to-4096.txt',
    tool: 'perftest',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/b07e869f28b678af9fa3b4f65c95313930810cd7/m',
    expert: 'not-judged',
    why: 'an ib_write_lat header and rows 2 B to 4096 B, a blank line between each, t_avg about 2 to 2.8 usec; latency only, no bandwidth and no device or link shown, so the transfer rate is not judged',
  },
  {
    file: 'perftest/linux-rdma-2023-02-rxe-read-retry-patch-rxe0-ib-read-bw-snip-1gbe-collapse-at-2m.txt',
    tool: 'perftest',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/941b8eafeb06c997c234b9ee8a892e40619c5302/m',
    expert: 'problem',
    why: "ib_read_bw banner on Device rxe0 (Soft-RoCE), an author's `<snip>`, then a sweep that plateaus at 110 MB/s up to 1 MiB and collapses to 18 MB/s from 2 MiB: software RDMA far under the KV floor, and its large transfers fall apart",
  },
  {
    file: 'lsmod/linux-rdma-2019-07-cx4-lx-cannot-work-grep-mlx5-ib-core-loaded-no-peer-mem-shown.txt',
    tool: 'lsmod',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/a677d688779dfb1612d42ffcc7241c6a6aeb8578/m',
    expert: 'not-judged',
    why: '`lsmod | grep mlx5`: mlx5_ib, ib_core (used by rdma_cm, ib_uverbs, ...) and mlx5_core loaded; the grep leaves out any peer-memory module (nvidia_peermem / nv_peer_mem), so GPU memory registration is not shown',
  },
  {
    file: 'lsmod/linux-rdma-2021-02-pingpong-cq-centos8-indented-grep-rdma-mlx-wrapped-used-by-no-peer-mem.txt',
    tool: 'lsmod',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/885480871aaf6db5ac84549076e8fd83284b77ae/m',
    expert: 'not-judged',
    why: "an indented `lsmod | grep -E 'rdma|mlx'` whose long used-by lists wrap onto unindented lines: rdma_cm, ib_uverbs, ib_core, mlx5_ib, mlx5_core loaded; the filter cannot show a peer-memory module, so GPU memory registration is not shown",
  },
  {
    file: 'show_gids/linux-rdma-2019-07-nvme-bnxt-re0-regression-mail-quoted-wrapped-rows-bnxt-cxgb4-hfi1-mlx5.txt',
    tool: 'show_gids',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/0dba93f1f0e27d6b92f7cd68f32ea03796d1439c/m',
    expert: 'not-judged',
    why: 'a doubly mail-quoted (`> > `) show_gids-style script with rows wrapped in two: bnxt_re0 has RoCE v1/v2 IPv4 GIDs on bnxt_roce and its VLANs, but bnxt_re1 (lom_2) has only link-local GIDs, no routable v2 address; cxgb4_0, hfi1_0 and mlx5_0 list v1 GIDs only; `n_gids_found=3D19` keeps its quoted-printable escape',
  },
  {
    file: 'dmesg/linux-rdma-2019-07-nvme-bnxt-re0-regression-tail-15-mail-quoted-qp-wrapped-gid-del-einval-too-many-tcs.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/0dba93f1f0e27d6b92f7cd68f32ea03796d1439c/m',
    expert: 'not-judged',
    why: 'a mail-quoted `dmesg | tail -15` with lines run together and quoted-printable breaks: IPoIB child links become ready, bnxt_en "Too many traffic classes requested: 8. Max supported is 2", `_ib_cache_gid_del: can\'t delete gid ... error=-22`, then bnxt_re0 deletes and re-stores GIDs 6 and 7; GID-table errors and a QoS warning but no device failure, and the tail shows nothing of the peer-memory module',
  },
  {
    file: 'dmesg/linux-rdma-2024-01-v6-8-rc1-cx6dx-vf-probe-create-tis-einval-qp-soft-breaks.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/1174f20049f78e10ec62037b88a4eb7e59e3f9e4/m',
    expert: 'problem',
    why: 'kernel lines broken by quoted-printable soft breaks: a ConnectX-6 Dx VF (0000:6f:08.2) enabled under SR-IOV fails CREATE_TIS (bad parameter, err -22), mlx5e_resume fails and "probe of mlx5_core.eth.2 failed with error -22": the NIC function does not come up',
  },
  {
    file: 'dmesg/linux-rdma-2023-07-cx6-200g-set-roce-address-gid-add-failed-wrapped.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/c10502b27ac9acc9bd8801a9e0c34ad1e38463c2/m',
    expert: 'problem',
    why: 'three wrapped kernel lines on a 200G ConnectX-6: SET_ROCE_ADDRESS failed (bad parameter, err -22), "infiniband mlx5_2: add_roce_gid GID add failed port=1 index=0" and "unable to add gid ... error=-22": the RoCE port cannot get its GID, so RoCE traffic cannot be addressed',
  },
  {
    file: 'dmesg/linux-rdma-2019-04-next-cx4-lx-create-eq-probe-failed-both-pfs-wrapped.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/fdc9593bd1ef456141ba3924cd91ff30fc949d0d/m',
    expert: 'problem',
    why: 'wrapped mlx5_core lines: on both functions of a ConnectX-4 Lx CREATE_EQ fails, mlx5_load fails and "probe of 0000:0b:00.0/1 failed with error -22": the NIC driver cannot load',
  },
  {
    file: 'dmesg/linux-rdma-2022-02-nvmeof-fio-amd-vi-io-page-fault-local-protection-error-cqe-qp-0a-endings.txt',
    tool: 'dmesg',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/e2930e9e090d00c8a51d0388e4e2fa32765c6597/m',
    expert: 'problem',
    why: 'every line ends in quoted-printable `=0A=`: AMD-Vi IO_PAGE_FAULTs from the mlx5 device, "mlx5_handle_error_cqe ... WC error: 4, Message: local protection error" with its CQE dump (syndrome 0x04, not a flush), NVMe-oF RECV failures and a keep-alive expiry: RDMA completions failing on the device',
  },
  // read after the fixes of the first 32 (readings committed before read ran on them)
  {
    file: 'rdma-link/linux-rdma-2022-09-rdma-link-netns-patch-before-init-net-arrow-notes-two-disabled-one-no-netdev-one-active.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/04c2cdf8867c6cc520ea7d053a5d24757fed6495/m',
    expert: 'not-judged',
    why: 'a patch\'s "before" example: four RoCE links, roceo12399/1, roceo12409/1 and rocep202s0f0/1 DOWN/DISABLED (the first with no netdev and the author\'s `<---should not display` note after it) and rocep202s0f1/1 ACTIVE/LINK_UP on ens7f1; one port is usable, the disabled ones are not shown in use (warnings)',
  },
  {
    file: 'rdma-link/linux-rdma-2020-12-mlx5-sf-patch-dollar-rdma-link-show-mlx5-0-1-active-sf-netdev.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/linux-mailinglist-archives/linux-rdma.vger.kernel.org.0/blob/41ccb825a5695fd30852a0a8bb2ed4c5eb18a6df/m',
    expert: 'no-problem',
    why: '`$ rdma link show mlx5_0/1` asks for one port, and that port (an mlx5 sub-function on netdev p0sf88) is ACTIVE/LINK_UP: everything the typed command covers is shown and healthy (rdma link prints no rate)',
  },
];
