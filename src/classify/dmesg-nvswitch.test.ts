import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';

// The nvswitch driver's lines (open-gpu-kernel-modules src/common/nvswitch/kernel/error_nvswitch.c
// _nvswitch_dump_error_entry: `Severity %d Engine instance %02d Sub-engine instance %02d` behind the SXid prefix;
// NVSWITCH_ERROR_SEVERITY_NONFATAL = 0, _FATAL = 1), and the worded form (`…: 20034, Fatal, Link 48 LTSSM Fault Up`).
const nvswitch = (n: number, rest: string) =>
  `[ 5120.441907] nvidia-nvswitch${n}: SXid (PCI:0000:0${n}:00.0): ${rest}`;
const checks = (text: string) =>
  readPasted('dmesg', text, { expect: 'any' }).checks.filter((c) => c.id === 'gpu.nvswitch');

describe('NVSwitch SXid lines in the kernel log (principles 4 and 5)', () => {
  it("`Severity 1` is the driver's fatal severity: a failure naming the switch and the SXid", () => {
    const text = [
      '[ 5120.441880] NVRM: GPU at PCI:0000:18:00: GPU-00000000-0000-0000-0000-000000000001',
      nvswitch(2, '24007, Severity 1 Engine instance 12 Sub-engine instance 00'),
      nvswitch(
        2,
        '24007, Data {0x00000000, 0x00000001, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}',
      ),
    ].join('\n');
    const [c] = checks(text);
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/fatal NVSwitch error SXid 24007 on nvidia-nvswitch2 \(line 2:/);
  });

  it('the worded `Fatal,` form fails as well, with every fatal SXid named once', () => {
    const text = [
      nvswitch(1, '20034, Fatal, Link 48 LTSSM Fault Up'),
      nvswitch(3, '20034, Fatal, Link 63 LTSSM Fault Up'),
    ].join('\n');
    const [c] = checks(text);
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/SXid 20034 on nvidia-nvswitch1, nvidia-nvswitch3/);
  });

  it('a non-fatal SXid (worded, or `Severity 0`) is an error the fabric survives: a warning, not a failure', () => {
    for (const rest of [
      '22013, Non-fatal, Link 60 Minion Link DLREQ interrupt',
      '12028, Severity 0 Engine instance 03 Sub-engine instance 00',
    ]) {
      const [c] = checks(nvswitch(0, rest));
      expect(c?.status).toBe('warn');
    }
  });

  it('SXid lines pasted without a timestamp are still read (no "no kernel log line" refusal)', () => {
    const [c] = checks(
      'nvidia-nvswitch5: SXid (PCI:0000:a5:00.0): 24007, Severity 1 Engine instance 02 Sub-engine instance 00',
    );
    expect(c?.status).toBe('fail');
  });

  it('no SXid line: no NVSwitch check at all', () => {
    expect(checks('[ 1.000000] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07')).toEqual([]);
  });
});
