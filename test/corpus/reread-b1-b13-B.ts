import type { Expert } from './captures.table.js';

/**
 * Second expert reading of corpus batches b1–b13, part B: made blind (neither the tool's verdicts
 * nor the first reading seen) under the corpus README's current verdict definitions.
 */
export const REREAD_B: Record<string, { expert: Expert; why: string }> = {
  'rdma-link/3fs-283-cx6dx-2-ports-active-trailing-space.txt': {
    expert: 'no-problem',
    why: '`rdma link show` with its prompt lists both ports (mlx5_0/1 and mlx5_1/1 on p1p1/p1p2) ACTIVE / LINK_UP, nothing cut, so every link the question covers is shown healthy.',
  },
  'rdma-link/3fs-263-rxe-soft-roce-only.txt': {
    expert: 'problem',
    why: 'The complete `rdma link show` lists only rxe_0/1, a Soft-RoCE (software RDMA) device on p1p1, so there is no hardware RDMA for KV transfer.',
  },
  'rdma-link/rccl-1423-ib-down-polling.txt': {
    expert: 'problem',
    why: 'The one IB port shown, mlx5_7/1, is state DOWN with physical_state POLLING (no link trained), so the link under test cannot carry traffic.',
  },
  'rdma-link/rccl-1423-ib-down-linkup.txt': {
    expert: 'problem',
    why: 'The one IB port shown, mlx5_7/1, is logically state DOWN although physical_state is LINK_UP, so the port under test is not usable for RDMA.',
  },
  'rdma-link/rccl-1423-ib-active-after-flap.txt': {
    expert: 'not-judged',
    why: 'The single line shows mlx5_7/1 ACTIVE / LINK_UP, but there is no command or prompt and mlx5_0–mlx5_6, which the device name implies exist, are not in the paste.',
  },
  'ibstatus/nccl-1866-roce-100g-2-active-cut.txt': {
    expert: 'not-judged',
    why: 'mlx5_0 and mlx5_1 are ACTIVE / LinkUp at 100 Gb/s (Ethernet), but the paste cuts off inside mlx5_2 after its default gid, before its state, phys state and rate.',
  },
  'dmesg/nv-peer-memory-39-elided-then-symbol-version-err22.txt': {
    expert: 'problem',
    why: 'nv_peer_mem "disagrees about version of symbol ib_register_peer_memory_client" and fails with "Unknown symbol ... (err -22)", so the peer-memory module cannot load and GPUDirect RDMA is unavailable.',
  },
  'nixlbench/nixl-2276-gcp-tcpxo-read-small-blocks-cut.txt': {
    expert: 'not-judged',
    why: 'Only the 4–32 KiB, batch-1 rows are shown (0.027–0.21 GB/s, latency-bound and not comparable to the link or the 5 GB/s floor), and the table is cut in the 32 KiB row, before any large-block result.',
  },
  'nixlbench/nixl-115-legacy-mpirun-single-node-nvlink-cut.txt': {
    expert: 'not-judged',
    why: 'The single-node VRAM-to-VRAM run climbs to 84.5 GB/s at 256 KiB, but the table is cut in the 512 KiB row, before the larger blocks, and there is no line rate to hold the figures against.',
  },
  'ucx_perftest/ucx-9971-server-rc-2dev-header-cut.txt': {
    expert: 'not-judged',
    why: 'This is the server side of an rc am-bandwidth test on mlx5_0/mlx5_2: it accepts the connection but is cut inside the header box (Window size), before any result row; the CPU-affinity WARN is not a fault.',
  },
  'nvlink/nccl-tests-228-a100-12x25-tabs-elided.txt': {
    expert: 'not-judged',
    why: 'GPU 0 and GPU 1 show all 12 NVLinks at 25 GB/s, which is healthy for A100-SXM4, but the paste is elided ("......") after GPU 2 Link 0, so the remaining links and GPUs are not shown.',
  },
  'perftest/perftest-132-quote-prefixed-ib-write-bw-small-sizes-cut.txt': {
    expert: 'not-judged',
    why: '`ib_write_bw -a` on mlx5_0 (IB, MTU 4096) shows only the 2–8 B rows (≤0.17 Gb/s, message-rate bound) and is cut at the 16 B row, before any size that could be held against the link, and no line rate is known.',
  },
  'perftest/perftest-262-roce-server-libibverbs-warnings-header-cut.txt': {
    expert: 'not-judged',
    why: 'The RoCE ib_write_bw server on rocep4s0f0 prints only harmless libibverbs warnings about absent mana/erdma providers and is cut in the local-address line, before any result row.',
  },
  'rdma-link/sriov-network-operator-635-ib-half-disabled-cut.txt': {
    expert: 'problem',
    why: 'Four of the IB ports (mlx5_1, 3, 5 and 7) are state DOWN / physical_state DISABLED (lid 65535, no SM), alternating with ACTIVE rails on the same subnet, and mlx5_9 is DOWN before the cut, so half of the IB rails are disabled.',
  },
  'ibv_devinfo/network-operator-1646-vf-in-pod-port-init-flattened.txt': {
    expert: 'problem',
    why: 'The only device in the pod, mlx5_7 (an IB VF with a zero node_guid), has its port stuck in PORT_INIT (port_lid 65535), so it is not active and cannot carry RDMA traffic.',
  },
  'rdma-link/sriov-network-operator-635-ibdev2netdev-vfs-down-head-cut.txt': {
    expert: 'problem',
    why: 'Although the head is cut, the visible ibdev2netdev lines show the PF ports ibp84s0, ibp97s0f1, ibp148s0, ibp186s0 and ibp204s0 (mlx5_3, 5, 7, 8, 9) and every VF Down, while only ibp75s0, ibp141s0 and enp97s0f0 are Up.',
  },
  'rdma-link/sriov-network-operator-382-pod-only-vf-down.txt': {
    expert: 'problem',
    why: "In the pod, ibdev2netdev lists a single RDMA device, mlx5_3, on net1, and it is Down, so the pod's only RDMA port cannot be used.",
  },
  'topo/sglang-11208-gb200-4gpu-nv18-nics-sys-cut.txt': {
    expert: 'not-judged',
    why: 'The four GB200 GPUs are NV18 to each other and every GPU–NIC path is SYS, but the matrix is cut in the GPU3 row after NIC0, and the NIC rows and NIC legend are missing.',
  },
  'topo/vllm-16336-b200-gpu2-no-nvlink-headless-cut.txt': {
    expert: 'problem',
    why: "On this 8-GPU B200 matrix every other GPU pair is NV18, but GPU2 reaches all GPUs only by NODE/SYS, so GPU2's NVLinks are missing; this is a fault even though the header and the rows from GPU6 on are cut.",
  },
  'topo/nccl-1505-dgx-a100-nv12-12nic-pxb-cut.txt': {
    expert: 'not-judged',
    why: 'GPU0–GPU4 are NV12 to all GPUs with PXB NIC pairs (healthy DGX A100), but the matrix is cut in the GPU4 row, so GPU5–GPU7, the NIC rows and the legend are not shown.',
  },
  'topo/sglang-26541-b200-16nic-gpu0-row-only-cut.txt': {
    expert: 'not-judged',
    why: 'Only the header and the GPU0 row are shown (NV18 to all seven GPUs, PXB to NIC4); the rows for GPU1–GPU7 and the NICs are cut.',
  },
  'perftest/perftest-241-a30-use-cuda-server-header-cut.txt': {
    expert: 'not-judged',
    why: 'The ib_write_bw --use_cuda server allocates its A30 buffer with cuMemAlloc without error but is cut in the header (CQ Moderation), before any result row.',
  },
  'memlock/tensorflow-11392-ulimit-l-unlimited-then-ulimit-a.txt': {
    expert: 'no-problem',
    why: 'Both `ulimit -l` and the max locked memory line of `ulimit -a` show unlimited, so pinning memory for RDMA is not limited.',
  },
  'nccl-tests/nccl-tests-44-2080ti-nvlink-bridge-21gbs-summary-cut.txt': {
    expert: 'not-judged',
    why: 'Rows from 32 KiB to 128 MiB pass with 0 errors and reach about 21.5 GB/s busbw (average 6.6), but the header naming the test, GPUs and path is cut and no line rate is given, so the figure cannot be held against a known link.',
  },
  'nccl-tests/aws-k8s-tester-503-p5-mpirun-rank-prefix-small-sizes-cut.txt': {
    expert: 'not-judged',
    why: 'Only the 8–32 B rows (busbw 0.00, latency about 13–22 us) are shown, and the table is cut in the 64 B row, before any bandwidth-relevant size.',
  },
  'nccl-tests/nccl-tests-128-reduce-scatter-2node-small-sizes-cut.txt': {
    expert: 'not-judged',
    why: 'The reduce_scatter table shows only 0–256 B rows (about 0.01 GB/s, latency bound) and is cut in the 512 B row, before any bandwidth-relevant size, and its header is missing.',
  },
  'ucx_info/vllm-26382-self-then-tcp-cut.txt': {
    expert: 'not-judged',
    why: '`ucx_info -d` shows only the self loopback transport and is cut at the start of the tcp memory domain, so whether any RDMA or CUDA transport exists is not shown.',
  },
  'ucx_info/ucx-9908-cuda-cpy-domain-cut.txt': {
    expert: 'not-judged',
    why: 'This is a headless fragment ending inside the cuda_copy transport of the cuda_cpy domain; the IB, cuda_ipc and gdr_copy transports the question covers are not in the paste.',
  },
  'ucx_info/ucx-9950-tcp-lo-fragment-cut.txt': {
    expert: 'not-judged',
    why: 'This headless fragment shows only tcp transports (one ending with overhead 50000, and lo), cut mid-entry, so the RDMA and CUDA transports are not shown either way.',
  },
  'ucx_info/ucx-6524-no-hash-self-tcp-fragment-cut.txt': {
    expert: 'not-judged',
    why: 'This fragment shows the self transport and tcp on enp129s0f1 and is cut there, so the rest of the domain list, including any IB or CUDA transport, is not in the paste.',
  },
  'dev-infiniband/sriov-ndp-342-privileged-pod-ll-cut-before-uverbs.txt': {
    expert: 'not-judged',
    why: "The pod's /dev/infiniband lists issm0–11, rdma_cm and umad0–4, but it is cut before any uverbs node, so the verbs devices RDMA needs are not shown.",
  },
  'dev-infiniband/k8s-rdma-shared-98-host-ls-alh-uverbs0-rw-cut.txt': {
    expert: 'not-judged',
    why: 'rdma_cm and uverbs0 are present and crw-rw-rw-, but the listing is cut right after uverbs0, so uverbs1–9 for the other nine umad devices are not shown.',
  },
  'dev-infiniband/lshca-83-enroot-ll-hash-prompt-cut-before-uverbs.txt': {
    expert: 'not-judged',
    why: 'The listing shows issm0–5, rdma_cm and umad0–5, but it is cut before any uverbs node, so the verbs devices are not in the paste.',
  },
  'show_gids/ucx-8905-roce-vf-v2-ipv4-one-malformed-ip.txt': {
    expert: 'no-problem',
    why: 'The complete show_gids output for the one device, mlx5_19/eth0, includes a RoCE v2 IPv4-mapped GID at index 3 (::ffff:0a26:9b74 = 10.38.155.116); the "1038.155.116" text is only a typo in the IPv4 column.',
  },
  'gdrcopy/gdrcopy-137-sanity-negative-test-noise-no-summary-cut.txt': {
    expert: 'not-judged',
    why: 'The sanity run shows the ERR, CUDA_ERROR_INVALID_DEVICE and assertion lines that its fork and negative tests print, but it is cut mid-assertion before the Checks/Failures summary, so pass or fail is not shown.',
  },
  'nixlbench/nixl-922-docker-banner-no-peer-memory-note-cut.txt': {
    expert: 'not-judged',
    why: 'The container banner warns "NVIDIA peer memory driver not detected" (a possible host-staging warning), and the run is cut at "Connecting to ETCD", before any result.',
  },
  'ucx_perftest/ucx-py-1088-h100-intranode-900gbs-implausible-elided.txt': {
    expert: 'not-judged',
    why: "The header is elided and the last row cut, and the intra-node figure of about 901,566 MB/s is above H100 NVLink's 450 GB/s per direction, so it is implausible and cannot be held against a known link.",
  },
  'ibv_devinfo/ucx-11048-broadcom-port-block-down-disabled-tabs.txt': {
    expert: 'problem',
    why: 'The RoCE port shown is PORT_DOWN with phys_state DISABLED (1X, 2.5 Gbps), so this port cannot carry traffic, even though the device header is cut.',
  },
  'memlock/ucx-11048-ulimit-a-no-prompt-unlimited-cut.txt': {
    expert: 'no-problem',
    why: '`ulimit -a` shows max locked memory (-l) unlimited; the cut at cpu time removes only lines that the memlock question does not cover.',
  },
  'ibv_devinfo/deepep-38-h100-roce-headless-cx7-active-cut.txt': {
    expert: 'not-judged',
    why: 'mlx5_2 (ConnectX-7, Ethernet) is PORT_ACTIVE, but the paste starts inside an earlier port without its state and is cut in the mlx5_3 header, so the other devices are not shown.',
  },
  'ibstat/pplx-garden-2-bluefield3-bond-roce-200-active-cut.txt': {
    expert: 'not-judged',
    why: "mlx5_bond_0 and mlx5_bond_1 (BlueField-3) are Active / LinkUp at rate 200, but the paste is cut in mlx5_bond_2's header, before its port state.",
  },
  'ibv_devinfo/deepep-137-h20-cx7-bond-roce-active-cut.txt': {
    expert: 'not-judged',
    why: "mlx5_bond_0 (ConnectX-7 RoCE) is PORT_ACTIVE, but the paste is cut in mlx5_bond_1's header, before its port state, and the later devices are missing.",
  },
  'ibv_devinfo/deepep-38-h100-ib-mlx5_0-port-down-then-cut.txt': {
    expert: 'problem',
    why: 'mlx5_0, a ConnectX-7 IB HCA, is PORT_DOWN with port_lid 65535, so that IB port cannot carry traffic; the paste is then cut in the mlx5_1 header.',
  },
  'topo/nccl-1357-h100-8gpu-4-pix-nics-half-gpus-sys-cut.txt': {
    expert: 'not-judged',
    why: 'All eight H100s are NV18; GPU0/2/4/6 have PIX NICs, but GPU1/3/5/7 reach every NIC only through SYS (GDR unlikely, host-staged or PXN), and the matrix is cut in the GPU7 row with no NIC rows.',
  },
  'topo/miss-alignment-106-l40s-4gpu-mangled-prompt-nic-node-only.txt': {
    expert: 'not-judged',
    why: 'The complete matrix shows four PCIe-only L40S GPUs (NODE pairs, SYS across sockets) and both NICs (mlx5_0/1) NODE only to GPU2/3 and SYS to GPU0/1, so those transfers would cross sockets or be host-staged (a warning, not a fault).',
  },
  'nccl-tests/nccl-tests-252-h100-single-node-4gpu-header-cut.txt': {
    expert: 'not-judged',
    why: 'The 4-GPU H100 all_reduce_perf run lists its devices, but the paste is cut in the column header, before any result row.',
  },
  'ibstat/gpud-testdata-a100-vm-8-ib-vf-hdr-plus-eth-vf-all-active.txt': {
    expert: 'no-problem',
    why: 'All nine CAs are Active / LinkUp at rate 200 and the paste is complete: mlx5_0 is an Ethernet VF and mlx5_1–mlx5_8 are IB with LIDs and SM lid 83.',
  },
  'ibstat/gpud-testdata-h100-roce-2-of-8-cx7-rails-disabled.txt': {
    expert: 'problem',
    why: 'Of the eight 400 Gb/s ConnectX-7 (MT4129) RoCE rails, mlx5_5 and mlx5_11 are Down / Disabled while the other six are Active at 400 and the four CX-6 Dx ports are Active at 100, so two GPU rails are out.',
  },
  'ucx_perftest/ucx-3956-old-layout-cuda-tag-bw-4mib-340mbs.txt': {
    expert: 'problem',
    why: 'tag_bw with 4 MiB CUDA-memory messages over localhost reaches only about 337–340 MB/s (0.34 GB/s) in both rows, far below any GPU path and below even the 5 GB/s cross-node KV floor.',
  },
  'ucx_perftest/ucx-10936-h20-server-am-bw-header-cut.txt': {
    expert: 'not-judged',
    why: 'This is the server side of a cuda-to-cuda am-bandwidth test over 127.0.0.1, cut inside the header box (Window size), before any result row.',
  },
  'perftest/perftest-21-v100-use-cuda-roce-mtu1024-header-cut.txt': {
    expert: 'not-judged',
    why: 'The ib_write_bw --use_cuda server on mlx5_2 (RoCE, GID index 3, MTU 1024) allocates its V100 buffer, but it is cut in the remote GID line, before any result row.',
  },
  'topo/ucx-6327-dgx1-v100-cube-mesh-nv1-nv2-sys-cut.txt': {
    expert: 'not-judged',
    why: 'The GPU0 row is the normal DGX-1 hybrid cube-mesh (NV1/NV2, SYS to non-neighbours, PIX to mlx5_0), but the matrix is cut in the GPU1 row, so GPU1–GPU7 and the NIC rows are not shown.',
  },
  'lsmod/ucx-6327-gt-prompt-grep-nv-peer-mem-loaded.txt': {
    expert: 'no-problem',
    why: '`lsmod | grep nv_peer` shows nv_peer_mem loaded and registered with ib_core and nvidia (gdrdrv is loaded too), which is what the question asks.',
  },
  'ibv_devinfo/deepep-55-ib-vf-ports-active-headless-cut.txt': {
    expert: 'not-judged',
    why: 'The headless paste shows one port and mlx5_3 (IB VFs) PORT_ACTIVE with LIDs, but it is cut in the mlx5_4 header, and the earlier and later devices are missing.',
  },
  'dmesg/arm-nas-16-cx5-mlx5-core-boot-no-peer-memory-lines.txt': {
    expert: 'not-judged',
    why: '`dmesg | grep mlx5` shows a normal ConnectX-5 probe (PCIe 8 GT/s x8 with no "limited by" note, cable plugged), but it is cut mid-line at the module 1 event and has no peer-memory or gdrdrv lines, so the GPUDirect modules are not shown.',
  },
  'fi_info/libfabric-5689-efa-rdm-dgrm-rxd-c5n.txt': {
    expert: 'no-problem',
    why: 'fi_info lists the efa provider on efa_0 with an FI_EP_RDM endpoint (efa_0-rdm), plus DGRAM and the rxd utility, each entry complete, so EFA RDM is available.',
  },
  'perftest/rdma-tutorial-8-cx3-write-lat-server-sq-warning-cut.txt': {
    expert: 'not-judged',
    why: 'The ib_write_lat server on mlx4_0 (RoCE) prints an informational SQ-size note, then connects, and is cut at the "#bytes" column header, before any latency row.',
  },
  'ibstatus/rxe-dev-52-soft-roce-rxe0-only-cut.txt': {
    expert: 'problem',
    why: 'ibstatus on a QEMU guest lists rxe0, a Soft-RoCE device, first; since hardware devices such as mlx5 would sort before it, this is software RDMA only.',
  },
};
