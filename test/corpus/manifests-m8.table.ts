import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m8 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before
 * `env` ran on each manifest.
 */
export const MANIFESTS_m8: ManifestCase[] = [
  {
    file: 'rbg-v1a2-sglang-pd-mooncake-store-tcp.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/inference/ecosystem/mooncake/mooncake-store/pd-disagg-kvcache-reuse-with-mooncake.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup v1alpha2: SGLang one-GPU prefill (Mooncake transfer backend, HiCache in a Mooncake store with MOONCAKE_PROTOCOL tcp) and decode, no RDMA resource or network and nothing keeps prefill and decode on one node: the Mooncake KV transfer has no RDMA device, KV crosses the pod network over TCP at best',
  },
  {
    file: 'rbg-v1a2-dynamo-sglang-agg-multinode.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/inference/ecosystem/dynamo/agg-multi-nodes.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup v1alpha2 leaderWorkerPattern: aggregated Dynamo SGLang (1.0.1) TP2 across two one-GPU pods, no RDMA resource or network: tensor-parallel traffic on the pod network (no KV hand-off between pods)',
  },
  {
    file: 'rbg-v1a1-sglang-agg-mooncake-store-rdma.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/deprecated/v1alpha1/mooncake/aggregated-with-mooncake.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup v1alpha1: one aggregated SGLang TP4 pod (no P/D) whose HiCache KV blocks go to Mooncake store pods over RDMA (rdma/hca on engine and store, MOONCAKE_PROTOCOL rdma), but no pod has IPC_LOCK: RDMA registration bounded by a memlock limit not shown',
  },
  {
    file: 'rbg-lws-vllm-ray-multinode.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/deprecated/v1alpha1/multi-nodes/vllm.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet (rbg example): aggregated vLLM v0.10.0 TP2 across two one-GPU pods through Ray, no RDMA resource or network: tensor-parallel traffic on the pod network (no KV hand-off between pods)',
  },
  {
    file: 'rbg-v1a2-engine-runtime-profile-nginx-roles.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/basic/engine-runtime/engine-runtime-profile.yaml',
    expert: 'no-problem',
    why: 'ClusterEngineRuntimeProfile + RoleBasedGroup whose roles are named prefill and decode but run nginx (one GPU each) and no inference engine: no KV moves',
  },
  {
    file: 'ome-deepseek-rdma-rt.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/srt/deepseek-rdma-rt.yaml',
    expert: 'no-problem',
    why: 'OME ClusterServingRuntime: aggregated SGLang DeepSeek (DeepEP) over a leader and one worker of 8 GPUs, hostNetwork, privileged with IPC_LOCK, /dev/infiniband, NVSHMEM_HCA_LIST and the OME RDMA auto-inject annotation: no KV hand-off, the cross-node traffic has RDMA',
  },
  {
    file: 'ome-llama4-maverick-pd-grpc-rt.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/srt/meta/llama-4-maverick-17b-128e-instruct-fp8-pd-grpc-rt.yaml',
    expert: 'problem',
    why: 'OME ClusterServingRuntime: SGLang TP8 prefill and decode (gRPC mode), default Mooncake transfer with --disaggregation-ib-device mlx5_0, hostNetwork only: no RDMA resource, no /dev/infiniband, not privileged, no IPC_LOCK and no RDMA auto-inject annotation (its sibling runtimes have one): the HCA it names cannot be opened in the pod',
  },
  {
    file: 'ome-isvc-deepseek-v3-pd.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/samples/isvc/deepseek-ai/deepseek-v3-pd.yaml',
    expert: 'not-judged',
    why: 'OME InferenceService with engine (prefill), decoder and router from runtime srt-deepseek-rdma-pd, which is not in the file: the KV path is declared elsewhere, undetermined here',
  },
  {
    file: 'eks-lws-sglang-pd-nixl-efa-p5.yaml',
    source:
      'https://github.com/shawnawshk/llm-on-eks/blob/7c70018e3bce2da6f96d2c6311ba61f7c60c976e/k8s-manifest/lws/lws-p5-pd-disagg.yaml',
    expert: 'not-judged',
    why: 'EKS p5, two LeaderWorkerSets written with YAML anchors and merge keys: SGLang DeepSeek-V3.2 prefill and decode, each TP16 over two pods with 16 EFA, privileged with IPC_LOCK, --disaggregation-transfer-backend nixl and no SGLANG_DISAGGREGATION_NIXL_BACKEND: NIXL uses its default UCX plugin on EFA (not LIBFABRIC), which UCX carries poorly: KV path at risk',
  },
  {
    file: 'eks-lws-sglang-tp16-efa-p5.yaml',
    source:
      'https://github.com/shawnawshk/llm-on-eks/blob/7c70018e3bce2da6f96d2c6311ba61f7c60c976e/k8s-manifest/lws/lws-p5.yaml',
    expert: 'no-problem',
    why: 'EKS p5 LeaderWorkerSet (YAML anchors): aggregated SGLang TP16 over two pods, custom EFA image, 16 EFA each, privileged with IPC_LOCK, NCCL_NET_PLUGIN ofi and FI_PROVIDER efa: no KV hand-off, cross-node tensor traffic on EFA',
  },
  {
    file: 'eks-lws-sglang-dsr1-stock-image-efa.yaml',
    source:
      'https://github.com/shawnawshk/llm-on-eks/blob/7c70018e3bce2da6f96d2c6311ba61f7c60c976e/k8s-manifest/lws/lws-deepseek-r1.yaml',
    expert: 'not-judged',
    why: 'EKS p5en LeaderWorkerSet: aggregated SGLang DeepSeek-R1 TP16 over two pods with 16 EFA and IPC_LOCK, but on the stock lmsysorg/sglang:latest image, which does not ship the /opt/amazon aws-ofi-nccl plugin NCCL_NET_PLUGIN names: TP16 may fall back to NCCL sockets on eth0 (no KV hand-off)',
  },
  {
    file: 'gke-ctk-a4x-nccl-jobset-computedomain-rdma.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/cluster-toolkit/blob/1047080375afbb44da4b596be314634e7486af4a/examples/gke-a4x/nccl-jobset-example.yaml',
    expert: 'no-problem',
    why: 'GKE A4X (GB200): ComputeDomain + JobSet running nccl-tests all_gather on two nodes with the ComputeDomain channel and a DRANet RDMA claim (default-rdma), gIB NCCL plugin: a fabric test, no KV',
  },
  {
    file: 'oci-nccl-tests-h100-sriov-vf.yaml',
    source:
      'https://github.com/oracle-quickstart/oci-hpc-oke/blob/61d210acc37f1990f27012aa4f108c5db4e52ab2/manifests/nccl-tests/kueue/virtual-functions/BM.GPU.H100.8.yaml',
    expert: 'no-problem',
    why: 'OKE Kueue objects + MPIJob nccl-tests on BM.GPU.H100.8 workers with 16 SR-IOV RDMA VFs (nvidia.com/rdma-vf, Multus rdma-vf networks), privileged with IPC_LOCK: a fabric test, no KV',
  },
  {
    file: 'awsdt-nccl-tests-efa-p5.yaml',
    source:
      'https://github.com/aws-samples/awsome-distributed-training/blob/7217859f67bc693c52ff175ccc6082c41dbd7a1b/micro-benchmarks/nccl-tests/kubernetes/nccl-tests.yaml',
    expert: 'no-problem',
    why: 'EKS MPIJob nccl-tests over two p5.48xlarge workers with 32 EFA each, FI_PROVIDER efa and the aws-ofi-nccl tuner: a fabric test, no KV',
  },
  {
    file: 'azure-aks-nccl-tests-rdma-ib.yaml',
    source:
      'https://github.com/Azure/ai-infrastructure-on-azure/blob/24914ce9d3b5d8c763ef808913d4c553a80e3f09/infrastructure_validations/aks/NCCL/nccl.yaml',
    expert: 'no-problem',
    why: 'AKS MPIJob nccl-tests all_reduce on two 8-GPU InfiniBand workers with rdma/ib x8 and IPC_LOCK, anti-affinity across nodes, SHARP collnet: a fabric test, no KV',
  },
  {
    file: 'azure-aks-rdma-sriov-test-pods.yaml',
    source:
      'https://github.com/Azure/aks-rdma-infiniband/blob/2917d5377bb22e574d76658f4591e20f96de1be9/test-rdma-pods.yaml',
    expert: 'no-problem',
    why: 'two sleeping rping-test pods with one SR-IOV RDMA VF each (mellanox.com/mlnx_sriov_rdma) and IPC_LOCK, no GPU and no inference engine: no KV path',
  },
  {
    file: 'ome-vllm-deepseek-v4-pro-rt.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/vllm/deepseek-ai/deepseek-v4-pro-rt.yaml',
    expert: 'no-problem',
    why: 'OME ClusterServingRuntime for vLLM: one aggregated engine pod (vllm serve, TP8 with expert parallel on 8 H200 GPUs, Memory /dev/shm) behind an SMG router: no KV hand-off between pods',
  },
  {
    file: 'oci-rccl-tests-mi300x-sriov-vf.yaml',
    source:
      'https://github.com/oracle-quickstart/oci-hpc-oke/blob/61d210acc37f1990f27012aa4f108c5db4e52ab2/manifests/rccl-tests/kueue/virtual-functions/BM.GPU.MI300X.8.yaml',
    expert: 'no-problem',
    why: 'OKE Kueue objects + MPIJob rccl-tests all_reduce on two AMD MI300X workers (amd.com/gpu 8) with 8 SR-IOV RDMA VFs and Multus rdma-vf networks, privileged with IPC_LOCK; launcher script runs mpirun: a fabric test, no KV',
  },
  {
    file: 'oci-nccl-tests-gb200-computedomain-hostnet.yaml',
    source:
      'https://github.com/oracle-quickstart/oci-hpc-oke/blob/61d210acc37f1990f27012aa4f108c5db4e52ab2/manifests/nccl-tests/kueue/BM.GPU.GB200.4.yaml',
    expert: 'no-problem',
    why: 'OKE Kueue objects + ComputeDomain + MPIJob nccl-tests on two GB200 workers: hostNetwork, privileged with IPC_LOCK, /dev/infiniband, the ComputeDomain channel claim and NCCL_MNNVL_ENABLE; workers run sshd for the launcher’s mpirun: a fabric test, no KV',
  },
  {
    file: 'sglang-disagg-minilb-router-only.yaml',
    source:
      'https://github.com/sgl-project/sglang/blob/6011ea6929545bcb45fa5d6534b93f24d1e07e56/docs/references/disaggregation/lws-examples/lb.yaml (the text read_file returns for that commit; the repository is too large to fetch)',
    expert: 'no-problem',
    why: 'only the P/D load balancer (sglang.srt.disaggregation.mini_lb Deployment pointing at prefill and decode services not in the file) and its Service: no GPU, no engine, no KV passes through it',
  },
];
