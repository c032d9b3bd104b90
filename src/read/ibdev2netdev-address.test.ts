import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b42: site wrappers of ibdev2netdev print the net device's address after its
 * state (`mlx5_0 port 1 ==> ens1f0 (Up) 10.0.0.1`, linux-rdma list, 2019). The row is ibdev2netdev's: its port and
 * net device are read, where the address made the row unknown and a paste of such rows was refused (exit 2).
 */
describe('ibdev2netdev rows with the net device address after the state', () => {
  it('two rows, each with an IPv4 address after (Up), indented behind prompts: both ports are read up', () => {
    const paste = [
      '       [rdma@host tmp]$ ib2netdev ',
      '       mlx5_0 port 1 ==> ens801f0 (Up) 173.168.100.101',
      '       mlx5_1 port 1 ==> ens801f1 (Up) 192.168.100.101/24',
      '       [rdma@host tmp]$ ',
    ].join('\n');
    expect(checkLines(readChecks('rdma-link', paste))).toEqual([
      'ok ib.port mlx5_0/1',
      'ok ib.port mlx5_1/1',
      'ok ib.ports',
    ]);
  });

  it('an up row with an address beside a down row without one: the down port is a warning, not the only device', () => {
    const paste = ['mlx5_0 port 1 ==> ens261f0 (Up) fe80::1', 'mlx5_1 port 1 ==> ens261f1 (Down) '].join(
      '\n',
    );
    expect(checkLines(readChecks('rdma-link', paste))).toEqual([
      'ok ib.port mlx5_0/1',
      'warn ib.port mlx5_1/1',
      'ok ib.ports',
    ]);
  });
});
