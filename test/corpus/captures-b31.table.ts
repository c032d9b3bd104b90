import type { Capture } from './captures.table.js';

/**
 * Corpus batch b31 (issue 38): the software and topology readers (ucx_info, fi_info, lsmod, dmesg, memlock,
 * topo, nvlink), weighted to pastes of odd shape as people post them (principle P1): a `> `-quoted prompt,
 * conda and localised prompts, a code fence glued to the first output line, lsmod inside a YAML report,
 * pdsh host prefixes, tab-indented kernel lines, list-indented fences, a matrix inside `sglang check_env`,
 * markdown-indented blocks in a Japanese vendor page, bash 5.2's `ulimit -a` layout, `/proc/<pid>/limits`.
 * See captures.table.ts and README.md. The expert verdict was written before `read` ran on them.
 */
export const CAPTURES_b31: Capture[] = [
  // dmesg
  {
    file: 'dmesg/aws-ofi-nccl-22-efa-0-alloc-pd-failed-err-12-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/aws/aws-ofi-nccl/issues/22',
    expert: 'problem',
    why: '`infiniband efa_0: Failed to process command ALLOC_PD (opcode 14) comp_status 1 err -12` and `Failed to allocate pd[-12]`: the EFA device cannot create a protection domain, so no RDMA resource can be set up on it',
  },
  {
    file: 'dmesg/mstflint-448-tab-indented-grep-bus-cx4-lx-vf-bar-7-no-space-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/mstflint/issues/448',
    expert: 'not-judged',
    why: 'tab-indented `dmesg | grep 04:00` lines: PCI enumeration of a ConnectX-4 Lx (15b3:1015), its SR-IOV BAR 7 gets no space on both functions (VFs unusable, a warning); no mlx5_core line before the cut, so the driver load is not shown',
  },
  {
    file: 'dmesg/ucx-7738-pdsh-host-prefix-mlx5-create-dct-no-done-completion-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/openucx/ucx/issues/7738',
    expert: 'problem',
    why: 'kernel lines behind a pdsh `b1360: ` host prefix: mlx5_core firmware commands CREATE_DCT get `No done completion` and `timeout. Will cause a leak of a command resource`: the adapter stops completing commands, RDMA objects cannot be created',
  },
  {
    file: 'dmesg/nv-peer-memory-112-nv-mem-free-callback-invalid-page-table-no-timestamps.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/112',
    expert: 'not-judged',
    why: 'two untimestamped `nv_mem nv_get_p2p_free_callback:144 ... invalid page_table` lines: the peer-memory module is loaded and in use and reports a known GPU-driver bug in its free callback (fixed by a driver upgrade): a warning, as b17 read the `invalid context` line',
  },
  // fi_info
  {
    file: 'fi_info/libfabric-11256-quoted-prompt-g4dn-efa-direct-and-efa-rdm.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/11256',
    expert: 'no-problem',
    why: 'the prompt line is quoted with `> ` and the output is not: `fi_info -p efa -t FI_EP_RDM` lists the efa provider with FI_EP_RDM on rdmap0s29 under both the efa-direct and efa fabrics: the EFA RDM endpoint is there',
  },
  {
    file: 'fi_info/libfabric-6126-dollar-fi-info-p-tcp-rxm-eth0-lo-duplicates-cut.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/6126',
    expert: 'not-judged',
    why: '`fi_info -p tcp` restricts the listing to the TCP provider, so whether an RDMA provider exists was not asked; shown are tcp;ofi_rxm records on eth0 and lo, cut inside the seventh',
  },
  {
    file: 'fi_info/libfabric-9820-rxm-debug-lines-then-dollar-fi-info-verbs-msg-cut.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/9820',
    expert: 'not-judged',
    why: 'libfabric debug lines (`Need core provider, skipping ofi_rxm`, ofi_rxm returned -61) then `$ fi_info`: verbs FI_EP_MSG on mlx5_0 (IB) and its xrc/dgram domains, cut in the fifth record: a hardware verbs provider is there, the RDM layering is not shown',
  },
  {
    file: 'fi_info/mcas-notes-fi-info-provider-verbs-ep-msg-node-two-space-indented.txt',
    tool: 'fi_info',
    source:
      'https://github.com/omriarad/mcas/blob/2b059274c49b81ccba0c9e0901875c3f074f6a9d/info/MCAS_notes_on_fabric.md#L26-L33',
    expert: 'no-problem',
    why: 'the command twice (bare, then with `$ ` and another path) and an output indented by two spaces: `--provider verbs --ep_type FI_EP_MSG --node 10.0.0.1` answers verbs on mlx5_0 (IB fabric, RDMA CM RC): a hardware RDMA provider serves that address',
  },
  {
    file: 'fi_info/mcas-notes-fi-info-verbs-node-filter-unmatched-address-minus-61.txt',
    tool: 'fi_info',
    source:
      'https://github.com/omriarad/mcas/blob/2b059274c49b81ccba0c9e0901875c3f074f6a9d/info/MCAS_notes_on_fabric.md#L39-L40',
    expert: 'not-judged',
    why: "`fi_getinfo: -61` answers a query narrowed to verbs, FI_EP_MSG and the one address 10.0.1.4: no verbs interface serves that address, which says nothing about an RDMA provider on the host's own fabric addresses",
  },
  {
    file: 'fi_info/libfabric-9649-version-then-mistyped-prompt-fi-info-l-provider-list.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/9649',
    expert: 'not-judged',
    why: '`fi_info --version` (1.20.0), then a prompt missing its first letter (`oot@...# fi_info -l`): `-l` lists the providers built into libfabric (usnic, verbs, ofi_rxm, shm, tcp and hooks) whatever the hardware, so whether an RDMA device is usable is not shown',
  },
  {
    file: 'fi_info/libfabric-3192-patched-fi-info-mr-mode-lines-verbs-rxm-mlx4-rdm.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/pull/3192',
    expert: 'no-problem',
    why: 'a patched fi_info that adds an `mr_mode:` line to each record: verbs;ofi_rxm FI_EP_RDM on mlx4_0 (IB fabric), twice: the hardware verbs RDM endpoint is there',
  },
  // lsmod
  {
    file: 'lsmod/gpud-39-yaml-raw-block-nvidia-peermem-ib-core-mlx5-ib.txt',
    tool: 'lsmod',
    source: 'https://github.com/leptonai/gpud/pull/39',
    expert: 'no-problem',
    why: "lsmod lines inside a gpud YAML report (`raw: |-`, indented four spaces): nvidia_peermem loaded and among ib_core's users beside mlx5_ib, nvidia used by nvidia_peermem: the peer-memory module is registered with the mlx5 RDMA stack",
  },
  {
    file: 'lsmod/ldms-127-fence-glued-to-first-line-mlx4-ib-qib-no-peermem.txt',
    tool: 'lsmod',
    source: 'https://github.com/ovis-hpc/ldms/issues/127',
    expert: 'not-judged',
    why: "the opening fence is glued to the first line (```` ```rdmavt ````): ib_core's users are mlx4_ib, ib_qib/rdmavt, ko2iblnd and upper layers, no peer-memory module: RDMA drivers loaded, GPUDirect RDMA off (KV staged through host memory): a warning",
  },
  // memlock
  {
    file: 'memlock/rlimit-12-proc-pid-limits-sample-16mib-cut.txt',
    tool: 'memlock',
    source: 'https://github.com/Nugine/rlimit/issues/12',
    expert: 'not-judged',
    why: '`/proc/<pid>/limits`: Max locked memory 16777216 bytes (16 MiB) soft and hard: a finite cap on host buffers registered for RDMA (GPU memory pinned through peer memory is not counted): a warning; cut after the row that matters',
  },
  {
    file: 'memlock/systemd-11448-cat-proc-1-limits-64mib-trailing-prompt-cut.txt',
    tool: 'memlock',
    source: 'https://github.com/systemd/systemd/pull/11448',
    expert: 'not-judged',
    why: '`cat /proc/1/limits`: Max locked memory 67108864 bytes (64 MiB) soft and hard: a finite cap on host KV buffers registered for RDMA, a warning; the next prompt is cut',
  },
  {
    file: 'memlock/trinity-498-gt-glued-prompts-ps-then-proc-slurmctld-limits-64kib-cut.txt',
    tool: 'memlock',
    source: 'https://github.com/clustervision/trinity/issues/498',
    expert: 'problem',
    why: 'prompts with a glued `>` quote marker (`>[root@login ~]#`): `ps` finds slurmctld, then its /proc/<pid>/limits shows Max locked memory 65536 bytes (64 KiB) soft and hard: almost nothing can be registered for RDMA; cut in the msgqueue row',
  },
  {
    file: 'memlock/trinityx-188-ps-slurmd-then-proc-limits-grep-locked-64kib.txt',
    tool: 'memlock',
    source: 'https://github.com/clustervision/trinityX/issues/188',
    expert: 'problem',
    why: 'slurmd found with `ps`, then its /proc/<pid>/limits grepped to the locked-memory row: 65536 bytes (64 KiB) soft and hard, the cap its job steps inherit: KV buffers cannot be registered for RDMA',
  },
  {
    file: 'memlock/snap-slurm-83-login-unlimited-then-srun-two-steps-16384.txt',
    tool: 'memlock',
    source: 'https://github.com/omnivector-solutions/snap-slurm/issues/83',
    expert: 'not-judged',
    why: "the login shell's `ulimit -l` is unlimited, but both srun job steps print 16384 (KiB, 16 MiB): the workers run under a finite cap on host buffers registered for RDMA, a warning",
  },
  // topo
  {
    file: 'topo/deepep-128-pcie-gpus-all-sys-each-gpu-pix-nic-cut.txt',
    tool: 'topo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/128',
    expert: 'not-judged',
    why: 'eight GPUs that reach each other only over SYS (no NVLink, P2P across the CPU interconnect: a warning for intra-node KV), each PIX to its own NIC; cut inside the GPU6 row, before GPU6-7 and the NIC rows',
  },
  {
    file: 'topo/deepep-145-root-prompt-8x-nv18-18-nics-pxb-cut.txt',
    tool: 'topo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/145',
    expert: 'not-judged',
    why: 'eight GPUs with NV18 between all shown pairs and PXB NICs for GPU0-3; cut at the start of the GPU4 row, before GPU4-7 and the eighteen NIC rows',
  },
  {
    file: 'topo/sglang-8400-check-env-nvidia-topology-section-h100-cut-in-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/8400',
    expert: 'not-judged',
    why: 'the matrix is the `NVIDIA Topology:` section of `sglang check_env`, after its package-version lines: GPU0 NV18 to all peers and PIX to NIC0, cut inside the GPU1 row',
  },
  {
    file: 'topo/club-3090-178-tab-2x3090-sys-empty-numa-cell-no-nic-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/noonghunna/club-3090/issues/178',
    expert: 'not-judged',
    why: "tab-separated two RTX 3090 matrix with GPU0's NUMA Affinity cell empty: SYS between the GPUs (across sockets, no NVLink) and no NIC column: cross-node NIC placement not shown; cut in the legend",
  },
  {
    file: 'topo/vllm-13855-zsh-conda-prompt-tabs-glued-nic8nic9-nodenode-cells-cut-in-nic0.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/13855',
    expert: 'no-problem',
    why: 'zsh prompt `(base) ➜  ~` and a blank line before a tab-separated matrix whose header glues `NIC8NIC9` and whose GPU4-7 rows glue cells (`NODENODE`, `NODEPXB`): eight GPUs NV18 to all peers, each with one PXB NIC on its own socket; every GPU row is whole, the cut falls in the NIC0 row',
  },
  {
    file: 'topo/vllm-21346-collect-env-vllm-info-gpu-topology-gpu1-node-nic-cut.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/21346',
    expert: 'not-judged',
    why: "the `GPU Topology:` section of vLLM's collect_env after its banner: GPU0 NV18 to all peers with NIC0 at PIX, GPU1 reaching a NIC only through NODE (a warning); cut at the end of the GPU1 row",
  },
  // ucx_info
  {
    file: 'ucx_info/nvidia-blog-code-samples-41-prose-then-ucx-info-b-defines-cuda-1-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/NVIDIA-developer-blog/code-samples/issues/41',
    expert: 'not-judged',
    why: 'a prose line then `ucx_info -b` defines without a fence: HAVE_CUDA 1, GDRCopy and verbs declarations present, cut at `#define HAVE_DECL_I` before the transport and IB build flags',
  },
  {
    file: 'ucx_info/ucx-3198-ucx-info-loader-libgdrapi-not-found-no-prompt.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/3198',
    expert: 'problem',
    why: 'ucx_info does not start: `error while loading shared libraries: libgdrapi.so.1: cannot open shared object file`: this UCX build cannot be loaded as installed',
  },
  {
    file: 'ucx_info/ucx-4705-uct-version-1-8-configured-without-cuda.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/4705',
    expert: 'problem',
    why: 'UCX 1.8.0 `configured with: ... --without-cuda`: this UCX has no CUDA transports, so it cannot move KV cache held in GPU memory',
  },
  {
    file: 'ucx_info/ucx-4929-conda-prompt-uct-version-1-6-configured-with-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/4929',
    expert: 'not-judged',
    why: 'conda-prefixed prompt, UCX 1.6.0 from OFED, `configured with:` cut at `--wi` before any --with-cuda/--with-verbs flag: CUDA and verbs support are not shown',
  },
  {
    file: 'ucx_info/ucx-9207-list-indented-version-lines-no-hash-no-configure.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/9207',
    expert: 'not-judged',
    why: 'UCX 1.16.0 version lines indented in a markdown list without `#`, and no `Configured with` line: CUDA and verbs support are not shown',
  },
  {
    file: 'ucx_info/ucx-9727-dollar-d-debug-lines-dlopen-libuct-cuda-failed-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/9727',
    expert: 'not-judged',
    why: '`ucx_info -d` under debug logging: the CUDA transport module libuct_cuda.so.0 fails to dlopen (no such file), a warning on CUDA support, and the paste is cut in the debug lines before any transport is listed',
  },
  {
    file: 'ucx_info/ucx-9830-leading-space-command-posix-sysv-head-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/9830',
    expert: 'not-judged',
    why: 'the command line with a leading space and no prompt, then posix and the start of sysv: cut before any network or CUDA transport',
  },
  {
    file: 'ucx_info/ucx-11652-list-indented-fence-dollar-v-then-grep-transport-self-tcp-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/11652',
    expert: 'not-judged',
    why: 'a fence indented in a markdown list: UCX 1.19.1 configured --with-cuda --with-verbs, then `ucx_info -d | grep Transport` with self and twelve tcp entries, cut inside the next name (`sy`): the transport list is not whole',
  },
];
