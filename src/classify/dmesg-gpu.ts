import { type Check, check } from '../core/model.js';
import type { DmesgPeermemResult } from '../parsers/dmesg-peermem.js';
import { GPU_LOST, NVLINK_XIDS, ownXid, xidCodes } from '../parsers/dmesg-xid.js';

/**
 * The GPU end of the path in NVRM's lines (principles 4 and 5; parsers/dmesg-peermem.ts gpuFault): a GPU
 * fallen off the bus or failed at probe is lost to the node, so no KV is held on it or moved from it; an
 * NVLink error Xid (named, or as the cause of a preemptive removal) tore down the work on those GPUs and
 * breaks transfers over NVLink between them. Either is a failure with no summary line after it.
 */
export function gpuFaults(r: DmesgPeermemResult): Check[] {
  const gpu = r.lines.filter((l) => l.kind === 'gpu');
  const lostLines = gpu.filter((l) => GPU_LOST.test(l.text) || ownXid(l.text) === 79);
  const nvlinkLines = gpu.filter((l) => !lostLines.includes(l));
  const devices = (ls: typeof gpu) => [...new Set(ls.flatMap((l) => l.device ?? []))];
  const strip = (t: string) => t.replace(/^(?:\[[^\]]*\]\s*|kernel:\s*)/, '');
  const out: Check[] = [];
  const lost = lostLines[0];
  if (lost) {
    const devs = devices(lostLines);
    out.push(
      check(
        'gpu.lost',
        'fail',
        `${devs.length ? `GPU ${devs.join(', ')}` : 'a GPU'} fell off the bus or failed its probe or initialisation (line ${lost.line}: ${strip(lost.text)}): it is lost to the node, no KV is held on it or moved from it`,
        {
          ...(devs.length ? { subject: devs.join(', ') } : {}),
          fix: 'check the GPU in `lspci` (an all-ones config space is a dead link), its power, riser and PCIe slot; a GPU reset or a reboot is needed, and a repeat means the board or slot',
          data: { devices: devs },
        },
      ),
    );
  }
  const first = nvlinkLines[0];
  if (first) {
    const devs = devices(nvlinkLines);
    const codes = [
      ...new Set(nvlinkLines.flatMap((l) => xidCodes(l.text).filter((n) => NVLINK_XIDS.has(n)))),
    ].sort((a, b) => a - b);
    out.push(
      check(
        'gpu.nvlink',
        'fail',
        `NVLink error Xid ${codes.join(', ')} on ${devs.length ? devs.join(', ') : 'the GPUs'} (${nvlinkLines.length} line(s), first at line ${first.line}: ${strip(first.text)}): the work on these GPUs was torn down and KV over NVLink between them breaks`,
        {
          ...(devs.length ? { subject: devs.join(', ') } : {}),
          fix: "check `nvidia-smi nvlink -s` and `-e` and the fabric manager on this node; reset the GPUs or reboot, and look up each Xid in NVIDIA's Xid catalog for the part to replace",
          data: { devices: devs, xids: codes },
        },
      ),
    );
  }
  return out;
}

/**
 * Xid events the GPU cannot work past until it is reset (principle 4, a failure with no summary line): 48, an
 * uncorrectable double-bit ECC error in its memory, and 46, the GPU stopped processing (NVIDIA Health Validation
 * gpu_xid_46 / gpu_xid_48: CRITICAL, drain and reset the GPU); 79, the GPU fallen off the bus, is gpuFaults' (gpu.lost). KV held
 * on that GPU is lost or corrupt and nothing can be sent from it. Other Xids (a contained error, a row remap
 * pending) are left to the GPU's own checks: this reader's question is the RDMA path. A GSP RPC timeout (Xid 119)
 * alone may pass; NVRM's own `The GPU likely needs to be reset`, printed once the timeouts pass its reset threshold,
 * fails that GPU the same way.
 */
const FATAL_XID: Record<number, string> = {
  46: 'the GPU stopped processing',
  48: 'an uncorrectable double-bit ECC error in GPU memory',
};
export function xids(r: DmesgPeermemResult): Check[] {
  const out: Check[] = [];
  const seen = new Set<string>();
  for (const l of r.lines.filter((x) => x.kind === 'xid')) {
    const m = /\bNVRM: Xid \(PCI:([0-9a-f:.]+)\): (\d+),/i.exec(l.text);
    const [gpu, code] = [m?.[1] as string, Number(m?.[2])];
    const what = FATAL_XID[code];
    if (!what || seen.has(gpu)) continue;
    seen.add(gpu);
    out.push(
      check(
        'gpu.xid',
        'fail',
        `GPU ${gpu} logged Xid ${code} (line ${l.line}): ${what}; it cannot hold or send KV until it is reset`,
        {
          subject: gpu,
          fix: 'drain the node, reset the GPU (`nvidia-smi -r` or a reboot) and, if it recurs, have the GPU serviced',
          data: { gpu, xid: code },
        },
      ),
    );
  }
  // The driver's own word (kernel_gsp.c _kgspRpcIncrementTimeoutCountAndRateLimitPrints): once a GPU's GSP RPC
  // timeouts (Xid 119) pass its reset threshold, NVRM rate-limits them and says the GPU likely needs a reset.
  for (const l of r.lines) {
    const gpu = GSP_RESET.exec(l.text)?.[1];
    if (!gpu || seen.has(gpu)) continue;
    seen.add(gpu);
    out.push(
      check(
        'gpu.xid',
        'fail',
        `GPU ${gpu}'s firmware (GSP) stopped answering the driver's calls again and again (line ${l.line}: NVRM says the GPU likely needs to be reset): it cannot hold or send KV until it is reset`,
        {
          subject: gpu,
          fix: 'drain the node, reset the GPU (`nvidia-smi -r` or a reboot) and, if it recurs, have the GPU serviced',
          data: { gpu, xid: 119 },
        },
      ),
    );
  }
  return out;
}
const GSP_RESET =
  /\bNVRM: Rate limiting GSP RPC error prints for GPU at PCI:([0-9a-f:.]+)\b.*GPU likely needs to be reset/i;
