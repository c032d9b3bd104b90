import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m26 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const ARKS = 'https://github.com/scitix/arks/blob/e1732a91286c1e2c402815e95927cc19092d1c4d';
const ARKS_NOTE =
  "(Scitix's Arks operator: an ArksApplication becomes a LeaderWorkerSet of `size` pods, its runtime started with --tensor-parallel-size/--tp from tensorParallelSize by internal/controller/arksapplication_controller.go at that commit; copied with git show)";
const AIBRIX = 'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b';
const KSERVE = 'https://github.com/kserve/kserve/blob';
const GIT_SHOW = '(copied with git show at that commit)';

export const MANIFESTS_m26: ManifestCase[] = [
  {
    file: 'arks-quickstart-vllm-size2-tp2.yaml',
    source: `${ARKS}/examples/quickstart/quickstart.yaml ${ARKS_NOTE}`,
    expert: 'not-judged',
    why: 'Arks quickstart: ArksModel, ArksEndpoint, ArksQuota, ArksToken and an ArksApplication running vLLM with size 2 and tensorParallelSize 2, one GPU per pod (the multi-node form), no RDMA resource, network or host network: aggregated, no KV hand-off, but the tensor-parallel traffic crosses the two pods over the pod network',
  },
  {
    file: 'arks-sample-sglang-size1-tp2-1gpu.yaml',
    source: `${ARKS}/config/samples/arks_v1_arksapplication_sglang.yaml ${ARKS_NOTE}`,
    expert: 'no-problem',
    why: 'Arks sample ArksApplication, SGLang runtime, size 1 (one pod) with one GPU: aggregated in one pod, no KV hand-off between pods (the tensorParallelSize 2 that Arks passes as --tp does not fit the one GPU requested: a start-up error, not a KV path)',
  },
  {
    file: 'kaiwo-kaiwoservice-vllm-ray-4gpu.yaml',
    source:
      "https://github.com/silogen/kaiwo/blob/0d469059a7950aca9f560418f1ae9b3948c0c417/workloads/inference/LLMs/online-inference/vllm-online-single-multinode/kaiwoservice-llama-3.1-8b-instruct.yaml (AMD SiloGen's Kaiwo operator: a KaiwoService with ray: true becomes a RayService; the path is gone from the newest snapshot; copied with git show at that commit)",
    expert: 'not-judged',
    why: 'KaiwoService (ROCm Ray image, 4 GPUs, ray: true) serving Llama-3.1-8B through a Ray Serve app whose parallelism comes from Python code not in the file; NCCL_P2P_DISABLE=1 (the multi-node recipe) and no RDMA resource or network: aggregated, no KV hand-off, but whether the operator spreads the 4 GPUs over pods, and so whether the engine traffic crosses the pod network, is not shown',
  },
  {
    file: 'ome-kimi-k2-instruct-agg-tp8-rt.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/srt/moonshotai/kimi-k2-instruct-rt.yaml (copied with git show at that commit)',
    expert: 'no-problem',
    why: 'OME ClusterServingRuntime: one aggregated SGLang engine pod for Kimi-K2 (TP8 on 8 GPUs, Memory /dev/shm) behind an SMG router with service discovery: no KV hand-off between pods',
  },
  {
    file: 'aibrix-vllm-sim-pd-stormservice.yaml',
    source: `${AIBRIX}/samples/ai-gateway-integration/disaggregation/vllm-sim-pd-stormservice.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: "AIBrix StormService P/D for the AI gateway demo: prefill and decode roles run llm-d's inference simulator (no GPU, no engine), the decode with llm-d's routing sidecar (--connector=nixlv2): simulated, no KV moves between pods",
  },
  {
    file: 'aibrix-neuron-rct-trn2-efa-devicegroup.yaml',
    source: `${AIBRIX}/samples/disaggregation/neuron/xl-lnc2-trn2-efa-rct.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'a DRA ResourceClaimTemplate alone: 8 Neuron cores on trn2.48xlarge and 8 EFA devices constrained to one devicegroup8 (the NIXL/LIBFABRIC path its header describes); no workload in the file, and the claim pairs the accelerators with their own EFA NICs',
  },
  {
    file: 'aibrix-rayclusterfleet-two-node-tp2.yaml',
    source: `${AIBRIX}/samples/distributed/fleet-two-node.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: 'AIBrix RayClusterFleet: vLLM 0.7.1 with --tensor-parallel-size 2 over the Ray executor, one GPU on the head and one on the single worker pod, no RDMA resource, network or host network: aggregated, no KV hand-off, but the tensor-parallel all-reduce crosses the two pods over the pod network',
  },
  {
    file: 'aibrix-infinistore-vllm-offload-rdma.yaml',
    source: `${AIBRIX}/samples/kvcache/infinistore/vllm.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: "one vLLM engine pod (1 GPU, vke.volcengine.com/rdma 1, the rdma pod network, IPC_LOCK) offloading KV through AIBrix's connector to an InfiniStore L2 cache over RDMA; the store is not in the file, and AIBRIX_KV_CACHE_OL_INFINISTORE_VISIBLE_DEV_LIST names four HCAs (mlx5_1..mlx5_4) while the pod is granted one RDMA device: the KV path to the store is undetermined",
  },
  {
    file: 'aibrix-vllm-ascend-stormservice-prefill-only.yaml',
    source: `${AIBRIX}/samples/vllm-ascend/job.yaml ${GIT_SHOW}`,
    expert: 'problem',
    why: 'StormService on Ascend (Volcano scheduler) with a single role named prefill and no decode role; its vLLM-Ascend has no --kv-transfer-config and asks --tensor-parallel-size 2 on one Ascend910: the declared prefill can hand no KV to anything, and the engine cannot start on the one NPU it is given',
  },
  {
    file: 'aibrix-autoscaling-stormservice-pool-elided.yaml',
    source: `${AIBRIX}/samples/autoscaling/stormservice-pool.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: "AIBrix PodAutoscalers for the prefill and decode roles of a pooled StormService whose containers are vllm-openai images with everything else elided (`# ... other config`): the engines' flags, KV connector, GPUs and any RDMA element are not shown",
  },
  {
    file: 'kserve-sriov-network-roce-p2-p13.yaml',
    source: `${KSERVE}/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/dp-ep/deepseek-r1-gpu-rdma-roce/network-roce.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'OpenShift SR-IOV plumbing for the KServe DP/EP samples: two SriovNetworkNodePolicies (isRdma, 8 VFs each on ConnectX PFs p2 and p13, MTU 9000) and two SriovNetworks (roce-p2, roce-p13) with whereabouts IPAM; no workload, so no KV hand-off in the file',
  },
  {
    file: 'kserve-llmisvc-qwen3-dp16-ep-one-hca.yaml',
    source: `${KSERVE}/4ba37d26ebb6ff1d66716f38f2334fc058745abe/docs/samples/llmisvc/dp-ep/qwen3-nvidia/llm-inference-service-dp-ep-multi-qwen-gpu.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: 'KServe LLMInferenceService: aggregated Qwen3-Coder-30B-A3B with data parallel 16 (8 local) and expert parallel over a leader and a worker pod pinned to two hosts, each with 8 GPUs, rdma/roce_gdr 8 and a SR-IOV network; no KV hand-off, but NCCL_IB_HCA and NVSHMEM_HCA_LIST name one port (mlx5_25) and UCX_NET_DEVICES one interface for 8 GPUs, so the cross-node expert all-to-all runs on one rail of the eight granted',
  },
  {
    file: 'kserve-llmisvc-lmcache-valkey-2rep.yaml',
    source: `${KSERVE}/bd4169755814146c6636bbf51d66d5daa4031b68/docs/samples/llmisvc/lmcache-valkey-offloading/llmisvc-lmcache-valkey.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, two 1-GPU vLLM replicas with LMCacheConnectorV1 kv_both, local CPU cache and a Valkey remote backend (Deployment and Service in the file): KV offloaded to and shared through a cache over TCP by design, no prefill-to-decode hand-off; a cache miss only recomputes',
  },
  {
    file: 'gke-rayservice-llama2-70b-l4x2-nf4.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf/ai-ml/gke-ray/rayserve/llama2-70b.yaml (copied with git show at that commit)',
    expert: 'no-problem',
    why: 'GKE RayService (anyscale/ray-llm image): Llama-2-70B quantised to NF4 by a Serve app from a ConfigMap, one replica on one worker pod with 2 L4 GPUs, a CPU-only head: the model runs inside one pod, no KV hand-off between pods',
  },
  {
    file: 'ome-vllm-ray-dsv3-rdma-rt-leader-only.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/5c48fd35efdd60c18aad409262e9026e4a50cc26/config/runtimes/vllm/deepseek-v3-rdma-rt.yaml (the path is gone from the newest snapshot; copied with git show at that commit)',
    expert: 'not-judged',
    why: 'OME ClusterServingRuntime for vLLM on Ray: DeepSeek-V3 TP8 x PP2 on OCI BM.GPU.H100.8, host network, privileged with IPC_LOCK, /dev/infiniband and NCCL_IB_HCA naming 16 ports; no KV hand-off, but the engine waits for 16 GPUs in its Ray cluster while the file declares only this 8-GPU pod (no workerConfig): the second node and its path are not shown',
  },
  {
    file: 'ome-vllm-dsv4-pro-multinode-lws-rdma-rt.yaml',
    source:
      "https://github.com/sgl-project/ome/blob/27ce582ad0ebc4ae33cc788cd9e30bd43c406a92/config/runtimes/vllm/deepseek-ai/deepseek-v4-pro-multi-rt.yaml (newer than the fetched snapshot; written out from read_file's text for that commit, its length checked: 8900 characters)",
    expert: 'no-problem',
    why: "OME ClusterServingRuntime: aggregated vLLM DeepSeek-V4-Pro, TP8 x PP2 with expert parallel over a leader and one headless worker of 8 H100 each (--nnodes 2), both on the host network, privileged with IPC_LOCK, /dev/infiniband mounted and OME's oci-roce RDMA auto-inject: no KV hand-off, and the cross-node traffic has the hosts' RDMA",
  },
  {
    file: 'gke-rayservice-vllm-tpu-v6e-4x4-multihost.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf/ai-ml/gke-ray/rayserve/llm/tpu/ray-service.tpu-v6e-multihost.yaml (copied with git show at that commit)',
    expert: 'no-problem',
    why: 'GKE RayService serving vLLM on a TPU v6e 4x4 slice (one worker group, numOfHosts 4, google.com/tpu 4 each): one aggregated engine over the slice, whose hosts talk over the TPU interconnect; no KV hand-off between engines',
  },
  {
    file: 'aibrix-vineyard-vllm-tp4-ray-1gpu.yaml',
    source: `${AIBRIX}/samples/kvcache/vineyard/deployment-tp.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: 'AIBrix vineyard KV cache sample: one vLLM pod with one GPU running deepseek-coder-33b at --tensor-parallel-size 4 on the Ray executor, no Ray cluster or other GPU pod in the file, KV offloaded through a node-local vineyard socket to a KV cache service not shown: the three other GPUs the engine needs, and the path to them, are not shown (or it cannot start)',
  },
  {
    file: 'gke-lws-jetstream-pathways-405b-tpu-v6e-4x4.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf/ai-ml/llm-serving-tpus-jetstream/pathways/jetstream-pathways-llama-3-1-405b-4x4.yaml (copied with git show at that commit)',
    expert: 'no-problem',
    why: "GKE LeaderWorkerSet (size 5): a leader running the Pathways proxy, resource manager and JetStream for Llama-3.1-405B (ICI tensor parallel 8, autoregressive 2) and four Pathways workers with 4 TPU v6e chips each on one 4x4 slice: one aggregated engine over the slice's interconnect, no KV hand-off between engines",
  },
];
