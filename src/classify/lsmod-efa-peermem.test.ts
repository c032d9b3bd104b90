import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 3 on AWS: EFA's own peer-memory module (amzn-drivers efa_nv_peermem) gives the EFA driver GPU
 * memory through the nvidia_p2p calls, as nvidia_peermem does for mlx5: loaded, GPUDirect RDMA over EFA is there.
 * Its absence changes nothing for other NICs: the question stays the one nvidia_peermem and nv_peer_mem answer.
 */
const peermem = (out: string): Check | undefined =>
  readPasted('lsmod', out, { expect: 'any' }).checks.find((c) => c.id === 'gdr.peermem');

const LSMOD = `Module                  Size  Used by
efa_nv_peermem         16384  0
efa                   176128  0
ib_uverbs             200704  1 efa
ib_core               471040  2 efa,ib_uverbs
nvidia_uvm           4956160  4
nvidia              56717312  1044 nvidia_uvm,nvidia_modeset,efa_nv_peermem
`;

describe('lsmod: EFA’s peer-memory module', () => {
  it('efa_nv_peermem loaded passes gdr.peermem, naming it', () => {
    const c = peermem(LSMOD);
    expect(c?.status).toBe('ok');
    expect(c?.detail).toMatch(/efa_nv_peermem loaded \(AWS EFA's peer-memory module\)/);
  });

  it('shown only in nvidia’s used-by list it is loaded too', () => {
    expect(
      peermem(
        LSMOD.split('\n')
          .filter((l) => !l.startsWith('efa_nv_peermem'))
          .join('\n'),
      )?.status,
    ).toBe('ok');
  });

  it('without it, nothing changes: no peer-memory module is a warning', () => {
    const none = LSMOD.replace(/^efa_nv_peermem.*\n/m, '').replace(',efa_nv_peermem', '');
    expect(peermem(none)?.status).toBe('warn');
  });
});
