import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m23 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const GIT_SHOW = '(copied with git show at that commit)';
const DO = 'https://github.com/DO-Solutions/gtc-2026-doks/blob';
const DO_NOTE = "(DigitalOcean's GTC 2026 booth demo on DOKS; copied with git show at that commit)";
const VEOPHI = 'https://github.com/veophi/rbg/blob';
const VEOPHI_NOTE =
  '(an early RoleBasedGroup repository with its own examples, since removed; copied with git show at that commit)';
const CNULAND = 'https://github.com/cnuland/hello-chris-llm-d/blob/fcd21d829a5a6a7febd2e2082ec4034db62bbcce';
const EKS =
  'https://github.com/aws-samples/sample-llm-inference-on-eks/blob/7a03f3ab34581d10428f723408d9b413d473b0eb';
const GANGMUK = 'https://github.com/gangmuk/aibrix-gangmuk/blob';
const GANGMUK_NOTE =
  "(a user's AIBrix fork with its own benchmark deployments; copied with git show at that commit)";
const KARENSY =
  'https://github.com/karen-sy/dynamo-exemplar-external/blob/9fae9bce37b90f5f84d96c1fd0c08aa178d4849d';
const SOZERCAN = 'https://github.com/sozercan/dynamo-actions/blob/9b310ebd15281d537a075d961faf28992d80d8d0';
const SOZERCAN_NOTE =
  '(DGDs that a GitHub Actions workflow fills in with envsubst; copied with git show at that commit)';

export const MANIFESTS_m23: ManifestCase[] = [
  {
    file: 'do-gtc-dynamo-vllm-disagg-tp4-h200-nodeselector.yaml',
    source: `${DO}/c70febac2632e7d4b2e2ab9ebaff499d0b7df3a2/dev/llama-3.3-70b-disagg.yaml ${DO_NOTE}`,
    expert: 'not-judged',
    why: 'DGD v1alpha1 (vllm-runtime 0.4.1): 4 prefill (--is-prefill-worker) and 4 decode replicas, each TP4 on H200 (nodeSelector gpu-type h200), NIXL by default; no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps a prefill beside its decode: 32 GPUs span several nodes, KV crosses the pod network over TCP at best',
  },
  {
    file: 'do-gtc-dynamo-vllm-disagg-hostnetwork-h100x1.yaml',
    source: `${DO}/c70febac2632e7d4b2e2ab9ebaff499d0b7df3a2/k8s/dynamo/dev-disagg-vllm.yaml ${DO_NOTE}`,
    expert: 'not-judged',
    why: 'DGD v1alpha1 (Grove): 1-GPU vLLM prefill (--is-prefill-worker) and decode, NIXL by default; hostNetwork and hostIPC, but no RDMA device, no /dev/infiniband, not privileged, no IPC_LOCK, and nothing keeps the two pods on one node: UCX is left with TCP between nodes; KV path at risk',
  },
  {
    file: 'do-gtc-dynamo-trtllm-disagg-ucx-cuda-ipc-tcp.yaml',
    source: `${DO}/58247952c5433aa12e91c74b041939f414049256/k8s/dynamo/dev-disagg.yaml ${DO_NOTE} (the file's last version before it was deleted)`,
    expert: 'not-judged',
    why: 'TRT-LLM 1-GPU prefill and decode (--disaggregation-mode), cache transceiver NIXL, UCX_TLS=cuda_ipc,cuda_copy,tcp (RDMA left out on purpose), IPC_LOCK, hostIPC given by an envsubst placeholder; no RDMA device and nothing keeps prefill and decode on one node: co-located KV may take cuda_ipc, across nodes the file leaves only tcp',
  },
  {
    file: 'do-gtc-dynamo-vllm-agg-replicas-placeholder.yaml',
    source: `${DO}/c70febac2632e7d4b2e2ab9ebaff499d0b7df3a2/k8s/dynamo/dev-agg-vllm.yaml ${DO_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated: 1-GPU vLLM workers (replicas left as REPLICAS_PLACEHOLDER for a script to fill), round-robin frontend: no KV transfer between pods',
  },
  {
    file: 'veophi-rbg-v1a1-sglang-pd-aliyun-erdma.yaml',
    source: `${VEOPHI}/36e4d49a56e7841562b1fb1f8da849d3553d43aa/examples/pd-disagg/sglang_mooncake.yaml ${VEOPHI_NOTE}`,
    expert: 'no-problem',
    why: 'RoleBasedGroup v1alpha1: mini_lb scheduler, two 1-GPU SGLang prefill and one decode (--disaggregation-mode, Mooncake transfer by default), each granted one aliyun/erdma device that Mooncake finds by itself: the KV hand-off has an RDMA device on both sides (the decode mounts its model at another path, a start-up fault, not the fabric)',
  },
  {
    file: 'veophi-rbg-v1a1-vllm-pd-mooncake-store-tcp.yaml',
    source: `${VEOPHI}/36e4d49a56e7841562b1fb1f8da849d3553d43aa/examples/pd-disagg/vllm_mooncake.yaml ${VEOPHI_NOTE}`,
    expert: 'problem',
    why: 'RoleBasedGroup v1alpha1: vLLM v0 1-GPU prefill (kv_producer) and decode (kv_consumer) over MooncakeStoreConnector, the runtime sidecar writing a Mooncake config with protocol tcp and an empty device_name on both sides, no RDMA device: the P/D KV hand-off is configured onto TCP over the pod network',
  },
  {
    file: 'veophi-rbg-v1a1-dynamo-serve-pd-rdma-hca.yaml',
    source: `${VEOPHI}/510c8f7066d929ae5a075a82e5ec098183136497/examples/pd-disagg/qwen3-32b/dynamo-rbg.yaml ${VEOPHI_NOTE}`,
    expert: 'not-judged',
    why: 'RoleBasedGroup v1alpha1 running Dynamo 0.x `dynamo serve`: 3 prefill and 1 decode vLLM workers, 4 GPUs each with rdma/hca: 1 and /dev/shm; the KV connector and engine settings live in a ConfigMap that is not in the file, and the pods are neither privileged nor given IPC_LOCK: RDMA granted, but the KV transport and memory registration are not shown',
  },
  {
    file: 'cnuland-llmd-modelservice-pd-nixl.yaml',
    source: `${CNULAND}/assets/llm-d/modelservice.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: "llm-d's ModelService (llm-d.ai/v1alpha1, llm-d v0.2 images): 3 decode and 1 prefill 1-GPU vLLM pods, NixlConnector kv_both; no RDMA resource, RDMA network or UCX settings and nothing keeps prefill beside decode: KV may cross the pod network over TCP",
  },
  {
    file: 'cnuland-llmd-decode-deployment-nixl-kv-both.yaml',
    source: `${CNULAND}/assets/llm-d/decode-deployment.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: 'llm-d decode Deployment alone (llm-d.ai/role decode, 3 replicas, 1 GPU, NixlConnector kv_both, NIXL side channel on the pod IP); its prefill is not in the file and it has no RDMA device: KV would reach it over the pod network',
  },
  {
    file: 'eks-sample-lws-sglang-glm52-pd-nixl-efa-p5en.yaml',
    source: `${EKS}/k8s-manifest/lws/lws-glm-5.2-pd-p5en.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: "EKS p5en: two 1-pod LeaderWorkerSets (YAML anchors), GLM-5.2 SGLang prefill and decode TP8, 16 EFA each, privileged with IPC_LOCK, decode held to the prefill's zone; --disaggregation-transfer-backend nixl and nothing selects NIXL's LIBFABRIC backend (a comment says the image bundles it): NIXL's default UCX on EFA, KV path at risk",
  },
  {
    file: 'eks-sample-lws-sglang-dsv32-pd-nixl-efa-p5en.yaml',
    source: `${EKS}/k8s-manifest/lws/lws-deepseek-v3.2-pd-p5en.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: "EKS p5en: two 1-pod LeaderWorkerSets (YAML anchors), DeepSeek-V3.2 SGLang prefill and decode TP8 with DP attention, 16 EFA each, privileged with IPC_LOCK, decode held to the prefill's zone; --disaggregation-transfer-backend nixl and no SGLANG_DISAGGREGATION_NIXL_BACKEND: NIXL's default UCX on EFA, KV path at risk",
  },
  {
    file: 'eks-sample-lws-vllm-kimi-k3-tp8pp3-efa-p5en.yaml',
    source: `${EKS}/k8s-manifest/lws/lws-kimi-k3-tp8pp3-p5en.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'EKS p5en LeaderWorkerSet of 3 (YAML anchors): aggregated vLLM TP8 x PP3, one TP group per node, 16 EFA each, IPC_LOCK, NCCL ofi plugin with FI_PROVIDER efa: no KV hand-off, the pipeline stages cross nodes on EFA',
  },
  {
    file: 'gangmuk-aibrix-vllm-kvcache-vineyard-disabled.yaml',
    source: `${GANGMUK}/1e967822b8b19514aea5c4d87a3c6b2c2cbbb589/benchmarks/kvcache/microbenchmark/deployment/llama-8b-kv-cache-offloading-fix.yaml ${GANGMUK_NOTE}`,
    expert: 'no-problem',
    why: "AIBrix: two aggregated 1-GPU vLLM pods beside an AIBrix KVCache (vineyard) store, but the engine's VLLM_USE_VINEYARD_CACHE and AIBRIX_LLM_KV_CACHE are 0: the store is deployed and never used, no KV moves between pods",
  },
  {
    file: 'gangmuk-aibrix-vllm-kvcache-vineyard-offload.yaml',
    source: `${GANGMUK}/e45feebf2f02027155ae669a4554cf98932b0a3d/benchmarks/kvcache/deployment/old/llama-8b-kv-cache-offloading.yaml ${GANGMUK_NOTE}`,
    expert: 'not-judged',
    why: "AIBrix: eight aggregated 1-GPU vLLM pods offloading KV to an AIBrix KVCache (vineyard) store through its RPC service (aibrix-kvcache-rpc:9600), no RDMA device anywhere: KV shared between pods over the pod network's TCP",
  },
  {
    file: 'karensy-dynamo-trtllm-dsv32-disagg-gb200-computedomain.yaml',
    source: `${KARENSY}/deploy/disagg.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'GB200 (arm64) DGD: TRT-LLM DeepSeek-V3.2 prefill and decode, each TP8/EP8 over 2 nodes x 4 GPUs, both claiming the same ComputeDomain channel template, cache transceiver UCX with UCX_CUDA_IPC_ENABLE_MNNVL and NCCL_MNNVL_ENABLE: KV and tensor traffic on multi-node NVLink inside one IMEX domain',
  },
  {
    file: 'karensy-dynamo-trtllm-dsv32-agg-multinode-computedomain.yaml',
    source: `${KARENSY}/deploy/agg.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'GB200 (arm64) DGD: aggregated TRT-LLM DeepSeek-V3.2, 4 replicas each TP8/EP8 over 2 nodes x 4 GPUs with a ComputeDomain channel claim and MNNVL allreduce: no KV hand-off, cross-node traffic on multi-node NVLink',
  },
  {
    file: 'sozercan-dynamo-vllm-disagg-envsubst.yaml',
    source: `${SOZERCAN}/deploy/vllm/disagg.yaml ${SOZERCAN_NOTE}`,
    expert: 'not-judged',
    why: 'DGD v1alpha1 with envsubst placeholders (image, model, replicas): 1-GPU vLLM prefill (--is-prefill-worker) and decode, NIXL by default; no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps prefill and decode on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'sozercan-dynamo-sglang-disagg-multinode-command-placeholders.yaml',
    source: `${SOZERCAN}/deploy/sglang/disagg-multinode.yaml ${SOZERCAN_NOTE}`,
    expert: 'not-judged',
    why: 'DGD v1alpha1 SGLang prefill and decode, multinode with node counts, GPUs and the whole engine command left as envsubst placeholders ($PREFILL_COMMAND, $DECODE_COMMAND): the transfer backend and devices are not shown, and no RDMA resource or ComputeDomain is declared',
  },
];
