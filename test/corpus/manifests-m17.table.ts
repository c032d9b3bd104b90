import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m17 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: cloud vendors and communities the corpus had barely used. Volcengine (VKE) through
 * ByteDance's AIBrix: its newer samples and test data (brixbench's Dynamo DGD, llm-d and StormService
 * fixtures for a VKE cluster with the `vke.volcengine.com/rdma` device and the RDMA CNI annotation, the
 * KV-cache offload and P/D-reuse tests, a RayClusterFleet on VKE); Alibaba Cloud ACK (RoleBasedGroup P/D
 * and the new InstanceSet workload with `aliyun/erdma`, a RayCluster and check pods on eRDMA); Huawei Ascend
 * (MindIE-Motor's Kubernetes deployments from a GitHub mirror of the gitee repository, `huawei.com/Ascend910`);
 * Volcano's Kthena (vLLM data parallel over a leader and a worker pod). Files from a fetched snapshot are
 * byte for byte `git show <commit>:<path>`; the two data-on-ack files and the vllm-ascend LWS, whose commits are in no snapshot that
 * could be fetched, are the text the search tool's read_file returned for the commit named, written out
 * unchanged and their length checked against its total_chars. Two more (the vllm-ascend LWS and AIBrix's KVCache) were read after the first run, their readings committed first. One more candidate (AIBrix's VKE quickstart
 * `samples/quickstart/vke/pd-model.yaml`) was a byte for byte copy of an earlier corpus file and was dropped
 * before any reading, as were three Kthena examples already in the corpus.
 */
const AIBRIX = 'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b';
const MINDIE = 'https://github.com/verylucky01/MindIE-Motor/blob/faf27e70820cec71837883f34f41c19522f71172';
const MINDIE_DIR = 'mindie_service/management_service/example/deploy_scripts/deployment';
const MIRROR = '(a GitHub mirror of MindIE-Motor, the Ascend MindIE service repository on gitee)';
const KTHENA = 'https://github.com/volcano-sh/kthena/blob/3cc057284c34469fcb0ed22a12dac84b1d120719';
const DOA = 'https://github.com/AliyunContainerService/data-on-ack/blob';
const AIACK =
  'https://github.com/AliyunContainerService/ai-models-on-ack/blob/3af8a5eb8f6ba3744f65b8b59cc0a9a3eacd0884';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked)";

export const MANIFESTS_m17: ManifestCase[] = [
  {
    file: 'aibrix-sglang-pd-bucketing.yaml',
    source: `${AIBRIX}/samples/disaggregation/sglang/pd-bucketing.yaml`,
    expert: 'not-judged',
    why: 'two SGLang 1P1D StormServices (prompt-length buckets) and a combined one, Mooncake transfer backend; no pod has an RDMA resource, RDMA network, host network or privilege, so the Mooncake engine is shown no RDMA device and KV between prefill and decode pods takes an undetermined path (CUDA_VISIBLE_DEVICES lists 4/8 indexes in 1-GPU pods; index 0 is still the granted GPU)',
  },
  {
    file: 'aibrix-vllm-pool-xpyd-vke-rdma.yaml',
    source: `${AIBRIX}/samples/disaggregation/vllm/pool.yaml`,
    expert: 'no-problem',
    why: 'vLLM 4P/3D StormService, NixlConnector kv_both; every 1-GPU pod requests a vke.volcengine.com/rdma device with the VKE RDMA CNI network annotation and IPC_LOCK, UCX_TLS ^gga keeps the RDMA and CUDA transports: the KV path is declared',
  },
  {
    file: 'aibrix-regression-sglang-xpyd-nixl-tp2-vke-rdma.yaml',
    source: `${AIBRIX}/test/regression/v0.5.0/sglang-xpyd-rdma.yaml`,
    expert: 'no-problem',
    why: "SGLang 2P2D StormService, NIXL backend, TP2 pods; prefill pinned to one node and decode to another, each pod with a vke.volcengine.com/rdma device, the RDMA CNI network and IPC_LOCK, UCX_TLS ^gga: KV crosses nodes over a declared RDMA path (one NIC for the pod's two GPUs)",
  },
  {
    file: 'aibrix-brixbench-dynamo-dgd-1p1d-tp2-vke-rdma.yaml',
    source: `${AIBRIX}/brixbench/benchmark/testdata/deployments/dynamo/qwen3-8b-round-robin-1p1d-tp2-vke.yaml`,
    expert: 'no-problem',
    why: 'Dynamo DGD v1alpha1, vLLM 1P1D TP2 pinned to one node; each worker requests 2 GPUs and a vke.volcengine.com/rdma device with the RDMA CNI network, runs as root with IPC_LOCK/SYS_RESOURCE and `ulimit -l unlimited`, NIXL with UCX_TLS rc_x,rc,cuda_copy,cuda_ipc,tcp: the KV path is declared',
  },
  {
    file: 'aibrix-brixbench-dynamo-dgd-4p4d-singlenode-ucx-autodetect.yaml',
    source: `${AIBRIX}/brixbench/benchmark/testdata/deployments/dynamo/qwen3-8b-round-robin-4p4d-singlenode.yaml`,
    expert: 'no-problem',
    why: 'Dynamo DGD v1alpha1, vLLM 4P4D TP1 all on one node; each worker has a vke.volcengine.com/rdma device and the RDMA CNI network, memlock unlimited as root, and sets UCX_NET_DEVICES at start to the mlx5 port ucx_info reports in the pod (the one wired to it): RDMA path declared and pinned',
  },
  {
    file: 'aibrix-brixbench-dynamo-dgd-qwen3-32b-4p8d-tp4-vke.yaml',
    source: `${AIBRIX}/brixbench/benchmark/testdata/deployments/dynamo/qwen3-32b-round-robin-4p8d-vke.yaml`,
    expert: 'no-problem',
    why: 'Dynamo DGD v1alpha1, vLLM 4 TP4 prefill workers on one node and 8 TP4 decode workers on another, each with a vke.volcengine.com/rdma device, the RDMA CNI network, memlock unlimited and UCX rc plus CUDA transports: KV crosses nodes over declared RDMA (that 8x4 decode GPUs are pinned to one node is a scheduling matter, not the KV path)',
  },
  {
    file: 'aibrix-brixbench-llmd-pd-4p8d-vke-rdma.yaml',
    source: `${AIBRIX}/brixbench/benchmark/testdata/deployments/llmd/models/qwen3-8b-pd-4p8d-multinode.yaml`,
    expert: 'no-problem',
    why: 'llm-d P/D rendered as Deployments on VKE: 4 prefill pods on one node, 8 decode pods with the routing sidecar on another, NixlConnector kv_both; each pod has vke.volcengine.com/rdma in its limits, the RDMA CNI network and IPC_LOCK, UCX_TLS ^gga: KV crosses nodes over declared RDMA',
  },
  {
    file: 'aibrix-kvcache-pd-reuse-nixl-tp2-vke.yaml',
    source: `${AIBRIX}/python/aibrix_kvcache/tests/pd_reuse/vllm-pd.yaml`,
    expert: 'no-problem',
    why: 'vLLM 1P1D StormService, NixlConnector kv_producer/kv_consumer, TP2, both pinned to one node; each pod has a vke.volcengine.com/rdma device, the RDMA CNI network and IPC_LOCK, UCX_TLS ^gga (the AIBrix SHFS offload variables are not read by the NIXL connector): the KV path is declared',
  },
  {
    file: 'aibrix-vke-kvcache-infinistore-offload-client.yaml',
    source: `${AIBRIX}/samples/volcano-engine/deepseek-8b-kv-cluster.yaml`,
    expert: 'not-judged',
    why: 'vLLM with AIBrixOffloadingConnector writes KV to an InfiniStore cluster over RDMA, the store itself not in this file; the pod is granted one vke.volcengine.com/rdma device but the connector names four HCAs (mlx5_1..mlx5_4, GID 7), so which of them the pod really has is not shown',
  },
  {
    file: 'aibrix-vke-rayclusterfleet-dsr1-tp16-rdma8.yaml',
    source: `${AIBRIX}/samples/volcano-engine/deepseek-r1.yaml`,
    expert: 'no-problem',
    why: 'aggregated DeepSeek-R1 TP16 over a Ray head and worker (RayClusterFleet): no KV between pods; the cross-node TP has 8 vke.volcengine.com/rdma devices, 8 RDMA CNI networks, NCCL_IB_HCA over the 8 rails and IPC_LOCK per pod',
  },
  {
    file: 'kthena-ms-vllm-dp2-leader-worker.yaml',
    source: `${KTHENA}/docs/kthena/docs/assets/examples/model-serving/data-parallel-deployment.yaml`,
    expert: 'no-problem',
    why: 'Kthena ModelServing running vLLM data parallel 2 over a leader and a worker pod (1 GPU each) for a dense Qwen3-0.6B: DP ranks exchange only coordination over RPC, no KV hand-off and no expert parallelism between pods',
  },
  {
    file: 'mindie-motor-mindie-server-910b-deployment.yaml',
    source: `${MINDIE}/${MINDIE_DIR}/mindie_server.yaml ${MIRROR}`,
    expert: 'no-problem',
    why: "MindIE servers (2 replicas, one Ascend 910 each) whose P/D roles the MindIE controller assigns; KV between instances moves NPU to NPU over each NPU's own RoCE port, given with the huawei.com/Ascend910 grant and the rank table the ring-controller label has written: nothing on the pod network",
  },
  {
    file: 'mindie-motor-single-container-pd-a3.yaml',
    source: `${MINDIE}/${MINDIE_DIR}/mindie_service_single_container_base_A3.yaml ${MIRROR}`,
    expert: 'no-problem',
    why: "one Atlas A3 pod with 16 Ascend NPUs holding both prefill and decode (P:D rate 1:1) in a single container: KV stays inside the node over the NPUs' own links",
  },
  {
    file: 'ack-ray-direct-transport-raycluster-erdma.yaml',
    source: `${DOA}/0d5bb84c5aa909f18191b0b2b88263d7ef7ba184/ray/2-advanced/ray-direct-transport-on-erdma/ray-cluster-erdma.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'RayCluster for a Ray Direct Transport demo on ACK: two 1-GPU workers on separate nodes, each with aliyun/erdma, host network, IPC_LOCK and NCCL_IB_HCA=erdma_0; no serving engine or KV, and the GPU-to-GPU path it moves tensors on is declared',
  },
  {
    file: 'ack-erdma-nccl-check-pods.yaml',
    source: `${DOA}/1a59fff89809f407a45428d0443f58c49e0af367/ray/2-advanced/ray-direct-transport-on-erdma/erdma-nccl-check-pods.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'two sleeping pods on two eRDMA nodes (1 GPU, aliyun/erdma, host network, IPC_LOCK) for a manual NCCL check: no engine, no KV',
  },
  {
    file: 'ack-ai-models-rbg-sglang-pd-qwen3-235b-erdma.yaml',
    source: `${AIACK}/llm/sglang/sglang-pd-qwen3-235b.yaml`,
    expert: 'no-problem',
    why: 'RoleBasedGroup router + SGLang prefill (TP4/EP4) + decode (TP8/EP8) on ACK, Mooncake by default; prefill and decode each request aliyun/erdma with host network and privilege, so the transfer engine sees the eRDMA device; DeepEP stays inside each pod',
  },
  {
    file: 'ack-ai-models-rbg-instanceset-sglang-agg-tp8.yaml',
    source: `${AIACK}/llm/sglang/sglang-agg-qwen3-5-397B-A17B.yaml`,
    expert: 'no-problem',
    why: 'RoleBasedGroup with an InstanceSet workload: one aggregated SGLang TP8 pod with 8 GPUs, no KV between pods',
  },
  {
    file: 'aibrix-kvcache-cr-infinistore-vke-rdma.yaml',
    source: `${AIBRIX}/samples/kvcache/infinistore/kvcache.yaml`,
    expert: 'not-judged',
    why: 'AIBrix KVCache (InfiniStore backend, Ethernet link type, GID index 7): the KV store an offloading engine writes to; its cache pods request a vke.volcengine.com/rdma device, but the controller builds them and whether it attaches the RDMA CNI network the device needs is not shown, nor any engine using the store',
  },
  {
    file: 'vllmascend-nightly-lws-a3-2x16npu-run-sh.yaml',
    source: `https://github.com/vllm-project/vllm-ascend/blob/96ecd7704dbebf45ad817af6d5f274a2f4d1aab0/tests/e2e/nightly/multi_node/scripts/lws.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "vllm-ascend's nightly multi-node CI: an LWS of two Atlas A3 pods with 16 Ascend NPUs each, whose engines start from a run.sh on a PVC (Mooncake version pinned in env); what crosses the two pods (P/D KV over Mooncake, DP/EP) and how the NPUs' RoCE ports are configured (no host network, no hccn.conf) are not shown",
  },
];
