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
  // m8
  'ome-deepseek-rdma-rt.yaml':
    "READING: env's stated rule (env.shm) fails an 8-GPU pod whose /dev/shm is the container runtime's 64Mi default; OME builds a multi-node engine's leader from the leader's own PodSpec (components/engine.go reconcilePodSpec), and this runtime declares its dshm and /dev/infiniband volumes under worker only, so the leader's /dev/shm mount names no volume of its pod; the expert took the worker's volumes for the leader's too and judged the RDMA path alone",
  'eks-lws-sglang-dsr1-stock-image-efa.yaml':
    "READING: the expert's verdict rests on what the stock lmsysorg/sglang:latest image ships (no aws-ofi-nccl under /opt/amazon, which the repository's README builds into a custom image), context outside the file; env reads the 16 EFA devices, IPC_LOCK, FI_PROVIDER=efa and the NCCL_NET_PLUGIN path as declared and has no rule about an image's contents",
  'sglang-disagg-minilb-router-only.yaml':
    "READING: the file holds only SGLang's P/D load balancer (mini_lb, no GPU, no engine); env reads its one pod as no serving worker and verifies nothing (no check: a skip is never a pass, and the prefill and decode it routes to are not shown), while the expert judged that nothing in the file puts the KV path at risk (no-problem)",
};
