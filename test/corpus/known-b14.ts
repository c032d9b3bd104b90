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
  'fi_info/v6d-2051-verbs-provider-no-data-61.txt':
    'TOOL P3: the command line asks for the verbs provider (FI_PROVIDER=verbs); read fails efa.provider ("no EFA provider") on its -61, although EFA was not queried',
  // b15
  'nccl-tests/aws-efa-eks-readme-p4d-16-rank-prefix-efa-gdrdma-43gbs.txt':
    'TOOL P1: all 64 `[send]/[receive] via NET/AWS Libfabric/N/GDRDMA` lines (behind mpirun rank prefixes) are read as "via NET without GDRDMA" (warn nccl.transport); the plugin name with a space is not parsed, so a healthy EFA run at 88 % of its link is withheld',
  'nccl-tests/a3mega-ztan-16xh100-2node-hash-stripped-338gbs.txt':
    'TOOL P3: 16 ranks on two nodes, 8 GPUs each: a 2-node all-reduce busbw of 339 GB/s is within 8 rails (algbw 180 GB/s against 8 NICs), yet read fails it as "above any network link (250 GB/s): a copy or an artefact", judging the aggregate against one link',
  'topo/deepep-60-topo-mp-8gpu-14nic-pix-cut-at-gpu4.txt':
    'TOOL P1: a `topo -mp` matrix whose GPU4 row is cut mid-cell is refused (exit 2: "row GPU4 does not have 22 topology cells") instead of read as far as it goes (as nccl-1357)',
  'fi_info/aws-hpc-tutorials-check-efa-head-node-61.txt':
    'TOOL P1: the bare `fi_getinfo: -61` of older libfabric (without "(No data available)") is refused (exit 2) although it is the very answer "no EFA provider here"',
  // b16
  'topo/vllm-16997-8gpu-nv18-26nic-tabs-cut-at-gpu6.txt':
    'TOOL P1: a tab-separated 26-NIC matrix whose GPU6 row is cut mid-cell is refused (exit 2) instead of read as far as it goes',
  'topo/vllm-31594-b200-nic11nic12-glued-header-cut-at-gpu4.txt':
    'TOOL P1/P2: with the header glued at `NIC11NIC12` and the GPU4 row cut mid-line, read passes "all 25 GPU pairs" of 5 GPUs; the 8-GPU header says GPU5-7 are not shown, yet no topo.cut is reported',
  // b17
  'nvlink/awsome-dt-efa-cheatsheet-p4de-gpu0-12x25-only.txt':
    'READING: the paste holds one whole GPU (all 12 links up); the expert used the platform fact that A100-SXM4 boards carry 4 or 8 GPUs to call the rest "not shown", which the paste itself does not say',
  'nccl-tests/awsome-dt-aws-batch-rank-prefix-8b-16g-483gbs.txt':
    'TOOL P3/P5: with no node count or fabric in the paste, a busbw of 483 GB/s is failed as "above any network link" although it is what one NVSwitch node (or a p5 pair) gives; the ceiling assumes a network the paste does not show',
  'nccl-tests/awsome-dt-2x-p4de-slurm-0-prefix-78gbs.txt':
    "TOOL P1: every line behind srun's `0: ` rank prefix is refused (exit 2, \"no nccl-tests header\"); mpirun's `[1,0]<stdout>:` prefix is read, srun's is not",
  'nccl-tests/awsome-dt-2x-p5-slurm-0-prefix-487gbs.txt':
    "TOOL P1: srun's `0: ` rank prefix on every line is refused (exit 2)",
  'nccl-tests/awsome-dt-eks-2x-p5-rank-prefix-elided-437gbs.txt':
    'TOOL P1: `[1,0]<stdout>:` lines indented by a markdown list (three leading spaces) are refused (exit 2) although the same prefix unindented is read',
  // b18
  'ibstat/deepep-268-cx7-ib-400-mlx5_1-cut.txt':
    'TOOL P2: the last CA is cut after `Physical state: LinkUp`; read passes it as a usable port although its rate, link layer and LID are not shown, and the CAs after it are not shown either',
  'ibv_devinfo/deepep-397-gt-prompt-cx7-dell-active-cut-at-mtu.txt':
    'TOOL P2: cut at max_mtu, the port passes as usable with its link layer "unknown"; the cut (link layer, LID, the other HCAs) is not reported as not shown',
  'topo/sglang-7888-8gpu-nv18-pix-plus-phb-cut-in-gpu1.txt':
    'TOOL P2: an 8-GPU header with only GPU0 and a cut GPU1 row passes ("each of the 2 GPUs shown"); GPU2-7 are not shown, yet no topo.cut is reported',
  'nccl-tests/nccl-897-send-gdrdma-receive-without.txt':
    'TOOL P1: NCCL channel lines pasted without their `host:pid:tid [dev] NCCL INFO` prefix are refused (exit 2), so the receive side without GDRDMA is not seen',
  'ibv_devinfo/nccl-769-bond-v-gid-lines-only.txt':
    'TOOL P1: an `ibv_devinfo -v` port fragment (phys_state and GID lines, no hca_id header) is refused (exit 2) instead of read as a partial port',
};
