/**
 * Manifests where `env` and the expert (written first, kept as written) disagree, each with its
 * cause: TOOL = an `env` miss named in issue 38; READING = the expert and a stated `env` rule differ.
 */
export const KNOWN_MANIFEST_DISAGREEMENTS: Record<string, string> = {
  'dynamo-2508-vllm-disagg-planner-is-prefill.yaml':
    'TOOL P3: the prefill uses the legacy --is-prefill-worker, which dates the manifest to Dynamo before 1.0.0 (NIXL the default connector); with an unknown dev image tag env.kv-connector still FAILs as for 1.0.0',
  'dynamo-2508-vllm-disagg-router-is-prefill.yaml':
    'TOOL P3: as above (legacy --is-prefill-worker, unknown image tag, FAIL as for Dynamo 1.0.0)',
  'dynamo-dsv32-trtllm-gb200-computedomain.yaml':
    'RULE (P5): env.missing-critical warns that UCX_TLS, UCX_NET_DEVICES, NCCL_IB_HCA are unset ("the image may set them") on a graph whose KV path is fully declared (ComputeDomain on both roles, MNNVL set, root, UCX transceiver); unset means UCX/NCCL auto-select, which has no bad consequence here, so no complete disaggregated manifest can reach NO PROBLEM SHOWN',
  'mx-azure-vllm-disagg-envsubst.yaml':
    'RULE (P5): as above; rdma/ib and IPC_LOCK on both roles, podAffinity and NixlConnector declared, only env.missing-critical warns',
  'lws-vllm-405b-tp8-pp2.yaml':
    'READING/P5: TP8 inside each pod, PP2 across two pods without RDMA: the expert warned (pipeline traffic over TCP is slow, not broken), env.multinode-rdma FAILs',
};
