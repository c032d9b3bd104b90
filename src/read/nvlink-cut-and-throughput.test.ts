import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 and 2, from batch b53. `nvidia-smi nvlink --status` lists every link of a GPU, up or
 * `<inactive>`, so a last GPU block that stops after a few links, all up, stops because the paste does: its other
 * links are not shown, not missing. `nvidia-smi nvlink -gt d|r` prints, per link, how much data crossed it
 * (`Link 0: Data Tx: 5863784 KiB`; NVML nvmlDeviceGetNvLinkUtilizationCounter): counters, not link state
 * (sources: references/read-shapes.md).
 */
const link = (n: number, rate = '26.562 GB/s') => `\t Link ${n}: ${rate}`;
const h100 = (i: number) => `GPU ${i}: NVIDIA H100 80GB HBM3 (UUID: GPU-0000000${i})`;
const all18 = Array.from({ length: 18 }, (_, n) => link(n)).join('\n');

describe('nvidia-smi nvlink: a GPU block the paste ends inside', () => {
  it('a last GPU whose links stop, all up, at the end of the paste is not shown, not failed', () => {
    const checks = readChecks(
      'nvlink',
      `$ nvidia-smi nvlink -s\n${h100(0)}\n${all18}\n${h100(1)}\n${link(0)}\n${link(1)}\n`,
    );
    expect(checkLines(checks)).toContain('ok nvlink.links GPU0');
    expect(checkLines(checks)).toContain('skipped nvlink.links GPU1');
    expect(checks.find((c) => c.subject === 'GPU1')?.detail).toContain('the paste ends after 2 links');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same short block before another GPU is still a GPU with links missing', () => {
    const checks = readChecks(
      'nvlink',
      `$ nvidia-smi nvlink -s\n${h100(0)}\n${link(0)}\n${link(1)}\n${h100(1)}\n${all18}\n`,
    );
    expect(checkLines(checks)).toContain('fail nvlink.links GPU0');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('a last block with an inactive link is judged as it stands', () => {
    const checks = readChecks('nvlink', `${h100(0)}\n${link(0)}\n${link(1, '<inactive>')}\n`);
    expect(checkLines(checks)).toContain('fail nvlink.links GPU0');
  });
});

describe('nvidia-smi nvlink -gt: throughput counters are not link state', () => {
  it('Data and Raw Tx/Rx counters leave the link state not shown, never "no NVLink reported"', () => {
    const gpu = `GPU 0: NVIDIA H800 (UUID: GPU-34bf77d1)\n\t Link 0: Raw Tx: 25305739 KiB\n\t Link 0: Raw Rx: 25554089 KiB\n\t Link 1: Data Tx: 8508772 KiB\n\t Link 1: Data Rx: 8727784 KiB\n`;
    const checks = readChecks('nvlink', `$ nvidia-smi nvlink -gt r\n${gpu}`);
    expect(checkLines(checks)).toContain('skipped nvlink.links GPU0');
    expect(checks.find((c) => c.id === 'nvlink.links')?.detail).toContain('4 throughput counters');
    expect(verdictOf(checks)).toBe('unverified');
  });
});
