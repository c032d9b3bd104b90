import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b41: a page may run `ibdev2netdev`'s rows together on one line, or lose the spaces
 * around `port N`, and a poster may note after each row which physical port it is (a DGX Spark ConnectX-7 write-up and
 * its repost). Each `<dev> port <n> ==> <netdev> (<state>)` is still a row; the tool refused the paste (exit 2).
 */
describe('ibdev2netdev rows run together or glued', () => {
  it('two rows on one line, a note after each: both ports are read', () => {
    const text = 'mlx5_0 port 1 ==> ens1f0np0 (Up) first port mlx5_1 port 1 ==> ens1f1np1 (Up) second port';
    expect(checkLines(readChecks('rdma-link', text))).toEqual([
      'ok ib.port mlx5_0/1',
      'ok ib.port mlx5_1/1',
      'ok ib.ports',
    ]);
  });

  it('`port1==>` without its spaces, one row a line: read as the spaced row', () => {
    const glued = ['mlx5_0port1==> ens1f0np0 (Up)   note', 'mlx5_1port1==> ens1f1np1 (Down)   note'].join(
      '\n',
    );
    const spaced = ['mlx5_0 port 1 ==> ens1f0np0 (Up)', 'mlx5_1 port 1 ==> ens1f1np1 (Down)'].join('\n');
    expect(checkLines(readChecks('rdma-link', glued))).toEqual(checkLines(readChecks('rdma-link', spaced)));
  });
});
