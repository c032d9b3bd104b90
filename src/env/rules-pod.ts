import { type Check, check } from '../core/model.js';
import { toQuantity } from '../core/size.js';
import { MEMLOCK_FIX } from '../engines/hints.js';
import type { RawService } from './raw.js';
import type { EngineFacts } from './resolve.js';
import { ACCELERATOR_RESOURCE } from './roles.js';
import { isEfa, SHM_FAIL_BYTES, SHM_PER_GPU_BYTES, SHM_WARN_BYTES } from './rules.js';
import type { EnvService } from './schema.js';
import { describeKv, engineOf, flagValue } from './serving-engine.js';

/** Per-service rules about the pod itself: EFA and its KV backend, IPC_LOCK for RDMA, /dev/shm. */
const LIBFABRIC_SWITCH: Record<string, string> = {
  vllm: '--kv-transfer-config \'{"kv_connector":"NixlConnector","kv_role":"kv_both","kv_connector_extra_config":{"backends":["LIBFABRIC"]}}\'',
  trtllm: 'TRTLLM_NIXL_KVCACHE_BACKEND=LIBFABRIC (with cache_transceiver_config.backend NIXL or DEFAULT)',
  sglang: '--disaggregation-transfer-backend nixl with SGLANG_DISAGGREGATION_NIXL_BACKEND=LIBFABRIC',
};

/**
 * EFA: KV takes it through NIXL's LIBFABRIC plugin, which needs libfabric's efa provider
 * (FI_PROVIDER unset or efa), device RDMA (FI_EFA_USE_DEVICE_RDMA not 0) and the EFA device with
 * IPC_LOCK (ipcLockCheck). A vLLM or SGLang worker that requests EFA but keeps NIXL on UCX is
 * warned: UCX over EFA (srd) works, and Dynamo's disagg communication guide calls it not
 * recommended for production. TensorRT-LLM is the exception: Dynamo's TRT-LLM KV-cache guide
 * (docs/backends/trtllm/trtllm-kv-cache-transfer.md @04521f47, "Specify Backends for NIXL")
 * calls UCX with SRD "the tested and recommended backend" on AWS EFA.
 */
export function efaCheck(s: EnvService, subject: string, facts: EngineFacts = {}): Check | undefined {
  if (!s.pod.rdmaResources.some(isEfa)) return undefined;
  const kv = facts.kv;
  if (!kv) return undefined;
  const notes: string[] = [];
  let status: 'ok' | 'warn' = 'ok';
  if (kv.transport === 'NIXL' && kv.nixlPlugin === 'UCX' && facts.engine === 'trtllm') {
    const tls = s.transportVars.UCX_TLS;
    const noSrd =
      tls?.visible &&
      tls.value !== undefined &&
      !tls.value.startsWith('^') &&
      !/\b(srd|all)\b/.test(tls.value);
    if (!noSrd)
      return check(
        'env.efa',
        'ok',
        `EFA with NIXL/UCX over srd (${kv.from}): Dynamo's tested and recommended path for TensorRT-LLM`,
        { subject },
      );
    return check(
      'env.efa',
      'warn',
      `NIXL uses UCX over EFA (${kv.from}), as Dynamo recommends for TensorRT-LLM, but UCX_TLS=${tls?.value} leaves out srd, EFA's transport`,
      { subject, fix: 'add srd to UCX_TLS (e.g. UCX_TLS=srd,cuda_copy,tcp), or unset it' },
    );
  }
  if (kv.transport === 'NIXL' && kv.nixlPlugin === 'UCX') {
    status = 'warn';
    const kvbm = Object.keys(s.transportVars).filter((n) => /^DYN_KVBM_NIXL_BACKEND_/.test(n));
    notes.push(
      `EFA is requested but NIXL uses UCX (${kv.from}): the switch to LIBFABRIC is missing, so KV runs UCX over EFA (srd), which Dynamo calls not recommended for production and which falls back to TCP on kernels 6.8 and later (aiconfigurator's EFA profile; the kernel is not in the manifest)${kvbm.length ? ` (${kvbm.join(', ')} configure KVBM's offload, not the prefill→decode transfer)` : ''}`,
    );
  }
  if (kv.transport === 'MOONCAKE') {
    // Mooncake's RDMA transport opens RC queue pairs; the EFA provider creates UD and SRD ones only. Mooncake reaches
    // EFA through its own EFA transport (a USE_EFA build, protocol "efa"), which a manifest does not show: at risk.
    status = 'warn';
    notes.push(
      `EFA is requested but KV moves by Mooncake (${kv.from}): Mooncake's RDMA transport opens RC queue pairs, which the EFA provider refuses (it creates UD and SRD ones only), and its EFA transport needs a Mooncake build with EFA support and the protocol "efa", which nothing here shows`,
    );
    return check('env.efa', 'warn', notes.join('; '), {
      subject,
      fix: `move KV to NIXL over LIBFABRIC: ${LIBFABRIC_SWITCH[facts.engine ?? ''] ?? 'see references/env-rules.md'}; or run a Mooncake build with its EFA transport`,
    });
  }
  if (kv.transport === 'NIXL' && kv.nixlPlugin === 'LIBFABRIC') {
    const prov = s.transportVars.FI_PROVIDER;
    if (prov?.visible && prov.value !== undefined && !/(^|[,;])\s*efa\b/i.test(prov.value)) {
      status = 'warn';
      notes.push(
        `FI_PROVIDER=${prov.value}: libfabric will not use the EFA provider, so KV goes over ${prov.value}`,
      );
    }
    const rdma = s.transportVars.FI_EFA_USE_DEVICE_RDMA;
    if (rdma?.visible && rdma.value !== undefined && /^(0|false|no|off)$/i.test(rdma.value)) {
      status = 'warn';
      notes.push(
        `FI_EFA_USE_DEVICE_RDMA=${rdma.value}: EFA device RDMA is off, GPU memory is staged through the host`,
      );
    }
  }
  if (status === 'ok') return check('env.efa', 'ok', `EFA with ${describeKv(kv)} (${kv.from})`, { subject });
  return check('env.efa', 'warn', notes.join('; '), {
    subject,
    fix: `switch the engine to LIBFABRIC: ${LIBFABRIC_SWITCH[facts.engine ?? ''] ?? 'see references/env-rules.md'}; keep FI_PROVIDER=efa and FI_EFA_USE_DEVICE_RDMA=1`,
  });
}

/**
 * env.rdma-ipc-lock: RDMA registration pins memory, bounded by RLIMIT_MEMLOCK unless the
 * process holds CAP_IPC_LOCK (drivers/infiniband/core/umem.c ib_umem_get). A root worker
 * gets it from IPC_LOCK (or privileged); a non-root one never does, whatever the pod adds
 * (no ambient capabilities: capabilities(7), kubernetes/kubernetes#56374), so for it the
 * fix is the limit itself (references/gpu-isolation.md).
 */
export function ipcLockCheck(s: EnvService, subject: string): Check | undefined {
  if (s.pod.rdmaResources.length === 0) return undefined;
  const res =
    s.pod.rdmaResources.length > 2
      ? `${s.pod.rdmaResources[0]} +${s.pod.rdmaResources.length - 1} more`
      : s.pod.rdmaResources.join(', ');
  const user = s.pod.user;
  if (user && user.uid !== 0) {
    const caps = s.pod.ipcLock ? 'IPC_LOCK has no effect' : 'IPC_LOCK would have no effect';
    return check(
      'env.rdma-ipc-lock',
      'warn',
      `${res} as ${user.uid === undefined ? 'a non-root user' : `uid ${user.uid}`} (${user.from}): ${caps} for a non-root user (no ambient capabilities), so pinning KV memory is bounded by RLIMIT_MEMLOCK`,
      { subject, fix: MEMLOCK_FIX },
    );
  }
  if (s.pod.ipcLock || s.pod.privileged) {
    return check(
      'env.rdma-ipc-lock',
      'ok',
      `${res} with ${s.pod.ipcLock ? 'IPC_LOCK' : 'privileged'}${user ? ' as root' : ''}`,
      { subject },
    );
  }
  return check(
    'env.rdma-ipc-lock',
    'warn',
    `requests ${s.pod.rdmaResources.join(', ')} without IPC_LOCK or privileged: registering KV memory can fail (ibv_reg_mr: cannot allocate memory)`,
    {
      subject,
      fix: `add securityContext.capabilities.add: [IPC_LOCK] to the worker container (it helps a root user only); for a non-root one, ${MEMLOCK_FIX}`,
    },
  );
}

/** A model accelerator that is not a GPU (TPU, Neuron, Gaudi, NPU): its pod runs no NCCL. */
function nonGpuAccelerator(resources: Readonly<Record<string, string>>): boolean {
  return Object.entries(resources).some(
    ([r, n]) => ACCELERATOR_RESOURCE.test(r) && !/(^|\/)gpu$|^gpu\.intel\.com\//.test(r) && n !== '0',
  );
}

/**
 * The fix in the field that sets this /dev/shm: the Dynamo operator's (v1alpha1 `sharedMemory.size`, v1beta1
 * `sharedMemorySize`) where the operator sized it, else a Memory emptyDir on the pod, the only way a plain workload
 * (Deployment, LeaderWorkerSet, RoleBasedGroup, a serving CRD's template) gets one.
 */
function shmFix(source: string): string {
  const emptyDir = 'mount a Memory emptyDir (sizeLimit 16Gi or more) at /dev/shm';
  if (source === 'sharedMemory') return `set sharedMemory.size to 16Gi or more, or ${emptyDir}`;
  if (source === 'sharedMemorySize') return `set sharedMemorySize to 16Gi or more, or ${emptyDir}`;
  if (source === 'operator-default' || source === 'disabled')
    return `set sharedMemory.size (v1alpha1) or sharedMemorySize (v1beta1) to 16Gi or more, or ${emptyDir}`;
  return emptyDir;
}

const SHM_SOURCE: Record<string, string> = {
  sharedMemory: 'sharedMemory.size',
  sharedMemorySize: 'sharedMemorySize',
  'operator-default': 'the operator default',
  volume: 'a Memory emptyDir at /dev/shm',
  host: 'the host /dev/shm',
  disabled: 'shared memory disabled: the container runtime default',
  'runtime-default': 'no /dev/shm volume: the container runtime default',
};

/**
 * /dev/shm scales with the processes that share it: NCCL's shared-memory transport and the
 * engine's per-GPU workers use it, so the need grows with the GPUs (or tensor parallelism) of the
 * worker. A single-GPU worker has no NCCL peer on its node: a small /dev/shm is a warn at most, and
 * nothing in an aggregated graph (no KV leaves the pod either). Pods whose accelerators are not
 * counted as `nvidia.com/gpu` (Neuron, TPU, Gaudi, DRA devices) are worded as engine processes.
 */
export function shmCheck(
  s: EnvService,
  subject: string,
  facts: EngineFacts = {},
  /** The container's resource requests, where the caller has them (non-GPU accelerators run no NCCL). */
  resources: Readonly<Record<string, string>> = {},
  /** False when nothing shows what the container runs: no command line, launcher or declared worker role. */
  programShown = true,
  /** The container starts a model server with no prefill/decode hand-off (agg-servers.ts): an engine, serving alone. */
  servesAlone = false,
): Check | undefined {
  const shm = s.pod.shm;
  if (!shm) return undefined;
  const where = SHM_SOURCE[shm.source] ?? shm.source;
  if (shm.bytes === undefined) return check('env.shm', 'ok', `/dev/shm ${shm.size} (${where})`, { subject });
  const fix = shmFix(shm.source);
  const size = shm.source === 'volume' || shm.source.startsWith('shared') ? shm.size : toQuantity(shm.bytes);
  // Cloud TPU: the chips of a host exchange tensors over ICI under one XLA program, and TPU KV leaves over the
  // data-center network (graph-rules.ts onTpu): neither passes through /dev/shm, so its size is no risk to either.
  const tpu = resources['google.com/tpu'];
  if (tpu !== undefined && tpu !== '0')
    return check(
      'env.shm',
      'ok',
      `/dev/shm ${size} (${where}) on Cloud TPU (google.com/tpu ${tpu}): the chips' collectives run over ICI and TPU KV over the data-center network, not through /dev/shm`,
      { subject },
    );
  // The processes that share one pod's /dev/shm: its GPUs, or its share of a tensor-parallel group spread over nodes.
  const ranks = facts.oneProcess
    ? 1
    : Math.max(s.pod.gpus ?? 0, Math.ceil((facts.tensorParallel ?? 0) / Math.max(s.pod.nodeCount, 1)), 1);
  // Only an nvidia.com/gpu count shows GPUs; other accelerators (Neuron, TPU, Gaudi, DRA devices) are the engine's processes.
  const unit = s.pod.gpus !== undefined ? 'GPU' : 'engine';
  const who = ranks > 1 ? `${ranks} ${unit} processes` : `one ${unit} process`;
  const want = Math.max(SHM_WARN_BYTES, ranks * SHM_PER_GPU_BYTES);
  // The GPUs say how many processes may share it; what runs in them is shown by an engine or a command line. An
  // unknown image's own entrypoint may be one process or one per GPU: not shown, so at risk, never failed (issue 38, P2).
  if (shm.bytes < SHM_FAIL_BYTES && ranks > 1 && !programShown && facts.engine === undefined)
    return check(
      'env.shm',
      'warn',
      `/dev/shm is ${size} (${where}) for ${ranks} ${unit}s whose program is the image's own entrypoint, not shown: if it runs one process per ${unit}, their shared-memory transport runs out (NCCL needs 1Gi or more)`,
      { subject, fix },
    );
  if (shm.bytes < SHM_FAIL_BYTES && ranks > 1) {
    return check(
      'env.shm',
      'fail',
      `/dev/shm is ${size} (${where}) for ${who}: ${unit === 'GPU' ? "NCCL's" : 'the collective library’s'} shared-memory transport between them runs out (NCCL needs 1Gi or more)`,
      { subject, fix },
    );
  }
  // One serving-engine process in an aggregated graph: no NCCL peer in the pod, no KV hand-off to
  // another pod. (Anything else that moves data itself, a benchmark, keeps the warn.)
  // A pod of non-GPU accelerators (TPU, Neuron, Gaudi, NPU) runs no NCCL at all.
  const engine =
    (facts.engine !== undefined && facts.engine !== 'mocker') || servesAlone || nonGpuAccelerator(resources);
  if (ranks === 1 && s.role === 'agg' && engine && shm.bytes < want)
    return check(
      'env.shm',
      'ok',
      `/dev/shm ${size} (${where}) for ${who} in an aggregated graph: no NCCL peer in the pod and no KV hand-off use it`,
      { subject },
    );
  if (shm.bytes < want && (ranks > 1 || shm.bytes < SHM_FAIL_BYTES))
    return check('env.shm', 'warn', `/dev/shm is only ${size} (${where}) for ${who}`, { subject, fix });
  return check('env.shm', 'ok', `/dev/shm ${size} (${where}) for ${who}`, { subject });
}

/**
 * `CUDA_VISIBLE_DEVICES` is read inside the container, where the device plugin has left only the
 * GPUs granted to it, numbered from 0. CUDA makes visible only the devices listed before the first
 * invalid index (CUDA C++ Programming Guide, "CUDA Environment Variables"), so an index at or above
 * the granted count hides every GPU after it: the first entry invalid leaves the engine no GPU at
 * all (fail, issue 38 P5: the engine cannot start, so no KV moves); a later one leaves it fewer GPUs
 * than the list names (warn). UUIDs (`GPU-…`, `MIG-…`), unknown counts, and containers that may see more GPUs
 * than granted (privileged, `NVIDIA_VISIBLE_DEVICES=all`: NVIDIA/nvidia-container-toolkit's
 * `NVIDIA_VISIBLE_DEVICES` values, docs "Specialized Configurations with Docker") are not judged.
 */
export function cudaVisibleCheck(
  s: EnvService,
  env: Record<string, string>,
  subject: string,
): Check | undefined {
  const value = env.CUDA_VISIBLE_DEVICES?.trim();
  const gpus = s.pod.gpus;
  if (value === undefined || value === '' || !gpus || !/^\d+(\s*,\s*\d+)*$/.test(value)) return undefined;
  // A privileged container gets the host's /dev, every GPU device node with it, and NVIDIA_VISIBLE_DEVICES=all
  // asks the container toolkit for every GPU of the node: either way the container may see more GPUs than it was
  // granted, numbered by the host, so the grant does not bound the indices (not shown, never failed).
  const toolkit = env.NVIDIA_VISIBLE_DEVICES?.trim();
  if (s.pod.privileged || toolkit === 'all') return undefined;
  const ids = value.split(',').map((x) => Number(x.trim()));
  const firstBad = ids.findIndex((i) => i >= gpus);
  if (firstBad < 0) return undefined;
  const granted = `the container is granted ${gpus} GPU${gpus === 1 ? '' : 's'}, which it sees as ${gpus === 1 ? 'device 0' : `devices 0-${gpus - 1}`}`;
  const fix = `list indices below ${gpus} (or unset CUDA_VISIBLE_DEVICES: the device plugin already limits the container to its GPUs)`;
  if (firstBad === 0)
    return check(
      'env.cuda-visible-devices',
      'fail',
      `CUDA_VISIBLE_DEVICES=${value} but ${granted}: CUDA stops at the first invalid index, so the engine sees no GPU and cannot start`,
      { subject, fix },
    );
  return check(
    'env.cuda-visible-devices',
    'warn',
    `CUDA_VISIBLE_DEVICES=${value} but ${granted}: CUDA stops at index ${ids[firstBad]}, so the engine sees ${firstBad} of the ${ids.length} GPUs listed`,
    { subject, fix },
  );
}

/**
 * A vLLM engine whose tensor × pipeline parallel size needs more GPUs than every pod of its graph holds, on one
 * pod that declares no other node (`--nnodes`, a multi-node group): vLLM fits its world on this node's GPUs or
 * borrows the rest from a Ray cluster's other pods (vllm-project/vllm vllm/config/parallel.py, ParallelConfig
 * __post_init__: up to v0.10 `cuda_device_count_stateless() < self.world_size` makes the backend `ray`; later
 * releases refuse "World size … is larger than the number of available GPUs … in this node" unless
 * `--distributed-executor-backend ray` or `--nnodes` is set). Those other pods are not in the file: the GPUs
 * and the path between them are not shown (issue 38, P2/P3), or the engine cannot start.
 */
export function worldBeyondPodsCheck(
  s: EnvService,
  raw: RawService,
  subject: string,
  graphGpus: number,
): Check | undefined {
  if (engineOf(raw) === 'sglang') return sglangWorldCheck(s, raw, subject);
  if (engineOf(raw) !== 'vllm' || s.pod.gpus === undefined || s.pod.gpus <= 0 || s.pod.nodeCount > 1)
    return undefined;
  if (flagValue(raw.argv, '--nnodes') !== undefined) return undefined;
  const size = (flag: string) => {
    const v = Number(flagValue(raw.argv, flag)?.replace(/['"]/g, ''));
    return Number.isInteger(v) && v > 0 ? v : 1;
  };
  const world = size('--tensor[-_]parallel[-_]size') * size('--pipeline[-_]parallel[-_]size');
  if (world <= s.pod.gpus || world <= graphGpus) return undefined;
  return check(
    'env.world-size',
    'warn',
    `vLLM asks tensor × pipeline parallel ${world} GPUs, but its pod holds ${s.pod.gpus} and every pod of its graph ${graphGpus}: the Ray cluster's other pods that would lend the rest are not in the file, so their GPUs and the path between the nodes are not shown (without them vLLM refuses to start)`,
    {
      subject,
      fix: "declare the worker pods (a Ray worker group, a LeaderWorkerSet or the runtime's worker part) with their RDMA path, or size the parallelism to the pod",
    },
  );
}

/**
 * SGLang with no `--nnodes` (nnodes 1) starts one scheduler per tensor × pipeline rank on this node's GPU
 * `base_gpu_id + pp_rank × tp_size_per_node + tp_rank × gpu_id_step`, tp_size_per_node being tp_size ÷ max(nnodes ÷
 * pp_size, 1) (sgl-project/sglang python/sglang/srt/entrypoints/engine.py `_launch_subprocesses`), and lends no rank
 * to another pod (no Ray executor): ranks past the pod's GPUs find no device, so the engine cannot start however many
 * pods like it the graph holds (issue 38, P5).
 */
function sglangWorldCheck(s: EnvService, raw: RawService, subject: string): Check | undefined {
  if (s.pod.gpus === undefined || s.pod.gpus <= 0 || s.pod.nodeCount > 1) return undefined;
  if (flagValue(raw.argv, '--nnodes') !== undefined) return undefined;
  const size = (flag: string) => {
    const v = Number(flagValue(raw.argv, flag)?.replace(/['"]/g, ''));
    return Number.isInteger(v) && v > 0 ? v : 1;
  };
  const tp = size('--(?:tp|tp[-_]size|tensor[-_]parallel[-_]size)');
  const pp = size('--(?:pp[-_]size|pipeline[-_]parallel[-_]size)');
  if (tp * pp <= s.pod.gpus) return undefined;
  return check(
    'env.world-size',
    'fail',
    `SGLang runs tensor × pipeline parallel ${tp * pp} ranks on one node (no --nnodes), one per GPU, but its pod holds ${s.pod.gpus}: the ranks past GPU ${s.pod.gpus - 1} find no device and the engine cannot start`,
    {
      subject,
      fix: 'give each pod of a multi-node engine --nnodes, --node-rank and one --dist-init-addr (a LeaderWorkerSet sets them from LWS_GROUP_SIZE and LWS_WORKER_INDEX), or size the parallelism to the pod',
    },
  );
}
