import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m29 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const AICR = 'https://github.com/NVIDIA/aicr/blob/bc05c6be7859cee7ce6680b93333ed03ba795f88';
const ROUTER = 'https://github.com/llm-d/llm-d-router/blob/ebab687927f5331c1b39defcb579a07951bce56c';
const SYW = 'https://github.com/sywangyi/dynamo/blob/04fe92d7abcff7b6f7ac2f4e12f4da2b894d27eb';
const SYW_NOTE = "(a fork of ai-dynamo/dynamo at its February 2026 state; the path is upstream's)";
const GXLL = 'https://github.com/githubgxll/dynamo/blob/cdf9267d27ac12e6424a515e9169694a3a152556';
const GXLL_NOTE = "(a fork of ai-dynamo/dynamo at its July 2026 state; the path is upstream's)";
const GROVE = 'https://github.com/renormalize/grove/blob/7c20509d12477ab390f29527b2bfc02a42284cee';
const WVA =
  'https://github.com/deanlorenz/llm-d-workload-variant-autoscaler/blob/2976e4eeee137e3ac1b708dc7d5d333cdddf0e81';
const WVA_NOTE = "(a fork of llm-d's workload-variant-autoscaler; the path is upstream's)";

export const MANIFESTS_m29: ManifestCase[] = [
  {
    file: 'nvaicr-demo-dgd-vllm-agg-kai-queue.yaml',
    source: `${AICR}/demos/workloads/inference/vllm-agg.yaml`,
    expert: 'no-problem',
    why: 'NVIDIA AI Cluster Runtime demo: a KAI scheduler Queue, a Namespace and an aggregated DGD (frontend on a CPU node group, one 1-GPU vLLM worker, etcd/NATS replaced by DYN_STORE_KV=mem and a ZMQ event plane): no KV hand-off between pods',
  },
  {
    file: 'nvaicr-test-dgd-vllm-smoke-agg.yaml',
    source: `${AICR}/tests/manifests/dynamo-vllm-smoke-test.yaml`,
    expert: 'no-problem',
    why: "AI Cluster Runtime's Dynamo smoke test: aggregated DGD, frontend and one 1-GPU vLLM worker (Qwen3-0.6B): no KV hand-off between pods",
  },
  {
    file: 'nvaicr-gke-nccl-test-tcpxo-2pod.yaml',
    source: `${AICR}/demos/workloads/training/gke-nccl-test-tcpxo.yaml`,
    expert: 'no-problem',
    why: 'two GKE A3 Mega pods (8 GPUs, eight gpu-nic networks, GPUDirect-TCPXO receive daemon sidecar, privileged NCCL container) set up to run nccl-tests all_gather over TCPXO between them: a fabric test, no inference engine and no KV',
  },
  {
    file: 'llmdrouter-sidecar-nixl-qwen-decoder-pod-cuda-ipc-tcp.yaml',
    source: `${ROUTER}/test/sidecar/config/nixl/qwen-decoder-pod.yaml`,
    expert: 'not-judged',
    why: 'the decode half only (llm-d role decode, routing proxy with -connector=nixlv2): vLLM MultiConnector of NixlConnector and LMCacheConnectorV1 (kv_both), UCX_TLS=cuda_ipc,cuda_copy,tcp, one GPU, no RDMA device; the prefiller is another file and nothing puts the two on one node: CUDA IPC between pods is not assured, leaving TCP',
  },
  {
    file: 'llmdrouter-sidecar-nixl-qwen-prefiller-pod-cuda-ipc-tcp.yaml',
    source: `${ROUTER}/test/sidecar/config/nixl/qwen-prefiller-pod.yaml`,
    expert: 'not-judged',
    why: 'the prefill half only (llm-d role prefill): vLLM MultiConnector of NixlConnector and LMCacheConnectorV1 (kv_both), UCX_TLS=cuda_ipc,cuda_copy,tcp, one GPU, no RDMA device; the decoder is another file and nothing co-locates them: the hand-off may go over TCP',
  },
  {
    file: 'llmdrouter-sglang-gpu-deployment-agg-3x1gpu.yaml',
    source: `${ROUTER}/config/manifests/sglang/gpu-deployment.yaml`,
    expert: 'no-problem',
    why: 'Deployment of 3 aggregated SGLang replicas (Qwen3-32B, --tp=1, one GPU each, memory-backed /dev/shm): each replica serves whole requests, no KV hand-off between pods',
  },
  {
    file: 'sywangyi-dynamo-hierarchical-planner-vllm-2p1d-multi-dgd.yaml',
    source: `${SYW}/examples/hierarchical_planner/vllm-2p1d.yaml ${SYW_NOTE}`,
    expert: 'not-judged',
    why: 'hierarchical planner: a global-router ConfigMap and four DGDs (frontend and global router; two prefill pools of one 1-GPU vLLM --is-prefill-worker each; one decode pool of a 1-GPU worker), NIXL by default between the pools; no RDMA/EFA resource, RDMA network or placement anywhere: KV between the prefill and decode pods may cross the pod network over TCP',
  },
  {
    file: 'sywangyi-dynamo-discovery-dgd-vllm-disagg-componenttype-pd.yaml',
    source: `${SYW}/deploy/discovery/dgd.yaml ${SYW_NOTE}`,
    expert: 'not-judged',
    why: 'DGD for Kubernetes discovery (annotation nvidia.com/dynamo-discovery-backend): componentType decode and prefill, 1-GPU vLLM workers (prefill with --is-prefill-worker), image from an envsubst placeholder; no RDMA resource, network or co-location: the KV hand-off may take TCP on the pod network',
  },
  {
    file: 'sywangyi-dynamo-dsr1-trtllm-wideep-gb200-cd-1p-dep32d.yaml',
    source: `${SYW}/recipes/deepseek-r1/trtllm/disagg/wide_ep/gb200/deploy.yaml ${SYW_NOTE}`,
    expert: 'no-problem',
    why: 'GB200 wide-EP: a ComputeDomain of 9 nodes, TRT-LLM prefill (TP4/EP4, one node) and decode (TP32/EP32 over 8 nodes of 4 GPUs) both claiming its channel, cache transceiver DEFAULT (NIXL over UCX, whose cuda_ipc tries MNNVL by default), NCCL_MNNVL_ENABLE: KV and expert traffic on multi-node NVLink inside one IMEX domain',
  },
  {
    file: 'sywangyi-dynamo-basics-vllm-disagg-router-tp8d-tp4p.yaml',
    source: `${SYW}/examples/basics/kubernetes/Distributed_Inference/disagg_router.yaml ${SYW_NOTE}`,
    expert: 'not-judged',
    why: 'Llama-3.1-70B: vLLM decode TP8 (8 GPUs) and prefill TP4 (4 GPUs) with the default NIXL connector, KV router, hostPath model cache; no RDMA/EFA resource, RDMA network or IPC_LOCK: the two workers need 12 GPUs, so the KV hand-off likely crosses nodes, and over the pod network',
  },
  {
    file: 'grove-fork-mn-disagg-with-frontend-nginx.yaml',
    source: `${GROVE}/operator/samples/user-guide/02_pod-and-resource-naming-conventions/multinode-disaggregated-with-frontend.yaml (a fork of ai-dynamo/grove; the path is upstream's)`,
    expert: 'no-problem',
    why: 'Grove naming demo: a PodCliqueSet whose frontend, prefill leader/workers and decode leader/workers are nginx containers that echo their role and sleep (no GPU, no engine): nothing moves KV',
  },
  {
    file: 'gxll-dynamo-eks-vllm-disagg-p5-efa-libfabric-tp2.yaml',
    source: `${GXLL}/examples/deployments/EKS/manifests/vllm/disagg-p5.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'EKS p5.48xlarge: 6 prefill and 2 decode vLLM workers (TP2 each), every pod granted 8 EFA devices (4 per GPU) with IPC_LOCK, EFA image, NixlConnector with the LIBFABRIC backend on both sides, all in one zone: KV rides EFA RDMA, every element declared',
  },
  {
    file: 'gxll-dynamo-eks-vllm-disagg-g6e-libfabric-tcp-antiaffinity.yaml',
    source: `${GXLL}/examples/deployments/EKS/manifests/vllm/disagg-tcp.yaml ${GXLL_NOTE}`,
    expert: 'problem',
    why: 'EKS g6e.2xlarge: 1-GPU vLLM prefill and decode with NixlConnector LIBFABRIC and kv_buffer_device cpu, a required pod anti-affinity that puts them on different hosts, and no EFA device on either: the manifest itself sends every KV hand-off between nodes over libfabric TCP through host memory',
  },
  {
    file: 'gxll-dynamo-vllm-disagg-xpu-dra.yaml',
    source: `${GXLL}/examples/backends/vllm/deploy/xpu/disagg_xpu_dra.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'Intel XPU through a DRA ResourceClaimTemplate (gpu.intel.com): vLLM prefill (kv_both) and decode (kv_consumer) with NixlConnector, kv_buffer_device xpu; no RDMA device, network or co-location: the KV hand-off between the two pods may take TCP on the pod network',
  },
  {
    file: 'gxll-dynamo-v1b1-vllm-sidecar-disagg-rdma-ib-roce.yaml',
    source: `${GXLL}/lib/sidecar/vllm/deploy/disagg.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD with the engine as a native sidecar (vllm-rs behind the Dynamo sidecar): prefill kv_producer and decode kv_consumer NixlConnector, each with one GPU and rdma/ib, root with IPC_LOCK and ulimit -l unlimited, UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc on mlx5_0:1 with RoCE addressing: KV over RDMA, declared on both sides',
  },
  {
    file: 'gxll-dynamo-dsv4-flash-vllm-disagg-b200-shared-ib.yaml',
    source: `${GXLL}/recipes/deepseek-v4/deepseek-v4-flash/vllm/disagg-b200-agentic/deploy.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on B200: 2 prefill and 1 decode vLLM workers (TP4), NixlConnector kv_both, each pod with rdma/shared_ib, root, IPC_LOCK, ulimit -l unlimited, UCX rc transports with RoCE addressing: KV over RDMA (host-staged unless the per-rank NIC map the comment describes is added: slower, not broken)',
  },
  {
    file: 'gxll-dynamo-gptoss120b-trtllm-disagg-ucx-tp1p-tp4d.yaml',
    source: `${GXLL}/recipes/gpt-oss-120b/trtllm/disagg/deploy.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'TRT-LLM gpt-oss-120b: prefill TP1 and decode TP4 (workers marked componentType main, roles by --disaggregation-mode), cache transceiver UCX from a ConfigMap; no RDMA/EFA resource, RDMA network or co-location: KV between the two pods may go over TCP',
  },
  {
    file: 'gxll-dynamo-qwen36-vllm-agg-fd-ec-placeholders.yaml',
    source: `${GXLL}/recipes/qwen3.6-35b/deploy/dynamo-fd-ec.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated Qwen3.6-35B on one H100: frontend decoding images and one 1-GPU vLLM worker with an embedding cache, both pinned to one node by an envsubst nodeSelector placeholder; no prefill/decode split, so no KV hand-off between pods',
  },
  {
    file: 'gxll-dynamo-v1b1-gms-failover-agg-tp2-2node.yaml',
    source: `${GXLL}/deploy/operator/samples/v1beta1/dgd-gms-failover.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD with inter-pod GPU Memory Service failover: one aggregated vLLM worker, TP2 over multinode nodeCount 2 with one GPU per pod (plus shadow engine pods): no KV hand-off, but the tensor-parallel traffic crosses nodes with no RDMA resource, network or ComputeDomain',
  },
  {
    file: 'wva-fork-sim-decode-lws-size2.yaml',
    source: `${WVA}/config/samples/simulator/nodeSelector/decode-lws/lws.yaml ${WVA_NOTE}`,
    expert: 'no-problem',
    why: 'LeaderWorkerSet of 2 llm-d-inference-sim pods labelled role decode (CPU only, a GPU product label as nodeSelector for the autoscaler): a simulator emulates latencies and moves no KV',
  },
  {
    file: 'wva-fork-sim-prefill-deployment.yaml',
    source: `${WVA}/config/samples/simulator/nodeSelector/prefill/deployment.yaml ${WVA_NOTE}`,
    expert: 'no-problem',
    why: 'Deployment of one llm-d-inference-sim pod labelled role prefill (CPU only): a simulator emulates prefill time and moves no KV',
  },
  {
    file: 'gxll-dynamo-optest-dgdr-lws-output-mocker-rendered.yaml',
    source: `${GXLL}/deploy/operator/internal/controller/testdata/dgdr/lws/output.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: "the Dynamo operator's expected output (test-matcher keys $strict, $ignore, $glob): a v1beta1 DGD, its component deployments, a frontend Deployment, a decode LeaderWorkerSet of 2 and a prefill Deployment, every worker running dynamo.mocker: the mocker simulates the engine and moves no KV",
  },
  {
    file: 'gxll-dynamo-ft-vllm-elastic-ep-demo-agg-4gpu-ray.yaml',
    source: `${GXLL}/tests/fault_tolerance/deploy/templates/vllm/moe_elastic_ep_demo.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'fault-tolerance demo: one aggregated vLLM worker pod with 4 GPUs, DeepSeek-V2-Lite DP2 (elastic EP up to DP4 inside the pod, Ray backend), no prefill/decode split: no KV hand-off between pods, all parallel traffic inside one pod',
  },
  {
    file: 'gxll-dynamo-diffusers-fastvideo-agg-1gpu.yaml',
    source: `${GXLL}/examples/diffusers/deploy/agg.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'a FastVideo diffusion worker (python worker.py, one GPU, 8Gi shared memory) behind the Dynamo frontend: a video model with no KV cache hand-off between pods',
  },
];
