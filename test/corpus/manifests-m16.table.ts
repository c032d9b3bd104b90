import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m16 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: manifests users pasted into GitHub issue threads while asking for help or reporting a bug
 * (Dynamo, llm-d's wide-EP LeaderWorkerSets pasted into vLLM threads, LWS, AIBrix, KServe, KubeRay's RayService
 * in a Ray thread, the NVIDIA DRA driver), none of the threads m10 took. Each file is exactly one YAML code block
 * (or, for dynamo#4299, one code span opened by a single backtick) from one post, as the thread's stored copy
 * holds it, from its first line; where that copy ends inside the block the file ends there too (mid-line
 * included, no final newline) and its name says `cut`. The stored copies carry no comment anchors, so the
 * source names the thread and the post.
 */
export const MANIFESTS_m16: ManifestCase[] = [
  {
    file: 'llmd-vllm-issue46830-lws-glm52-wide-ep-prefill-cut.yaml',
    source:
      'https://github.com/vllm-project/vllm/issues/46830 (comment by elvircrn, turn 2 of the thread; llm-d wide-ep-lws guide manifest; block cut by the stored copy)',
    expert: 'not-judged',
    why: "llm-d wide-EP prefill LeaderWorkerSet (size 1, GLM-5.2-FP8, vLLM nightly, root with IPC_LOCK, 2Gi /dev/shm), cut inside the launch script before the engine flags, env and resources: the prefill side's GPUs, KV connector and RDMA devices are not shown, and the decode side is not in the file",
  },
  {
    file: 'llmd-vllm-issue46834-lws-glm52-wide-ep-decode-cut.yaml',
    source:
      'https://github.com/vllm-project/vllm/issues/46834 (comment by elvircrn, turn 4 of the thread; llm-d wide-ep-lws guide manifest; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'llm-d wide-EP decode LeaderWorkerSet (size 2, pods packed by CoreWeave leaf-group affinity) whose routing-proxy sidecar speaks nixlv2, cut at the sidecar image before the vLLM container: the decode engine, its KV connector, GPUs and RDMA devices are not shown, nor the prefill side',
  },
  {
    file: 'aibrix-issue1714-stormservice-vllm-2p2d-tp2-rdma-cni-cut.yaml',
    source:
      'https://github.com/vllm-project/aibrix/issues/1714 (description by dczhu, turn 0 of the thread; block cut by the stored copy)',
    expert: 'not-judged',
    why: "AIBrix StormService vllm-2p2d-tp2: a 2-replica prefill role with two Volcengine RDMA CNI attachments and a NIXL/LMCache vLLM image, cut at the prefill container's command: its engine args (KV connector, TP), GPU and RDMA resources and the whole decode role are not shown",
  },
  {
    file: 'ray-issue47746-rayservice-vllm-tp2-l4-cut.yaml',
    source:
      'https://github.com/ray-project/ray/issues/47746 (description by sureshmoligi, 2024-09-19; KubeRay RayService; block cut by the stored copy)',
    expert: 'not-judged',
    why: "KubeRay RayService serving vLLM with TENSOR_PARALLELISM 2 (num_gpus 2 per replica, up to 4 replicas) on GKE L4s, cut at the head container's resources: aggregated, no KV hand-off between engines, but the GPU worker group where the tensor-parallel workers land (and whether they span pods) is not shown",
  },
  {
    file: 'dynamo-issue4299-trtllm-disagg-multinode-get-yaml-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/4299 (description by Monokaix, 2025-11-13; `kubectl get -o yaml` output in a single-backtick code span; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'Dynamo v1alpha1 DGD read back from the cluster: TRT-LLM disagg-multinode decode worker (decode_first, an LWS second-node address in its env, container resources {}), cut at its tolerations: the prefill worker, node counts, GPU and RDMA/EFA resources of the KV path are not shown',
  },
  {
    file: 'dynamo-issue12164-v1b1-vllm-multinode-scalar-tp2-1gpu.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/12164 (description by sttts, 2026-07-25; the "Case C" block)',
    expert: 'not-judged',
    why: 'v1beta1 DGD: frontend and one aggregated vLLM worker (Qwen3-0.6B, --tensor-parallel-size 2, mp backend) spread over multinode nodeCount 2 with one GPU per pod: no KV hand-off between pods, but the tensor-parallel traffic crosses nodes with no RDMA resource, DRA NIC, ComputeDomain or RDMA network, i.e. over the pod network',
  },
  {
    file: 'dynamo-issue4941-vllm-agg-multinode-ray-2x1gpu-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/4941 (description by tmonty12, 2025-12-12; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'v1alpha1 DGD vllm-agg: an aggregated VllmDecodeWorker with multinode nodeCount 2 and one GPU per pod, no RDMA element, cut in its args right after --tensor-parallel-size 1: no KV hand-off, but the parallelism that makes the engine span the two pods is not shown',
  },
  {
    file: 'lws-issue184-vllm-405b-tp8-pp2-ray-cut.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/issues/184 (description by liurupeng, 2024-07-31; block cut by the stored copy)',
    expert: 'not-judged',
    why: "LeaderWorkerSet (size 2) running vLLM Llama-3.1-405B TP8 PP2 over Ray on two 8xH100 nodes, cut at the leader's resource limits: aggregated, no KV hand-off, but the leader's GPUs, /dev/shm and any RDMA device and the whole worker template are not shown",
  },
  {
    file: 'aibrix-issue1423-rayclusterfleet-qwen-coder-cut.yaml',
    source:
      'https://github.com/vllm-project/aibrix/issues/1423 (description by ltm920716, turn 0 of the thread; block cut by the stored copy)',
    expert: 'not-judged',
    why: "AIBrix RayClusterFleet for qwen-coder-7b-instruct, its head group pinned to three HGX hosts, cut inside the head's hostPath volume: no container, engine, GPU or worker group is shown",
  },
  {
    file: 'kserve-issue5035-llmisvc-distilgpt2-vllm-cpu.yaml',
    source: 'https://github.com/kserve/kserve/issues/5035 (description by esparig, 2026-02-03)',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService (v1alpha1) with one replica of a CPU vLLM image serving distilgpt2, no GPU, no prefill or worker section: aggregated, no KV hand-off between pods',
  },
  {
    file: 'kserve-issue4640-isvc-huggingface-qwen14b-mig-cut.yaml',
    source:
      'https://github.com/kserve/kserve/issues/4640 (description by rosemorozenkova, 2025-08-11; block cut by the stored copy)',
    expert: 'no-problem',
    why: "KServe InferenceService, Hugging Face runtime serving Qwen2.5-14B on one MIG 7g.80gb slice, one predictor: aggregated, no KV hand-off; the cut takes only the end of the requests' MIG value, the limits are shown",
  },
  {
    file: 'kserve-issue4722-isvc-huggingface-qwen05b-runtimeclass-cut.yaml',
    source:
      'https://github.com/kserve/kserve/issues/4722 (comment by jokestax, 2025-12-12; block cut by the stored copy)',
    expert: 'no-problem',
    why: 'KServe RawDeployment InferenceService with the nvidia runtimeClass serving Qwen2.5-0.5B through the Hugging Face runtime, cut inside its env: one predictor of a small model, aggregated, nothing the cut removes can create a KV hand-off between pods',
  },
  {
    file: 'kserve-issue3922-isvc-get-yaml-last-applied-llama3-cut.yaml',
    source:
      'https://github.com/kserve/kserve/issues/3922 (description by vanakema, 2024-09-05; `kubectl get -o yaml` output; block cut by the stored copy)',
    expert: 'no-problem',
    why: 'KServe InferenceService read back from the cluster, cut inside its last-applied-configuration, which shows the applied spec: one RawDeployment predictor serving Llama-3-8B on one GPU through the Hugging Face runtime, aggregated, no KV hand-off',
  },
  {
    file: 'dynamo-issue4855-sglang-dsr1-disagg-nccl-ib-env-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/4855 (description by nskpro-cmd, turn 0 of the thread; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'v1alpha1 DGD for SGLang DeepSeek-R1-0528 disaggregated on 2x8 H100, graph-wide NCCL InfiniBand env (IB enabled, GID index 3, sockets on eth0), cut inside the frontend volumes: no prefill or decode worker, transfer backend, GPU or RDMA resource is shown',
  },
  {
    file: 'dynamo-issue10671-v1b1-qwen3-frontend-hardened-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/10671 (description by treydock, turn 0 of the thread; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'v1beta1 DGD qwen3 cut inside the frontend component (non-privileged, all capabilities dropped): no worker, engine, KV connector or fabric element is shown',
  },
  {
    file: 'dra-issue46-claimtemplate-v1alpha2-sleep-pod.yaml',
    source:
      'https://github.com/kubernetes-sigs/dra-driver-nvidia-gpu/issues/46 (description by parthyadav3105, 2024-01-03; the repository was NVIDIA/k8s-dra-driver-gpu then)',
    expert: 'no-problem',
    why: 'a resource.k8s.io/v1alpha2 ResourceClaimTemplate for class gpu.nvidia.com and an ubuntu Pod that claims one GPU and sleeps: no engine, no KV hand-off',
  },
];
