/**
 * Disagreements on corpus batches b14 and later, each with its cause, in the terms of known-b2.ts:
 * TOOL (a reader missing one of issue 38's principles P1–P5) or READING (the expert's verdict, kept
 * as written, rests on a convention or on context outside the paste). Listed after the run; the
 * readings were committed before it.
 */
export const KNOWN_DISAGREEMENTS_B14: Record<string, string> = {
  // b14
  // b15
  // b16
  // b16
  // b17
  'nvlink/awsome-dt-efa-cheatsheet-p4de-gpu0-12x25-only.txt':
    'READING: the paste holds one whole GPU (all 12 links up); the expert used the platform fact that A100-SXM4 boards carry 4 or 8 GPUs to call the rest "not shown", which the paste itself does not say',
  // b18
  // b20
  'gdrcopy/gdrcopy-readme-2021-copybw-bar1-write-9549-read-1.5mbs.txt':
    'READING: the expert holds the 1.5 MB/s BAR read against what a write-combined mapping reads on current drivers (about 0.5 GB/s, a fact from other runs); the paste itself only shows a working pin and map',
  'ibstatus/nccl-451-bond-25g-roce-in-prose-no-prompt.txt':
    "READING: the expert judged the port state only, by the corpus's convention for a lone 25 Gb/s RoCE port (b3: k8s-rdma-shared-164), while read holds the 25 Gb/s rate against the 5 GB/s cross-node KV floor, which the README's problem definition also supports",
  // b21
  'perftest/ml-dev-env-rdma-perftest-cx7-400g-roce-elided-226gbits.txt':
    'READING: 226 Gb/s on the stated 400G link is 57 %; read fails it below its floor (70 % of line rate), the expert called it degraded rather than far below: where "degraded" ends is a convention, not something the paste settles',
  // b22
  'ibstat/advancedclustering-infiniband-port-states-mlx4-qdr-active-flattened.txt':
    "READING: the expert judged the port state only (one QDR port Active/LinkUp); read holds the 40 Gb/s rate (5 GB/s of line rate) against the 5 GB/s cross-node KV floor, which the README's problem definition supports (the same convention as nccl-451)",
  'nccl-tests/coreweave-nccl-tests-43-gb200-nvl72-72-ranks-all-reduce-745.txt':
    'READING: read no longer takes the lone `Rank 71` line for a one-rank run (the rank list was cut: at least 72 ranks, hosts not shown) and warns that 847 GB/s busbw cannot be held against a link no one named; the expert knew that a GB200 NVL72 rack all-reduces over its multi-node NVLink domain, context the paste only hints at (`slurm-gb200-…`)',
  'nccl-tests/nccl-tests-284-two-nodes-net-socket-info-before-first-row-cut.txt':
    'READING: the expert took NCCL over TCP sockets between the nodes as a degraded-but-working state (a warning); read fails it as no RDMA between the nodes, like software RDMA only, which the README lists as a problem',
  // b23
  'memlock/gardenlinux-170-containerd-64mib.txt':
    "READING: read fails a cap below 1 MiB and warns above it (GPU memory pinned through nvidia_peermem is not counted against RLIMIT_MEMLOCK; UCX's own pools fit in MiBs); the expert held 64 MiB against KV buffers registered from host memory, which the paste does not show are used",
  'dmesg/jishuzhan-1911252493641777153-mlx5-cable-plugged-link-up.txt':
    'READING: the paste holds only mlx5 cable and link-up lines; read keeps the peer-memory module, which its question also covers, as not shown, the expert judged the NIC lines alone',
  // b24
  'ucx_info/metrics-operator-experiments-gke-gpu-grep-transport-no-rdma.txt':
    'READING: a whole transport list with tcp but no RDMA transport: the expert took KV over TCP as degraded-but-working (a warning), read fails it as no RDMA, the same convention split as nccl-tests-284',
  'lsmod/linux-riscv-dev-fedora-modprobe-rdma-rxe-then-grep-ib-core-no-peermem.txt':
    "READING (agreed until b26's software-RDMA rule): ib_core's used-by list, printed whole through the grep, holds rdma_rxe and upper-layer modules only, so the node's RDMA is Soft-RoCE alone; read fails that, as the README's problem definition lists \"software RDMA only\" and as it fails rxe ports in ibstat and rdma link; the expert judged the missing peer-memory module only (a warning)",
  // b25
  'dmesg/nvme-cli-3268-mlx5-responder-error-cqe-flush-flood-cut.txt':
    'READING (was TOOL P5, read by the error-CQE rule since): every completion shown has syndrome 0x5, WR flushed (MLX5_CQE_SYNDROME_WR_FLUSH_ERR: the QP is in the error state, as at a teardown or after a failure not in the lines); read warns and names them, the expert took the flushed completions themselves as RDMA operations failing',
  // b26
  // b27
  'nccl-tests/oci-hpc-oke-slurm-bm-gpu-b4-8-two-nodes-16-ranks-all-reduce-189gbs.txt':
    'READING: read warns that 190 GB/s busbw between two nodes cannot be held against a link no one named, as the README lists "a figure that cannot be held against a known link" under not-judged; the expert took a figure far above the KV floor as healthy (the same convention split as coreweave-nccl-tests-43)',
  'nccl-tests/oci-hpc-oke-slurm-mi300x-two-nodes-16-ranks-rccl-all-reduce-358gbs.txt':
    'READING: as oci-hpc-oke B4.8: 358 GB/s busbw with no link named is a warning to read and healthy to the expert',
  'ibstat/pytorch-cuda-mpi-error-cx3-eth-10g-eight-cx5-ib-100-and-56.txt':
    'READING: read fails ConnectX-5 InfiniBand ports of one kind running at 56 and 100 Gb/s (a rail trained down); the expert called three FDR rails among EDR ones degraded, a warning: where "degraded" ends is a convention (as ml-dev-env 57 %)',
  'topo/nvbandwidth-23-gh200-one-gpu-two-nics-sys-list-indented.txt':
    'READING: read recognises a Grace platform (the GPU is a NUMA node of its own beside 72 CPUs) on which GPU-to-NIC SYS is the design (GPUDirect RDMA over NVLink-C2C) and passes it; the expert read SYS alone as a warning',
  // b28
  'nccl-tests/cluster-toolkit-gke-a3-high-tcpx-2-nodes-all-gather-71gbs.txt':
    'READING: the expert held busbw against the NICs of the machine type the page names (A3 High, four 200 Gb/s GPUDirect-TCPX NICs); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'nccl-tests/cluster-toolkit-gke-a3-mega-tcpxo-all-gather-189gbs.txt':
    'READING: the expert held busbw against the NICs of the machine type the page names (A3 Mega, eight 200 Gb/s TCPXO NICs); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'nccl-tests/cluster-toolkit-gke-a3-ultra-dws-2-nodes-all-gather-335gbs.txt':
    'READING: the expert held busbw against the NICs of the machine type the page names (A3 Ultra, eight 400 Gb/s RoCE NICs); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'nccl-tests/oci-hpc-troubleshooting-2x-h100-16-ranks-all-reduce-471gbs.txt':
    'READING: the expert held busbw against the NICs of the machine type the page names (OCI H100 nodes; the expert read a healthy two-node figure); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'nccl-tests/dstack-gcp-a3-mega-tcpxo-all-gather-188gbs.txt':
    'READING: the expert held busbw against the NICs of the machine type the page names (A3 Mega, eight 200 Gb/s GPU NICs); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'nccl-tests/deepops-slurm-4x-dgx-a100-all-reduce-error-column-191gbs.txt':
    'READING: the expert held busbw against the NICs of the machine type the page names (DGX A100, eight HDR 200G ports); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'nccl-tests/aks-rdma-infiniband-expected-sriov-mpijob-nd96asr-v4-elided-187gbs.txt':
    'READING: the expert held busbw against the NICs of the machine type the page names (Standard_ND96asr_v4, eight HDR 200G VFs, named in the tests README); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'perftest/aks-rdma-infiniband-expected-sriov-ib-read-bw-a-197gbits.txt':
    'READING: the expert held the bandwidth against the NICs of the machine type the page names (Standard_ND96asr_v4, HDR 200G, named in the tests README); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'perftest/aks-rdma-infiniband-expected-sriov-ib-write-bw-a-196gbits.txt':
    'READING: the expert held the bandwidth against the NICs of the machine type the page names (Standard_ND96asr_v4, HDR 200G, named in the tests README); the paste itself names no NIC rate and no --line-rate is passed, so read says the figure cannot be judged against the link (a warning)',
  'ibstatus/heioy-books-ibstatus-mlx4-two-ports-active-fdr-56.txt':
    'READING: a 56 Gb/s FDR port Active/LinkUp: the expert held it to the 5 GB/s cross-node KV floor (7 GB/s, above it); read warns that it is below the 100 Gb/s links disaggregated serving is sized for, a convention the paste does not settle (the same split as the QDR and 25 Gb/s captures)',
  'ibstatus/heioy-books-ibstatus-mlx4-0-port-1-only-active-fdr.txt':
    'READING: a 56 Gb/s FDR port Active/LinkUp: the expert held it to the 5 GB/s cross-node KV floor (7 GB/s, above it); read warns that it is below the 100 Gb/s links disaggregated serving is sized for, a convention the paste does not settle (the same split as the QDR and 25 Gb/s captures)',
  'ibstat/heioy-books-ibstat-two-cx3-four-ports-active-56.txt':
    'READING: a 56 Gb/s FDR port Active/LinkUp: the expert held it to the 5 GB/s cross-node KV floor (7 GB/s, above it); read warns that it is below the 100 Gb/s links disaggregated serving is sized for, a convention the paste does not settle (the same split as the QDR and 25 Gb/s captures)',
  // b32
  'ibstatus/ompi-users-2012-03-18737-sulu-two-fdr-ports-active-html-gt-prompt.txt':
    'READING: two FDR ports Active at 56 Gb/s (7 GB/s): the expert held them to the 5 GB/s cross-node KV floor; read warns below the 100 Gb/s links disaggregated serving is sized for (the convention split of the b28 FDR captures)',
  'nccl-tests/anthony-hoo-blog-autodl-2x-2080ti-broadcast-g2-11gbs.txt':
    'READING: a one-node busbw of 11 GB/s: the expert, reading "a figure that cannot be held against a known link", called it not judged; read reports a one-node figure above the RDMA floor as NVLink/PCIe inside the node, not the fabric, and does not hold the verdict back (the convention the b28 one-node B200 all_gather was read under)',
  // (performance-study-azure-cyclecloud mlx5_an0: READING until Azure's Accelerated Networking name was read as its front-end NIC: src/read/platform-nics.test.ts)
  // b29
  'ibv_devinfo/ucx-9724-v-fragment-roce-port-active-25g-1x-gid0-cut-both-ends.txt':
    'READING: the expert judged the fragment by its cut ends; read fails the one port it shows, Active at 1X 25 Gb/s (3.1 GB/s of line rate, under the 5 GB/s cross-node KV floor), and the definitions count one such fault (a link below the cross-node floor) however much is cut',
  // (nccl-622, TOOL P2, fixed: an ibstat paste that ends inside its last port block: src/read/ibstat-forms.test.ts)
  // b30 (its six TOOL misses were fixed by principle: src/read/transfer-b30.test.ts)
  // b31
  'fi_info/mcas-notes-fi-info-provider-verbs-ep-msg-node-two-space-indented.txt':
    "READING: read's fi_info question is the EFA/Slingshot provider NIXL's LIBFABRIC backend runs on (IB/RoCE verbs is reached through UCX), so a `--provider verbs` listing leaves it not asked; the expert took a hardware verbs provider as the answer",
  'fi_info/libfabric-3192-patched-fi-info-mr-mode-lines-verbs-rxm-mlx4-rdm.txt':
    'READING: as mcas-notes: a `-p "verbs;ofi_rxm"` listing does not ask read\'s fi_info question (the EFA/Slingshot provider); the expert took the hardware verbs RDM endpoint as the answer',
  'memlock/snap-slurm-83-login-unlimited-then-srun-two-steps-16384.txt':
    "READING: the expert took the two bare numbers under `srun -N2 ./ulimit.sh` as the job steps' `ulimit -l` (the script's body is shown later in the thread, outside the paste); read judges the one `ulimit -l` the paste shows and ignores the script's unnamed output",
  // b33
  // (srt-slurm-307, TOOL P2, fixed: `nvidia-smi nvlink -e` error counters: src/read/nvlink-counters.test.ts)
  // b34
  // (awsome-inference-triton-eks, TOOL P1, fixed: Open MPI's tag inside a row: src/read/doc-outputs.test.ts)
  // (azurehpc-hbv3-ibdev2netdev-grep-an0, TOOL P3/P2, fixed: Azure's mlx5_an* in ibdev2netdev's form: same file)
  'nvlink/cloud-atlas-a100-sxm4-80gb-gpu0-only-12x25.txt':
    'READING: as b17\'s awsome-dt p4de capture: the paste holds one whole GPU (all 12 links up); the expert used the platform fact that A100-SXM4 boards carry 4 or 8 GPUs to call the rest "not shown", which the paste itself does not say',
  'nccl-tests/cscs-docs-alps-gh200-2-nodes-8-ranks-all-reduce-no-cxi-hook-5gbs-dip-3gbs.txt':
    "READING: the expert failed the sweep on its mid-sweep dip (3.4 GB/s at 32 MiB) and its plateau near the floor, read's stated rule judges a sweep by its large sizes (5.5 GB/s, above the 5 GB/s floor) unless they fall under half of its best (3.4 of 6.1 is not), and warns for the link not named; the TCP fallback the expert saw is the page's context, not the paste's",
  'topo/gengwg-cheatsheet-dgx1-topo-mp-pix-nic-per-gpu-pair-comment-line.txt':
    "READING: the expert took NVLink as outside `topo -mp`'s question; read keeps the question the topo reader asks (GPU-GPU NVLink and GPU-NIC placement), and a PCIe-only view leaves the NVLink half not shown, which the not-judged definition covers",
  // b35
  'ibstat/ceph-17018-hash-prompt-mlx4-two-fdr-ports-active-lid-1-2.txt':
    'READING: two FDR ports Active at 56 Gb/s (7 GB/s): the expert held them to the 5 GB/s cross-node KV floor; read warns below the 100 Gb/s links disaggregated serving is sized for (the convention split of the b28 and b32 FDR captures)',
  // (four TOOL misses fixed by principle: fi_info's bare return code, a topo header squeezed to single spaces, a topo legend cut before its PIX line, lsmod rows inside a report: src/read/fi-info-bare-code.test.ts, topo-squeezed-header.test.ts, topo-legend-cut.test.ts, lsmod-in-report.test.ts; and a matrix of NIC rows only, which b25's vllm-35799 had passed only by the -mp guess: topo-nic-rows-only.test.ts)
  // b36
  // (debene-cx3-crossflash, TOOL P1/P2, fixed: a poster's mark after a value, and a port block that skips ibstat's Physical state and Rate lines is the poster's selection: src/parsers/ibstat.test.ts, src/read/ibstat-forms.test.ts)
  'memlock/bestceok-2693-ko-prompt-cut-ulimit-Ha-hard-only-unlimited.txt':
    'READING: `ulimit -Ha` shows hard limits only (max locked memory unlimited); the expert held the soft limit in force as not shown, read passes an unlimited hard limit as no cap (a process may raise its soft limit to it), as it does for the host-ulimit-Ha fixture',
  // (jishuzhan lsmod, TOOL P1, fixed: lines under a typed lsmod that are no row are read around: src/read/lsmod-typed-rows.test.ts)
  // b37
  // b38
  // b39
  // (hpe-japan-presales dmesg `NVRM: This PCI I/O region … is invalid`, TOOL P5, fixed: the probe refusing a GPU and RmInitAdapter failing are gpu.lost: src/classify/dmesg-gpu.test.ts)
  // (k8s-rdma-sriov-dev-plugin#32 perftest with all-zero GIDs on RoCE, TOOL P5, fixed: verbs.gid: src/classify/perftest-gid.test.ts)
  // (llm-jp Sakura whole-suite nccl-tests 1x8 and 8x8, Hypercube FAILED under nGpus 8, TOOL P5, fixed: the test's own grouping, not corruption: src/classify/nccl-hypercube.test.ts)
  // b40
  'memlock/ompi-users-2008-12-7608-numbered-bare-ulimit-l-8388608-above-ram-note-html-br.txt':
    "READING: `ulimit -l` 8388608 KiB: read warns on a finite 8 GiB cap as its stated rule does; the expert passed it on the poster's prose note that the cap exceeds the node's physical memory, a fact `ulimit -l` itself does not give",
  'ucx_perftest/ucx-py-361-two-servers-same-port-bind-address-in-use.txt':
    'READING: read fails the run on "bind() failed: Address already in use" (a test that fails, as the problem definition says); the expert saw from the command line that both processes were servers on one port and judged the failure a harness port clash that shows nothing of the fabric',
  // (libfabric-975, TOOL P1/P4, fixed: fabtests fi_info failure line: src/read/fi-info-fabtests-printerr.test.ts)
  // (libfabric-7251, TOOL P1, fixed: a blockquote marker on the first line only: src/read/lazy-blockquote.test.ts)
  // (ucx-py-361 REPL and ucx-py-99, TOOL P4, fixed: UCX's ibv_create_cq and mlx5 error-completion lines: src/classify/ucx-log-failures.test.ts)
  // b41
  'topo/hpcac-wiki-gpudirect-topology-4x-t4-pix-mlx5-2-3-node-mlx5-0-1-legend.txt':
    "READING: four PCIe GPUs PIX to each other and to a NIC: the expert passed P2P through one switch, read's stated rule warns on GPU pairs with no NVLink (intra-node KV is PCIe-bound), as it does for every PCIe-only matrix",
  'ibstat/oracle-bda-exalytics-ibstat-mlx4-two-qdr-ports-active-then-sminfo-master.txt':
    'READING: two QDR ports Active at Rate 40: the expert called them degraded (two ports together pass the floor), read fails each port under 50 Gb/s by its stated rule (a 40 Gb/s port cannot carry the 5 GB/s cross-node KV floor), as for the b35 and b28 QDR/FDR captures',
  'ibv_devinfo/pastebin-VXMAZdeZ-x6275-qdr-ib-mlx4-old-state-active-4-no-link-layer-dash-list.txt':
    "READING: the one port is active with a LID; the expert read QDR (about 4 GB/s) out of the board id `X6275_QDR_IB`, a product name ibv_devinfo's port fields do not state, so read, which takes no rate from a board name, passes the port",
  // (b41, TOOL P1, fixed: a paste site's marks on every line, pastebin's `- ` list and `N. ` numbering, a gist's ` | |` tails, curly quotes around a device name: src/read/page-marks.test.ts; 13 captures)
  // (b41, TOOL P1, fixed: ibdev2netdev rows run together on one line or glued at `port1`: src/read/ibdev2netdev-run-together.test.ts)
  // (b41, TOOL P3, fixed: an nccl-tests launch line setting NCCL_IB_DISABLE=1 runs NCCL over sockets: src/classify/nccl-ib-disabled.test.ts)
  // b42
  'ibstat/linux-rdma-2023-11-cx6-nvmet-storage-105-two-cx5-25g-two-cx6dx-100g-roce-active.txt':
    "READING: two ConnectX-5 RoCE ports at 25 Gb/s beside two ConnectX-6 Dx at 100 Gb/s: read's stated rule takes slower ports of another adapter model beside two or more fast ones for a front-end NIC, not a KV rail, and passes the 100 Gb/s ports; the expert held the 25 Gb/s ports as possible KV rails",
  'ibv_devinfo/linux-rdma-2020-04-rxe-default-vendor-id-patch-after-fragment-rxe0-cut-at-vendor-ffffff.txt':
    "READING: the paste stops inside rxe0's block at vendor_id, before its ports: read's stated rule (b21, P2) leaves a device cut before its ports not shown, and devices after the cut may exist; the expert took the fragment's one Soft-RoCE device for the node's only device",
  'ibv_devinfo/linux-rdma-2022-02-rxe0-gid0-pingpong-dollar-prompt-v-elided-dots-gid-table-wrapped.txt':
    "READING: the author's `....` elides rxe0's port state lines, and read's stated rule leaves a device whose port lines are not shown not judged; the expert judged the Soft-RoCE device as the only one by its name alone",
  'perftest/linux-rdma-2019-06-bugreport-5-2-rc4-hns-2-ib-read-bw-loopback-bad-rss-counter-bug-lines-9044.txt':
    'READING: the run completes (9044 MB/s, loopback on hns_2, no link rate named: read warns); the kernel\'s "BUG: Bad rss-counter state" lines name no RDMA driver, and the expert read them as the crash the thread reports, context outside the perftest output',
  'perftest/linux-rdma-2022-02-soft-roce-perf-ib-write-lat-loopback-double-spaced-rows-2-to-4096.txt':
    "READING: an ib_write_lat run is judged on its small-message latency (read's stated band, ≤ 10 µs is RDMA-class: 2 µs passes); the expert left a latency-only paste not judged for bandwidth",
  'rdma-link/linux-rdma-2024-06-multi-plane-cover-letter-rdma-link-show-elided-smi1-four-planes-init-link-up.txt':
    'READING: four ports in INIT with their physical link up are cabled links the subnet manager has not activated, which read fails; the expert knew from the cover letter that smi1 is a management (SMI) sub-device, not a data port, context outside the paste',
  // (QP mail bodies, ibdev2netdev rows with an address, lsmod used-by lists wrapped, mlx5 `WC error` lines and GIDs
  // that could not be added: five TOOL misses, six captures, fixed by principle: src/read/quoted-printable.test.ts,
  // ibdev2netdev-address.test.ts, lsmod-wrapped-used-by.test.ts, src/classify/dmesg-wc-error.test.ts, dmesg-gid-add.test.ts)
  // b43
  'ibstatus/baidu-aihc-verify-rdma-image-line-numbered-three-roce-100g-zero-gids.txt':
    'READING: ibstatus prints only GID index 0 and RoCEv2 traffic uses the GID of another index (the IPv4 or IPv6 address of the netdev), which ibstatus never shows; read judges the three ports by state and rate (Active, 100 Gb/s), the expert held the all-zero default GIDs as a warning. (Read refused this paste with exit 2 until its code-viewer line numbers were read around, TOOL P1, fixed: src/read/code-viewer-numbers.test.ts)',
  'lsmod/rocm-network-operator-drivers-grep-ionic-ionic-rdma-ib-peer-mem-inbox.txt':
    'READING: the expert took ib_peer_mem, used by ionic_rdma, as the GPU-memory path; ib_peer_mem is only the peer-memory bridge, the GPU side (amdgpu registering as a peer client, or DMA-BUF) is not in a `grep ionic` paste, so read keeps peer memory a warning',
  'nccl-tests/azadventures-18-nc-v100-two-gpus-one-node-pcie-all-reduce-6-88gbs.txt':
    'READING: read reports one-node busbw as NVLink/PCIe inside the node, not the fabric, and judges it only against the 5 GB/s floor, which 6.88 GB/s clears with every row and #wrong 0; the expert wanted a named link to hold the figure against, the same convention split as other one-node runs',
  'perftest/azadventures-17-hbv3-send-lat-client-all-to-16k-1-6us-elided.txt':
    "READING: read judges a latency run by its small-message latency (1.6 us at 2 B, shown with the banner and the device); the sizes the author's `...` leaves out (above 16 KiB) are not what a latency check covers, while the expert counted the sweep's missing rows",
  // (oci-gpu-quickstarts GB300 two racks, TOOL P2, fixed: a rank list whose numbers skip does not show the GPUs per node: src/classify/nccl-rank-gaps.test.ts)
  // (volcengine ibstatus ending at `I`, TOOL P2, fixed: a paste cut inside the next device line: src/read/ibstatus-cut-next-device.test.ts)
  // b44
  'ucx_info/hiroyuki-sato-gist-macos-ucx-info-d-posix-sysv-failed-to-open-pipe-table-cut.txt':
    "READING: the interfaces that fail to open are posix and sysv, host shared memory, which read's ucx_info question (RDMA and CUDA transports for KV) does not cover, and the cut leaves the RDMA and CUDA lines not shown, so read leaves it not judged; the expert failed it on those shared-memory failures and on the host being a Mac (the `mymac` tag and UCX's macOS warning), context that no GPU transport could exist there",
  // (pastebin and gist marks on every line, TOOL P1, fixed by b41's commit, cherry-picked: src/read/page-marks.test.ts)
  // (pastebin H7QRvSac whole lsmod with no ib_core, TOOL P5, fixed: no RDMA stack fails rdma.hardware: src/classify/lsmod-no-rdma-stack.test.ts)
  // b45
  'memlock/fastflowlm-437-after-reboot-flm-validate-2954-mb-then-ulimit-l-unlimited.txt':
    "READING: the expert held the 2954 MB that an application's own check (`sudo flm validate`, the poster's arrow) reports against the shell's limit; read judges the one `ulimit -l` the paste shows, unlimited, and does not read a third-party program's report of its limit, as for snap-slurm-83's script output",
  // (DeepEP#172 ibstatus ending at `rat`, TOOL P2, fixed: a paste cut inside a port's field name: src/read/ibstatus-cut-in-field.test.ts)
  // (aws-ofi-nccl#879 fi_info as one inline code span per line, TOOL P1, fixed: src/read/inline-code-lines.test.ts)
  // b46
  'nccl-tests/alcf-polaris-n128-all-reduce-default-under-floor.txt':
    "READING: read judges a sweep still climbing at its end by its largest size's best placement, 5.27 GB/s in-place at 1 GiB, just above the 5 GB/s floor, so it warns that the figure cannot be held against a link; the expert failed it on the out-of-place 4.64 GB/s at 1 GiB and on the rows under the floor through 512 MiB, a convention of which column and which rows stand for the run",
  // (Polaris and NRIS topo matrices as Markdown tables, TOOL P1, fixed: src/read/topo-markdown-table.test.ts)
  // (PALS `launch failed`/`start failed on <host>` as the whole output, TOOL P2/P4, fixed: src/read/launch-failed.test.ts)
  // b47
  'ibv_devinfo/holohub-hpn-tutorial-igx-cx7-mlx5-0-eth-mlx5-1-ib-active-lid-0-mkdocs-indented.txt':
    "READING: read's stated rule fails an InfiniBand port that is Active with port_lid 0, a live, cabled link that no IB traffic can be addressed to; the expert took the port for one not in use and warned, a convention the paste does not settle (the RoCE port beside it is Active and passes)",
  'nccl-tests/awsome-dt-slurm-104-out-2x-p4d-efa-srun-prefix-root-0-redop-none-80gbs.txt':
    "READING: the paste names the instance (aws-ofi-nccl's `Running on p4d.24xlarge platform`, 4 EFA NICs) but not the EFA line rate; the expert held 80.6 GB/s against p4d's 400 Gb/s from AWS's documentation, outside the file, while read holds a figure only against a rate the paste or `--line-rate` gives and so warns above the 5 GB/s floor",
  // (jc's Ubuntu 18.04 lsmod, ib_core held only by ib_iser and the RDMA core, TOOL P5, fixed: no device driver fails rdma.hardware: src/classify/lsmod-ulp-only.test.ts)
  // (HoloHub IGX `topo -mp` of one GPU, TOOL P5, fixed: one GPU has no pair to link in the PCIe-only view either: src/classify/topo-mp-one-gpu.test.ts)
  // (spark-rapids' three ucx_perftest clients indented as list items, exit 2, TOOL P1, fixed: an indented results table is the same table: src/parsers/ucx-perftest-indented.test.ts)
  // b48
  'nccl-tests/hisohara-aac10-rdma-link-then-rccl-tests-snip-ranks-2x-mi300x-357gbs.txt':
    'READING: read warns that 357 GB/s busbw between two MI300X nodes cannot be held against a link no one named (the README lists such a figure under not-judged); the expert took a figure far above the KV floor as healthy (the convention split of oci-hpc-oke-slurm-mi300x)',
  'nccl-tests/hisohara-aac11-mi325x-bnxt-egrep-large-rows-1-2-4-8-nodes.txt':
    'READING: as hisohara-aac10: the 1-8-node rows (316-351 GB/s busbw over Broadcom bnxt_re) name no link rate, so read warns; the expert judged them healthy',
  'nccl-tests/hpc-ai-envs-readme-slingshot-example-output-no-rank-lines-158gbs.txt':
    'READING: 158.7 GB/s busbw with no rank list, node count or Slingshot rate in the paste: read warns it cannot be held against a link; the expert took it as healthy (the README around it says two nodes of four GPUs, context outside the block)',
  'nccl-tests/eks-blueprints-nvidia-gpu-efa-p5-mpijob-author-elided-banner-480gbs.txt':
    'READING: the README names p5.48xlarge (32 EFA), but the block itself names no link and no --line-rate is passed, so read warns the 481 GB/s busbw cannot be held against the link; the expert judged it healthy',
  'nccl-tests/amd-dev-mi355x-scale-2x1gpu-all-reduce-command-output-log.txt':
    'READING: two ranks on two MI355X nodes at 44.7 GB/s busbw: the expert inferred a 400G NIC from the figure itself (more than a 200G link can carry); read holds no figure against a link no one named and warns',
  'nccl-tests/amd-dev-mi355x-scale-2x8gpu-all-reduce-command-output-log.txt':
    'READING: as oci-hpc-oke-slurm-mi300x: 365 GB/s busbw over two MI355X nodes with no link named is a warning to read and healthy to the expert',
  'nccl-tests/rocm-systems-9406-mi350x-2-node-tsv-sweep-after-busbw-algo-proto-nchannels.txt':
    "READING: the block is a tuning script's tab-separated summary (size, type, redop, busbw, algo, proto, nchannels), not rccl-tests' own output; read refuses what is not the tool's output (exit 2) by its stated rule, while the expert read the three summary rows as a partial run",
  'fi_info/opa-psm2-43-libfabric-psm2-info-log-hfi1-units-total-minus1-no-active-device.txt':
    "READING: the block is an application's libfabric info log (FI_LOG_LEVEL=info, psm2 provider), with no fi_info record, error or command; read reads the log (exit 2 until libfabric's log lines were read, TOOL P1: src/classify/fi-info.test.ts) and says the records are not shown, and its fi_info question is the EFA/Slingshot provider, not psm2; the expert read the provider's \"no PSM2 device is active\" as fi_info would have ended",
  'ibv_devinfo/linux-riscv-dev-rdma-bad-irdma-link-then-devinfo-v-irdma1-cut-in-gid1.txt':
    "READING: read reads the section of the tool asked for and says so (`ignored rdma link (lines 1-3)`): `ibv_devinfo -d irdma1 -v`'s one port is Active with its rate and GID 0, which is what the typed command asked; the expert counted irdma0 DOWN/DISABLED from the other command and the device the -d filter leaves out",
  'dmesg/aws-neuron-nrt-troubleshoot-rst-trn1-npid-detach-then-efa-dereg-mr-err-22.txt':
    "READING: read fails an EFA device's failed admin command (`Failed to process command DEREG_MR … err -22`) as its rule for device command errors says; the expert took it as a teardown race after the process detached (the doc's heading and the neuron line before it), context that the command failure is harmless",
  // b49
  'dmesg/iommu-2019-07-vt-d-previous-patch-cx5-switchdev-vfs-recreated-healthy.txt':
    "READING: every mlx5 line is healthy (VFs probe, switchdev, re-creation); read's stated rule for dmesg covers the GPU peer-memory module too and leaves it not shown when no line names it, so it never passes a kernel log without one; the expert judged the NIC lines alone",
  'dmesg/linux-cifs-2021-10-dmesg-grep-qed-fastlinq-qedr-registered-2-rdma-funcs-link-up.txt':
    "READING: `dmesg | grep qed` keeps only the QLogic driver's lines, all healthy; read's stated rule leaves the peer-memory module not shown when no line names it (the grep could not show one), so it does not pass; the expert judged the RDMA driver's lines alone",
  'dmesg/linux-cifs-2021-10-smb-direct-qedr0-iwarp-max-send-sge-4-rdma-create-qp-failed-22.txt':
    "READING: the QP that fails is the SMB Direct client's, asking for 16 send SGEs of a device that offers 4 (its own `max_send_sge = 4 too small` warnings say so): a consumer's request beyond a device limit, not a device fault; read reads no fault of the device, the expert counted the consumer's failed QP",
  // (b49, TOOL P4, fixed: failed completions the SRP/NVMe/iSER consumers log, Soft-RoCE's rkey-mismatched invalidate: src/classify/dmesg-ulp-cqe.test.ts; 1 capture)
  'dmesg/linux-pci-2021-07-maxcpus-8-quoted-qp-modprobe-mlx5-cx5-create-eq-cmd-timeouts.txt':
    "READING (was TOOL P1/P4 until the wrapped message was read back onto its device prefix and `recovered after timeout` was read: src/classify/dmesg-command-late.test.ts): mlx5's `cmd[0]: CREATE_EQ(0x301) recovered after timeout` is a command that worked after its completion interrupt was lost (cmd.c wait_func_handle_exec_timeout); read warns (nic.command) by its severity rule, the expert took the repeated timeouts as a failed device",
  'dmesg/linux-s390-2022-02-smc-netns-quoted-roce-express-ib-devices-readded-pnetid-links-up.txt':
    "READING: the smc and mlx5 lines are healthy (devices re-added, links up); read's stated rule leaves the GPU peer-memory module not shown when no line names it, so it does not pass a log without one (on s390, which has no GPU, too); the expert judged the NIC lines alone",
  'dmesg/linux-scsi-2023-08-blktests-srp-011-rdma-rxe-ens3-rxe-set-active-qp-cut.txt':
    'READING: the slice shows rdma_rxe creating ens3_rxe, but a kernel log slice cannot show that no hardware RDMA device exists (its probe lines may be earlier); read leaves it not judged, the expert took the blktests setup (context outside the paste) for a node with Soft-RoCE only',
  'ibstat/linux-cifs-2019-12-smb-direct-qp-tabs-cx3-mlx4-two-ib-ports-fdr-56-and-qdr-40-active.txt':
    "READING: one ConnectX-3 port at FDR 56 and one at QDR 40: read fails the 40 Gb/s port under the 5 GB/s KV floor by its stated rule (as for b41's oracle-bda QDR ports), the expert warned because which port carries KV is not shown",
  // (b49, TOOL P4, fixed: hung-task reports and crashes through the RDMA stack, a WARNING wrapped after `at`: src/classify/dmesg-rdma-stack-hang.test.ts; 5 captures)
  // (b49, TOOL P4, fixed: bnxt_re qplib command failures, mlx5_load `Failed`, an aborted mlx5 health recovery: src/classify/dmesg-device-lost.test.ts; 3 captures)
  // (b49, TOOL P4, fixed: qedr's POLL CQ error completions: src/classify/dmesg-qedr-cqe.test.ts; 1 capture)
  // b50
  'ibstat/lustreperfmon-27-amd01-hdr-mlx5-4-active-mlx5-2-down-disabled-cut-in-mlx5-0.txt':
    "READING: an InfiniBand port Down/Disabled is an administrator's act by read's stated rule (src/classify/ib-ports.ts disabledRails), a warning, and even a RoCE rail switched off fails only beside two or more Active rails of its model; the paste shows one Active sibling (mlx5_4) and is cut inside mlx5_0, so read warns; the expert took the one Disabled twin of an Active HDR adapter for a lost rail",
  // b51
  'nccl-tests/keitaw-p5-eks-2x8-efa-all-reduce-nccl-debug-v2-20-3-log.txt':
    "READING: as amd-dev-mi355x-scale-2x1gpu: the expert took `Selected Provider is efa (found 32 nics)` on H100 workers for p5's 32 x 100 Gb/s EFA and held 487 GB/s busbw against it (knowledge of AWS instance types); the paste names no NIC rate, and read holds no figure against a link no one named and warns by its stated rule",
  'nccl-tests/keitaw-p5-eks-2x8-efa-all-reduce-nccl-debug-v2-22-3-tuner-log.txt':
    'READING: the same run as the v2-20-3 log: EFA with 32 NICs but no rate in the paste; read warns (no NIC line rate known), the expert inferred p5 from the NIC count',
  'ucx_info/pytorch-cuda-mpi-error-ucx-info-d-ucx18-style-mlx5-cuda-gdr.txt':
    'READING: the expert passed the UCX 1.6-era `ucx_info -d` on cuda_copy/cuda_ipc/gdr_copy and the mlx5 transports, but gdr_copy is not GPUDirect RDMA and this layout prints no memory types, so whether the IB memory domains register GPU memory is not shown; read skips that check and leaves the paste not fully judged, as its stated rule for pre-1.12 layouts says',
  // b52
  'perftest/moc-training-ocp-oct8-read-lat-client-2b-to-8m-latency-only.txt':
    'READING: the expert left a whole `ib_read_lat` run unjudged because a latency test shows no bandwidth; read answers the latency question the run asks (5.45 us typical at 2 B, inside its 10 us verbs band, over a named RoCE device) by its stated rule, as earlier readers did for completed `_lat` runs (the AKS VF ib_read_lat at 5.49 us, no-problem)',
  // b53
  // (b53, TOOL P1/P2, fixed: a last nvlink --status GPU block the paste ends inside, and nvlink -gt throughput counters: src/read/nvlink-cut-and-throughput.test.ts; 3 captures)
  // (b53, TOOL P1/P5, fixed: NIC driver lines without a timestamp, mlx4_en carrier changes, a NIC PCIe link under a KV port's rate: src/read/dmesg-nic-prints.test.ts; 2 captures)
  // (b53, TOOL P3, fixed: a RawEth perftest run does not show the RDMA path: src/read/perftest-raw-ethernet.test.ts; 1 capture)
  'ibstat/heioy-books-zh-ibstat-ca-port-2-unindented-active-56.txt':
    'READING: the one port asked for is Active at 56 Gb/s (FDR); the expert held it to the 5 GB/s floor (about 6.8 GB/s of data) and passed it, read warns below the 100 Gb/s links disaggregated serving is sized for, the FDR convention of b28 and b32',
  'ibstat/heioy-books-zh-check-nic-state-ibstat-one-cx3-two-ports-active-56.txt':
    'READING: both ports Active at 56 Gb/s (FDR), as the one-port form above: the expert passed them against the 5 GB/s floor, read warns below 100 Gb/s by its stated rule',
  // b54
  // (li-plus-playground sendrecv -g 8: was READING 'nodes not shown'; TOOL P3, fixed: a command that starts the binary by itself is one process on one node: src/classify/nccl-one-process.test.ts)
  'perftest/jebtang-rdma-experiment-mlx4-ud-ib-send-bw-a-to-2k-2.9gbs-bracket-prompt.txt':
    'READING: UD send stops at the 2 KiB MTU, so every block measured is under 1 MiB; read does not apply the 5 GB/s floor to latency-bound sizes by its stated rule, the expert held 2.9 GB/s at 2 KiB against the floor',
  'ibstat/apptainer-with-ompi-indented-percent-prompt-singularity-mlx4-qdr-rate-40-active.txt':
    "READING: one ConnectX-3 port Active at QDR 40: read fails a port under 50 Gb/s as unable to carry the 5 GB/s KV floor by its stated rule (as for linux-cifs' QDR port), the expert judged the port healthy for its generation",
  'ibstat/gpu-compress-decompress-mlx4-fdr-56-active-lid-1-sm-lid-1-no-prompt.txt':
    'READING: one ConnectX-3 port Active at FDR 56: read warns below the 100 Gb/s disaggregated serving is sized for (its stated rule), the expert judged the port healthy for its generation',
  'nccl-tests/timez-zx-nccl-tests-fault-log-2-a100-pcie-p2p-2-channels-28.6gbs-rows-split-by-info.txt':
    "READING: after the b54 P1 fix the rows are read (11 sizes, OK); one node's busbw is reported, not judged, and NCCL's own \"GPU Direct RDMA Disabled\" lines for mlx5_0/mlx5_1 warn; the expert held 28.6 GB/s against the NVL[240] of a topology NCCL was fed from topo_fail.xml (context of the repository's fault injection), a judgement read does not make on one node",
  'nccl-tests/timez-zx-nccl-tests-log-2-a100-pcie-p2p-24-channels-216gbs-rows-split-by-info.txt':
    'READING: after the b54 P1 fix the rows are read (11 sizes, OK, one node reported, not judged); the paste\'s NCCL lines say "GPU Direct RDMA Disabled" for mlx5_0 and mlx5_1, which read warns on (network transfers staged through host memory) and the expert overlooked',
  // b55
  // (b55, TOOL P1, fixed: Ray's process tag `(head, rank=0, pid=N) ` before every relayed line: src/read/ray-prefix.test.ts; 1 capture; none left)
  // b56
  // (b56, TOOL P1, fixed: talosctl dmesg's node/facility/priority/RFC 3339 prefix and /dev/kmsg key lines: src/read/talosctl-dmesg.test.ts; 1 capture)
  // (b56, TOOL P2/P4, fixed: a crash report copied from inside its call trace, read back from its end marker or panic: src/read/dmesg-headless-report.test.ts; 1 capture)
  // (b56, TOOL P3/P5, fixed: EFA's efa_nv_peermem as a peer-memory module, a symbol without version a warning: src/classify/dmesg-efa-peermem.test.ts; 1 capture)
  'dmesg/spdk-2277-fedora-35-qemu-soft-roce-nvmf-soft-lockup-perf-rdma-rxe-loaded-cut-in-registers.txt':
    'READING: the soft lockup is in perf at _raw_read_unlock_irqrestore, with no frame, RIP or loading mark of an RDMA, NIC or GPU driver before the cut; read fails crash and hang reports inside a watched driver (its stated rule since b23/b49) and does not take `Modules linked in:` for a module inventory; the expert tied the lockup to the RDMA tests from the thread and called rdma_rxe the only verbs provider from that list',
  'lsmod/siderolabs-pkgs-1557-talos-arm64-sys-module-grep-bnxt-en-ib-core-no-bnxt-re.txt':
    "READING: the paste is `talosctl ls /sys/module | grep`, bare module names, not lsmod's table, and read refuses it with exit 2 naming the columns it reads; /sys/module also lists built-in modules that have parameters, so a name's absence does not show a module unloaded as lsmod's does; the expert read the missing bnxt_re and ib_uverbs as a Broadcom NIC without RDMA",
  // b57
  // (b57, TOOL fixed: ib_mthca is an RDMA device driver (P3, src/classify/dmesg-mthca.test.ts); soft/hard lockups and kernel panics through the RDMA stack (P4, src/classify/dmesg-lockup.test.ts); Azure MANA's driver and hardware-channel timeouts (P3, src/classify/dmesg-mana.test.ts); 4 captures; 1 of the 4 added after the fixes left as READING)
  'dmesg/linux-rdma-2024-12-e810-irdma-nvmet-rdma-wq-mem-reclaim-warning-check-flush-dependency.txt':
    "READING: a `cut here` WARNING whose message names irdma's cleanup workqueue; read's stated rule takes kernel/panic.c's WARNING with a watched driver in it as a crash inside that driver (nic.driver fails), the expert read this workqueue flush-dependency warning as a locking-rule warning the device survives",
  'dmesg/linux-cifs-2019-12-smb-direct-client-qp-cifs-vfs-smbd-rdma-connect-failed-5445-445.txt':
    "READING: CIFS's SMB Direct client could not connect to its server (the thread's Samba server had no SMB Direct listener); read's dmesg question covers the NIC driver, the RDMA stack's crashes, link and GID events, error completions and peer memory, not an upper-layer protocol's connection to a server, so these two lines are not a device fault; the expert took a failed RDMA connection as one",
  'dmesg/linux-nfs-2025-09-vmware-arm64-nfsd-stop-qp-wrapped-kasan-oops-rpcrdma-pool-destroy-crashdump.txt':
    "READING: the Oops is inside rpcrdma (NFS over RDMA, an upper-layer user of ib_core) in a VMware VM with no RDMA device driver loaded; read's stated rule fails crashes inside the NIC drivers, the RDMA core and device drivers and peer memory, and leaves a consumer's own bug alone, the expert took the node's crash dump as the fault",
  'dmesg/linux-pci-2021-01-cx6-vm-sriov-numvfs-0-then-2-eswitch-legacy-vfs-no-autoprobe-devlink-lspci.txt':
    "READING: every mlx5 line is healthy (E-Switch disabled and enabled, two VFs enumerated); read's stated rule for dmesg covers the GPU peer-memory module too and leaves it not shown when no line names it, so it never passes a kernel log without one; the expert judged the NIC lines alone",
  'dmesg/linux-block-2021-09-s390x-kvm-srp-013-softiwarp-srpt-status-5-oops-scsi-mq-exit-request-panic-on-oops.txt':
    "READING: the Oops is in scsi_mq_exit_request (the SCSI midlayer, no NIC driver or RDMA module in its trace) and read's stated rule leaves someone else's crash alone; \"SoftiWARP attached\" in a kernel log slice cannot show that no hardware RDMA device exists (as for linux-scsi's srp/011); read warns on ib_srpt's flushed completions, the expert took the blktests setup for a Soft-iWARP-only node and the panic as the fault",
  // b58
  // (b58, 15 captures: 9 of its first 13 agreed when first run, the 2 read after the fixes agreed; 4 TOOL misses
  // fixed, none left: NVRM's `The GPU likely needs to be
  // reset` after GSP RPC timeouts (P4, src/classify/dmesg-gsp-reset.test.ts), Open MPI's slots refusal as a job that
  // never ran (P2, src/read/launch-failed.test.ts), /dev/kmsg records (P1, src/read/dmesg-kmsg-records.test.ts), a topo
  // matrix kept as shell comments (P1, src/parsers/topo-shell-comments.test.ts))
  // b59
  // (b59, 18 captures: 14 agreed when first run; 3 TOOL misses fixed: host-prefixed `Test CUDA failure` lines (P1, P4,
  // src/read/test-failure-host-prefix.test.ts), a `ucx_info -p` UCP context listing and capability rows cut above their
  // Transport line (P1, P2, src/read/ucx-info-context-and-fragments.test.ts); 1 READING left)
  'ibstat/ucx-5749-dtu-cluster-cx4-one-ca-active-ib-rate-56-then-mlxconfig-query-cut.txt':
    "READING: the tool's stated rule warns on an InfiniBand port below the 100 Gb/s links disaggregated serving is sized for; the expert held the 56 Gb/s FDR port only against the 5 GB/s cross-node KV floor and called it healthy",
  // b60
  // (b60, 6 captures: 4 of its first 5 agreed when first run, the 6th was refused when first run; 2 TOOL misses fixed,
  // none left: a `ucx_info -d` key line that lost its `#` among lines that kept theirs (P1,
  // src/read/ucx-info-lone-key.test.ts), an `ibv_devinfo` output kept as shell comments (P1,
  // src/parsers/ibv-devinfo-shell-comments.test.ts))
  // b61
  // (b61, 25 captures: 20 of its first 24 agreed when first run, a 21st was refused (exit 2), the 25th, read after
  // the fixes, agreed; 1 TOOL miss fixed: the 2014 fabtests fi_info's failure line that names the errno by its
  // strerror text only, `fi_getinfo No such device` (P1/P4, src/read/fi-info-strerror-form.test.ts); and a P1 miss
  // that left the verdict unchanged, fixed: the 1.1-1.3 record heading `verbs: IB-0x80fe`
  // (src/read/fi-info-v1-heading.test.ts); 3 READING left, all fi_info listings of a provider other than EFA/cxi)
  'fi_info/fabtests-527-tacc-prompt-old-format-verbs-ib-msg-rdm-and-udp.txt':
    "READING: as mcas-notes: read's fi_info question is the EFA/Slingshot provider NIXL's LIBFABRIC backend runs on, and this listing has verbs and UDP records only (no efa or cxi), so read warns that no efa provider is listed (after the b61 P1 fix that reads the 1.1-1.3 record heading); the expert took the hardware verbs provider on InfiniBand as the answer",
  'fi_info/libfabric-7534-opx-build-fi-info-f-p-tcp-prompt-verbs-hfi1-0-records-cut.txt':
    "READING: as mcas-notes: the typed `fi_info -f -p tcp` does not ask read's fi_info question (the EFA/Slingshot provider), so read leaves it not asked; the expert took the verbs records on hfi1_0 that the build printed as the answer",
  'fi_info/libfabric-7715-fi-info-p-opx-one-record-hfi1-ep-unspec.txt':
    "READING: read's fi_info question is the EFA/Slingshot provider NIXL's LIBFABRIC backend runs on; Cornelis Omni-Path Express (opx) is neither, so read warns that no efa provider is listed; the expert took the one opx record on hfi1 as a hardware fabric provider that answers",
  // b62
  // (b62, 20 captures: 17 of its first 18 agreed when first run, and 1 of the 2 read after the fixes; 2 TOOL misses
  // fixed, none left: nccl-tests rank lines whose host the author replaced with a placeholder with a space (`on
  // NODE A device 0`), read as no host so a one-node run was "nodes not shown" (P1,
  // src/read/nccl-tests-placeholder-host.test.ts); NVSwitch SXid lines, not read at all, so a fatal `Severity 1`
  // SXid on the switch carrying NVLink showed nothing (P4/P5, src/classify/dmesg-nvswitch.test.ts))
  // b63
  // (b63, 14 captures: 11 of its first 13 agreed when first run, the 14th (read after) agreed; no TOOL miss; 2 READING left)
  'dmesg/rtx6kpro-asus-esc8000a-report-boot-dmesg-8x-rtx-pro-6000-open-595-no-nic.txt':
    "READING: a whole boot log with no error, but no NIC driver, RDMA device or peer-memory line in it; read's dmesg question covers the NIC links and driver, the RDMA stack and GPUDirect's peer memory as well as faults, and leaves what the log does not show not judged (peer memory skipped); the expert judged the absence of any fault alone",
  'dmesg/spdk-1184-journalctl-rxe0-on-bond1-failed-sending-ack-bond0-released-cut.txt':
    "READING: as linux-scsi srp-011: a kernel log slice shows Soft-RoCE rxe0 set active on bond1 but cannot show that no hardware RDMA device exists (its probe lines may be earlier), so read leaves it not judged by its stated rule; one `rdma_rxe: Failed sending ack` (an ACK the peer retransmits for) and bond0, not rxe0's bond1, releasing its slaves are no device fault of the RDMA path; the expert took the Soft-RoCE device for the node's only RDMA",
  // b64
  // (b64, 14 captures: 6 of its first 12 agreed when first run, 10 after two TOOL misses were fixed by principle: nccl-tests
  // results under a header the poster cut down (one placement, or `size time algbw busbw`) and rank lines without their
  // `[bus id]` (P1, src/parsers/nccl-tests-cut-header.test.ts), and perftest results kept as shell comments under bare
  // commands (P1, exit 2 before, src/parsers/perftest-shell-comments.test.ts); 2 READING left; the 2 of a second
  // round, read after the fixes, agreed)
  'ibstat/enizaksoy-lab-ibv-devices-then-ibstat-cx3-pro-rocep130s0-two-eth-ports-active-40.txt':
    "READING: as the QDR captures before it: read holds a port's line rate to the 5 GB/s cross-node floor by its stated rule and fails two RoCE ports Active at 40 Gb/s (5 GB/s of line, less of payload) as unable to carry KV; the expert took a port at the floor with no headroom for a degraded state, a warning",
  'rdma-link/dgx-spark-playbooks-heterogeneous-rdma-ibdev2netdev-before-cable-all-four-down.txt':
    "READING: four `ibdev2netdev` rows, all Down, with no command typed: read's stated rule is that rows without their command may be part of the output (other devices not shown), so it warns on each Down port and leaves whether the host has an RDMA link not shown; the expert took the four rows for the whole listing of the DGX Spark's ConnectX-7 (the playbook shows it before the cable is plugged)",
  // b65
  // (b65, 11 captures: 10 of 11 agreed when first run; no TOOL miss; 1 READING left)
  'perftest/stmatengss-ib-write-lat-cx3-qdr-indented-prompt-1us.txt':
    "READING: as moc-training's ib_read_lat: read answers the latency question an `ib_write_lat` run asks by its stated band (0.98 us typical at 2 B on mlx4_0 over InfiniBand, inside the 10 us verbs band), so a completed run is no problem; the expert left a latency-only run unjudged because it gives no bandwidth figure to hold against the QDR link",
  // b66
  // (b66, 15 captures: 12 of 15 agreed when first run, 14 after two TOOL misses were fixed by principle: `rdma link`'s
  // `physical_state NOP` (phys state 0, not reported by pre-5.2 iWARP drivers) read as a fault (P1/P4,
  // src/read/rdma-link-nop-phys.test.ts), and a topo paste ending on a bare row label (`NIC2`) refused as unreadable
  // instead of a row cut before its first cell (P2, src/read/topo-last-line-label.test.ts); 1 READING left)
  'memlock/horoyoiiv-linux-command-ko-notes-ulimit-a-soft-max-locked-16384-kb.txt':
    "READING: read's stated rule (classify/memlock.ts MEMLOCK_FAIL_KIB) fails a lock limit under 1 MiB, where nothing useful can be pinned, and warns above it, where registration fails only as KV buffers grow past the cap; the expert took a 16 MiB cap as a failure, since registered KV or staging buffers outgrow it at once",
  // b67
  // b68
  // (b68, 10 captures: 6 of 10 agreed when first run; no TOOL miss; 4 READING left)
  'gdrcopy/parallelcluster-cookbook-1469-test-sh-sanity-27-checks-rest-elided-exit-0.txt':
    "READING: read's stated rules answer the gdrcopy question with sanity (27 of 27 passed: GPU memory pins and maps through gdrdrv), treat a copybw that is not shown as not mattering, and let an author's `...` name what it hides without weighing on the verdict (src/read/elisions.ts); the expert held copybw's elided bandwidth figures as part of the question",
  'perftest/uccl-707-amd-ionic-ib-write-lat-header-and-2b-row-8us.txt':
    "READING: as moc-training's ib_read_lat and b65's ib_write_lat: read answers a latency run by its stated 10 us verbs band (8.43 us typical at 2 B is inside it), so a completed run is no problem; the expert warned on 8 us as several times a RoCE NIC's usual 1-3 us and left a latency-only run with no device header unjudged",
  'perftest/ucx-6242-ib-send-lat-bond-roce-cpu-freq-warnings-cut-mid-first-row.txt':
    "READING: the one result row is cut after t_typical (5.84 us), the figure read's stated latency band (10 us) is held against, so read answers it; ib_send_lat without -a runs one size, and the columns cut (t_avg, percentiles) are not part of the question; the expert took the paste as cut after its first row and a latency run as giving no bandwidth to judge",
  'ibv_devinfo/qlustar-admin-manual-ibv-devinfo-mlx4-part-26428-active-flattened-next-prompt.txt':
    "READING: ibv_devinfo's default output prints no rate, so read's stated rule answers it with the port's state (PORT_ACTIVE, LID 310, SM lid 1) and holds no rate against the floor; the expert used the vendor_part_id (26428, ConnectX-2, QDR at most) as a cap below the 5 GB/s cross-node floor, knowledge of a part table read does not hold",
};
