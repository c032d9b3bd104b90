import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m14 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: parts of repositories the corpus had not touched: operator test data (Kthena's ModelBooster
 * converter testdata, the NIM Operator's e2e data), benchmark harnesses (inference-perf's KubeCon demo,
 * aiperf's load-test graph, OME's BenchmarkJob), platform and playbook repositories (devfloor9's EKS
 * playbook), operators not used before (the NVIDIA NIM Operator's NIMService/NIMCache samples, the Mooncake
 * store operator) and Dynamo recipes at the newest fork (v1beta1 `components`, GH200, GB200 ComputeDomain).
 * Files from a fetched snapshot are byte for byte `git show <commit>:<path>`; four whose commit is not in a
 * snapshot that could be fetched are the text the search tool's read_file returned for the commit named,
 * written out unchanged and their length checked against its total_chars. Five more candidates (Dynamo's
 * AKS IB, p6-b200 EFA, single-node and GB200 wide-EP recipes and RBG's leader-worker P/D) turned out to be
 * byte for byte copies of test/fixtures and were dropped before any reading; three v1beta1 re-releases of
 * fixtures' v1alpha1 files (EKS TCP and p5, the Nemotron H100 EFA recipe) were dropped too.
 */
const NIMOP = 'https://github.com/NVIDIA/k8s-nim-operator/blob/f63f74d7ad22eaea7943cc640e545f4ccdbb8077';
const KTHENA = 'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719';
const WXSMS = 'https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f';
const FORK = "(a fork of ai-dynamo/dynamo; the path is upstream's)";
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked";

export const MANIFESTS_m14: ManifestCase[] = [
  {
    file: 'nimop-nimservice-dsr1-pp2-tp8-rdma-ipoib-nccl-socket.yaml',
    source: `${NIMOP}/config/samples/nim/serving/advanced/multi-node/multi-node-nimservice-rdma.yaml`,
    expert: 'not-judged',
    why: 'NIM Operator NIMCache + multi-node NIMService (DeepSeek-R1 on SGLang, tensor 8 x pipeline 2 over two 8-GPU pods started by MPI): aggregated, no KV hand-off; each pod gets an RDMA shared device and an IPoIB network, but NCCL_NET=Socket forces the cross-node pipeline traffic onto TCP sockets over net1, leaving the HCA unused by NCCL: degraded, not broken',
  },
  {
    file: 'nimop-nimservice-dsr1-pp2-tp8-eth0.yaml',
    source: `${NIMOP}/config/samples/nim/serving/advanced/multi-node/multi-node-nimservice.yaml`,
    expert: 'not-judged',
    why: 'NIM Operator multi-node NIMService without RDMA (its own comment): DeepSeek-R1 tensor 8 x pipeline 2 over two 8-GPU pods, NCCL_SOCKET_IFNAME=eth0, no RDMA resource or network: aggregated, no KV hand-off, but the pipeline traffic crosses nodes over the pod network',
  },
  {
    file: 'nimop-e2e-nimservice-llama-1gpu.yml',
    source: `${NIMOP}/test/e2e/data/nimservice.yml`,
    expert: 'no-problem',
    why: 'NIM Operator e2e test data: a NIMService with one replica on one GPU (Llama-3.2-1B NIM): aggregated, no KV transfer between pods',
  },
  {
    file: 'nimop-nimservice-dra-cel-gpu-1b.yaml',
    source: `${NIMOP}/config/samples/nim/serving/advanced/dra/auto-creation/example2/llm.yaml`,
    expert: 'no-problem',
    why: 'NIM Operator NIMCache (TensorRT-LLM engine, TP1) + NIMService whose one GPU is a DRA claim the operator creates from a CEL selector (A100/H100, 40Gi or more): one replica, aggregated, no KV transfer between pods',
  },
  {
    file: 'kthena-testdata-ms-mooncake-pd-tp16-2gpu-unquoted-kvcfg.yaml',
    source: `${KTHENA}/pkg/model-booster-controller/convert/testdata/expected/disaggregated-model-serving-mooncake.yaml`,
    expert: 'problem',
    why: 'Kthena converter test data (expected ModelServing for a vLLM P/D ModelBooster): the MooncakeConnector --kv-transfer-config JSON is written unquoted inside `bash -c`, so brace expansion and quote removal hand vLLM `kv_connector:MooncakeConnector` and a stray `kv_role:kv_producer` instead of a JSON config; each side also asks --tensor-parallel-size 16 with --quantization ascend on 2 nvidia.com/gpu: neither engine can start with a KV connector as written (and no RDMA device is given to Mooncake)',
  },
  {
    file: 'kthena-testdata-modelbooster-npu-pd-tp16-1npu.yaml',
    source: `${KTHENA}/pkg/model-booster-controller/convert/testdata/input/pd-disaggregated-model-npu.yaml`,
    expert: 'problem',
    why: "Kthena converter test data (input ModelBooster, vLLMDisaggregated): vLLM-Ascend prefill and decode with MooncakeConnector, each on one Ascend NPU (huawei.com/ascend-1980: 1) but tensor-parallel-size 16, while the connector's extra config describes prefill and decode as dp 2 x tp 2: the engines cannot start on the devices given and the connector's layout contradicts them",
  },
  {
    file: 'kthena-modelbooster-lmcache-pd-redis.yaml',
    source: `${KTHENA}/examples/model-booster/lmcache-pd-disaggregation.yaml`,
    expert: 'not-judged',
    why: "Kthena ModelBooster P/D, one GPU each, LMCacheConnectorV1 producer/consumer that exchange KV through a shared Redis (LMCACHE_REMOTE_URL redis://…, naive serde) as the file's header explains: KV goes through host memory and crosses the pod network over TCP by design, no RDMA element",
  },
  {
    file: 'mooncake-operator-mooncakecluster-store-rdma-enabled.yaml',
    source: `https://github.com/kvcache-ai/Mooncake/blob/2855113375beca9f7297eb00370ec112b9330fc7/mooncake-operator/config/samples/mooncake_v1alpha1_mooncakecluster.yaml ${READ_FILE}; the fetched snapshot's HEAD has no mooncake-operator)`,
    expert: 'not-judged',
    why: 'Mooncake operator sample MooncakeCluster: a master and two KV store workers (4Gi segments each) with rdmaEnabled: true but gpuEnabled: false and no RDMA resource, network or privilege in the CR; the operator builds the pods (not shown) and no engine is in the file: whether the store is reachable over RDMA is not shown',
  },
  {
    file: 'ome-benchmarkjob-dsr1-rdma-genai-bench.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/samples/benchmark/deepseek-r1-rdma.yaml',
    expert: 'no-problem',
    why: 'OME BenchmarkJob: a genai-bench client that sends traffic scenarios to the deepseek-r1 InferenceService and uploads results to object storage; it runs no engine, has no GPU and moves no KV; the serving side it benchmarks is not in the file',
  },
  {
    file: 'devfloor9-dynamodeployment-vllm-disagg-p4d-g6e.yaml',
    source:
      'https://github.com/devfloor9/engineering-playbook/blob/1d7ddc238d97154dcb64160bcefa1e6af7f009d2/deploy/nvidia-platform/dynamo-vllm/deploy-disaggregated.yaml',
    expert: 'problem',
    why: "personal EKS playbook: kind DynamoDeployment (nvidia.com/v1alpha1) with a spec.model/serving.components schema no Dynamo CRD defines (Dynamo's graph is a DynamoGraphDeployment), so the operator builds nothing from it; as described, prefill on p4d.24xlarge (A100) and decode on g6e.12xlarge (L40S) would hand KV between instance types with no EFA or other RDMA resource",
  },
  {
    file: 'inferenceperf-pstack-pd-lmcache-nixl-wrong-receiver-host.yaml',
    source: `https://github.com/kubernetes-sigs/inference-perf/blob/305ea4b434597e609c44a3c2e23cec758b3418a0/demos/kubecon-na-2025/vllm+disaggregated_prefill/manifests.yaml ${READ_FILE}; the fetched snapshot is later and no longer holds the file)`,
    expert: 'problem',
    why: "inference-perf KubeCon demo: production-stack's rendered P/D (LMCache over NIXL, 1 A100 each on GKE): the prefill's LMCACHE_NIXL_RECEIVER_HOST is vllm-llama-decode-engine-service while the decode Service this file creates is pd-llama-decode-engine-service, the decode pod sets CUDA_VISIBLE_DEVICES=1 in a one-GPU container (only device 0 exists there) and the router watches namespace default while everything runs in test-ns: KV cannot reach decode as written (and UCX would use TCP: no RDMA element)",
  },
  {
    file: 'aiperf-dgd-qwen06b-60x-gb200-agg.yaml',
    source: `https://github.com/ai-dynamo/aiperf/blob/cbec28c77eb092fdc1d0d0de8b4e379e5c8dc71b/dev/deploy/dynamo-server-qwen-60x.yaml ${READ_FILE}; the fetched snapshot is older and lacks dev/deploy)`,
    expert: 'no-problem',
    why: "aiperf's load-test target: a DGD of 4 frontends and 60 aggregated one-GPU vLLM workers (Qwen3-0.6B, TP1) on GB200: no KV transfer between pods",
  },
  {
    file: 'dynamo-dsr1-sglang-wideep-gh200-tep8-dep8-2node.yaml',
    source: `https://github.com/ai-dynamo/dynamo/blob/4774e35d43f95f3eebe374334ed35887032c3972/recipes/deepseek-r1/sglang-wideep/tep8p-dep8d-disagg-gh200.yaml ${READ_FILE}; the repository is too large to fetch)`,
    expert: 'not-judged',
    why: 'DGD v1alpha1 (GH200 wide-EP recipe): SGLang DeepSeek-R1 prefill TP8/EP8 and decode TP8/DP8/EP8, each over 2 nodes of 4 GPUs, NIXL transfer backend; no RDMA/EFA resource, RDMA network, ComputeDomain or privilege on any worker: the cross-node TP/EP traffic and the KV hand-off may both fall back to the pod network over TCP',
  },
  {
    file: 'dynamo-qwen3-235b-trtllm-disagg-hopper-no-rdma.yaml',
    source: `${WXSMS}/recipes/qwen3-235b-a22b-fp8/trtllm/disagg/hopper/deploy.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'DGD v1alpha1 TRT-LLM Qwen3-235B on Hopper: 6 prefill workers (TP2) and 1 decode (TP4), cache_transceiver backend DEFAULT (NIXL with UCX) from ConfigMaps; no RDMA resource, RDMA network or privilege and nothing keeps prefill and decode on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-v1b1-dsv4-pro-vllm-disagg-h200-rdma-host-staged-comment.yaml',
    source: `${WXSMS}/recipes/deepseek-v4/deepseek-v4-pro/vllm/disagg-h200-agentic/deploy.yaml ${FORK}`,
    expert: 'not-judged',
    why: "DGD v1beta1 DeepSeek-V4-Pro on H200: vLLM prefill (TP8) and 3 decode (TP8), NixlConnector kv_both with kv_buffer_device cuda, rdma/ib x8, root with IPC_LOCK and ulimit -l unlimited, UCX_TLS rc_x,rc,cuda_copy,cuda_ipc: the RDMA path is declared, but the file's own comment says that without VLLM_GPU_NIC_PCIE_MAPPING and VLLM_NIC_SELECTION_VARS, which it ships neither of, disaggregated KV transfer is host-staged: KV works but degraded",
  },
  {
    file: 'dynamo-v1b1-glm52-sglang-disagg-b200-topo-derived-ucx-devices.yaml',
    source: `${WXSMS}/recipes/glm-5.2/sglang/disagg-b200-agentic/deploy.yaml ${FORK}`,
    expert: 'no-problem',
    why: 'DGD v1beta1 GLM-5.2 on B200: SGLang prefill (TP4) and 3 decode (TP8) from a ConfigMap (nixl transfer backend, host 0.0.0.0), SGLANG_DISAGGREGATION_NIXL_BACKEND=UCX, UCX_TLS cuda_ipc,cuda_copy,rc, rdma/shared_ib, root with IPC_LOCK and ulimit -l; each worker derives UCX_NET_DEVICES from `nvidia-smi topo -m` (GPU-local InfiniBand devices, refusing to start if none): every element of the KV path declared',
  },
  {
    file: 'dynamo-v1b1-kimi-k3-vllm-agg-gb200-tp16-cd.yaml',
    source: `${WXSMS}/recipes/kimi-k3/vllm/agg-gb200-agentic/deploy.yaml ${FORK}`,
    expert: 'no-problem',
    why: 'DGD v1beta1 + ComputeDomain: aggregated Kimi-K3, one vLLM worker of TP16 over 4 GB200 nodes (4 GPUs each), every pod claims the ComputeDomain channel, NCCL_MNNVL_ENABLE and FlashInfer MNNVL all-reduce: tensor parallelism rides multi-node NVLink, no KV hand-off between pods',
  },
];
