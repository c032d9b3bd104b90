import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m35 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest.
 *
 * Sources outside ai-dynamo/dynamo: AWS's sample-llm-inference-on-eks (B300 and p5en vLLM), the NVIDIA NIM Operator's
 * DRA and Kata samples, KubeRay's DeepSeek RayService, a RoleBasedGroup v1alpha2 standalone Mooncake store, Kthena
 * ModelServing examples, AIBrix's RayClusterFleet and KV-offload samples, GKE's TPU, NIM and Llama 4 samples, and
 * KServe's prefill and decode presets and managed-DRA LLMInferenceService, and production-stack's gateway VLLMRuntime. Each file was copied with git show at the commit named.
 * Two RoleBasedGroup examples first listed here (pd-disagg-leader-worker.yaml, ecosystem/dynamo/pd-disagg.yaml) were
 * dropped before triage: test/fixtures/manifests already holds them (corpus-duplicates.test.ts).
 */

const GIT_SHOW = '(copied with git show at that commit)';
const EKS =
  'https://github.com/aws-samples/sample-llm-inference-on-eks/blob/7a03f3ab34581d10428f723408d9b413d473b0eb';
const NIMOP = 'https://github.com/NVIDIA/k8s-nim-operator/blob/f63f74d7ad22eaea7943cc640e545f4ccdbb8077';
const KUBERAY = 'https://github.com/ray-project/kuberay/blob/feeaf72facab4881ba2b179248bb67315634e229';
const RBG = 'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b';
const KTHENA = 'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719';
const AIBRIX = 'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b';
const GKE =
  'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf';
const PSTACK =
  'https://github.com/vllm-project/production-stack/blob/a6c01db05f65f556235413ba8dbcfb0c01132fff';
const KSERVE = 'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912';

export const MANIFESTS_m35: ManifestCase[] = [
  {
    file: 'eks-vllm-deepseek-v4-pro-b300-agg-tp8-ep.yaml',
    source: `${EKS}/k8s-manifest/vllm/deepseek-v4-pro-p6-b300-vllm.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'EKS p6-b300: one Deployment replica running vLLM DeepSeek-V4-Pro TP8 with expert parallelism on the 8 GPUs of one node, a 500Gi memory-backed /dev/shm; no KV connector and no second engine: nothing crosses pods',
  },
  {
    file: 'eks-lws-vllm-kimi-k3-p5en-tp8-pp2-efa.yaml',
    source: `${EKS}/k8s-manifest/lws/lws-kimi-k3-tp8pp2-p5en.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'EKS p5en LeaderWorkerSet: aggregated vLLM Kimi-K3 TP8 x PP2 over a leader and a worker pod, each with 8 GPUs, 16 EFA devices, IPC_LOCK, a 500Gi /dev/shm and the aws-ofi-nccl plugin (FI_PROVIDER efa): no KV hand-off between engines, the pipeline traffic between the two pods is declared on EFA',
  },
  {
    file: 'nim-operator-nimservice-dra-auto-claim-selectors.yaml',
    source: `${NIMOP}/config/samples/nim/serving/advanced/dra/auto-creation/example1/llm.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'NIM Operator NIMCache plus a NIMService (Llama 3.2 1B, TRT-LLM TP1) whose one GPU comes from a DRA claim the operator creates (Ampere, at least 40Gi): one engine on one GPU, no KV hand-off between pods',
  },
  {
    file: 'nim-operator-nimservice-kata-sandbox-pgpu.yaml',
    source: `${NIMOP}/config/samples/nim/serving/standalone/confidential-computing/llm-kata-sandbox.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'NIM Operator NIMService in a Kata VM sandbox (runtimeClassName kata-qemu-nvidia-gpu, one nvidia.com/pgpu passed through, non-root): one engine on one GPU, no KV hand-off between pods',
  },
  {
    file: 'kuberay-rayservice-deepseek-r1-tp8-pp2-two-workers.yaml',
    source: `${KUBERAY}/ray-operator/config/samples/ray-service.deepseek.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: 'KubeRay RayService (ray.serve.llm): aggregated vLLM DeepSeek-R1 TP8 x PP2 over two 8-GPU worker pods and a CPU head; no RDMA/EFA resource, RDMA network or NCCL setting: the pipeline stage hand-off between the two pods rides the pod network over TCP',
  },
  {
    file: 'rbg-mooncake-store-standalone-tcp.yaml',
    source: `${RBG}/examples/inference/ecosystem/mooncake/mooncake-store/standalone-mooncake-store.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'RoleBasedGroup v1alpha2: a standalone Mooncake master and three CPU-only Mooncake store pods (10gb segments) with MOONCAKE_PROTOCOL tcp declared, shared by other groups; no engine and no GPU in the file: no prefill-to-decode hand-off here, and the store path is declared as TCP on purpose',
  },
  {
    file: 'kthena-modelserving-pd-dynamo-mocker.yaml',
    source: `${KTHENA}/examples/kthena-router/ModelServing-ds1.5b-pd-disaggregation.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'Kthena ModelServing for the router demo: prefill and decode roles run a dynamo-mocker-vllm image with no GPU, which only simulates the engines: no KV moves between pods',
  },
  {
    file: 'kthena-modelserving-sglang-agg-kv-events-runtime-sidecar.yaml',
    source: `${KTHENA}/examples/model-serving/gpu-kvcache-aware-sglang.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'Kthena ModelServing: one aggregated SGLang engine on one GPU publishing KV events over ZMQ to the Kthena runtime sidecar for KV-aware routing; no prefill/decode split: no KV hand-off between pods',
  },
  {
    file: 'aibrix-rayclusterfleet-deepseek-r1-tp16-vke-rdma.yaml',
    source: `${AIBRIX}/samples/deepseek-r1/deepseek-r1-huggingface.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'AIBrix RayClusterFleet on Volcengine: aggregated vLLM DeepSeek-R1 TP16 over a Ray head and a worker pod, each with 8 GPUs, 8 vke.volcengine.com/rdma devices, eight rdma CNI attachments, IPC_LOCK, memory-backed /dev/shm and NCCL_IB_HCA mlx5_1..8: no KV hand-off, the cross-node tensor traffic is declared on RDMA',
  },
  {
    file: 'aibrix-vllm-kvcache-l1-offload-1gpu.yaml',
    source: `${AIBRIX}/samples/kvcache/l1cache/vllm.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: "AIBrix sample: one 1-GPU vLLM engine with AIBrixOffloadingConnectorV1Type3 and only the L1 (80 GB host DRAM, S3FIFO) cache enabled: KV offloads into the pod's own host memory, no hand-off between pods",
  },
  {
    file: 'gke-vllm-tpu-v6e-llama3-70b-tp8.yaml',
    source: `${GKE}/ai-ml/vllm-tpu/vllm-llama3-70b.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'GKE TPU v6e 2x4 slice: one vLLM-TPU pod serving Llama 3.1 70B TP8 on the 8 chips of one host, weights from GCS FUSE: one engine in one pod, no KV hand-off',
  },
  {
    file: 'gke-nim-llm-gemma3-27b-a3-mega-8gpu.yaml',
    source: `${GKE}/ai-ml/nemo-rl-on-gke/nemoRL/gemma3-27b-it/nim-gemma-deployment.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'GKE A3 Mega: one multi-LLM NIM pod serving Gemma 3 27B (NIM_TENSOR_PARALLEL_SIZE 2 while 8 GPUs are requested, so six sit idle), 128Gi memory-backed /dev/shm: one engine in one pod, no KV hand-off',
  },
  {
    file: 'gke-vllm-llama4-maverick-fp8-h100-tp8.yaml',
    source: `${GKE}/ai-ml/llm-serving-llama/vllm/vllm-llama4-maverick-17b-128e-instruct-fp8.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'GKE H100: one vLLM 0.10 pod serving Llama 4 Maverick FP8 TP8 on 8 GPUs of one node with a memory-backed /dev/shm: one engine in one pod, no KV hand-off',
  },
  {
    file: 'kserve-llmisvcconfig-prefill-template-preset-nonroot.yaml',
    source: `${KSERVE}/config/llmisvcconfig/config-llm-prefill-template.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: "KServe's shipped LLMInferenceServiceConfig preset for the prefill role (llm-d-cuda image, optional RoCE discovery behind KSERVE_INFER_ROCE, only an offloading KV connector from a template function, non-root with all capabilities dropped, 1Gi /dev/shm): a template merged into a user's LLMInferenceService; the P/D connector, parallel sizes and any RDMA resource come from what it does not hold, and a non-root pod with no IPC_LOCK could not pin memory for RDMA if the merge added it: the KV path is undetermined",
  },
  {
    file: 'kserve-llmisvc-managed-dra-minimal-qwen2-7b.yaml',
    source: `${KSERVE}/docs/samples/llmisvc/managed-dra/llm-inference-service-managed-dra-minimal.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'KServe LLMInferenceService: one replica of Qwen2.5-7B with its single GPU from a KServe-managed DRA claim (exp-dra-device-class gpu.nvidia.com), router with the default scheduler, no prefill section: one engine on one device, no KV hand-off between pods',
  },
  {
    file: 'aibrix-stormservice-sglang-4p3d-mooncake-vke-rdma.yaml',
    source: `${AIBRIX}/samples/disaggregation/sglang/pool.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'AIBrix StormService pool-xpyd: SGLang router with service discovery, 4 prefill and 3 decode 1-GPU pods on the Mooncake transfer backend; every engine pod requests a vke.volcengine.com/rdma device with the VKE rdma CNI attachment and IPC_LOCK (root image), the transfer engine discovering the HCA itself: every element of the KV path is declared',
  },
  {
    file: 'kserve-llmisvcconfig-decode-template-preset-nixlv2-sidecar.yaml',
    source: `${KSERVE}/config/llmisvcconfig/config-llm-decode-template.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: "KServe's shipped LLMInferenceServiceConfig preset for the decode side of P/D: a vLLM main container (llm-d-cuda, non-root with all capabilities dropped, 1Gi /dev/shm, only an offloading KV connector from a template function) behind the llm-d routing sidecar (a native sidecar, --kv-connector=nixlv2); a template merged into a user's LLMInferenceService, it holds neither the NixlConnector vLLM itself would run nor any RDMA resource or network, so the KV path is undetermined",
  },
  {
    file: 'pstack-vllmruntime-llama32-1b-lmcache-remote-lora.yaml',
    source: `${PSTACK}/src/gateway_inference_extension/configs/vllm/vllm-runtime.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'production-stack VLLMRuntime (operator-built pods): two replicas of a 1-GPU vLLM Llama 3.2 1B with LoRA adapters synced by an init container and LMCache offloading to a remote cache server (lm://, naive serde) besides CPU: a shared KV cache tier over the pod network, no prefill-to-decode hand-off (a miss recomputes)',
  },
];
