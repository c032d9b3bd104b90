import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m34 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const DYN = 'https://github.com/ai-dynamo/dynamo/blob';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked against total_chars: the repository's snapshot is too large to fetch here)";

export const MANIFESTS_m34: ManifestCase[] = [
  {
    file: 'dynamo-kimi-k3-sglang-disagg-gb300-mooncake-nvlink-shared-cd.yaml',
    source: `${DYN}/23eb0372088c35854ea01f6241a16a54aa84a8c8/recipes/kimi-k3/sglang/disagg-gb300-agentic/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on GB300: SGLang 1P1D, each TP8/EP8 over 2 nodes (options from a ConfigMap through --config), Mooncake transfer backend with its NVLINK memory pool and MC_FORCE_MNNVL; prefill and decode both claim the one ComputeDomain channel defined in the file and run as root with IPC_LOCK: KV crosses nodes over the NVLink fabric, declared',
  },
  {
    file: 'dynamo-dsr1-vllm-disagg-hopper-8gpu-dep8-deepep-ibgda-no-rdma.yaml',
    source: `${DYN}/58d89df7ff7aa24d9b2fdd083d1378910a8caaa0/recipes/deepseek-r1/vllm/disagg/deploy_hopper_8gpu.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'v1alpha1 DGD (vllm-runtime 0.6.1): prefill (--is-prefill-worker, the flag of that release) and decode each DP8/EP8 taking a whole 8-GPU Hopper node, DeepEP with NVSHMEM IBGDA inside each node; no RDMA resource, no IPC_LOCK and the two pools cannot share a node: the KV hand-off crosses nodes over whatever UCX finds, the pod network over TCP at worst',
  },
  {
    file: 'dynamo-inkling-vllm-disagg-gb300-generic-shared-cd-mnnvl-tcp-fallback.yaml',
    source: `${DYN}/0d61f8def4e0cd067cb81b358e0d0e5c5b3b6358/recipes/inkling/vllm/disagg-gb300-agentic/deploy-generic.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: "v1beta1 DGD on GB300 (the recipe's fabric-neutral rendering): vLLM 1P1D TP4 each, NixlConnector over UCX with UCX_TLS cuda_copy,cuda_ipc,tcp and UCX_CUDA_IPC_ENABLE_MNNVL; both pools claim the one ComputeDomain channel defined in the file, root with IPC_LOCK and hostIPC: bulk KV rides MNNVL cuda_ipc inside the declared IMEX domain, tcp carries the control plane",
  },
  {
    file: 'dynamo-dsr1-vllm-disagg-gb200-16gpu-dep8-shared-cd-legacy-prefill-flag.yaml',
    source: `${DYN}/28db6debe6f86e164979a18d0e5eb9de02a4bb73/recipes/deepseek-r1/vllm/disagg/deploy_gb200_16gpu.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1alpha1 DGD on GB200: vLLM prefill (legacy --is-prefill-worker) and decode, each DP8/EP over 2 nodes of 4 GPUs, NixlConnector by default; a ComputeDomain of 4 nodes whose channel every worker claims, NCCL MNNVL on: KV moves over multi-node NVLink inside the declared ComputeDomain (UCX cuda_ipc tries MNNVL by default)',
  },
  {
    file: 'dynamo-kimi-k25-trtllm-disagg-wideep-gb200-2p-dep32d-cd10.yaml',
    source: `${DYN}/d92475230b6141a13ea27b76d8da9a5f3855e146/recipes/kimi-k2.5/trtllm/disagg/wide_ep/gb200/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1alpha1 DGD on GB200 wide-EP: TRT-LLM 2 prefill (DEP4, one node each) and one decode (DEP32 over 8 nodes), engine configs from ConfigMaps with cache transceiver DEFAULT; a ComputeDomain of 10 nodes whose channel every worker claims, NCCL_MNNVL_ENABLE: KV and expert traffic on multi-node NVLink inside one IMEX domain',
  },
  {
    file: 'dynamo-axk2-vllm-disagg-b200-rdma-ib-roce-root-ipc-lock.yaml',
    source: `${DYN}/15f37511e3e87275782a043ff66c34aa4e5ee8fe/recipes/a.x-k2/vllm/disagg-b200/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on B200: vLLM 1P1D TP4/EP each, both request rdma/ib 4, run as root with IPC_LOCK and ulimit -l unlimited, NixlConnector with UCX_TLS rc_x,rc,cuda_copy,cuda_ipc and UCX_IB_ADDR_TYPE eth (RoCE): the KV path is declared over RDMA',
  },
  {
    file: 'dynamo-dsr1-sglang-disagg-32gpu-tp16-2node-nixl-no-rdma.yaml',
    source: `${DYN}/08ebb8b1b2d3725e62b0d2f9f6dc8e01d03a3a86/recipes/deepseek-r1/sglang/disagg-32gpu/deploy.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'v1alpha1 DGD: SGLang prefill (TP16/EP16) and decode (TP16/DP16 attention, EP16), each over 2 nodes of 8 GPUs, --disaggregation-transfer-backend nixl; no RDMA resource, no IPC_LOCK, no UCX settings: KV (and the TP/EP traffic) crosses nodes over whatever is found, the pod network over TCP at worst',
  },
  {
    file: 'dynamo-axk2-vllm-disagg-b200-chat-generic-2p1d-shared-ib-eagle3.yaml',
    source: `${DYN}/b6f7446b72c8dec67ed1c8a084c354f111862b2d/recipes/ax-k2/vllm/disagg-b200-chat/deploy-generic.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on B200: vLLM 2P1D TP4 each with EAGLE3, kv-transfer configs from a ConfigMap (NixlConnector, UCX backend); every worker requests rdma/shared_ib 1, runs as root with IPC_LOCK and ulimit -l unlimited, UCX_TLS rc_x,rc,cuda_copy,cuda_ipc, prefill and decode preferred on one host: the KV path is declared over InfiniBand',
  },
  {
    file: 'dynamo-eks-vllm-disagg-trainium-prefill-cuda-decode-efa-libfabric.yaml',
    source: `${DYN}/8498858fbbf6f862d76a10dace401f7e7c5547cf/examples/deployments/EKS/manifests/vllm/disagg_trainium_cuda_efa_gpudirect.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1alpha1 DGD on EKS: a Trainium prefill (trn1n, 1 Neuron device, KV staged in host memory) and a 1-GPU CUDA decode (p5), kept on different hosts in one zone; both request one EFA device, NixlConnector on the LIBFABRIC backend with FI_PROVIDER efa (decode with FI_EFA_USE_DEVICE_RDMA), IPC_LOCK on both: the cross-node KV path is declared over EFA',
  },
  {
    file: 'dynamo-gke-sglang-dsv31-fp8-disagg-1p1d-b200-rdma8-roce-nixl.yaml',
    source: `${DYN}/7b906d74b368911635ae8a4bdb419a08c04922a1/examples/deployments/GKE/sglang/dynamo-gcp/dsv31-fp8/dgd-disagg-1p1d.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1alpha1 DGD on GKE B200: SGLang 1P1D, each TP8/DP8/EP8 on a whole node, NIXL transfer backend; both pools request the eight GKE RDMA networks (networking.gke.io.networks/rdma-0..7 with the interfaces annotation), IPC_LOCK, UCX_TLS with rc (tcp only as a fallback), NCCL RoCE settings: the cross-node KV path is declared over RoCE',
  },
  {
    file: 'dynamo-powerplanner-dgdr-v1a1-vllm-aic-sla-autoapply.yaml',
    source: `${DYN}/15c581ebff643ed7707cce0cf0302f8b897df34e/examples/deployments/powerplanner/profile_sla_aic_dgdr.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'a v1alpha1 DynamoGraphDeploymentRequest: Qwen3-0.6B on vLLM, AI Configurator profiling for h100_sxm against TTFT/ITL targets, autoApply true: the graph (possibly prefill/decode) is generated and applied by the operator, its pods and fabric are not in the file: KV path undetermined',
  },
  {
    file: 'dynamo-nemotron3-ultra-vllm-disagg-gb200-1p2d-gke-rdma-ip-preflight.yaml',
    source: `${DYN}/039eaa1c0ac5b3e9dfa6692fdcb33fe73aa909fa/recipes/nemotron-3-ultra/vllm/disagg-gb200-agentic-256k-1p2d/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on GKE GB200: vLLM 1P2D TP4 each on one node, NixlConnector; every worker requests the four GKE RDMA networks and their .IP resources with the interfaces annotation, runs as root with IPC_LOCK and ulimit -l unlimited, UCX_TLS rc_x,rc,cuda_copy,cuda_ipc with RoCE addressing, and checks the RDMA interfaces, HCAs and uverbs devices before starting: the KV path is declared over RoCE',
  },
  {
    file: 'dynamo-dsv4-pro-0813-vllm-disagg-h200-agentic-tp8-whole-node-no-rdma.yaml',
    source: `${DYN}/2025e16a654183f592baab01e0b1076fed88e030/recipes/deepseek-v4/deepseek-v4-pro-0813/vllm/disagg-h200-agentic/deploy.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD on H200: vLLM 1P1D, each TP8/EP taking a whole 8-GPU node, NixlConnector; no RDMA resource or network, no IPC_LOCK, no UCX settings: the KV hand-off crosses nodes over whatever UCX finds, the pod network over TCP at worst',
  },
  {
    file: 'dynamo-qwen38-vllm-agg-gb300-tp16-4node-cd-decode-typed.yaml',
    source: `${DYN}/ab3676a761d1a8d7960975cce9588b047ac5a444/recipes/qwen3.8-2.4t-a95b-fp8/vllm/agg-gb300-chat/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: "v1beta1 DGD on GB300, aggregated: one vLLM worker (typed decode, started without a disaggregation mode) TP16 over 4 nodes inside the file's ComputeDomain, no prefill pool and no kv-transfer config: no KV hand-off between pods",
  },
  {
    file: 'dynamo-dsr1-vllm-disagg-hopper-dep16-bash-c-flags-no-engine.yaml',
    source: `${DYN}/4806fa829edb4dbd4d9adfa948552e67630e84ce/recipes/deepseek-r1/vllm/disagg/deploy_hopper_prefill_dep16_decode_dep16.yaml ${READ_FILE}`,
    expert: 'problem',
    why: "v1alpha1 DGD (vllm-runtime 0.8.0): prefill and decode each DP16/EP over 2 nodes of 8 GPUs with rdma/ib 8, NixlConnector, but both workers' command is `/bin/bash -c` and their args are only engine flags (--model …), with no `python3 -m dynamo.vllm` anywhere: bash takes --model for an option of its own and exits, and the operator's multinode flag injection finds no dynamo.vllm command to extend; no worker starts, so there is no KV path at all",
  },
  {
    file: 'dynamo-kimi-k3-vllm-agg-h200-tp8-pp4-4node-no-rdma.yaml',
    source: `${DYN}/1fa623b3429554e32435bbca78935cc9da0f65b9/recipes/kimi-k3/vllm/agg-h200-agentic/deploy.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'v1beta1 DGD on H200, aggregated: one vLLM worker TP8 inside each node and PP4 across 4 nodes (mp executor, --nnodes 4), no RDMA resource; no prefill/decode split, so no KV hand-off between pods (only pipeline activations cross the nodes, over TCP)',
  },
  {
    file: 'dynamo-rbg-v1a1-sglang-pd-lws-decoder-tp16-rdma-hca-no-ipc-lock.yaml',
    source: `${DYN}/05fe2989a0c2f77a748a10eef798a5e5d3e5de31/examples/deployments/rolebasedgroup/sglang/disagg-multinode.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "RoleBasedGroup v1alpha1 (sglang-runtime 0.7.1): an 8-GPU SGLang prefill pod and a decoder LeaderWorkerSet of 2 pods (TP16/EP16 DeepEP across them), NIXL transfer backend, every worker granted rdma/hca 1 but with no IPC_LOCK or privilege: registering KV (and DeepEP's buffers) is bounded by the container memlock limit, which the file does not show (the frontend's `--http-port 8000` is one argv word, which argparse takes for a stray positional, a serving fault outside the KV path)",
  },
];
