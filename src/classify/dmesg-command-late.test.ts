import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * mlx5's command interface (drivers/net/ethernet/mellanox/mlx5/core/cmd.c wait_func_handle_exec_timeout): after the
 * command timeout it polls the command EQ; a completion found there prints `cmd[%d]: %s(0x%x) recovered after
 * timeout` (the command worked, its interrupt never came: principle 5, a warning), none prints `… No done
 * completion` (the command failed: a failure). A mail or a narrow terminal wraps such a line after its device
 * prefix; the message lines that follow, with no timestamp, are read back onto it (principle 1).
 */
const checks = (out: string): Check[] => readPasted('dmesg', out, { expect: 'any' }).checks;
const line = (c: Check[]) => c.filter((x) => x.id === 'nic.command').map((x) => `${x.status} ${x.detail}`);

describe('dmesg: an mlx5 command back only after its timeout', () => {
  it('one line: nic.command warns that the completion interrupts are lost', () => {
    const c = checks(
      '[ 1537.028969] mlx5_core 0000:d8:00.0: wait_func_handle_exec_timeout:1062:(pid 1416): cmd[0]: CREATE_EQ(0x301) recovered after timeout\n',
    );
    expect(line(c)).toHaveLength(1);
    expect(line(c)[0]).toMatch(
      /^warn 0000:d8:00\.0: 1 device command\(s\) came back only after their timeout/,
    );
  });

  it('wrapped after its device prefix onto two unstamped lines: read back onto it, the same warning', () => {
    const c = checks(
      [
        '[ 1537.020001] mlx5_core 0000:d8:00.0: mlx5_cmd_eq_recover:245:(pid 1416): Recovered 1 EQEs on cmd_eq',
        '[ 1537.028969] mlx5_core 0000:d8:00.0:',
        'wait_func_handle_exec_timeout:1062:(pid 1416): cmd[0]: CREATE_EQ(0x301)',
        'recovered after timeout',
        '',
      ].join('\n'),
    );
    expect(line(c).map((x) => x.split(':')[0])).toEqual(['warn 0000']);
  });

  it('a prefix-only line followed by a stamped line takes nothing from it; `No done completion` still fails', () => {
    const c = checks(
      [
        '[ 1537.028969] mlx5_core 0000:d8:00.0:',
        '[ 1537.030000] mlx5_core 0000:d8:00.0: wait_func_handle_exec_timeout:1062:(pid 1416): cmd[0]: CREATE_EQ(0x301) No done completion',
        '',
      ].join('\n'),
    );
    expect(line(c).map((x) => x.split(' ')[0])).toEqual(['fail']);
  });
});
