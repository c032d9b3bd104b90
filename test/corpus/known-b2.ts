/**
 * Disagreements on the later corpus batches (b2–b9), each with its cause. Two kinds:
 * - TOOL: `read` misses by one of issue 38's principles (P1 read what is there, P2 not shown is not
 *   absent, P3 use the paste's context, P4 failures without a summary, P5 severity follows the
 *   consequence); the reader needs a fix in the principle's terms, never one tuned to the capture.
 * - READING: the expert's verdict (written first, kept as written) rests on a convention the project
 *   does not share, or on context outside the paste; the tool's verdict follows a stated rule.
 */
export const KNOWN_DISAGREEMENTS_B2: Record<string, string> = {
  // TOOL, P1: a paste whose shape is slightly off is refused (exit 2).
  'ucx_info/ucx-10325-posix-only-no-prefix-cut.txt':
    'TOOL P1: ucx_info -d with its leading `#` stripped by the poster is refused ("each starts with #")',
  'ucx_info/ucx-6524-no-hash-self-tcp-fragment-cut.txt':
    'TOOL P1: ucx_info -d without the `#` prefix is refused',
  'show_gids/ucx-8905-roce-vf-v2-ipv4-one-malformed-ip.txt':
    "TOOL P1: one malformed IPv4 field (1038.155.116) in one row rejects the whole show_gids table (the issue's own example)",
  'show_gids/mooncake-1617-mi355-roce-ipv6-ula-v2-typo-prompt-cut.txt':
    'TOOL P1/P3: the prompt typed `show_gid`; the section is refused as "not show_gids" although its body is show_gids\' table',
  'topo/vllm-16336-b200-gpu2-no-nvlink-headless-cut.txt':
    'TOOL P1: topo rows without the header line are refused, so a real fault (GPU2 has no NVLink) is not shown to the user',
  'topo/nccl-1357-h100-8gpu-4-pix-nics-half-gpus-sys-cut.txt':
    'TOOL P1: the last row cut inside a cell ("NV") rejects the whole matrix; a cut after a whole cell is read (nccl-933)',
  'topo/club-3090-1229-2x5090-p2p-rw-gns.txt':
    'TOOL (new reader): `nvidia-smi topo -p2p rw` (OK/GNS/CNS matrix) is not read yet; the envkinds helper owns it',
  'dev-infiniband/sriov-ndp-342-privileged-pod-ll-cut-before-uverbs.txt':
    'TOOL P1/P3: `ll /dev/infiniband` (the ls -l alias) is refused as "no dev-infiniband output"',
  'dev-infiniband/k8s-rdma-shared-98-host-ls-alh-uverbs0-rw-cut.txt':
    'TOOL P3: `ls -alh` typed in /dev/infiniband (the prompt shows the directory) is refused',
  'dev-infiniband/lshca-83-enroot-ll-hash-prompt-cut-before-uverbs.txt':
    'TOOL P1: a prompt line on its own, then `#ll /dev/infiniband/`: the first line is read as an ls entry and refused',
  // TOOL, P3: context.
  'topo/sglang-11208-gb200-4gpu-nv18-nics-sys-cut.txt':
    'TOOL P3 (and READING: cut): on Grace (GPU NUMA IDs 2/10/18 mark a C2C-coherent platform) NICs hang off the CPU, so GPU→NIC SYS is by design; read warns gdr.nic-affinity',
  // READING: cut or elided pastes whose visible part is healthy; the tool withholds a pass for the rest.
  'topo/nccl-933-8gpu-nv8-9nic-pix-cut.txt':
    'READING: the matrix is cut at GPU7; read skips topo.cut (a skip is never a pass); the expert judged the visible rows',
  'topo/sglang-13973-8gpu-nv18-9nic-pix-cut.txt':
    'READING: cut at GPU6; read skips topo.cut; the expert judged the visible rows',
  'ibstatus/nccl-1866-roce-100g-2-active-cut.txt':
    'READING: the third device is cut before its state; read skips it; the expert judged the two whole ports',
  'nvlink/nccl-tests-228-a100-12x25-tabs-elided.txt':
    'READING: GPU2 is elided after one link; read skips its link count (the elision is correctly not data); the expert judged GPU0/GPU1',
  // READING: no expectation in the paste; the expert used the thread's context.
  'nccl-tests/mooncake-3484-rows-only-300gbs-cut.txt':
    'READING: rows up to 32 MiB only; read judges busbw from 64 MiB and with a known fabric; the expert took 300 GB/s as NVLink-class',
  'nccl-tests/nccl-tests-44-2080ti-nvlink-bridge-21gbs-summary-cut.txt':
    "READING: 21.9 GB/s with no line rate in the paste; the NVLink bridge is in the thread's title, not in the paste",
  'nixlbench/nixl-115-legacy-mpirun-single-node-nvlink-cut.txt':
    'READING: 84.5 GB/s with the link unknown (a hostfile, no transport line); "single node" is in the PR text, not in the paste',
  // READING: fitness for KV transfer (the project's 5 GB/s cross-node floor) against link health.
  'perftest/ucx-9430-cx3-rocev1-send-bw-rdma-cm-36g.txt':
    "READING: 36 Gb/s (4.5 GB/s) is under the project's cross-node KV floor of 5 GB/s; read fails it for KV, the expert judged the link healthy",
  'ibv_devinfo/k8s-rdma-shared-164-port-block-only-25g-markdown-gid.txt':
    'READING: a healthy 25 GbE RoCE port is under the KV floor (50 Gb/s); read fails ib.ports for KV, the expert judged the port healthy (the headless block and the ** were read fine)',
  'lsmod/ucx-6327-gt-prompt-grep-nv-peer-mem-loaded.txt':
    'TOOL P1: a `>` prompt before `lsmod | grep nv_peer` is read as an lsmod line and the paste refused',
  'topo/ucx-6327-dgx1-v100-cube-mesh-nv1-nv2-sys-cut.txt':
    'TOOL P3 (and READING: cut at GPU1): the DGX-1 hybrid cube mesh (NV1/NV2 to four peers, SYS to three) is the design, read warns partial NVLink',
  'ibstatus/rxe-dev-52-soft-roce-rxe0-only-cut.txt':
    'TOOL P3: the device name rxe0 alone shows Soft-RoCE (software RDMA, no GPUDirect), the only device in the paste; read skips it because its state line is cut',
  // A limit of P4.
  'gdrcopy/gdrcopy-137-sanity-negative-test-noise-no-summary-cut.txt':
    'P4 LIMIT: sanity prints ERR/Assertion lines from its deliberate negative tests on a passing run (maintainer, gdrcopy#137); without the summary read fails it by P4, the expert cannot tell',
};
