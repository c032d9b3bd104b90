import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m19 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: manifests published in blog posts, tutorials, workshop repositories and personal
 * repositories. A blog series kept in a repository (maci0's "GKE inference from scratch", part 2), a
 * recipe site kept in a repository (kubernetesrecipes.github.io: its DisaggregatedSet, Dynamo, LWS and
 * inter-node tensor-parallel recipes), a personal llm-d/KServe lab on GKE (johnahull), a RoCE home lab's
 * Dynamo phase 2 (highopes: its GDS/KVBM DGD, a `kubectl get -o yaml` List dump and an operator-converted
 * v1beta1 backup), a Dynamo workshop (arunraman), and an AWS engineer's workshop and notes repositories on
 * EFA (dmvevents: dynamo-vault, atlworkshop). Every file is byte for byte `git show <commit>:<path>` from a
 * fetched snapshot; a Markdown source gives one whole code block (lines named in the source), except the
 * GKE blog's block, which wraps the manifest in `cat <<EOF| kubectl apply -f -` … `EOF`: the file is the
 * contiguous heredoc body between those two lines. None is cut.
 */
const GKE_SCRATCH =
  'https://github.com/maci0/gke-inference-from-scratch/blob/b51483b53429464dcab12148636fd412020c1194';
const RECIPES =
  'https://github.com/greg4fun/kubernetesrecipes.github.io/blob/1d6df9c6a3c54a6027371eb7cfea4575e0f1f87f/src/content/recipes';
const RECIPES_NOTE = '(one yaml code block of the recipe, Luca Berton’s Kubernetes Recipes site)';
const XKS = 'https://github.com/johnahull/llm-d-xks-gke/blob/7630140c1047f7b6e4b4f18353d96e44d10125f3';
const HIGHOPES =
  'https://github.com/highopes/pd-disaggregation-demo/blob/2dc2f876e4240f3b84da768152d5085857ae16c7/pd-disaggregation/phase2';
const WORKSHOP = 'https://github.com/arunraman/dynamo-workshop/blob/770bc8393892dca0669edbfee4ad2d8f06186b91';
const VAULT = 'https://github.com/dmvevents/dynamo-vault/blob/14fd4c2e4f9318cc0731d699708d6ac30f270914';
const ATL = 'https://github.com/dmvevents/atlworkshop/blob/0a40ca38406069562de6527bc75d4b38f9c22e03';

export const MANIFESTS_m19: ManifestCase[] = [
  {
    file: 'gkescratch-lws-vllm-multinode-a3ultra-rdma.yaml',
    source: `${GKE_SCRATCH}/part2.md#L762-L943 (blog series part 2, "Deploy Multi-Node vLLM": the manifest inside the code block's cat <<EOF heredoc)`,
    expert: 'no-problem',
    why: 'LeaderWorkerSet, aggregated vLLM gemma-3-27b with TP8 inside each 8-GPU pod and pipeline parallel over the 2 pods (A3 Ultra H200), both pods on the 8 GKE RDMA networks with IPC_LOCK and the gIB NCCL environment sourced: no KV hand-off, and the pipeline traffic between nodes has RDMA',
  },
  {
    file: 'xksgke-lws-mixtral-tp8-hostnet-a3high.yaml',
    source: `${XKS}/deployments/gateway-api/pattern4-moe/manifests/pattern4-poc-lws.yaml`,
    expert: 'problem',
    why: 'LeaderWorkerSet "MoE PoC": vLLM 0.6.3 Mixtral TP8 spread over 8 one-GPU pods (leader + 7 workers), hostNetwork but not privileged, no RDMA resource or /dev/infiniband (NCCL_IB_HCA names mlx5 ports that A3 High, named in the header, does not have): tensor-parallel all-reduce between pods and nodes falls to NCCL sockets over TCP every layer',
  },
  {
    file: 'xksgke-llmisvc-qwen-t4-scaleout.yaml',
    source: `${XKS}/deployments/llm-d-infra-xks-gke-tpu-native-gateway/manifests/llmisvc-gpu-pattern3.yaml`,
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, aggregated vLLM Qwen2.5-3B as 3 replicas of one T4 each behind the EPP scheduler: no KV hand-off between pods',
  },
  {
    file: 'highopes-dgd-v1beta1-vllm-pd-kvbm-gds-roce.yaml',
    source: `${HIGHOPES}/dynamo/qwen3-14b-pd-kvbm-gds.yaml`,
    expert: 'no-problem',
    why: 'Dynamo 1.2.1 v1beta1 DGD, vLLM 1P1D on a RoCE lab: each one-GPU worker pinned to its own node with rdma/ib 1, hostNetwork, IPC_LOCK and ulimit -l unlimited, NixlConnector (prefill through PdConnector with KVBM disk offload over GDS), UCX_TLS rc_x,rc,cuda_copy,cuda_ipc on mlx5_0:1 with RoCE GID 3: every element of the KV path declared (the decode mounts hf-cache-pvc without a volume of that name in its pod spec, a deployment slip outside the fabric)',
  },
  {
    file: 'highopes-dgd-list-live-vllm-pd-roce.yaml',
    source: `${HIGHOPES}/evidence/runs/20260725-135015/dgd-all.yaml (a kubectl get -o yaml List of the live DGD)`,
    expert: 'no-problem',
    why: 'a v1 List holding the live v1beta1 DGD (converted by the operator, state successful): vLLM 1P1D, each one-GPU worker on its own node with rdma/ib 1, hostNetwork, IPC_LOCK, NixlConnector and UCX rc on mlx5_0:1 with RoCE GID 3: every element of the KV path declared',
  },
  {
    file: 'highopes-dgd-v1beta1-vllm-disagg-kvbm-type-worker.yaml',
    source: `${HIGHOPES}/backup/runtime-disagg-kvbm-v1beta1.yaml`,
    expert: 'not-judged',
    why: 'v1beta1 DGD (disagg_kvbm in converted form): prefill and decode both `type: worker` but told --disaggregation-mode prefill/decode, PdConnector (KVBM + NIXL) and NixlConnector, one GPU each; no RDMA resource, network or hostNetwork and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynworkshop-dgd-sglang-dsr1-8gpu-pd-no-rdma.yaml',
    source: `${WORKSHOP}/lab3/k8s/deepseek-r1-8gpu-singlenode.yaml`,
    expert: 'not-judged',
    why: 'Dynamo workshop DGD, SGLang DeepSeek-R1 prefill (TP8/EP8) and decode (TP8, DP-attention, EP8), 8 GPUs per pod so the two pods sit on two nodes, NIXL transfer backend (UCX by default); no RDMA resource, network or hostNetwork: KV crosses nodes over the pod network',
  },
  {
    file: 'dynworkshop-dgd-vllm-agg-connector-nixl-0.6.yaml',
    source: `${WORKSHOP}/lab2/kvbm_baseline.yaml`,
    expert: 'no-problem',
    why: 'Dynamo 0.6.0 DGD with one one-GPU vLLM worker and --connector nixl but no prefill worker: aggregated, no KV hand-off between pods',
  },
  {
    file: 'dynvault-dgd-trtllm-efa-libfabric-no-device-rdma.yaml',
    source: `${VAULT}/gists/trtllm-disagg-v56a-single-efa.yaml`,
    expert: 'not-judged',
    why: 'TRT-LLM 1P1D on p5 with 1 EFA each, privileged, IPC_LOCK, /dev/infiniband and TRTLLM_NIXL_KVCACHE_BACKEND=LIBFABRIC, but FI_EFA_USE_DEVICE_RDMA=0 (no GPUDirect on EFA: KV staged through host memory) and the engine configs (cache_transceiver) come from a ConfigMap not in the file',
  },
  {
    file: 'dynvault-dgd-trtllm-efa-nixl-backend-env-only.yaml',
    source: `${VAULT}/kubernetes/libfabric/deployment.yaml`,
    expert: 'not-judged',
    why: 'TRT-LLM 1P1D on p5 with 1 EFA each, privileged with IPC_LOCK and /dev/infiniband; LIBFABRIC is asked for only through NIXL_BACKEND, which TRT-LLM does not read (its selector TRTLLM_NIXL_KVCACHE_BACKEND is unset, so NIXL uses UCX, here allowed srd and tcp), FI_HMEM_DISABLE_P2P=1, and the engine configs come from a ConfigMap not in the file',
  },
  {
    file: 'atlworkshop-pod-efa-test.yaml',
    source: `${ATL}/infrastructure/kubernetes/efa-test-pod.yaml`,
    expert: 'no-problem',
    why: 'a workshop check pod (1 GPU, 1 EFA) that lists /dev/infiniband, fi_info and nvidia-smi: no serving and no KV',
  },
  {
    file: 'k8srecipes-disaggregatedset-lws-vllm-made-up-flags.yaml',
    source: `${RECIPES}/disaggregatedset-leaderworkerset-llm-inference-kubernetes.md#L89-L272 ${RECIPES_NOTE}`,
    expert: 'problem',
    why: 'DisaggregatedSet of LeaderWorkerSet roles: prefill TP4 x PP4 over four one-GPU pods, decode TP2 over two one-GPU pods, NCCL on eth0 with no RDMA resource, network or hostNetwork; vLLM is given --enable-disagg/--disagg-role, which it does not have, and no KV connector: no KV path at all, and tensor parallel crosses pods over TCP',
  },
  {
    file: 'k8srecipes-disaggregatedset-llmd-kv-config-path.yaml',
    source: `${RECIPES}/integrate-disaggregatedset-llmd-kubernetes.md#L122-L249 ${RECIPES_NOTE}`,
    expert: 'problem',
    why: 'DisaggregatedSet for llm-d: prefill TP2 over two one-GPU pods (NCCL on eth0, no RDMA) and one-GPU decodes; --kv-transfer-config is given a file path (/etc/vllm/kv-transfer.yaml, vLLM expects JSON; no volume holds it) beside the made-up --enable-disagg/--disagg-role: the KV connector cannot be configured, and prefill TP crosses pods over TCP',
  },
  {
    file: 'k8srecipes-dynamograph-unknown-kind-disagg.yaml',
    source: `${RECIPES}/nvidia-dynamo-distributed-inference-kubernetes.md#L142-L215 ${RECIPES_NOTE}`,
    expert: 'not-judged',
    why: '`nvidia.com/v1beta1 DynamoGraph` is no Dynamo CRD (the graph is DynamoGraphDeployment, with components): its prefill/decode/kvCache.nixl fields are read by no operator; SGLang 4 TP4 prefill and 8 decode replicas with no RDMA, network or placement declared: the KV path is undetermined',
  },
  {
    file: 'k8srecipes-lws-vllm-tp16-two-nodes-no-rdma.yaml',
    source: `${RECIPES}/inter-node-tensor-parallelism-kubernetes.md#L230-L296 ${RECIPES_NOTE}`,
    expert: 'problem',
    why: 'LeaderWorkerSet, aggregated vLLM Llama-70B TP16 over two 8-GPU pods via Ray; NCCL_IB_DISABLE=0 but no RDMA resource, /dev/infiniband, privilege or hostNetwork, NCCL_SOCKET_IFNAME=eth0: the tensor-parallel all-reduce crosses nodes over TCP every layer',
  },
  {
    file: 'k8srecipes-lws-vllm-tp8-pp2-no-rdma.yaml',
    source: `${RECIPES}/lws-multi-node-distributed-inference.md#L48-L178 ${RECIPES_NOTE}`,
    expert: 'not-judged',
    why: 'LeaderWorkerSet, aggregated vLLM Llama-405B TP8 inside each 8-GPU pod and PP2 over the two pods, NCCL on eth0 with no RDMA resource, network or hostNetwork: no KV hand-off, but the pipeline stage boundary crosses nodes over TCP',
  },
];
