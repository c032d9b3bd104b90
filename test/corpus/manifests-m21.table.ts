import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m21 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const GAIE =
  'https://github.com/kubernetes-sigs/gateway-api-inference-extension/blob/91ad0da44f64d41642d55e220d239648eef06196/config/manifests';
const ZLLMD = 'https://github.com/zetxqx/llm-d/blob/7edda66d76ccdb55e8c1cb1d4ce0cf0a854eae3f/guides';
const FORK = "(a fork of llm-d/llm-d, Jun 2026; the path is upstream's)";
const DYN = 'https://github.com/ai-dynamo/dynamo/blob';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked: the repository's snapshot is too large to fetch here)";

export const MANIFESTS_m21: ManifestCase[] = [
  {
    file: 'gaie-vllm-gpu-deployment.yaml',
    source: `${GAIE}/vllm/gpu-deployment.yaml (the last commit before the file was removed upstream)`,
    expert: 'no-problem',
    why: 'Gateway API Inference Extension sample pool: 3 replicas of a 1-GPU vLLM with LoRA adapters pulled by an init container, no KV connector: aggregated replicas behind the EPP, no KV hand-off between pods',
  },
  {
    file: 'gaie-sglang-gpu-deployment.yaml',
    source: `${GAIE}/sglang/gpu-deployment.yaml (the last commit before the file was removed upstream)`,
    expert: 'no-problem',
    why: 'Gateway API Inference Extension sample pool: 3 replicas of a 1-GPU SGLang (TP1), no disaggregation mode: aggregated, no KV hand-off between pods',
  },
  {
    file: 'gaie-vllm-gpu-prefix-cache-deployment.yaml',
    source: `${GAIE}/vllm/gpu-prefix-cache-deployment.yaml (the last commit before the file was removed upstream)`,
    expert: 'no-problem',
    why: 'Gateway API Inference Extension prefix-cache sample: 8 replicas of a 1-GPU vLLM with --enable-prefix-caching (cache local to each replica, routed by the EPP), no KV connector: no KV hand-off between pods',
  },
  {
    file: 'kuberay-rayservice-high-throughput-llm-l4.yaml',
    source:
      'https://github.com/ray-project/kuberay/blob/feeaf72facab4881ba2b179248bb67315634e229/ray-operator/config/samples/ray-service.high-throughput-llm.yaml',
    expert: 'no-problem',
    why: 'RayService (Ray Serve LLM build_openai_app): 4 replicas of a 4B model, one L4 per worker pod, no prefill/decode split and no KV connector: aggregated, no KV hand-off between pods',
  },
  {
    file: 'llmd-wide-ep-vllm-base-prefill-lws.yaml',
    source: `${ZLLMD}/wide-ep-lws/modelserver/gpu/vllm/base/prefill.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'llm-d wide-EP prefill LeaderWorkerSet (2 x 8 GPUs, DP16/EP with DeepEP high-throughput, NixlConnector, NVSHMEM IBGDA), root with IPC_LOCK/SYS_RAWIO, but no RDMA device requested: the KV and EP traffic leave the node with no RDMA shown (the counterpart of the decode file in the corpus)',
  },
  {
    file: 'llmd-pd-vllm-aws-libfabric-patch-prefill.yaml',
    source: `${ZLLMD}/pd-disaggregation/modelserver/gpu/vllm/aws/patch-prefill.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'kustomize patch of the llm-d P/D prefill Deployment for AWS: vLLM TP1 with NixlConnector on the LIBFABRIC backend, IPC_LOCK, a preferred anti-affinity that puts it on another host than decode, but no EFA device requested in this file: KV crosses nodes with its fabric device not declared',
  },
  {
    file: 'llmd-pd-vllm-aws-libfabric-patch-decode.yaml',
    source: `${ZLLMD}/pd-disaggregation/modelserver/gpu/vllm/aws/patch-decode.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'kustomize patch of the llm-d P/D decode Deployment for AWS: vLLM TP4 with NixlConnector on the LIBFABRIC backend, IPC_LOCK, anti-affinity away from prefill hosts, but no EFA device requested in this file: KV crosses nodes with its fabric device not declared',
  },
  {
    file: 'llmd-pd-sglang-aws-libfabric-patch-prefill.yaml',
    source: `${ZLLMD}/pd-disaggregation/modelserver/gpu/sglang/aws/patch-prefill.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'kustomize patch of the llm-d SGLang prefill for AWS: TP4 on 4 GPUs, --disaggregation-transfer-backend=nixl with SGLANG_DISAGGREGATION_NIXL_BACKEND=LIBFABRIC, anti-affinity away from decode hosts, but no EFA device requested: KV crosses nodes with its fabric device not declared',
  },
  {
    file: 'llmd-pd-sglang-aws-libfabric-patch-decode.yaml',
    source: `${ZLLMD}/pd-disaggregation/modelserver/gpu/sglang/aws/patch-decode.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'kustomize patch of the llm-d SGLang decode for AWS: only affinity, IPC_LOCK and SGLANG_DISAGGREGATION_NIXL_BACKEND=LIBFABRIC; the engine arguments and GPUs are not in this file and no EFA device is requested: the KV path is not shown declared',
  },
  {
    file: 'llmd-pd-vllm-xpu-ucx-tcp-patch-prefill.yaml',
    source: `${ZLLMD}/pd-disaggregation/modelserver/xpu/vllm/patch-prefill.yaml ${FORK}`,
    expert: 'problem',
    why: 'llm-d P/D prefill patch for Intel XPU (device through a DRA claim): 3 replicas, NixlConnector with kv_buffer_device cpu and UCX_TLS=tcp: the manifest sends the KV over TCP by its own UCX_TLS',
  },
  {
    file: 'llmd-pd-vllm-xpu-ucx-tcp-patch-decode.yaml',
    source: `${ZLLMD}/pd-disaggregation/modelserver/xpu/vllm/patch-decode.yaml ${FORK}`,
    expert: 'problem',
    why: 'llm-d P/D decode patch for Intel XPU (DRA claim): NixlConnector with kv_buffer_device cpu and UCX_TLS=tcp: the manifest receives the KV over TCP by its own UCX_TLS',
  },
  {
    file: 'llmd-epd-vllm-rdma-ib-patch-prefill.yaml',
    source: `${ZLLMD}/multimodal-serving/e-disaggregation/modelserver/gpu/vllm/e-p-d/base/patch-prefill.yaml ${FORK}`,
    expert: 'no-problem',
    why: 'llm-d encode/prefill/decode guide, prefill patch: 3 replicas of a TP2 vLLM (Qwen3-VL) with NixlConnector (UCX defaults) requesting 2 GPUs and rdma/ib 1: its end of the KV path is declared',
  },
  {
    file: 'llmd-epd-vllm-rdma-ib-patch-decode.yaml',
    source: `${ZLLMD}/multimodal-serving/e-disaggregation/modelserver/gpu/vllm/e-p-d/base/patch-decode.yaml ${FORK}`,
    expert: 'no-problem',
    why: 'llm-d encode/prefill/decode guide, decode patch: TP2 vLLM with NixlConnector (UCX defaults) requesting 2 GPUs and rdma/ib 1: its end of the KV path is declared',
  },
  {
    file: 'llmd-agentic-nemotron3-ultra-patch-prefill.yaml',
    source: `${ZLLMD}/agentic-serving/modelserver/gpu/vllm/nemotron-3-ultra/patch-prefill.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'llm-d agentic guide, prefill patch: 6 replicas of a TP8/EP vLLM (Nemotron-3-Ultra) with a MultiConnector (NIXL producer + CPU offloading), 8 GPUs, no RDMA device and nothing keeping P and D on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'llmd-agentic-nemotron3-ultra-patch-decode.yaml',
    source: `${ZLLMD}/agentic-serving/modelserver/gpu/vllm/nemotron-3-ultra/patch-decode.yaml ${FORK}`,
    expert: 'not-judged',
    why: 'llm-d agentic guide, decode patch: 2 replicas of an 8-GPU vLLM with a MultiConnector (NIXL consumer + CPU offloading), no RDMA device and nothing keeping P and D on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-dgd-gaie-epp-vllm-dsr1-dep16-rdma-ib.yaml',
    source: `${DYN}/71459a8cd6452cdac625dd2df9687e67da84796a/recipes/deepseek-r1/vllm/disagg/gaie/deploy_hopper_16gpu.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'Dynamo v1alpha1 DGD with a GAIE EPP component routing P/D: vLLM DeepSeek-R1 prefill and decode each DP16/EP over 2 nodes x 8 GPUs, NixlConnector (UCX defaults), each worker requesting rdma/ib 8: every element of the KV path declared',
  },
  {
    file: 'dynamo-dgd-vllm-dsr1-gb200-computedomain-2p-dep4-1d-dep8.yaml',
    source: `${DYN}/402004706f06be0a3bff36f4e9ca127cc5833dba/recipes/deepseek-r1/vllm/disagg/deploy_gb200_2prefill_dep4_1decode_dep8.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'GB200: a ComputeDomain of 4 nodes whose channel claim every worker holds; 2 prefill DP4 (4 GPUs each) and one decode DP8 over 2 nodes, NixlConnector: KV moves over multi-node NVLink inside the declared ComputeDomain',
  },
  {
    file: 'dynamo-dgd-v1b1-vllm-axk2-disagg-h200-ucx-rc-no-rdma-resource.yaml',
    source: `${DYN}/df348349fd8af341c3b0c2f2c34d7181d76fba85/recipes/a.x-k2/vllm/disagg-h200/deploy.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'Dynamo v1beta1 DGD, 2P2D on 8-GPU H200 nodes (one node per worker), NixlConnector with UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc, but no RDMA device requested (its header leaves RDMA resources and network attachments to a cluster overlay): KV must cross nodes over verbs that the pods are not shown to get',
  },
];
