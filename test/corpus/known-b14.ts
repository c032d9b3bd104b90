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
  'ibstat/deepep-268-cx7-ib-400-mlx5_1-cut.txt':
    'TOOL P2: the last CA is cut after `Physical state: LinkUp`; read passes it as a usable port although its rate, link layer and LID are not shown, and the CAs after it are not shown either',
  'ibv_devinfo/deepep-397-gt-prompt-cx7-dell-active-cut-at-mtu.txt':
    'TOOL P2: cut at max_mtu, the port passes as usable with its link layer "unknown"; the cut (link layer, LID, the other HCAs) is not reported as not shown',
  // b20
  'dev-infiniband/k8s-rdma-shared-169-k9s-pane-borders-rdma-cm-umad-cut.txt':
    'TOOL P2: the listing is cut (its last line has lost the pane border every other line has, and ls order puts uverbs after umad), yet read fails "no uverbs device" as if the device nodes were absent; the pane\'s first line is also dropped (P1)',
  'dev-infiniband/ucx-py-install-doc-ll-rdma-cm-4-uverbs-rst-indented.txt':
    'TOOL P1: `ls -l /dev/infiniband/{rdma_cm,uverbs*}` prints each node with its full path; read does not take `/dev/infiniband/uverbs0` as a listed device node and says /dev/infiniband was not listed',
  'gdrcopy/gdrcopy-167-master-branch-copylat-to-mapping-cut.txt':
    'TOOL P1: a copylat table without copylat\'s banner (a poster\'s label, then `Test Size(B) Avg.Time(us)` rows) exits 2 ("no gdrcopy_copybw line") instead of being read as a cut copylat run',
  'gdrcopy/gdrcopy-24-p100-avx512-copylat-as-pipe-table-in-prose-cut.txt':
    'TOOL P1: copylat rows retyped with `|` separators (a pipe table) exit 2 instead of being read as copylat rows, cut',
  'gdrcopy/gdrcopy-readme-2021-copybw-bar1-write-9549-read-1.5mbs.txt':
    'READING: the expert holds the 1.5 MB/s BAR read against what a write-combined mapping reads on current drivers (about 0.5 GB/s, a fact from other runs); the paste itself only shows a working pin and map',
  'ibstatus/nccl-451-bond-25g-roce-in-prose-no-prompt.txt':
    "READING: the expert judged the port state only, by the corpus's convention for a lone 25 Gb/s RoCE port (b3: k8s-rdma-shared-164), while read holds the 25 Gb/s rate against the 5 GB/s cross-node KV floor, which the README's problem definition also supports",
  'nvlink/bottlerocket-4418-h100-mig-off-2-of-n-gpus-18x26-cut.txt':
    "TOOL P2: the paste ends in `GP`, the first letters of a third GPU's header (cut mid-line); read passes the two whole GPUs and does not say the GPUs after the cut are not shown",
  'ucx_info/nixl-503-ucx-info-v-ocr-garbled-1-20-cut.txt':
    "TOOL P1: one malformed line (an OCR'd `.,, revis ion_` without its `#`) rejects the whole `ucx_info -v` paste with exit 2 instead of reading the version lines and naming the line not understood",
  'ucx_info/ucx-7843-debug-interleaved-posix-sysv-cut.txt':
    'TOOL P1: UCX DEBUG/TRACE log lines interleaved with `ucx_info -d` (run with UCX_LOG_LEVEL raised) reject the paste with exit 2 instead of being left out as lines around the output',
  'ucx_perftest/ucx-214-am-lat-client-segfault-backtrace.txt':
    'TOOL P4: a ucx_perftest client that dies with `Caught signal 11` and a backtrace (no header, no row) exits 2 ("no results header") instead of failing the run',
  'ucx_perftest/ucx-2437-jenkins-timestamped-unreachable-msg-too-big-cut.txt':
    'TOOL P1/P4: a CI time prefix on every line and UCX ERROR lines (`Destination is unreachable`, `Message size too big`) with no result row exit 2 instead of failing the run',
  'ucx_perftest/ucx-2789-mtt-timestamped-rank-prefix-am-lat-then-ud-fatal-cut.txt':
    "TOOL P1/P4: a date plus mpirun `[1,1]<stdout>:` prefix on every line is not stripped (exit 2), so neither the rows nor rank 0's `Fatal: transport error: Endpoint timeout` are read",
};
