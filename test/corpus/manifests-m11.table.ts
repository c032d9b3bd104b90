import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m11 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: manifests people wrote for their own clusters in smaller and personal GitHub repositories
 * (workshops, lab write-ups, benchmark sweeps, blog companion repos): AWS EFA with NIXL LIBFABRIC, a RoCE lab
 * on rdma/ib with host networking, GKE GB300 with ComputeDomains and DRA RDMA claims, Tencent TKE
 * LeaderWorkerSets, and vLLM P/D pods with P2pNccl and shared-storage connectors. Each file is `git show
 * <commit>:<path>` of the repository named, unchanged.
 */
export const MANIFESTS_m11: ManifestCase[] = [
  {
    file: 'dynamo-dmvevents-trtllm-efa-libfabric-v36.yaml',
    source:
      'https://github.com/dmvevents/dynamo-vault/blob/4cfbe29399e8859b91401090937b7516bff4668c/deployments/trtllm-disagg-v36.yaml',
    expert: 'not-judged',
    why: 'TRT-LLM 1P1D on p5 with one EFA device each, privileged, /dev/infiniband and hugepages, TRTLLM_NIXL_KVCACHE_BACKEND=LIBFABRIC and FI_PROVIDER=efa; but the engine configs (cache_transceiver_config) sit in a ConfigMap the file does not hold, so the KV backend is not shown, and FI_HMEM_DISABLE_P2P=1 turns off GPUDirect in libfabric (KV staged through host memory)',
  },
  {
    file: 'dynamo-dmvevents-trtllm-ucx-no-efa.yaml',
    source:
      'https://github.com/dmvevents/dynamo-vault/blob/76dbcd56ebafa32660ebc9fdeb8359425dcdbf31/kubernetes/ucx/deployment.yaml',
    expert: 'not-judged',
    why: 'TRT-LLM 1P1D of one-GPU pods with no RDMA/EFA resource (privileged only), engine configs in a ConfigMap not shown, UCX_TLS tcp,srd,cuda_copy,cuda_ipc,sm,self: no rc/dc/ud, so on InfiniBand or RoCE nodes KV between the pods can only take TCP, and srd needs an EFA device the pods do not request; NIXL_BACKEND=UCX is not a variable TRT-LLM reads',
  },
  {
    file: 'dynamo-awsgpuworkshop-trtllm-crossnode-libfabric-multidgd.yaml',
    source:
      'https://github.com/dmvevents/aws-gpu-workshop/blob/6c0f2d4dbd0abe506d1c42e0966c2a7eeee767e3/dynamo/deployments/trtllm-crossnode-libfabric.yaml',
    expert: 'not-judged',
    why: 'three DGDs sharing one Dynamo namespace (frontend, prefill, decode pinned to two HyperPod nodes), each worker one EFA device with LIBFABRIC, FI_PROVIDER=efa and FI_EFA_USE_DEVICE_RDMA=1; but the engine configs are files inside the image (cache transceiver backend not shown) and the decode takes its GPU from a host /dev mount without requesting nvidia.com/gpu',
  },
  {
    file: 'dynamo-atlworkshop-deployments-efa-custom-image.yaml',
    source:
      'https://github.com/dmvevents/atlworkshop/blob/04546601467550deca71cb0c28cc3d9f0f72d5df/demos/manifests/dynamo-workshop.yaml',
    expert: 'not-judged',
    why: 'plain Deployments for a frontend, a prefill and a decode (one GPU and one EFA each, WORKER_TYPE env, NIXL_BACKEND=LIBFABRIC from a ConfigMap) on placeholder custom images with no command: the engine, its mode and its KV connector are hidden in the image',
  },
  {
    file: 'dynamo-atlworkshop-vllm-agg-tp2.yaml',
    source:
      'https://github.com/dmvevents/atlworkshop/blob/06f39e3a7b43dc2ebcb148a4adb3c7a98a557672/dynamo-deployment/manifests/04-dynamo-large-model.yaml',
    expert: 'no-problem',
    why: 'aggregated vLLM TP2 in one two-GPU pod on p4d: no KV hand-off between pods and no traffic leaving the node',
  },
  {
    file: 'dynamo-workshop-sglang-dsr1-wideep-4node-no-rdma.yaml',
    source:
      'https://github.com/arunraman/dynamo-workshop/blob/205cae5c14e225ffc14c58b1bccdd5ca55046853/lab3/k8s/deepseek-r1-wideep.yaml',
    expert: 'problem',
    why: 'SGLang DeepSeek-R1 wide-EP P/D, prefill and decode each TP32/DP32 with DeepEP over 4 nodes x 8 GPUs, NIXL KV, and no RDMA/EFA resource, RDMA network, host network or ComputeDomain anywhere: the expert all-to-all (DeepEP needs RDMA between nodes) and the KV both have only the pod network',
  },
  {
    file: 'dynamo-workshop-sglang-dsr1-2node-tp8.yaml',
    source:
      'https://github.com/arunraman/dynamo-workshop/blob/770bc8393892dca0669edbfee4ad2d8f06186b91/lab3/k8s/deepseek-r1-16gpu-multinode.yaml',
    expert: 'problem',
    why: 'SGLang DeepSeek-R1 P/D, prefill and decode each TP8/EP8 over 2 nodes x 4 GPUs, NIXL KV, with no RDMA resource, RDMA network or ComputeDomain: tensor and expert parallel traffic crosses nodes every layer over the pod network, and KV goes the same way',
  },
  {
    file: 'dynamo-workshop-vllm-disagg-router-legacy-flag.yaml',
    source:
      'https://github.com/arunraman/dynamo-workshop/blob/770bc8393892dca0669edbfee4ad2d8f06186b91/lab2/disagg_router.yaml',
    expert: 'not-judged',
    why: 'vLLM 1P1D with the pre-1.0 --is-prefill-worker form on an unversioned image tag (NIXL was the default connector then), one GPU per pod with IPC_LOCK but no RDMA resource or network and nothing keeping the pods on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'lws-tkeguide-sglang-dsr1-tp16-hostnet.yaml',
    source:
      'https://github.com/imroc/tke-guide/blob/80449bd6d5d218bfdc1f444f1a5f00de18f261a9/codeblock/ai/sglang-lws-deepseek-r1.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet, aggregated SGLang DeepSeek-R1 TP16 over a leader and a worker of 8 GPUs on TKE, hostNetwork (the comment says so RDMA works on HCCPNV6) but no RDMA device resource, /dev/infiniband or privilege: no KV hand-off, but whether the cross-node tensor-parallel traffic gets RDMA is not shown',
  },
  {
    file: 'lws-tkeguide-sglang-tp8-2x4gpu.yaml',
    source:
      'https://github.com/imroc/tke-guide/blob/80449bd6d5d218bfdc1f444f1a5f00de18f261a9/codeblock/ai/sglang-multi-node-lws.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet, aggregated SGLang TP8 over two pods of 4 GPUs with no RDMA resource or network: no KV hand-off, but tensor-parallel traffic crosses the pod network',
  },
  {
    file: 'sglang-tkeguide-deployment-dsr1-tp8.yaml',
    source:
      'https://github.com/imroc/tke-guide/blob/80449bd6d5d218bfdc1f444f1a5f00de18f261a9/codeblock/ai/sglang-deployment-deepseek-r1.yaml',
    expert: 'no-problem',
    why: 'one Deployment pod running aggregated SGLang DeepSeek-R1 TP8 on 8 GPUs with a memory-backed /dev/shm: no KV hand-off between pods, nothing leaves the node',
  },
  {
    file: 'vllm-llmdsim-p2pnccl-pods-same-node.yaml',
    source:
      'https://github.com/junzzhu/llm-d-scheduler-sim-operator/blob/ea708ccf133f63101589a538a7bd6169db4db63f/disaggregated-serving/vllm/p2p-nccl-same-node.yaml',
    expert: 'problem',
    why: 'vLLM prefill and decode as two one-GPU Pods kept on one node by pod affinity, KV by P2pNcclConnector: NCCL sees two pods (own hostname, IPC and PID namespaces) as two hosts and, with no RDMA device, sends the KV over its socket transport on the pod network, not NVLink',
  },
  {
    file: 'vllm-llmdsim-fs-connector-emptydir.yaml',
    source:
      'https://github.com/junzzhu/llm-d-scheduler-sim-operator/blob/ea708ccf133f63101589a538a7bd6169db4db63f/disaggregated-serving/vllm/fs-kv-same-node.yaml',
    expert: 'problem',
    why: 'vLLM prefill and decode Pods with ExampleConnector (shared-storage KV) at /kv_cache, but each pod mounts its own emptyDir there: the decode can never read what the prefill writes, so no KV is handed off',
  },
  {
    file: 'dynamo-highopes-vllm-pd-roce-hostnet.yaml',
    source:
      'https://github.com/highopes/pd-disaggregation-demo/blob/2dc2f876e4240f3b84da768152d5085857ae16c7/pd-disaggregation/dynamo/qwen3-14b-pd.yaml',
    expert: 'no-problem',
    why: 'Dynamo 1.2.1 vLLM 1P1D on a RoCE lab: each one-GPU worker on its own node with rdma/ib, hostNetwork, IPC_LOCK, NixlConnector, UCX_TLS rc_x,rc,cuda_copy,cuda_ipc on mlx5_0:1 with RoCE GID 3 and traffic class: every element of the KV path is declared',
  },
  {
    file: 'dra-gcpcuj-sglang-dsr1-10p1d-mnnvl.yaml',
    source:
      'https://github.com/alisachen-google/gcp-dynamo-cuj/blob/0dd63192144f001b35049800be0332fce4c99942/dynamo-disagg-sweep/dsr1-sweep/manifests/mxt-maxtpt-tcp.yaml',
    expert: 'no-problem',
    why: 'GKE GB300: an 18-node ComputeDomain, 10 prefill Deployment pods (TP4) and an 8-node decode StatefulSet (TP/DP/EP32, DeepEP), all claiming its channel; NIXL KV over UCX cuda_ipc with UCX_CUDA_IPC_ENABLE_MNNVL and NCCL_MNNVL_ENABLE: KV and collectives ride multi-node NVLink (the "tcp" in the name is the request plane)',
  },
  {
    file: 'dra-gcpcuj-sglang-dsr1-10p1d-mrdma-kv.yaml',
    source:
      'https://github.com/alisachen-google/gcp-dynamo-cuj/blob/0dd63192144f001b35049800be0332fce4c99942/dynamo-disagg-sweep/dsr1-sweep/manifests/mxr-maxtpt-rdmakv.yaml',
    expert: 'no-problem',
    why: 'the same GB300 10P/1D graph with KV moved to GPUDirect RoCE: every worker claims 8 mrdma NICs through DRA (template mrdma-all) and the ComputeDomain channel, UCX_TLS cuda_copy,rc_x,tcp on all 8 ports with the in-pod GID and rail-local pairing: the KV path is declared',
  },
  {
    file: 'dynamo-gcpcuj-trtllm-kimi-disagg-cd-mrdma.yaml',
    source:
      'https://github.com/alisachen-google/gcp-dynamo-cuj/blob/0dd63192144f001b35049800be0332fce4c99942/kv-cache-aware-bench/manifests/arm2d-disagg-kv-tuned.yaml',
    expert: 'no-problem',
    why: 'Dynamo TRT-LLM Kimi-K2.5 3P3D on GB200 trays (TP4 each, single node), engine configs in the same file (cache_transceiver DEFAULT, i.e. NIXL/UCX), every worker claiming a ComputeDomain channel and 8 mrdma NICs by DRA: KV has MNNVL and RDMA declared',
  },
  {
    file: 'dra-gcpcuj-sglang-job-tp8-2tray-mnnvl.yaml',
    source:
      'https://github.com/alisachen-google/gcp-dynamo-cuj/blob/0dd63192144f001b35049800be0332fce4c99942/dynamo-disagg-sweep/dsr1-sweep/manifests/m1-sglang-tp8-2node.yaml',
    expert: 'no-problem',
    why: 'indexed Job: aggregated SGLang DeepSeek-R1 TP8 over two GB300 trays of 4 GPUs in one 2-node ComputeDomain with NCCL_MNNVL_ENABLE: no KV hand-off, the cross-node tensor traffic rides multi-node NVLink',
  },
];
