import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, from corpus batch b56 (distributions' bug trackers on GitHub), principle 2: a console copy that starts
 * inside a crash report's call trace and ends at its `end trace` marker or the panic it led to is that report, read
 * back from its end; its lines are kernel log lines without a timestamp. Each paste is small and in the tool's own
 * format. Sources: references/read-evidence.md.
 */
const read = readChecks;
const lines = checkLines;

describe('2. a crash report whose head was cut is read back from its end', () => {
  const trace = (module: string) => [
    '  <TASK>',
    '  ? __die+0x23/0x70',
    `  ? some_function+0x19/0x30 [${module}]`,
    `  probe_one+0x325/0x4a0 [${module}]`,
    '  local_pci_probe+0x42/0xa0',
    '  ret_from_fork_asm+0x1b/0x30',
    '  </TASK>',
    `Modules linked in: ahci ${module}(+) i2c_i801`,
    '---[ end trace 0000000000000000 ]---',
    `RIP: 0010:some_function+0x19/0x30 [${module}]`,
    'Kernel panic - not syncing: Fatal exception',
  ];

  it('a NIC driver at the faulting instruction fails nic.driver once, at the end marker', () => {
    const checks = read('dmesg', trace('mlx5_core').join('\n'));
    expect(lines(checks).filter((l) => l === 'fail nic.driver')).toHaveLength(1);
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('the marker retyped without its inner spaces ends the report too', () => {
    const retyped = trace('bnxt_en').map((l) =>
      l.replace('---[ end trace 0000000000000000 ]---', '---[end trace 0 ]---'),
    );
    expect(lines(read('dmesg', retyped.join('\n')))).toContain('fail nic.driver');
  });

  it("a headless report in another module is someone else's, as one with its head is", () => {
    const other = trace('xfs').join('\n');
    expect(lines(read('dmesg', other))).not.toContain('fail nic.driver');
    expect(verdictOf(read('dmesg', other))).toBe('unverified');
  });

  it('a report whose header is shown is read from its header only, not twice', () => {
    const whole = ['[  5.000000] ------------[ cut here ]------------', ...trace('mlx5_core')].join('\n');
    expect(lines(read('dmesg', whole)).filter((l) => l === 'fail nic.driver')).toHaveLength(1);
  });
});
