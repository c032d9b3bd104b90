import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m10 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: manifests users pasted into GitHub issue and pull-request threads when asking for help or
 * reporting a bug. Each file is exactly one YAML code block from one post, as the thread's stored copy holds
 * it; where that copy ends inside the block the file ends there too (mid-line included) and its name says
 * `cut`. The stored copies carry no comment anchors, so the source names the thread and the post.
 */
export const MANIFESTS_m10: ManifestCase[] = [
  {
    file: 'dynamo-issue3724-vllm-disagg-tcp-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/3724 (description by cr7258, 2025-10-20; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'Dynamo v1alpha1 DGD: a vLLM decode worker multinode over 2 nodes with one GPU each and no RDMA resource, cut inside its args before the prefill worker: tensor-parallel traffic (and KV, if a prefill follows) can only cross the pod network, and the prefill side is not shown',
  },
  {
    file: 'dynamo-issue622-frontend-deployment-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/622 (description by vaaandark; block cut by the stored copy)',
    expert: 'not-judged',
    why: "`kubectl get -o yaml` of a Helm-deployed Dynamo graph's frontend Deployment (TKE RDMA ipvlan network annotated), cut inside its last-applied-configuration: the frontend moves no KV and the workers that do are not shown",
  },
  {
    file: 'dynamo-issue8069-v1beta1-vllm-disagg-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/8069 (description by julienmancuso, the v1beta1 graduation DEP; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'v1beta1 DGD named vllm-disagg, cut inside the frontend component: no prefill or decode worker, KV connector or fabric element is shown',
  },
  {
    file: 'dynamo-issue6408-trtllm-disagg-configmap-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/6408 (description by erezzarum; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'TRT-LLM prefill/decode engine configs (TP4 each, cache_transceiver backend NIXL) in a ConfigMap, then the DGD cut at spec.backendFramework: the workers, their placement and any RDMA/EFA element are not shown',
  },
  {
    file: 'dynamo-issue2437-disagg-router-sdk-cut.yaml',
    source:
      'https://github.com/ai-dynamo/dynamo/issues/2437 (description by nwangfw; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'pre-1.0 SDK-style DGD (graph config in DYN_DEPLOYMENT_CONFIG, DynamoNixlConnector, remote prefill), cut inside that JSON before any service: the workers and their fabric are not shown',
  },
  {
    file: 'aibrix-issue1691-stormservice-sglang-1p1d-cut.yaml',
    source:
      'https://github.com/vllm-project/aibrix/issues/1691 (description by XiaobinZhao; block cut by the stored copy)',
    expert: 'not-judged',
    why: "AIBrix StormService sglang-1p1d: a 4-replica SGLang prefill role pinned to six hosts, cut at the prefill container's image: its args and resources and the whole decode role are not shown",
  },
  {
    file: 'aibrix-pr1836-stormservice-roles-elided.yaml',
    source: 'https://github.com/vllm-project/aibrix/pull/1836 (comment by googs1025, 2025-12-10)',
    expert: 'not-judged',
    why: 'AIBrix StormService with ingress, prefill, decode and postprocess roles whose pod templates are elided as `{ ... }`: a P/D graph whose engines, KV connector and fabric are not shown',
  },
  {
    file: 'kthena-issue1069-modelbooster-lmcache-pd-cut.yaml',
    source:
      'https://github.com/volcano-sh/kthena/issues/1069 (description by xrwang8; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'Kthena ModelBooster with a vLLMDisaggregated backend, cut at the runtime fields: the prefill/decode workers, their KV connector and any RDMA element are not shown',
  },
  {
    file: 'kserve-odh-pr676-llmisvc-pd-baserefs.yaml',
    source: 'https://github.com/opendatahub-io/kserve/pull/676 (description by pierDipi)',
    expert: 'not-judged',
    why: 'KServe LLMInferenceService (no apiVersion) with spec.prefill and baseRefs to the gpu-small decode/prefill templates: a P/D graph whose engines, KV connector and any RDMA come from configs not in the file',
  },
  {
    file: 'kserve-issue3446-isvc-vllm-heredoc.yaml',
    source: 'https://github.com/kserve/kserve/issues/3446 (description by FlyAIBox)',
    expert: 'no-problem',
    why: 'one-GPU aggregated vLLM InferenceService (the block opens with the kubectl heredoc line and its container keys are mis-indented, the parse error the issue reports): no KV hand-off between pods',
  },
  {
    file: 'vllm-issue53796-xpu-pd-prefill-deployment-cut.yaml',
    source:
      'https://github.com/vllm-project/vllm/issues/53796 (description by sharvil10; block cut by the stored copy)',
    expert: 'not-judged',
    why: "standalone vLLM prefill Deployment for Intel XPU (GPU through DRA per its header), cut at the pod's securityContext: the container, its KV connector and the decode side are not shown",
  },
  {
    file: 'kuberay-issue2354-rayservice-vllm-pp2-cut.yaml',
    source:
      'https://github.com/ray-project/kuberay/issues/2354 (comment by andrewsykim, 2024-09-10; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'KubeRay RayService: aggregated vLLM with pipeline parallel 2 over Ray (no KV hand-off), cut inside the head group before the GPU worker group: where the pipeline traffic runs, and over what, is not shown',
  },
  {
    file: 'volcano-issue4750-ray-vllm-tp2-job-cut.yaml',
    source:
      'https://github.com/volcano-sh/volcano/issues/4750 (description by lklkxcxc; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'Volcano Job (no apiVersion) with a Ray head and worker of one GPU each running vLLM TP2 across the two pods, no RDMA resource, cut at the worker containers: aggregated, no KV hand-off, but tensor-parallel traffic on the pod network',
  },
  {
    file: 'lws-issue391-sglang-dsr1-tp16-cut.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/issues/391 (description by wangyuan249; block cut by the stored copy)',
    expert: 'not-judged',
    why: "LeaderWorkerSet (after a `kubectl apply` line): aggregated SGLang DeepSeek-R1 TP16 over a leader and a worker node, cut at the leader's env before its resources and the worker template: no KV hand-off, but the cross-node tensor-parallel path is not shown",
  },
  {
    file: 'sglang-issue10216-sts-dsv3-tp16-cut.yaml',
    source:
      'https://github.com/sgl-project/sglang/issues/10216 (description by zhaotyer; block cut by the stored copy)',
    expert: 'not-judged',
    why: 'StatefulSet of two pods running aggregated SGLang DeepSeek-V3 TP16 across two nodes (one args line mis-indented in the block scalar), cut inside the launch command before resources: no KV hand-off, but the cross-node tensor-parallel path is not shown',
  },
  {
    file: 'rdmashared-issue108-l40-rdma-pod.yaml',
    source:
      'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/108 (comment by asdfry, 2024-05-21)',
    expert: 'no-problem',
    why: 'a sleep-infinity test Pod with 4 L40 GPUs (a custom resource name), rdma/rdma_shared_device_a and IPC_LOCK: no serving engine, no KV hand-off',
  },
  {
    file: 'rdmashared-issue44-configmap.yaml',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/44 (description by crd477)',
    expert: 'no-problem',
    why: "the RDMA shared device plugin's ConfigMap (resource hca, rdmaHcaMax 8, InfiniBand link type): cluster plumbing, no workload and no KV hand-off",
  },
  {
    file: 'netop-issue1017-macvlannetwork-ib1.yaml',
    source:
      'https://github.com/Mellanox/network-operator/issues/1017 (description by mupeifeiyi, first block)',
    expert: 'no-problem',
    why: 'a Network Operator MacvlanNetwork (whereabouts IPAM) on master ib1: a secondary network definition with no workload, so no KV hand-off in the file',
  },
  {
    file: 'netop-issue1017-mofed-test-pod-cut.yaml',
    source:
      'https://github.com/Mellanox/network-operator/issues/1017 (description by mupeifeiyi, second block; cut by the stored copy)',
    expert: 'no-problem',
    why: 'a MOFED test Pod attached to the macvlan RDMA network, cut inside its capabilities: a fabric test pod with no serving engine, no KV hand-off',
  },
];
