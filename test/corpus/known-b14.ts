/**
 * Disagreements on corpus batches b14 and later, each with its cause, in the terms of known-b2.ts:
 * TOOL (a reader missing one of issue 38's principles P1–P5) or READING (the expert's verdict, kept
 * as written, rests on a convention or on context outside the paste). Listed after the run; the
 * readings were committed before it.
 */
export const KNOWN_DISAGREEMENTS_B14: Record<string, string> = {
  // b14
  'dev-infiniband/k8s-rdma-shared-44-ll-cn-locale-issm-only-cut.txt':
    'TOOL P1: an `ls -l` listing with no prompt at all, a Chinese-locale date (9月) and a last line cut mid-field is refused (exit 2) instead of read as far as it goes ("uverbs not shown")',
  // b15
  'topo/deepep-60-topo-mp-8gpu-14nic-pix-cut-at-gpu4.txt':
    'TOOL P1: a `topo -mp` matrix whose GPU4 row is cut mid-cell is refused (exit 2: "row GPU4 does not have 22 topology cells") instead of read as far as it goes (as nccl-1357)',
  // b16
  'topo/vllm-16997-8gpu-nv18-26nic-tabs-cut-at-gpu6.txt':
    'TOOL P1: a tab-separated 26-NIC matrix whose GPU6 row is cut mid-cell is refused (exit 2) instead of read as far as it goes',
  'topo/vllm-31594-b200-nic11nic12-glued-header-cut-at-gpu4.txt':
    'TOOL P1/P2: with the header glued at `NIC11NIC12` and the GPU4 row cut mid-line, read passes "all 25 GPU pairs" of 5 GPUs; the 8-GPU header says GPU5-7 are not shown, yet no topo.cut is reported',
  // b17
  'nvlink/awsome-dt-efa-cheatsheet-p4de-gpu0-12x25-only.txt':
    'READING: the paste holds one whole GPU (all 12 links up); the expert used the platform fact that A100-SXM4 boards carry 4 or 8 GPUs to call the rest "not shown", which the paste itself does not say',
  // b18
  'ibstat/deepep-268-cx7-ib-400-mlx5_1-cut.txt':
    'TOOL P2: the last CA is cut after `Physical state: LinkUp`; read passes it as a usable port although its rate, link layer and LID are not shown, and the CAs after it are not shown either',
  'ibv_devinfo/deepep-397-gt-prompt-cx7-dell-active-cut-at-mtu.txt':
    'TOOL P2: cut at max_mtu, the port passes as usable with its link layer "unknown"; the cut (link layer, LID, the other HCAs) is not reported as not shown',
  'topo/sglang-7888-8gpu-nv18-pix-plus-phb-cut-in-gpu1.txt':
    'TOOL P2: an 8-GPU header with only GPU0 and a cut GPU1 row passes ("each of the 2 GPUs shown"); GPU2-7 are not shown, yet no topo.cut is reported',
  'ibv_devinfo/nccl-769-bond-v-gid-lines-only.txt':
    'TOOL P1: an `ibv_devinfo -v` port fragment (phys_state and GID lines, no hca_id header) is refused (exit 2) instead of read as a partial port',
};
