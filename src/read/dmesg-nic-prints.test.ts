import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 and 5, from batch b53 (a Chinese notes page's kernel logs of a ConnectX-3 host).
 * A NIC driver's lines keep their own print prefix when the log is pasted without the kernel's timestamp
 * (`mlx4_core 0000:04:00.0: …`, `mlx4_en: eth4: Link Up`): they are kernel lines, and mlx4_en's carrier changes
 * are read as mlx5's are. The kernel reports a NIC's PCIe link (drivers/pci/pci.c `… Gb/s available PCIe
 * bandwidth`; mlx4's `PCIe link speed is …` / `PCIe link width is x…`): a link that leaves the NIC under the
 * 50 Gb/s a KV-transfer port needs fails, one trained below the card's capability warns
 * (sources: references/read-evidence.md).
 */
const noStamps = [
  'mlx4_core: Mellanox ConnectX core driver v4.0-0',
  'mlx4_core: Initializing 0000:04:00.0',
  'mlx4_en 0000:04:00.0: Activating port:1',
  '<mlx4_ib> mlx4_ib_add: mlx4_ib: Mellanox ConnectX InfiniBand driver v4.0-0',
  'mlx4_en: eth4: Link Up',
  'mlx4_en: eth4: Link Down',
  'mlx4_en: eth4: Link Up',
].join('\n');

describe('dmesg: NIC driver lines without a timestamp, and mlx4 carrier changes', () => {
  it('reads a log whose lines carry only their driver prefix (no exit 2) and its mlx4 link drop', () => {
    const checks = readChecks('dmesg', `${noStamps}\n`);
    expect(checkLines(checks)).toContain('warn nic.link eth4');
    expect(checks.find((c) => c.id === 'nic.link')?.detail).toContain('dropped once and came back');
  });

  it('an mlx4 port that came up and is last shown down fails, as an mlx5 one does', () => {
    const checks = readChecks(
      'dmesg',
      '[ 10.000001] mlx4_en: eth2: Link Up\n[ 20.000002] mlx4_en: eth2: Link Down\n',
    );
    expect(checkLines(checks)).toContain('fail nic.link eth2');
  });

  it('a note that names a driver without its print prefix is still not a kernel line', () => {
    expect(() => readChecks('dmesg', 'the mlx4_core driver is old here\n')).toThrow(/no kernel log line/);
  });
});

describe('dmesg: a NIC PCIe link under what KV transfer needs', () => {
  it('32 Gb/s of available PCIe bandwidth (Gen2 x8) fails: every transfer stays under the 5 GB/s floor', () => {
    const line = 'mlx4_core 0000:04:00.0: 32.000 Gb/s available PCIe bandwidth (5.0 GT/s PCIe x8 link)';
    const checks = readChecks('dmesg', `${line}\n`);
    expect(checkLines(checks)).toContain('fail nic.pcie 0000:04:00.0');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it("mlx4's own speed and width lines are combined: 5.0 GT/s x8 is 32 Gb/s, a failure", () => {
    const log = [
      '[   12.225627] mlx4_core 0000:42:00.0: PCIe link speed is 5.0GT/s, device supports 5.0GT/s',
      '[   12.225632] mlx4_core 0000:42:00.0: PCIe link width is x8, device supports x8',
    ].join('\n');
    const checks = readChecks('dmesg', `${log}\n`);
    expect(checks.find((c) => c.id === 'nic.pcie')?.data).toMatchObject({ gbps: 32 });
    expect(checkLines(checks)).toContain('fail nic.pcie 0000:42:00.0');
  });

  it('a Gen4 x16 link is no finding; one limited by its slot but still fast warns', () => {
    const full =
      '[    3.100000] mlx5_core 0000:1b:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)';
    expect(readChecks('dmesg', `${full}\n`).some((c) => c.id === 'nic.pcie')).toBe(false);
    const limited =
      '[    3.100000] mlx5_core 0000:1b:00.0: 126.024 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x16 link at 0000:00:01.0 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)';
    expect(checkLines(readChecks('dmesg', `${limited}\n`))).toContain('warn nic.pcie 0000:1b:00.0');
  });
});
