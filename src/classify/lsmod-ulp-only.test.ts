import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 5, from batch b47: ib_core is loaded whenever an upper-layer protocol needs it (an iSCSI
 * host's ib_iser, NFS's rpcrdma, nvme_rdma), but a device exists only if a device driver, hardware (mlx5_ib, efa,
 * irdma, bnxt_re) or software (rdma_rxe, siw), registered with it. When ib_core's use count equals the users it
 * names and every one is the RDMA core or an upper-layer module, no such driver is loaded: no RDMA device, KV over
 * TCP only, which fails as a listing without ib_core does. A count above the names, or a user the rule does not
 * know, keeps it open.
 */
const HEADER = 'Module                  Size  Used by';
const ISCSI_VM = [
  'ib_iser                49152  0',
  'rdma_cm                61440  1 ib_iser',
  'iw_cm                  45056  1 rdma_cm',
  'ib_cm                  53248  1 rdma_cm',
  'ib_core               225280  4 rdma_cm,iw_cm,ib_iser,ib_cm',
  'iscsi_tcp              20480  0',
  'e1000                 143360  0',
];

describe('ib_core whose users are all core and upper-layer modules', () => {
  it('fails: no RDMA device driver is loaded', () => {
    const checks = readChecks('lsmod', ['$ lsmod', HEADER, ...ISCSI_VM].join('\n'));
    expect(checkLines(checks)).toContain('fail rdma.hardware');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('fails the same line filtered through grep: the used-by list is printed whole', () => {
    const checks = readChecks('lsmod', ['$ lsmod | grep ib_core', ISCSI_VM[4] as string].join('\n'));
    expect(checkLines(checks)).toContain('fail rdma.hardware');
  });

  it('keeps it open when a device driver, rdmavt, an unknown user or an unnamed holder is there', () => {
    for (const row of [
      'ib_core               425984  3 ib_uverbs,mlx5_ib,rdma_cm',
      'ib_core               225280  3 rdma_cm,rdmavt,ib_cm',
      'ib_core               225280  2 rdma_cm,foo_rdma',
      'ib_core               225280  5 rdma_cm,iw_cm,ib_iser,ib_cm',
    ])
      expect(checkLines(readChecks('lsmod', ['$ lsmod | grep ib_core', row].join('\n')))).not.toContain(
        'fail rdma.hardware',
      );
  });
});
