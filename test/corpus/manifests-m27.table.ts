import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m27 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const AIC = 'https://github.com/ai-dynamo/aiconfigurator/blob';
const AIC_NOTE =
  "(ai-dynamo/aiconfigurator's frozen test baseline: the DGD its generator renders for that case; copied with git show at that commit)";
const VCAVE = 'https://github.com/vcave/llm-d/blob';
const VCAVE_NOTE =
  "(a fork of llm-d/llm-d, Jul 2026; the path is upstream's; copied with git show at that commit)";

export const MANIFESTS_m27: ManifestCase[] = [
  {
    file: 'aiconfigurator-qwen3-moe-vllm-gb200-agg-8x1gpu.yaml',
    source: `${AIC}/1ccf60b553ef5d40751ad998022b3356f4425f82/tests/baseline/frozen/qwen_moe_vllm_gb200_ib/k8s_deploy.yaml ${AIC_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated DGD on GB200 (arm64): 8 replicas of a one-GPU vLLM worker (TP1/PP1/DP1) behind a frontend; the MNNVL and UCX_TLS cuda_copy,cuda_ipc,tcp variables have no transfer to act on: no KV hand-off between pods',
  },
  {
    file: 'aiconfigurator-dsv4-sglang-gb200-agg-tp4-efa.yaml',
    source: `${AIC}/8f65786a2c369f7348cb179f4e40ea3d17320139/tests/baseline/precutover_ref/deepseek_sglang_gb200_efa/k8s_deploy.yaml ${AIC_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated DGD on GB200: 2 replicas of an SGLang DeepSeek-V4-Pro worker, TP4 inside one 4-GPU pod, with 4 EFA devices, privileged, IPC_LOCK and the LIBFABRIC/EFA variables set: tensor parallelism stays in the tray and no KV is handed off between pods',
  },
  {
    file: 'aiconfigurator-qwen3-moe-vllm-h200-1p7d.yaml',
    source: `${AIC}/09bf7ad24ba13e093df9a0fe341fe020a658b281/tests/baseline/frozen/vllm_moe_disagg/k8s_deploy.yaml ${AIC_NOTE}`,
    expert: 'not-judged',
    why: 'vLLM 1 prefill (--is-prefill-worker) and 7 decode (--is-decode-worker) one-GPU workers on H200, NixlConnector kv_both; no RDMA/EFA resource, RDMA network or host network and nothing keeps the eight pods on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'aiconfigurator-dsv4-trtllm-gb200-disagg-mnnvl-no-cd.yaml',
    source: `${AIC}/63575165fc3b05d94557ef0d68db672b1f4d75b8/tests/baseline/frozen/deepseek_trtllm_gb200_disagg/k8s_deploy.yaml ${AIC_NOTE}`,
    expert: 'problem',
    why: 'TRT-LLM DeepSeek-V4-Pro prefill and decode on GB200, each TP4 filling a whole 4-GPU tray, so every KV hand-off crosses trays; cache transceiver DEFAULT with UCX_CUDA_IPC_ENABLE_MNNVL and NCCL_MNNVL_ENABLE, but no ComputeDomain/IMEX channel is claimed (cross-tray cuda_ipc cannot map peer memory without one) and no RDMA/EFA device: the KV is left to TCP on the pod network',
  },
  {
    file: 'aiconfigurator-dsv4-trtllm-b200-multinode-cd.yaml',
    source: `${AIC}/63575165fc3b05d94557ef0d68db672b1f4d75b8/tests/baseline/frozen/deepseek_trtllm_b200_multinode/k8s_deploy.yaml ${AIC_NOTE}`,
    expert: 'problem',
    why: 'TRT-LLM prefill and decode on B200, each multinode (2 nodes x 8 GPUs, engine config TP8), both claiming a ComputeDomain channel; but B200 HGX nodes have NVLink only inside the node, so the ComputeDomain gives no path between nodes, and no RDMA/EFA device, RDMA network or host network is given: KV between the whole-node workers (and any cross-node engine traffic) can only take TCP on the pod network',
  },
  {
    file: 'aisimulate-glm52-gb200-hicache-v1beta1-cd-anchors.yaml',
    source:
      "https://github.com/ai-dynamo/aisimulate/blob/cf157d2ef3f1a928f9116421ebdb803958bcbe78/docs/experiments/agentx-glm-5.2-440082-gb200-hicache/deploy.yaml (an NVIDIA experiment deploy on a GKE GB200 pool; no fetchable snapshot holds the repository: the text exactly as the search tool's read_file returned it for that commit, written out unchanged, its length (11039 characters) checked)",
    expert: 'no-problem',
    why: 'v1beta1 DGD (YAML anchors and aliases) with its ComputeDomain in the file: SGLang GLM-5.2 prefill TP8/DP8/EP8 over 2 GB200 nodes x 4 GPUs and a TP4 decode, both claiming the channel, NIXL over UCX with cuda_ipc and UCX_CUDA_IPC_ENABLE_MNNVL, NCCL_MNNVL_ENABLE, root with IPC_LOCK: KV and engine traffic ride multi-node NVLink inside one IMEX domain',
  },
  {
    file: 'llmd-amd-pd-decode-patch-tp4.yaml',
    source: `${VCAVE}/0ab52e82a322a9c3a8b8e63e13bc0b7552cf6fb4/guides/pd-disaggregation/modelserver/amd/vllm/base/patch-decode.yaml ${VCAVE_NOTE}`,
    expert: 'not-judged',
    why: 'kustomize patch of the llm-d P/D decode Deployment for AMD: vLLM TP4 on 4 amd.com/gpu with NixlConnector kv_both and the NIXL side channel on the pod IP; no RDMA NIC, RDMA network, host network or IPC_LOCK, and the prefill is not in the file: KV may cross the pod network over TCP',
  },
  {
    file: 'llmd-amd-pd-host-network-patch-placeholders.yaml',
    source: `${VCAVE}/5f5cea392c80364dce97799c777c9009646aadac/guides/pd-disaggregation/modelserver/amd/vllm/host-network/patch-host-network.yaml ${VCAVE_NOTE}`,
    expert: 'not-judged',
    why: 'a template patch ("for debugging", per its header) putting the AMD prefill and decode on the host network, privileged with IPC_LOCK, 8 GPUs each, UCX_TLS self,sm,rocm,rc; but UCX_NET_DEVICES, UCX_IB_GID_INDEX and the RDMA library paths are unfilled <placeholders> (and each container repeats its resources key): the RDMA path is not settled as written',
  },
  {
    file: 'llmd-amd-pd-ci-patch-ucx-tcp.yaml',
    source: `${VCAVE}/6fdafcc696b0e71f8a353256f5e6462817920d42/guides/pd-disaggregation/modelserver/amd/vllm/amd-ci/patch-amd-ci.yaml ${VCAVE_NOTE}`,
    expert: 'problem',
    why: 'AMD CI patch of the llm-d P/D prefill and decode: 8 GPUs and 8 amd.com/vnic each on a host-device network, hostIPC, but UCX_TLS=tcp,self,rocm,shm (its header: a "TCP pipe cleaner"): the manifest pins the NIXL KV hand-off to TCP',
  },
  {
    file: 'llmd-gke-rdma-gpu-nic-pcieroot-claim.yaml',
    source: `${VCAVE}/0ab52e82a322a9c3a8b8e63e13bc0b7552cf6fb4/guides/pd-disaggregation/modelserver/components/gke-rdma/gke-rdma-template.yaml ${VCAVE_NOTE}`,
    expert: 'no-problem',
    why: 'a DRA ResourceClaimTemplate alone: one NVIDIA GPU and one mrdma.google.com NIC constrained to the same PCIe root; no workload in the file, and the claim pairs the GPU with its own RDMA NIC',
  },
  {
    file: 'llmd-sglang-gke-pd-decode-patch-dra-rdma.yaml',
    source: `${VCAVE}/0ab52e82a322a9c3a8b8e63e13bc0b7552cf6fb4/guides/pd-disaggregation/modelserver/gpu/sglang/gke/patch-decode.yaml ${VCAVE_NOTE}`,
    expert: 'not-judged',
    why: 'kustomize patch of the llm-d SGLang decode for GKE: four DRA claims of gke-rdma-template (a GPU+RDMA NIC template not in this file) and UCX_IB_ROCE_REACHABILITY_MODE=all; the engine arguments, KV backend and prefill side are in the base, and no IPC_LOCK or memlock is shown: half the KV path shown',
  },
  {
    file: 'llmd-gke-a4xmax-gb300-rdma-claim-firstavailable.yaml',
    source: `${VCAVE}/0ab52e82a322a9c3a8b8e63e13bc0b7552cf6fb4/guides/pd-disaggregation/modelserver/gpu/vllm/gke/a4xmax/gke-rdma-claim-gb300.yaml ${VCAVE_NOTE}`,
    expert: 'no-problem',
    why: "a DRA ResourceClaimTemplate alone for GKE GB300: two mrdma.google.com NICs taken from the first available GPU's group (firstAvailable gpu0…gpu3); no workload in the file",
  },
  {
    file: 'llmd-fma-launcher-replicaset-1gpu.yaml',
    source:
      "https://github.com/llm-d-incubation/llm-d-fast-model-actuation/blob/553c7b73d70c4bacadc988f35bead7a233eea242/config/examples/inject-launcher/replicaset.yaml (llm-d's fast model actuation: a launcher that starts vLLM servers on request inside its pod; copied with git show at that commit)",
    expert: 'no-problem',
    why: "a ReplicaSet of one pod on one named node with one GPU, running llm-d's vLLM launcher (uvicorn launcher:app, which starts vLLM instances in the pod on request), 2Gi /dev/shm: every engine it starts lives on that GPU in that pod, no KV hand-off between pods",
  },
  {
    file: 'llmd-tpu7x-pd-prefill-patch-tpuconnector-hma.yaml',
    source: `${VCAVE}/ff0658dafac607df7a68dc763d325488b1b32729/guides/pd-disaggregation/modelserver/tpu/v7/vllm/patch-prefill.yaml ${VCAVE_NOTE}`,
    expert: 'no-problem',
    why: "kustomize patch of the llm-d P/D prefill for TPU v7 (tpu7x 2x2x1, 4 chips): vLLM TP8/EP Qwen3.5-397B as kv_producer of tpu_inference's TPUConnectorHMA on the pod IP; TPU KV moves host-staged over the data-center network by design (a TPU VM has no RDMA NIC to request): no GPU, NIXL or RDMA element to get wrong",
  },
];
