import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m13 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: manifests published on web pages rather than as repository files: documentation sites and
 * blogs (Kthena's docs, the KServe website and its release blogs, NVIDIA Dynamo's docs pages, DRANET's docs, a
 * personal EKS engineering playbook published on GitHub Pages, Red Hat's llm-d playbook pages, a mintlify docs
 * mirror, Azure's AKS RDMA/InfiniBand docs site, Oracle's OKE guides). Where the page's source is in a public
 * repository, the file is one fenced YAML block of that page, byte for byte from `git show <commit>:<path>` (the lines named); otherwise it is the exact text of one code
 * block as the `search` tool's stored copy holds it, cut where that copy ends (`cut` in the file name).
 */
export const MANIFESTS_m13: ManifestCase[] = [
  {
    file: 'kthenadocs-ms-vllm-pd-nixl-kvboth-1gpu.yaml',
    source:
      'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719/docs/kthena/docs/user-guide/model-deployment.md#L250-L439 (third code block of Kthena\'s docs page "Model Deployment", whole)',
    expert: 'not-judged',
    why: 'Kthena docs: a ModelServing with a vLLM prefill and a decode role of one GPU each, NixlConnector kv_both (UCX by default), IPC_LOCK, UCX_TLS=^gga and NCCL IB variables but no RDMA resource or RDMA network on either pod: KV may cross the pod network over TCP (metadata.name PD-sample is also not a valid lower-case object name)',
  },
  {
    file: 'kthenadocs-ms-vllm-agg-kv-events-runtime.yaml',
    source:
      'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719/docs/kthena/docs/user-guide/kvcache-aware.md#L133-L260 (fifth code block of the "KV cache aware" page, whole)',
    expert: 'no-problem',
    why: 'Kthena docs: one aggregated one-GPU vLLM server role that publishes KV-cache events to Redis through a runtime sidecar for routing: no KV hand-off between pods',
  },
  {
    file: 'kthenadocs-ms-llama405b-ray-tp8-pp2.yaml',
    source:
      'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719/docs/kthena/docs/user-guide/multi-node-inference.md#L96-L176 (third code block of the "Multi-node inference" page, whole)',
    expert: 'not-judged',
    why: 'Kthena docs: a ModelServing role of a leader and one worker pod (8 GPUs each) joined by Ray for Llama-3.1-405B TP8 x PP2, aggregated, no RDMA resource or network: no KV hand-off, but the pipeline traffic crosses nodes over the pod network',
  },
  {
    file: 'kthenadocs-modelbooster-ascend-pd-mooncake-npu.yaml',
    source:
      'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719/docs/kthena/docs/user-guide/model-deployment.md#L134-L231 (second code block of the "Model Deployment" page, whole)',
    expert: 'not-judged',
    why: "Kthena docs: a ModelBooster with a vLLMDisaggregated backend on Ascend NPUs (huawei.com/ascend-1980 x4 per side), vllm-ascend's MooncakeConnector with kv_buffer_device npu as producer and consumer; the pods are built by the controller and no NIC, RDMA network or device configuration for the KV transfer is shown: the KV path is undetermined",
  },
  {
    file: 'kservedocs-llmisvc-dp8-tp4-rdma-roce.yaml',
    source:
      "https://github.com/kserve/website/blob/05b83a6cf9d6c4045a83d79eb8d0029605d655e7/docs/model-serving/generative-inference/llmisvc/llmisvc-configuration.md#L621-L680 (a code block of the KServe website's LLMInferenceService configuration page, whole)",
    expert: 'no-problem',
    why: 'KServe docs: an aggregated LLMInferenceService (no prefill section) for a dense Llama-2-70B, data parallel 8 (4 local) x TP4 over leader and worker pods with rdma/roce on each: no KV hand-off, and the cross-pod traffic has an RDMA device (the 4 GPUs per pod do not match dataLocal 4 x TP4, a sizing slip outside the KV path)',
  },
  {
    file: 'kserveblog-llmisvc-v1a2-pd-1gpu.yaml',
    source:
      'https://github.com/kserve/website/blob/05b83a6cf9d6c4045a83d79eb8d0029605d655e7/blog/2026-03-13-KServe-0.17-release.md#L141-L172 (fourth code block of the KServe 0.17 release blog post, whole)',
    expert: 'not-judged',
    why: "KServe 0.17 blog: a v1alpha2 LLMInferenceService with 2 decode and 2 prefill replicas of one GPU each; the KV connector comes from KServe's preset configs (not shown) and no RDMA device or network is requested: KV may cross the pod network over TCP",
  },
  {
    file: 'kserveblog-llmisvc-v1a2-dp8-tp4-multinode.yaml',
    source:
      'https://github.com/kserve/website/blob/05b83a6cf9d6c4045a83d79eb8d0029605d655e7/blog/2026-03-13-KServe-0.17-release.md#L187-L220 (fifth code block of the KServe 0.17 release blog post, whole)',
    expert: 'no-problem',
    why: 'KServe 0.17 blog: an aggregated v1alpha2 LLMInferenceService for dense Llama-3.1-70B with data parallel 8 (4 local) x TP4 over leader and worker pods, no RDMA: no KV hand-off, and data-parallel ranks of a dense model exchange only step coordination across pods',
  },
  {
    file: 'kserveblog-llmisvc-v1a2-wva-agg-1gpu.yaml',
    source:
      'https://github.com/kserve/website/blob/05b83a6cf9d6c4045a83d79eb8d0029605d655e7/blog/2026-03-13-KServe-0.17-release.md#L286-L320 (seventh code block of the KServe 0.17 release blog post, whole)',
    expert: 'no-problem',
    why: 'KServe 0.17 blog: an aggregated one-GPU v1alpha2 LLMInferenceService autoscaled by WVA/KEDA: no KV hand-off between pods',
  },
  {
    file: 'kservedocs-isvc-lmcache-offload-1gpu.yaml',
    source:
      "https://github.com/kserve/website/blob/05b83a6cf9d6c4045a83d79eb8d0029605d655e7/docs/model-serving/generative-inference/kvcache-offloading/kvcache-offloading.md#L199-L259 (a code block of the KServe website's KV cache offloading page, whole)",
    expert: 'no-problem',
    why: 'KServe docs: an InferenceService (Hugging Face runtime, one GPU, 2 replicas) with LMCacheConnectorV1 kv_both and its LMCache config from a ConfigMap: KV offloading to a cache (local CPU or a shared store), no prefill-to-decode hand-off; a cache miss only recomputes',
  },
  {
    file: 'devfloor9-lws-vllm-glm5-pp2-tp8.yaml',
    source:
      'https://github.com/devfloor9/engineering-playbook/blob/1d7ddc238d97154dcb64160bcefa1e6af7f009d2/i18n/en/docusaurus-plugin-content-docs/current/agentic-ai-platform/model-serving/inference-optimization/disaggregated-serving.md#L166-L248 (the "Deployment Example: GLM-5 744B (PP=2, TP=8)" block of devfloor9.github.io/engineering-playbook, whole)',
    expert: 'not-judged',
    why: "personal engineering playbook (EKS): LeaderWorkerSet, aggregated vLLM GLM-5 TP8 x PP2 over a leader and a worker pod of 8 GPUs, 32Gi /dev/shm, no EFA or other RDMA resource: no KV hand-off, but the pipeline traffic crosses nodes over the pod network (and the worker repeats the leader's args with no rank or leader address, so the two pods are not joined as written)",
  },
  {
    file: 'devfloor9-lws-vllm-glm5-pp2-node-rank.yaml',
    source:
      'https://github.com/devfloor9/engineering-playbook/blob/1d7ddc238d97154dcb64160bcefa1e6af7f009d2/i18n/en/docusaurus-plugin-content-docs/current/agentic-ai-platform/reference-architecture/model-lifecycle/custom-model-deployment.md#L447-L511 (the "LWS LeaderWorkerSet Definition" block of devfloor9.github.io/engineering-playbook, whole)',
    expert: 'not-judged',
    why: 'personal engineering playbook (EKS): LeaderWorkerSet, aggregated vLLM GLM-5 TP8 x PP2 joined by --node-rank/--master-addr over two 8-GPU pods, no EFA or other RDMA resource and no /dev/shm volume: no KV hand-off, but the pipeline traffic crosses nodes over the pod network',
  },
  {
    file: 'dynamodocs-dgd-v1b1-vllm-pd-zone-no-kvcfg.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/developer-guide/knowledge-base/kubernetes/multinode/topology-aware-kv-transfer.md#L74-L127 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (third code block, whole)",
    expert: 'problem',
    why: 'Dynamo docs (topology-aware KV transfer): a v1beta1 graph, vllm-runtime 1.4.0, 2 prefill and 2 decode one-GPU workers by --disaggregation-mode, KV transfer kept within a zone, but the prefill has no --kv-transfer-config: dynamo.vllm refuses a prefill without one (no NIXL default any more), so no KV reaches decode',
  },
  {
    file: 'dynamodocs-dgd-v1b1-vllm-pd-zone-capacity-no-args.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/developer-guide/knowledge-base/kubernetes/multinode/topology-aware-kv-transfer.md#L169-L266 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (fifth code block, whole)",
    expert: 'not-judged',
    why: 'Dynamo docs (topology-aware KV transfer): a v1beta1 graph of prefill and decode pools per zone (30/60 replicas each) whose containers show only image and secret: no command, mode flag, KV connector, GPU or network is shown, so the KV path is undetermined',
  },
  {
    file: 'dynamodocs-dgd-prefill-rdma-ib-fragment.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/developer-guide/knowledge-base/kubernetes/kubernetes-operator/disagg-communication.md#L417-L434 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (a code block, whole)",
    expert: 'not-judged',
    why: 'Dynamo docs (disaggregated communication guide): a DGD fragment giving a VLLMPrefillWorker 2 GPUs, rdma/ib 2 and IPC_LOCK; no metadata, engine args, KV connector or decode worker: one side of the path declared, the rest not shown',
  },
  {
    file: 'dynamodocs-dgd-v1b1-vllm-agg-tp2-template.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/kubernetes/model-deployment/deploy-with-dgd.md#L534-L586 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (the vLLM template block, whole)",
    expert: 'no-problem',
    why: 'Dynamo docs (deploy with a DGD): aggregated vLLM Qwen3-32B TP2 worker x8 behind a frontend, envsubst placeholders for image and namespace: no KV hand-off between pods',
  },
  {
    file: 'dynamodocs-dgd-v1b1-vllm-xpu-dra-agg.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/kubernetes/model-deployment/deploy-on-intel-gpus.mdx#L142-L188 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (a code block, whole)",
    expert: 'no-problem',
    why: 'Dynamo docs (Intel GPUs): aggregated vLLM worker on an Intel XPU claimed through DRA (resourceClaimTemplate), VLLM_TARGET_DEVICE=xpu, one worker: no KV hand-off between pods',
  },
  {
    file: 'dynamodocs-dgd-multinode-elided.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/kubernetes/model-deployment/multinode-deployments.md#L195-L217 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (a code block, whole)",
    expert: 'not-judged',
    why: 'Dynamo docs (multinode): an illustrative DGD whose service body is elided with `...`, multinode.nodeCount 2 x 4 GPUs with --tp-size 8 across nodes and no RDMA shown: the elision is not data, and what is shown leaves tensor parallelism on the pod network',
  },
  {
    file: 'dynamodocs-dgd-vllm-agg-tp2-failover-gms.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/developer-guide/knowledge-base/kubernetes/kubernetes-operator/shadow-engine-failover.md#L181-L208 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (fourth code block, whole)",
    expert: 'no-problem',
    why: 'Dynamo docs (shadow engine failover): one aggregated vLLM TP2 worker with the GPU memory service and failover enabled: no KV hand-off between pods',
  },
  {
    file: 'dynamodocs-dgd-vllm-multinode-4x8-topology.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/docs/fern/pages/developer-guide/knowledge-base/kubernetes/multinode/topology-aware-scheduling.md#L125-L160 (a fork of ai-dynamo/dynamo; the path is upstream's, the source of a docs.nvidia.com/dynamo page) (third code block, whole)",
    expert: 'not-judged',
    why: "Dynamo docs (topology-aware scheduling): an aggregated vLLM Llama-4-Maverick worker spanning 4 nodes of 8 GPUs (multinode.nodeCount 4), packed in a topology block, no RDMA resource or network: no KV hand-off, but the worker's parallel traffic crosses nodes over the pod network",
  },
  {
    file: 'rhllmdpb-llmisvc-pd-roce-gdr-nad.yaml',
    source:
      'https://github.com/rh-aiservices-bu/llm-d-playbook/blob/dd90e49d20d8e4e5c1dc8259f0df792292b8a26d/03-advanced-deployment.md#L317-L367 (thirteenth code block of the playbook page, whole)',
    expert: 'no-problem',
    why: "Red Hat AI services llm-d playbook: a KServe LLMInferenceService with decode and prefill of one GPU each, NixlConnector kv_both through VLLM_ADDITIONAL_ARGS, rdma/roce_gdr on both, the roce-p2 network and KSERVE_INFER_ROCE: every element of the KV path is declared (memlock left to the runtime's default)",
  },
  {
    file: 'dranetdocs-raycluster-a4-dra-nics-gib.yaml',
    source:
      'https://github.com/kubernetes-sigs/dranet/blob/f258477cbea0551b7ad239e3873a997a7a3d116b/site/content/docs/user/kuberay.md#L78-L171 (fourth code block of the DRANET KubeRay page, whole)',
    expert: 'no-problem',
    why: "DRANET docs: a KubeRay RayCluster on GKE A4 whose 8-GPU workers claim all RDMA NICs through DRANET (resourceClaimTemplate all-nic) with Google's gIB NCCL plugin; no serving engine and no KV hand-off, and the cross-node collectives have RDMA",
  },
  {
    file: 'mintlify-sglang-pvc-runtimeclass-deployment-cut.yaml',
    source:
      "https://mintlify.com/sgl-project/sglang/deployment/kubernetes (the first YAML block, as the stored copy in the docs corpus holds it, cut inside the Deployment's pod labels where the copy ends)",
    expert: 'not-judged',
    why: 'a mintlify-hosted SGLang Kubernetes guide: a PVC, the nvidia RuntimeClass and a one-replica SGLang Deployment cut inside its pod template labels, before any container: engine, GPUs and flags are not shown',
  },
  {
    file: 'azuredocs-aks-pod-gpudirect-rdma-shared-ib.yaml',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/700dabb4fe0451d482ae09a373617ed68658b021/website/docs/configurations/02-gpu-drivers.md#L112-L132 (the shared-device Pod block of the AKS RDMA InfiniBand docs site, whole)',
    expert: 'no-problem',
    why: 'Azure AKS RDMA/InfiniBand docs: a placeholder-image Pod taking all 8 GPUs, one rdma/shared_ib slot (every NIC reachable) and IPC_LOCK (its comment: memlock unlimited): no serving engine and no KV hand-off, and the RDMA path is declared',
  },
  {
    file: 'ocidocs-oke-pytorchjob-yolov5-hostnet-rdma.yaml',
    source:
      'https://github.com/oracle-quickstart/oci-hpc-oke/blob/61d210acc37f1990f27012aa4f108c5db4e52ab2/docs/running-pytorch-jobs-on-oke-using-hostnetwork-with-rdma.md#L526-L613 (the PyTorchJob block of the OCI OKE guide, whole)',
    expert: 'no-problem',
    why: 'OCI OKE guide: a Kubeflow PyTorchJob training YOLOv5 on 2 one-GPU workers over hostNetwork, privileged with IPC_LOCK, /dev/infiniband mounted and the RoCE HCAs named for NCCL: training with no KV hand-off, and the cross-node NCCL path has RDMA',
  },
];
