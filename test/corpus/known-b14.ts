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
  'ucx_perftest/ucx-6951-ud-put-bw-mlx4-52mbs-before-fix-cut.txt':
    'TOOL P3/P5: 400 KiB messages at ~7.5 ms each (52 MB/s) are exempted as "latency-bound" (under 1 MiB) and not judged; a block that size is bandwidth-bound, and a figure 1000x under any RDMA link is a fault whatever the block size',
  'fi_info/v6d-2051-verbs-provider-no-data-61.txt':
    'TOOL P3: the command line asks for the verbs provider (FI_PROVIDER=verbs); read fails efa.provider ("no EFA provider") on its -61, although EFA was not queried',
  'fi_info/v6d-2051-efa-env-provider-head-20-three-rdm-domains.txt':
    'TOOL P2/P3: the command pipes through `head -n 20` and the last record is cut after its fabric line; read passes "3 EFA devices" without saying the rest are not shown (the expert withholds the pass: the device count is not in the paste)',
};
