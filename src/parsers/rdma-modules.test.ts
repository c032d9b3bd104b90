import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';
import { type RdmaModuleRole, rdmaModulePattern, rdmaModules } from './rdma-modules.js';

/**
 * One table of the RDMA stack's modules serves every reader: a module has one role, and a driver the table knows
 * is known to lsmod's rules and dmesg's rules alike.
 */
const ROLES: RdmaModuleRole[] = ['core', 'user', 'hardware', 'software'];

describe('the RDMA module table', () => {
  it('gives each module one role', () => {
    const all = ROLES.flatMap((r) => [...rdmaModules(r)]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('finds a module name as a word only', () => {
    const re = rdmaModulePattern('hardware');
    expect(re.exec('hns_roce_hw_v2: probe')?.[1]).toBe('hns_roce_hw_v2');
    expect(re.exec('my_efa_tool started')).toBeNull();
  });

  it('a hardware driver in the table is a device driver to lsmod and a failed load to dmesg', () => {
    const lsmod = `Module                  Size  Used by
ocrdma                155648  0
ib_uverbs             184320  1 ocrdma
ib_core               442368  2 ocrdma,ib_uverbs
`;
    const checks = readPasted('lsmod', lsmod, { expect: 'any' }).checks;
    expect(checks.find((c) => c.id === 'rdma.hardware')?.status).not.toBe('fail');
    const dmesg = '[   12.000001] ocrdma: Unknown symbol ib_register_device (err -2)\n';
    const d = readPasted('dmesg', dmesg, { expect: 'any' }).checks.find((c) => c.id === 'nic.driver');
    expect(d?.status).toBe('fail');
    expect(d?.detail).toMatch(/^ocrdma cannot load/);
  });
});
