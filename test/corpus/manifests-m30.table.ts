import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m30 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, the stored snapshot lacking the file: written out unchanged and its length checked)";

export const MANIFESTS_m30: ManifestCase[] = [
  {
    file: 'aksspot-vllm-sts-2x1gpu-antiaffinity.yaml',
    source:
      'https://github.com/huangyingting/llm-inference/blob/2f1d85700b76c9371664fa4dbf808d844ec825db/vllm/manifests/vllm-azure-disk.yaml',
    expert: 'no-problem',
    why: 'vLLM StatefulSet on an AKS spot GPU pool: two independent 1-GPU replicas spread over nodes by anti-affinity behind one Service; aggregated, no KV hand-off between pods',
  },
  {
    file: 'opea-chatqna-vllm-gaudi-rendered.yaml',
    source:
      'https://github.com/opea-project/GenAIExamples/blob/65580654d85fd41cf9e2d9cb4dc2f7675d6779a1/ChatQnA/kubernetes/intel/hpu/gaudi/manifest/chatqna-vllm.yaml (a committed rendered Helm output)',
    expert: 'no-problem',
    why: 'OPEA ChatQnA rendered from its Helm chart: vLLM TP1 on one Gaudi HPU, TEI reranking on another, the other microservices on CPU; aggregated, no KV hand-off between pods',
  },
  {
    file: 'opea-chatqna-xeon-cpu-rendered.yaml',
    source:
      'https://github.com/opea-project/GenAIExamples/blob/65580654d85fd41cf9e2d9cb4dc2f7675d6779a1/ChatQnA/kubernetes/intel/cpu/xeon/manifest/chatqna.yaml (a committed rendered Helm output)',
    expert: 'no-problem',
    why: 'OPEA ChatQnA for Xeon rendered from its Helm chart: TGI and TEI on CPU, no accelerator anywhere; aggregated, no KV hand-off between pods',
  },
  {
    file: 'awsdoray-rayservice-pd-nixl-1gpu.yaml',
    source: `https://github.com/aws-samples/aws-do-ray/blob/83d19dca3731a7c8acb1b737d87121f0b6f77067/Container-Root/ray/rayservice/disaggregated_prefill_decode/rayservice.disaggregated_prefill_decode.yaml ${READ_FILE}`,
    expert: 'not-judged',
    why: "RayService running Ray Serve LLM's build_pd_openai_app: prefill and decode in separate 1-GPU worker groups (separate pods), both NixlConnector kv_both; no RDMA/EFA resource, RDMA network or host network and nothing keeps them on one node: KV crosses the pod network over TCP at best",
  },
  {
    file: 'lmdeploy-internlm2-7b-deployment-1gpu.yaml',
    source: `https://github.com/InternLM/lmdeploy/blob/5beeafda5fe987fdd61afba20e43191e0748f426/k8s/deployment.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'one lmdeploy api_server Deployment serving InternLM2-7B on 1 GPU; aggregated, no KV hand-off between pods',
  },
  {
    file: 'rayllm-rayservice-eks-a10g-4gpu-worker.yaml',
    source:
      'https://github.com/ray-project/ray-llm/blob/fef5eea73dad100fbbd0d4bbc4d039bb7e88a8e1/docs/kuberay/ray-service.rayllm-eks.yaml',
    expert: 'no-problem',
    why: 'RayLLM RayService: one GPU worker pod with 4 GPUs (at most one) serving two 7B models, head without GPU; aggregated, no KV hand-off between pods',
  },
  {
    file: 'erdma-nccl-test-privileged-allgpus.yaml',
    source:
      'https://github.com/AliyunContainerService/alibabacloud-erdma-controller/blob/b0ad9ef76b01e243386c10912ef87ac976955a81/docs/erdma-benchmark/nccl-pods.yaml',
    expert: 'no-problem',
    why: 'two NCCL-over-eRDMA test pods on different nodes (sleep infinity, privileged, every host GPU through NVIDIA_VISIBLE_DEVICES=all, aliyun/erdma 1): a fabric test harness that serves no model and moves no KV',
  },
  {
    file: 'rhaiqs-kserve-isvc-vllm-cpu-rawdeployment.yaml',
    source:
      'https://github.com/rh-ai-quickstart/llm-cpu-serving/blob/b5c097e21bc0bb3c84e2443903bbc5992c4f184d/bootstrap/inferenceservice.yaml',
    expert: 'no-problem',
    why: 'KServe InferenceService (RawDeployment) running vLLM for CPU on TinyLlama, plus an OpenShift Route; no accelerator, one engine, no KV hand-off between pods',
  },
  {
    file: 'rocm-netop-ainic-workload-multus-2x1gpu.yaml',
    source:
      'https://github.com/ROCm/network-operator/blob/ad958c7235685595b4b5a0f059f488194663e1db/example/workload.yaml',
    expert: 'no-problem',
    why: "AMD Network Operator's example workload: two pods (sleep infinity) each with amd.com/gpu 1 and amd.com/nic 1 on a Multus host-device network, IPC_LOCK: a RoCE test image that serves no model and moves no KV",
  },
  {
    file: 'awsdoeks-mpijob-nccl-efa-p5-2x8gpu.yaml',
    source:
      'https://github.com/aws-samples/aws-do-eks/blob/0e485c01ba8bb04f22c590b0e05e76c4d803516c/Container-Root/eks/deployment/efa-device-plugin/test-nccl-efa-p5.yaml',
    expert: 'no-problem',
    why: 'Kubeflow MPIJob running nccl-tests all_reduce_perf on two p5.48xlarge workers with 8 GPUs and 32 EFA devices each: a fabric test that moves no KV',
  },
];
