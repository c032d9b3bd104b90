import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, from corpus batch b34 (tool outputs kept in repositories and documentation): each principle tested on a
 * paste written here in the tool's own format, never on a corpus file.
 */

describe('1. Open MPI tags a row written in pieces inside the line too', () => {
  // orte/mca/iof/base/iof_base_output.c (orte_iof_base_write_output) writes the `--tag-output` tag before every
  // chunk it relays, so each piece of an nccl-tests row carries `[1,0]<stdout>:`, glued to the cell before it.
  const tag = '[1,0]<stdout>:';
  const row = (size: string, count: string, time: string, algbw: string, busbw: string) =>
    `${tag}  ${size.padStart(10)}  ${count.padStart(12)}     float     sum      -1${tag}  ${time.padStart(7)}  ${algbw.padStart(6)}  ${busbw.padStart(6)}      0${tag}  ${time.padStart(7)}  ${algbw.padStart(6)}  ${busbw.padStart(6)}      0`;
  const paste = [
    `${tag}#                                                              out-of-place                       in-place`,
    `${tag}#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong`,
    `${tag}#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)`,
    row('1048576', '262144', '432.8', '2.42', '4.54'),
    row('268435456', '67108864', '7858.8', '34.16', '64.05'),
    row('1073741824', '268435456', '26780', '40.10', '75.18'),
    `${tag}# Out of bounds values : 0 OK`,
    `${tag}# Avg bus bandwidth    : 20.2958`,
  ].join('\n');

  it('reads the cells between the tags: no wrong results, and the busbw the row prints', () => {
    const checks = readChecks('nccl-tests', paste);
    expect(checks.find((c) => c.id === 'nccl.run')?.status).toBe('ok');
    const busbw = checks.find((c) => c.id === 'nccl.busbw');
    expect(busbw?.detail).toMatch(/busbw 75\.2 GB\/s/);
    expect(busbw?.status).toBe('warn'); // above the floor, no link rate named
  });

  it('the same row without the inner tags reads the same', () => {
    const plain = paste.replace(/(?<=\S)\[1,0\]<stdout>:/g, '');
    const strip = (cs: ReturnType<typeof readChecks>) =>
      cs.filter((c) => c.id !== 'read.input').map((c) => [c.id, c.status, c.detail]);
    expect(strip(readChecks('nccl-tests', paste))).toEqual(strip(readChecks('nccl-tests', plain)));
  });
});

describe("3. Azure's Accelerated Networking VF in ibdev2netdev's form is its front-end NIC, not a KV rail", () => {
  // Azure/azhpc-images install_azure_persistent_rdma_naming.sh: Ethernet RDMA devices become mlx5_an<N>,
  // InfiniBand ones mlx5_ib<N> (references/rdma-devices.md); ibstat's and ibv_devinfo's forms already ignore it.
  it('`ibdev2netdev | grep an0`: the filter hides the other devices, so whether there is an InfiniBand one is not shown', () => {
    const checks = readChecks('rdma-link', '$ ibdev2netdev | grep an0\nmlx5_an0 port 1 ==> enP45424s1 (Up)');
    expect(checkLines(checks)).toEqual(['skipped ib.port mlx5_an0/1', 'skipped ib.ports']);
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(/grep an0/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('a whole list with only mlx5_an0 up: no RDMA port for KV transfer (fail)', () => {
    const checks = readChecks('rdma-link', '$ ibdev2netdev\nmlx5_an0 port 1 ==> eth1 (Up)');
    expect(checkLines(checks)).toEqual(['skipped ib.port mlx5_an0/1', 'fail ib.ports']);
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it("beside the VM's InfiniBand device, the front-end NIC is ignored and the InfiniBand port decides", () => {
    const checks = readChecks(
      'rdma-link',
      '$ ibdev2netdev\nmlx5_an0 port 1 ==> eth1 (Up)\nmlx5_ib0 port 1 ==> ib0 (Up)',
    );
    expect(checkLines(checks)).toEqual([
      'skipped ib.port mlx5_an0/1',
      'ok ib.port mlx5_ib0/1',
      'ok ib.ports',
    ]);
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('the name decides: the same line as mlx5_0 is an RDMA port that is up', () => {
    const checks = readChecks('rdma-link', '$ ibdev2netdev\nmlx5_0 port 1 ==> eth1 (Up)');
    expect(checkLines(checks)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });
});
