/**
 * Manifests where `env` and the expert (written first, kept as written) disagree, each with its
 * cause: TOOL = an `env` miss named in issue 38; READING = the expert and a stated `env` rule differ.
 */
export const KNOWN_MANIFEST_DISAGREEMENTS: Record<string, string> = {
  'dynamo-glm52-sglang-disagg-h200.yaml':
    "READING: UCX_NET_DEVICES is computed at start by an awk script over `nvidia-smi topo -m`; env's rule is that a value it cannot see leaves env.ucx-net-devices skipped (unverified), while the expert read the script (it can only yield GPU-local /sys/class/infiniband devices, or abort the start) and judged the path declared",
  'llmd-wide-ep-vllm-decode-lws.yaml':
    "READING: env's stated rule (env.multinode-rdma) fails a worker whose 8-GPU pods span nodes with no RDMA path; the expert read this base file as one half of a kustomize guide whose provider overlays add the RDMA devices, so not shown rather than broken",
};
