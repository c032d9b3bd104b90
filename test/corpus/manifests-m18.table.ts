import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m18 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: manifests for LLM serving committed by cloud and GPU-platform providers and reference
 * architectures: AWS samples (a Trainium NxD Inference 1P1D StatefulSet with EFA, SageMaker HyperPod SGLang P/D
 * Deployments with and without EFA), NVIDIA's nim-deploy AKS workshops (Dynamo 1.0 graphs) and the NIM Operator's DRA
 * sample, Google Cloud (accelerated-platforms' llm-d decode base, kubernetes-engine-samples' TGI and Triton
 * TRT-LLM Deployments), Crusoe Cloud (AMD MI355X KServe LLMInferenceService and SGLang Deployment), KAITO's
 * MultiRoleInference for Azure, OME's OCI RoCE P/D runtime and RoleBasedGroup aggregated examples not used before.
 * Files from a fetched snapshot are byte for byte `git show <commit>:<path>`; the files whose commits are in no
 * snapshot that could be fetched (awsome-inference, llm_model_hub, nim-deploy) are the text the search tool's
 * read_file returned for the commit named, written out unchanged and their length checked against its total_chars.
 * Five more candidates (rbg's pd-disagg-standalone, pd-disagg-leader-worker, ecosystem/dynamo/pd-disagg and
 * deprecated dynamo.yaml, awsome-inference's trtllm-disagg-qwen.yaml) copied test/fixtures/manifests files and were
 * dropped before any reading. Two more (HPE Private Cloud AI's LeaderWorkerSets over the Network Operator's RDMA
 * shared devices) were read after the first run, their readings committed before env ran on them.
 */
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked)";
const ACCPLAT =
  'https://github.com/GoogleCloudPlatform/accelerated-platforms/blob/9320f3b27aa0998e9607829ad6e9695d3514a8ef';
const GKE =
  'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf';
const CRUSOE =
  'https://github.com/crusoecloud/solutions-library/blob/8becda636dfbd6c2d40dc646146c3712b086de2a/crusoe-kserve-example/recipes';
const LLMHUB = 'https://github.com/aws-samples/llm_model_hub/blob';
const NIMDEPLOY = 'https://github.com/NVIDIA/nim-deploy/blob';
const HPE =
  'https://github.com/ai-solution-eng/foundational-workflows/blob/50c82d3d07bca8c921c7b70cb1c708450698f80f/multinode-model-serving/examples';
const RBG = 'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b';

export const MANIFESTS_m18: ManifestCase[] = [
  {
    file: 'accplat-llmd-vllm-decode-base-nixl-tcp.yaml',
    source: `${ACCPLAT}/platforms/gke/base/use-cases/inference-ref-arch/kubernetes-manifests/online-inference-gpu/llmd/vllm/base/deployment.yaml`,
    expert: 'no-problem',
    why: 'kustomize base of an llm-d inference-scheduling pool: one Deployment of decode-role vLLM pods (NixlConnector kv_both, UCX_TLS cuda_ipc,cuda_copy,tcp, routing sidecar with --connector=nixlv2) and no prefill pool anywhere: every request prefills and decodes in its own pod, the connector never moves KV between pods (GPUs come from an overlay patch)',
  },
  {
    file: 'awsome-nxdi-trn-vllm-1p1d-sts-efa.yaml',
    source: `https://github.com/aws-samples/awsome-inference/blob/9a605f0c591137e3b2e2c594ac1c6f895281f35b/2.projects/neuronx-distributed/nxdi-disaggregated-inference-eks/1p1d/manifests/1p1d-sts.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "Trainium StatefulSet, pod 0 prefill and pod 1 decode (vLLM-neuron NeuronConnector, kv_buffer_device cpu) kept on separate nodes; each pod requests one vpc.amazonaws.com/efa with FI_PROVIDER efa, no IPC_LOCK or privilege; the entrypoint hands each pod its own IP as --send-ip, so the decode side gives the Neuron runtime and kv_ip its own address, not the producer's: the EFA path is declared but the KV rendezvous is at risk",
  },
  {
    file: 'crusoe-kserve-llmisvc-vllm-kimi-k3-mi355x.yaml',
    source: `${CRUSOE}/kimi-k3-mi355x-tp8/kimi-k3.yaml`,
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, one replica of vLLM ROCm TP8 on eight AMD MI355X in one pod, no prefill/decode split: no KV transfer between pods',
  },
  {
    file: 'crusoe-sglang-kimi-k3-mi355x-agg.yaml',
    source: `${CRUSOE}/kimi-k3-mi355x-sglang/kimi-k3-sglang.yaml`,
    expert: 'no-problem',
    why: 'one-replica Deployment of SGLang TP8 on eight AMD MI355X (amd.com/gpu), aggregated: no KV transfer between pods',
  },
  {
    file: 'gke-tgi-mixtral-8x7b-2xl4-agg.yaml',
    source: `${GKE}/ai-ml/llm-multiple-gpus/mixtral-8x7b/text-generation-inference.yaml`,
    expert: 'no-problem',
    why: 'Text Generation Inference, two shards on two L4 GPUs in one pod: aggregated, no KV transfer between pods',
  },
  {
    file: 'gke-triton-trtllm-gemma-agg.yaml',
    source: `${GKE}/ai-ml/llm-serving-gemma/trtllm/deploy-triton-server.yaml`,
    expert: 'no-problem',
    why: 'Triton with the TensorRT-LLM backend, world size 1 on one L4: aggregated, no KV transfer between pods',
  },
  {
    file: 'kaito-multirole-phi4-mini-1p1d-a100.yaml',
    source:
      'https://github.com/kaito-project/kaito/blob/056b8280b1a8debf644bc6f4399e913a1f9c7e70/examples/inference/kaito_multiroleinference_phi4_4.yaml',
    expert: 'not-judged',
    why: 'KAITO MultiRoleInference: one prefill and one decode role for Phi-4-mini, each on a Standard_NC24ads_A100_v4 (one A100, no InfiniBand); the controller builds the pods, none shown, and the VM type has no RDMA NIC: KV can only cross the VM network over TCP',
  },
  {
    file: 'llmhub-hyperpod-sglang-pd-g6-48x-efa-decode-only.yaml',
    source: `${LLMHUB}/ae8498b165ed5535e52cc72e32ee59c24b2521d0/hyperpod_docs/sglang-pd-disaggregated-g6-48xlarge-efa.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "HyperPod EKS, SGLang 0.5.8 prefill and decode TP8 on L4 nodes kept apart, Mooncake transfer backend; the prefill pod has no EFA while the decode pod is granted one (in limits only), neither has host network or IPC_LOCK, and MOONCAKE_TRANSPORT=tcp is no setting SGLang's Mooncake engine reads: the two sides are offered different fabrics and the KV path is undetermined",
  },
  {
    file: 'llmhub-hyperpod-sglang-pd-g6-tp4-mooncake-no-rdma.yaml',
    source: `${LLMHUB}/8046208a6a2326659742e71d27a2147908c6e128/hyperpod_docs/sglang-pd-disaggregated-qwen3-4b.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'HyperPod EKS, SGLang 0.5.8 prefill and decode TP4 on two g6.12xlarge kept apart by anti-affinity, Mooncake transfer backend, no EFA/RDMA resource, host network or privilege: KV crosses the pod network over TCP at best',
  },
  {
    file: 'llmhub-hyperpod-sglang-pd-p5-efa-mooncake-rdma.yaml',
    source: `${LLMHUB}/ae8498b165ed5535e52cc72e32ee59c24b2521d0/hyperpod_docs/sglang-pd-disaggregated-p5-efa.yaml ${READ_FILE}`,
    expert: 'problem',
    why: 'HyperPod EKS p5, SGLang 0.5.8 prefill and decode TP8 on separate nodes with host network and four EFA each, KV by the Mooncake transfer engine\'s RDMA transport: that transport needs RC verbs queue pairs, which EFA (SRD only) does not offer, and no IPC_LOCK or privilege is given for registration: the KV path the file declares ("RDMA via EFA") cannot come up',
  },
  {
    file: 'nimdeploy-aks-dynamo-vllm-agg-6x-qwen3-32b-rdma-commented.yaml',
    source: `${NIMDEPLOY}/0bd5daf6f577dcd4b8212413f38f5f2f890ccd03/cloud-service-providers/azure/workshops/nat-dynamo/agg-router-qwen3-32B.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'Dynamo DGD (vllm-runtime 1.0.2) with six one-GPU decode-typed vLLM workers and no prefill worker (the rdma/ib request is commented out): aggregated, no KV transfer between pods',
  },
  {
    file: 'nimdeploy-aks-dynamo-vllm-disagg-shared-cache-nixl.yaml',
    source: `${NIMDEPLOY}/1c580b92a1a74c0e252b1e2dbee646b3da2f5efd/cloud-service-providers/azure/workshops/aks-nemoclaw/dynamo/model_pull_job/disagg-shared-hf-cache.example.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'Dynamo DGD (vllm-runtime 1.0.1) on AKS, vLLM prefill with NixlConnector (UCX) and decode, each granted two GPUs for a TP1 engine; no RDMA resource, network or host network and nothing keeps prefill and decode on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'nimop-nimservice-dra-manual-gpu-claim.yaml',
    source:
      'https://github.com/NVIDIA/k8s-nim-operator/blob/f63f74d7ad22eaea7943cc640e545f4ccdbb8077/config/samples/nim/serving/advanced/dra/manual/llm.yaml',
    expert: 'no-problem',
    why: 'NIMCache and a one-replica NIMService whose GPU comes from a DRA ResourceClaimTemplate (gpu.nvidia.com): aggregated, no KV transfer between pods',
  },
  {
    file: 'ome-llama-4-scout-pd-rt-oci-roce.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/srt/meta/llama-4-scout-17b-16e-instruct-pd-rt.yaml',
    expert: 'not-judged',
    why: "OME ClusterServingRuntime: SGLang prefill and decode TP4 (Mooncake default backend) with --disaggregation-ib-device mlx5_0 and host network, RDMA resources left to OME's oci-roce auto-inject annotation (not shown) and no IPC_LOCK: registration bounded by a memlock limit not shown, one named HCA for four GPUs",
  },
  {
    file: 'rbg-v1a2-sglang-agg-hicache-mooncake-store-tcp.yaml',
    source: `${RBG}/examples/inference/ecosystem/mooncake/mooncake-store/agg-kvcache-reuse-with-mooncake.yaml`,
    expert: 'no-problem',
    why: 'RoleBasedGroup v1alpha2: one aggregated SGLang worker with HiCache in a Mooncake store (master and three store pods), MOONCAKE_PROTOCOL tcp on both sides: no prefill/decode hand-off, and the KV offload path is declared as TCP end to end',
  },
  {
    file: 'rbg-v1a2-sglang-agg-leader-worker-tp2.yaml',
    source: `${RBG}/examples/inference/agg-leader-worker.yaml`,
    expert: 'not-judged',
    why: 'RoleBasedGroup v1alpha2 leaderWorkerPattern: aggregated SGLang TP2 across two one-GPU pods, no RDMA resource or network: tensor-parallel traffic on the pod network (no KV hand-off between pods)',
  },
  {
    file: 'rbg-v1a2-sglang-agg-standalone.yaml',
    source: `${RBG}/examples/inference/agg-standalone.yaml`,
    expert: 'no-problem',
    why: 'RoleBasedGroup v1alpha2, one aggregated one-GPU SGLang backend: no KV transfer between pods',
  },
  {
    file: 'hpe-pcai-lws-sglang-llama70b-tp4-pp2-2rdma.yaml',
    source: `${HPE}/llama-70b-lws-sglang-2rdma-4tp-2pp-pvc.yaml (HPE Private Cloud AI solution engineering)`,
    expert: 'no-problem',
    why: "LeaderWorkerSet on HPE Private Cloud AI: aggregated SGLang Llama-3.3-70B TP4 x PP2 over a leader and a worker of 4 GPUs, each pod with two rdma_shared_device resources, the Network Operator's two macvlan RDMA networks and IPC_LOCK (root image): no KV hand-off, and the cross-node pipeline traffic has RDMA",
  },
  {
    file: 'hpe-pcai-lws-vllm-llama70b-tp4-pp2-2rdma.yaml',
    source: `${HPE}/llama-70b-lws-vllm-2rdma-4tp-2pp-pvc.yaml (HPE Private Cloud AI solution engineering)`,
    expert: 'no-problem',
    why: 'LeaderWorkerSet on HPE Private Cloud AI: aggregated vLLM 0.10.2 Llama-3.3-70B TP4 x PP2 through Ray over a leader and a worker of 4 GPUs, each pod with two rdma_shared_device resources, the two macvlan RDMA networks and IPC_LOCK (root image): no KV hand-off, and the cross-node pipeline traffic has RDMA',
  },
];
