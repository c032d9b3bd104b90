import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 3: use the context the paste gives. A link the paste itself creates with `rdma link add NAME
 * type rxe|siw netdev DEV` (iproute2 rdma/link.c) is software RDMA whatever name `rdma link` then shows: rdma-core's
 * persistent naming renames it at once (`roce` + the netdev's PCI path: rocep0s8). Pastes in `rdma link`'s format.
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;

const LINK = 'link rocep0s8/1 state ACTIVE physical_state LINK_UP netdev enp0s8';

describe('`rdma link add … type rxe|siw` typed in the paste makes that link software RDMA', () => {
  it('the renamed rxe link (rocep0s8 on enp0s8) fails as Soft-RoCE; the same rows without the command pass', () => {
    expect(verdict(read('rdma-link', `$ rdma link\n${LINK}\n`))).toBe('trusted');
    const checks = read(
      'rdma-link',
      `$ sudo rdma link add roce8 type rxe netdev enp0s8\n$ rdma link\n${LINK}\n`,
    );
    expect(lines(checks)).toEqual(['fail ib.port rocep0s8/1', 'fail ib.ports']);
    expect(checks.find((c) => c.id === 'ib.port')?.detail).toMatch(
      /^Soft-RoCE \(rxe\) port Active: .* \(the paste created it: `sudo rdma link add roce8 type rxe netdev enp0s8`\)$/,
    );
    expect(verdict(checks)).toBe('untrusted');
  });

  it('siw too, found by its netdev; a hardware port on another netdev stays hardware', () => {
    const paste = [
      '$ rdma link add sw0 type siw netdev ens1f1',
      '$ rdma link show',
      'link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0',
      'link iwp1s0f1/1 state ACTIVE physical_state LINK_UP netdev ens1f1',
    ].join('\n');
    const checks = read('rdma-link', paste);
    expect(lines(checks)).toEqual(['ok ib.port mlx5_0/1', 'fail ib.port iwp1s0f1/1', 'ok ib.ports']);
    expect(checks.find((c) => c.subject === 'iwp1s0f1/1')?.detail).toMatch(/^SoftiWARP \(siw\) port/);
    // One software port beside hardware fails it, as a named rxe0 beside mlx5_0 does.
    expect(verdict(checks)).toBe('untrusted');
  });

  it('the typed name wins when `rdma link` shows it; a netdev two devices share names neither', () => {
    const named = read(
      'rdma-link',
      '$ rdma link add roce8 type rxe netdev enp0s8\n$ rdma link\nlink roce8/1 state ACTIVE physical_state LINK_UP netdev enp0s8\nlink mlx5_0/1 state ACTIVE physical_state LINK_UP netdev enp0s8\n',
    );
    expect(lines(named)).toEqual(['fail ib.port roce8/1', 'ok ib.port mlx5_0/1', 'ok ib.ports']);
    const shared = read(
      'rdma-link',
      `$ rdma link add roce8 type rxe netdev enp0s8\n$ rdma link\n${LINK}\nlink mlx5_0/1 state ACTIVE physical_state LINK_UP netdev enp0s8\n`,
    );
    expect(lines(shared)).toEqual(['ok ib.port rocep0s8/1', 'ok ib.port mlx5_0/1', 'ok ib.ports']);
  });
});
