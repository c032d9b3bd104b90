import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * `rdma link` prints `physical_state NOP` for physical state 0 (iproute2 rdma/link.c phys_state_to_str, index 0):
 * what the kernel reports when the driver sets no physical state, as iWARP drivers (i40iw, cxgb4) did before the
 * core filled it from the netdev (kernel 4929116bdf72, v5.2). Not reported is not a fault: the port is judged on its
 * logical state, as a port whose physical state is not shown (corpus b66, an RPMem shuffle guide's X722 + ConnectX-4).
 */
describe('rdma link: physical_state NOP is a physical state not reported', () => {
  it('an iWARP port ACTIVE with NOP is usable; a DOWN one beside it is a warning, not a failure', () => {
    const checks = readChecks(
      'rdma-link',
      [
        'rdma link',
        '0/1: i40iw0/1: state DOWN physical_state NOP',
        '1/1: i40iw1/1: state ACTIVE physical_state NOP',
      ].join('\n'),
    );
    expect(checkLines(checks)).toEqual(['warn ib.port i40iw0/1', 'ok ib.port i40iw1/1', 'ok ib.ports']);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('a physical state that is reported still counts: ACTIVE with POLLING fails', () => {
    const checks = readChecks('rdma-link', 'link mlx5_0/1 state ACTIVE physical_state POLLING netdev ens1f0');
    expect(checkLines(checks)).toContain('fail ib.port mlx5_0/1');
    expect(verdictOf(checks)).toBe('untrusted');
  });
});
