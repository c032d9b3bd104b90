import { arr, obj, type RawService, str } from './raw.js';

/**
 * The GPU model a pod is pinned to, as its node selection names it: GPU Feature Discovery's
 * `nvidia.com/gpu.product` label (NVIDIA/k8s-device-plugin, `internal/lm/resource.go`: the product
 * name, spaces as dashes, e.g. `NVIDIA-H100-80GB-HBM3`, `NVIDIA-GB200`) and GKE's
 * `cloud.google.com/gke-accelerator` (`nvidia-h100-80gb`, `nvidia-gb200`), in `nodeSelector` or a
 * required node-affinity term (`In`). references/env-rules.md, "GPU model from node selection".
 */
const GPU_KEYS = new Set(['nvidia.com/gpu.product', 'cloud.google.com/gke-accelerator']);

export function gpuModelsOf(raw: RawService): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(raw.nodeSelector ?? {})) if (GPU_KEYS.has(k) && v) out.push(v);
  const required = obj(obj(obj(raw.affinity)?.nodeAffinity)?.requiredDuringSchedulingIgnoredDuringExecution);
  for (const term of arr(required?.nodeSelectorTerms)) {
    for (const e of arr(obj(term)?.matchExpressions)) {
      const expr = obj(e);
      if (!GPU_KEYS.has(str(expr?.key) ?? '') || str(expr?.operator) !== 'In') continue;
      for (const v of arr(expr?.values)) if (str(v)) out.push(str(v) as string);
    }
  }
  return out;
}

/**
 * Multi-node NVLink exists only on the Grace superchip racks: GB200/GB300 NVL72 (and GH200 NVL32),
 * whose NVSwitch trays join the GPUs of several nodes (NVIDIA DRA driver for GPUs, ComputeDomains:
 * "Multi-Node NVLink in NVIDIA HGX GB200 NVL"; references/nvlink-domain.md). HGX boards (A100,
 * H100, H200, B200) and PCIe cards link GPUs inside one node only. True when every model named is
 * one of those: then a worker spread over nodes cannot be on one NVLink domain.
 */
export function namesOnlySingleNodeNvlink(models: readonly string[]): boolean {
  return models.length > 0 && models.every((m) => !/g[bh]\d{3}/i.test(m));
}
