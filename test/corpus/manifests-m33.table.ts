import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m33 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const DYN = 'https://github.com/ai-dynamo/dynamo/blob';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked against total_chars: the repository's snapshot is too large to fetch here)";

export const MANIFESTS_m33: ManifestCase[] = [
  {
    file: 'dynamo-custom-encoder-vllm-agg-envsubst-placeholders.yaml',
    source: `${DYN}/57bc972eac9fe87683fca3f90f0b3e0d1cb7f039/recipes/custom-encoder/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1alpha1 DGD, aggregated: one 1-GPU vLLM worker with an in-process CustomEncoder (no encode worker, no NIXL), image and nodeSelector left as envsubst placeholders: no KV hand-off between pods',
  },
  {
    file: 'dynamo-dsv4-pro-0813-vllm-disagg-gb200-gke-rdma-nets-cd-clique.yaml',
    source: `${DYN}/831bbfd38f5c8812f1bfe11e97734bc93d733d2a/recipes/deepseek-v4/deepseek-v4-pro-0813/vllm/disagg-gb200-agentic/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on GB200: vLLM 1P1D, each TP8 over 2 nodes (required same-clique podAffinity, one shared ComputeDomain channel); both request the four GKE RDMA networks (networking.gke.io.networks/rdma-0..3 plus the interfaces annotation), NixlConnector with UCX_TLS including rc and a GID index: the cross-node KV path is declared over RDMA',
  },
  {
    file: 'dynamo-dsv4-pro-0813-vllm-disagg-h200-1m-multiconnector-no-rdma.yaml',
    source: `${DYN}/2025e16a654183f592baab01e0b1076fed88e030/recipes/deepseek-v4/deepseek-v4-pro-0813/vllm/disagg-h200-1m/deploy.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD on H200: vLLM 1P1D, each TP8 taking a whole 8-GPU node, prefill NixlConnector and decode MultiConnector (Nixl + CPU offload); no RDMA resource, RDMA network or IPC_LOCK: the KV hand-off crosses nodes over whatever UCX finds, the pod network over TCP at worst',
  },
  {
    file: 'dynamo-k-exaone2-vllm-disagg-b200-shared-ib-preferred-coloc.yaml',
    source: `${DYN}/0500a98a090b3ecaa8306ec5633a503a8efb7cd7/recipes/k-exaone-2.0/vllm/disagg-b200-chat/deploy-ib.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on B200: vLLM 1P1D TP4 each, both request rdma/shared_ib 4 with IPC_LOCK, run as root with ulimit -l unlimited, NixlConnector with UCX_TLS rc_x,rc,cuda_copy,cuda_ipc (no tcp), decode preferred on the prefill host: the KV path is declared over InfiniBand',
  },
  {
    file: 'dynamo-motif3-vllm-disagg-b200-nscale-2p1d-shared-ib.yaml',
    source: `${DYN}/1725100661d52b131c90cd512439f198844cab9c/recipes/motif-3/vllm/disagg-b200-chat/deploy-nscale-2p1d-kv.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on nscale B200: vLLM 2P1D TP2 each, every worker requests rdma/shared_ib 1 with IPC_LOCK as root, NixlConnector on the UCX backend with UCX_TLS rc_x,rc,cuda_copy,cuda_ipc: the KV path is declared over InfiniBand',
  },
  {
    file: 'dynamo-minimax-m3-sglang-disagg-gb200-hostname-pinned-nixl-no-rdma.yaml',
    source: `${DYN}/25e7a522549810ca550e76d2a24a3a4e7a5b2044/recipes/minimax-m3/sglang/disagg/deploy.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD on GB200: SGLang 1P1D TP4 each taking a whole node (pinned to two hostnames through a YAML anchor), --disaggregation-transfer-backend nixl; no RDMA resource or network and no ComputeDomain channel for MNNVL: the KV hand-off crosses nodes and may ride the pod network over TCP',
  },
  {
    file: 'dynamo-gemma4-31b-trtllm-agg-gb200-8x1gpu-host-offload.yaml',
    source: `${DYN}/4dda5fe1930c728d0c3e74d2be41a17be153f15a/recipes/gemma4-31b/trtllm/agg-gb200-agentic/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD, aggregated TRT-LLM: 8 independent 1-GPU workers with host-memory KV offload inside each pod, KV-aware routing only: no KV hand-off between pods',
  },
  {
    file: 'dynamo-minimax-m3-vllm-disagg-gb200-3p3d-gke-ifaces-ucx-no-rc-site-cd.yaml',
    source: `${DYN}/17fbef201ee5148f0bc02abc1ef6bdc94bcfd6a4/recipes/minimax-m3/vllm/disagg-gb200-agentic/deploy.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "v1beta1 DGD on GB200: vLLM 3P3D TP4 each on one node, NixlConnector with UCX_TLS cuda_copy,cuda_ipc,tcp and MNNVL cuda_ipc on; the ComputeDomain claim template is the site's and not in the file, the GKE RDMA interfaces are annotated without the matching network resources and no rc transport is allowed: whether KV rides MNNVL or falls back to TCP is not shown",
  },
  {
    file: 'dynamo-motif3-vllm-disagg-b200-generic-1p1d-launcher-cm-no-rdma.yaml',
    source: `${DYN}/57ac2fa7a22998b9f400ac615fe4b8e3b579f8ff/recipes/motif-3/vllm/disagg-b200-chat/deploy-generic-1p1d.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "v1beta1 DGD on B200: vLLM 1P1D TP2 each, started through a Python launcher held in a ConfigMap of the same file (it patches vLLM's NIXL connector, then execs dynamo.vllm with the args), NixlConnector on the UCX backend; no RDMA resource or network and nothing keeps prefill and decode on one node: KV may cross the pod network over TCP",
  },
];
