import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, from corpus batch b37 (kernel logs kept as test data by node health checkers). Principle 1: the
 * stamps `dmesg --time-format iso`, `dmesg --decode` and `journalctl -k -o short-iso` put before each kernel
 * line are kernel log lines as much as the raw `[  12.345678]` ones. Principles 2 and 5: a cable event mlx5
 * logs while it brings a port up is the state the port started in, not a pull. Principle 4: an Xid after which
 * the GPU must be reset is a failure with no summary line. Each paste is small and in the tool's own format,
 * paired with the form it must read the same as, or the one it must still fail. Sources: references/read-shapes.md.
 */
const read = readChecks;
const lines = checkLines;

describe('1. ISO, decoded and journal stamps before kernel lines are read, never refused', () => {
  const msg = [
    'mlx5_core 0000:3b:00.0: mlx5_load_one failed with error code -22',
    'nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing',
  ];
  const raw = msg.map((m, i) => `[   11.00000${i}] ${m}`).join('\n');
  const iso = msg.map((m, i) => `2024-11-15T05:39:15,49136${i}+00:00 ${m}`).join('\n');
  const decoded = msg.map((m, i) => `kern  :err   : 2025-02-10T16:28:06,50271${i}+00:00 ${m}`).join('\n');
  const decodedNoTime = msg.map((m) => `kern  :err   : ${m}`).join('\n');
  const journal = msg.map((m) => `2025-01-17T17:39:30+0000 node-1.cluster kernel: ${m}`).join('\n');
  const journalPrecise = msg.map((m) => `2025-01-17T17:39:30.123456+00:00 node-1 kernel: ${m}`).join('\n');

  it('each form gives what the raw timestamps give: the NIC probe failure fails', () => {
    expect(lines(read('dmesg', raw))).toContain('fail nic.driver');
    for (const form of [iso, decoded, decodedNoTime, journal, journalPrecise])
      expect(lines(read('dmesg', form))).toEqual(lines(read('dmesg', raw)));
  });

  it('peer-memory lines alone behind ISO stamps are read (its load state not shown), not refused', () => {
    const only = iso.split('\n')[1] as string;
    expect(lines(read('dmesg', only))).toEqual(['skipped gdr.peermem']);
    expect(lines(read('dmesg', `kern  :err   : ${msg[1]}`))).toEqual(['skipped gdr.peermem']);
  });

  it('an ISO date alone, or a facility word without its level, is not taken for a kernel stamp', () => {
    expect(() => read('dmesg', '2024-11-15 some note about the cluster\n')).toThrow(/no kernel log line/);
    expect(() => read('dmesg', 'kern: a note\n')).toThrow(/no kernel log line/);
  });
});

describe('2. a cable event logged while mlx5 brings the port up is its starting state, not a change', () => {
  const probe = (fn: string) => [
    `[    2.600000] mlx5_core 0000:41:00.${fn}: firmware version: 28.39.1002`,
    `[    2.610000] mlx5_core 0000:41:00.${fn}: 63.008 Gb/s available PCIe bandwidth (8.0 GT/s PCIe x8 link)`,
  ];
  const unpluggedAtLoad = [
    ...probe('1'),
    '[    2.960000] mlx5_core 0000:41:00.1: Port module event: module 1, Cable unplugged',
  ];

  it('no cable at load and nothing after: a spare port or a missing cable (warn), never "came up then went down"', () => {
    const checks = read('dmesg', unpluggedAtLoad.join('\n'));
    expect(lines(checks)).toContain('warn nic.link 0000:41:00.1');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('a cable pulled after the link came up still fails', () => {
    const pulled = [
      ...probe('1'),
      '[   11.180000] mlx5_core 0000:41:00.1 enp65s0f1np1: renamed from eth1',
      '[   14.950000] mlx5_core 0000:41:00.1 enp65s0f1np1: Link up',
      '[ 3000.000000] mlx5_core 0000:41:00.1: Port module event: module 1, Cable unplugged',
      '[ 3000.010000] mlx5_core 0000:41:00.1 enp65s0f1np1: Link down',
    ];
    expect(lines(read('dmesg', pulled.join('\n')))).toContain('fail nic.link 0000:41:00.1 (enp65s0f1np1)');
  });

  it('a cable plugged at load is not a link up: a port that only shows Link down after it never came up (warn)', () => {
    const neverUp = [
      ...probe('0'),
      '[    2.960000] mlx5_core 0000:41:00.0: Port module event: module 0, Cable plugged',
      '[   11.200000] mlx5_core 0000:41:00.0 enp65s0f0np0: Link down',
    ];
    expect(lines(read('dmesg', neverUp.join('\n')))).toContain('warn nic.link 0000:41:00.0 (enp65s0f0np0)');
    const plugged = [
      ...probe('0'),
      '[    2.960000] mlx5_core 0000:41:00.0: Port module event: module 0, Cable plugged',
    ];
    expect(lines(read('dmesg', plugged.join('\n')))).toContain('skipped nic.link 0000:41:00.0');
  });

  it('without the probe lines before it the same unplug is read as before (a cable that was in and is out)', () => {
    const bare = '[ 3000.000000] mlx5_core 0000:41:00.1: Port module event: module 1, Cable unplugged';
    expect(lines(read('dmesg', bare))).toContain('fail nic.link 0000:41:00.1');
  });
});

describe('3. an Xid after which the GPU must be reset fails; other Xids are left to the GPU checks', () => {
  const xid = (code: number, text: string) =>
    `[ 4123.500000] NVRM: Xid (PCI:0000:19:00): ${code}, pid='<unknown>', name=<unknown>, ${text}`;

  it('Xid 48 (double-bit ECC) fails gpu.xid for that GPU; Xid 79 (fallen off the bus) fails gpu.lost', () => {
    expect(
      lines(read('dmesg', xid(48, 'An uncorrectable double bit error (DBE) has been detected on GPU'))),
    ).toContain('fail gpu.xid 0000:19:00');
    const lost = lines(read('dmesg', xid(79, 'GPU has fallen off the bus.')));
    expect(lost.filter((l) => l.startsWith('fail gpu.'))).toEqual(['fail gpu.lost 0000:19:00']);
  });

  it('a row remap pending (63) or a contained error (94) alone is no gpu.xid failure', () => {
    const soft = [
      xid(63, 'Row Remapper: New row marked for remapping, reset gpu to activate.'),
      xid(94, 'Contained: SM (0x1).'),
    ];
    expect(lines(read('dmesg', soft.join('\n'))).some((l) => l.includes('gpu.xid'))).toBe(false);
  });
});
