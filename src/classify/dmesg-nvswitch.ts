import { type Check, check } from '../core/model.js';
import type { SxidError } from '../parsers/dmesg-nvswitch.js';

/**
 * NVSwitch errors (parsers/dmesg-nvswitch.ts), severity following the consequence (principle 5): a fatal SXid
 * stops the switch's NVLink traffic until the fabric is reset, so KV moved over NVLink between the GPUs it
 * connects breaks: a failure with no summary line (principle 4). A non-fatal one is an error the fabric survives,
 * or one the line does not grade: a warning.
 */
export function nvswitchErrors(r: { sxids?: SxidError[] }): Check[] {
  const all = r.sxids ?? [];
  if (!all.length) return [];
  const fatal = all.filter((e) => e.fatal === true);
  const shown = fatal.length ? fatal : all;
  const first = shown[0] as SxidError;
  const switches = [...new Set(shown.map((e) => e.nvswitch))];
  const codes = [...new Set(shown.map((e) => e.code))].sort((a, b) => a - b);
  const data = { nvswitches: switches, sxids: codes };
  if (fatal.length)
    return [
      check(
        'gpu.nvswitch',
        'fail',
        `fatal NVSwitch error SXid ${codes.join(', ')} on ${switches.join(', ')} (line ${first.line}: ${first.text}): the switch stops carrying NVLink until the fabric is reset, so KV over NVLink between the GPUs it connects breaks`,
        {
          subject: switches.join(', '),
          fix: "check `nvidia-smi -q | grep -i fabric` and the fabric manager's log, then `nvidia-smi nvlink -s`; reset the GPUs and switches (or reboot) and look up each SXid in NVIDIA's NVSwitch error catalog",
          data,
        },
      ),
    ];
  return [
    check(
      'gpu.nvswitch',
      'warn',
      `NVSwitch error SXid ${codes.join(', ')} on ${switches.join(', ')} (line ${first.line}: ${first.text}), not graded fatal: NVLink through the switch survives it, but a link or the switch is erroring`,
      {
        subject: switches.join(', '),
        fix: "watch `nvidia-smi nvlink -e` for growing error counters and the fabric manager log; look up the SXid in NVIDIA's NVSwitch error catalog",
        data,
      },
    ),
  ];
}
