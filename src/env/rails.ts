import { isRdmaResource } from './resolve.js';
import type { EnvService } from './schema.js';

/**
 * How many RDMA devices the container asks for by count (`rdma/ib: "4"`, SR-IOV VFs, one GKE RDMA network per
 * NIC), or undefined where a count is no device count: a shared pool (k8s-rdma-shared-dev-plugin's resources give
 * every pod all of the pool's HCAs whatever the quantity, its names carry `shared` by convention), a DRA claim,
 * or a quantity that is no whole number.
 */
export function rdmaDeviceCount(resources: Record<string, string>): number | undefined {
  const names = Object.keys(resources).filter(isRdmaResource);
  if (names.length === 0 || names.some((n) => /shared/i.test(n))) return undefined;
  let sum = 0;
  for (const n of names) {
    const q = Number(resources[n]);
    if (!Number.isInteger(q) || q < 1) return undefined;
    sum += q;
  }
  return sum;
}

/**
 * A UCX_NET_DEVICES that names fewer RDMA ports than the GPUs of the worker and the RDMA devices its pod is
 * granted: every rank of the worker reads the same variable, so all of its KV leaves through those ports and the
 * other rails it was given stay idle ("one rail of eight"; issue 38, P5: KV survives, slower). A warning.
 */
export function railsLeftIdle(
  s: EnvService,
  ports: number,
  resources: Record<string, string>,
): string | undefined {
  const gpus = s.pod.gpus ?? 0;
  const devices = rdmaDeviceCount(resources);
  if (devices === undefined || gpus < 2 || ports >= Math.min(gpus, devices)) return undefined;
  return `${ports === 1 ? 'one RDMA port' : `${ports} RDMA ports`} for ${gpus} GPUs of a pod granted ${devices} RDMA devices: every rank's KV leaves through ${ports === 1 ? 'it' : 'them'} and the other rails stay idle`;
}
