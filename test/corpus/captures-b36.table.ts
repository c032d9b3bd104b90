import type { Capture } from './captures.table.js';

/**
 * Corpus batch b36 (issue 38): web pages from the `pages` search corpus that are not GitHub — an NVIDIA
 * Developer Forums thread, a Stack Overflow question as a Chinese mirror holds it, Chinese blogs and repost
 * sites (jishuzhan, dtcms, wuyea, gocn), a Korean blog (tistory) and an English homelab blog; a second
 * sub-batch of four `ulimit` tables from Korean pages (bestceok, hunihub, youngthree) — each file the
 * excerpt the stored copy holds, cut where it ends. See captures.table.ts and README.md. The expert verdict
 * was written before `read` ran on each capture.
 */
export const CAPTURES_b36: Capture[] = [
  // topo
  {
    file: 'topo/wuyea-2019564377-root-c4-two-gpus-two-nics-sys-node-flattened-legend-cut.txt',
    tool: 'topo',
    source: 'https://wuyea.top/posts/2019564377.html',
    expert: 'not-judged',
    why: "Chinese blog, matrix flattened to single spaces behind `[root@c4 ~]#`: two GPUs on different NUMA nodes (SYS between them), both NICs on NUMA 0 (PIX to each other); GPU0 reaches them only through NODE and GPU1 only through SYS, so GPU1's KV crosses the CPU interconnect (a warning); the page is cut inside the legend, before the NIC legend",
  },
  {
    file: 'topo/nvforum-68452-topo-mp-one-gpu-two-mlx5-both-sys-skylake-one-socket.txt',
    tool: 'topo',
    source: 'https://forums.developer.nvidia.com/t/strange-output-by-nvidia-smi-topo/68452',
    expert: 'not-judged',
    why: 'NVIDIA forum, `nvidia-smi topo -mp` with tab cells: one GPU and two NICs (mlx5_0/mlx5_1, PIX to each other); GPU0 reaches both NICs only through SYS, so GPUDirect RDMA traffic crosses root complexes / the CPU (a warning, not a fault); the whole matrix and legend',
  },
  {
    file: 'topo/kyumdoctor-tistory-74-ko-dgx1-v100-cube-mesh-nv1-nv2-no-nic-columns.txt',
    tool: 'topo',
    source: 'https://kyumdoctor.tistory.com/74',
    expert: 'not-judged',
    why: 'Korean blog, 8x V100 NVLink server: the DGX-1 hybrid cube mesh (NV1/NV2 to neighbours, SYS to the rest, as the design has it); the matrix has no NIC columns, so where the RDMA NICs sit relative to the GPUs is not shown',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/gocn-check-rdma-support-zh-output-example-mlx5-0-port-active-ethernet.txt',
    tool: 'ibv_devinfo',
    source: 'https://blog.gocn.top/notes/check-rdma-support',
    expert: 'no-problem',
    why: 'Chinese notes page: the command, "输出示例:" (output example), then one device mlx5_0 with one port PORT_ACTIVE, link layer Ethernet (RoCE), active MTU 4096; plain `ibv_devinfo` lists every device and the one shown is healthy',
  },
  // rdma-link
  {
    file: 'rdma-link/gocn-check-rdma-support-zh-commented-example-link-mlx5-0-active-hash-prefixed.txt',
    tool: 'rdma-link',
    source: 'https://blog.gocn.top/notes/check-rdma-support',
    expert: 'no-problem',
    why: 'the same Chinese page: `rdma link` followed by "# 输出示例" and its one output line written as a shell comment (`# link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0`): the one link shown is ACTIVE/LINK_UP on its netdev',
  },
  // lsmod
  {
    file: 'lsmod/debene-cx3-crossflash-dollar-grep-mlx-emoji-checkmarks-no-sizes.txt',
    tool: 'lsmod',
    source: 'https://debene.dev/posts/mellanox-connectx3-crossflash/',
    expert: 'not-judged',
    why: "homelab blog: `lsmod | grep mlx` with the author's ✅ in place of sizes and users: mlx4_ib, mlx4_core and ib_core loaded, but the grep keeps no peer-memory module (nvidia_peermem / nv_peer_mem), so GPUDirect RDMA is not shown",
  },
  {
    file: 'lsmod/jishuzhan-1750293577927233538-table-cell-grep-vfio-iommu-split-lines-no-rdma.txt',
    tool: 'lsmod',
    source: 'https://jishuzhan.net/article/1750293577927233538',
    expert: 'not-judged',
    why: 'Chinese blog code block stored as a table cell (`|` borders, doubled backticks, every field on its own line): `lsmod|grep -e vfio -e iommu` keeps only vfio/kvm modules; no RDMA driver or peer-memory module is shown, the grep filtered them',
  },
  // ibstat
  {
    file: 'ibstat/debene-cx3-crossflash-dollar-ibstat-elided-port1-down-ethernet-emoji.txt',
    tool: 'ibstat',
    source: 'https://debene.dev/posts/mellanox-connectx3-crossflash/',
    expert: 'not-judged',
    why: 'homelab blog, `ibstat` abbreviated by the author (CA fields, rate and any second port left out, a ❌ after the link layer): CA mlx4_0 port 1 State Down with link layer Ethernet; nothing shows the port in use or what the other port does, so a warning, not judged',
  },
  // memlock
  {
    file: 'memlock/whosebug-4835725-zh-proc-pid-limits-max-locked-memory-65536-bytes.txt',
    tool: 'memlock',
    source: 'https://whosebug.com/question/4835725/Linux-virtual-memory-limit',
    expert: 'problem',
    why: 'a Stack Overflow question in a Chinese mirror: `cat /proc/$(pidof Tsw)/limits`, flattened to single spaces: Max locked memory 65536 65536 bytes, a 64 KiB soft and hard cap, so the process cannot pin any KV buffer for RDMA',
  },
  {
    file: 'memlock/jishuzhan-1901606437770571778-zh-bash-label-ulimit-l-64-kb-comment.txt',
    tool: 'memlock',
    source: 'https://jishuzhan.net/article/1901606437770571778',
    expert: 'problem',
    why: 'Chinese blog: a `bash` label, a comment, `ulimit -l`, "输出示例:", then `64 # 单位是 KB(...)`: the locked-memory cap is 64 KiB, too small to register KV buffers',
  },
  {
    file: 'memlock/jishuzhan-1901606437770571778-zh-docker-alpine-ulimit-l-64-comment.txt',
    tool: 'memlock',
    source: 'https://jishuzhan.net/article/1901606437770571778',
    expert: 'problem',
    why: 'the same page: `docker run --rm alpine sh -c "ulimit -l"` prints 64 with the author\'s comment (the default for an unprivileged container): a 64 KiB cap inside the container, no KV buffer can be pinned there',
  },
  // memlock, second sub-batch (Korean pages; read before read ran on them, like the first)
  {
    file: 'memlock/bestceok-2693-ko-ulimit-Sa-comments-after-values-unlimited.txt',
    tool: 'memlock',
    source: 'http://bestceok.com/xe/index.php?document_srl=2693&mid=unix_com&page=12',
    expert: 'no-problem',
    why: 'Korean unix notes: `# ulimit -Sa` in the old bash layout (no option letters), a Korean `# comment` after most values and one comment on its own line: the soft limits in force, `max locked memory (kbytes) unlimited`: no cap on pinning KV buffers',
  },
  {
    file: 'memlock/bestceok-2693-ko-prompt-cut-ulimit-Ha-hard-only-unlimited.txt',
    tool: 'memlock',
    source: 'http://bestceok.com/xe/index.php?document_srl=2693&mid=unix_com&page=12',
    expert: 'not-judged',
    why: 'the same page, `]# ulimit -Ha` (the prompt cut to its tail by the author): hard limits only, max locked memory unlimited; the hard limit is only the ceiling, the soft limit a process runs with is not in this block, so the cap in force is not shown',
  },
  {
    file: 'memlock/hunihub-linux-ulimit1-ko-result-example-label-64mib.txt',
    tool: 'memlock',
    source: 'https://hunihub.link/os/linux-ulimit1',
    expert: 'not-judged',
    why: 'Korean guide: `$ ulimit -a`, a Korean label line "결과예시" (result example), then the whole table: max locked memory 65536 KiB (64 MiB): enough for UCX\'s pools and GPU memory through peer-memory, but host-staged KV buffers of gigabytes cannot be registered: a warning',
  },
  {
    file: 'memlock/youngthree-ulimit-ko-typical-output-64kib-cut.txt',
    tool: 'memlock',
    source: 'https://blog.youngthree.me/docs/Linux/Ulimit',
    expert: 'problem',
    why: 'Korean docs page, a `ulimit -a` table given as the usual output (no prompt), cut mid-word in the virtual memory row: max locked memory 64 KiB, too small to register any KV buffer for RDMA',
  },
  // dmesg
  {
    file: 'dmesg/jishuzhan-1750293577927233538-table-cell-grep-dmar-iommu-backtick-artifacts.txt',
    tool: 'dmesg',
    source: 'https://jishuzhan.net/article/1750293577927233538',
    expert: 'not-judged',
    why: 'Chinese blog code block stored as a table cell with doubled backticks inside the stamps: `dmesg | grep` for DMAR/IOMMU keeps only "IOMMU enabled" and VT-d lines; no NIC driver or peer-memory line is shown',
  },
  {
    file: 'dmesg/dtcms-477372-syslog-prefixed-mlx5-cable-flapping-link-down-cut.txt',
    tool: 'dmesg',
    source: 'http://www.dtcms.com/a/477372.html',
    expert: 'problem',
    why: 'Chinese blog, kernel lines behind syslog prefixes (`Oct 9 11:51:24 p-b kernel:`): mlx5_core 0000:00:08.0 reports Cable unplugged and pr1 Link down, then the module flaps between plugged and unplugged for a minute with no Link up; the copy is cut mid-line: the port is down and its cable loose',
  },
];
