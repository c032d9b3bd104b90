import type { Capture } from './captures.table.js';

/**
 * Corpus batch b61 (issue 38): the long tail of issue threads no batch had taken, weighted to the thin tools.
 * Most threads the search corpora surface for these outputs were already in a table or in test/fixtures (checked
 * by thread and by content); what was left came mostly from libfabric's and fabtests' older threads (`fi_info` in
 * the 1.3-era layout, filtered by `-p`, `-d`, `grep`, a failed run, Omni-Path OPX and hfi1 verbs), plus ucx-py,
 * ucx, gdrcopy, ksmbd, vLLM and club-3090 threads. Each file is one code block (or one contiguous part of a post)
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
];
