import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m22 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const VICKIE = 'https://github.com/vickiegpt/dynamo/blob';
const VICKIE_FORK = '(a fork of ai-dynamo/dynamo with its own files; copied with git show at that commit)';
const LLMDB = 'https://github.com/llm-d/llm-d-benchmark/blob';
const LLMDB_NOTE =
  '(configuration committed with the results of experiment 7; copied with git show at that commit)';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked: no snapshot of the repository can be fetched here)";

export const MANIFESTS_m22: ManifestCase[] = [
  {
    file: 'vickiegpt-dynamo-aiconf-trtllm-disagg-4p1d-k8s-deploy.yaml',
    source: `${VICKIE}/9897a4bdf4c30c5663d76ccaff1a6d8aa8fa7205/aiconf_save/QWEN3_32B_isl4000_osl500_ttft300_tpot10_442838/backend_configs/disagg/k8s_deploy.yaml ${VICKIE_FORK}`,
    expert: 'not-judged',
    why: 'aiconfigurator-generated DGD: TRT-LLM 4 prefill (1 GPU) and 1 decode (TP4 in one pod), --disaggregation-mode on both, cache transceiver set in a ConfigMap not in the file; no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps prefill and decode on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'vickiegpt-dynamo-trtllm-disagg-baseline-decode-first.yaml',
    source: `${VICKIE}/9897a4bdf4c30c5663d76ccaff1a6d8aa8fa7205/components/backends/trtllm/deploy/disagg_baseline.yaml ${VICKIE_FORK}`,
    expert: 'not-judged',
    why: 'TRT-LLM 1P1D, 1 GPU each, decode_first strategy, engine configs read from the image (not shown); no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps prefill and decode on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'vickiegpt-dynamo-sglang-blackwell-test-computedomain-namespace-mismatch.yaml',
    source: `${VICKIE}/fd699923db725ec7af45f71fafa986f4f7f7efa7/components/backends/sglang/deploy/blackwell_test.yaml ${VICKIE_FORK}`,
    expert: 'problem',
    why: 'SGLang P/D over a 4-node ComputeDomain (each role TP8 on 2 nodes x 4 GPUs, NIXL, MNNVL NCCL), but the prefill service is put in Dynamo namespace sglang-disagg while the frontend and decode are in sglang-disagg-multinode: the prefill worker looks for its decode peer in a namespace where none registers, so no KV hand-off can happen',
  },
  {
    file: 'llmd-bench-exp7-1p1d-decoder-pod-cuda-ipc-tcp.yaml',
    source: `${LLMDB}/4e14452679fb137051c6c036dbb51db5c7dbc074/collected/yamls/exp-7/1p1d-llama3-8b/llama3-8b-decoder-pod.yaml ${LLMDB_NOTE}`,
    expert: 'not-judged',
    why: "the decode half only (llm-d role decode, routing sidecar with --connector=nixl), vLLM NixlConnector, UCX_TLS=cuda_ipc,cuda_copy,tcp, pod required on the prefiller's node; the prefill is in another file, and CUDA IPC between two pods that share no IPC namespace is not assured, leaving TCP: path not shown whole",
  },
  {
    file: 'llmd-bench-exp7-1p1d-prefiller-deployment-cuda-ipc-tcp.yaml',
    source: `${LLMDB}/4e14452679fb137051c6c036dbb51db5c7dbc074/collected/yamls/exp-7/1p1d-llama3-8b/llama3-8b-prefiller-deployment.yaml ${LLMDB_NOTE}`,
    expert: 'not-judged',
    why: 'the prefill half only (llm-d role prefill) with its Service, vLLM NixlConnector, UCX_TLS=cuda_ipc,cuda_copy,tcp, co-located with the decoder by pod affinity; the decode is in another file, and CUDA IPC between pods without a shared IPC namespace is not assured, leaving TCP: path not shown whole',
  },
  {
    file: 'llmd-bench-exp7-baseline-vllm-agg-deployment.yaml',
    source: `${LLMDB}/a2440f434ba0d588c7df74ffbc61f00539df61e4/collected/yamls/exp-7/baseline-vllm/llama3-8b-deployment.yaml ${LLMDB_NOTE}`,
    expert: 'no-problem',
    why: 'baseline of the experiment: 2 replicas of a 1-GPU vLLM on A100, no KV connector: aggregated, no KV hand-off between pods',
  },
  {
    file: 'michaelfeil-dynamo-dgd-v1b1-sglang-sidecar-disagg-rdma-ib.yaml',
    source: `https://github.com/michaelfeil/dynamo/blob/5c8b22b3d9b9e2fb19ba8a6ec862d8793e49e5f7/lib/sidecar/sglang/deploy/disagg.yaml (a fork of ai-dynamo/dynamo) ${READ_FILE}`,
    expert: 'no-problem',
    why: "DGD v1beta1, SGLang engines as native sidecars in --disaggregation-mode prefill/decode with NIXL, each granted 1 GPU and rdma/ib 1 with IPC_LOCK, running as the image's root, /dev/shm 10Gi; bootstrap host advertised: every element of the KV path declared",
  },
  {
    file: 'michaelfeil-dynamo-ci-kimi-k25-disagg-patch-gb200-clique-affinity.yaml',
    source: `https://github.com/michaelfeil/dynamo/blob/1e93048325196e0225c01f91b2af3bc71b4393e4/.github/ci/kimi-k25-disagg/patch-deploy.yaml (a fork of ai-dynamo/dynamo) ${READ_FILE}`,
    expert: 'not-judged',
    why: 'a kustomize patch of a TRT-LLM DGD: prefill and decode (4 GPUs each) required into one nvidia.com/gpu.clique on a GKE GB200 pool, shared memory 179Gi; the containers, engine and KV transfer are in a base not shown, and no ComputeDomain/IMEX channel is declared here for MNNVL',
  },
  {
    file: 'yao531441-dynamo-dgd-v1b1-vllm-gaie-xpu-disagg-dra.yaml',
    source: `https://github.com/yao531441/dynamo/blob/641edb77b91a0994e092c13afe5fa3aaf0eb06b1/examples/backends/vllm/deploy/gaie/xpu/disagg.yaml (a fork of ai-dynamo/dynamo, Intel XPU port) ${READ_FILE}`,
    expert: 'not-judged',
    why: 'GAIE-managed vLLM P/D on Intel XPU via a DRA claim (gpu.intel.com), NixlConnector with kv_buffer_device xpu; no RDMA device or network, no UCX_TLS and nothing keeps prefill and decode on one node: KV may cross the pod network over TCP (the header itself warns of KV-transfer instability)',
  },
  {
    file: 'yao531441-dynamo-dgd-v1b1-eks-vllm-disagg-p5-efa-libfabric.yaml',
    source: `https://github.com/yao531441/dynamo/blob/788220d8c624415e7e63161051d439915bbdf76b/examples/deployments/EKS/manifests/vllm/v1beta1/disagg-p5.yaml (a fork of ai-dynamo/dynamo) ${READ_FILE}`,
    expert: 'no-problem',
    why: 'EKS p5.48xlarge: vLLM 6 prefill + 2 decode, TP2 each, NixlConnector on the LIBFABRIC backend, each pod granted 8 EFA devices with IPC_LOCK and the EFA runtime image: the KV path over EFA is declared',
  },
  {
    file: 'yueying-dynamo-dgd-v1b1-vllm-inkling-disagg-gb300-aws-roce-dra.yaml',
    source: `https://github.com/yueying-AIHorizon/dynamo/blob/3d741331e55038cee2f24f4a0d3e3592cd89bbd3/recipes/inkling/vllm/disagg-gb300-agentic/deploy-aws-roce.yaml (a fork of ai-dynamo/dynamo; rendered kustomize overlay) ${READ_FILE}`,
    expert: 'no-problem',
    why: 'GB300 P/D (TP4 each) in a ComputeDomain with its IMEX channel claimed, UCX cuda_ipc over MNNVL plus a RoCE NIC claimed through DRA (roce.networking.k8s.aws) for rc, UCX_NET_DEVICES set from the HCA found, refusing to start without one; root, IPC_LOCK, hostIPC, 64Gi /dev/shm: every element declared',
  },
  {
    file: 'umesh-aibrix-stormservice-sglang-mooncake-1p1d-mi300x.yaml',
    source:
      "https://github.com/umesh-khatiwada/aibrix-vllm-deployment/blob/469d4835bebc23d116603418b61c73407fbf69ea/v2/aibrix/stormservice/pd-disaggregation-manifest.yaml (a user's AIBrix repository; copied with git show at that commit)",
    expert: 'not-judged',
    why: 'AIBrix StormService on MI300X: SGLang router, 1-GPU prefill and decode with the Mooncake transfer backend and IPC_LOCK, but no RDMA device granted, no --disaggregation-ib-device and nothing keeping the roles on one node: Mooncake finds no HCA and KV may go over TCP',
  },
  {
    file: 'umesh-aibrix-stormservice-sglang-mooncake-mi300x-decode-tp2-two-nodes-nccl-ib-disabled.yaml',
    source:
      "https://github.com/umesh-khatiwada/aibrix-vllm-deployment/blob/469d4835bebc23d116603418b61c73407fbf69ea/v2/aibrix/stormservice/multi-node-inference-with-pd.yaml (a user's AIBrix repository; copied with git show at that commit)",
    expert: 'not-judged',
    why: 'AIBrix StormService on MI300X: 1-GPU prefill, decode TP2 over two pods (podGroupSize 2) with NCCL_IB_DISABLE=1, Mooncake transfer backend with no RDMA device granted: TP and KV both left to TCP, degraded but not broken',
  },
  {
    file: 'rbg-planner-demo-rbg-v1a2-dynamo-sglang-pd-one-node-nixl.yaml',
    source:
      'https://github.com/rolebasedgroup/rbg-planner/blob/19c014986877d1f9ed0d486ca530d36ca2537442/demo/00-rbg.yaml (copied with git show at that commit)',
    expert: 'not-judged',
    why: 'RoleBasedGroup v1alpha2 (Alibaba Lingjun): Dynamo frontend, SGLang prefill and decode 1 GPU each with NIXL, all pinned by nodeName to one node; no RDMA device and no shared IPC namespace between the two pods, so CUDA IPC is not assured and KV may fall back to TCP on the node',
  },
  {
    file: 'matrixinfer-kthena-modelserving-lmcache-pd-tp8-ucx-tcp.yaml',
    source:
      'https://github.com/matrixinfer-ai/kthena/blob/472cf66432e647871bcd78a261094e66d707c427/examples/model-serving/gpu-PD.yaml (the repository Kthena grew from; copied with git show at that commit)',
    expert: 'not-judged',
    why: 'ModelServing P/D with LMCacheConnectorV1 producer/consumer, TP8 each (a whole node each), privileged, NCCL set for RoCE, but UCX_TLS=cuda_ipc,cuda_copy,tcp leaves RDMA out and the rdma resource is commented out; LMCache configs come from host files not shown: KV between the nodes goes over TCP at best',
  },
  {
    file: 'ckodex-llminferenceservice-ckodex-group-multinode-tp2-pp2.yaml',
    source: `https://github.com/ckodex-labs/ckodex-kserve-llm/blob/6cc11fa34acf7958cbae94e6779de86b8f093016/config/samples/llminferenceservice-kserve-multinode.yaml (an operator defining its own LLMInferenceService under serving.ckodex.com) ${READ_FILE}`,
    expert: 'no-problem',
    why: 'aggregated multi-node: TP2 within each of two 2-GPU pods, PP2 between them (Ray), no prefill/decode split: no KV hand-off between pods, and pipeline stages pass only activations',
  },
];
