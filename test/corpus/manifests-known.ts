/**
 * Manifests where `env` and the expert (written first, kept as written) disagree, each with its
 * cause: TOOL = an `env` miss named in issue 38; READING = the expert and a stated `env` rule differ.
 */
export const KNOWN_MANIFEST_DISAGREEMENTS: Record<string, string> = {
  'dynamo-glm52-sglang-disagg-h200.yaml':
    "READING: UCX_NET_DEVICES is computed at start by an awk script over `nvidia-smi topo -m`; env's rule is that a value it cannot see leaves env.ucx-net-devices skipped (unverified), while the expert read the script (it can only yield GPU-local /sys/class/infiniband devices, or abort the start) and judged the path declared",
  'llmd-wide-ep-vllm-decode-lws.yaml':
    "READING: env's stated rule (env.multinode-rdma) fails a worker whose 8-GPU pods span nodes with no RDMA path; the expert read this base file as one half of a kustomize guide whose provider overlays add the RDMA devices, so not shown rather than broken",
  'llmd-ms-gaudi-dra-decode-only.yaml':
    "READING: env's stated rule (env.shm) fails a tensor-parallel-2 engine whose two ranks share the container runtime's 64Mi /dev/shm, whatever the accelerator; the expert judged the file by its KV path only (aggregated, no hand-off) and did not weigh the worker's own shared memory",
  'lws-llamacpp-rpc-cpu.yaml':
    "READING: llama.cpp is no engine env knows and the pods ask for no accelerator, so nothing is a serving worker and nothing is verified (env's rule: a skip is never a pass); the expert judged the same facts as nothing at risk",
  'aioneks-vllm-405b-trn1-lws-efa.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns a non-root pod (runAsUser 1000) that requests EFA devices without a memlock raise: pinning is bounded by RLIMIT_MEMLOCK; the expert judged the aggregated graph's KV path only (no hand-off)",
  'llmd-wide-ep-dsv4-prefill-lws-mnnvl-base.yaml':
    "READING: env's stated rule (env.ucx-tls) fails a prefill whose UCX_TLS=cuda_copy,cuda_ipc,tcp has no ComputeDomain claim for cuda_ipc (KV over tcp) and names the missing claim (env.mnnvl); the expert read this base as one half of a kustomize guide whose provider overlay adds the ComputeDomain, so not shown rather than broken (as llmd-wide-ep-vllm-decode-lws.yaml)",
  'pstack-orchestrated-prefill-no-kvcfg.yaml':
    "READING: env's stated rule (roles.ts) takes a name or label as a hint about a pair, never proof on its own, and an engine started with no mode flag or KV connector as aggregated; this file holds one Deployment (`prefill`, label model: prefill) whose vLLM has neither, so env reads an aggregated worker with nothing at risk; the expert read the example's intent (production-stack's orchestrated P/D, SEND=1, the KV flags left as a TODO comment) and judged the missing connector a break",
  'pstack-orchestrated-decode-no-kvcfg.yaml':
    "READING: as pstack-orchestrated-prefill-no-kvcfg.yaml: one Deployment named and labelled decode whose vLLM starts with no mode flag or KV connector is an aggregated engine by env's stated rule; the expert judged the decode side of the example's P/D pair, which can receive no KV",
  // m6
  // m7
  'kthena-ms-ascend-pd-mooncake-npu.yaml':
    "READING: env's stated rules fail a tensor-parallel-2 engine whose ranks share a 256Mi /dev/shm whatever the accelerator (env.shm, as llmd-ms-gaudi-dra-decode-only.yaml) and count no NPU device as an RDMA path (env.kv-over-pod-network); the expert judged from knowledge outside the file that Ascend NPUs carry their own RoCE ports (configured by the mounted hccn.conf) for the Mooncake KV transfer, and that HCCL does not stage through /dev/shm",
  'kaito-inferenceset-llama31-8b.yaml':
    "READING: env's rule (issue 38 P2) lists a KAITO InferenceSet, whose pods the controller builds from a preset and an instance type, as a partial graph, not verified; the expert knew what the controller builds there (one aggregated one-GPU vLLM pod per Workspace) and judged no KV hand-off",
  'kubeai-model-dsr1-mi300x-tp8.yaml':
    "READING: as kaito-inferenceset-llama31-8b.yaml: a KubeAI Model's pod is built by the controller from a resource profile defined in the cluster's configuration, so env lists it as partial; the expert read the profile name (amd-gpu-mi300x:8) and TP8 as one aggregated 8-GPU pod",
  'kserve-llmisvc-qwen3-dp16-ep-sriov-nvshmem.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns a non-root pod (KServe's template runs the container runAsNonRoot) that requests RDMA devices: pinning is bounded by RLIMIT_MEMLOCK; the expert judged the aggregated graph's KV path only (no prefill pool, no hand-off), as aioneks-vllm-405b-trn1-lws-efa.yaml",
  'llmd-pd-cks-mooncake-rdma-disaggregatedset.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns a pod that requests rdma/ib without IPC_LOCK or privileged (ibv_reg_mr may hit RLIMIT_MEMLOCK); the expert took GPU-memory registration through peer memory and the provider's runtime memlock default as enough and judged the declared RDMA path",
  'llmd-wide-ep-gke-a4x-prefill-lws-rdma.yaml':
    "READING: env's stated rules warn a 2Gi /dev/shm for four GPU processes (env.shm) and transport variables the manifest leaves to the image (env.missing-critical: UCX_TLS, UCX_NET_DEVICES, NCCL_IB_HCA …); the expert took gIB's set_nccl_env.sh (BASH_ENV) and UCX's defaults as setting them and judged the RDMA networks, privileged root and IPC_LOCK as the whole KV path",
  // m8
};
