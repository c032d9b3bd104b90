import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m31 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */

const AWSDOEKS = 'https://github.com/aws-samples/aws-do-eks/blob/f721602f7389b817a74fec8343862733bce638ed';
const GKESAMPLES =
  'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf';
const GKECEA =
  'https://github.com/GoogleCloudPlatform/container-engine-accelerators/blob/992db81257553607f1477945f1b3219632991829';
const ODHDW =
  'https://github.com/opendatahub-io/distributed-workloads/blob/93184faaa5bce5cc0ed2a3f5958e78bbdb86181c';
const FUSION = 'https://github.com/fusioninfer/fusioninfer/blob/0df046e202dd1781c3a99daca9637a7e3124a7a7';

export const MANIFESTS_m31: ManifestCase[] = [
  {
    file: 'awsdoeks-mpijob-v1alpha2-nccl-tests-efa-commented.yaml',
    source: `${AWSDOEKS}/Container-Root/eks/deployment/kubeflow/mpi-operator/test/nccl-tests-efa.yaml`,
    expert: 'no-problem',
    why: 'Kubeflow MPIJob v1alpha2 running nccl-tests all_reduce_perf on two one-GPU workers, the EFA and hugepage requests commented out: a fabric test (which would fall back to sockets), no KV hand-off',
  },
  {
    file: 'awsdoeks-mpijob-fi-info-efa.yaml',
    source: `${AWSDOEKS}/Container-Root/eks/deployment/kubeflow/mpi-operator/test/fi-info.yaml`,
    expert: 'no-problem',
    why: 'Kubeflow MPIJob v2beta1 whose launcher runs fi_info -p efa over two workers with one GPU, one EFA device, hugepages and IPC_LOCK each: a fabric probe, no KV hand-off',
  },
  {
    file: 'awsdoeks-elasticjob-imagenet-efa-p4d.yaml',
    source: `${AWSDOEKS}/Container-Root/eks/deployment/distributed-training/pytorch/elasticjob/samples/imagenet-efa.yaml`,
    expert: 'no-problem',
    why: 'TorchElastic ElasticJob training EfficientNet on ImageNet over two p4d workers with 8 GPUs and 4 EFA devices each (FI_PROVIDER=efa, device RDMA on): training, no KV hand-off, and the cross-node NCCL path has EFA',
  },
  {
    file: 'gke-verl-raycluster-b200-rdma-networks.yaml',
    source: `${GKESAMPLES}/ai-ml/verl-on-gke/ray-cluster-standard.yaml`,
    expert: 'no-problem',
    why: 'GKE RayCluster for verl RL training: CPU head and two 8-GPU workers on GKE RDMA networks (rdma-0..7 plus gvnic), gIB mounted, KSA_NAME and GPU_TYPE placeholders left for envsubst: training with vLLM rollouts inside each worker, no KV hand-off between pods',
  },
  {
    file: 'gke-nemorl-vllm-gemma3-27b-8gpu-tp4.yaml',
    source: `${GKESAMPLES}/ai-ml/nemo-rl-on-gke/nemoRL/gemma3-27b-it/nvidia-vllm-post-trained-gemma3-27-deploy.yaml`,
    expert: 'no-problem',
    why: 'GKE A3 Mega Deployment: one aggregated vLLM pod serving a post-trained Gemma 3 27B with TP4 on 8 requested GPUs (half of them idle), 128Gi /dev/shm: no KV hand-off between pods',
  },
  {
    file: 'gkecea-tcpxo-nccl-test-latest-a3mega.yaml',
    source: `${GKECEA}/gpudirect-tcpxo/nccl-test-latest.yaml`,
    expert: 'no-problem',
    why: 'GPUDirect-TCPXO nccl-test: two A3 Mega pods with 8 GPUs, eight GPU VPC interfaces and the tcpgpudmarxd sidecar, running all_gather via the TCPXO plugin then sleeping: a fabric test, no KV hand-off',
  },
  {
    file: 'gkecea-rdma-nccl-test-imex-a4x-computedomain.yaml',
    source: `${GKECEA}/gpudirect-rdma/nccl-test-imex-a4x.yaml`,
    expert: 'no-problem',
    why: 'GKE A4X (GB200) NCCL test pods: a ComputeDomain of 2 nodes claimed by both pods, 4 GPUs and rdma-0..3 networks each, diagnostic image sleeping (the container repeats its resources key): a fabric test, no KV hand-off',
  },
  {
    file: 'gkecea-rdma-nccl-test-managed-mrdma-claim.yaml',
    source: `${GKECEA}/gpudirect-rdma/nccl-test-managed-rdma.yaml`,
    expert: 'no-problem',
    why: 'GKE managed RDMA NCCL test pods: a DRA ResourceClaimTemplate of 8 mrdma.google.com devices claimed beside 8 GPUs in each of two pods, diagnostic image sleeping: a fabric test, no KV hand-off',
  },
  {
    file: 'gkecea-rdma-nccl-test-a4x-max-jobset.yaml',
    source: `${GKECEA}/gpudirect-rdma/nccl-test-a4x-max-jobset.yaml`,
    expert: 'no-problem',
    why: 'GKE A4X Max (GB300) JobSet running nccl-tests all_gather with a ComputeDomain channel and 8 mrdma devices per 4-GPU pod (node count left as a __NUM_NODES__ placeholder): a fabric test, no KV hand-off',
  },
  {
    file: 'nebius-volcano-nccl-test-pytorch-ib-anchors.yaml',
    source:
      'https://github.com/nebius/ml-cookbook/blob/a2fb44d285cf0c895df685eba78d1cc0d194fb81/volcano/nccl-test-pytorch/nccl-test-pytorch.yaml',
    expert: 'no-problem',
    why: 'Nebius Volcano Job (pytorch plugin) whose worker task reuses the master pod spec through a YAML anchor: torchrun all_reduce_bench on 2 nodes x 8 processes, privileged with /dev/infiniband mounted, no GPU request: a fabric benchmark, no KV hand-off',
  },
  {
    file: 'ocioke-active-health-checks-nccl-tests-cronjob.yaml',
    source:
      'https://github.com/oracle-quickstart/oci-hpc-oke/blob/61d210acc37f1990f27012aa4f108c5db4e52ab2/manifests/active-health-checks/active-health-checks-nccl-tests.yaml',
    expert: 'no-problem',
    why: 'OCI OKE active health checks: RBAC, ConfigMaps holding per-shape Kueue + MPIJob nccl-tests definitions as text, and an hourly CronJob whose kubectl pod applies them to idle GPU nodes: health checks only, no KV hand-off',
  },
  {
    file: 'aksrdma-mpijob-rccl-tests-mi300x.yaml',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/700dabb4fe0451d482ae09a373617ed68658b021/tests/scenarios/k8s/rccl/mpi-job.yaml',
    expert: 'no-problem',
    why: 'AKS MPIJob running rccl-tests all_reduce_perf over two privileged workers with 8 AMD GPUs each, spread across nodes by anti-affinity: a fabric test, no KV hand-off',
  },
  {
    file: 'odh-kftv2-trainjob-mpi-ddp-sft-runtimepatches.yaml',
    source: `${ODHDW}/benchmarks/kftv2-mpi-ddp-sft/trainjob.yaml`,
    expert: 'no-problem',
    why: 'Kubeflow Trainer v2 TrainJob: mpirun DDP fine-tuning of Qwen2.5-1.5B on 2 nodes x 2 GPUs through a ClusterTrainingRuntime not shown, runtimePatches adding scripts and /dev/shm: training, no KV hand-off',
  },
  {
    file: 'odh-kftv2-clustertrainingruntime-osu-gpu.yaml',
    source: `${ODHDW}/benchmarks/osu-benchmarks/mpi-runtime-gpu.yaml`,
    expert: 'no-problem',
    why: 'Kubeflow Trainer v2 ClusterTrainingRuntime (OpenMPI) whose launcher runs OSU device-to-device latency, bandwidth and allreduce between two one-GPU workers: a fabric benchmark, no KV hand-off',
  },
  {
    file: 'koord-docs-pod-gpu-rdma-vf-joint-allocation.yaml',
    source:
      'https://github.com/koordinator-sh/website/blob/5123f048f992e7b74ab6c944878efa2091110db5/docs/user-manuals/gpu-and-rdma-joint-allocation.md#L468-L515 (one YAML block of the Koordinator guide, indented as published, with its // remarks)',
    expert: 'no-problem',
    why: 'Koordinator guide: a sleeping PyTorch test pod asking koord-scheduler for a GPU and an SR-IOV RDMA VF jointly (koordinator.sh/gpu, koordinator.sh/rdma, a Multus SR-IOV attachment, IPC_LOCK): a fabric test pod, no KV hand-off',
  },
  {
    file: 'fusioninfer-docs-inferenceservice-single-node-router.yaml',
    source: `${FUSION}/docs/fusioninfer/docs/user-guide/deployment.md#L17-L40 (one YAML block of the guide)`,
    expert: 'no-problem',
    why: 'FusionInfer InferenceService: a prefix-cache router and two aggregated one-GPU vLLM worker replicas: no KV hand-off between pods',
  },
  {
    file: 'fusioninfer-docs-inferenceservice-multinode-tp2.yaml',
    source: `${FUSION}/docs/fusioninfer/docs/user-guide/deployment.md#L48-L82 (one YAML block of the guide)`,
    expert: 'not-judged',
    why: 'FusionInfer InferenceService: aggregated vLLM TP2 over a 2-node group of one-GPU pods (multinode.nodeCount 2), no RDMA resource or network: no KV hand-off, but tensor-parallel traffic on the pod network',
  },
  {
    file: 'fusioninfer-docs-clusterruntimeprofile-pd-nixl.yaml',
    source: `${FUSION}/docs/fusioninfer/docs/design/runtime-profile.md#L264-L305 (one YAML block of the design doc)`,
    expert: 'not-judged',
    why: 'FusionInfer ClusterRuntimeProfile: vLLM prefiller (2 GPUs, NixlConnector kv_producer) and decoder (1 GPU, kv_consumer) on H100 nodes, no RDMA resource or network and nothing keeping them on one node: KV may cross the pod network over TCP',
  },
];
