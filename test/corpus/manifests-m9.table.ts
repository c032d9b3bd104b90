import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m9 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest. Source family: manifests published in documentation, vendor and forum pages
 * (not repositories). Each file is one YAML code block exactly as the stored copy of the page holds it (the
 * `search` tool's docs corpus), cut where that copy ends (`cut` in the file name); the copy keeps the block's
 * indentation.
 */
export const MANIFESTS_m9: ManifestCase[] = [
  {
    file: 'sglangdocs-rbg-v1a1-dsv32-pd-prefill-lws-ib-device-cut.yaml',
    source:
      'https://docs.sglang.io/references/multi_node_deployment/rbg_pd/deepseekv32_pd.html (the block rbg-dsv32.yml, as the stored copy holds it, cut where the copy ends)',
    expert: 'not-judged',
    why: "RoleBasedGroup v1alpha1 from SGLang's docs: the DeepSeek-V3.2 prefill role (a one-pod LeaderWorkerSet) names eight mlx5 RDMA devices for its KV transfer (--disaggregation-ib-device), but the copy is cut inside the prefill command, before its resources, privileges, /dev/shm and the decode role: whether the pod gets RDMA devices and can pin memory is not shown",
  },
  {
    file: 'hiascend-mindcluster-aibrix-stormservice-vllm-ascend-npu-cut.yaml',
    source:
      'https://www.hiascend.com/document/detail/zh/mindcluster/730/clustersched/dlug/mxdl_vllm_007.html (the StormService example, as the stored copy holds it, cut mid-comment where the copy ends)',
    expert: 'not-judged',
    why: "Huawei MindCluster docs: an AIBrix StormService adapted to Ascend NPUs (vLLM-Ascend) for P/D, cut inside the prefill role's pod metadata, before any container: engine flags, KV connector, devices, network and the decode role are not shown",
  },
  {
    file: 'dynamodocs-lws-dgd-enable-grove-false-spec-elided.yaml',
    source:
      'https://docs.dynamo.nvidia.com/dynamo/integrations/kubernetes-integrations/lws.md (first YAML block, whole)',
    expert: 'not-judged',
    why: 'Dynamo\'s LWS page: a DynamoGraphDeployment that forces the LWS path (nvidia.com/enable-grove: "false") for a multinode deployment, whose spec the author elides with `# ...`: no service, engine, GPU or network is shown, so the KV path is undetermined (an elision is not data)',
  },
  {
    file: 'vllmforum-rdma-container-snippet-nccl-ib-ipc-lock.yaml',
    source:
      'https://discuss.vllm.ai/t/deploying-multi-node-llm-with-infiband-roce/1344 (the answer\'s "Example Kubernetes YAML snippet", whole)',
    expert: 'not-judged',
    why: 'vLLM forum answer for multi-node vLLM over InfiniBand/RoCE: a container fragment (NCCL_IB_HCA mlx5_0, NCCL_IB_DISABLE 0, IPC_LOCK, /dev/shm) with no workload, engine, GPU or RDMA device resource around it: the fabric path is declared only in part, the rest is not shown',
  },
];
