import type { ManifestCase } from './manifests.table.js';

/**
 * Manifest batch m36 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest.
 *
 * Sources: users' own repositories, not upstream examples. A vLLM maintainer's personal LWS playground for
 * data-parallel/expert-parallel and P/D on H200 with InfiniBand (tlrmchlsmth/vllm-dp-lws, two materially different
 * versions of its lws.yaml), a Red Hat engineer's llm-d conformance LLMInferenceServices (aneeshkp), a Chinese
 * on-prem user's LWS SGLang/vLLM P/D experiments on shared HCAs (zhaotyer/lws_usage), and small single-user vLLM
 * deployments on EKS, AKS and LWS (IMOKURI, hsb943, ratishjain12, felipemoz, marcin119a). Files fetched as snapshots
 * were copied with git show; the others are the read_file text of the commit named, length checked against total_chars.
 * aneeshkp's pd.yaml (the same as pd-tcp.yaml but for its name) and moe.yaml (KServe's DeepSeek DP/EP RoCE sample
 * with its comments removed, already in the corpus) were left out.
 */

const GIT_SHOW = '(copied with git show at that commit)';
const READ_FILE =
  "(text exactly as the search tool's read_file returned it for that commit, its length checked against total_chars)";
const TMS = 'https://github.com/tlrmchlsmth/vllm-dp-lws/blob';
const ANEESH = 'https://github.com/aneeshkp/llm-d-conformance-manifests/blob';
const ZHAO = 'https://github.com/zhaotyer/lws_usage/blob/1569983b5283fd52190bfa60ca3b62a6ebc219ef';

export const MANIFESTS_m36: ManifestCase[] = [
  {
    file: 'tms-vllm-dp-lws-nixl-kvboth-dp4-ep-pplx-rdma-ib.yaml',
    source: `${TMS}/fad4b6392d582d6c5766a1360778afe9f99755ab/lws.yaml ${GIT_SHOW} (the commit titled "P/D")`,
    expert: 'no-problem',
    why: 'LWS template (name left as __LWS_NAME__, applied once per P/D instance by the repo): one vLLM engine DP4 with expert parallelism (pplx over NVSHMEM ibrc) across a leader and a worker pod of 2 H200 each, NixlConnector kv_both; every pod requests rdma/ib with IPC_LOCK and UCX_TLS is left open, so NIXL finds rc on the HCA; the cross-pod KV hand-off and the all-to-all both have their InfiniBand path declared (a 1Gi /dev/shm is enough with TP1 inside each pod)',
  },
  {
    file: 'tms-vllm-dp-lws-dp4-ep-pplx-ibgda-rdma-ib-no-kv.yaml',
    source: `${TMS}/6e4e32c48b042fd45a7b368a827c658e85ecd542/lws.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'the same LWS at its last version: one vLLM engine DP4 with expert parallelism over two 2-GPU H200 pods (pplx, NVSHMEM ibgda), no --kv-transfer-config (the NIXL side-channel variables are left over but nothing uses them): aggregated, no KV hand-off between pods; the cross-pod all-to-all has rdma/ib, IPC_LOCK and SYS_RAWIO declared',
  },
  {
    file: 'imokuri-vllm-lws-pp2-two-a100-pcie-pods-ray-no-rdma.yaml',
    source: `https://github.com/IMOKURI/vllm-lws/blob/0c6bf87ec93bcc465614204aeed903da55e0a11d/vllm-lws.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: 'LWS of size 2 on A100 PCIe nodes: aggregated vLLM (Qwen2.5-3B) TP1 x PP2 over a Ray leader and a worker pod of 1 GPU each; no RDMA/EFA resource, RDMA network or NCCL setting: no KV hand-off, but the pipeline stage traffic between the two pods rides the pod network over TCP',
  },
  {
    file: 'hsb943-eks-vllm-qwen25-7b-deployment-1gpu.yaml',
    source: `https://github.com/hsb943/eks-vllm-inference-benchmark/blob/6c875fcd515500633a3d043be45e05e8c9309dd2/k8s/vllm-deployment.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'EKS Deployment: one replica of vLLM Qwen2.5-7B on one GPU, prefix caching only: no KV connector and no hand-off between pods',
  },
  {
    file: 'ratishjain-eks-lws-size1-vllm-llama8b-efa-commented.yaml',
    source: `https://github.com/ratishjain12/eks-vllm-multinode/blob/1aedc8771d0c7ff0b0f14fd8dc27a6b183c72cb7/lws.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'EKS LWS of size 1: vLLM Llama-3.1-8B TP1 PP1 on one GPU (the EFA resource and FI_PROVIDER are commented out for a later multi-node setup, the worker template is never used): one engine in one pod, nothing crosses pods',
  },
  {
    file: 'aneeshkp-llmisvc-pd-qwen-1gpu-nixl-ucx-tcp.yaml',
    source: `${ANEESH}/8602dad0c0f4dc1bb08ca48fab150c0553ea3ffe/pd-tcp.yaml ${GIT_SHOW}`,
    expert: 'not-judged',
    why: 'KServe LLMInferenceService (llm-d conformance, "P/D over TCP"): 1 decode and 2 prefill pods of 1 GPU each, NixlConnector kv_both, UCX_TLS tcp,sm,self,cuda_copy,cuda_ipc and no RDMA device: the KV hand-off between pods is TCP by design (cuda_ipc cannot reach another pod): degraded, not broken',
  },
  {
    file: 'aneeshkp-llmisvc-pd-qwen-1gpu-nixl-roce-gdr-multus-rc.yaml',
    source: `${ANEESH}/8602dad0c0f4dc1bb08ca48fab150c0553ea3ffe/pd-rdma.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'KServe LLMInferenceService (llm-d conformance, "P/D over RDMA"): 1 decode and 2 prefill pods of 1 GPU each, each with rdma/roce_gdr and the Multus RoCE network roce-p2 (a k8s.v1.cni.cncf.io annotation, which KServe passes to the pods), NixlConnector kv_both with UCX_TLS rc,sm,self,cuda_copy,cuda_ipc (no tcp): the KV path is declared over RoCE with GPUDirect (GPU memory registration is not bounded by the memlock limit)',
  },
  {
    file: 'aneeshkp-llmisvc-gptoss120b-pd-tp4-decode-tp2-prefill-rdma-ib-ipclock.yaml',
    source: `${ANEESH}/80d251670f9dcb953e8ba8f252a1ddab9f6cc02d/pd-performance.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'KServe LLMInferenceService v1alpha2 for gpt-oss-120b: 2 decode pods TP4 and 4 prefill pods TP2, each pod whole on its GPUs with a 16Gi /dev/shm, rdma/ib and IPC_LOCK, NixlConnector kv_both with UCX_TLS left open (rc on the HCA): the KV path between pods is declared over InfiniBand',
  },
  {
    file: 'felipemoz-aks-vllm-qwen3-tp-envsubst-gpus-shm32g.yaml',
    source: `https://github.com/felipemoz/vllm-on-azure/blob/8e99e5add1cda234d9bfe65eb81420a093e2e3cb/k8s/vllm-deployment.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'AKS Deployment with envsubst placeholders: each replica one vLLM engine with --tensor-parallel-size equal to the GPUs it requests (VLLM_GPU_COUNT) and a 32Gi memory /dev/shm: tensor parallelism stays inside the pod, no KV connector, no hand-off between pods',
  },
  {
    file: 'marcin-bielik-vllm-cpu-device-deployment-no-gpu.yaml',
    source: `https://github.com/marcin119a/bielik_vllm/blob/3ab69d3b89dc5bdbecf13afd6e244275810a138a/k8s/vllm-deployment.yaml ${READ_FILE}`,
    expert: 'no-problem',
    why: 'one vLLM replica on CPU (--device cpu, no GPU requested) serving Bielik-4.5B: no GPU, no KV connector, nothing crosses pods',
  },
  {
    file: 'zhaotyer-lws-sglang-1p1d-tp1-same-host-hca-shared-ipclock.yaml',
    source: `${ZHAO}/sglang_pd.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'two LWS of size 1 (SGLang 0.5.6 prefill and decode, TP1, 1 GPU each, default Mooncake transfer backend), both pinned to host dev39, each with rdma/hca_shared_devices_a and IPC_LOCK and a 50Gi /dev/shm, plus an sglang_router Deployment: the KV hand-off has the HCA declared on both sides (Mooncake finds the devices itself when --disaggregation-ib-device is absent)',
  },
  {
    file: 'zhaotyer-lws-sglang-1p1d-tp2-two-1gpu-pods-hca-shared.yaml',
    source: `${ZHAO}/sglang_pd_1.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'two LWS of size 2 (SGLang prefill and decode, each TP2 as --nnodes 2 over two 1-GPU pods), all four pods on host dev39 with rdma/hca_shared_devices_a, IPC_LOCK and a 50Gi /dev/shm: both the KV hand-off (Mooncake) and the tensor-parallel traffic between pods (NCCL sees two hosts and takes the HCA) have their RDMA path declared',
  },
  {
    file: 'zhaotyer-lws-vllm-p2pnccl-1p1d-proxy-loopback-v0-proxy.yaml',
    source: `${ZHAO}/vllm_pd.yaml ${GIT_SHOW}`,
    expert: 'problem',
    why: 'vLLM 0.11 1P1D with P2pNcclConnector in two LWS pods on host dev32 (rdma/hca_shared_devices_a, IPC_LOCK), but each names proxy_ip and http_ip 127.0.0.1 while the proxy runs in a third pod without host network, and that proxy is the old disagg_prefill_proxy_server.py, which takes no P2pNccl registration and does not put the decode address into the request id: the prefill cannot find the decode to send KV to',
  },
  {
    file: 'zhaotyer-lws-sglang-glm5-tp16-two-8gpu-nodes-hca-shared.yaml',
    source: `${ZHAO}/sglang_glm5.yaml ${GIT_SHOW}`,
    expert: 'no-problem',
    why: 'LWS of size 2 pinned to hosts dev32 and dev39: aggregated SGLang GLM-5 TP16 over two 8-GPU pods (--nnodes and --node-rank from the LWS variables), each with rdma/hca_shared_devices_a, IPC_LOCK and a 50Gi /dev/shm: no KV hand-off, and the tensor-parallel traffic between the nodes has its RDMA path declared',
  },
  {
    file: 'zhaotyer-sts-sglang-dsv3-tp16-2x8gpu-no-nnodes-rank.yaml',
    source: `${ZHAO}/k8s_sglang.yaml ${GIT_SHOW}`,
    expert: 'problem',
    why: 'StatefulSet of 2 pods of 8 GPUs (rdma/hca_shared_devices_a, IPC_LOCK, 100Gi /dev/shm) each starting SGLang DeepSeek-V3 with --tensor-parallel-size 16 and --dist-init-addr but no --nnodes or --node-rank: each pod is node 0 of a one-node group asking for 16 GPUs on 8, so the TP16 group never forms across the two pods',
  },
];
