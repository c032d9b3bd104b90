import type { ManifestCase } from './manifests.table.js';

const KTHENA = 'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719';
const AIBRIX = 'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b';
const KAITO = 'https://github.com/kaito-project/kaito/blob/056b8280b1a8debf644bc6f4399e913a1f9c7e70';
const LLMD = 'https://github.com/llm-d/llm-d/blob';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked: the fetched snapshot of llm-d/llm-d predates it)";

/**
 * Manifest batch m7 (issue 38): the open serving stacks (Kthena, AIBrix, KAITO, KubeAI, llmaz,
 * production-stack's operator, KServe samples not taken before, llm-d guides). See manifests.table.ts
 * and README.md. The expert verdict was written before `env` ran on each manifest.
 */
export const MANIFESTS_m7: ManifestCase[] = [
  {
    file: 'kthena-ms-ascend-pd-mooncake-npu.yaml',
    source: `${KTHENA}/examples/model-serving/prefill-decode-disaggregation.yaml`,
    expert: 'no-problem',
    why: "Kthena ModelServing, vLLM-Ascend prefill and decode pods with 4 Ascend NPUs each (huawei.com/ascend-1980), MooncakeConnectorV1 with kv_buffer_device npu and the host's /etc/hccn.conf mounted: KV rides the NPUs' own RoCE ports, which come with the NPU devices; every element of that path is declared",
  },
  {
    file: 'kthena-ms-vllm-pd-multinode-ray-pp2.yaml',
    source: `${KTHENA}/examples/model-serving/vllm-pd-multinode.yaml`,
    expert: 'not-judged',
    why: 'Kthena ModelServing, vLLM prefill and decode roles each a leader plus one worker pod (1 GPU each) joined by Ray for pipeline parallel 2, NixlConnector producer/consumer, NCCL_IB_DISABLE=0 and UCX_TLS=^gga but no RDMA resource or RDMA network on any pod (IPC_LOCK on the leaders only): KV and pipeline traffic may cross the pod network over TCP',
  },
  {
    file: 'kthena-ms-sglang-pd-mooncake-1gpu.yaml',
    source: `${KTHENA}/examples/model-serving/sglang-pd-disaggregation.yaml`,
    expert: 'not-judged',
    why: 'Kthena ModelServing, SGLang prefill/decode with the mooncake transfer backend, 1 GPU each, no RDMA device, no --disaggregation-ib-device, no IPC_LOCK: Mooncake finds no HCA and KV may cross the pod network over TCP',
  },
  {
    file: 'kthena-ms-dsv4-flash-ascend-pd-hostnet.yaml',
    source: `${KTHENA}/examples/models/deepseek-v4-flash/modelserving.yaml`,
    expert: 'no-problem',
    why: "Kthena ModelServing, DeepSeek-V4-Flash on Ascend A3: prefill (DP2 x TP8) and decode (DP8 x TP2) each a whole 16-NPU node on the host network with hccn.conf and hccn_tool mounted, vllm-ascend MooncakeConnectorV1 producer/consumer from a ConfigMap script: KV on the NPUs' RoCE ports, every element declared",
  },
  {
    file: 'kthena-modelbooster-nixl-pd.yaml',
    source: `${KTHENA}/examples/model-booster/nixl-pd-disaggregation.yaml`,
    expert: 'not-judged',
    why: 'Kthena ModelBooster (vLLMDisaggregated backend the controller expands into a ModelServing): one 1-GPU prefill and one 1-GPU decode worker with NixlConnector, NCCL_IB_DISABLE=0 and UCX_TLS=^gga but no RDMA resource or network: KV may cross the pod network over TCP',
  },
  {
    file: 'kthena-ms-network-topology-nginx.yaml',
    source: `${KTHENA}/examples/model-serving/network-topology.yaml`,
    expert: 'no-problem',
    why: 'Kthena ModelServing sample for network-topology-aware scheduling: roles named prefill and decode but every pod runs nginx on 0.1 CPU, no accelerator and no engine: nothing moves KV',
  },
  {
    file: 'aibrix-vke-vllm-pd-prefill-no-kvcfg.yaml',
    source: `${AIBRIX}/samples/quickstart/vke/pd-model.yaml`,
    expert: 'problem',
    why: 'AIBrix StormService 1P1D (VKE quickstart): the decode role runs vLLM with NixlConnector kv_both, the prefill role starts vLLM with no --kv-transfer-config at all, so the prefill pool can hand no KV to decode; the pair is broken by the manifest itself (and neither role has an RDMA device)',
  },
  {
    file: 'aibrix-rayclusterfleet-dsr1-tp8-pp2-tcp.yaml',
    source: `${AIBRIX}/samples/deepseek-r1/deepseek-r1-tcp.yaml`,
    expert: 'not-judged',
    why: 'AIBrix RayClusterFleet (KubeRay head + one worker, 8 GPUs each), aggregated DeepSeek-R1 TP8 x PP2 over Ray with NCCL on eth0 sockets and no RDMA resource: no KV hand-off, but pipeline traffic on the pod network over TCP',
  },
  {
    file: 'kaito-multiroleinference-dsv3-pd-nc-a100.yaml',
    source: `${KAITO}/examples/inference/kaito_multiroleinference_deepseek-v3.yaml`,
    expert: 'not-judged',
    why: 'KAITO MultiRoleInference: prefill and decode roles for DeepSeek-V3 each on a Standard_NC24ads_A100_v4 (one A100, no InfiniBand); the controller builds the pods, none shown, and the VM type has no RDMA NIC: KV can only cross the VM network over TCP',
  },
  {
    file: 'kaito-workspace-dsr1-6x-nc80adis-h100.yaml',
    source: `${KAITO}/examples/inference/kaito_workspace_deepseek_r1.yaml`,
    expert: 'not-judged',
    why: 'KAITO Workspace: DeepSeek-R1 preset over 6 Standard_NC80adis_H100_v5 nodes (2 H100 NVL each, no InfiniBand): aggregated, no KV hand-off, but the multi-node model-parallel traffic can only use the VM Ethernet',
  },
  {
    file: 'kaito-inferenceset-llama31-8b.yaml',
    source: `${KAITO}/examples/inference/kaito_inferenceset_llama-3.1_8b_instruct.yaml`,
    expert: 'no-problem',
    why: 'KAITO InferenceSet: two Workspaces each serving Llama-3.1-8B-Instruct on one NC24ads A100 v4 (one GPU): aggregated replicas, no KV transfer between pods',
  },
  {
    file: 'kubeai-model-dsr1-mi300x-tp8.yaml',
    source:
      'https://github.com/substratusai/kubeai/blob/2f32ef498da629f96fd417ddfaaf22c28d40787e/manifests/models/deepseek-r1-mi300x.yaml',
    expert: 'no-problem',
    why: 'KubeAI Model: DeepSeek-R1 with vLLM TP8 on one 8x MI300X pod (resourceProfile amd-gpu-mi300x:8): aggregated, no KV transfer between pods',
  },
  {
    file: 'llmaz-service-sglang-tp2-two-nodes.yaml',
    source:
      'https://github.com/InftyAI/llmaz/blob/3c13ff343e28cdbe842fd3c659e3daf0d1e27e91/docs/examples/multi-nodes/service.yaml',
    expert: 'not-judged',
    why: 'llmaz Service (a LeaderWorkerSet underneath) with an OpenModel: aggregated SGLang TP2 over a leader and a worker pod with 1 GPU each (--nnodes from LWS), no RDMA: tensor-parallel traffic on the pod network',
  },
  {
    file: 'pstack-operator-vllmruntime-lmcache-remote.yaml',
    source:
      'https://github.com/vllm-project/production-stack/blob/a6c01db05f65f556235413ba8dbcfb0c01132fff/operator/config/samples/production-stack_v1alpha1_vllmruntime.yaml',
    expert: 'not-judged',
    why: "production-stack operator VLLMRuntime: two aggregated 1-GPU vLLM replicas sharing KV through LMCache's remote backend (lm://cacheserver…:80): KV crosses the pod network to the cache server over TCP, no RDMA element",
  },
  {
    file: 'kserve-llmisvc-pd-qwen2-7b-dra-roce.yaml',
    source:
      'https://github.com/kserve/kserve/blob/e188a23b0c1c57cc1f5ab88f903ff4c7c2c05fd7/docs/samples/llmisvc/nvidia-dra/llm-inference-service-pd-qwen2-7b-nvidia-dra.yaml',
    expert: 'not-judged',
    why: "KServe LLMInferenceService (v1alpha1) decode and 2 prefill replicas, GPUs through a DRA claim template (not shown), roce-p2 network, rdma/roce_gdr and UCX_TLS rc on both, NixlConnector; no IPC_LOCK and KServe's default template runs the container non-root with capabilities dropped: pinning is bounded by a memlock limit the manifest does not show",
  },
  {
    file: 'kserve-llmisvc-dsv2-lite-pd-dp-ep-ucx-eth0.yaml',
    source:
      'https://github.com/kserve/kserve/blob/2e43192b15d89d8870e0f27e41716dc8bd221c7c/docs/samples/llmisvc/dp-ep/deepseek-v2-lite-chat-nvidia/llm-inference-service-dp-ep-pd-deepseek-gpu.yaml',
    expert: 'problem',
    why: 'KServe LLMInferenceService P/D with DP8 wide-EP on both pools (leader and worker pods, 8 GPUs + rdma/roce_gdr each), NixlConnector, but UCX_NET_DEVICES=eth0 on every container: UCX may use only the pod interface, so NIXL sends KV over TCP although RDMA was requested (and no RoCE network is attached)',
  },
  {
    file: 'kserve-llmisvc-qwen3-dp16-ep-sriov-nvshmem.yaml',
    source:
      'https://github.com/kserve/kserve/blob/2e43192b15d89d8870e0f27e41716dc8bd221c7c/docs/samples/llmisvc/dp-ep/qwen3-nvidia/llm-inference-service-dp-ep-multi-qwen-gpu-nvshmem.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, aggregated DP16 wide-EP over a leader and a worker node (8 GPUs, 8 rdma/roce_gdr and 16 SR-IOV RoCE interfaces each, /dev/infiniband mounted, UCX_TLS rc): no prefill pool, so no KV hand-off; the cross-node expert traffic has RDMA',
  },
  {
    file: 'llmd-pd-cks-mooncake-rdma-disaggregatedset.yaml',
    source: `${LLMD}/6d9fe514ad0476481b2bb949313c89926b7b38b9/guides/pd-disaggregation/modelserver/gpu/vllm/cks-mooncake/disaggregatedset.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'llm-d DisaggregatedSet on CoreWeave: vLLM MooncakeConnector producer/consumer with mooncake_protocol rdma, every prefill (TP1) and decode (TP4) pod requests rdma/ib: the KV path is declared on both sides (one HCA for the 4 decode GPUs is a rail choice, not a break)',
  },
  {
    file: 'llmd-pd-sglang-nixl-disaggregatedset-base.yaml',
    source: `${LLMD}/02be547b6c3a44f0059bc7093e77dd0306ccb187/guides/pd-disaggregation/modelserver/gpu/sglang/base/disaggregatedset.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'llm-d DisaggregatedSet (kustomize base, image placeholders): SGLang prefill/decode TP2 with the nixl transfer backend, no RDMA resource, RDMA network or IPC_LOCK in the file: KV may cross the pod network over TCP',
  },
  {
    file: 'llmd-wide-ep-amd-dsv3-decode-moriio-lws-base.yaml',
    source: `${LLMD}/368f5b0ad778b97eb61984ca60f9fe99b158fadd/guides/wide-ep-lws/modelserver/amd/vllm-deepseek-v3/base/decode.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "llm-d wide-EP decode LeaderWorkerSet on AMD (2 pods x 8 GPUs, DP16 MoRI-EP), MoRIIOConnector consumer, 8 amd.com/vnic and IPC_LOCK, but the rails' network attachments are left to a provider overlay on purpose (comment): the RDMA path the KV needs is not complete in this file",
  },
  {
    file: 'llmd-wide-ep-gke-a4x-prefill-lws-rdma.yaml',
    source: `${LLMD}/078e29bef6eb2eb97ce840d6008a0508da197efa/guides/wide-ep-lws/manifests/modelserver/gke-a4x/prefill.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'llm-d wide-EP prefill LeaderWorkerSet on GKE A4X (GB200, 4 pods x 4 GPUs, DP16 EP), NixlConnector kv_both, four GKE RDMA networks on every pod, privileged root with IPC_LOCK, gIB NCCL env: the KV and expert traffic has RDMA; no MNNVL is asked for, so no ComputeDomain is missing',
  },
  {
    file: 'llmd-agentic-tpu7x-pd-tpuconnector-reference.yaml',
    source: `${LLMD}/bc928400fbf3104bf816a795c5de453f4159f169/guides/agentic-serving/modelserver/tpu/disagg-reference.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: "llm-d TPU v7 P/D reference: 5 prefill and 3 decode Deployments on tpu7x 2x2x1 hosts with tpu_inference's TPUConnector producer/consumer and a toy proxy: TPU KV moves host-staged over the data-center network by design, no GPU, NIXL or RDMA element to get wrong",
  },
];
