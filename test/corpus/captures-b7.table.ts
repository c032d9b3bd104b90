import type { Capture } from './captures.table.js';

/** Corpus batch b7 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b7: Capture[] = [
  {
    file: 'dev-infiniband/sriov-ndp-342-privileged-pod-ll-cut-before-uverbs.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/k8snetworkplumbingwg/sriov-network-device-plugin/issues/342',
    expert: 'not-judged',
    why: 'privileged pod: ll /dev/infiniband lists issm, rdma_cm and umad nodes, cut before the uverbs entries: whether verbs devices are there is not shown',
  },
  {
    file: 'dev-infiniband/k8s-rdma-shared-98-host-ls-alh-uverbs0-rw-cut.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/98',
    expert: 'no-problem',
    why: 'host /dev/infiniband (ls -alh): rdma_cm and uverbs0 present and world read/write (crw-rw-rw-); cut after uverbs0',
  },
  {
    file: 'dev-infiniband/lshca-83-enroot-ll-hash-prompt-cut-before-uverbs.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/MrBr-github/lshca/issues/83',
    expert: 'not-judged',
    why: 'inside an enroot container (`#` prompt on its own line): issm, rdma_cm and umad nodes, cut before any uverbs entry; the thread says /dev/infiniband was only partly mounted, which the part shown cannot confirm',
  },
  {
    file: 'show_gids/ucx-8905-roce-vf-v2-ipv4-one-malformed-ip.txt',
    tool: 'show_gids',
    source: 'https://github.com/openucx/ucx/issues/8905',
    expert: 'no-problem',
    why: "RoCE VF mlx5_19 on eth0: RoCE v2 GID with IPv4 at index 3 (and v1/v2 link-local); the last row's IPv4 column reads 1038.155.116, a typo in one field of an otherwise good table",
  },
];
