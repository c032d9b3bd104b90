import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m12 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 *
 * Source family: Red Hat, OpenShift and Open Data Hub: rh-aiservices-bu playbooks and demos, Open Data Hub's
 * odh-model-controller (RHOAI's vLLM multi-node runtime and the llm-d topology samples its UI offers), Red Hat's
 * lab-pinned samples that lived only in the opendatahub-io/kserve fork, opendatahub-io/llm-d-playbooks, the
 * Performance & Scale team's repositories (openshift-psap: inference-playbooks, topsail, gpu-direct-rdma) and
 * the NVIDIA Network Operator's GPUDirect test pod. Each file is byte for byte `git show <commit>:<path>`.
 */
export const MANIFESTS_m12: ManifestCase[] = [
  {
    file: 'rhaib-llmd-playbook-qwen3-pd-nixl-no-rdma.yaml',
    source:
      'https://github.com/rh-aiservices-bu/llm-d-playbook/blob/dd90e49d20d8e4e5c1dc8259f0df792292b8a26d/gitops/instance/llm-d/pd-disaggregation/qwen3-0.6b/llm-infra.yaml',
    expert: 'not-judged',
    why: 'KServe LLMInferenceService on RHOAI: one 1-GPU decode (template) and one 1-GPU prefill pool, NixlConnector kv_both through VLLM_ADDITIONAL_ARGS (its comment says RDMA-based), but no RDMA resource, RDMA network or ComputeDomain on either pool and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'rhaib-llmd-playbook-qwen3-4b-agg-4-replicas.yaml',
    source:
      'https://github.com/rh-aiservices-bu/llm-d-playbook/blob/dd90e49d20d8e4e5c1dc8259f0df792292b8a26d/gitops/instance/llm-d/intelligent-inference/qwen3-0.6b/llm-infra.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, 4 aggregated one-GPU vLLM replicas behind the prefix-cache-aware scheduler, no prefill pool and no KV connector: no KV hand-off between pods',
  },
  {
    file: 'rhaib-disconnected-llmd-qwen3-4b-modelcar.yaml',
    source:
      'https://github.com/rh-aiservices-bu/disconnected-llm-d/blob/5031ff23ea97925577301e240d8b75b93d32ed8a/manifests/qwen3-4b/llm-inference-service.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService for a disconnected cluster: one aggregated one-GPU vLLM replica, weights from an oci:// ModelCar: no KV hand-off between pods',
  },
  {
    file: 'rhaib-multigpu-granite-servingruntime-tp2.yaml',
    source:
      'https://github.com/rh-aiservices-bu/multi-gpu-llms/blob/861e200bebcaefe7ada289e5437661fc49642f57/serving-runtimes/base/serving-runtime.yaml',
    expert: 'no-problem',
    why: 'KServe ServingRuntime: vLLM with --tensor-parallel-size=2 in one kserve-container with a 2Gi memory /dev/shm (the GPUs come from the InferenceService): one aggregated pod, tensor parallelism stays inside it, no KV hand-off',
  },
  {
    file: 'rhaib-multigpu-granite-isvc-2gpu.yaml',
    source:
      'https://github.com/rh-aiservices-bu/multi-gpu-llms/blob/861e200bebcaefe7ada289e5437661fc49642f57/serving-runtimes/base/inference-server.yaml',
    expert: 'no-problem',
    why: 'KServe v1beta1 InferenceService (serverless): one predictor pod with 2 GPUs on the runtime granite-7b-base-tp (another object): one aggregated engine, no KV hand-off between pods',
  },
  {
    file: 'rhaib-llm-on-openshift-vllm-gpu-deployment.yaml',
    source:
      'https://github.com/rh-aiservices-bu/llm-on-openshift/blob/2b63898660f1ac651003e73a8ffe2a06b3d611f7/llm-servers/vllm/gpu/gitops/deployment.yaml',
    expert: 'no-problem',
    why: 'Deployment of one vLLM pod (Mistral-7B, one GPU, 1Gi /dev/shm, restricted security context): aggregated, no KV hand-off',
  },
  {
    file: 'odhmc-vllm-multinode-template-pp2-mp.yaml',
    source:
      'https://github.com/opendatahub-io/odh-model-controller/blob/57b43aad41aea718861b6c70b38a16794fc4ac8e/config/runtimes/vllm/vllm-multinode-template.yaml',
    expert: 'not-judged',
    why: "OpenShift Template wrapping RHOAI's vLLM multi-node ServingRuntime: head container plus workerSpec, pipeline parallel 2 across pods with the mp executor (--nnodes, --headless workers), no RDMA resource or network (GPUs come from the InferenceService): no KV hand-off, but the pipeline traffic crosses nodes over the pod network",
  },
  {
    file: 'odhmc-vllm-multinode-servingruntime-ray-testdata.yaml',
    source:
      'https://github.com/opendatahub-io/odh-model-controller/blob/57b43aad41aea718861b6c70b38a16794fc4ac8e/internal/controller/serving/testdata/deploy/vllm-multinode-servingruntime.yaml',
    expert: 'not-judged',
    why: 'the Ray-based vLLM multi-node ServingRuntime (controller test data): Ray head plus workerSpec, pipeline parallel 2 over Ray with TLS, no RDMA resource or network: no KV hand-off, but the pipeline traffic crosses nodes over the pod network',
  },
  {
    file: 'odhmc-sample-single-node-pd-roce.yaml',
    source:
      'https://github.com/opendatahub-io/odh-model-controller/blob/57b43aad41aea718861b6c70b38a16794fc4ac8e/server/samples/workload-single-node-pd.yaml',
    expert: 'not-judged',
    why: "LLMInferenceServiceConfig (RHOAI's single-node P/D sample): decode and prefill pools each 1 GPU with rdma/roce_gdr, the roce-p2 SR-IOV network, UCX_TLS rc,sm,self,cuda_copy,cuda_ipc and NixlConnector consumer/producer: the RDMA path is declared, but the security context comes from KServe's merged template (non-root, all capabilities dropped, no IPC_LOCK): registering KV memory rests on a memlock limit the file does not show",
  },
  {
    file: 'odhmc-sample-multi-node-dp-pd-roce.yaml',
    source:
      'https://github.com/opendatahub-io/odh-model-controller/blob/57b43aad41aea718861b6c70b38a16794fc4ac8e/server/samples/workload-multi-node-data-parallel-pd.yaml',
    expert: 'not-judged',
    why: 'LLMInferenceServiceConfig: decode and prefill each DP16/EP over two 8-GPU pods (template + worker), roce-p2 and NixlConnector consumer/producer with UCX rc, DeepEP over NVSHMEM IBGDA; each 8-GPU pod gets one rdma/roce_gdr VF, so KV and the expert all-to-all of eight GPUs share one rail, and IPC_LOCK comes only from the auto-injected template, not from the file',
  },
  {
    file: 'odhmc-sample-multi-node-dp32-roce.yaml',
    source:
      'https://github.com/opendatahub-io/odh-model-controller/blob/57b43aad41aea718861b6c70b38a16794fc4ac8e/server/samples/workload-multi-node-data-parallel.yaml',
    expert: 'no-problem',
    why: 'LLMInferenceServiceConfig: aggregated DP32/EP over four 8-GPU pods with the roce-p2 network and one rdma/roce_gdr each, DeepEP over NVSHMEM IBGDA, no prefill pool and no KV connector: no KV hand-off; the cross-node expert traffic has RDMA',
  },
  {
    file: 'odhk-llmisvc-pd-qwen2-7b-roce-hostpinned-private.yaml',
    source:
      'https://github.com/opendatahub-io/kserve/blob/fd1c014e9adac22365bcc05f9c9f50bf3c28668e/docs/samples/llmisvc/single-node-gpu/llm-inference-service-pd-qwen2-7b-gpu-private.yaml (only in the Open Data Hub fork)',
    expert: 'not-judged',
    why: "KServe LLMInferenceService from Red Hat's lab: decode and prefill pinned by node affinity to two different hosts, so KV must cross nodes; both have rdma/roce_gdr, the roce-p2 network and KSERVE_INFER_ROCE, NixlConnector kv_both with UCX left to choose; no IPC_LOCK and the pods take KServe's non-root, capability-dropping template: KV registration rests on a memlock limit the file does not show",
  },
  {
    file: 'odhk-llmisvc-dsr1-pd-p-deepep-d-pplx-private.yaml',
    source:
      'https://github.com/opendatahub-io/kserve/blob/fd1c014e9adac22365bcc05f9c9f50bf3c28668e/docs/samples/llmisvc/dp-ep/deepseek-r1/llm-inference-service-dp-ep-multi-deepseek-r1-pd-p-deepep-ht-d-pplx-gpu-private.yaml (only in the Open Data Hub fork)',
    expert: 'not-judged',
    why: 'KServe LLMInferenceService, DeepSeek-R1 P/D each DP16/EP over two 8-GPU pods pinned to five lab hosts, prefill DeepEP high-throughput and decode pplx, NixlConnector kv_both, UCX rc and NVSHMEM IBGDA on roce-p2; one rdma/roce_gdr VF per 8-GPU pod (eight GPUs share one rail for KV and all-to-all), and IPC_LOCK is added to a runAsNonRoot container, where it has no effect: pinning rests on a memlock limit not shown',
  },
  {
    file: 'odhpb-sriov-sample-pod-cx7-sleep.yaml',
    source:
      'https://github.com/opendatahub-io/llm-d-playbooks/blob/3075aabcecccb44aeca6db6a3bb23e3d12f76b31/04-rdma-networking/ocp/bare-metal/apply/sample-pod-cx7.yaml',
    expert: 'no-problem',
    why: 'a CentOS Pod on the ConnectX-7 SR-IOV network with one VF, running sleep: no engine, no GPU, no KV',
  },
  {
    file: 'netop-rdma-gpu-test-pod1-cuda-perftest.yml',
    source:
      'https://github.com/Mellanox/network-operator/blob/b06827e085c59726b699faffcc526342d4d8e395/example/rdma-gpu-test-pod1.yml',
    expert: 'no-problem',
    why: "the NVIDIA Network Operator's GPUDirect test Pod: mellanox/cuda-perftest with one GPU, one shared RDMA device, IPC_LOCK and a macvlan RDMA network: a fabric test, no serving and no KV",
  },
  {
    file: 'psap-glm52-llmisvc-pp2-tp8-composite-dra-gpu-nic.yaml',
    source:
      'https://github.com/openshift-psap/inference-playbooks/blob/b30cdd95df6cdc5da54e5b5777b5fcf2a241d6b1/models/glm-5.2/rhoai/3.5/multi-node-pp/manifests/pp2-tp8-llmisvc-composite-dra.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService (RHOAI 3.5): aggregated GLM-5.2 PP2 x TP8 over a leader and a worker pod, each with 8 GPU+NIC pairs from a composite DRA driver (nvidia.com/gpu zeroed) and KSERVE_INFER_ROCE: no KV hand-off; the cross-node pipeline traffic has RDMA',
  },
  {
    file: 'psap-glm52-llmisvc-pp2-tp8-pod-network.yaml',
    source:
      'https://github.com/openshift-psap/inference-playbooks/blob/b30cdd95df6cdc5da54e5b5777b5fcf2a241d6b1/models/glm-5.2/rhoai/3.5/multi-node-pp/manifests/pp2-tp8-llmisvc.yaml',
    expert: 'not-judged',
    why: 'KServe LLMInferenceService: aggregated GLM-5.2 PP2 x TP8 over a leader and a worker pod of 8 GPUs each, KSERVE_INFER_ROCE set but no RDMA device or network on either pod: no KV hand-off, but the pipeline traffic crosses nodes over the pod network',
  },
  {
    file: 'psap-glm52-lws-pp2-tp8-rdma-commented.yaml',
    source:
      'https://github.com/openshift-psap/inference-playbooks/blob/b30cdd95df6cdc5da54e5b5777b5fcf2a241d6b1/models/glm-5.2/vllm/v0.23.0/multi-node-lws/manifests/pp2-tp8-lws.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet: aggregated vLLM GLM-5.2 PP2 x TP8 over two 8-GPU pods with IPC_LOCK, the rdma/ib requests and NCCL IB settings left commented out: no KV hand-off, but the pipeline traffic crosses nodes over the pod network',
  },
  {
    file: 'psap-gdr-rdma-perftest-daemonset-sleep.yaml',
    source:
      'https://github.com/openshift-psap/gpu-direct-rdma/blob/3195243008541e63bfc120e2c97d55c35c926a94/rdma-perftest/rdma-perftest.yaml',
    expert: 'no-problem',
    why: 'OpenShift GPUDirect RDMA bring-up (2020): RBAC, a ConfigMap and a privileged hostNetwork DaemonSet of the rdma-perftest image with /dev mounted whose entrypoint sleeps, no GPU requested: a test toolbox, no serving and no KV',
  },
  {
    file: 'topsail-llmisvc-pd-gptoss-rdma-ib.yaml',
    source:
      'https://github.com/openshift-psap/topsail/blob/cfc3e8a2df2096f4c69ae86ba80d201875aa61f8/projects/llm-d/testing/llmisvcs/llmisvc-pd.yaml',
    expert: 'not-judged',
    why: "KServe LLMInferenceService from Red Hat's llm-d CI (name set at run time): one decode and two prefill one-GPU pods, NixlConnector kv_both with UCX's defaults, rdma/ib on every pod: the RDMA path is declared, but there is no IPC_LOCK and the pods take KServe's non-root, capability-dropping template: KV registration rests on a memlock limit the file does not show",
  },
];
