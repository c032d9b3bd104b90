import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 5, from batch b44: every RDMA device driver, hardware (mlx5_ib, efa, irdma, bnxt_re) or
 * software (rdma_rxe, siw), registers its devices with ib_core (ib_register_device), so a whole `lsmod` that
 * lists modules but no ib_core shows a node with no RDMA stack at all: KV can only move over TCP, which fails as
 * software RDMA only already does. A filtered listing, or one that shows no module at all (WSL, drivers built
 * in), says nothing about ib_core.
 */
const HEADER = 'Module                  Size  Used by';
const DESKTOP = [
  'nvidia_drm             12288  0',
  'nvidia_modeset       1257472  79 nvidia_drm',
  'nvidia              55754752  3951 nvidia_modeset',
  'igb                   241664  0',
  'i2c_algo_bit           12288  1 igb',
];
const RDMA = [
  'mlx5_ib               454656  0',
  'ib_uverbs             163840  1 mlx5_ib',
  'ib_core               425984  2 ib_uverbs,mlx5_ib',
  'mlx5_core            2191360  1 mlx5_ib',
];

describe('a whole lsmod without ib_core', () => {
  it('fails: no RDMA device driver of any kind is loaded', () => {
    const checks = readChecks('lsmod', ['$ lsmod', HEADER, ...DESKTOP].join('\n'));
    expect(checkLines(checks)).toContain('fail rdma.hardware');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('does not fail when ib_core and a hardware driver are listed', () => {
    const checks = readChecks('lsmod', ['$ lsmod', HEADER, ...DESKTOP, ...RDMA].join('\n'));
    expect(checkLines(checks)).not.toContain('fail rdma.hardware');
  });

  it('does not fail a filtered listing (`lsmod | grep nvidia`): ib_core is hidden, not absent', () => {
    const checks = readChecks('lsmod', ['$ lsmod | grep nvidia', ...DESKTOP.slice(0, 3)].join('\n'));
    expect(checkLines(checks)).not.toContain('fail rdma.hardware');
  });

  it('does not fail a listing with no module at all (the header alone)', () => {
    const checks = readChecks('lsmod', ['$ lsmod', HEADER].join('\n'));
    expect(checkLines(checks)).not.toContain('fail rdma.hardware');
  });
});
