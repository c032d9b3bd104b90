import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m32 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const GXLL = 'https://github.com/githubgxll/dynamo/blob/cdf9267d27ac12e6424a515e9169694a3a152556';
const GXLL_NOTE = "(a fork of ai-dynamo/dynamo at its July 2026 state; the path is upstream's)";
const WXSMS = 'https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f';
const WXSMS_NOTE =
  "(a fork of ai-dynamo/dynamo mirroring upstream main at 2026-08-21; the path is upstream's)";
const DYN = 'https://github.com/ai-dynamo/dynamo/blob';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked: the repository's snapshot is too large to fetch here)";

export const MANIFESTS_m32: ManifestCase[] = [
  {
    file: 'gxll-dynamo-dgd-v1b1-trtllm-disagg-multinode-tp8-no-rdma.yaml',
    source: `${GXLL}/examples/backends/trtllm/deploy/v1beta1/disagg-multinode.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD: TRT-LLM prefill and decode (both `type: worker`, told --disaggregation-mode) each TP8 over 2 nodes of 4 GPUs, cache_transceiver backend DEFAULT from the ConfigMap; no RDMA/EFA resource, RDMA network or ComputeDomain: KV (and TP) may cross the pod network over TCP',
  },
  {
    file: 'gxll-dynamo-dgd-v1b1-eks-vllm-disagg-g7e-efa-libfabric.yaml',
    source: `${GXLL}/examples/deployments/EKS/manifests/vllm/v1beta1/disagg.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on EKS g7e.12xlarge: vLLM 1P1D one GPU each, kept on different hosts by a required anti-affinity; each requests vpc.amazonaws.com/efa 1, IPC_LOCK, the -efa runtime image and NixlConnector on the LIBFABRIC backend: the cross-node KV path is declared over EFA',
  },
  {
    file: 'gxll-dynamo-dgd-v1b1-gke-sglang-disagg-nixl-no-rdma.yaml',
    source: `${GXLL}/examples/deployments/GKE/sglang/v1beta1/disagg.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD for GKE: SGLang 1P1D one GPU each, --disaggregation-transfer-backend nixl; no RDMA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'gxll-dynamo-dgd-v1b1-gke-vllm-disagg-no-kvcfg-no-rdma.yaml',
    source: `${GXLL}/examples/deployments/GKE/vllm/v1beta1/disagg.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD for GKE: vLLM 1P1D one GPU each with --disaggregation-mode and no --kv-transfer-config (Dynamo supplies NixlConnector); no RDMA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'gxll-dynamo-global-planner-vllm-pools-multi-dgd-no-rdma.yaml',
    source: `${GXLL}/examples/global_planner/global-planner-vllm-test.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'global planner test (envsubst placeholders): a control DGD (frontend, global router, global planner) and three pool DGDs, two vLLM prefill pools (TP1, TP2) and one decode pool, each with a local router and planner; KV goes from the prefill pools to the decode pool in another DGD, and no pod has an RDMA resource, RDMA network or ComputeDomain: KV may cross the pod network over TCP',
  },
  {
    file: 'gxll-dynamo-dsv32-trtllm-agg-gb200-multinode-cd-claim.yaml',
    source: `${GXLL}/recipes/deepseek-v32-fp4/trtllm/agg-round-robin/deploy.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: "aggregated TRT-LLM DeepSeek-V3.2 on GB200: 4 replicas, each one TP8/EP8 engine over 2 nodes of 4 GPUs with MNNVL all-reduce and a ComputeDomain channel claim (its template from the recipe's model-cache step); no prefill/decode split, so no KV hand-off between pods",
  },
  {
    file: 'gxll-dynamo-kimi-k25-tokenspeed-agg-plain-deployments.yaml',
    source: `${GXLL}/recipes/kimi-k2.5/tokenspeed/agg/nvidia/deploy.yaml ${GXLL_NOTE}`,
    expert: 'no-problem',
    why: 'Dynamo without the operator, as plain Deployments: etcd, NATS, a frontend and one 4-GPU TokenSpeed worker (TP4 with expert parallelism, 80Gi /dev/shm): aggregated, no KV hand-off between pods',
  },
  {
    file: 'gxll-dynamo-dgd-v1b1-llama70b-vllm-disagg-gaie-epp-preferred-affinity.yaml',
    source: `${GXLL}/recipes/llama-3-70b/vllm/disagg-single-node/gaie/deploy.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD with an EPP (GAIE) and frontend sidecars: vLLM 2P TP2 and 1D TP4, NixlConnector, meant for one 8-GPU node but held together only by a preferred podAffinity; no RDMA resource, and each pod sees only its own GPUs so cuda_ipc between pods is not assured: KV may fall back to TCP',
  },
  {
    file: 'gxll-dynamo-qwen3-235b-trtllm-disagg-blackwell-6p1d-no-rdma.yaml',
    source: `${GXLL}/recipes/qwen3-235b-a22b-fp8/trtllm/disagg/blackwell/deploy.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'TRT-LLM 6 prefill TP2 and 1 decode TP4 (16 GPUs, more than one 8-GPU node), cache_transceiver backend DEFAULT; no RDMA/EFA resource, RDMA network or ComputeDomain: KV crosses nodes over the pod network, TCP',
  },
  {
    file: 'gxll-dynamo-vllm-xpu-disagg-router-dra-no-rdma.yaml',
    source: `${GXLL}/examples/backends/vllm/deploy/xpu/disagg_router_xpu_dra.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'Intel XPU graph: vLLM 2P/2D whose GPUs come from DRA gpu.intel.com claims, prefill with NixlConnector kv_buffer_device xpu and KV events, decode with the default connector; no RDMA device or network and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'gxll-dynamo-dgdr-v1b1-sglang-dsr1-32gpu-thorough.yaml',
    source: `${GXLL}/examples/deployments/dgdr/moe-sglang.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'a DynamoGraphDeploymentRequest: DeepSeek-R1 on SGLang over 32 GPUs (4 nodes of 8), thorough profiling, autoApply false; the graph (likely disaggregated across nodes) is generated by the profiler and not shown, and nothing about the fabric is declared: KV path undetermined',
  },
  {
    file: 'gxll-dynamo-dgdr-v1b1-vllm-planner-disagg-rapid.yaml',
    source: `${GXLL}/examples/deployments/dgdr/planner.yaml ${GXLL_NOTE}`,
    expert: 'not-judged',
    why: 'a DynamoGraphDeploymentRequest for Qwen3-0.6B on vLLM with the SLA planner in disagg mode, autoApply true: a prefill/decode graph will be generated and applied, but its pods and fabric are not in the file: KV path undetermined',
  },
  {
    file: 'dynamo-dgd-v1b1-power-aware-budget-no-engine-shown.yaml',
    source: `${WXSMS}/examples/power-aware-budget/dgd.yaml ${WXSMS_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD sketch for power caps: a planner, 2 prefill replicas of 2 GPUs and 2 decode replicas of 4 GPUs with only GPU counts and power annotations; no image, engine command, connector or fabric shown: the KV hand-off it implies is undetermined',
  },
  {
    file: 'dynamo-nemotron35-vllm-disagg-h100-dspark-efa-libfabric.yaml',
    source: `${WXSMS}/recipes/nemotron-3.5-lightning/vllm/disagg-h100-dspark/deploy.yaml ${WXSMS_NOTE}`,
    expert: 'no-problem',
    why: 'vLLM 1P/1D one-H100 workers, NixlConnector producer/consumer on the LIBFABRIC backend; each requests vpc.amazonaws.com/efa 4, FI_PROVIDER=efa with device RDMA, root with IPC_LOCK: the KV path is declared over EFA',
  },
  {
    file: 'dynamo-qwen38-sglang-disagg-gb200-mnnvl-cd-inline-flags.yaml',
    source: `${WXSMS}/recipes/qwen3.8-2.4t-a95b-fp8/sglang/disagg-gb200-chat/deploy.yaml ${WXSMS_NOTE}`,
    expert: 'no-problem',
    why: 'SGLang P/D (flags inline), 2 prefill and 1 decode each TP16 over 4 GB200 nodes, NIXL/UCX with UCX_TLS=cuda_copy,cuda_ipc,tcp and UCX_CUDA_IPC_ENABLE_MNNVL=y; all claim the ComputeDomain channel defined in the file and run as root with IPC_LOCK: cuda_ipc reaches the peer pods over MNNVL',
  },
  {
    file: 'dynamo-dsv41-flash-sglang-disagg-gb200-mooncake-nvlink-cd.yaml',
    source: `${DYN}/6fc725114b1e44f7c9ff8ca3464c061a09258bbb/recipes/deepseek-v4.1-flash/sglang/disagg-gb200/deploy-generic.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'SGLang 1P1D TP4 on GB200 (each worker a whole node, so KV crosses nodes), Mooncake transfer backend with its NVLINK memory pool and MC_FORCE_MNNVL; both claim the ComputeDomain channel defined in the file, root with IPC_LOCK: KV goes over the NVLink fabric, declared',
  },
  {
    file: 'dynamo-kimi-k3-sglang-disagg-gb200-mooncake-nvlink-cd-multinode.yaml',
    source: `${DYN}/23eb0372088c35854ea01f6241a16a54aa84a8c8/recipes/kimi-k3/sglang/disagg-gb200-agentic/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'SGLang 2 prefill and 1 decode, each TP16/EP16 over 4 GB200 nodes (options from a ConfigMap through --config), Mooncake transfer backend with its NVLINK memory pool and MC_FORCE_MNNVL; every worker claims the ComputeDomain channel defined in the file and runs as root with IPC_LOCK: KV crosses nodes over the NVLink fabric, declared',
  },
  {
    file: 'dynamo-dsv41-flash-vllm-disagg-b200-rdma-ib4-no-pin.yaml',
    source: `${DYN}/06c8fbf1bdfbcfbc7b340a35855137860d117853/recipes/deepseek-v4.1-flash/vllm/disagg-b200-agentic/deploy-generic.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD, both workers `type: worker` told --disaggregation-mode prefill/decode, vLLM TP4 NixlConnector on the UCX plugin; each requests rdma/ib 4 for its 4 B200 GPUs with UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc,tcp and no device pin (UCX picks among the granted ports), root with IPC_LOCK: the RDMA path is declared',
  },
];
