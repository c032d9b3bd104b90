/**
 * NVSwitch errors in the kernel log. The nvswitch driver logs each error as `nvidia-nvswitchN: SXid (PCI:…): <code>,
 * <Fatal|Non-fatal>, <what>`, and for a hardware error it recorded, a line `… SXid (PCI:…): <code>, Severity %d
 * Engine instance %02d Sub-engine instance %02d` (open-gpu-kernel-modules src/common/nvswitch/kernel/error_nvswitch.c
 * _nvswitch_dump_error_entry), its severity NVSWITCH_ERROR_SEVERITY_NONFATAL = 0 or _FATAL = 1
 * (src/common/nvswitch/interface/ctrl_dev_nvswitch.h). An NVSwitch carries NVLink between the GPUs of an HGX board.
 */
export interface SxidError {
  line: number;
  /** The switch as the driver names it (`nvidia-nvswitch1`). */
  nvswitch: string;
  code: number;
  /** Fatal (`Fatal`, `Severity 1`), non-fatal (`Non-fatal`, `Severity 0`), or not said in the line. */
  fatal?: boolean;
  text: string;
}

const SXID = /\b(nvidia-nvswitch\d+): SXid \(PCI:[0-9a-f:.]+\): (\d+),\s*(Fatal|Non-fatal|Severity (\d+))?/i;

/** The SXid lines of a paste, in log order, into `r.sxids` (left unset when there are none). */
export function readSxids(lines: readonly { no: number; text: string }[], r: { sxids?: SxidError[] }): void {
  const out: SxidError[] = [];
  for (const l of lines) {
    const m = SXID.exec(l.text);
    if (!m) continue;
    const word = (m[3] ?? '').toLowerCase();
    const fatal =
      word === 'fatal' || m[4] === '1' ? true : word === 'non-fatal' || m[4] === '0' ? false : undefined;
    out.push({
      line: l.no,
      nvswitch: m[1] as string,
      code: Number(m[2]),
      ...(fatal === undefined ? {} : { fatal }),
      text: l.text.trim(),
    });
  }
  if (out.length) r.sxids = out;
}
