import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m24 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const ZXUE2 = 'https://github.com/zxue2/dynamo/blob/e20adb44366fff2154c4b9cc0abe3a8bc8071446';
const ZXUE2_NOTE =
  "(a fork of ai-dynamo/dynamo; the path is upstream's; copied with git show at that commit)";
const BHAJIAN = 'https://github.com/bhajian/disaggregated-serving/blob';
const BHAJIAN_NOTE =
  "(a user's two-node H200 disaggregated-serving lab on Nebius: Dynamo and llm-d, DGDs and plain Deployments; written out from read_file's text for that commit, its length checked)";
const ADNAN = 'https://github.com/adnan-drina/rhoai3-demo/blob';
const ADNAN_NOTE =
  "(a Red Hat OpenShift AI 3 GitOps demo repository; written out from read_file's text for that commit, its length checked)";

const GCPCUJ666 =
  'https://github.com/alisachen-666/gcp-dynamo-cuj/blob/dfc15f0f225a27478e3fbd733be7463cc9884609';
const GCPCUJ666_NOTE =
  "(a GKE Dynamo sweep repository under another account of the author of alisachen-google/gcp-dynamo-cuj, whose other files the corpus holds; this path is not among them; written out from read_file's text for that commit, its length checked)";

const COREWEAVE = 'https://github.com/coreweave/kubernetes-cloud/blob';
const COREWEAVE_NOTE =
  "(CoreWeave's public Kubernetes examples; written out from read_file's text for that commit, its length checked)";

const NEBARI =
  'https://github.com/nebari-dev/llm-serving-pack/blob/691cc04d2fb7af08ba43b2d5383ca7a4ab396bbd/examples/models/cpu-kv-cache-offload.yaml';
const NEBARI_NOTE =
  "(Nebari's LLM serving pack, an operator whose LLMModel becomes a vLLM Deployment; written out from read_file's text for that commit, its length checked)";

const TENNSOKU =
  'https://github.com/Tennsoku/k8s-llm-serving-public/blob/9e55e1563176ed0152e3a1e7f519e2ea5a02fa95';
const TENNSOKU_NOTE =
  "(a user's kubeadm cluster of two DGX Spark nodes serving vLLM; written out from read_file's text for that commit, its length checked)";

export const MANIFESTS_m24: ManifestCase[] = [
  {
    file: 'dynamo-zxue2-shared-frontend-multimodal-agg.yaml',
    source: `${ZXUE2}/examples/basics/kubernetes/shared_frontend/shared_frontend.yaml ${ZXUE2_NOTE}`,
    expert: 'no-problem',
    why: 'three DGDs sharing one frontend: a 1-GPU aggregated vLLM worker and a multimodal graph (encode worker, VLM worker, processor) with no decode worker: no prefill/decode pair, so no KV hand-off between pods (the encoder passes image embeddings, not KV)',
  },
  {
    file: 'dynamo-zxue2-sglang-dsr1-disagg-16gpu-wideep.yaml',
    source: `${ZXUE2}/recipes/deepseek-r1/sglang/disagg-16gpu/deploy.yaml ${ZXUE2_NOTE}`,
    expert: 'not-judged',
    why: 'SGLang wide-EP DeepSeek-R1: prefill and decode each TP16/EP16 over 2 nodes (multinode nodeCount 2, 8 GPUs a node), --disaggregation-transfer-backend nixl; no RDMA/EFA resource, RDMA network, ComputeDomain or IPC_LOCK anywhere: KV between prefill and decode (and EP across nodes) may take TCP on the pod network',
  },
  {
    file: 'dynamo-zxue2-trtllm-gpt-oss-agg-tp4.yaml',
    source: `${ZXUE2}/recipes/gpt-oss-120b/trtllm/agg/deploy.yaml ${ZXUE2_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated TRT-LLM gpt-oss-120b: one worker TP4/EP4 with 4 GPUs in one pod and a frontend: no KV transfer between pods',
  },
  {
    file: 'dynamo-zxue2-vllm-llama70b-agg-prefillworker-name.yaml',
    source: `${ZXUE2}/recipes/llama-3-70b/vllm/agg/deploy.yaml ${ZXUE2_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated recipe: the one worker is named VllmPrefillWorker but runs plain dynamo.vllm TP4 on 4 GPUs with no prefill flag, no KV connector and no decode worker: no KV hand-off between pods',
  },
  {
    file: 'dynamo-zxue2-vllm-llama70b-disagg-single-node-podaffinity.yaml',
    source: `${ZXUE2}/recipes/llama-3-70b/vllm/disagg-single-node/deploy.yaml ${ZXUE2_NOTE}`,
    expert: 'not-judged',
    why: 'vLLM 2 prefill (--is-prefill-worker, TP2) and 1 decode (TP4), NIXL by default, held on one node by a required podAffinity on the worker label; but separate pods share no IPC namespace, so cuda_ipc/NVLink is not open between them and no RDMA device is declared: the same-node KV hand-off is left to TCP, path undetermined',
  },
  {
    file: 'dynamo-zxue2-trtllm-qwen3-agg-tp2.yaml',
    source: `${ZXUE2}/recipes/qwen3-32b-fp8/trtllm/agg/deploy.yaml ${ZXUE2_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated TRT-LLM Qwen3-32B: one 2-GPU TP2 worker and a frontend: no KV transfer between pods',
  },
  {
    file: 'dynamo-zxue2-trtllm-qwen3-disagg-4p2d.yaml',
    source: `${ZXUE2}/recipes/qwen3-32b-fp8/trtllm/disagg/deploy.yaml ${ZXUE2_NOTE}`,
    expert: 'not-judged',
    why: 'TRT-LLM 4 prefill (TP1) and 2 decode (TP2) workers, --disaggregation-mode, cache_transceiver backend DEFAULT; no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps prefill beside decode: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-zxue2-vllm-moe-agg-dp2-ep.yaml',
    source: `${ZXUE2}/tests/fault_tolerance/deploy/templates/vllm/moe_agg.yaml ${ZXUE2_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated vLLM MoE test graph: one worker DP2 with expert parallelism on its own 2 GPUs (CUDA_VISIBLE_DEVICES=0,1 inside the 2 granted): no KV transfer between pods',
  },
  {
    file: 'dynamo-zxue2-vllm-moe-disagg-dp2-ep.yaml',
    source: `${ZXUE2}/tests/fault_tolerance/deploy/templates/vllm/moe_disagg.yaml ${ZXUE2_NOTE}`,
    expert: 'not-judged',
    why: 'vLLM MoE prefill (--is-prefill-worker) and decode, each DP2/EP on 2 GPUs, NIXL by default; no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps the pair on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'bhajian-dsv4pro-dgd-v1beta1-sglang-disagg.yaml',
    source: `${BHAJIAN}/2255e9a5bc56510bbb6cddd44d6c0398fd54a71c/deploy/base/dynamo/deepseek-v4-pro/disaggregated/graph.yaml ${BHAJIAN_NOTE}`,
    expert: 'problem',
    why: 'DGD v1beta1 components: SGLang prefill and decode, each TP8 on 8 GPUs (a whole node each), NIXL transfer backend, UCX_TLS=rc,cuda_copy,cuda_ipc,sm,self (RDMA only, no tcp) with IPC_LOCK; but neither pod has an RDMA device, /dev/infiniband, privilege or host network: UCX is left no transport that reaches the other node, the KV hand-off cannot be made',
  },
  {
    file: 'bhajian-k8s-dynamo-vllm-prefill-hostnet-ib.yaml',
    source: `${BHAJIAN}/6dc75e6cfcc386d02a6446df1f8e99692402446c/deployments/kubernetes/dynamo/prefill.yaml ${BHAJIAN_NOTE}`,
    expert: 'not-judged',
    why: 'plain Deployment of the Dynamo vLLM prefill side only (--disaggregation-mode prefill, NixlConnector kv_both, TP8 on 8 GPUs): privileged, host network, /dev/infiniband mounted, IPC_LOCK, UCX_NET_DEVICES naming eight mlx5 ports and UCX_TLS rc_x,rc,cuda_copy,cuda_ipc; this side is declared, but its decode partner is not in the file: the pair cannot be judged',
  },
  {
    file: 'bhajian-k8s-llmd-vllm-decode-hostnet-ib.yaml',
    source: `${BHAJIAN}/6dc75e6cfcc386d02a6446df1f8e99692402446c/deployments/kubernetes/llm-d/decode.yaml ${BHAJIAN_NOTE}`,
    expert: 'not-judged',
    why: 'plain Deployment of the llm-d decode side only (vllm serve TP8, NixlConnector kv_consumer, llm-d routing sidecar with --kv-connector=nixlv2): privileged, host network, /dev/infiniband mounted, IPC_LOCK, eight mlx5 ports in UCX_NET_DEVICES and RDMA UCX_TLS; its prefill partner is not in the file: the pair cannot be judged',
  },
  {
    file: 'bhajian-nemotron-nano-sglang-pd-workers-hostnet-no-ibdev.yaml',
    source: `${BHAJIAN}/e71c869357b1e6f3a3bf49c17344f6bdd14e3bc5/deployments/06-nemotron-3-nano-h200/40-workers-disaggregated.yaml ${BHAJIAN_NOTE}`,
    expert: 'problem',
    why: 'two plain Deployments, SGLang prefill and decode (nixl backend, TP8 each) pinned by nodeSelector to two different hosts; host network, root, IPC_LOCK and a memlock lift, UCX_TLS=rc,cuda_copy,cuda_ipc,sm,self (no tcp) with eight mlx5 ports, but not privileged, no RDMA device resource and no /dev/infiniband mount: the verbs devices are not in the containers, so the RDMA-only UCX cannot carry KV between the two nodes',
  },
  {
    file: 'adnandrina-rhoai3-llmisvc-tp2-l4-no-worker.yaml',
    source: `${ADNAN}/06ba25c1b3d910bc5e16ed45950970df4ca85ba0/gitops/step-08-llm-d/base/llm-d/llminferenceservice.yaml ${ADNAN_NOTE}`,
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, aggregated (no prefill section): parallelism tensor 2 with 1 L4 GPU per pod on g6.4xlarge and no worker spec, which leaves the engine short of GPUs, but there is no prefill/decode pair and so no KV hand-off between pods',
  },
  {
    file: 'bhajian-nemotron-nano-dgd-v1beta1-sglang-agg-ucx-rc-only.yaml',
    source: `${BHAJIAN}/2255e9a5bc56510bbb6cddd44d6c0398fd54a71c/deploy/base/dynamo/nemotron-3-nano/aggregated/graph.yaml ${BHAJIAN_NOTE}`,
    expert: 'no-problem',
    why: 'aggregated DGD v1beta1: 4 SGLang workers, each TP4 on its own 4 GPUs, no disaggregation mode and a KV-aware router; UCX_TLS=rc,cuda_copy,cuda_ipc,sm,self with no RDMA device would strand UCX between pods, but nothing here hands KV between pods: the setting carries no KV path',
  },
  {
    file: 'gcpcuj666-sglang-pd-mrdma-railcross-local-subnet.yaml',
    source: `${GCPCUJ666}/dsr1-sweep/manifests/rxr-railcross-smoke.yaml ${GCPCUJ666_NOTE}`,
    expert: 'problem',
    why: "plain Deployments on GKE arm64 (GB200 trays, 4 GPUs a node): SGLang prefill and decode, nixl backend, each on a whole node with a DRA mrdma-all claim (8 RoCE NICs), UCX_TLS cuda_copy,rc_x,tcp; but prefill runs on GPU 0 (rails 0/1) and decode on GPU 2 (rails 4/5) while UCX_IB_ROCE_LOCAL_SUBNET=y keeps each lane to its own rail's subnet: the GPU-nearest lanes have no reachable peer, so KV falls back to tcp or stalls, as the file's own header (Arm A, 'expect failure') says",
  },
  {
    file: 'coreweave-knative-vllm-tensorizer-a5000.yaml',
    source: `${COREWEAVE}/0a16e3b7dfb93fa5bc17c66ac715ebadc3327af9/online-inference/vllm/02-inference-service.yaml ${COREWEAVE_NOTE}`,
    expert: 'no-problem',
    why: 'a Knative Service (CoreWeave, RTX A5000 by node affinity) running one vLLM OpenAI server on 1 GPU, weights streamed by tensorizer from S3, min and max scale 1: aggregated, no KV hand-off between pods',
  },
  {
    file: 'coreweave-kfserving-isvc-bloom-deepspeed-8xa100.yaml',
    source: `${COREWEAVE}/69c7f3779aa42da76e17d575213aaa4e3996a92e/online-inference/bloom-176b-deepspeed/02-inference-service.yaml ${COREWEAVE_NOTE}`,
    expert: 'no-problem',
    why: 'an InferenceService of the old KFServing group (serving.kubeflow.org/v1beta1): one predictor pod with 8 A100 NVLink 80GB GPUs running a DeepSpeed-inference BLOOM server, min and max replicas 1: aggregated, tensor parallelism inside the pod, no KV hand-off between pods',
  },
  {
    file: 'nebari-llmmodel-vllm-cpu-kv-offload.yaml',
    source: `${NEBARI} ${NEBARI_NOTE}`,
    expert: 'no-problem',
    why: "Nebari LLMModel: one replica of a 1-GPU vLLM (TP1, DP1) with KV offloaded to 16GiB of the pod's own CPU memory: aggregated, the offload stays inside the pod, no KV hand-off between pods",
  },
  {
    file: 'tennsoku-spark-rdma-smoke-pods-cx7-roce.yaml',
    source: `${TENNSOKU}/control-plane/rdma-smoke.yaml ${TENNSOKU_NOTE}`,
    expert: 'no-problem',
    why: 'two DOCA tool Pods, one on each DGX Spark (nodeSelector hostnames), each with rdma/cx7_roce, host network and IPC_LOCK, running sleep infinity for manual RDMA smoke tests: no engine and no KV hand-off, and the RDMA path each would use is declared',
  },
  {
    file: 'tennsoku-spark-vllm-deployment-1gpu.yaml',
    source: `${TENNSOKU}/control-plane/deploy-vllm.yaml ${TENNSOKU_NOTE}`,
    expert: 'no-problem',
    why: 'a Deployment of one vLLM server (Qwen3-0.6B, vllm serve) on one GPU of a DGX Spark, pinned by hostname, with its Service: aggregated, no KV hand-off between pods',
  },
];
