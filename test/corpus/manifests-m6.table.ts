import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m6 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Sources: ai-dynamo/dynamo (recipes, examples and operator samples through the wxsms fork at 2a6da14, one
 * 2025-10 wide-EP recipe at 640c2d3), NVIDIA/nim-deploy (AKS workshops), ai-dynamo/modelexpress, NVIDIA/k8s-dra-driver-gpu.
 */
export const MANIFESTS_m6: ManifestCase[] = [
  {
    file: 'dynamo-qwen3-235b-trtllm-disagg-b200-gke-roce.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/qwen3-235b-a22b-fp8/trtllm/disagg/blackwell/deploy-gcp-roce.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'TRT-LLM 6 TP2 prefill / 1 TP4 decode, cache transceiver DEFAULT; both workers attach the four GKE RDMA networks (multi-network annotation plus networking.gke.io.networks/rdma-0..3 resources) and run privileged as root with IPC_LOCK: the RDMA path is declared on both sides',
  },
  {
    file: 'dynamo-qwen3-235b-trtllm-disagg-b200-nscale-ib.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/qwen3-235b-a22b-fp8/trtllm/disagg/blackwell/deploy-nscale-ib.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'TRT-LLM 6P(TP2)/1D(TP4); both workers request rdma/ib, mount /dev/infiniband, pin UCX_NET_DEVICES to the eight compute-fabric mlx5 ports and run privileged as root with IPC_LOCK: every element of the RDMA path is declared',
  },
  {
    file: 'dynamo-qwen3-235b-trtllm-disagg-b200-generic.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/qwen3-235b-a22b-fp8/trtllm/disagg/blackwell/deploy-generic.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'the provider-neutral render of the same TRT-LLM 6P/1D graph (its comment: provider overlays add the RDMA fabric); prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-kimi-k3-vllm-disagg-gb300-cd.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/kimi-k3/vllm/disagg-gb300-agentic/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'v1beta1 DGD on GB300: 1 prefill and 2 decode, each TP8 over 2 nodes x 4 GPUs, vLLM NixlConnector; every worker claims the ComputeDomain channel defined in the file and enables MNNVL: KV and TP stay on the multi-node NVLink domain',
  },
  {
    file: 'dynamo-qwen38-sglang-disagg-gb300-mnnvl.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/qwen3.8-2.4t-a95b-fp8/sglang/disagg-gb300-chat/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'SGLang P/D (modes in a ConfigMap read through --config), each TP16 over 4 GB300 nodes, NIXL/UCX with UCX_TLS=cuda_copy,cuda_ipc,tcp and UCX_CUDA_IPC_ENABLE_MNNVL=y; both claim the ComputeDomain channel defined in the file and run as root with IPC_LOCK: cuda_ipc reaches the peer pods over MNNVL',
  },
  {
    file: 'dynamo-nemotron35-vllm-disagg-b200-dspark-ib.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/nemotron-3.5-lightning/vllm/disagg-b200-dspark-bf16/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'vLLM 1P/1D one-GPU workers, NixlConnector producer/consumer; both request rdma/ib, UCX_TLS=^cuda_ipc leaves the RDMA transports, root with IPC_LOCK: the RDMA path is declared',
  },
  {
    file: 'dynamo-nemotron35-vllm-disagg-gb200-dspark.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/nemotron-3.5-lightning/vllm/disagg-gb200-dspark-bf16/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'problem',
    why: 'the GB200 twin of the B200 recipe without its rdma/ib: UCX_TLS=^cuda_ipc removes cuda_ipc while neither pod has an RDMA device, RDMA network or ComputeDomain claim, so the manifest leaves UCX only TCP for KV between the prefill and decode pods',
  },
  {
    file: 'dynamo-kimi-k25-trtllm-disagg-eagle-cd-placeholder.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/kimi-k2.5/trtllm/disagg-eagle-kv-router/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'TRT-LLM 3P/3D on GB200 (arm64), each TP4 on one node, cache transceiver UCX, MNNVL allreduce; both worker kinds claim a ComputeDomain channel (template name your-compute-domain-channel, a placeholder for a ComputeDomain of the user): KV rides the NVLink domain',
  },
  {
    file: 'dynamo-nemotron3-super-trtllm-disagg.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/nemotron-3-super-fp8/trtllm/disagg/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'TRT-LLM TP2 prefill/decode, cache transceiver UCX; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-dsv4-pro-vllm-disagg-b200-shared-ib.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/deepseek-v4/deepseek-v4-pro/vllm/disagg-b200-agentic/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'vLLM TP8 P/D with rdma/shared_ib, UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc over RoCE, IPC_LOCK and ulimit -l unlimited, but the file says it ships no per-rank NIC mapping (VLLM_GPU_NIC_PCIE_MAPPING/VLLM_NIC_SELECTION_VARS), so KV is host-staged without GPUDirect: a degraded path',
  },
  {
    file: 'dynamo-qwen3-32b-vllm-disagg-kv-router-ib.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/qwen3-32b/vllm/disagg-kv-router/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'vLLM 6P/2D TP2 workers, NixlConnector; every prefill and decode pod requests rdma/ib x2 (no UCX_TLS narrowing): the RDMA path is declared on both sides',
  },
  {
    file: 'dynamo-nemotron3-ultra-vllm-disagg-b200-ib.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/nemotron-3-ultra/vllm/disagg-b200-agentic/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'vLLM TP4 P/D with rdma/ib x4, IPC_LOCK and UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc (no tcp), but UCX_NET_DEVICES pins every rank to mlx5_0:1: one NIC, GPU-local to at most one of the four GPUs and not necessarily among the devices allocated, carries all KV',
  },
  {
    file: 'dynamo-qwen35-122b-vllm-disagg-b200-kvcfg-var.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/qwen3.5-122b/nvfp4/vllm/disagg-b200-agentic/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'vLLM 1P/2D one-GPU workers whose --kv-transfer-config=$(KV_TRANSFER_CONFIG) comes from the ConfigMap in the file (NixlConnector kv_both); both request rdma/ib, UCX_TLS=^cuda_ipc keeps RDMA, root with IPC_LOCK: declared',
  },
  {
    file: 'dynamo-gpt-oss-vllm-disagg-b200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/gpt-oss-120b/vllm/disagg-b200-agentic/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'vLLM 2P/6D one-GPU pods meant to share one B200 node for an NVLink P->D path, but the podAffinity is only preferred, no pod has an RDMA device, and each pod sees only its own GPU so cuda_ipc between pods is not assured: KV may fall back to TCP',
  },
  {
    file: 'dynamo-trtllm-snapshot-restore.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/examples/backends/trtllm/deploy/snapshot-restore.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'aggregated single-GPU TRT-LLM worker restored from a checkpoint, UCX_TLS=tcp,self on purpose (CRIU cannot restore verbs state): no KV hand-off between pods',
  },
  {
    file: 'dynamo-dgd-gms-failover.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/deploy/operator/samples/dgd-gms-failover.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'aggregated vLLM with GMS failover, TP2 over a 2-node multinode worker of one GPU per node, no RDMA resource or network: no KV hand-off, but tensor-parallel traffic crosses nodes over the pod network',
  },
  {
    file: 'dynamo-dsr1-sglang-wideep-tep16p-dep16d.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/640c2d307b005fe61b097fcc6c112e5ae75542bf/recipes/deepseek-r1/sglang-wideep/tep16p-dep16d-disagg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's) (2025-10 vintage, since removed)",
    expert: 'not-judged',
    why: 'SGLang wide-EP DeepSeek-R1: prefill TP16/EP16 and decode TP16/DP16/EP16 each over 2 nodes, NIXL backend; no RDMA/EFA resource, RDMA network or ComputeDomain on either: KV (and the expert traffic) may cross the pod network over TCP',
  },
  {
    file: 'nimdeploy-aks-nemoclaw-vllm-disagg-decode-no-kvcfg.yaml',
    source:
      'https://github.com/NVIDIA/nim-deploy/blob/1c580b92a1a74c0e252b1e2dbee646b3da2f5efd/cloud-service-providers/azure/workshops/aks-nemoclaw/disagg_nemotron_k8s.yaml (the text read_file returns for the commit named; the fetched snapshot predates it)',
    expert: 'problem',
    why: "AKS vLLM P/D: the decode worker starts with --disaggregation-mode decode and no --kv-transfer-config (only the prefill names NixlConnector), and both serve Nemotron-3-Nano, a hybrid Mamba model the file's own header says fails under --kv-transfer-config: no KV can reach the decode",
  },
  {
    file: 'nimdeploy-aks-kvrouter-vllm-agg-decode-label.yaml',
    source:
      'https://github.com/NVIDIA/nim-deploy/blob/4b6ce8c33b901082a81e8549e60a30f9b0ef397c/cloud-service-providers/azure/workshops/aks-kv-cache-router/deploy_kvrouter.yaml (the text read_file returns for the commit named; the fetched snapshot predates it)',
    expert: 'no-problem',
    why: 'AKS KV-router workshop: eight one-GPU vLLM workers labelled subComponentType decode but started with no disaggregation mode or connector, and no prefill service in the graph: aggregated, no KV hand-off between pods',
  },
  {
    file: 'mx-kimi-trtllm-disagg-gb200-gke-cd-rdma.yaml',
    source:
      'https://github.com/ai-dynamo/modelexpress/blob/544c6231c7c7c51ba83d8bd0f4e759642e83fc35/examples/p2p_transfer_k8s/client/trtllm/kimi-disagg-mx-tp8-dgd.yaml',
    expert: 'no-problem',
    why: 'TRT-LLM Kimi K2.5 on GKE GB200: prefill and decode each TP8 over 2 nodes, cache transceiver DEFAULT; both claim a ComputeDomain channel, require podAffinity on nvidia.com/gpu.clique, attach four GKE RDMA networks and run privileged with IPC_LOCK: the path is declared',
  },
  {
    file: 'dra-imex-channel-injection-pod.yaml',
    source:
      'https://github.com/NVIDIA/k8s-dra-driver-gpu/blob/22407113785e78c7763b4637689a201eb39c6199/demo/specs/imex/channel-injection.yaml',
    expert: 'no-problem',
    why: 'a ComputeDomain demo: one ubuntu Pod that claims an IMEX channel and lists /dev/nvidia-caps-imex-channels; no GPU, no engine, no KV',
  },
  {
    file: 'dynamo-dsv41-flash-vllm-disagg-b200-ib-device-pin.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/blob/06c8fbf1bdfbcfbc7b340a35855137860d117853/recipes/deepseek-v4.1-flash/vllm/disagg-b200-agentic/deploy-ib-device-pin.yaml (the text read_file returns for the commit named; the repository is too large to fetch)',
    expert: 'no-problem',
    why: 'v1beta1 DGD whose two workers are both type: worker, their roles given by --disaggregation-mode prefill/decode; vLLM NixlConnector on the UCX plugin, kv_buffer_device cuda; both request rdma/ib x4, pin UCX_NET_DEVICES to eight compute-fabric ports with UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc,tcp, and run as root with IPC_LOCK: the RDMA path is declared',
  },
  {
    file: 'dynamo-dsv41-flash-sglang-disagg-gb200-gke-rdma-mooncake.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/blob/0a3b3f5a786cde8b7ab30f27e7830e7dc6600443/recipes/deepseek-v4.1-flash/sglang/disagg-gb200/deploy-gke-rdma.yaml (the text read_file returns for the commit named; the repository is too large to fetch)',
    expert: 'no-problem',
    why: 'SGLang P/D TP4 each on separate GB200 nodes (the file says KV crosses nodes, deliberately not over the NVLink fabric), Mooncake backend named in the ConfigMap read through --config; both attach four GKE RDMA networks and run as root with IPC_LOCK: Mooncake has its RDMA devices on both sides',
  },
];
