import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b42: a mail or page that wraps long lines puts a row's used-by list on a line
 * of its own (`ib_core  356352  14` then `rdma_cm,ib_ipoib,…`). The list is the row's: it is read back into that
 * row, where the paste was refused (exit 2) at the first such line.
 */
describe('lsmod rows whose used-by list wrapped onto the next line', () => {
  const paste = [
    '     rdma_cm                69632  5 ',
    'rpcrdma,ib_srpt,ib_iser,ib_isert,rdma_ucm',
    '     mlx5_ib               327680  0',
    '     ib_uverbs             147456  3 i40iw,rdma_ucm,mlx5_ib',
    '     ib_core               356352  14 ',
    'rdma_cm,ib_ipoib,rpcrdma,ib_srpt,iw_cm,nv_peer_mem,ib_umad,ib_uverbs,mlx5_ib,ib_cm',
    '     mlx5_core             798720  1 mlx5_ib',
  ].join('\n');

  it('is read, and a peer-memory module in a wrapped list counts as a user of ib_core', () => {
    const lines = checkLines(readChecks('lsmod', paste));
    expect(lines.some((l) => l.startsWith('ok gdr.peermem'))).toBe(true);
  });

  it('a line of names after a row that has its own list is no wrapped list: it is left out, not read into the row', () => {
    const alone = ['mlx5_ib  327680  0', 'mlx5_core  798720  1 mlx5_ib', 'a,b,c'].join('\n');
    expect(checkLines(readChecks('lsmod', alone))).toContain('skipped read.cut');
  });
});
