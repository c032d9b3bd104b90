import { type Check, check } from '../core/model.js';
import type { VerbsOpenFailure } from '../parsers/verbs-messages.js';

/**
 * Issue 38, principle 4: a verbs library that cannot open a device is a failure without any summary line. Port
 * rows (`rdma link`, ibstat) come from the kernel; UCX, NIXL and NCCL reach the device through libibverbs and its
 * provider. A provider that rejects the kernel's ABI, a device with no provider, or `No IB devices found` shown
 * anywhere in the paste means that path is closed, whatever the port rows say.
 */
export function classifyVerbsOpen(found: readonly VerbsOpenFailure[]): Check[] {
  if (found.length === 0) return [];
  const none = found.find((f) => f.why === 'none');
  const devices = [...new Set(found.flatMap((f) => (f.device ? [f.device] : [])))];
  const abi = found.find((f) => f.abi);
  const why = [
    ...(abi?.abi
      ? [
          `line ${abi.line}: the ${abi.abi.driver} provider takes kernel ABI ${abi.abi.min === abi.abi.max ? abi.abi.min : `${abi.abi.min} to ${abi.abi.max}`}, ${abi.device} has ${abi.abi.kernel}`,
        ]
      : []),
    ...found
      .filter((f) => f.why === 'no-provider')
      .slice(0, 1)
      .map((f) => `line ${f.line}: no userspace provider for ${f.device}`),
    ...(none ? [`line ${none.line}: \`${none.text}\``] : []),
  ];
  const what = none
    ? 'no verbs device can be opened here'
    : `the verbs library cannot open ${devices.join(', ')}`;
  return [
    check(
      'rdma.verbs',
      'fail',
      `${what} (${why.join('; ')}): UCX, NIXL and NCCL reach RDMA through verbs, so ${none ? 'no' : 'that'} RDMA device can carry KV traffic, whatever its port state shows`,
      {
        ...(!none && devices.length === 1 ? { subject: devices[0] as string } : {}),
        fix: abi
          ? 'use the rdma-core (libibverbs and its provider) that matches the kernel driver: the container or host userspace is from another release than the driver (for bnxt_re, the Broadcom library built for this driver)'
          : 'install the rdma-core provider for this HCA matching its kernel driver; in a pod, request the RDMA device-plugin resource so the devices are mounted',
        data: { devices, lines: found.map((f) => f.line), ...(none ? { none: true } : {}) },
      },
    ),
  ];
}
