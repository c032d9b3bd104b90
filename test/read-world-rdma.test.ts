import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { readPasted } from '../src/read/tools.js';
import { spawnCli } from './helpers/cli.js';
import { fixturePath, readFixture } from './helpers/fixtures.js';

/**
 * RDMA hardware as it really is (issue 22, items 4, 5, 8, 9): real captures of
 * soft-RoCE/siw, EFA, SR-IOV VFs, slow and down ports and the ib tools' error
 * shapes, read through readPasted — the function `read` uses — and judged as each
 * fixture's INDEX.md says an expert would, before the tool was run on them.
 */
const expected: Record<string, { lines: string[]; verdict: string }> = {
  // Soft RDMA is never RDMA hardware, whatever rate it reports.
  'ibstat/rxe0-soft-roce-over-wlan-rate-2.5.txt': {
    lines: ['fail ib.port rxe0/1', 'fail ib.ports'],
    verdict: 'untrusted',
  },
  'ibstat/rxe0-soft-roce-aws-ena-rate-100.txt': {
    lines: ['skipped read.input', 'fail ib.port rxe0/1', 'fail ib.ports'],
    verdict: 'untrusted',
  },
  'ibstat/rxe0-soft-roce-vmware-vm-rate-fdr10.txt': {
    lines: ['fail ib.port rxe0/1', 'fail ib.ports'],
    verdict: 'untrusted',
  },
  'ibv_devinfo/rxe0-old-librxe-vendor-0-no-link-layer.txt': {
    lines: ['skipped read.input', 'fail ib.port rxe0/1', 'fail ib.ports'],
    verdict: 'untrusted',
  },
  'ibv_devinfo/siw-3dev-enp0s25-lo-docker0.txt': {
    lines: [
      'fail ib.port siw_enp0s25/1',
      'fail ib.port siw_lo/1',
      'fail ib.port siw_docker0/1',
      'fail ib.ports',
    ],
    verdict: 'untrusted',
  },
  // EFA: no LID and no subnet manager by design.
  'ibstat/efa0-ca-no-lid-link-layer-unknown.txt': {
    lines: ['ok ib.port efa_0/1', 'ok ib.ports', 'ok rdma.efa'],
    verdict: 'trusted',
  },
  // `ibv_devinfo | head` cut the port block: not shown, never down.
  'ibv_devinfo/efa0-head-truncated-port-fields-not-shown.txt': {
    lines: ['skipped ib.port efa_0/1', 'skipped ib.ports'],
    verdict: 'unverified',
  },
  // An SR-IOV VF is fine when Active; the VFs not granted to the pod are a warning.
  'ibv_devinfo/failed-to-open-device-x8-plus-cx3-vf-active.txt': {
    lines: ['ok ib.port mlx4_2/1', 'ok ib.ports', 'warn rdma.devices'],
    verdict: 'unverified',
  },
  // Error shapes: one clear check, never "unreadable input".
  'ibv_devinfo/no-ib-devices-found-no-userspace-driver.txt': {
    lines: ['skipped read.input', 'fail rdma.devices'],
    verdict: 'untrusted',
  },
  'ibstatus/no-devices-sys-files-not-found.txt': {
    lines: ['skipped read.input', 'fail rdma.devices'],
    verdict: 'untrusted',
  },
  // Slow ports: Active is not enough.
  'ibstatus/cx4lx-25gbe-1x-edr-active-plus-disabled.txt': {
    lines: ['skipped read.input', 'fail ib.port mlx5_0/1', 'warn ib.port mlx5_1/1', 'fail ib.ports'],
    verdict: 'untrusted',
  },
  'ibstatus/cx4lx-10g-1x-qdr-and-25g-1x-edr-both-active.txt': {
    lines: [
      'skipped read.input',
      'fail ib.port mlx5_0/1',
      'fail ib.port mlx5_1/1',
      'fail ib.ports',
      'warn ib.rate',
    ],
    verdict: 'untrusted',
  },
  // A down second port beside an Active first one: named, a warning (plain ibv_devinfo shows no physical state).
  // Its first line `#ibv_devinfo` is a `#` prompt glued to the command (read.input names it).
  'ibv_devinfo/cx3-2hca-port1-active-port2-down.txt': {
    lines: [
      'skipped read.input',
      'ok ib.port mlx4_1/1',
      'warn ib.port mlx4_1/2',
      'ok ib.port mlx4_0/1',
      'warn ib.port mlx4_0/2',
      'ok ib.ports',
    ],
    verdict: 'unverified',
  },
  // An 8-rail RoCE node with one rail Polling and one rail Disabled: the disabled rail is not "ignored";
  // one of a set of identical rails with no carrier leaves its GPU without a rail (issue 38 P5): a failure.
  'ibstat/h100-roce-8rail-1-polling-1-disabled-plus-4-cx6dx.txt': {
    lines: [
      'ok ib.port mlx5_0/1',
      'ok ib.port mlx5_1/1',
      'ok ib.port mlx5_10/1',
      'fail ib.port mlx5_11/1',
      'ok ib.port mlx5_2/1',
      'ok ib.port mlx5_3/1',
      'ok ib.port mlx5_4/1',
      'fail ib.port mlx5_5/1',
      'ok ib.port mlx5_6/1',
      'ok ib.port mlx5_7/1',
      'ok ib.port mlx5_8/1',
      'ok ib.port mlx5_9/1',
      'ok ib.ports',
    ],
    verdict: 'untrusted',
  },
  'ibstatus/roce-2port-400-ndr-ethernet.txt': {
    lines: ['skipped read.input', 'ok ib.port mlx5_0/1', 'ok ib.port mlx5_1/1', 'ok ib.ports'],
    verdict: 'trusted',
  },
};

const line = (c: { status: string; id: string; subject?: string }) =>
  `${c.status} ${c.id}${c.subject ? ` ${c.subject}` : ''}`;

describe('read: real RDMA devices, ports and error shapes (issue 22)', () => {
  for (const [key, want] of Object.entries(expected)) {
    it(key, () => {
      const [tool, file] = key.split('/') as ['ibstat' | 'ibstatus' | 'ibv_devinfo', string];
      const { checks } = readPasted(tool, readFixture('node', tool, file), { expect: 'any' });
      expect(checks.map(line)).toEqual(want.lines);
      expect(rollUp(checks).status).toBe(want.verdict);
    });
  }

  it('says why a soft device fails and what to do', () => {
    const { checks } = readPasted(
      'ibstat',
      readFixture('node', 'ibstat', 'rxe0-soft-roce-aws-ena-rate-100.txt'),
      {
        expect: 'any',
      },
    );
    const port = checks.find((c) => c.id === 'ib.port');
    expect(port?.detail).toMatch(/^Soft-RoCE \(rxe\) port Active: .*no offload and no GPUDirect RDMA/);
    expect(port?.fix).toMatch(/RDMA hardware/);
  });

  it('never asks an EFA port for a LID or a subnet manager', () => {
    const { checks } = readPasted(
      'ibstat',
      readFixture('node', 'ibstat', 'efa0-ca-no-lid-link-layer-unknown.txt'),
      {
        expect: 'any',
      },
    );
    for (const c of checks) expect(c.detail).not.toMatch(/check the subnet manager|has no LID/);
    expect(checks.find((c) => c.id === 'ib.port')?.detail).toMatch(/^EFA port Active\/LinkUp/);
  });

  it("calls a disabled port of the rails' own model a rail switched off", () => {
    const { checks } = readPasted(
      'ibstat',
      readFixture('node', 'ibstat', 'h100-roce-8rail-1-polling-1-disabled-plus-4-cx6dx.txt'),
      { expect: 'any' },
    );
    expect(checks.find((c) => c.subject === 'mlx5_5/1')?.detail).toBe(
      'RoCE (Ethernet) port Disabled on the same adapter model (MT4129) as the 6 Active rails at 400 Gb/s: a rail switched off, so the GPU it serves has no rail of its own (its KV traffic crosses to another NIC or fails)',
    );
  });

  it('names the Active sibling of a down port', () => {
    const { checks } = readPasted(
      'ibv_devinfo',
      readFixture('node', 'ibv_devinfo', 'cx3-2hca-port1-active-port2-down.txt'),
      { expect: 'any' },
    );
    expect(checks.find((c) => c.subject === 'mlx4_0/2')?.detail).toMatch(
      /beside mlx4_0\/1 Active on the same HCA/,
    );
  });

  it('names the VF and the speed of a slow port', () => {
    const vf = readPasted(
      'ibv_devinfo',
      readFixture('node', 'ibv_devinfo', 'failed-to-open-device-x8-plus-cx3-vf-active.txt'),
      { expect: 'any' },
    ).checks.find((c) => c.id === 'ib.port');
    expect(vf?.detail).toMatch(/SR-IOV VF \(ConnectX-3 Virtual Function\)/);
    const slow = readPasted(
      'ibstatus',
      readFixture('node', 'ibstatus', 'cx4lx-10g-1x-qdr-and-25g-1x-edr-both-active.txt'),
      { expect: 'any' },
    ).checks;
    expect(slow.find((c) => c.subject === 'mlx5_0/1')?.detail).toMatch(
      /Active at 10 Gb\/s \(1X QDR\): 1\.3 GB\/s/,
    );
    // One port at each speed: no majority says which is the norm (the 10G port may sit on a
    // 10G switch), so neither is held to the other's speed; the disagreement still warns.
    expect(slow.find((c) => c.id === 'ib.rate')).toMatchObject({
      status: 'warn',
      detail:
        "ports of one kind run at different speeds with no majority: 25 Gb/s 1X 25G/lane (mlx5_1/1), 10 Gb/s 1X 10G/lane (mlx5_0/1); none is held to another's speed",
    });
  });
});

describe('read through the built CLI: exit codes of the RDMA error shapes', () => {
  const run = (tool: string, file: string) =>
    spawnCli(['read', tool, fixturePath('node', tool, file), '-q'], { env: { NO_COLOR: '1' } });

  it('exits 1 (not 2) on "No IB devices found" and on ibstatus "sys files not found"', async () => {
    expect((await run('ibv_devinfo', 'no-ib-devices-found-no-userspace-driver.txt')).code).toBe(1);
    expect((await run('ibstatus', 'no-devices-sys-files-not-found.txt')).code).toBe(1);
  });

  it('exits 1 on Soft-RoCE and 0 on an Active EFA', async () => {
    expect((await run('ibstat', 'rxe0-soft-roce-over-wlan-rate-2.5.txt')).code).toBe(1);
    expect((await run('ibstat', 'efa0-ca-no-lid-link-layer-unknown.txt')).code).toBe(0);
  });

  it('exits 2 only when nothing is readable', async () => {
    const r = await spawnCli(['read', 'ibv_devinfo', '-', '-q'], { stdin: 'lorem ipsum\n' });
    expect(r.code).toBe(2);
  });
});
