/**
 * Manifests where `env` and the expert (written first, kept as written) disagree, each with its
 * cause: TOOL = an `env` miss named in issue 38; READING = the expert and a stated `env` rule differ.
 */
export const KNOWN_MANIFEST_DISAGREEMENTS: Record<string, string> = {
  'rbg-v1alpha1-dynamo-sglang-pd.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha1-sglang-pd-rdma-hca.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha1-sglang-pd-mooncake-store.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha2-dynamo-agg.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha2-dynamo-sglang-pd.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha2-dynamo-sglang-pd-multi-node.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha2-sglang-pd-mooncake-te.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha2-vllm-pd-mooncake-te.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha2-sglang-pd-leader-worker.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
  'rbg-v1alpha2-sglang-pd-standalone.yaml':
    'TOOL (issue 38, RoleBasedGroup): `workloads.x-k8s.io` RoleBasedGroup is refused as "not a workload" (exit 2) instead of read as a graph of roles; the envkinds helper owns this',
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
