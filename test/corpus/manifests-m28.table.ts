import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m28 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const LMCACHE = 'https://github.com/LMCache/LMCache/blob';
const READ_FILE =
  "(the stored snapshot of LMCache/LMCache is from 2024 and lacks the file: text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked)";
const READ_FILE_OTHER =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked)";

export const MANIFESTS_m28: ManifestCase[] = [
  {
    file: 'lmcache-1p1d-lws.yaml',
    source: `${LMCACHE}/747d85d374f9474eefaef2b282bb7d71f5962767/examples/disagg_prefill/1p1d/k8s/1p1d-lws.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "LeaderWorkerSet of 3: a proxy leader, worker 1 a vLLM decoder (LMCacheConnectorV1 kv_consumer), worker 2 a prefiller (kv_producer), one GPU each; LMCache's P/D configs come from the image (not shown), UCX_TLS=cuda_ipc,cuda_copy,tcp and no RDMA resource, network or host network: the KV hand-off between the two pods goes over TCP at best",
  },
  {
    file: 'lmcache-xp1d-statefulsets.yaml',
    source: `${LMCACHE}/f8c9e542806c6bd1c55f7260c8310fafaa1e19e4/examples/disagg_prefill/k8s/xp1d.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: '2 prefiller and 1 decoder vLLM StatefulSets (LMCacheConnectorV1 producer/consumer, 1 GPU each) behind a proxy; LMCache configs from ConfigMaps not in the file, UCX_TLS=cuda_ipc,cuda_copy,tcp and no RDMA resource, network or host network: KV between the prefiller and decoder pods goes over TCP at best',
  },
  {
    file: 'lmcache-operator-vllm-pd-hostnetwork.yaml',
    source: `${LMCACHE}/6be5082d552922860adf3432b79ece60a51e9090/operator/config/samples/vllm_pd_disaggregation.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "LMCache operator sample: prefiller and decoder vLLM Deployments (1 GPU each, hostNetwork, UCX_NET_DEVICES=all) whose NIXL MultiConnector kv-transfer-config and hostIPC are injected by the operator's webhook (not in the file), behind a vllm-router; no RDMA device resource, not privileged, nothing keeps the two on one node: the KV path between them is not declared and may be TCP",
  },
  {
    file: 'lmcache-operator-lmcacheengine-pd.yaml',
    source: `${LMCACHE}/6be5082d552922860adf3432b79ece60a51e9090/operator/config/samples/lmcache_v1alpha1_lmcacheengine_pd_prefiller.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'an LMCacheEngine CR alone (a per-node cache server DaemonSet with a pd block that makes the operator write NIXL producer/consumer configs for vLLM pods); the prefill and decode pods that hand KV over, and their fabric, are not in the file',
  },
  {
    file: 'lmcache-sglang-tp4-localcpu.yaml',
    source: `${LMCACHE}/90edd03745ee9f6f0dc176e272eca0d2eacf3fd8/examples/sgl_integration/sglang-deployment.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'one SGLang pod, TP4 on its 4 GPUs with a Memory /dev/shm, LMCache offloading to local CPU memory: aggregated, no KV hand-off between pods',
  },
  {
    file: 'lmcache-mp-vllm-tp4-hostshm.yaml',
    source: `${LMCACHE}/4f35481ae672a5f7f409e45ea1633d1b93422858/examples/multi_process/vllm-deployment.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: "one vLLM pod, TP4 on its 4 GPUs with the host's /dev/shm, LMCacheMPConnector (kv_both) to the LMCache server on its own node (tcp://status.hostIP, engine-driven copies): KV offload stays on the node, no hand-off between prefill and decode pods",
  },
  {
    file: 'kuberay-rayservice-vllm-tp2-worker.yaml',
    source: `https://github.com/ray-project/kuberay/blob/acf14c1666cc6c4655546098098d431669932add/ray-operator/config/samples/vllm/ray-service.vllm.yaml ${READ_FILE_OTHER}`,
    expert: 'no-problem',
    why: 'RayService serving Llama-3-8B with vLLM TP2 (PP1) from one Ray Serve replica; the head has no GPU and the one GPU worker pod has 2 GPUs, so both tensor-parallel ranks sit in one pod: aggregated, no KV hand-off between pods',
  },
  {
    file: 'kaito-workspace-llama33-70b-count2-nc48.yaml',
    source: `https://github.com/kaito-project/kaito/blob/0e39c99caf319bdad7bdd6e5b169155d4510a3a7/examples/inference/kaito_workspace_llama-3.3_70b_instruct.yaml ${READ_FILE_OTHER}`,
    expert: 'not-judged',
    why: 'KAITO Workspace for Llama-3.3-70B on count 2 Standard_NC48ads_A100_v4 nodes (2 A100 each, no InfiniBand) with a vLLM ConfigMap: aggregated, no KV hand-off, but whether the preset spreads one engine over the two nodes (multi-node over the pod network) is decided by KAITO, not shown',
  },
  {
    file: 'kubeai-model-llama31-405b-fp8-a100-tp8.yaml',
    source: `https://github.com/substratusai/kubeai/blob/87b690498e416665493894689256ac3c47b807f9/manifests/models/llama-3.1-405b-instruct-fp8-a100-80b.yaml ${READ_FILE_OTHER}`,
    expert: 'no-problem',
    why: 'KubeAI Model: vLLM TP8 for Llama-3.1-405B FP8 on one nvidia-gpu-a100-80gb:8 profile (one pod, 8 GPUs): aggregated, no KV hand-off between pods',
  },
  {
    file: 'kubeai-model-llama33-70b-gh200-offload.yaml',
    source: `https://github.com/substratusai/kubeai/blob/0c8094c56f978796bf265c32ba9bf00a5da9a877/manifests/models/llama-3.3-70b-instruct-bf16-gh200.yaml ${READ_FILE_OTHER}`,
    expert: 'no-problem',
    why: 'KubeAI Model: vLLM on one GH200 with 60 GB of weights offloaded to CPU memory and prefix caching: one pod, one GPU, no KV hand-off between pods',
  },
  {
    file: 'lmcache-operator-cacheblendengine-pd-prefiller.yaml',
    source: `${LMCACHE}/086f1900c993f74fb85e338d3bdf9b2110f2fd50/operator/config/samples/lmcache_v1alpha1_cacheblendengine_pd.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'a CacheBlendEngine CR alone in the P/D prefiller role: the operator runs its node-local cache and has the webhook give the prefiller vLLM a MultiConnector whose NixlConnector (kv_producer) sends KV GPU to GPU to a decoder; neither vLLM pod nor any RDMA element is in the file, so the KV path is not shown',
  },
  {
    file: 'lmcache-operator-vllm-inject-1gpu.yaml',
    source: `${LMCACHE}/53628dae0b6d52a655214cd87914f8ecd1de9bf5/operator/config/samples/vllm_lmcache_deployment.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'one vLLM Deployment (1 GPU, 1 replica) that opts in to the LMCache webhook, which adds hostIPC and an LMCacheMPConnector kv-transfer-config for the node-local LMCache server (no pd-role): KV offload stays on the node through CUDA IPC, no hand-off between prefill and decode pods',
  },
];
