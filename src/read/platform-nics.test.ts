import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 3 (use the context the paste gives): a device name that a platform gives its front-end NIC
 * says what the port is for. Azure renames a VM's Ethernet RDMA device `mlx5_an<N>` (its Accelerated Networking
 * VF, the front-end NIC on Azure's Ethernet network) and its InfiniBand ones `mlx5_ib<N>` (Azure/azhpc-images
 * install_azure_persistent_rdma_naming.sh; references/rdma-devices.md): the first is never a KV-transfer rail.
 */
const hca = (name: string, port: string) =>
  `hca_id:\t${name}\n\ttransport:\t\t\tInfiniBand (0)\n\tfw_ver:\t\t\t\t14.30.1284\n\tvendor_id:\t\t\t0x02c9\n\tvendor_part_id:\t\t\t4118\n\tphys_port_cnt:\t\t\t1\n\t\tport:\t1\n${port}`;
const ethernet =
  '\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tmax_mtu:\t\t4096 (5)\n\t\t\tactive_mtu:\t\t1024 (3)\n\t\t\tsm_lid:\t\t\t0\n\t\t\tport_lid:\t\t0\n\t\t\tport_lmc:\t\t0x00\n\t\t\tlink_layer:\t\tEthernet\n';
const infiniband =
  '\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tmax_mtu:\t\t4096 (5)\n\t\t\tactive_mtu:\t\t4096 (5)\n\t\t\tsm_lid:\t\t\t1\n\t\t\tport_lid:\t\t12\n\t\t\tport_lmc:\t\t0x00\n\t\t\tlink_layer:\t\tInfiniBand\n';

describe("3. Azure's Accelerated Networking device (mlx5_an*) is its front-end NIC, not a KV rail", () => {
  it('alone in a whole ibv_devinfo: no RDMA port for KV transfer (fail), whatever its state says', () => {
    const checks = readChecks('ibv_devinfo', `$ ibv_devinfo\n${hca('mlx5_an0', ethernet)}`);
    expect(checkLines(checks)).toEqual(['skipped ib.port mlx5_an0/1', 'fail ib.ports']);
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(
      /^no RDMA port for KV transfer: the one port shown is Azure's Accelerated Networking/,
    );
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it("beside the VM's InfiniBand device, it is ignored and the InfiniBand port decides", () => {
    const checks = readChecks(
      'ibv_devinfo',
      `$ ibv_devinfo\n${hca('mlx5_an0', ethernet)}${hca('mlx5_ib0', infiniband)}`,
    );
    expect(checkLines(checks)).toEqual([
      'skipped ib.port mlx5_an0/1',
      'ok ib.port mlx5_ib0/1',
      'ok ib.ports',
    ]);
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('the name decides, not the attributes: the same Ethernet VF named mlx5_0 is an Active RoCE port', () => {
    const checks = readChecks('ibv_devinfo', `$ ibv_devinfo\n${hca('mlx5_0', ethernet)}`);
    expect(checkLines(checks)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });

  it('cut before its link layer (ibstatus ends in its rate line), what follows it is not shown: not judged', () => {
    const cut =
      "~$ ibstatus\nInfiniband device 'mlx5_an0' port 1 status:\ndefault gid: unknown\nbase lid: 0x0\nsm lid: 0x0\nstate: 4: ACTIVE\nphys state: 5: LinkUp\nrate: 40 Gb/sec (4";
    const checks = readChecks('ibstatus', cut);
    expect(checks.find((c) => c.id === 'ib.ports')?.status).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
  });
});
