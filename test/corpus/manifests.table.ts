import type { Expert } from './captures.table.js';

/**
 * The manifest corpus (issue 38): each file under manifests/ is copied byte for byte from the
 * source named (a public repository at a commit), with the verdict an expert gives on it for
 * disaggregated serving, written before `env` ran on it. Scale: problem = the manifest itself
 * breaks the KV path (FAIL); not-judged = it leaves the KV path at risk or undetermined (WARN);
 * no-problem = nothing in it puts the KV path at risk (no KV hand-off between pods, or every
 * element of the path declared).
 */
export interface ManifestCase {
  file: string;
  source: string;
  expert: Expert;
  why: string;
}

export const MANIFESTS: ManifestCase[] = [
  {
    file: 'dynamo-mocker-disagg.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/mocker/deploy/disagg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'the mocker engine simulates prefill/decode without GPUs and moves no KV: nothing on the fabric to get wrong',
  },
  {
    file: 'dynamo-sglang-agg.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/sglang/deploy/agg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'aggregated, one 1-GPU worker: no KV transfer between pods',
  },
  {
    file: 'dynamo-sglang-disagg-multinode.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/sglang/deploy/disagg-multinode.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'SGLang prefill/decode each TP8 over 2 nodes, NIXL backend; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP (and TP crosses nodes the same way)',
  },
  {
    file: 'dynamo-sglang-disagg-planner.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/sglang/deploy/disagg_planner.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'SGLang 2P/2D 1-GPU workers, NIXL backend, planner; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-trtllm-disagg-multinode.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/trtllm/deploy/disagg-multinode.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'TRT-LLM prefill/decode each over 2 nodes, engine config from a ConfigMap; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-trtllm-disagg.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/trtllm/deploy/disagg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'TRT-LLM 1-GPU prefill/decode, engine configs inside the image (not shown); prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-trtllm-disagg-router.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/trtllm/deploy/disagg_router.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'TRT-LLM 2P/2D with --disaggregation-mode but no subComponentType; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-vllm-agg.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/vllm/deploy/agg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'aggregated, one 1-GPU vLLM worker: no KV transfer between pods',
  },
  {
    file: 'dynamo-vllm-disagg-multinode-legacy-decode-flag.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/vllm/deploy/disagg-multinode.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'vLLM prefill (--disaggregation-mode prefill) and decode (legacy --is-decode-worker), both NixlConnector, TP2 over 2 nodes; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-vllm-disagg-kvbm.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/vllm/deploy/disagg_kvbm.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'vLLM with KVBM: prefill PdConnector (DynamoConnector + NixlConnector), decode NixlConnector; consistent, but prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-vllm-disagg-kvbm-2p2d.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/vllm/deploy/disagg_kvbm_2p2d.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'as disagg_kvbm with 2P/2D; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-vllm-disagg-router.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/vllm/deploy/disagg_router.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'vLLM 2P/2D, only the prefill names NixlConnector (current dynamo.vllm accepts that); prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-vllm-disagg-xpu-dra.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/backends/vllm/deploy/disagg_xpu_dra.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'Intel XPU through DRA claims, NIXL with kv_buffer_device xpu; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-eks-vllm-disagg-g7e-efa.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/deployments/EKS/manifests/vllm/disagg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: "EFA on both roles, NIXL LIBFABRIC, IPC_LOCK; but the vllm-runtime image runs as a non-root user, for whom IPC_LOCK does nothing: pinning rests on the node's memlock limit, which the manifest does not show",
  },
  {
    file: 'dynamo-gke-sglang-disagg.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/deployments/GKE/sglang/disagg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'SGLang 1-GPU prefill/decode on GKE, NIXL; no GPUDirect-RDMA network attached; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-gke-vllm-disagg-prefill-no-kvcfg.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/examples/deployments/GKE/vllm/disagg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'problem',
    why: 'the prefill worker runs --disaggregation-mode prefill without --kv-transfer-config, which current dynamo.vllm refuses at start (components/src/dynamo/vllm/args.py: "you must explicitly provide --kv-transfer-config")',
  },
  {
    file: 'dynamo-dsr1-sglang-disagg-8gpu.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/recipes/deepseek-r1/sglang/disagg-8gpu/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: "DeepSeek-R1 8+8 GPUs, no --disaggregation-transfer-backend (SGLang's default) and no RDMA device requested: the KV path is not shown",
  },
  {
    file: 'dynamo-dsr1-vllm-hopper-16gpu.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/recipes/deepseek-r1/vllm/disagg/deploy_hopper_16gpu.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'rdma/ib x8 on both roles and NixlConnector, but no IPC_LOCK: pinning KV memory is bounded by the container memlock limit, which the manifest does not show; the decode worker has no --disaggregation-mode decode (dynamo.vllm then runs its default, agg)',
  },
  {
    file: 'dynamo-dsv32-trtllm-gb200-computedomain.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/recipes/deepseek-v32-fp4/trtllm/disagg-kv-router/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'no-problem',
    why: 'GB200: both roles claim the ComputeDomain channel (MNNVL joined), UCX_CUDA_IPC_ENABLE_MNNVL and NCCL_MNNVL_ENABLE set, run as root, UCX cache transceiver: KV over multi-node NVLink is declared end to end',
  },
  {
    file: 'dynamo-llama3-70b-vllm-disagg-multi-node.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/recipes/llama-3-70b/vllm/disagg-multi-node/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: '8-GPU prefill and decode on separate nodes with NixlConnector and no RDMA resource: KV crosses the pod network; decode has no --disaggregation-mode decode',
  },
  {
    file: 'dynamo-nemotron-super-sglang-disagg.yaml',
    source:
      "https://github.com/zinuga/dynamo/blob/df888f6860e247b5a16039d659db61cd64a9d2d7/recipes/nemotron-3-super-fp8/sglang/disagg/deploy.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'SGLang 2+2 GPUs, NIXL; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-2508-sglang-disagg-multinode.yaml',
    source:
      "https://github.com/yuekaizhang/dynamo/blob/e3619ce0990675b2952e2ab22cf614279a8c6403/components/backends/sglang/deploy/disagg-multinode.yaml (a fork of ai-dynamo/dynamo, Aug 2025; the path is upstream's)",
    expert: 'not-judged',
    why: 'older SGLang 2-node TP8 prefill/decode, NIXL; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-2508-sglang-disagg-planner.yaml',
    source:
      "https://github.com/yuekaizhang/dynamo/blob/e3619ce0990675b2952e2ab22cf614279a8c6403/components/backends/sglang/deploy/disagg_planner.yaml (a fork of ai-dynamo/dynamo, Aug 2025; the path is upstream's)",
    expert: 'not-judged',
    why: 'older SGLang 2P/2D with planner and Prometheus, NIXL; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-2508-trtllm-disagg-decode-first.yaml',
    source:
      "https://github.com/yuekaizhang/dynamo/blob/e3619ce0990675b2952e2ab22cf614279a8c6403/components/backends/trtllm/deploy/disagg.yaml (a fork of ai-dynamo/dynamo, Aug 2025; the path is upstream's)",
    expert: 'not-judged',
    why: 'older TRT-LLM 1-GPU prefill/decode, decode_first strategy; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-2508-vllm-disagg-planner-is-prefill.yaml',
    source:
      "https://github.com/yuekaizhang/dynamo/blob/e3619ce0990675b2952e2ab22cf614279a8c6403/components/backends/vllm/deploy/disagg_planner.yaml (a fork of ai-dynamo/dynamo, Aug 2025; the path is upstream's)",
    expert: 'not-judged',
    why: "older vLLM with --is-prefill-worker (NIXL was that version's default connector); prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP",
  },
  {
    file: 'dynamo-2508-vllm-disagg-router-is-prefill.yaml',
    source:
      "https://github.com/yuekaizhang/dynamo/blob/e3619ce0990675b2952e2ab22cf614279a8c6403/components/backends/vllm/deploy/disagg_router.yaml (a fork of ai-dynamo/dynamo, Aug 2025; the path is upstream's)",
    expert: 'not-judged',
    why: 'older vLLM 1P/2D with --is-prefill-worker; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'mx-azure-vllm-disagg-envsubst.yaml',
    source:
      'https://github.com/ai-dynamo/modelexpress/blob/3db6bdc4e64a5df2d44bb688d6a895581dc3399f/ci/k8s/client/vllm/dynamo/manifest-azure-disaggregated.yaml',
    expert: 'no-problem',
    why: 'envsubst template (variables in $-braces) of a DGD: rdma/ib and IPC_LOCK on both roles, podAffinity, prefill NixlConnector; the worker image is a variable, so nothing shows a non-root user: no problem shown',
  },
  {
    file: 'mx-azure-vllm-agg-envsubst.yaml',
    source:
      'https://github.com/ai-dynamo/modelexpress/blob/3db6bdc4e64a5df2d44bb688d6a895581dc3399f/ci/k8s/client/vllm/dynamo/manifest-azure-aggregated.yaml',
    expert: 'no-problem',
    why: 'aggregated DGD (one worker, RDMA only for weight transfer): no KV transfer between pods',
  },
  {
    file: 'mx-sglang-single-node-te-deployment.yaml',
    source:
      'https://github.com/ai-dynamo/modelexpress/blob/3db6bdc4e64a5df2d44bb688d6a895581dc3399f/examples/p2p_transfer_k8s/client/sglang/sglang-single-node-transfer-engine.yaml',
    expert: 'no-problem',
    why: 'plain Deployment, one 8-GPU SGLang server (aggregated) with rdma/ib and IPC_LOCK for weight transfer: no KV transfer between pods',
  },
  {
    file: 'mx-trtllm-single-node-p2p-deployment.yaml',
    source:
      'https://github.com/ai-dynamo/modelexpress/blob/3db6bdc4e64a5df2d44bb688d6a895581dc3399f/examples/p2p_transfer_k8s/client/trtllm/trtllm-single-node-p2p.yaml',
    expert: 'no-problem',
    why: 'plain Deployment, one 4-GPU TRT-LLM server (aggregated) with rdma/ib and IPC_LOCK: no KV transfer between pods',
  },
  {
    file: 'mx-vllm-multi-node-statefulset.yaml',
    source:
      'https://github.com/ai-dynamo/modelexpress/blob/3db6bdc4e64a5df2d44bb688d6a895581dc3399f/examples/p2p_transfer_k8s/client/vllm/vllm-multi-node.yaml',
    expert: 'no-problem',
    why: 'aggregated vLLM TP4 x 2 nodes in a StatefulSet with rdma/ib x4 and IPC_LOCK on each pod: the cross-node traffic has RDMA, no KV hand-off',
  },
  {
    file: 'rbg-v1alpha1-sglang-pd-rdma-hca.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/deprecated/v1alpha1/pd-disagg/sglang/sglang-pd.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup: SGLang prefill/decode with rdma/hca on both (default transfer backend), but no IPC_LOCK: memory registration is bounded by the container memlock limit',
  },
  {
    file: 'rbg-v1alpha1-sglang-pd-mooncake-store.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/deprecated/v1alpha1/mooncake/pd-disaggregated-with-mooncake.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup with Mooncake store: rdma/hca on prefill and decode, mooncake backend, but no IPC_LOCK: registration bounded by memlock',
  },
  {
    file: 'rbg-v1alpha1-lws-sglang-multi-node-tp2.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/deprecated/v1alpha1/multi-nodes/sglang.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet, aggregated SGLang TP2 across 2 one-GPU pods with no RDMA: tensor-parallel traffic crosses the pod network',
  },
  {
    file: 'rbg-v1alpha2-dynamo-agg.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/inference/ecosystem/dynamo/agg.yaml',
    expert: 'no-problem',
    why: 'RoleBasedGroup v1alpha2, aggregated Dynamo worker: no KV transfer between pods',
  },
  {
    file: 'rbg-v1alpha2-dynamo-sglang-pd-multi-node.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/inference/ecosystem/dynamo/pd-disagg-multi-nodes.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup v1alpha2, leaderWorkerPattern (2 pods per role), NIXL; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'rbg-v1alpha2-sglang-pd-mooncake-te.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/inference/ecosystem/mooncake/mooncake-transfer-engine/sgl-pd-disagg-with-mooncake-te.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup, SGLang with Mooncake transfer engine and no RDMA device requested: KV path not shown (TCP at best)',
  },
  {
    file: 'rbg-v1alpha2-vllm-pd-mooncake-te.yaml',
    source:
      'https://github.com/sgl-project/rbg/blob/993491fba9bfdf377d3cd18c8833da20ce0ec87b/examples/inference/ecosystem/mooncake/mooncake-transfer-engine/vllm-pd-disagg-with-mooncake-te.yaml',
    expert: 'not-judged',
    why: 'RoleBasedGroup, vLLM MooncakeConnector producer/consumer, no RDMA device requested: KV path not shown',
  },
  {
    file: 'lws-sglang-tp2-two-pods.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/blob/060ab4da17eea1f0865fcbd3236bb1075e2cea32/docs/examples/sglang/lws.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet, aggregated SGLang TP2 over two one-GPU pods, no RDMA: tensor-parallel traffic on the pod network',
  },
  {
    file: 'lws-vllm-405b-tp8-pp2.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/blob/060ab4da17eea1f0865fcbd3236bb1075e2cea32/docs/examples/vllm/GPU/lws.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet, aggregated vLLM TP8 x PP2 over two 8-GPU pods, no RDMA resource: pipeline traffic on the pod network',
  },
  {
    file: 'dynamo-dsv4-pro-sglang-disagg-gb200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/deepseek-v4/deepseek-v4-pro/sglang/disagg-gb200/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'no-problem',
    why: 'GB200, SGLang NIXL (UCX) prefill/decode each over 2 nodes: both roles claim the ComputeDomain channel (MNNVL joined) and UCX_TLS keeps cuda_ipc (UCX_CUDA_IPC_ENABLE_MNNVL defaults to try): KV over multi-node NVLink is declared end to end, no RDMA registration needed',
  },
  {
    file: 'dynamo-dsv4-pro-sglang-disagg-b200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/deepseek-v4/deepseek-v4-pro/sglang/disagg-b200/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'no-problem',
    why: 'B200 SGLang NIXL 8+8 GPUs: rdma/ib x8 on both roles, run as root with IPC_LOCK, UCX_TLS rc_x,rc,cuda_copy,cuda_ipc over RoCE (one NIC named, a throughput choice): every element of the KV path declared',
  },
  {
    file: 'dynamo-dsv4-pro-vllm-disagg-gb200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/deepseek-v4/deepseek-v4-pro/vllm/disagg/gb200/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'no-problem',
    why: 'GB200 vLLM NixlConnector prefill/decode over 2 nodes each: both claim the ComputeDomain channel, UCX_TLS cuda_copy,cuda_ipc,tcp with UCX_CUDA_IPC_ENABLE_MNNVL=y and NCCL_MNNVL_ENABLE: KV over multi-node NVLink declared end to end (no RDMA, so the non-root image does not matter)',
  },
  {
    file: 'dynamo-dsv4-flash-vllm-disagg-h200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/deepseek-v4/deepseek-v4-flash/vllm/disagg-h200-agentic/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'no-problem',
    why: 'DGD v1beta1 (components list): H200 vLLM 4P/3D, NixlConnector, rdma/ib x4 on both, runAsUser 0 with IPC_LOCK, UCX_TLS rc_x,rc,cuda_copy,cuda_ipc, --disaggregation-mode on both: every element of the KV path declared',
  },
  {
    file: 'dynamo-gptoss-vllm-disagg-h200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/gpt-oss-120b/vllm/disagg-h200-agentic/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'not-judged',
    why: 'DGD v1beta1: 4P/4D one-GPU vLLM NixlConnector workers kept on one node only by a preferred podAffinity; no RDMA resource for the pods the scheduler spreads: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-glm5-sglang-disagg-efa-gb200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/glm-5-nvfp4/sglang/disagg/efa/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'no-problem',
    why: 'GB200 on AWS: vpc.amazonaws.com/efa x4 on both roles, SGLang NIXL forced to LIBFABRIC with FI_PROVIDER=efa, privileged containers: KV over EFA RDMA declared end to end',
  },
  {
    file: 'dynamo-glm52-sglang-disagg-h200.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/glm-5.2/sglang/disagg-h200-agentic/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'no-problem',
    why: 'DGD v1beta1, SGLang options from a ConfigMap via --config (disaggregation-mode and nixl backend there), rdma/ib x8 on both, root with IPC_LOCK, UCX over rc with GPU-local NICs: every element of the KV path declared',
  },
  {
    file: 'dynamo-kimi-k26-vllm-agg-h200-chat.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/recipes/kimi-k2.6/vllm/agg-h200-chat/deploy.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'no-problem',
    why: 'aggregated: one 8-GPU vLLM worker with LMCache offload to local CPU: no KV transfer between pods',
  },
  {
    file: 'dynamo-vllm-disagg-kvbm-tp2.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/examples/backends/vllm/deploy/disagg_kvbm_tp2.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'not-judged',
    why: 'DGD v1beta1: vLLM TP2 prefill (PdConnector: KVBM + NixlConnector) and decode (NixlConnector), consistent; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-trtllm-disagg-planner.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/examples/backends/trtllm/deploy/disagg_planner.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'not-judged',
    why: 'DGD v1beta1: TRT-LLM 1-GPU prefill/decode with the planner; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'dynamo-vllm-disagg-planner.yaml',
    source:
      "https://github.com/wxsms/dynamo/blob/2a6da14c83617f5412caba5777dbf0e2399e9c5f/examples/backends/vllm/deploy/disagg_planner.yaml (a fork of ai-dynamo/dynamo, Aug 2026; the path is upstream's)",
    expert: 'not-judged',
    why: 'DGD v1beta1: vLLM 1-GPU prefill/decode with NixlConnector and the planner; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'kserve-llmisvc-pd-qwen2-7b-roce.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/single-node-gpu/llm-inference-service-pd-qwen2-7b-gpu.yaml',
    expert: 'not-judged',
    why: "KServe LLMInferenceService: decode (template) and prefill pools, NixlConnector through VLLM_ADDITIONAL_ARGS, rdma/roce_gdr and UCX_TLS rc on both; no IPC_LOCK and KServe's default template runs the container runAsNonRoot with all capabilities dropped (config/llmisvcconfig/config-llm-template.yaml): pinning is bounded by a memlock limit the manifest does not show",
  },
  {
    file: 'kserve-llmisvc-dsr1-pd-dp-ep-roce.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/dp-ep/deepseek-r1-gpu-rdma-roce/llm-inference-service-dp-ep-deepseek-r1-pd-gpu-p-deepep-ht-d-pplx.yaml',
    expert: 'not-judged',
    why: "KServe LLMInferenceService DP16/EP over leader+worker pods for decode and prefill, NixlConnector producer/consumer, rdma/roce_gdr on every pod; the container runs non-root (KServe's data-parallel templates: runAsNonRoot, IPC_LOCK added but not effective for a non-root uid): pinning bounded by a memlock limit not shown",
  },
  {
    file: 'kserve-llmisvc-gptoss-pd-baseref.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/e2e-gpt-oss/inference_pd_disaggregation.yaml',
    expert: 'not-judged',
    why: 'KServe LLMInferenceService with 2 prefill + 1 decode one-GPU pods whose engine and KV settings come from baseRefs (llmisvc-config-pd-disagg, another object): the KV path is not shown',
  },
  {
    file: 'kserve-llmisvc-nemotron-ultra-pd.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/agentic-tool-calling/nemotron-3-ultra-pd.yaml',
    expert: 'not-judged',
    why: 'KServe LLMInferenceService: 8-GPU prefill and decode, MultiConnector with NixlConnector producer/consumer in VLLM_ADDITIONAL_ARGS; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'kserve-llmisvc-qwen2-7b-agg.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/single-node-gpu/llm-inference-service-qwen2-7b-gpu.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, aggregated: 3 one-GPU replicas, no prefill pool: no KV transfer between pods',
  },
  {
    file: 'aibrix-vllm-1p1d-rdma.yaml',
    source:
      'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b/samples/disaggregation/vllm/1p1d.yaml',
    expert: 'no-problem',
    why: 'AIBrix StormService prefill/decode roles: vLLM NixlConnector kv_both on both, vke.volcengine.com/rdma and the rdma pod network on both, IPC_LOCK, vllm-openai based image (root), UCX_TLS ^gga: every element of the KV path declared (the gateway sets remote_host to the prefill pod IP)',
  },
  {
    file: 'aibrix-sglang-tp-1p1d-rdma.yaml',
    source:
      'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b/samples/disaggregation/sglang/tp-1p1d.yaml',
    expert: 'no-problem',
    why: 'AIBrix StormService: SGLang prefill/decode TP2 each over a 2-pod group, nixl backend, vke.volcengine.com/rdma and the rdma pod network on every pod, IPC_LOCK, sglang image (root): every element of the KV path declared',
  },
  {
    file: 'aibrix-quickstart-vllm-pd.yaml',
    source:
      'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b/samples/quickstart/pd-model.yaml',
    expert: 'not-judged',
    why: 'AIBrix StormService quickstart: vLLM NixlConnector prefill/decode with IPC_LOCK but prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'aibrix-trtllm-pd.yaml',
    source:
      'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b/samples/quickstart/tensorrt/tensor-rt-pd.yaml',
    expert: 'not-judged',
    why: 'AIBrix StormService: TRT-LLM CONTEXT/GENERATION servers, cache_transceiver backend DEFAULT written by the script; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'grove-single-node-disaggregated.yaml',
    source:
      'https://github.com/ai-dynamo/grove/blob/fcc3b3bbbc5e6a2a797cd080bdbc6983b1ccec24/operator/samples/user-guide/01_core-concepts/single-node-disaggregated.yaml',
    expert: 'no-problem',
    why: 'Grove PodCliqueSet with prefill/decode cliques that run nginx placeholders (sleep): no engine, no KV transfer',
  },
  {
    file: 'grove-multi-node-disaggregated.yaml',
    source:
      'https://github.com/ai-dynamo/grove/blob/fcc3b3bbbc5e6a2a797cd080bdbc6983b1ccec24/operator/samples/user-guide/01_core-concepts/multi-node-disaggregated.yaml',
    expert: 'no-problem',
    why: 'Grove PodCliqueSet with prefill/decode leader and worker cliques running nginx placeholders: no engine, no KV transfer',
  },
  {
    file: 'ome-deepseek-rdma-pd-rt.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/srt/deepseek-rdma-pd-rt.yaml',
    expert: 'no-problem',
    why: 'OME ClusterServingRuntime: SGLang prefill (engineConfig) and decode (decoderConfig) leader/worker pods, hostNetwork, /dev/infiniband mounted, privileged with IPC_LOCK, --disaggregation-ib-device naming the HCAs (Mooncake default backend): the RDMA KV path is declared',
  },
  {
    file: 'ome-llama-3-2-1b-pd-rt.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/srt/meta/llama-3-2-1b-instruct-pd-rt.yaml',
    expert: 'not-judged',
    why: "OME ClusterServingRuntime: SGLang prefill/decode with --disaggregation-ib-device mlx5_0 and hostNetwork, RDMA resources left to OME's auto-inject annotation (not shown) and no IPC_LOCK: registration bounded by a memlock limit not shown",
  },
  {
    file: 'llmd-wide-ep-vllm-decode-lws.yaml',
    source:
      "https://github.com/zetxqx/llm-d/blob/7edda66d76ccdb55e8c1cb1d4ce0cf0a854eae3f/guides/wide-ep-lws/modelserver/gpu/vllm/base/decode.yaml (a fork of llm-d/llm-d, Jun 2026; the path is upstream's)",
    expert: 'not-judged',
    why: 'llm-d wide-EP decode LeaderWorkerSet (2 x 8 GPUs, DP16/EP, NixlConnector, NVSHMEM IBGDA), root with IPC_LOCK, but no RDMA device requested (the provider overlays add it): the KV and EP traffic has no RDMA shown',
  },
  {
    file: 'aibrix-neuron-pd-pool-dra.yaml',
    source:
      'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b/samples/disaggregation/neuron/pool.yaml',
    expert: 'not-judged',
    why: 'AIBrix StormService on Trainium: vLLM NixlConnector 2P/4D, the EFA devices through a DRA claim whose ResourceClaimTemplate is a placeholder not in the file, no IPC_LOCK: the KV path and memory pinning are not shown',
  },
  {
    file: 'aibrix-sglang-replica-xpyd-rdma.yaml',
    source:
      'https://github.com/vllm-project/aibrix/blob/e3e10f9e4aebe9aac5e7d992fb87d2648e01628b/samples/disaggregation/sglang/replica.yaml',
    expert: 'no-problem',
    why: 'AIBrix StormService 2P/1D SGLang nixl backend, vke.volcengine.com/rdma and the rdma pod network on both roles, IPC_LOCK, sglang image (root): every element of the KV path declared',
  },
  {
    file: 'ome-kimi-k2-pd-rt.yaml',
    source:
      'https://github.com/sgl-project/ome/blob/17b77edad23bae262e0c9adb7f12039397a5d33d/config/runtimes/srt/kimi-k2-pd-rt.yaml',
    expert: 'no-problem',
    why: 'OME ClusterServingRuntime: SGLang prefill over 4 nodes and decode over 12 (leader + worker pods), all privileged with IPC_LOCK, hostNetwork and /dev/infiniband mounted, --disaggregation-ib-device naming the HCAs: the RDMA KV path is declared',
  },
  {
    file: 'kserve-llmisvc-dsr1-dp-ep-roce-agg.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/dp-ep/deepseek-r1-gpu-rdma-roce/llm-inference-service-dp-ep-deepseek-r1-gpu-deepep-ht.yaml',
    expert: 'not-judged',
    why: "KServe LLMInferenceService, aggregated DP32/EP over 4 eight-GPU pods (leader + worker), rdma/roce_gdr and the RoCE network on each; KServe's data-parallel template runs them runAsNonRoot, so the added IPC_LOCK does not apply: pinning for the EP all-to-all is bounded by a memlock limit not shown",
  },
  {
    file: 'kserve-llmisvc-kv-offloading-agg.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/kv-cache-offloading/llm-inference-service-kv-cache-offloading.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, aggregated one-GPU pool with KV offloading to CPU and local disk: no KV transfer between pods',
  },
  {
    file: 'llmd-ms-pd-tcp-only.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-pd.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'problem',
    why: "llm-d modelservice P/D: separate one-GPU prefill and decode Deployments (llm-d.ai/role labels), vLLM NixlConnector, both with UCX_TLS=cuda_ipc,cuda_copy,tcp and no RDMA resource: cuda_ipc cannot reach another pod's GPU, so the manifest itself sends KV over TCP",
  },
  {
    file: 'llmd-ms-pd-mnnvl-imex-claim.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-pd-mnnvl.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'not-judged',
    why: 'llm-d modelservice P/D over multi-node NVLink: prefill and decode both claim llm-d-imex-channel-0 with UCX_TLS=cuda_ipc,cuda_copy,tcp (UCX tries MNNVL by default), but the ResourceClaimTemplate behind the claim is not in the file, so whether it is a ComputeDomain channel is not shown',
  },
  {
    file: 'llmd-ms-heterogeneous-pd-gaudi-prefill.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-heterogeneous-pd.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'problem',
    why: 'heterogeneous P/D: a Gaudi-image prefill with UCX_TLS=tcp beside an NVIDIA TP2 decode (DRA GPU claim) with UCX_TLS=cuda_ipc,cuda_copy,tcp, vLLM NixlConnector, no RDMA: the manifest sends KV over TCP by its own UCX_TLS',
  },
  {
    file: 'llmd-ms-xpu-pd.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-xpu-pd.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'not-judged',
    why: 'Intel XPU P/D: vLLM NixlConnector kv_producer/kv_consumer Deployments on intel-xpu nodes (gpu.intel.com/i915), no UCX_TLS and no RDMA resource, nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'llmd-ms-cpu-sim-pd.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-cpu.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'no-problem',
    why: 'llm-d inference simulator (llm-d-inference-sim) as prefill and decode, no accelerator, no engine KV connector: it simulates responses and moves no KV',
  },
  {
    file: 'llmd-ms-requester-dual-pod-pd.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-requester.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'problem',
    why: "dual-pod requester: the decode vLLM is only a server-patch annotation on a requester ReplicaSet, the prefill Deployment runs vLLM NixlConnector with UCX_TLS=cuda_ipc,cuda_copy,tcp and no RDMA: the prefill side's own UCX_TLS sends KV over TCP",
  },
  {
    file: 'llmd-ms-gaudi-dra-decode-only.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-dra.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'no-problem',
    why: 'decode-only Deployment (no prefill pool): vLLM TP2 on two Gaudi devices from a DRA claim, no KV connector: aggregated, no KV transfer between pods',
  },
  {
    file: 'llmd-ms-rebellions-atom-decode-only.yaml',
    source:
      'https://github.com/llm-d-incubation/llm-d-modelservice/blob/3051935eb5a49f6df21cd6aeb5e4f05b98799262/examples/output-rebellions-atom.yaml (rendered Helm output of the llm-d-modelservice chart)',
    expert: 'no-problem',
    why: 'decode-only Deployment on one Rebellions ATOM NPU (vllm-rbln), no KV connector: aggregated, no KV transfer between pods',
  },
  {
    file: 'lws-disaggregatedset-nginx-sample.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/blob/060ab4da17eea1f0865fcbd3236bb1075e2cea32/config/samples/disaggregatedset_v1_disaggregatedset.yaml',
    expert: 'no-problem',
    why: 'LWS DisaggregatedSet sample: prefill and decode roles are nginx containers, no engine and no accelerator: no KV moves',
  },
  {
    file: 'lws-disaggregatedset-3role-pause.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/blob/060ab4da17eea1f0865fcbd3236bb1075e2cea32/config/samples/disaggregatedset_v1_3role.yaml',
    expert: 'no-problem',
    why: 'LWS DisaggregatedSet sample with prefill/decode/encode roles running the pause image: no engine, no KV moves',
  },
  {
    file: 'lws-trtllm-triton-pp8-tp2.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/blob/060ab4da17eea1f0865fcbd3236bb1075e2cea32/docs/examples/tensorrt-llm/lws.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet, aggregated Triton TensorRT-LLM PP8 x TP2 over two 8-GPU pods, no RDMA resource: pipeline traffic crosses the pod network (no KV hand-off between pods)',
  },
  {
    file: 'lws-vllm-tpu-v5e-multihost.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/blob/060ab4da17eea1f0865fcbd3236bb1075e2cea32/docs/examples/vllm/TPU/lws.yaml',
    expert: 'no-problem',
    why: 'LeaderWorkerSet, aggregated vLLM TP16 over a 4x4 TPU v5e slice (4 hosts, 4 chips each): tensor traffic rides the TPU ICI, no KV hand-off between pods',
  },
  {
    file: 'lws-llamacpp-rpc-cpu.yaml',
    source:
      'https://github.com/kubernetes-sigs/lws/blob/060ab4da17eea1f0865fcbd3236bb1075e2cea32/docs/examples/llamacpp/k8s/lws.yaml',
    expert: 'no-problem',
    why: 'LeaderWorkerSet, llama.cpp leader with CPU RPC workers, no accelerator and no KV hand-off: layer traffic over the pod network is the design',
  },
  {
    file: 'aiongke-jetstream-pytorch-tpu-agg.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/ai-on-gke/blob/8676d66db221fcfae74b3cf2869695a7752c4f43/tutorials-and-examples/inference-servers/jetstream/pytorch/single-host-inference/pd-deployment.yaml',
    expert: 'no-problem',
    why: 'JetStream PyTorch on single-host TPU v5e (8 chips per pod), 2 independent replicas: aggregated, no KV transfer between pods (pd = persistent disk, not prefill/decode)',
  },
  {
    file: 'aioneks-vllm-405b-trn1-lws-efa.yaml',
    source:
      'https://github.com/awslabs/ai-on-eks/blob/41a979ee7614a59e5337768b1bddec76ad6653e0/blueprints/inference/vllm-llama3.1-405b-trn1/llama3-405b-vllm-lws-deployment.yaml',
    expert: 'no-problem',
    why: 'LeaderWorkerSet, aggregated vLLM-Neuron Llama 405B over 4 trn1.32xlarge pods, each with 8 EFA devices and FI_PROVIDER=efa, FI_EFA_USE_DEVICE_RDMA=1: cross-node traffic on EFA RDMA, no KV hand-off between pods',
  },
  {
    file: 'dra-nvbandwidth-mpijob-computedomain.yaml',
    source:
      'https://github.com/NVIDIA/k8s-dra-driver-gpu/blob/22407113785e78c7763b4637689a201eb39c6199/demo/specs/imex/nvbandwidth-test-job-1.yaml',
    expert: 'no-problem',
    why: 'ComputeDomain + Kubeflow MPIJob running nvbandwidth over multi-node NVLink with the channel claimed: a fabric test, no serving and no KV',
  },
  {
    file: 'dra-nvbandwidth-mpijob-no-computedomain.yaml',
    source:
      'https://github.com/NVIDIA/k8s-dra-driver-gpu/blob/22407113785e78c7763b4637689a201eb39c6199/demo/specs/imex/nvbandwidth-test-no-compute-domain-job.yaml',
    expert: 'no-problem',
    why: "Kubeflow MPIJob running nvbandwidth without a ComputeDomain (upstream's negative demo): a fabric test that will fail to get NVLink, but no serving and no KV",
  },
  {
    file: 'llmd-wide-ep-dsv4-decode-lws-mnnvl-base.yaml',
    source:
      "https://github.com/zetxqx/llm-d/blob/7edda66d76ccdb55e8c1cb1d4ce0cf0a854eae3f/guides/wide-ep-lws/modelserver/gpu/vllm-deepseek-v4/base/decode.yaml (a fork of llm-d/llm-d; the path is upstream's)",
    expert: 'not-judged',
    why: 'llm-d wide-EP DeepSeek-V4 decode LWS (llm-d.ai/role: decode), 2 x 4-GPU pods, NixlConnector kv_consumer, UCX_TLS=cuda_copy,cuda_ipc,tcp with UCX_CUDA_IPC_ENABLE_MNNVL=y and NCCL_MNNVL_ENABLE: a multi-node NVLink path whose ComputeDomain claim the provider overlay adds, not this base: not shown',
  },
  {
    file: 'llmd-wide-ep-dsv4-prefill-lws-mnnvl-base.yaml',
    source:
      "https://github.com/zetxqx/llm-d/blob/7edda66d76ccdb55e8c1cb1d4ce0cf0a854eae3f/guides/wide-ep-lws/modelserver/gpu/vllm-deepseek-v4/base/prefill.yaml (a fork of llm-d/llm-d; the path is upstream's)",
    expert: 'not-judged',
    why: 'llm-d wide-EP DeepSeek-V4 prefill LWS (llm-d.ai/role: prefill), 2 x 4-GPU pods, NixlConnector kv_producer, UCX_TLS=cuda_copy,cuda_ipc,tcp with MNNVL switches, IPC_LOCK: the ComputeDomain claim lives in the provider overlay, not in this base: not shown',
  },
  {
    file: 'llmd-pd-guide-baseline-vllm-agg.yaml',
    source:
      "https://github.com/zetxqx/llm-d/blob/7edda66d76ccdb55e8c1cb1d4ce0cf0a854eae3f/guides/pd-disaggregation/baseline/manifest.yaml (a fork of llm-d/llm-d; the path is upstream's)",
    expert: 'no-problem',
    why: "the P/D guide's aggregated baseline: 16 independent one-GPU vLLM replicas, no KV connector: no KV transfer between pods",
  },
  {
    file: 'kserve-llmisvc-dsr1-pd-deepep-ht-both.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/dp-ep/deepseek-r1-gpu-rdma-roce/llm-inference-service-dp-ep-deepseek-r1-pd-gpu-p-deepep-ht-d-deepep-ht.yaml',
    expert: 'not-judged',
    why: "KServe LLMInferenceService DP16/EP over leader+worker pods for decode and prefill (DeepEP high-throughput on both), NixlConnector producer/consumer, rdma/roce_gdr and the RoCE network on every pod; KServe's data-parallel templates run the container runAsNonRoot, so pinning is bounded by a memlock limit the manifest does not show",
  },
  {
    file: 'kserve-llmisvc-dsr1-dp-ep-naive.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/dp-ep/deepseek-r1-gpu-rdma-roce/llm-inference-service-dp-ep-deepseek-r1-gpu-naive.yaml',
    expert: 'not-judged',
    why: 'KServe LLMInferenceService, aggregated DP16/EP over two 8-GPU pods (leader + worker) with the naive all-to-all, NCCL_IB_DISABLE=1 and UCX_TLS tcp on eth0 (gVNIC): no KV hand-off, but the expert traffic crosses nodes over the pod network by design',
  },
  {
    file: 'kserve-llmisvc-pd-opt125m-cpu.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/opt-125m-cpu/llm-inference-service-pd-facebook-opt-125m-cpu.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService prefill/decode of opt-125m on the CPU build of vLLM (vllm-openai-cpu), no accelerator: the KV lives in host memory and goes over the pod network, the only path a CPU engine has; no GPU or RDMA element to get wrong',
  },
  {
    file: 'kserve-llmisvc-managed-dra-multi-device.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/managed-dra/llm-inference-service-managed-dra-multi-device.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, aggregated: one replica whose two A100s come through a KServe-managed DRA claim, no prefill pool: no KV transfer between pods',
  },
  {
    file: 'kserve-llmisvcconfig-gpt-oss-pd.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/e2e-gpt-oss/llmisvc_config_pd_disagg.yaml',
    expert: 'problem',
    why: 'KServe LLMInferenceServiceConfig for a 2P/1D gpt-oss graph: NixlConnector producer/consumer with UCX_TLS=rc,sm,self,cuda_copy,cuda_ipc, but KSERVE_INFER_ROCE=false and no RDMA device, network or hostNetwork in any pod: rc has no device and tcp is not allowed, so UCX has no transport between prefill and decode pods',
  },
  {
    file: 'gke-vllm-dsr1-a3-lws-pp2.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf/ai-ml/llm-multihost-gpus/vllm-deepseek-r1-A3.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet on GKE A3 (H100), aggregated vLLM DeepSeek-R1 TP8 x PP2 over two 8-GPU pods through Ray, no RDMA resource or network: pipeline traffic on the pod network',
  },
  {
    file: 'gke-trtllm-triton-lws-pp8.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf/ai-ml/llm-multihost-gpus-tensorrt-llm/lws.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet on GKE H100, aggregated TensorRT-LLM under Triton (server.py) with pp 8 x tp 2 over two 8-GPU pods, no RDMA resource or network: pipeline traffic on the pod network',
  },
  {
    file: 'gke-jetstream-pathways-disagg-tpu.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf/ai-ml/llm-serving-tpus-jetstream/pathways/jetstream-pathways-disagg-llama-2-70b-2-2x4.yaml',
    expert: 'no-problem',
    why: "JetStream on Pathways over two TPU v6e 2x4 slices (disaggregated MaxText server inside one Pathways job): the prefill-to-generate hand-off is Pathways' own transfer between TPU slices; no GPU, NIXL or RDMA element in the manifest to get wrong",
  },
  {
    file: 'pstack-orchestrated-prefill-no-kvcfg.yaml',
    source:
      'https://github.com/vllm-project/production-stack/blob/a6c01db05f65f556235413ba8dbcfb0c01132fff/examples/disaggregated_prefill_orchestrated/prefill-deploy.yaml',
    expert: 'problem',
    why: "production-stack's orchestrated P/D prefill Deployment (router discovers it by label model: prefill): the vLLM it starts has no --kv-transfer-config (left as a comment) and the image is bare ubuntu with the vLLM install commented out: as written, no KV leaves this prefill",
  },
  {
    file: 'pstack-orchestrated-decode-no-kvcfg.yaml',
    source:
      'https://github.com/vllm-project/production-stack/blob/a6c01db05f65f556235413ba8dbcfb0c01132fff/examples/disaggregated_prefill_orchestrated/decode-deploy.yaml',
    expert: 'problem',
    why: "production-stack's orchestrated P/D decode Deployment (label model: decode, SEND=0): the vLLM it starts has no --kv-transfer-config (left as a comment) on a bare ubuntu image: as written, this decode receives no KV",
  },
  {
    file: 'pstack-gie-vllm-gpu-deployment.yaml',
    source:
      'https://github.com/vllm-project/production-stack/blob/a6c01db05f65f556235413ba8dbcfb0c01132fff/src/gateway_inference_extension/configs/vllm/gpu-deployment.yaml',
    expert: 'no-problem',
    why: 'aggregated: two independent one-GPU vLLM replicas (TP1, LoRA) behind the gateway inference extension: no KV transfer between pods',
  },
  {
    file: 'nimdeploy-aks-dynamo-vllm-disagg-planner.yaml',
    source:
      'https://github.com/NVIDIA/nim-deploy/blob/3c6bcbd05f0c70612d2ed96112248e623035ed05/cloud-service-providers/azure/workshops/aks-dynamo/disagg_planner.yaml',
    expert: 'problem',
    why: 'Dynamo 0.8.0 vLLM graph on AKS with planner: the worker declared subComponentType prefill starts dynamo.vllm with the same arguments as the decode (no --is-prefill-worker / --disaggregation-mode prefill): it runs as a second aggregated worker, so the prefill pool hands no KV to decode',
  },
  {
    file: 'dynamo-sglang-disagg-components.yaml',
    source:
      "https://github.com/yuekaizhang/dynamo/blob/e3619ce0990675b2952e2ab22cf614279a8c6403/components/backends/sglang/deploy/disagg.yaml (a fork of ai-dynamo/dynamo; the path is upstream's)",
    expert: 'not-judged',
    why: 'SGLang 1P/1D one-GPU workers, --disaggregation-transfer-backend nixl; prefill and decode have no RDMA/EFA resource, RDMA network or ComputeDomain and nothing keeps them on one node: KV may cross the pod network over TCP',
  },
  {
    file: 'kuberay-rayservice-llm-serve.yaml',
    source:
      'https://github.com/ray-project/kuberay/blob/feeaf72facab4881ba2b179248bb67315634e229/ray-operator/config/samples/ray-service.llm-serve.yaml',
    expert: 'no-problem',
    why: 'RayService with Ray Serve LLM: Qwen2.5-7B engines (no tensor or pipeline parallelism set) autoscaled inside one 4-GPU worker pod: aggregated, no KV transfer between pods',
  },
  {
    file: 'kuberay-rayservice-vllm-tpu-v6e.yaml',
    source:
      'https://github.com/ray-project/kuberay/blob/feeaf72facab4881ba2b179248bb67315634e229/ray-operator/config/samples/vllm/ray-service.vllm-tpu-v6e-singlehost.yaml',
    expert: 'no-problem',
    why: 'RayService serving vLLM on one single-host TPU v6e 2x4 worker (8 chips): aggregated, no KV transfer between pods',
  },
  {
    file: 'sglang-lws-pd-prefill-dsr1-hostnet-ib.yaml',
    source:
      "https://github.com/sgl-project/sglang/blob/b87b16742dd3c0c5a557797ca2fa33ed10331d1c/docs/references/multi_node_deployment/lws_pd/lws-examples/p.yaml (text exactly as the search tool's read_file returned it, written out unchanged and its length checked: the repository is too large to fetch)",
    expert: 'no-problem',
    why: 'SGLang DeepSeek-R1 prefill LeaderWorkerSet (TP16/DP16 over two 8-GPU pods): hostNetwork, /dev/infiniband mounted, privileged with IPC_LOCK, --disaggregation-ib-device naming the RDMA bonds for the (default Mooncake) KV transfer: every element of the KV path declared',
  },
  {
    file: 'sglang-lws-pd-decode-dsr1-hostnet-ib.yaml',
    source:
      "https://github.com/sgl-project/sglang/blob/96fd6bf0cbbf0f41b825f74890fadadb0ff14712/docs/references/multi_node_deployment/lws_pd/lws-examples/d.yaml (text exactly as the search tool's read_file returned it, written out unchanged and its length checked: the repository is too large to fetch)",
    expert: 'no-problem',
    why: 'SGLang DeepSeek-R1 decode LeaderWorkerSet (TP16/DP16 over two 8-GPU pods): hostNetwork, /dev/infiniband mounted, privileged with IPC_LOCK, --disaggregation-ib-device naming the RDMA bonds for the (default Mooncake) KV transfer: every element of the KV path declared',
  },
  {
    file: 'aioneks-rayservice-vllm-deepseek-1gpu.yaml',
    source:
      'https://github.com/awslabs/ai-on-eks/blob/41a979ee7614a59e5337768b1bddec76ad6653e0/blueprints/inference/vllm-ray-gpu-deepseek/ray-vllm-deepseek.yml',
    expert: 'no-problem',
    why: 'RayService serving DeepSeek-R1-Distill-Llama-8B with vLLM, TENSOR_PARALLEL_SIZE 1 on one-GPU g5 workers, autoscaled replicas: aggregated, no KV transfer between pods',
  },
  {
    file: 'awsome-trtllm-triton-1gpu-deployment.yaml',
    source:
      'https://github.com/aws-samples/awsome-inference/blob/d3236c8cfabb5699c4292f7e0351e4dbc9099de3/2.projects/trtllm-inference/2.%20Setup%20Container/manifest.yaml',
    expert: 'no-problem',
    why: 'one one-GPU TensorRT-LLM Deployment (engine inside a custom image): aggregated, no KV transfer between pods',
  },
  {
    file: 'vllm-k8s-monitoring-qwen3-235b-tp4.yaml',
    source:
      "https://github.com/vllm-project/vllm/blob/cf6f12c20b258469cb45d5d0f2fe3edb110aed43/examples/online_serving/prometheus_grafana/k8s-monitoring/vllm-deployment.yaml (text exactly as the search tool's read_file returned it, written out unchanged and its length checked: the repository is too large to fetch)",
    expert: 'no-problem',
    why: 'aggregated: 40 independent vLLM replicas, each TP4 inside one 4-GPU pod with a 16Gi Memory /dev/shm: no KV transfer between pods',
  },
  {
    file: 'gke-vllm-llama3-405b-a3-hdml-lws-pp2.yaml',
    source:
      'https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/blob/2b5036514162a489145c5e5570bc320efbcb37bf/ai-ml/llm-multihost-gpus/vllm-llama3-405b-A3-HDML.yaml',
    expert: 'not-judged',
    why: 'LeaderWorkerSet on GKE A3 (H100), aggregated vLLM Llama 3.1 405B TP8 x PP2 over two 8-GPU pods through Ray, weights from a Hyperdisk ML volume, no RDMA resource or network: pipeline traffic on the pod network',
  },
  {
    file: 'kserve-llmisvc-qwen2-7b-amd-agg.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/multi-gpu-vendor/llm-inference-service-qwen2-7b-amd-no-scheduler.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService on AMD GPUs (llm-d ROCm image), aggregated: 2 one-GPU replicas, no prefill pool: no KV transfer between pods',
  },
  {
    file: 'kserve-llmisvc-qwen2-7b-kv-events-routing.yaml',
    source:
      'https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/docs/samples/llmisvc/precise-prefix-kv-cache-routing/llm-inference-service-qwen2-7b-gpu-kv-cache-routing.yaml',
    expert: 'no-problem',
    why: 'KServe LLMInferenceService, aggregated: 2 one-GPU replicas publishing KV-cache events over ZMQ to the scheduler for prefix-aware routing (block hashes, not KV data); no prefill pool: no KV transfer between pods',
  },
];
