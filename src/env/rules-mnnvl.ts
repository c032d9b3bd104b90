import { type Check, check } from '../core/model.js';
import type { EnvService } from './schema.js';

/**
 * Multi-node NVLink intended but not joined: `UCX_CUDA_IPC_ENABLE_MNNVL=y` or `NCCL_MNNVL_ENABLE=1`
 * asks for cuda_ipc / NCCL over the NVLink fabric between pods, which needs the pod in an IMEX
 * channel: on Kubernetes a ComputeDomain's resource claim (NVIDIA DRA driver for GPUs,
 * references/nvlink-domain.md). Without the claim the fabric handles cannot be imported in the
 * peer pod and the transfer falls back (to RDMA if there is any, else TCP).
 */
export function mnnvlCheck(s: EnvService, subject: string): Check | undefined {
  const joinsNone = s.pod.computeDomainNoMnnvl ?? [];
  if (joinsNone.length > 0)
    return check(
      'env.mnnvl',
      'warn',
      `claims ComputeDomain ${joinsNone.join(', ')}, but its node selection pins it to GPUs whose NVLink stays inside one node (HGX A100/H100/H200/B200 or PCIe, no NVSwitch trays between nodes): the IMEX channel joins no NVLink between pods on different nodes, so it is no path for KV or collectives across nodes`,
      {
        subject,
        fix: 'request the RDMA NICs (rdma/ib, EFA, a DRA claim) with IPC_LOCK for traffic between nodes; a ComputeDomain carries it only on GB200/GB300 NVL racks',
      },
    );
  const ucx = s.transportVars.UCX_CUDA_IPC_ENABLE_MNNVL?.value;
  const nccl = s.transportVars.NCCL_MNNVL_ENABLE?.value;
  const on = (v: string | undefined) => v !== undefined && /^(y|yes|1|on|true)$/i.test(v.trim());
  const asked = [
    on(ucx) ? `UCX_CUDA_IPC_ENABLE_MNNVL=${ucx}` : undefined,
    on(nccl) ? `NCCL_MNNVL_ENABLE=${nccl}` : undefined,
  ].filter((x): x is string => x !== undefined);
  if (asked.length === 0 || s.pod.computeDomainClaims.length > 0) return undefined;
  const other = s.pod.rdmaResources.length > 0 || s.pod.hostNetwork || s.pod.networkAnnotations.length > 0;
  return check(
    'env.mnnvl',
    'warn',
    `multi-node NVLink intended (${asked.join(', ')}) but the pod claims no ComputeDomain (IMEX channel): GPU memory cannot be shared over the NVLink fabric with another pod, so KV ${other ? 'falls back to the RDMA path' : 'falls back to the pod network (TCP)'}`,
    {
      subject,
      fix: 'create a ComputeDomain (resource.nvidia.com) and add its resourceClaimTemplate to both worker pods (spec.resourceClaims and the container’s resources.claims)',
    },
  );
}
