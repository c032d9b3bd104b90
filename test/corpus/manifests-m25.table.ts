import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m25 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const READ_FILE = "written out from read_file's text for that commit, its length checked";

const BREV = 'https://github.com/mjhermanson-nv/dynamo-grove-brev/blob';
const BREV_NOTE =
  "(an NVIDIA engineer's Dynamo and Grove workshop for single Brev GPU machines; copied with git show at that commit)";
const DEEPINFRA = 'https://github.com/deepinfra/dynamo/blob';
const DEEPINFRA_NOTE = `(DeepInfra's fork of ai-dynamo/dynamo; the path is upstream's; ${READ_FILE})`;
const LLMD = 'https://github.com/llm-d/llm-d/blob';
const LLMD_NOTE = `(${READ_FILE})`;
const AOE =
  'https://github.com/sjm446/ai-on-eks/blob/199e19786788b24e110562e8bd8d9896ade90391/blueprints/inference/nvidia-dynamo';
const AOE_NOTE = `(a fork of awslabs/ai-on-eks whose Dynamo blueprint commits the graphs its deploy script applies; an older layout than the files m15 took; ${READ_FILE})`;
const NIMOP = 'https://github.com/NVIDIA/k8s-nim-operator/blob';
const NIMOP_NOTE = `(${READ_FILE})`;
const SEMROUTER =
  'https://github.com/vllm-project/semantic-router/blob/3d48f8c9cc0d5b15067ce324a03ec6cc25f192c3/deploy/kubernetes/dynamo/dynamo-resources/dynamo-graph-deployment.yaml';
const SEMROUTER_NOTE =
  "(vLLM Semantic Router's Dynamo integration on a kind cluster; copied with git show at that commit)";

export const MANIFESTS_m25: ManifestCase[] = [
  {
    file: 'brevlab-dgd-vllm-disagg-router-no-prefill-flag.yaml',
    source: `${BREV}/f24e3cf11906bf25f5d85527ad19403743befa6a/resources/disagg_router.yaml ${BREV_NOTE}`,
    expert: 'problem',
    why: 'a graph declared disaggregated (VllmPrefillWorker beside VllmDecodeWorker, frontend DYN_ROUTER_MODE=disaggregated) whose prefill worker runs the same command as the decode worker, without --is-prefill-worker: both start as aggregated 1-GPU workers, the prefill pool never prefills and no KV is handed off; the declared role contradicts the command line',
  },
  {
    file: 'brevlab-dgd-vllm-agg-router-1gpu.yaml',
    source: `${BREV}/ad456dbb890a6a10defaf0384d5cdb8efb135cb3/lab1/agg_router.yaml ${BREV_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated DGD: one 1-GPU vLLM worker (Qwen2.5-1.5B) behind a KV-routing frontend, with a NodePort Service: no KV hand-off between pods',
  },
  {
    file: 'deepinfra-dgd-v1beta1-vllm-disagg.yaml',
    source: `${DEEPINFRA}/20ee9aa2d5fde8343c60243151f3eb531c54e1fb/examples/backends/vllm/deploy/v1beta1/disagg.yaml ${DEEPINFRA_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD (components list): 1-GPU vLLM prefill and decode (--disaggregation-mode), NixlConnector on the prefill side; neither has an RDMA/EFA device, RDMA network or ComputeDomain, and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'deepinfra-dgd-v1beta1-sglang-disagg-multinode.yaml',
    source: `${DEEPINFRA}/20ee9aa2d5fde8343c60243151f3eb531c54e1fb/examples/backends/sglang/deploy/v1beta1/disagg-multinode.yaml ${DEEPINFRA_NOTE}`,
    expert: 'not-judged',
    why: 'v1beta1 DGD: SGLang prefill and decode each TP8 over 2 nodes of 4 GPUs (multinode nodeCount 2), NIXL transfer backend, GLOO on eth0; no RDMA/EFA device, RDMA network or ComputeDomain on either side: KV (and the TP traffic) may cross the pod network over TCP',
  },
  {
    file: 'deepinfra-dgd-v1beta1-vllm-gaie-disagg-ucx-tcp-self.yaml',
    source: `${DEEPINFRA}/20ee9aa2d5fde8343c60243151f3eb531c54e1fb/examples/backends/vllm/deploy/gaie/disagg.yaml ${DEEPINFRA_NOTE}`,
    expert: 'problem',
    why: 'v1beta1 DGD behind a GAIE EPP: 1-GPU vLLM prefill and decode with NixlConnector, kv_buffer_device cpu and UCX_TLS=tcp,self on both sides, no pod affinity (its comments: a CI stability setting): the manifest itself pins the KV hand-off to TCP through host memory',
  },
  {
    file: 'deepinfra-dgd-hetero-xpu-encode-gpu-decode-dra-rdma.yaml',
    source: `${DEEPINFRA}/20ee9aa2d5fde8343c60243151f3eb531c54e1fb/recipes/qwen3-vl-32b-fp8/vllm/hetero_hardware_disagg/deploy.yaml ${DEEPINFRA_NOTE}`,
    expert: 'not-judged',
    why: 'heterogeneous graph: an Intel XPU encode worker hands multimodal embeddings by NIXL read to an NVIDIA GPU worker (pd mode), both with IPC_LOCK and RDMA UCX_TLS (ib,rc,ud plus ze_copy / cuda_copy); their RDMA devices come from ResourceClaimTemplates (intel-xpu-rdma-template, nvidia-gpu-rdma-template) that the file does not show, and the folded (>-) script joins `ulimit -l unlimited` to the launch line: the path is named, not shown',
  },
  {
    file: 'deepinfra-dgd-trtllm-dsv32-b200-rdma-ib8-one-ucx-port.yaml',
    source: `${DEEPINFRA}/e65556dad295e3db31de2c0ffc1c651a3c7f22af/recipes/deepseek-v32-fp4/trtllm/disagg-kv-router/deploy-b200.yaml ${DEEPINFRA_NOTE}`,
    expert: 'not-judged',
    why: 'TRT-LLM DeepSeek-V3.2 on HGX B200: 2 prefill + 1 decode pods of 8 GPUs, each with rdma/ib: 8, IPC_LOCK and the UCX cache transceiver (UCX_TLS rc,cuda_copy,cuda_ipc,gdr_copy), but UCX_NET_DEVICES=mlx5_0:1 pins the KV transfer to one of the eight granted HCAs: seven rails idle, degraded rather than broken',
  },
  {
    file: 'llmd-ds-v1-slices-gpt-oss-4p1d-base.yaml',
    source: `${LLMD}/ce9651567e154d4a57dd89b9660fe33c270bb5e0/guides/pd-disaggregation/modelserver/gpu/vllm-ds/base/disaggregatedset.yaml ${LLMD_NOTE}`,
    expert: 'not-judged',
    why: 'DisaggregatedSet v1 with 2 slices, each 4 TP1 prefill + 1 TP4 decode (llm-d role labels), NixlConnector kv_both on both, routing sidecar nixlv2; no RDMA device, RDMA network or IPC_LOCK and the placementPolicy is commented out: KV may cross the pod network over TCP',
  },
  {
    file: 'llmd-ds-wide-ep-smoke-pause-no-gpu.yaml',
    source: `${LLMD}/94eabc5dfad111bd71f06f59f8c8c98ecae1ffb4/guides/wide-ep-lws/modelserver/gpu/vllm/disaggregatedset/smoke/disaggregatedset-smoke.yaml ${LLMD_NOTE}`,
    expert: 'no-problem',
    why: 'a controller smoke test (its comment: no GPUs): prefill and decode roles whose only container is registry.k8s.io/pause: no engine, no GPU, nothing moves KV',
  },
  {
    file: 'llmd-ds-v1-sglang-dsr1-tp8pp2-nixl-no-rdma.yaml',
    source: `${LLMD}/2502054025550699474d2e8311e3122c92ec8f20/guides/wide-ep-lws/modelserver/gpu/sglang-deepseek-r1-0528/disaggregatedset/disaggregatedset.yaml ${LLMD_NOTE}`,
    expert: 'not-judged',
    why: 'DisaggregatedSet v1: SGLang DeepSeek-R1 prefill and decode, each TP8 x PP2 over two 8-GPU pods, NIXL transfer backend, IPC_LOCK and NVSHMEM IBGDA settings, but no RDMA device or network requested and NCCL/GLOO on eth0: KV and the pipeline traffic may cross nodes over TCP',
  },
  {
    file: 'llmd-cks-nixl-p2p-patch-prefill-rdma-ib.yaml',
    source: `${LLMD}/368dcd10f2fa8932c7ca55cc81958b324ef1e635/guides/pd-disaggregation/modelserver/gpu/vllm/cks-nixl/v1-P2P-transfer/patch-prefill.yaml ${LLMD_NOTE}`,
    expert: 'not-judged',
    why: 'a kustomize patch of the prefill Deployment only (CoreWeave CKS): 3 x TP8 vLLM prefill with NixlConnector and rdma/ib: 1, but no IPC_LOCK or memlock shown and the decode side is not in the file: half the KV path shown',
  },
  {
    file: 'llmd-glm52-aggregate-lws-tp8.yaml',
    source: `${LLMD}/366e43cce84717227c226cb1c06d75b75339ebd6/guides/wide-ep-lws/modelserver/gpu/vllm-glm-5.2/base/aggregate.yaml ${LLMD_NOTE}`,
    expert: 'no-problem',
    why: 'a LeaderWorkerSet of size 1 (llm-d.ai/role aggregate): one 8-GPU pod running vLLM GLM-5.2 with TP8 and no KV connector: aggregated, no KV hand-off between pods',
  },
  {
    file: 'llmd-metax-patch-decode-ucx-maca-tcp.yaml',
    source: `${LLMD}/0a53a5d0aef82ac56d0d50c6ee0dad5ffddeb286/guides/pd-disaggregation/modelserver/metax/vllm/base/patch-decode.yaml ${LLMD_NOTE}`,
    expert: 'problem',
    why: 'decode patch for MetaX GPUs (metax-tech.com/gpu: 4): NixlConnector kv_consumer with UCX_TLS=maca_ipc,maca_copy,tcp: no RDMA transport is allowed, so KV from the prefill pods can only arrive over TCP',
  },
  {
    file: 'aoefork-dgd-vllm-disagg-70b-tp4-g6.yaml',
    source: `${AOE}/vllm/disaggregated/70b/vllm-disaggregated-70b.yaml ${AOE_NOTE}`,
    expert: 'not-judged',
    why: 'Dynamo 0.4.1 vLLM Llama-3.3-70B-FP8: TP4 prefill (--is-prefill-worker) and TP4 decode on a g6 Karpenter node pool, no EFA or RDMA device requested: the NIXL KV hand-off may cross the pod network over TCP',
  },
  {
    file: 'nimop-nimservice-multinode-ray-llama8b-tp2.yaml',
    source: `${NIMOP}/5d5f66ee0e2e6e2fefa7babe3b1852826dc58f8f/config/samples/nim/serving/advanced/multi-node/multi-node-nimservice-ray.yaml ${NIMOP_NOTE}`,
    expert: 'no-problem',
    why: 'NIMCache + multi-node NIMService (NIM 2.0, Ray): tensor 2 x pipeline 1 with 2 GPUs per pod, so one engine in one pod: aggregated, no KV hand-off between pods',
  },
  {
    file: 'nimop-nimservice-epp-2x1gpu.yaml',
    source: `${NIMOP}/d7e36c102d9bb44294570fe82df48befd9dcdbb7/config/samples/nim/serving/advanced/epp/nimservice.yaml ${NIMOP_NOTE}`,
    expert: 'no-problem',
    why: 'NIMService with two 1-GPU replicas behind an InferencePool and EPP (kv-cache-utilization scorer): aggregated replicas, routing only, no KV hand-off between pods',
  },
  {
    file: 'semrouter-dgd-vllm-disagg-kind-connector-null.yaml',
    source: `${SEMROUTER} ${SEMROUTER_NOTE}`,
    expert: 'problem',
    why: 'a kind-cluster DGD with a prefill worker (--is-prefill-worker) and a decode worker, both privileged with /dev mounted and one GPU each, both started with --connector null: the declared prefill/decode pair has no KV connector, so the prefilled KV can never reach the decode worker',
  },
];
