import { cleanLines } from './lines.js';

/**
 * What libibverbs (rdma-core) and the verbs programs print when a device cannot be opened, whichever command
 * printed it (`ibv_devinfo`, `ib_write_bw`, a pingpong test, UCX):
 * - libibverbs/init.c `match_device`: `libibverbs: Warning: Driver %s does not support the kernel ABI of %u
 *   (supports %u to %u) for device %s` (the provider registered with PROVIDER_DRIVER/verbs_register_driver takes
 *   only its `match_min_abi_version`..`match_max_abi_version`; the device is then left without a provider);
 * - init.c `check_abi_version`: `libibverbs: Fatal: kernel ABI version %d doesn't match library version %d.`;
 * - init.c `ibverbs_get_device_list`: `libibverbs: Warning: no userspace device-specific driver found for %s`;
 * - examples/devinfo.c and the pingpongs: `No IB devices found`, and perror's `Failed to get IB devices list: …`;
 * - perftest src/perftest_resources.c `ctx_find_dev`: ` Did not detect devices ` when the list is empty.
 * libibverbs' `Warning: couldn't load driver '…'` (dynamic_driver.c) is not among them: it names a provider
 * library that is not installed, which is harmless when no device needs it (references/read-evidence.md).
 */
export interface VerbsOpenFailure {
  line: number;
  text: string;
  /** The device the line names (`bnxt_re2`, `uverbs0`); undefined when no device at all can be opened. */
  device?: string;
  /** A provider that rejects the kernel's ABI, a device with no provider, or no device listed at all. */
  why: 'abi' | 'no-provider' | 'none';
  /** For `abi`: the provider's name and the ABI numbers. */
  abi?: { driver: string; kernel: number; min: number; max: number };
}

/** The two words above for a device no provider takes, as they read with or without libibverbs' prefix. */
export const PROVIDER_REFUSED = /no userspace device-specific driver|does not support the kernel ABI/;

const base = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? path;

export function verbsOpenFailures(text: string): VerbsOpenFailure[] {
  const out: VerbsOpenFailure[] = [];
  for (const l of cleanLines(text)) {
    const t = l.text.trim();
    const abi =
      /^libibverbs: Warning: Driver (\S+) does not support the kernel ABI of (\d+) \(supports (\d+) to (\d+)\) for device (\S+)$/.exec(
        t,
      );
    if (abi) {
      out.push({
        line: l.no,
        text: t,
        device: base(abi[5] as string),
        why: 'abi',
        abi: { driver: abi[1] as string, kernel: Number(abi[2]), min: Number(abi[3]), max: Number(abi[4]) },
      });
      continue;
    }
    const noProvider = /^libibverbs: Warning: no userspace device-specific driver found for (\S+)$/.exec(t);
    if (noProvider) {
      out.push({ line: l.no, text: t, device: base(noProvider[1] as string), why: 'no-provider' });
      continue;
    }
    if (
      /^libibverbs: Fatal: kernel ABI version \d+ doesn't match library version \d+\.?$/.test(t) ||
      /^No IB devices found$/.test(t) ||
      /^Did not detect devices$/.test(t) ||
      /^Failed to get IB devices list\b/.test(t)
    )
      out.push({ line: l.no, text: t, why: 'none' });
  }
  return out;
}
