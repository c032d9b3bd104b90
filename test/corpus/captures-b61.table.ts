import type { Capture } from './captures.table.js';

/**
 * Corpus batch b61 (issue 38): the long tail of issue threads no batch had taken, weighted to the thin tools.
 * Most threads the search corpora surface for these outputs were already in a table or in test/fixtures (checked
 * by thread and by content); what was left came mostly from libfabric's and fabtests' older threads (`fi_info` in
 * the 1.3-era layout, filtered by `-p`, `-d`, `grep`, a failed run, Omni-Path OPX and hfi1 verbs), from the
 * topology blocks of inference engines' environment reports (lmdeploy `check_env`, which no table had named, vLLM
 * `collect_env`, sglang `check_env`) and a chainer CI host, from Soft-RoCE threads (rxe-dev, aibrix PrisKV), an
 * mstflint thread, plus ucx-py, ucx, gdrcopy, ksmbd, vLLM and club-3090 threads. Each file is one code block (or one contiguous part of a post)
 * as the stored copy holds it. The expert reading of each capture was written before `read` ran on it. See
 * README.md.
 */
export const CAPTURES_b61: Capture[] = [
  // ucx_perftest
  {
    file: 'ucx_perftest/ucx-py-370-dgx202-tag-bw-cuda-1mb-ipc-cache-off-492-mbs.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/rapidsai/ucx-py/issues/370',
    expert: 'problem',
    why: 'ucx_perftest client on dgx202 connecting to dgx202 itself (tag_bw, CUDA memory, 1 MB, 100 iterations, UCX_TLS=tcp,cuda_copy,cuda_ipc with the IPC cache off): the one result row is 492.71 MB/s, far under the 5 GB/s floor for a GPU-to-GPU copy inside a DGX; the CPU-affinity warning is only a warning',
  },
  // ibstat
  {
    file: 'ibstat/ucx-8684-dollar-ibstat-cx4-only-port-ethernet-down-disabled-then-ucx-info-d-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/openucx/ucx/issues/8684',
    expert: 'problem',
    why: '`$ ibstat`: the one CA (mlx5_0, MT4115 ConnectX-4, one port, Ethernet link layer) has its only port State Down, Physical state Disabled: the node has no usable RDMA port; the `ucx_info -d` that follows is cut at its self transport',
  },
  // lsmod
  {
    file: 'lsmod/ksmbd-543-hash-lsmod-grep-rdma-rdma-cm-ib-core-mlx5-ib-ksmbd.txt',
    tool: 'lsmod',
    source: 'https://github.com/cifsd-team/ksmbd/issues/543',
    expert: 'not-judged',
    why: '`lsmod | grep rdma`: rdma_cm, iw_cm, ib_cm and ib_core, whose users name mlx5_ib and ib_uverbs, so the ConnectX driver and the verbs interface are loaded; the grep hides every other module, so whether a GPU peer-memory module (nvidia_peermem) is loaded cannot be seen',
  },
  // gdrcopy
  {
    file: 'gdrcopy/gdrcopy-92-copybw-and-sanity-cudasuccess-assertion-all-12-errors-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/92',
    expert: 'problem',
    why: '`./copybw` aborts on `Assertion "cudaSuccess == result"` before any measurement, and `./sanity` fails the same assertion in all 12 checks (0%: Checks: 12, Errors: 12, early exits): GPU memory cannot be mapped or copied through gdrcopy on this host',
  },
  // topo
  {
    file: 'topo/vllm-2809-splitwise-8-gpu-nv8-8-nics-pxb-pairs-cut-at-nic5-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/pull/2809',
    expert: 'no-problem',
    why: "`nvidia-smi topo -m`, 8 GPUs and 8 NICs: every GPU pair NV8 (8 NVLinks, uniform), every GPU has two NICs behind a PCIe switch (PXB) on its own NUMA node; the paste is cut in NIC5's row, before the NIC6/NIC7 rows and the legend, which only repeat the NIC columns of the GPU rows already shown",
  },
  {
    file: 'topo/club-3090-46-five-geforce-gpus-pcie-only-phb-node-sys-no-nics-legend.txt',
    tool: 'topo',
    source: 'https://github.com/noonghunna/club-3090/issues/46',
    expert: 'not-judged',
    why: "a whole `topo -m` with its legend: five GeForce GPUs, no NVLink, no NIC: GPU1-4 share NUMA node 0 (PHB/NODE), GPU0 sits on the other socket (SYS to every other GPU); nothing is down, but every GPU-to-GPU transfer goes over PCIe and GPU0's crosses the SMP interconnect, a degraded path",
  },
  // fi_info
  {
    file: 'fi_info/libfabric-7715-fi-info-p-opx-one-record-hfi1-ep-unspec.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/7715',
    expert: 'no-problem',
    why: 'one whole fi_info record: provider opx (Cornelis Omni-Path Express), fabric OPX-100, domain hfi1, FI_EP_UNSPEC, FI_PROTO_OPX: a hardware fabric provider is returned and nothing fails',
  },
  {
    file: 'fi_info/libfabric-7534-opx-build-fi-info-f-p-tcp-prompt-verbs-hfi1-0-records-cut.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/pull/7534',
    expert: 'no-problem',
    why: 'behind a prompt, `fi_info -f -p tcp` prints verbs records on hfi1_0 (an Omni-Path HFI through verbs, IB fabric): six MSG records over RDMA CM, one DGRAM, then verbs;ofi_rxm RDM; a hardware RDMA provider is returned and nothing fails; the cut inside the last record removes only further records of the same provider',
  },
  {
    file: 'fi_info/libfabric-7827-three-versions-fi-info-d-lo-grep-domain-sort-u-no-rdma-domains.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/7827',
    expert: 'not-judged',
    why: 'three libfabric builds run `fi_info -d lo | grep domain | sort -u`: only domain names survive (br-…, docker0, eth0, lo, shm; lo alone for 1.9.1), no provider line; the `-d` filter and the grep keep the providers from view, so whether an RDMA provider exists cannot be read, though no RDMA device name appears',
  },
  {
    file: 'fi_info/fabtests-527-tacc-prompt-old-format-verbs-ib-msg-rdm-and-udp.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/fabtests/issues/527',
    expert: 'no-problem',
    why: 'a whole libfabric 1.3-era `fi_info` (the old `provider: fabric` heading per record) on a TACC node: verbs on IB-0x80fe for MSG (RDMA CM) and RDM, and UDP for DGRAM; the hardware verbs provider is there and nothing fails',
  },
  {
    file: 'fi_info/libfabric-185-no-verbs-system-librdmacm-fatal-no-rdma-devices-fi-getinfo-no-such-device.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/185',
    expert: 'problem',
    why: '`fi_info` on a system without verbs: `librdmacm: Fatal: no RDMA devices found` then `fi_getinfo No such device`: no provider is returned at all',
  },
  {
    file: 'fi_info/libfabric-7706-fi-tcp-iface-eno1-fi-info-p-tcp-rxm-eno1-and-lo-records.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/7706',
    expert: 'not-judged',
    why: '`FI_TCP_IFACE=eno1 fi_info -p tcp`: three tcp;ofi_rxm records (eno1 IPv4 and link-local, lo); the run asked for the TCP provider only, so the paste says nothing on whether a hardware RDMA provider exists; nothing fails',
  },
  {
    file: 'fi_info/libfabric-2302-blade11-fi-info-d-usnic-3-grep-provider-usnic-and-sockets.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/2302',
    expert: 'not-judged',
    why: '`./fi_info -d usnic_3 | grep provider` behind a `user at host ::` prompt: three usnic records (Cisco VIC, a UDP-based hardware provider without RDMA to GPU memory) and twelve sockets records; the grep leaves provider names only, so domains, endpoint types and any RDMA-capable provider cannot be judged',
  },
  // ucx_info
  {
    file: 'ucx_info/ucx-4556-cx6-devx-off-rc-verbs-mlx5-0-with-debug-prints-cut-in-caps.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/4556',
    expert: 'not-judged',
    why: "a fragment of `ucx_info -d` from a debug build (the ib memory domain mlx5_0, then rc_verbs on mlx5_0:1 with the builder's printf lines between): the one transport shown is an RDMA one with no error, but the paste is cut inside its capabilities, before any other transport or device; nothing shows whether GPU memory or the other transports are there",
  },
  // lsmod (Soft-RoCE)
  {
    file: 'lsmod/rxe-dev-51-ubuntu-4-7-lsmod-grep-rxe-then-ib-uverbs-soft-roce-cut.txt',
    tool: 'lsmod',
    source: 'https://github.com/SoftRoCE/rxe-dev/issues/51',
    expert: 'problem',
    why: "two filtered `lsmod` runs: rdma_rxe (Soft-RoCE) is loaded and ib_core's users are only the core RDMA modules and rdma_rxe, no hardware RDMA driver: the RDMA there is software only; the second grep is cut in ib_core's users",
  },
  // rdma-link
  {
    file: 'rdma-link/priskv-6-aws-rdma-link-rxe-ens5-active-soft-roce.txt',
    tool: 'rdma-link',
    source: 'https://github.com/aibrix/PrisKV/issues/6',
    expert: 'problem',
    why: '`rdma link` on an AWS instance: the only link is rxe_ens5/1, a Soft-RoCE device over the ens5 netdev (ACTIVE, LINK_UP): the only RDMA there is software RDMA over an ordinary Ethernet interface',
  },
  // topo: inference engines' environment reports (lmdeploy check_env, vLLM collect_env, sglang check_env) and a CI host
  {
    file: 'topo/lmdeploy-1944-check-env-two-gpus-nv12-eight-mlx5-columns-pxb-pair-whole.txt',
    tool: 'topo',
    source: 'https://github.com/InternLM/lmdeploy/pull/1944',
    expert: 'no-problem',
    why: "lmdeploy check_env's `NVIDIA Topology:` block, whole with its legend, in the older layout that names NICs by their mlx5 device: two GPUs joined by NV12, both on NUMA node 1 with two NICs (mlx5_6/7) behind a PCIe switch (PXB); the other six NICs are NODE or SYS from them but nothing is missing or down",
  },
  {
    file: 'topo/vllm-19607-collect-env-two-gpus-nv12-blank-affinity-nic6-7-pxb-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/19607',
    expert: 'no-problem',
    why: "vLLM collect_env's `GPU Topology:` block: two GPUs joined by NV12, each with NIC6/NIC7 behind a PCIe switch (PXB), the other six NICs SYS; the CPU and NUMA affinity columns are blank (a VM); every GPU and NIC row is there, the cut falls only in the legend",
  },
  {
    file: 'topo/vllm-29944-eight-gpus-nv18-ten-nics-pix-per-gpu-cut-in-gpu5-row.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/29944',
    expert: 'not-judged',
    why: "`topo -m` of eight GPUs at NV18 with ten NICs: GPU0-5 each have their own NIC at PIX on their NUMA node, but the paste is cut in GPU5's row, before GPU6/GPU7 and the NIC rows: two GPUs' NIC paths are not shown",
  },
  {
    file: 'topo/lmdeploy-4325-eleven-gpus-nvlink-bridge-pairs-nv2-nv6-phb-pxb-sys-no-nics-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/InternLM/lmdeploy/issues/4325',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` of eleven GPUs and no NIC: NVLink only in bridged pairs (GPU0-1 NV2, the others NV6, GPU10 alone), every other pair over PCIe (PIX/PXB/PHB) and GPU0-5 to GPU6-10 SYS across the sockets; nothing is down, but most GPU-to-GPU paths are PCIe and half cross the SMP interconnect, a degraded path',
  },
  {
    file: 'topo/chainer-test-650-jenkins-eight-p100-pcie-two-pix-switches-phb-between-no-nics.txt',
    tool: 'topo',
    source: 'https://github.com/chainer/chainer-test/pull/650',
    expert: 'not-judged',
    why: "a CI host's `topo -m` (eight P100, one NUMA node, no NVLink, no NIC), whole with its legend: two groups of four GPUs under one PCIe switch each (PIX), the groups joined only through the CPU's host bridge (PHB): nothing is down, but every cross-group transfer goes through the host bridge, a degraded path",
  },
  {
    file: 'topo/sglang-661-check-env-two-a100-nv12-five-nics-one-pxb-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/pull/661',
    expert: 'no-problem',
    why: "sglang check_env's `NVIDIA Topology:` block: two A100 joined by NV12 on NUMA node 0, sharing NIC2 behind a PCIe switch (PXB), NIC0/1 NODE and NIC3/4 on the other socket (SYS); every GPU and NIC row is there, the cut falls in the legend",
  },
  {
    file: 'topo/lmdeploy-4195-check-env-eight-nv18-seventeen-nics-glued-columns-cut-in-gpu3-row.txt',
    tool: 'topo',
    source: 'https://github.com/InternLM/lmdeploy/issues/4195',
    expert: 'not-judged',
    why: "lmdeploy check_env's topology of eight GPUs at NV18 and seventeen NICs, with the NIC6/NIC7 headers and two SYS cells run together by the paste: GPU0-2 each show a PIX NIC, but the paste is cut at the start of GPU3's row, before five GPUs and every NIC row",
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/mstflint-415-freebsd-ibm-connectx2-port1-down-port2-active-cut-in-port2.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/Mellanox/mstflint/issues/415',
    expert: 'not-judged',
    why: "`ibv_devinfo` on FreeBSD 11 of an IBM-branded ConnectX-2 (mlx4_0, part 26428, fw 2.7.700, GUIDs partly redacted): port 1 PORT_DOWN on InfiniBand, port 2 PORT_ACTIVE, but the paste is cut after port 2's active_mtu, before its LID and link layer; a second port down with nothing showing it in use is a spare (a warning), and the active port's details are not shown",
  },
];
