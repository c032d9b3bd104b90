import type { Expert } from './captures.table.js';

/**
 * Second expert reading of corpus batches b1–b13, part A: made blind (neither the tool's verdicts
 * nor the first reading seen) under the corpus README's current verdict definitions.
 */
export const REREAD_A: Record<string, { expert: Expert; why: string }> = {
  'gdrcopy/gdrcopy-299-gh-555-open-pin-asserts.txt': {
    expert: 'problem',
    why: 'gdrcopy_sanity shows two gdr_pin_buffer assertions failing (sanity.cpp:446 and :354), so GPU memory cannot be pinned for GPUDirect.',
  },
  'gdrcopy/gdrcopy-299-gh-550-open-28-passed.txt': {
    expert: 'no-problem',
    why: 'gdrcopy_sanity summary is complete and clean: Total 28, Passed 28, Failed 0, Waived 0.',
  },
  'gdrcopy/gdrcopy-324-570-sanity-1-failed.txt': {
    expert: 'problem',
    why: 'gdrcopy_sanity fails basic_with_tokens (gdr_pin_buffer with p2p/va-space tokens asserts, Failed: 1 of 28) and exits with status=1; a failing test is a fault.',
  },
  'gdrcopy/gdrcopy-139-libcheck-pin-einval-cut.txt': {
    expert: 'problem',
    why: 'Every sanity test asserts on gdr_pin_buffer (plus CUDA_ERROR_INVALID_DEVICE), so GPU memory cannot be pinned; the cut before the summary does not matter.',
  },
  'gdrcopy/gdrcopy-305-a100-560-2-failed.txt': {
    expert: 'problem',
    why: 'gdrcopy_sanity reports Failed: 2 of 28, both gdr_pin_buffer assertions (sanity.cpp:435 and :344), so pinning GPU memory fails.',
  },
  'gdrcopy/gdrcopy-126-no-driver-libcheck-says-100.txt': {
    expert: 'problem',
    why: 'Every test asserts that the gdr handle is NULL (gdr_open failed, i.e. gdrdrv not usable), so nothing can be pinned; the final libcheck line saying 100% with 0 failures is contradicted by the asserts shown.',
  },
  'gdrcopy/gdrcopy-164-markdown-prompt-pin-asserts.txt': {
    expert: 'problem',
    why: 'The sanity run shows gdr_pin_buffer assertions in every test plus CUDA_ERROR_INVALID_DEVICE, so GPU memory cannot be pinned.',
  },
  'dmesg/gpu-operator-2868-gb300-peermem-symbol-err22.txt': {
    expert: 'problem',
    why: 'nvidia_peermem fails to load twice: disagrees about version of ib_(un)register_peer_memory_client, Unknown symbol (err -22), so there is no GPUDirect RDMA peer-memory client.',
  },
  'dmesg/nv-peer-memory-8-symbol-versions-err22.txt': {
    expert: 'problem',
    why: 'nv_peer_mem cannot load: Unknown symbol (err -22) for nvidia_p2p_get_pages/put_pages/free_page_table and ib_register_peer_memory_client after symbol-version mismatches.',
  },
  'dmesg/nv-peer-memory-84-modprobe-then-dmesg-err0.txt': {
    expert: 'problem',
    why: 'modprobe nv_peer_mem fails (could not insert: Unknown symbol in module) and dmesg shows Unknown symbol ib_(un)register_peer_memory_client, so the peer-memory module cannot load.',
  },
  'dmesg/gdrcopy-299-gdrdrv-p2p-get-pages-einval.txt': {
    expert: 'problem',
    why: 'gdrdrv pinning fails: nvidia_p2p_get_pages returns -22 three times (NVRM reports unaligned address/length, and once with a va_space token), so GPU memory cannot be pinned.',
  },
  'nccl-tests/nccl-tests-249-g5-single-no-hash-cut-at-first-row.txt': {
    expert: 'not-judged',
    why: 'Single-rank, single A10G run cut at the first result row (8 B, no time or bandwidth), so no result rows are shown.',
  },
  'nccl-tests/nccl-tests-294-h100-2node-ranks-cut.txt': {
    expert: 'not-judged',
    why: 'Header and device list for a 2-node H100 run cut at rank 11 (second node only partly listed), before any result row.',
  },
  'nccl-tests/nccl-tests-232-tree-2node-1gpu-4nic-cut-32m.txt': {
    expert: 'not-judged',
    why: '2-node Tree all_reduce over 4 NICs shows healthy rows (#wrong 0, busbw rising to 41.5 GB/s at 32 MB) but is cut long before the 16 GB end, and with no line rate the figure cannot be held against a known link.',
  },
  'nccl-tests/nccl-398-v100-2node-socket-no-ib.txt': {
    expert: 'problem',
    why: 'On 2 V100 nodes NCCL finds no IB device (NET/IB: No device found), the OFI plugin rejects the non-EFA provider, and NET/Socket on ens5 is used, so cross-node traffic has no RDMA path at all.',
  },
  'nccl-tests/nccl-tests-82-broadcast-2node-ib-disabled-no-libibverbs.txt': {
    expert: 'problem',
    why: 'Cross-node broadcast runs over TCP sockets: libibverbs.so fails to open on both nodes (with NCCL_IB_DISABLE=1), so there is no RDMA path; the only row is 8 B at 0.00 GB/s before the cut.',
  },
  'nccl-tests/nccl-1530-4090-pcie-single-node-cut.txt': {
    expert: 'not-judged',
    why: '8x RTX 4090 single-node all_reduce is cut after the first 8 B row (0.00 GB/s), so no result at a meaningful size is shown.',
  },
  'nccl-tests/soperator-428-h100-2node-srun-ranks-cut.txt': {
    expert: 'not-judged',
    why: 'Header and device list for a 2-node H100 srun run cut at rank 11, before any result row.',
  },
  'perftest/perftest-273-roce-postlist-8b-gbits.txt': {
    expert: 'not-judged',
    why: 'RoCE ib_write_bw post-list test with only an 8 B row (0.48 Gb/s at 7.5 Mpps, a message-rate figure); no line rate is given and no KV-sized message is measured, so the figure cannot be held against a link.',
  },
  'perftest/perftest-65-arm-send-bw-1024b-rows.txt': {
    expert: 'not-judged',
    why: 'ib_send_bw shows only 1024 B rows (5544 MB/s with -a, 920 MB/s with --size=1024); the -a sweep is cut to that one size, no line rate is given, and 1 KB figures cannot be held against the link or KV sizes.',
  },
  'perftest/perftest-234-roce-server-waiting-cut-at-row.txt': {
    expert: 'not-judged',
    why: 'RoCE ib_write_bw connected (settings and GIDs fine) but cut at the 65536 B row before any bandwidth figure.',
  },
  'perftest/perftest-214-ib-localhost-settings-cut.txt': {
    expert: 'not-judged',
    why: 'IB ib_write_bw settings and local/remote addresses only; cut before the result header and any bandwidth row.',
  },
  'ibstat/gpud-99-cx6dx-down-disabled-no-link-layer.txt': {
    expert: 'problem',
    why: 'The only CA shown, mlx5_8 (MT4125 ConnectX-6 Dx), has its single port State Down / Physical state Disabled, and nothing in the paste marks it as a spare.',
  },
  'ibstat/azhpc-diagnostics-76-port-block-only-polling.txt': {
    expert: 'problem',
    why: 'The one port shown is State Down / Physical state Polling (no link partner trained); the other blocks are elided with ..., but one down port is enough.',
  },
  'ibstat/gpud-752-elided-then-ibpanic-mlx5_8.txt': {
    expert: 'problem',
    why: 'ibstat aborts with ibpanic because IB device mlx5_8 cannot be stat-ed (No such file or directory), so an enumerated adapter has vanished; mlx5_7 (Active, 200, InfiniBand) is healthy and earlier CAs are elided.',
  },
  'ibstat/network-operator-249-sriov-vf-down-linkup.txt': {
    expert: 'problem',
    why: 'The SR-IOV VF mlx5_7 inside the pod has State Down (Physical LinkUp, Base lid 65535 i.e. unassigned), so the port the pod uses cannot carry traffic.',
  },
  'ibstat/rdma-core-847-cx3-port1-disabled-port2-fdr-cut.txt': {
    expert: 'not-judged',
    why: 'ConnectX-3 mlx4_0: port 1 is Down/Disabled while port 2 is Active/LinkUp at 56 (FDR, about 7 GB/s), so port 1 reads as a spare port down (warning), and port 2 is cut at Base lid.',
  },
  'rdma-link/cluster-health-4-ibdev2netdev-column-t-comments.txt': {
    expert: 'problem',
    why: 'ibdev2netdev shows all eight ConnectX-7 InfiniBand ports (mlx5_0, 3-6, 9-11) Down; only two ConnectX-6 Ethernet ports are Up.',
  },
  'nvlink/gpud-1085-b200-all-links-inactive.txt': {
    expert: 'problem',
    why: 'nvidia-smi nvlink on B200 GPU 2 reports that all NVLinks are inactive, so the GPU has no NVLink path to its peers.',
  },
  'topo/dcgm-149-dgx-a100-nv12-cut-at-gpu6.txt': {
    expert: 'not-judged',
    why: 'DGX A100 topo matrix is healthy where shown (NV12 between all GPUs, NIC pairs at PXB) but cut at the GPU6 row, so GPU6, GPU7 and the NIC rows are missing.',
  },
  'topo/nccl-557-2gpu-nv3-bridge-legend-cut.txt': {
    expert: 'no-problem',
    why: 'The complete 2-GPU matrix shows GPU0-GPU1 over NV3 (a bonded set of 3 NVLinks, the native GPU-pair bond of e.g. POWER9 AC922 V100s) with no NIC present; only the legend is cut.',
  },
  'nccl-tests/nccl-1537-info-using-ib-gdr-disabled.txt': {
    expert: 'not-judged',
    why: 'NCCL uses IB on two RoCE HCAs but logs GPU Direct RDMA Disabled for mlx5_0 and mlx5_1, so transfers are staged through host memory (warning); no result rows are shown.',
  },
  'ucx_perftest/ucx-10649-bond-tag-bw-final-then-sync-cut.txt': {
    expert: 'not-judged',
    why: 'ucx_perftest tag_bw Final reaches 46.7 GB/s (46743 MB/s overall) with no line rate for the bond, so the figure cannot be held against a known link; the next test is cut.',
  },
  'ucx_perftest/ucx-11865-localhost-cuda-tag-bw-cut-at-box.txt': {
    expert: 'not-judged',
    why: 'Localhost CUDA tag_bw run is cut inside the info box (at Recv memory) before any bandwidth row.',
  },
  'ucx_perftest/ucx-10164-cuda-rc-2node-fluctuating-cut.txt': {
    expert: 'problem',
    why: 'Cross-node CUDA-memory RC bandwidth fluctuates with 44-48 ms stalls and the overall figure stays at 2.3-5.5 GB/s (2325 to 5540 MB/s), mostly below the 5 GB/s cross-node KV floor; cut before Final.',
  },
  'ibstat/mooncake-1999-cx7-roce-200-cx6dx-disabled-cut.txt': {
    expert: 'not-judged',
    why: 'ConnectX-7 mlx5_0/mlx5_1 are Active RoCE at 200, and the ConnectX-6 Dx mlx5_10 Down/Disabled reads as a spare (warning); the listing is cut after mlx5_10, so mlx5_11 and mlx5_2-9 are missing.',
  },
  'ibstat/l2fwd-nv-6-cx6dx-2x100g-roce-active.txt': {
    expert: 'no-problem',
    why: 'Both ConnectX-6 Dx ports (mlx5_0, mlx5_1) are Active/LinkUp at 100 (Ethernet RoCE), and both port blocks are complete.',
  },
  'ibv_devinfo/deepep-60-cx6dx-eth-port-down-cx7-port-not-shown-cut.txt': {
    expert: 'not-judged',
    why: 'ConnectX-6 Dx mlx5_12 Ethernet port is PORT_DOWN (a spare next to the ConnectX-7 rails, warning), and the ConnectX-7 mlx5_13 is cut before its port block, so the data rail state is not shown.',
  },
  'ucx_info/ucx-7960-hash-prefixed-rc-verbs-no-cuda-shown-cut.txt': {
    expert: 'not-judged',
    why: 'ucx_info shows rc_verbs on mlx5_0 (23588 MB/s) but is cut, so no CUDA memory domains or transports (cuda_copy/cuda_ipc/gdr_copy) are shown.',
  },
  'ucx_info/ucx-11012-rc-ud-verbs-mlx5-no-cuda-shown-cut.txt': {
    expert: 'not-judged',
    why: 'Fragment shows rc_verbs and ud_verbs on mlx5_0 and is cut mid ud_verbs, so no CUDA transports are shown.',
  },
  'ucx_info/ucx-10325-posix-only-no-prefix-cut.txt': {
    expert: 'not-judged',
    why: 'Only the posix shared-memory transport (12179 MB/s, intra-node) is visible, and the fragment is cut, so network and CUDA transports are not in the paste.',
  },
  'perftest/ucx-8852-ib-read-bw-ib-small-sizes-cut.txt': {
    expert: 'not-judged',
    why: 'IB ib_read_bw -a shows only 2-256 B rows (at most 609 MB/s peak), cut before the large sizes, and no line rate is given.',
  },
  'perftest/ucx-9430-cx3-rocev1-send-bw-rdma-cm-36g.txt': {
    expert: 'problem',
    why: 'RoCE ib_send_bw with rdma_cm between two hosts gives 36.07 Gb/s average at 64 KB (about 4.5 GB/s), below the 5 GB/s cross-node KV floor.',
  },
  'perftest/ngc-multinode-perf-108-bidir-header-only-cut.txt': {
    expert: 'not-judged',
    why: 'ngc_rdma_test bidirectional ib_write_bw on mlx5_3/mlx5_4 is cut in the settings header (at Mtu) before any result.',
  },
  'nccl-tests/nccl-tests-107-v100-2node-header-twice-no-rows.txt': {
    expert: 'not-judged',
    why: 'Two processes each print their own header as Rank 0 (two independent 1-rank runs instead of one 2-node job), and the paste ends at the column header with no result rows.',
  },
  'nccl-tests/mooncake-3484-rows-only-300gbs-cut.txt': {
    expert: 'not-judged',
    why: 'Result rows only (32 KB to 32 MB, #wrong 0, busbw up to 300.5 GB/s) without header or devices and cut before large sizes; with no line rate the figure cannot be held against a known link.',
  },
  'nccl-tests/deepep-303-h20-alltoall-small-sizes-cut.txt': {
    expert: 'not-judged',
    why: 'all-to-all rows only from 0 B to 4 KB (at most 0.37 GB/s), cut before any bandwidth-relevant size.',
  },
  'nccl-tests/nccl-1244-h20-2node-nvlstree-small-sizes-cut.txt': {
    expert: 'not-judged',
    why: '2-node NVLS-tree all_reduce rows only from 4 B to 512 B (0.00-0.02 GB/s, errors at float rounding level), cut before large sizes.',
  },
  'nccl-tests/ibm-pcb-1-h100-mpirun-header-ranks-cut.txt': {
    expert: 'not-judged',
    why: 'Header and device list of an 8-rank H100 all_reduce cut at rank 6, before any result row.',
  },
  'nccl-tests/nccl-583-a100-mpirun-hash-stripped-header-cut.txt': {
    expert: 'not-judged',
    why: 'Header, 8 A100 ranks and the column header are shown, but the paste ends before any result row.',
  },
  'topo/nccl-933-8gpu-nv8-9nic-pix-cut.txt': {
    expert: 'not-judged',
    why: '8-GPU matrix is healthy where shown (NV8 between all GPUs, each GPU PIX to its own NIC) but cut in the GPU7 row, so GPU7 and the NIC rows are missing.',
  },
  'topo/sglang-13973-8gpu-nv18-9nic-pix-cut.txt': {
    expert: 'not-judged',
    why: '8-GPU matrix is healthy where shown (NV18 between all GPUs, each GPU PIX to its own NIC) but cut at the GPU6 row, so GPU6, GPU7 and the NIC rows are missing.',
  },
  'topo/nccl-tests-78-dgx2-16gpu-nv6-mlx5-names-cut.txt': {
    expert: 'not-judged',
    why: 'DGX-2 16-GPU matrix shows NV6 between all GPUs and PIX NICs for GPU0-3, but it is cut in the GPU4 row, so GPU4-15 and the NIC rows are missing.',
  },
  'topo/club-3090-1229-2x5090-phb-no-nic.txt': {
    expert: 'no-problem',
    why: 'The complete 2x RTX 5090 matrix shows GPU0-GPU1 over PHB (PCIe through the host bridge) on one NUMA node with no NIC; it is complete with its legend and shows no fault.',
  },
  'show_gids/mooncake-1617-mi355-roce-ipv6-ula-v2-typo-prompt-cut.txt': {
    expert: 'not-judged',
    why: 'RoCE GIDs are usable where shown (v2 IPv6 link-local and fd93 ULA on four rocep NICs; v1/v2 on rocep193s0f0), but the table is cut at rocep1..., so the remaining devices are missing.',
  },
  'ibv_devinfo/k8s-rdma-shared-164-port-block-only-25g-markdown-gid.txt': {
    expert: 'problem',
    why: 'The port is PORT_ACTIVE Ethernet but runs at 1X 25.0 Gbps (about 3.1 GB/s), below the 5 GB/s cross-node KV floor; the hca_id header is cut.',
  },
};
