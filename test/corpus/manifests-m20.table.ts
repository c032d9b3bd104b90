import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m20 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: manifests committed as operators' and controllers' test data and e2e fixtures. Dynamo's own
 * tests (the EFA deploy tests under tests/deploy/efa, the fault-tolerance templates under
 * tests/fault_tolerance/deploy/templates, and the operator's golden input/output files under
 * deploy/operator/internal/controller/testdata), AIBrix's brixbench test data (a StormService and a DGD of its
 * multi-node routing comparison on VKE RDMA), Grove's e2e workloads (a KAI-scheduled topology-aware P/D
 * PodCliqueSet, the auto-MNNVL mix), the DRA driver's v1 IMEX quickstart and KServe's shipped wide-EP decode
 * preset; a second group, read after the first run's fixes (its readings committed before env ran on it): an
 * llm-d P/D of the same brixbench data on one node, KAI-Scheduler's DRA IMEX example and the Network Operator's
 * InfiniBand SR-IOV test pod. Files from a fetched snapshot are byte for byte `git show <commit>:<path>`; ai-dynamo/dynamo itself
 * is too large to fetch and its tests/deploy/efa and four fault-tolerance templates are in no fetchable fork,
 * so those four are the text the search tool's read_file returned for the commit named, written out unchanged
 * and their character counts checked against total_chars. The wxsms/dynamo fork's paths are upstream's.
 * kubernetes-sigs/lws keeps no YAML test data (its e2e builds objects in Go) and rbg's examples are all in
 * the corpus or test/fixtures already. None is cut.
 */
const DYN = 'https://github.com/ai-dynamo/dynamo/blob';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, written out unchanged and its length checked: no fetchable snapshot holds that path)";
const FORK = 'https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f';
const FORK_NOTE = '(a fork of ai-dynamo/dynamo; the path is upstream’s)';
const AIBRIX = 'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b';
const GROVE = 'https://github.com/ai-dynamo/grove/blob';

export const MANIFESTS_m20: ManifestCase[] = [
  {
    file: 'dynamo-tests-vllm-disagg-efa-libfabric.yaml',
    source: `${DYN}/31db9acd5c64b8bf26e1b7b90f45b4dcd66d40b1/tests/deploy/efa/disagg-efa.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'Dynamo v1alpha1 DGD of the EFA deploy test: vLLM 1P1D Qwen3-0.6B, each one-GPU worker privileged with vpc.amazonaws.com/efa 1, NixlConnector with backends [LIBFABRIC], FI_PROVIDER efa and FI_EFA_USE_DEVICE_RDMA 1 on both sides: every element of the KV path declared, one EFA device for a TP1 worker',
  },
  {
    file: 'dynamo-tests-sglang-disagg-efa-libfabric-v1beta1.yaml',
    source: `${DYN}/7e9f74d48fe86eb98ae1d434b330b6a4169b86bf/tests/deploy/efa/disagg-efa-sglang.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'Dynamo v1beta1 DGD (components list): SGLang 1P1D with --disaggregation-transfer-backend nixl and SGLANG_DISAGGREGATION_NIXL_BACKEND=LIBFABRIC, FI_PROVIDER efa, each one-GPU pod with one EFA device and IPC_LOCK, decode forced off the prefill node by required anti-affinity: the cross-node KV path is declared end to end',
  },
  {
    file: 'dynamo-ft-vllm-disagg-qwen3-30b-4p2d-prod-no-rdma.yaml',
    source: `${DYN}/151ca6070dc1140211ba7a29387c8977ddc4d286/tests/fault_tolerance/deploy/templates/vllm/disagg_qwen3_30b_4p2d_2f_prod.yaml ${READ_FILE}`,
    expert: 'problem',
    why: 'mirror of a production vLLM disagg DGD (Qwen3-30B-A3B, TP2+EP per worker, NixlConnector kv_both): 4 prefill + 2 decode workers of 2 GPUs are 12 GPUs, more than one 8-GPU H100 node holds, so prefill→decode pairs cross nodes, yet no pod has an RDMA/EFA device, RDMA network, host network or privilege: those KV transfers can only take UCX over TCP on the pod network (the UCX lane tuning copied from the P4D/EFA production spec has no RDMA device to act on)',
  },
  {
    file: 'dynamo-ft-vllm-disagg-same-gpu-1p1d.yaml',
    source: `${DYN}/ad572504dfdc9c542a8432e2d2d7763ca75fdc41/tests/fault_tolerance/deploy/templates/vllm/disagg_same_gpu.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: 'vLLM 1P1D Qwen3-0.6B meant to share one GPU under time-slicing (or one GPU each), NixlConnector on both: the two pods are separate, nothing keeps them on one node and neither has an RDMA device or privilege, so the KV path between them (cuda_ipc across pods, or TCP across nodes) is left undetermined',
  },
  {
    file: 'dynamo-ft-vllm-moe-disagg-dp2-no-kv-transfer-config.yaml',
    source: `${FORK}/tests/fault_tolerance/deploy/templates/vllm/moe_disagg.yaml ${FORK_NOTE}`,
    expert: 'problem',
    why: 'vLLM MoE disagg DGD on vllm-runtime:1.4.0 (DeepSeek-V2-Lite, DP2 EP elastic inside each 2-GPU pod, pplx all-to-all): the prefill worker runs --disaggregation-mode prefill without --kv-transfer-config, which dynamo.vllm of this release refuses at start (the nixl default was removed), and the decode worker has no disaggregation mode, so it serves aggregated: no KV connector on either side',
  },
  {
    file: 'dynamo-ft-vllm-moe-agg-dp2-ep.yaml',
    source: `${FORK}/tests/fault_tolerance/deploy/templates/vllm/moe_agg.yaml ${FORK_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated vLLM MoE worker (DeepSeek-V2-Lite, DP2 with expert parallel and elastic EP) inside one 2-GPU pod: no KV hand-off between pods and the all-to-all stays inside the pod',
  },
  {
    file: 'dynamo-ft-vllm-multinode-elastic-ep-ib-disabled.yaml',
    source: `${FORK}/tests/fault_tolerance/deploy/templates/vllm/multinode_elastic_ep.yaml ${FORK_NOTE}`,
    expert: 'problem',
    why: 'aggregated multinode DGD worker (2 nodes x 3 GPUs, one Ray cluster) whose elastic EP is scaled from DP2 to DP6, expert ranks landing on the second node from DP4 on, with NCCL_IB_DISABLE=1 and NCCL_SOCKET_IFNAME=eth0 and no RDMA device: the expert-parallel all-to-all between the nodes goes over TCP sockets every layer (no KV hand-off, but the engine itself spans nodes without RDMA)',
  },
  {
    file: 'dynamo-ft-bare-pods-vllm-elastic-ep-aks-a100-ib-disabled.yaml',
    source: `${FORK}/tests/fault_tolerance/deploy/templates/vllm/bare_multinode_elastic_ep.yaml ${FORK_NOTE}`,
    expert: 'problem',
    why: 'two bare Pods on two AKS A100 nodes forming one Ray cluster for vLLM elastic EP (DP2 on the leader, scaled onto the worker node’s 2 GPUs), NCCL_IB_DISABLE=1 because the nodes’ IB GIDs are link-local only (per the comment) and NCCL_SOCKET_IFNAME=eth0: once scaled, the expert-parallel all-to-all crosses nodes over TCP sockets; no prefill/decode hand-off',
  },
  {
    file: 'dynamo-ft-sglang-elastic-ep-mooncake-ib-set-me.yaml',
    source: `${FORK}/tests/fault_tolerance/deploy/templates/sglang/sglang_elastic_ep.yaml ${FORK_NOTE}`,
    expert: 'not-judged',
    why: 'aggregated SGLang worker in one 8-GPU pod (DP-attention TP4/DP4, NIXL all-to-all, elastic EP 4→8 over Mooncake): no KV crosses pods, but --mooncake-ib-device is the placeholder "SET-ME" the header says to replace before applying and the pod has no RDMA device or privilege, so the RDMA path the Mooncake backend needs is not declared as published',
  },
  {
    file: 'dynamo-optest-dgd-v1beta1-multinode-decode-only-input.yaml',
    source: `${FORK}/deploy/operator/internal/controller/testdata/dgd/grove/input.yaml ${FORK_NOTE}`,
    expert: 'no-problem',
    why: 'operator golden-test input: v1beta1 DGD (vLLM backend) with a frontend and one decode component over 2 nodes, placeholder registry.example images, no prefill and no GPU requested: no KV hand-off between pods and nothing on a GPU fabric',
  },
  {
    file: 'dynamo-optest-dcd-lws-output-decode-2x2.yaml',
    source: `${FORK}/deploy/operator/internal/controller/testdata/dcd/lws/output.yaml ${FORK_NOTE}`,
    expert: 'no-problem',
    why: 'operator golden-test output: the LeaderWorkerSet the operator renders for a 2-node decode DynamoComponentDeployment (2 replicas, size 2, test image, /bin/sh -c with --model test/model, resources {} and $pattern matchers): decode only, no GPU requested, no KV hand-off between pods',
  },
  {
    file: 'dynamo-optest-dgdr-mocker-h100-nvlink-no-rdma.yaml',
    source: `${FORK}/deploy/operator/internal/controller/testdata/dgdr/grove/input.yaml ${FORK_NOTE}`,
    expert: 'no-problem',
    why: 'operator golden-test input: a v1beta1 DynamoGraphDeploymentRequest for the profiler (Qwen3-0.6B, 8 H100 on one node, interconnect nvlink, rdma false) with the mocker enabled: the graph it asks for fits one NVLink node and the mocker moves no real KV',
  },
  {
    file: 'aibrix-brixbench-stormservice-vllm-4p4d-multinode-vke-rdma.yaml',
    source: `${AIBRIX}/brixbench/benchmark/testdata/deployments/aibrix/models/qwen3-8b-pd-4p4d-multinode.yaml`,
    expert: 'no-problem',
    why: 'AIBrix StormService, vLLM v0.22 Qwen3-8B 4P4D with prefill pinned to one node and decode to another: every one-GPU pod has vke.volcengine.com/rdma 1, the VKE rdma CNI network, IPC_LOCK and NixlConnector kv_producer/kv_consumer with UCX_TLS ^gga (all but gga): the cross-node KV path is declared',
  },
  {
    file: 'aibrix-brixbench-dgd-vllm-8p8d-multinode-vke-rdma-autodetect.yaml',
    source: `${AIBRIX}/brixbench/benchmark/testdata/deployments/dynamo/qwen3-8b-round-robin-8p8d-multinode.yaml`,
    expert: 'no-problem',
    why: 'Dynamo 1.2.0 v1alpha1 DGD of the brixbench comparison (PV, PVC and PodMonitors beside it): vLLM 8P8D TP1, prefill on one node and decode on another, each pod with vke rdma 1, the rdma CNI network, root with IPC_LOCK and ulimit -l unlimited, NixlConnector, UCX_TLS rc_x,rc,cuda_copy,cuda_ipc,tcp and UCX_NET_DEVICES set at start to the pod’s own mlx5 port plus eth1 by ucx_info: every element of the cross-node KV path declared',
  },
  {
    file: 'grove-e2e-tas-disagg-inference-kai-nginx.yaml',
    source: `${GROVE}/4f3d91aaa2852fc93b9ed52887b47c12ec1252d0/operator/e2e/yaml/tas-disagg-inference.yaml`,
    expert: 'no-problem',
    why: 'Grove e2e PodCliqueSet for topology-aware scheduling under KAI (block/rack pack domains, prefill and decode leader/worker scaling groups, a router): every clique runs nginx with 30Mi memory and no GPU, so no engine runs and no KV moves',
  },
  {
    file: 'grove-e2e-auto-mnnvl-comprehensive-mix-busybox.yaml',
    source: `${GROVE}/fcc3b3bbbc5e6a2a797cd080bdbc6983b1ccec24/operator/e2e/yaml/auto-mnnvl/mnnvl-comprehensive-mix.yaml`,
    expert: 'no-problem',
    why: 'Grove e2e PodCliqueSet exercising the grove.io/mnnvl-group annotation (inherit, override, opt-out at set, scaling-group and clique level): busybox sleeping on one GPU per clique, no engine and no KV hand-off',
  },
  {
    file: 'dra-quickstart-v1-imex-test1-channels.yaml',
    source:
      'https://github.com/NVIDIA/k8s-dra-driver-gpu/blob/22407113785e78c7763b4637689a201eb39c6199/demo/specs/quickstart/v1/imex-test1.yaml',
    expert: 'no-problem',
    why: 'DRA driver quickstart (resource.k8s.io/v1): four IMEX-channel ResourceClaims shared by the 2 replicas of four Deployments whose ubuntu containers claim the node’s GPUs and sleep: no engine, no KV hand-off',
  },
  {
    file: 'kserve-llmisvcconfig-decode-worker-data-parallel-preset.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/config/llmisvcconfig/config-llm-decode-worker-data-parallel.yaml',
    expert: 'not-judged',
    why: 'KServe’s shipped LLMInferenceServiceConfig preset for wide-EP decode (leader and worker templates, nixlv2 routing sidecar, KV connector from a template function, optional RoCE discovery behind KSERVE_INFER_ROCE, IPC_LOCK and runAsNonRoot): a template merged into a user’s LLMInferenceService, it names no RDMA resource or network and its parallel sizes and KV config come from fields it does not hold, so the KV path is undetermined',
  },
  {
    file: 'aibrix-brixbench-llmd-vllm-4p4d-singlenode-vke-rdma-sidecar.yaml',
    source: `${AIBRIX}/brixbench/benchmark/testdata/deployments/llmd/models/qwen3-8b-pd-4p4d-singlenode.yaml`,
    expert: 'no-problem',
    why: 'llm-d v0.8.1 P/D rendered as two Deployments (4 prefill, 4 decode with the llm-d routing sidecar), all pinned to one VKE node: each one-GPU vLLM pod has vke rdma 1, the rdma CNI network, IPC_LOCK and NixlConnector kv_both with UCX_TLS ^gga: the KV path between the pods is declared (RDMA on the node, whichever transport UCX picks)',
  },
  {
    file: 'kai-dra-gpu-imex-pod-computedomain.yaml',
    source:
      'https://github.com/NVIDIA/KAI-Scheduler/blob/72de64fc8eca10fa8cca26a20156178f3edbe092/docs/dra/gpu-imex-pod.yaml',
    expert: 'no-problem',
    why: 'KAI-Scheduler DRA example: a one-node ComputeDomain and a Pod scheduled by kai-scheduler with one GPU and the IMEX channel claim, running nvidia-smi, ls of the IMEX channels and a sleep: no engine, no KV hand-off',
  },
  {
    file: 'netop-sriov-ib-vf-pod-sleep-loop.yaml',
    source:
      'https://github.com/Mellanox/network-operator/blob/b06827e085c59726b699faffcc526342d4d8e395/example/sriov-network/infiniband/sriov-network-pod1.yaml',
    expert: 'no-problem',
    why: 'NVIDIA Network Operator example: a CentOS Pod on the InfiniBand SR-IOV network with one VF (nvidia.com/mlnxnics) and IPC_LOCK, looping on sleep 300: no GPU, no engine, no KV',
  },
];
