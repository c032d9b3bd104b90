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
  'dynamo-dsv4-pro-sglang-disagg-b200.yaml':
    'READING: every rank of the two 8-GPU workers (rdma/ib x8 each) reads UCX_NET_DEVICES=mlx5_0:1, so all KV leaves through one port and seven rails stay idle: env warns (env.ucx-net-devices, the brief\'s "one rail of eight"); the expert took the single port for a throughput choice, while m6\'s expert judged the same pin on nemotron-3-ultra not verified',
  'dynamo-dsv4-pro-vllm-disagg-b200-shared-ib.yaml':
    "READING: the expert's warning rests on the file's comment that without VLLM_GPU_NIC_PCIE_MAPPING/VLLM_NIC_SELECTION_VARS vLLM host-stages KV (a vLLM-version behaviour in prose); env judges the declared fields (rdma/shared_ib, RDMA UCX_TLS, IPC_LOCK, kv_buffer_device cuda), all of which are in order",
  'dynamo-qwen3-32b-vllm-disagg-kv-router-ib.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns pods that request rdma/ib and run as the Dynamo runtime image's non-root user (USER dynamo, uid 1000) without a memlock raise: pinning is bounded by RLIMIT_MEMLOCK; the expert relied on the container runtime's usual unlimited memlock (context outside the file), as for aioneks-vllm-405b-trn1-lws-efa.yaml",
  'dynamo-dsr1-sglang-wideep-tep16p-dep16d.yaml':
    "READING: env's stated rule (env.multinode-rdma) fails a worker whose tensor/expert parallelism crosses nodes (8-GPU pods, TP16/EP16 over 2 nodes) with no RDMA path: an all-to-all every layer over TCP; the expert graded the same facts as at risk (not-judged), as for a KV path with no RDMA shown",
  'nimdeploy-aks-nemoclaw-vllm-disagg-decode-no-kvcfg.yaml':
    "READING: env's stated rule (env.kv-connector, src/env/kinds.test.ts 'only prefill names NixlConnector') judges a vLLM decode without --kv-transfer-config on the prefill's path, as Dynamo starts it (upstream disagg.yaml had no decode connector from PR #6554 to #12375); the expert read the silent decode as unable to receive KV and weighed the header's note that Nemotron-H fails under --kv-transfer-config, a model limitation in prose",
  // (dra-imex-channel-injection-pod.yaml: was READING 'nothing verified'; TOOL P1, fixed: an inline script that only looks and waits is a placeholder: test/env-m20-manifests.test.ts)
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
  'ome-deepseek-rdma-rt.yaml':
    "READING: env's stated rule (env.shm) fails an 8-GPU pod whose /dev/shm is the container runtime's 64Mi default; OME builds a multi-node engine's leader from the leader's own PodSpec (components/engine.go reconcilePodSpec), and this runtime declares its dshm and /dev/infiniband volumes under worker only, so the leader's /dev/shm mount names no volume of its pod; the expert took the worker's volumes for the leader's too and judged the RDMA path alone",
  'eks-lws-sglang-dsr1-stock-image-efa.yaml':
    "READING: the expert's verdict rests on what the stock lmsysorg/sglang:latest image ships (no aws-ofi-nccl under /opt/amazon, which the repository's README builds into a custom image), context outside the file; env reads the 16 EFA devices, IPC_LOCK, FI_PROVIDER=efa and the NCCL_NET_PLUGIN path as declared and has no rule about an image's contents",
  'sglang-disagg-minilb-router-only.yaml':
    "READING: the file holds only SGLang's P/D load balancer (mini_lb, no GPU, no engine); env reads its one pod as no serving worker and verifies nothing (no check: a skip is never a pass, and the prefill and decode it routes to are not shown), while the expert judged that nothing in the file puts the KV path at risk (no-problem)",
  // m9
  'vllmforum-rdma-container-snippet-nccl-ib-ipc-lock.yaml':
    "READING: the file is no Kubernetes object, only a container's env, securityContext and volumeMounts as the forum answer wrote them; env's stated rule reads Kubernetes objects (apiVersion/kind) and refuses a file with none, naming why (exit 2: 'not a Kubernetes object (no apiVersion/kind)'), since reading any bare mapping with such keys as a container would take a Helm values file for a pod; the expert judged the fragment as a container whose workload, engine and devices are not shown (not-judged)",
  // m10
  // (dynamo-issue6408, TOOL P1, fixed: a DGD spec that is one of its own field names is a key cut before its colon: test/env-upstream.test.ts)
  'aibrix-issue1691-stormservice-sglang-1p1d-cut.yaml':
    'READING: the copy cuts the StormService at a line that is whole YAML (`image: …/sgl`), so the file reads as a complete object: one prefill role whose container shows no command and an image env does not know, no decode role; env judges that as written (no engine it knows, no KV hand-off, nothing at risk), the expert knew from the thread that the args, resources and decode role were cut away (not shown)',
  'kserve-issue3446-isvc-vllm-heredoc.yaml':
    "READING: after the kubectl heredoc line (read as a command) the block's mis-indented `command:` (the parse error the issue reports) stops the YAML at line 14, so env reads lines 2-13 only and warns that lines 14-33 are not shown (env.read-in-part: a file read in part is never a pass); the expert read those unparsable lines as text (one-GPU vLLM api_server, aggregated) and judged no KV hand-off",
  'kuberay-issue2354-rayservice-vllm-pp2-cut.yaml':
    "READING: the copy cuts the RayService after the head group's gcs-server port, a whole YAML line, so the file reads as a complete RayService with a CPU head and no worker group; env judges that as written (no GPU pod, no engine pod, nothing at risk), the expert knew from the thread that the GPU worker group (where the pipeline-parallel traffic runs) was cut away",
  'lws-issue391-sglang-dsr1-tp16-cut.yaml':
    "READING: the copy cuts the LeaderWorkerSet at `- name: GLOO_SOCKET_IFNAME`, a whole YAML line, so env reads a complete leader running SGLang TP16 over two nodes with the container runtime's default /dev/shm and no RDMA resource, and its stated rules fail the shared memory (env.shm) and warn the cross-node TP path (env.multinode-rdma); the expert knew from the thread that the leader's resources, volumes and worker template were cut away (not shown)",
  // (rdmashared-issue108-l40-rdma-pod.yaml: was READING 'nothing verified'; TOOL P1, fixed: an inline script that only looks and waits is a placeholder: test/env-m20-manifests.test.ts)
  'rdmashared-issue44-configmap.yaml':
    "READING: the file holds only the RDMA shared device plugin's ConfigMap; env's stated rule (test/env-cli.test.ts 'cm.yaml') refuses an input with no workload at all as nothing to check (exit 2), the expert judged the same fact (no KV hand-off in the file) as nothing at risk",
  'netop-issue1017-macvlannetwork-ib1.yaml':
    "READING: as rdmashared-issue44-configmap.yaml: a Network Operator MacvlanNetwork alone is no workload, which env's stated rule refuses as nothing to check (exit 2); the expert judged no KV hand-off as nothing at risk",
  'netop-issue1017-mofed-test-pod-cut.yaml':
    'READING: the copy cuts the Pod inside a quoted capability (`add: [ "IP`), so env reads it up to the line before and warns that the rest is not shown (env.read-in-part: a file read in part is never a pass; its image, command and resources beyond the cut are unknown); the expert judged the MOFED test image as a fabric test pod with no engine',
  // m11
  'dynamo-workshop-sglang-dsr1-2node-tp8.yaml':
    "READING: prefill and decode each TP8/EP8 over 2 nodes of 4 GPUs with no RDMA path; env's stated rule (references/env-rules.md, env.multinode-rdma) warns rather than fails for pods of 4 GPUs or fewer, which may be GB200/GB300 NVL72 trays on multi-node NVLink that the manifest cannot show (IMEX channels can be given node-wide), while the expert read 4-GPU pods with no ComputeDomain claim as tensor/expert traffic over TCP",
  'lws-tkeguide-sglang-dsr1-tp16-hostnet.yaml':
    "READING: aggregated TP16 over two hostNetwork pods with no RDMA device; the expert left the cross-node path open on the file's own comment (on TKE HCCPNV6 hostNetwork makes RDMA work) and read an aggregated graph as not-judged, while env's stated rule (since m2 hostNetwork alone is no RDMA path: the devices come with a resource, a DRA claim or privileged) fails tensor parallelism across nodes with no RDMA path (env.multinode-rdma)",
  'dra-gcpcuj-sglang-dsr1-10p1d-mrdma-kv.yaml':
    "READING: the expert counted the DRA mrdma claims with rc_x on 8 ports as a declared KV path; env's stated rules warn on two things the file does on purpose or leaves to the node: env.ucx-tls (UCX_TLS leaves out cuda_ipc while a ComputeDomain sets up MNNVL: KV takes the NICs instead of NVLink, the A/B the file's header describes) and env.rdma-ipc-lock (RDMA NICs without IPC_LOCK or privileged: memory registration rests on the runtime's memlock limit)",
  'dynamo-gcpcuj-trtllm-kimi-disagg-cd-mrdma.yaml':
    "READING: the expert counted the ComputeDomain channel and the DRA mrdma claim on every worker as a complete KV path; env's stated rule env.rdma-ipc-lock warns on RDMA NICs granted without IPC_LOCK or privileged (registering KV memory then rests on the container runtime's RLIMIT_MEMLOCK, which the manifest does not show)",
  // m12
  'rhaib-multigpu-granite-servingruntime-tp2.yaml':
    "READING: a KServe ServingRuntime holds the engine's container but not the model, replicas or accelerators, which come from each InferenceService that selects it (kserve-classic.ts), so env lists it as a partial graph, never verified (env's rule, as for an OME InferenceService); the expert judged the one-pod, tensor-parallel-2 engine as aggregated whatever the InferenceService adds",
  'rhaib-multigpu-granite-isvc-2gpu.yaml':
    "READING: a KServe InferenceService whose predictor model runs on a ServingRuntime the file does not hold (granite-7b-base-tp) is a partial graph by env's rule: the engine's command is in the other object; the expert judged one 2-GPU predictor pod as aggregated (no KV hand-off), context the runtime would confirm",
  'odhmc-sample-multi-node-dp32-roce.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns RDMA pods that run as non-root (KServe's templates set runAsNonRoot; the IPC_LOCK its data-parallel template adds does nothing for a non-root user) without a memlock raise; the expert judged the aggregated graph's KV path only (no hand-off), as for kserve-llmisvc-qwen3-dp16-ep-sriov-nvshmem.yaml",
  // (odhpb-sriov-sample-pod-cx7-sleep.yaml: was READING 'nothing verified'; TOOL P1, fixed: an inline script that only looks and waits is a placeholder: test/env-m20-manifests.test.ts)
  'psap-gdr-rdma-perftest-daemonset-sleep.yaml':
    'READING: the DaemonSet runs /bin/entrypoint.sh, a script file mounted from a ConfigMap; env keeps a script file opaque (it may start anything) and, with no GPU and no engine shown, verifies nothing; the expert read the ConfigMap in the same file (`sleep infinity`) and judged a test toolbox with nothing at risk',
  'psap-glm52-llmisvc-pp2-tp8-composite-dra-gpu-nic.yaml':
    "READING: with the GPU+NIC pairs read as RDMA NICs, env's stated rule (env.rdma-ipc-lock) still warns the pods KServe runs as non-root with no IPC_LOCK: pinning is bounded by RLIMIT_MEMLOCK; the file's comment says a MachineConfig sets CRI-O's memlock unlimited (prose, not a field), and the expert judged the aggregated graph's KV path only",
  // m13
  'devfloor9-lws-vllm-glm5-pp2-node-rank.yaml':
    "READING: env's stated rule (env.shm) fails a tensor-parallel-8 vLLM whose eight GPU processes share the container runtime's 64Mi /dev/shm (no /dev/shm volume in either pod): NCCL's shared-memory segments do not fit; the expert noted the missing volume but graded the file by its KV path only (aggregated, pipeline over the pod network: at risk), as for llmd-ms-gaudi-dra-decode-only.yaml",
  'dynamodocs-dgd-vllm-multinode-4x8-topology.yaml':
    "READING: env's stated rule (env.multinode-rdma) fails a worker that spans nodes (multinode.nodeCount 4 of 8 GPUs each) with no RDMA path in its pods unless only pipeline stages cross them, and this worker's command names no parallelism at all; the expert graded the same facts as at risk (not-judged), as for dynamo-dsr1-sglang-wideep-tep16p-dep16d.yaml",
  'kserveblog-llmisvc-v1a2-dp8-tp4-multinode.yaml':
    "READING: the blog writes `template: {spec: {containers: …}}` and `worker: {spec: …}`, a PodTemplateSpec shape, while KServe's v1alpha2 LLMInferenceService types `template` and `worker` as a PodSpec (kserve/kserve `aaac4e29` pkg/apis/serving/v1alpha2/llm_inference_service_types.go:173,180): no container is where KServe reads it, so env reads a pod-less object whose pods come from KServe's presets and verifies nothing (env.workloads); the expert read the containers under `spec` and judged the aggregated dense data-parallel graph as having no KV hand-off",
  'kserveblog-llmisvc-v1a2-wva-agg-1gpu.yaml':
    "READING: as kserveblog-llmisvc-v1a2-dp8-tp4-multinode.yaml: `template.spec.containers` is not where a v1alpha2 LLMInferenceService's PodSpec template holds its containers, so env reads a pod-less object (env.workloads, nothing verified); the expert read the container under `spec` and judged an aggregated one-GPU service with no KV hand-off",
  'kservedocs-isvc-lmcache-offload-1gpu.yaml':
    "READING: env's stated rule (env.partial, m12) reads an InferenceService's predictor model as merged over the ServingRuntime KServe selects for its model format, which the file does not hold, and never passes such a partial graph; the expert judged from the object alone (LMCache offloading on one GPU, no prefill-to-decode hand-off)",
  'kservedocs-llmisvc-dp8-tp4-rdma-roce.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns the pods KServe runs as non-root that request rdma/roce: pinning is bounded by RLIMIT_MEMLOCK; the expert relied on the runtime's usual memlock (context outside the file) and judged the aggregated graph's KV path only, as for psap-glm52-llmisvc-pp2-tp8-composite-dra-gpu-nic.yaml",
  'rhllmdpb-llmisvc-pd-roce-gdr-nad.yaml':
    "READING: env's stated rules warn the non-root KServe pods that request rdma/roce_gdr (env.rdma-ipc-lock: pinning bounded by RLIMIT_MEMLOCK) and the UCX/NCCL selectors left to the image (env.missing-critical); the expert took the runtime's memlock and UCX's own device choice for granted (context outside the file), where m12's expert judged a near twin (odhk-llmisvc-pd-qwen2-7b-roce-hostpinned-private.yaml) not-judged for the same memlock",
  'dranetdocs-raycluster-a4-dra-nics-gib.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns a pod that claims RDMA NICs (DRA claim all-nic) with neither IPC_LOCK nor privileged: registering memory can fail on RLIMIT_MEMLOCK; the expert assumed a root container under a runtime with unlimited memlock (context outside the file), as for the earlier memlock READINGs",
  'azuredocs-aks-pod-gpudirect-rdma-shared-ib.yaml':
    "READING: the Pod runs a placeholder image's own entrypoint (images.my-company.example/app:v4, no command), so nothing shows whether it serves a model or how many processes share the runtime's 64Mi /dev/shm on its 8 GPUs: env warns (env.shm, not shown) and verifies nothing (a skip is never a pass), as for rdmashared-issue108-l40-rdma-pod.yaml; the expert judged the same facts as nothing at risk (no engine, RDMA path declared). Before the P2 fix env failed env.shm here",
  // m14
  'nimop-e2e-nimservice-llama-1gpu.yml':
    "READING: a NIMService's pods are built by the NIM Operator from the NIM image, whose engine command is inside the image, so env lists it as a partial graph and never passes it (env's stated rule for such kinds, as for KubeAI's Model); the expert judged one replica on one GPU as aggregated, context the pods would confirm",
  'nimop-nimservice-dra-cel-gpu-1b.yaml':
    "READING: a NIMService (here with its GPU from a DRA claim the operator creates) is a partial graph by env's stated rule: the operator builds the pods and the engine command is inside the NIM image, so nothing is passed; the expert judged one replica of a TP1 engine as aggregated",
  'kthena-testdata-modelbooster-npu-pd-tp16-1npu.yaml':
    "READING: a Kthena ModelBooster is a partial graph by env's stated rule (m7: the controller builds the pods, their engine command is not in the object); the expert judged the tensor-parallel size in its worker config against the one NPU each worker requests (16 on 1: the engines cannot start) and the connector's contradicting dp/tp layout, i.e. the pods the controller would build",
  'ome-benchmarkjob-dsr1-rdma-genai-bench.yaml':
    'READING: an OME BenchmarkJob is a benchmark client, no workload env reads: its stated rule refuses a file with nothing to check (exit 2), as for the ConfigMap and MacvlanNetwork files; the expert judged the same facts (no engine, no GPU, no KV) as nothing at risk',
  'devfloor9-dynamodeployment-vllm-disagg-p4d-g6e.yaml':
    'READING: kind DynamoDeployment is no kind env reads, so its stated rule refuses the file as nothing to check (exit 2); the expert failed it on knowledge outside the file (no Dynamo CRD defines that kind or its spec.serving schema, so the operator builds nothing) and on the described p4d-to-g6e KV hand-off with no EFA',
  'dynamo-v1b1-dsv4-pro-vllm-disagg-h200-rdma-host-staged-comment.yaml':
    "READING: every element of the KV path is declared in fields (rdma/ib x8, IPC_LOCK as root, UCX_TLS with rc, NixlConnector kv_buffer_device cuda), so env trusts it; the expert warned on the file's own prose comment that, without the VLLM_GPU_NIC_PCIE_MAPPING/VLLM_NIC_SELECTION_VARS pair it does not ship, KV is host-staged (a comment, not a field, as the host-staging comment of earlier batches)",
  'dynamo-v1b1-glm52-sglang-disagg-b200-topo-derived-ucx-devices.yaml':
    "READING: UCX_NET_DEVICES is computed at start by a script from `nvidia-smi topo -m`, so its value is not in the manifest and env skips env.ucx-net-devices (check it in the running pod), leaving the graph not verified; the expert trusted the script's GPU-local choice (as m1's script-computed UCX_NET_DEVICES)",
  // m15
  'llmd-agentic-sglang-kimi-k3-statefulset-tp16-2node.yaml':
    "READING: env's stated rule (env.multinode-rdma) fails tensor parallelism that crosses nodes with no RDMA path (an all-reduce every layer over TCP); the expert judged the aggregated graph's KV path only (no hand-off) and read the cross-node TCP as a risk, not a break",
  'llmd-wide-ep-gke-a4x-decode-lws-rdma.yaml':
    "READING: as llmd-wide-ep-gke-a4x-prefill-lws-rdma.yaml: env's stated rule (env.shm) warns a 2Gi /dev/shm for four GPU processes; the expert judged the RDMA networks, privileged root and IPC_LOCK as the whole KV path",
  'lws-docs-disaggregatedset-sglang-basic-default-backend.yaml':
    "READING: the expert took SGLang's default Mooncake transfer to fail with no RDMA device; Mooncake's TransferEngine installs its TCP transport when it discovers no HCA (kvcache-ai/Mooncake transfer_engine.cpp, references/env-rules.md m15), so KV crosses the pod network over TCP, which is env's warn",
  // m16
  'kserve-issue4722-isvc-huggingface-qwen05b-runtimeclass-cut.yaml':
    "READING: env's stated rule (env.partial, m12) reads an InferenceService's predictor model as merged over the ServingRuntime KServe selects for its model format, which the file does not hold, and never passes such a partial graph; the expert judged from the object alone (one predictor of a 0.5B model, no KV hand-off between pods), as for kservedocs-isvc-lmcache-offload-1gpu.yaml",
  'kserve-issue4640-isvc-huggingface-qwen14b-mig-cut.yaml':
    'READING: as kserve-issue4722: the predictor runs on a ServingRuntime the file does not hold (env.partial, never passed); besides, the copy cuts the last line inside a quoted value (`nvidia.com/mig-7g.80gb: "`), so env reads the file up to the line before and warns that line 31 is not shown (env.read-in-part: a file read in part is never a pass); the expert judged the one-MIG-slice predictor as aggregated and the cut as taking only the end of a value the limits already show',
  'kserve-issue3922-isvc-get-yaml-last-applied-llama3-cut.yaml':
    'READING: the copy cuts this `kubectl get -o yaml` read-back inside its metadata, so the object has no spec and env lists an InferenceService whose pods are not shown (env.workloads warn, nothing verified); the expert read the applied spec from the kubectl.kubernetes.io/last-applied-configuration annotation (itself cut inside its JSON) and judged one 1-GPU predictor as aggregated; even read from that annotation, the predictor would be merged over a ServingRuntime the file does not hold (env.partial, never passed)',
  // m17
  'aibrix-brixbench-dynamo-dgd-4p4d-singlenode-ucx-autodetect.yaml':
    "READING: UCX_NET_DEVICES is computed at start by a script from `ucx_info -d` (the RDMA_DEV it finds, then eth1), so its value is not in the manifest and env skips env.ucx-net-devices (check it in the running pod), leaving the graph not verified; the expert trusted the script's choice of the port wired into the pod (as m1's and dynamo-glm52's script-computed UCX_NET_DEVICES)",
  'aibrix-vke-kvcache-infinistore-offload-client.yaml':
    "READING: env's question is the KV hand-off between prefill and decode; this vLLM runs no P/D mode (AIBrixOffloadingConnector kv_both), so env reads an aggregated graph with its RDMA device and IPC_LOCK declared and passes it; the expert weighed the KV offload to an InfiniStore cluster the file does not hold and a device list naming four HCAs beside one granted RDMA device (as kservedocs-isvc-lmcache-offload-1gpu.yaml, whose expert judged offloading as no hand-off, the other way round)",
  'kthena-ms-vllm-dp2-leader-worker.yaml':
    "READING: env's stated rule (env.multinode-rdma) warns a vLLM engine whose data-parallel ranks span two pods with no RDMA path; the expert knew Qwen3-0.6B is dense, so its DP ranks are independent engines, a fact outside the file (for a MoE model vLLM's DP ranks align every forward pass and synchronise the expert layers across nodes: vllm-project/vllm docs/serving/data_parallel_deployment.md)",
  'mindie-motor-mindie-server-910b-deployment.yaml':
    "READING: MindIE is no engine env knows (the server starts from a boot.sh in a ConfigMap the file does not hold), so nothing is a serving worker and nothing is verified (env's rule: a skip is never a pass, as lws-llamacpp-rpc-cpu.yaml); the expert judged from MindIE's design that KV moves NPU to NPU over the Ascend NPUs' own RoCE ports with the NPU grant and rank table",
  'mindie-motor-single-container-pd-a3.yaml':
    "READING: as mindie-motor-mindie-server-910b-deployment.yaml: MindIE's engine starts from a boot.sh env does not see, so nothing is verified; the expert read MindIE's MINDIE_MS_P_RATE/D_RATE variables as prefill and decode inside one 16-NPU container (no hand-off between pods)",
  // m18
  'crusoe-kserve-llmisvc-vllm-kimi-k3-mi355x.yaml':
    "READING: env's stated rule (env.shm) warns a tensor-parallel-8 engine whose eight accelerator processes share the 1Gi Memory /dev/shm KServe's LLMInferenceService template mounts (the file's own volumes list merges with it); the expert graded the file by its KV path only (aggregated, no hand-off) and did not weigh the worker's own shared memory, as for llmd-ms-gaudi-dra-decode-only.yaml",
  'gke-triton-trtllm-gemma-agg.yaml':
    "READING: Triton starts from a launch script env does not read as a known engine, so its stated rule (env.shm) keeps the warn for the container runtime's 64Mi /dev/shm even on one GPU (only a known one-process engine in an aggregated graph is passed; Triton's Python-backend models do share memory through /dev/shm); the expert judged the KV path only (aggregated, one GPU)",
  'llmhub-hyperpod-sglang-pd-p5-efa-mooncake-rdma.yaml':
    "READING: env warns what the file shows (env.efa: Mooncake's RDMA transport needs RC queue pairs, which EFA does not offer, and its EFA transport is not shown; env.rdma-ipc-lock: no IPC_LOCK); the expert's FAIL rests on context outside the file, that the lmsysorg/sglang:v0.5.8 image's Mooncake has no EFA transport selected, so the transfer cannot come up at all",
  'nimop-nimservice-dra-manual-gpu-claim.yaml':
    "READING: as nimop-nimservice-dra-cel-gpu-1b.yaml: a NIMService's pods are built by the NIM Operator and the engine command is inside the NIM image, so env lists it as a partial graph and passes nothing (its stated rule for such kinds); the expert judged one replica on one DRA-claimed GPU as aggregated",
  // m19
  'atlworkshop-pod-efa-test.yaml':
    "READING: the Pod runs only a check script (ls /dev/infiniband, fi_info, nvidia-smi), no engine, so nothing is a serving worker and nothing is verified (env's rule: a skip is never a pass, as dra-imex-channel-injection-pod.yaml), and env warns its EFA device without IPC_LOCK and its /dev/shm as for any RDMA pod; the expert judged the same facts as nothing at risk (no serving, no KV)",
  'dynworkshop-dgd-vllm-agg-connector-nixl-0.6.yaml':
    "READING: env's stated rule (env.error-flag, src/env/rules-flags.ts; kinds.test.ts 'on a 0.x image it still worked: a warn') warns --connector on a 0.x image because dynamo.vllm 1.0.0 and later refuse to start with it; the expert judged the file as written on its 0.6.0 image, where the flag works and the one aggregated worker hands no KV to another pod",
  'k8srecipes-dynamograph-unknown-kind-disagg.yaml':
    'READING: kind DynamoGraph is no kind env reads (nor any Dynamo CRD), so its stated rule refuses the file as nothing to check (exit 2), as for devfloor9-dynamodeployment-vllm-disagg-p4d-g6e.yaml; the expert read the same unknown kind and its undeclared fabric as a KV path left undetermined (not-judged)',
  // m20
  'dynamo-tests-vllm-disagg-efa-libfabric.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns EFA pods that run as the Dynamo runtime image's non-root user (USER dynamo, uid 1000): privileged or IPC_LOCK gives a non-root process no effective capability, so pinning is bounded by RLIMIT_MEMLOCK; the expert relied on the EKS nodes' usual unlimited memlock (context outside the file), as for dynamo-qwen3-32b-vllm-disagg-kv-router-ib.yaml",
  'dynamo-tests-sglang-disagg-efa-libfabric-v1beta1.yaml':
    "READING: as dynamo-tests-vllm-disagg-efa-libfabric.yaml: IPC_LOCK added for the Dynamo runtime image's non-root user has no effect, so env warns the memlock bound (env.rdma-ipc-lock); the expert assumed the runtime's unlimited memlock",
  'dynamo-ft-vllm-disagg-qwen3-30b-4p2d-prod-no-rdma.yaml':
    "READING: env warns (env.kv-over-pod-network) that prefill and decode with no RDMA path can land on different nodes; the expert's fail rests on a sum the fields do not state (six 2-GPU workers are 12 GPUs, more than one H100 node holds, per the header comment), which makes cross-node KV over TCP certain rather than possible",
  'dynamo-ft-vllm-multinode-elastic-ep-ib-disabled.yaml':
    "READING: env's stated rule (env.multinode-rdma) warns, not fails, a multi-node worker with no RDMA path whose pods hold 4 GPUs or fewer or set NCCL_IB_DISABLE=1, which is what GB200/GB300 NVL72 trays look like (NCCL may use multi-node NVLink there) and no GPU model is named; the expert read the header's scale sequence and the TCP socket interface as expert parallelism over TCP between the nodes",
  'dynamo-ft-bare-pods-vllm-elastic-ep-aks-a100-ib-disabled.yaml':
    "READING: env judges the parallel sizes an engine starts with: the leader's vLLM (DP2, EP, Ray backend) fits its own 2-GPU pod and the worker pod only runs `ray start`, so no engine spans nodes; the expert judged the elastic-EP scale-up onto the worker pod's GPUs that the header and the test script drive at runtime (an API call the file does not hold), over NCCL sockets with IB disabled",
  'dynamo-ft-sglang-elastic-ep-mooncake-ib-set-me.yaml':
    "READING: one aggregated 8-GPU pod moves no KV to another pod, so env passes it (its question is the KV hand-off); the expert weighed the header's unfilled Mooncake device placeholder (--mooncake-ib-device SET-ME) for elastic-EP weight transfer, which is not on the KV path",
  // (dynamo-optest-dgdr-mocker-h100-nvlink-no-rdma.yaml: was READING 'a DGDR without overrides is nothing to check'; TOOL P2/P3, fixed in m32: a DGDR is the graph the operator generates, mocker workers when features.mocker.enabled: test/env-m32-manifests.test.ts)
  'aibrix-brixbench-dgd-vllm-8p8d-multinode-vke-rdma-autodetect.yaml':
    "READING: UCX_NET_DEVICES is computed at start from `ucx_info -d` (the mlx5 port it finds, then eth1); env's rule is that a value it cannot see leaves env.ucx-net-devices skipped (unverified), while the expert read the script (the pod's own mlx5 port, or UCX's defaults when none) and judged the path declared, as for dynamo-glm52-sglang-disagg-h200.yaml",
  // m21
  'llmd-wide-ep-vllm-base-prefill-lws.yaml':
    "READING: as llmd-wide-ep-vllm-decode-lws.yaml: env's stated rule (env.multinode-rdma) fails a worker whose 8-GPU pods span two nodes with no RDMA path; the expert read this base file as one half of a kustomize guide whose provider overlays add the RDMA devices, so not shown rather than broken",
  'llmd-wide-ep-dsv4-decode-lws-mnnvl-base.yaml':
    'READING: as llmd-wide-ep-dsv4-prefill-lws-mnnvl-base.yaml, on the decode side (kv_consumer with NixlConnector, read as decode since roles.ts handsKvOver; before, a lone decode with no prefill in its file was taken for an aggregated worker): env fails UCX_TLS=cuda_copy,cuda_ipc,tcp with no ComputeDomain claim, the expert read the base as one half of a kustomize guide whose overlay adds the claim',
  'llmd-pd-vllm-aws-libfabric-patch-decode.yaml':
    "READING: read alone, the Deployment named decode runs vLLM with NixlConnector, so env reads it as the decode side of a pair (roles.ts handsKvOver: a connector that hands KV to another instance makes its workload's name evidence of the side) and warns that the prefill side is not shown; its stated rule (env.shm) then fails four GPU processes with no /dev/shm volume, which the guide's base Deployment (outside the file) mounts",
  'llmd-pd-sglang-aws-libfabric-patch-prefill.yaml':
    'READING: env reads the prefill side (--disaggregation-mode=prefill) and warns KV over the pod network as the expert does, but its stated rule (env.shm) fails a TP4 pod with no /dev/shm volume; the expert read the file as a patch whose base Deployment (outside the file) mounts it',
  'llmd-pd-vllm-xpu-ucx-tcp-patch-prefill.yaml':
    'READING: read alone, the Deployment named prefill runs vLLM with NixlConnector, so env reads the prefill side of a pair (roles.ts handsKvOver) and judges its UCX_TLS=tcp; its stated rule (env.ucx-tls) warns rather than fails because kv_buffer_device cpu host-stages the KV on purpose, and the other side not being shown is a warning too; the expert judged the TCP-only UCX_TLS the patch sets as the break',
  'llmd-pd-vllm-xpu-ucx-tcp-patch-decode.yaml':
    "READING: read alone, the Deployment named decode runs vLLM with NixlConnector: env reads the decode side of a pair whose prefill is not shown, and since a decode pool named so also serves alone (llm-d gives every decode pool the connector), its KV path is a condition: env warns it (env.kv-over-pod-network) and does not judge the UCX_TLS=tcp the patch sets; the expert knew it as the decode half of the guide's pair and failed the TCP-only UCX_TLS",
  'llmd-epd-vllm-rdma-ib-patch-prefill.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns rdma/ib requested with no IPC_LOCK or privilege (registering KV memory can fail); the expert judged the rdma/ib and GPUs the patch declares as its end of the KV path, the base's security context not being in the file",
  'llmd-epd-vllm-rdma-ib-patch-decode.yaml':
    'READING: as llmd-epd-vllm-rdma-ib-patch-prefill.yaml: env.rdma-ipc-lock warns rdma/ib with no IPC_LOCK; the expert judged the declared device as the decode end of the KV path',
  'dynamo-dgd-gaie-epp-vllm-dsr1-dep16-rdma-ib.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns rdma/ib in a container with no IPC_LOCK that runs as uid 1000 (the Dynamo runtime image's USER), so pinning KV memory is bounded by RLIMIT_MEMLOCK; the expert took the rdma/ib 8 on both pools as the whole KV path",
  'dynamo-dgd-vllm-dsr1-gb200-computedomain-2p-dep4-1d-dep8.yaml':
    "READING: env's stated rule (env.role, env-rules.md 'The declared role against the engine's mode') fails the prefill pool, declared subComponentType prefill but started without --disaggregation-mode prefill, so dynamo.vllm runs it aggregated; the expert checked the ComputeDomain and NIXL path and missed the absent mode flag (env also took a commented-out DecodeBenchConnector line for an argument: a TOOL miss, fixed, shell comments)",
  'dynamo-dgd-v1b1-vllm-axk2-disagg-h200-ucx-rc-no-rdma-resource.yaml':
    "READING: env's stated rule (env.ucx-tls) fails UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc in pods granted no RDMA device, tcp left out: UCX finds no transport to a peer on another node; the expert weighed the header's word that a cluster overlay adds the RDMA resources (context outside the file) and judged not shown rather than broken",
  'accplat-llmd-vllm-decode-base-nixl-tcp.yaml':
    "READING: env's stated rule (roles.ts handsKvOver, since the twelfth session) takes a vLLM whose NixlConnector hands KV to another instance for one side of a pair; this pool states no side and the input shows no other, so env warns that the KV path is not shown (env.kv-over-pod-network) and judges none of it; the expert knew from the guide (llm-d inference scheduling) that no prefill pool exists anywhere, the connector being llm-d's default on every decode pool",
  // m22
  'vickiegpt-dynamo-sglang-blackwell-test-computedomain-namespace-mismatch.yaml':
    "READING: the expert's verdict rests on the Dynamo operator's behaviour, outside the file and env's rules: at that vintage the operator refuses a graph whose services name two dynamoNamespace values (deploy/cloud/operator/internal/dynamo/graph.go getDynamoNamespace, 'namespace mismatch for component'), and the SGLang prefill looks for its decode peer in its own namespace; the current operator derives each component's namespace itself, so no stated rule of env covers it; env judged the fabric (ComputeDomain claimed by both roles) as declared",
  'llmd-bench-exp7-1p1d-decoder-pod-cuda-ipc-tcp.yaml':
    "READING: env's stated rule (env.ucx-tls, test/env-hands-kv-over.test.ts) fails UCX_TLS=cuda_ipc,cuda_copy,tcp on one side of a pair: cuda_ipc cannot reach the GPU of another pod without a ComputeDomain, so KV goes over tcp; the expert judged the same facts (the prefill elsewhere, TCP left) as not shown whole and degraded, not broken (env first read the lone decode pod as aggregated and TRUSTED it: a TOOL miss, fixed, the image's entrypoint names the engine)",
  'llmd-bench-exp7-1p1d-prefiller-deployment-cuda-ipc-tcp.yaml':
    "READING: as the decoder pod: env's stated rule (env.ucx-tls) fails UCX_TLS=cuda_ipc,cuda_copy,tcp between pods with no RDMA transport or ComputeDomain (KV goes over tcp); the expert judged TCP degraded, not broken, with the decode side in another file (not-judged)",
  'yao531441-dynamo-dgd-v1b1-eks-vllm-disagg-p5-efa-libfabric.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns that the Dynamo runtime image runs as uid 1000, for whom IPC_LOCK has no effect, so pinning EFA buffers is bounded by RLIMIT_MEMLOCK; the expert assumed the runtime's memlock limit (EKS nodes' containerd) and judged the EFA path declared",
  'yueying-dynamo-dgd-v1b1-vllm-inkling-disagg-gb300-aws-roce-dra.yaml':
    "READING: env's stated rule leaves a UCX_NET_DEVICES computed by a script (the HCA it finds, port 1) not verified (env.ucx-net-devices skipped), as for the earlier script-computed pins; the expert took the script's choice as the one RoCE device the DRA claim grants (it refuses to start without one)",
  'ckodex-llminferenceservice-ckodex-group-multinode-tp2-pp2.yaml':
    "READING: LLMInferenceService here is ckodex's own CRD (serving.ckodex.com), not KServe's; env's stated rule (references/env-rules.md 'A kind under a group that does not serve it') leaves a kind of the same name in a group env does not read unread, so the file is nothing to check (exit 2); the expert read the spec as the aggregated TP2xPP2 graph it describes (no KV hand-off)",
  // m23
  'do-gtc-dynamo-trtllm-disagg-ucx-cuda-ipc-tcp.yaml':
    "READING: env's stated rule (references/env-rules.md 'TCP-only UCX_TLS → fail env.ucx-tls', after UCX's cuda_ipc_iface.c: cuda_ipc cannot reach a GPU in another pod, another PID namespace, without an MNNVL fabric handle) makes UCX_TLS=cuda_ipc,cuda_copy,tcp with no RDMA device and no ComputeDomain a TCP-only KV path between the prefill and decode pods; the expert counted on cuda_ipc when the two pods share a node (hostIPC from the template) and warned",
  'veophi-rbg-v1a1-sglang-pd-aliyun-erdma.yaml':
    "READING: env's stated rules warn an RDMA pod (aliyun/erdma) without IPC_LOCK or privileged (env.rdma-ipc-lock: the memlock limit is the runtime's) and a GPU engine on the runtime's 64Mi /dev/shm (env.shm); the expert assumed the runtime's memlock limit and read the KV path as declared by the eRDMA device on both sides",
  'veophi-rbg-v1a1-vllm-pd-mooncake-store-tcp.yaml':
    "READING: env's stated rule (references/env-rules.md: Mooncake with no RDMA device in the pod is a TCP KV path, env.kv-over-pod-network warn) warns the pair; the expert failed it on the protocol tcp that the RoleBasedGroup runtime sidecar's --instance-info names for the engines' Mooncake config, a sidecar's private format env does not read",
  'gangmuk-aibrix-vllm-kvcache-vineyard-offload.yaml':
    "READING: env's stated rule (references/env-rules.md: offloading and store connectors keep KV for the same engine and make no prefill/decode pair) reads the vLLM pods as aggregated and the AIBrix KVCache store as a partial graph that does not weigh; the expert counted the KV offloaded to the vineyard store over the pod network as a KV path between pods and warned (as for m17's InfiniStore client)",
  // m24
  'dynamo-zxue2-sglang-dsr1-disagg-16gpu-wideep.yaml':
    "READING: env's stated rule (references/env-rules.md, env.multinode-rdma: a fail when tensor or expert parallelism crosses the nodes with no RDMA path, on pods of more than 4 GPUs) fails the 8-GPU prefill and decode pods running TP16/EP16 over 2 nodes; the expert weighed the KV hand-off alone, left to TCP, and warned",
  'bhajian-k8s-dynamo-vllm-prefill-hostnet-ib.yaml':
    "READING: env's stated rule (references/env-rules.md, one side of the pair: a side that declares its path is judged on what it declares, as the corpus's readings of SGLang's lws_pd p.yaml/d.yaml do) passes a lone prefill Deployment that is privileged with /dev/infiniband, eight mlx5 ports and RDMA UCX_TLS; the expert held a pair whose decode side is not in the file as not judged",
  'bhajian-k8s-llmd-vllm-decode-hostnet-ib.yaml':
    'READING: as bhajian-k8s-dynamo-vllm-prefill-hostnet-ib.yaml: env judges the lone llm-d decode Deployment on the RDMA path it declares (privileged, /dev/infiniband, eight mlx5 ports, RDMA UCX_TLS) and passes it; the expert held the pair, whose prefill side is not in the file, as not judged',
  'gcpcuj666-sglang-pd-mrdma-railcross-local-subnet.yaml':
    "READING: the expert's fail rests on what the file does not configure but its header states: GKE's RDMA NICs sit one subnet per rail, and UCX picks the lanes nearest each GPU, so with UCX_IB_ROCE_LOCAL_SUBNET=y a prefill on GPU 0 and a decode on GPU 2 find no reachable lane and fall back to tcp or stall; env reads the declared DRA mrdma claims with rc_x as an RDMA path and warns only on the missing IPC_LOCK (env.rdma-ipc-lock)",
  'coreweave-kfserving-isvc-bloom-deepspeed-8xa100.yaml':
    "READING: env's stated rule (env.shm) fails an 8-GPU DeepSpeed-inference pod whose eight ranks share the container runtime's 64Mi /dev/shm (no /dev/shm volume), as for the tensor-parallel-8 pods listed above; the expert graded the file by its KV path only (aggregated, no hand-off between pods). Before m24 env read this KFServing-group InferenceService as nothing to check (exit 2)",
  'nebari-llmmodel-vllm-cpu-kv-offload.yaml':
    "READING: as kubeai-model-dsr1-mi300x-tp8.yaml: the Nebari operator builds the LLMModel's vLLM pod (its image, volumes and KV offload settings are the operator's), so env lists it as a partial graph and verifies nothing (P2); the expert read the 1-GPU TP1/DP1 spec and the offload to the pod's own CPU memory as one aggregated pod. Before m24 env refused it as nothing to check (exit 2)",
  // m25
  'brevlab-dgd-vllm-disagg-router-no-prefill-flag.yaml':
    "READING: env's stated rule (src/env/roles.ts inferRoles: names alone never make a graph disaggregated when every engine is started as a plain aggregated engine, no mode flag, connector or transfer backend on any) reads VllmPrefillWorker and VllmDecodeWorker, both running the same `python3 -m dynamo.vllm --model …`, as two aggregated workers and passes them; the expert took the service names and the frontend's DYN_ROUTER_MODE=disaggregated (no router mode Dynamo defines) as the declared pair, contradicted by the command line",
  'deepinfra-dgd-v1beta1-vllm-gaie-disagg-ucx-tcp-self.yaml':
    "READING: env's stated rule (references/env-rules.md, env.ucx-tls: with kv_buffer_device cpu a TCP-only UCX_TLS is the deliberate host-staged path, warn at most) warns UCX_TLS=tcp,self on both sides; the expert failed the manifest for pinning the KV hand-off to TCP, which its own comments call a CI stability choice",
  'deepinfra-dgd-hetero-xpu-encode-gpu-decode-dra-rdma.yaml':
    "READING: env's stated rule (references/env-rules.md 'Mode from the whole graph', which cites this recipe: an encode worker hands embeddings on, not KV, and dynamo.vllm's pd mode is an aggregated worker) finds no prefill/decode pair and passes the graph, its DRA claims with IPC_LOCK as root; the expert weighed the NIXL embedding transfer between the XPU and GPU pods, whose RDMA devices come from ResourceClaimTemplates the file does not show",
  'deepinfra-dgd-trtllm-dsv32-b200-rdma-ib8-one-ucx-port.yaml':
    "READING: the expert missed that a DGD v1alpha1 service's resources.limits is the operator's ResourceItem (cpu, memory, gpu, gpuType, custom: deploy/operator/api/v1alpha1/common.go:127-140) whose CRD prunes rdma/ib written beside gpu, so the pods get no RDMA device; env fails UCX_TLS=rc,cuda_copy,cuda_ipc,gdr_copy with no RDMA device and no tcp (env.ucx-tls) and, since m25, names the misplaced field (env.shape); the expert read rdma/ib: 8 as granted and warned only on the one-port UCX_NET_DEVICES",
  'llmd-glm52-aggregate-lws-tp8.yaml':
    "READING: env's stated rule (env.shm) warns a 2Gi /dev/shm for the eight GPU processes of a TP8 engine; the expert judged the file by its KV path only (one aggregated pod, no hand-off) and did not weigh the engine's own shared memory",
  'nimop-nimservice-multinode-ray-llama8b-tp2.yaml':
    "READING: as nimop-e2e-nimservice-llama-1gpu.yml: the NIM Operator builds the NIMService's pods (LeaderWorkerSet and Ray) from the NIM image, whose engine command is inside it, so env lists a partial graph and passes nothing (P2); the expert judged tensor 2 x pipeline 1 on a 2-GPU pod as one aggregated engine",
  'nimop-nimservice-epp-2x1gpu.yaml':
    'READING: as nimop-e2e-nimservice-llama-1gpu.yml: env lists the operator-built NIMService as a partial graph (P2); the expert judged two 1-GPU replicas behind an EPP as aggregated replicas with no KV hand-off',
  // m26
  'aibrix-infinistore-vllm-offload-rdma.yaml':
    "READING: env's stated rule (references/env-rules.md: offloading and store connectors keep KV for the same engine and make no prefill/decode pair) reads one aggregated vLLM pod with its RDMA device, RDMA network and IPC_LOCK and trusts it; the expert counted the KV offloaded to the InfiniStore store (not in the file) over RDMA as a KV path between pods and held AIBrix's four-HCA device list against the one RDMA device granted (as for gangmuk-aibrix-vllm-kvcache-vineyard-offload.yaml)",
  'aibrix-neuron-rct-trn2-efa-devicegroup.yaml':
    "READING: as rdmashared-issue44-configmap.yaml: a DRA ResourceClaimTemplate alone (Neuron cores and EFA devices of one device group) is no workload, which env's stated rule refuses as nothing to check (exit 2); the expert judged no KV hand-off as nothing at risk",
  'kserve-sriov-network-roce-p2-p13.yaml':
    "READING: as rdmashared-issue44-configmap.yaml: SR-IOV operator policies and networks alone are no workload, which env's stated rule refuses as nothing to check (exit 2); the expert judged no KV hand-off as nothing at risk",
  'aibrix-vineyard-vllm-tp4-ray-1gpu.yaml':
    "READING: env warns what the expert weighed (env.world-size: the Ray pods that would lend the three other GPUs are not in the file; env.multinode-rdma) but its stated rule env.shm also fails the tensor-parallel-4 engine on the runtime's 64Mi /dev/shm (no /dev/shm volume), as for coreweave-kfserving-isvc-bloom-deepspeed-8xa100.yaml; the expert held the file as not shown whole, not failed",
  'arks-sample-sglang-size1-tp2-1gpu.yaml':
    "READING: env's stated rule (env.shm) fails the SGLang engine Arks starts with --tp 2 on the runtime's 64Mi /dev/shm (the controller adds no /dev/shm volume), as for coreweave-kfserving-isvc-bloom-deepspeed-8xa100.yaml; the expert graded the file by its KV path only (one aggregated pod, no hand-off between pods). Before m26 env refused the ArksApplication as nothing to check (exit 2)",
  // m27
  'aiconfigurator-dsv4-sglang-gb200-agg-tp4-efa.yaml':
    "READING: env's stated rules warn on two things in an aggregated pod: env.rdma-ipc-lock (EFA devices in a pod run as the Dynamo runtime image's non-root user: privileged and IPC_LOCK give a non-root process no capability, so pinning is bounded by RLIMIT_MEMLOCK) and env.foreign-knob (VLLM_USE_NCCL_SYMM_MEM set for an SGLang worker does nothing); the expert judged the aggregated graph's KV path only (no hand-off), as for aioneks-vllm-405b-trn1-lws-efa.yaml",
  'aiconfigurator-dsv4-trtllm-gb200-disagg-mnnvl-no-cd.yaml':
    "READING: env names the issue's kind (env.mnnvl: UCX_CUDA_IPC_ENABLE_MNNVL/NCCL_MNNVL_ENABLE without a ComputeDomain claim, KV falls back to TCP) and warns KV over the pod network (prefill and decode can be on different nodes); the expert's fail rests on a hardware fact the fields do not state (a GB200 node holds 4 GPUs, so each TP4 worker fills a tray and every hand-off crosses trays), as for dynamo-ft-vllm-disagg-qwen3-30b-4p2d-prod-no-rdma.yaml",
  'llmd-amd-pd-ci-patch-ucx-tcp.yaml':
    "READING: env pairs the two patch Deployments by name, but with no engine, KV connector or role flag in either (the llm-d base holds them) its stated rule (src/env/roles.ts: a name is a hint about a pair, never proof on its own) reads each as an aggregated worker, so UCX_TLS=tcp,self,rocm,shm has no KV hand-off to pin; the expert took the llm-d P/D base's NixlConnector (context outside the file) for the KV path the variable sends over TCP",
  'llmd-gke-a4xmax-gb300-rdma-claim-firstavailable.yaml':
    "READING: as rdmashared-issue44-configmap.yaml: a DRA ResourceClaimTemplate alone (mrdma NICs by firstAvailable) is no workload, which env's stated rule refuses as nothing to check (exit 2); the expert judged no KV hand-off as nothing at risk",
  'llmd-gke-rdma-gpu-nic-pcieroot-claim.yaml':
    "READING: as rdmashared-issue44-configmap.yaml: a DRA ResourceClaimTemplate alone (a GPU and an mrdma NIC on one PCIe root) is no workload, which env's stated rule refuses as nothing to check (exit 2); the expert judged no KV hand-off as nothing at risk",
  // m28
  'kubeai-model-llama31-405b-fp8-a100-tp8.yaml':
    "READING: as kubeai-model-dsr1-mi300x-tp8.yaml: a KubeAI Model's pod is built by the controller from a resource profile defined in the cluster's configuration, so env lists it as a partial graph and verifies nothing (P2); the expert read the profile name (nvidia-gpu-a100-80gb:8) and TP8 as one aggregated 8-GPU pod",
  'kubeai-model-llama33-70b-gh200-offload.yaml':
    "READING: as kubeai-model-dsr1-mi300x-tp8.yaml: a KubeAI Model's pod is built by the controller from a resource profile defined in the cluster's configuration, so env lists it as a partial graph and verifies nothing (P2); the expert read the profile name (nvidia-gpu-gh200:1) and the CPU offload as one aggregated 1-GPU pod",
  // m29
  'nvaicr-gke-nccl-test-tcpxo-2pod.yaml':
    "READING: env reads the two pods as a fabric test that moves no KV, as the expert does, but its stated rule (env.shm) warns the 1Gi Memory /dev/shm the NCCL container shares among its 8 GPU processes; the expert graded the file by its KV path only (no engine, no hand-off) and did not weigh the test's own shared memory, as for llmd-ms-gaudi-dra-decode-only.yaml",
  'llmdrouter-sidecar-nixl-qwen-decoder-pod-cuda-ipc-tcp.yaml':
    "READING: as llmd-bench-exp7-1p1d-decoder-pod-cuda-ipc-tcp.yaml: env's stated rule (env.ucx-tls) fails UCX_TLS=cuda_ipc,cuda_copy,tcp on one side of a pair (cuda_ipc cannot reach another pod's GPU without a ComputeDomain, so KV goes over tcp); the expert judged the same facts, with the prefiller in another file, as not shown whole and degraded, not broken",
  'llmdrouter-sidecar-nixl-qwen-prefiller-pod-cuda-ipc-tcp.yaml':
    "READING: as llmd-bench-exp7-1p1d-prefiller-deployment-cuda-ipc-tcp.yaml: env's stated rule (env.ucx-tls) fails UCX_TLS=cuda_ipc,cuda_copy,tcp between pods with no RDMA transport or ComputeDomain; the expert judged TCP degraded, not broken, with the decoder in another file (not-judged)",
  'gxll-dynamo-eks-vllm-disagg-p5-efa-libfabric-tp2.yaml':
    "READING: as yao531441-dynamo-dgd-v1b1-eks-vllm-disagg-p5-efa-libfabric.yaml: env's stated rule (env.rdma-ipc-lock) warns that the Dynamo runtime image runs as uid 1000, for whom IPC_LOCK has no effect, so pinning EFA buffers is bounded by RLIMIT_MEMLOCK; the expert assumed the EKS nodes' containerd memlock limit and judged the EFA path declared",
  'gxll-dynamo-eks-vllm-disagg-g6e-libfabric-tcp-antiaffinity.yaml':
    "READING: env's stated rule (references/env-rules.md: KV the engine stages through host memory on purpose, kv_buffer_device cpu, is the deliberate slower path, warned, as for deepinfra-dgd-v1beta1-vllm-gaie-disagg-ucx-tcp-self.yaml) warns KV over the pod network; the expert failed the manifest because its required podAntiAffinity puts prefill and decode on different hosts with no EFA device, so every hand-off is libfabric TCP (env's message says they are on different nodes, a required podAntiAffinity keeping them apart; failing a required anti-affinity with no RDMA path was tried and dropped: it contradicted the reading of llmhub-hyperpod-sglang-pd-g6-tp4-mooncake-no-rdma.yaml, where the same certain TCP was judged at risk, not broken)",
  // m30
  // (opea-chatqna-xeon-cpu-rendered.yaml: was READING 'nothing verified'; TOOL P2, fixed: a model server with no prefill/decode hand-off (TGI, TEI, llama-server, Ollama) is a serving worker, aggregated: src/env/agg-servers.test.ts)
  // m31
  'awsdoeks-elasticjob-imagenet-efa-p4d.yaml':
    "READING: env's stated rule env.rdma-ipc-lock warns on a pod that requests vpc.amazonaws.com/efa without IPC_LOCK or privileged (memory registration bounded by RLIMIT_MEMLOCK); the expert judged the training job's KV path only (no hand-off), as for aioneks-vllm-405b-trn1-lws-efa.yaml",
  // (fusioninfer-docs-clusterruntimeprofile-pd-nixl.yaml: was TOOL, env.shm counted the prefiller's 2 GPUs as 2 processes; fixed: a vLLM or SGLang command line that sets no parallelism runs one GPU process: src/env/shm-one-process.test.ts)
  'gkecea-rdma-nccl-test-a4x-max-jobset.yaml':
    "READING: env's stated rule (src/env/repeated-keys.ts) warns on a key repeated with the same value (restartPolicy twice: strict parsers and Kubernetes strict field validation refuse it); the expert judged the fabric test's KV path only",
  'gkecea-rdma-nccl-test-imex-a4x-computedomain.yaml':
    "READING: env's stated rule (src/env/repeated-keys.ts): a key repeated with different values (the container's resources, once with a CPU request, once with the GPU limit and ComputeDomain claim) stays an error, as which value is meant is not shown; the expert took the second block, as a non-strict parser keeps the last",
  'gkecea-rdma-nccl-test-managed-mrdma-claim.yaml':
    "READING: as gkecea-rdma-nccl-test-imex-a4x-computedomain.yaml: the container's resources key is given twice with different values, which env's stated rule (src/env/repeated-keys.ts) refuses to choose between; the expert took the second block (8 GPUs and the mrdma claim)",
  'gkecea-tcpxo-nccl-test-latest-a3mega.yaml':
    "READING: env's stated rule (src/env/rules-pod.ts shmCheck: anything that moves data itself, a benchmark, keeps the warn) warns on a 1Gi /dev/shm for 8 GPU processes in the nccl-test container; the expert judged the fabric test's KV path only (no hand-off)",
  'ocioke-active-health-checks-nccl-tests-cronjob.yaml':
    "READING: as opea-chatqna-xeon-cpu-rendered.yaml: the MPIJobs are text inside ConfigMaps and the CronJob's kubectl pod runs no engine and requests no accelerator, so nothing is verified (env's rule: a skip is never a pass); the expert judged the same facts (health checks, no KV hand-off) as nothing at risk",
  'odh-kftv2-clustertrainingruntime-osu-gpu.yaml':
    "READING: the launcher runs the OSU benchmarks through /usr/local/bin/uid_entrypoint.sh, a script file whose content is not shown, which env's stated rule (src/env/non-serving.ts: a script may be anything) keeps opaque, so the one-GPU pods over three nodes keep env.multinode-rdma and env.shm warnings; the expert read the inline command (OSU device-to-device benchmarks) as a fabric test",
  'odh-kftv2-trainjob-mpi-ddp-sft-runtimepatches.yaml':
    "READING: a TrainJob's pods are built from the ClusterTrainingRuntime it names (not in the file), so env lists it as a partial graph and verifies nothing (P2); the expert read the trainer's mpirun DDP fine-tuning command as training with no KV hand-off",
  // m32
  'gxll-dynamo-dgd-v1b1-eks-vllm-disagg-g7e-efa-libfabric.yaml':
    "READING: as yao531441-dynamo-dgd-v1b1-eks-vllm-disagg-p5-efa-libfabric.yaml: env's stated rule (env.rdma-ipc-lock) warns that the Dynamo runtime image runs as uid 1000, for whom IPC_LOCK has no effect, so pinning EFA buffers is bounded by RLIMIT_MEMLOCK; the expert assumed the EKS nodes' containerd memlock limit and judged the EFA path declared",
  'gxll-dynamo-dgd-v1b1-gke-vllm-disagg-no-kvcfg-no-rdma.yaml':
    "READING: env's stated rule (env.kv-connector, references/env-rules.md 'Issue 22', upstream components/src/dynamo/vllm/args.py: 'the default is no longer nixl', still so at githubgxll/dynamo cdf9267d args.py:217-226) fails a dynamo.vllm prefill worker told --disaggregation-mode prefill with no --kv-transfer-config: it refuses to start; the expert assumed Dynamo still supplies NixlConnector by default and judged only the TCP risk",
  'gxll-dynamo-global-planner-vllm-pools-multi-dgd-no-rdma.yaml':
    "READING: as gxll-dynamo-dgd-v1b1-gke-vllm-disagg-no-kvcfg-no-rdma.yaml: the prefill pools' dynamo.vllm workers have --disaggregation-mode prefill and no --kv-transfer-config, which Dynamo 1.0.0 and later refuses (env.kv-connector, a stated rule citing upstream args.py); the expert assumed a default NixlConnector and judged only the TCP risk between the pools",
  // m33
  'dynamo-dsv4-pro-0813-vllm-disagg-gb200-gke-rdma-nets-cd-clique.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock) warns that the workers request the four GKE RDMA networks with no securityContext at all (no IPC_LOCK, not privileged), so registering KV memory is bounded by the node runtime's RLIMIT_MEMLOCK, which the file does not show; the expert assumed GKE's GPU nodes hand containers an unlimited memlock and judged the RDMA path declared",
  // m34
  'dynamo-dsr1-sglang-disagg-32gpu-tp16-2node-nixl-no-rdma.yaml':
    "READING: env's stated rule (env.multinode-rdma) fails a worker whose tensor/expert parallelism crosses nodes (8-GPU pods, TP16/EP16 over 2 nodes for prefill, TP16/DP16/EP16 for decode) with no RDMA path: an all-reduce or all-to-all every layer over TCP; the expert graded the same facts as at risk (not-judged), as for dynamo-dsr1-sglang-wideep-tep16p-dep16d.yaml",
  'dynamo-dsr1-vllm-disagg-gb200-16gpu-dep8-shared-cd-legacy-prefill-flag.yaml':
    "READING: env's stated rule (env.kv-connector) warns that the prefill worker is written with the pre-1.0.0 --is-prefill-worker and no --kv-transfer-config on an image whose tag (a personal dev tag) names no Dynamo version, so whether dynamo.vllm defaults it to NIXL or refuses to start it is not shown; the expert dated the file by its flags to the release that defaults to NIXL and judged the ComputeDomain path declared",
  'dynamo-eks-vllm-disagg-trainium-prefill-cuda-decode-efa-libfabric.yaml':
    "READING: as gxll-dynamo-eks-vllm-disagg-p5-efa-libfabric-tp2.yaml: env's stated rule (env.rdma-ipc-lock) warns that the Dynamo runtime image runs as uid 1000, for whom IPC_LOCK has no effect, so pinning EFA buffers on the Trainium and the p5 side is bounded by RLIMIT_MEMLOCK; the expert assumed the EKS nodes' containerd memlock limit and judged the EFA path declared",
  'dynamo-gke-sglang-dsv31-fp8-disagg-1p1d-b200-rdma8-roce-nixl.yaml':
    "READING: env's stated rules warn twice: env.rdma-ipc-lock (the sglang-runtime image runs as uid 1000, so the added IPC_LOCK does not reach the process and pinning is bounded by RLIMIT_MEMLOCK) and env.mnnvl (NCCL_MNNVL_ENABLE=1 with no ComputeDomain; on B200 nodes NCCL has no multi-node NVLink to use and, forced to 1, may refuse a multi-node communicator); the expert assumed GKE's unlimited container memlock and read the MNNVL knob as inert next to the eight declared RoCE networks",
  'dynamo-inkling-vllm-disagg-gb300-generic-shared-cd-mnnvl-tcp-fallback.yaml':
    "READING: UCX_NET_DEVICES is exported at start by a shell loop over /sys/class/infiniband (the first HCA with a netdev), so its value is not in the manifest and env skips env.ucx-net-devices (a check that matters), leaving the graph not verified; the expert read the KV path as MNNVL cuda_ipc inside the file's ComputeDomain, which UCX_NET_DEVICES does not filter, and judged it declared (whether an exported HCA would strip the tcp lane UCX_TLS keeps for the control plane is what the running pod would show)",
  'dynamo-kimi-k3-vllm-agg-h200-tp8-pp4-4node-no-rdma.yaml':
    "READING: env's stated rule (env.multinode-rdma) warns a worker spread over 4 nodes with no RDMA path even when only its pipeline stages cross them (TP8 inside each 8-GPU pod, PP4 across): activations go point to point over TCP; the expert judged the KV path alone, and an aggregated graph hands no KV between pods",
  // m35
  'nim-operator-nimservice-dra-auto-claim-selectors.yaml':
    "READING: as nimop-nimservice-dra-cel-gpu-1b.yaml: a NIMService's pods are built by the NIM Operator and the engine command is inside the NIM image, so env lists a partial graph and passes nothing (env.partial, its stated rule for such kinds); the expert judged one replica of a TP1 engine on one operator-created DRA GPU claim as aggregated",
  'nim-operator-nimservice-kata-sandbox-pgpu.yaml':
    "READING: as nimop-e2e-nimservice-llama-1gpu.yml: the NIM Operator builds the NIMService's pods (here in a Kata VM sandbox) from the NIM image, so env lists a partial graph and passes nothing (env.partial); the expert judged one replica on one passed-through nvidia.com/pgpu as one aggregated engine",
  'pstack-vllmruntime-llama32-1b-lmcache-remote-lora.yaml':
    "READING: env's stated rule (env.partial: a production-stack VLLMRuntime's pods are built by its controller, references/env-rules.md m7, serving CRDs) lists the object as a partial graph and passes nothing; the expert judged from its fields (tensorParallelSize 1, gpu 1, LMCache to a remote cache server) two aggregated 1-GPU replicas with no prefill-to-decode hand-off",
  // m36
  'tms-vllm-dp-lws-nixl-kvboth-dp4-ep-pplx-rdma-ib.yaml':
    "READING: env's stated rule (env.shm, references/env-rules.md: /dev/shm scales with the GPU processes of a pod, NCCL's SHM transport wanting 1Gi or more each) warns a 1Gi /dev/shm for the two GPU processes of each pod; the expert judged 1Gi enough for two TP1 ranks whose expert traffic goes through NVSHMEM, and the KV path declared over InfiniBand",
  'tms-vllm-dp-lws-dp4-ep-pplx-ibgda-rdma-ib-no-kv.yaml':
    "READING: as tms-vllm-dp-lws-nixl-kvboth-dp4-ep-pplx-rdma-ib.yaml: env's stated rule (env.shm) warns a 1Gi /dev/shm for two GPU processes in one pod; the expert judged it enough for two TP1 data-parallel ranks in an aggregated engine with no KV hand-off",
  'aneeshkp-llmisvc-pd-qwen-1gpu-nixl-ucx-tcp.yaml':
    "READING: env's stated rule (env.ucx-tls, references/env-rules.md 'TCP-only UCX_TLS', after UCX's cuda_ipc_iface.c) fails UCX_TLS=tcp,sm,self,cuda_copy,cuda_ipc with no RDMA device and no ComputeDomain: KV between the prefill and decode pods can only take tcp; the expert judged the same facts, a TCP path the file chooses on purpose, degraded rather than broken (not-judged)",
  'aneeshkp-llmisvc-pd-qwen-1gpu-nixl-roce-gdr-multus-rc.yaml':
    "READING: env's stated rule (env.rdma-ipc-lock, with KServe's well-known template running `main` runAsNonRoot with capabilities dropped, references/env-rules.md 'Serving CRDs') warns that the rdma/roce_gdr pods pin KV memory only up to RLIMIT_MEMLOCK; the expert held GPUDirect registration of GPU memory to be outside that limit and judged the RoCE path (device, Multus network, rc-only UCX_TLS) declared",
  'aneeshkp-llmisvc-gptoss120b-pd-tp4-decode-tp2-prefill-rdma-ib-ipclock.yaml':
    "READING: as aneeshkp-llmisvc-pd-qwen-1gpu-nixl-roce-gdr-multus-rc.yaml: env's stated rule (env.rdma-ipc-lock) warns that the IPC_LOCK the file adds does not reach a process KServe's template starts runAsNonRoot, so pinning is bounded by RLIMIT_MEMLOCK; the expert took rdma/ib with IPC_LOCK on every pod as the declared InfiniBand path",
};
