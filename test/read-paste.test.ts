import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { readFixture } from './helpers/fixtures.js';

/**
 * `read <tool>` on what people paste: real captures (test/fixtures, unchanged)
 * joined with the prompt and kubectl lines a terminal shows around them.
 */

const read = (tool: string, stdin: string) =>
  runCli(['read', tool, '-', '-o', 'json', '-q'], { env: {}, stdin });
const checks = (stdout: string) =>
  (JSON.parse(stdout).checks as { id: string; status: string; detail: string }[]).map((c) => ({
    id: c.id,
    status: c.status,
    detail: c.detail,
  }));

const IBSTAT = readFixture('node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt');
const DEV_IB = readFixture('node', 'ls-dev-infiniband', 'k8s-pod-shared-rdma-device-one-hca.txt');
const MODINFO = readFixture('node', 'modinfo', 'nv_peer_memory-46-grep-empty-modinfo-installed.txt');

describe('read <tool> on a terminal paste', () => {
  it('lsmod: an empty `lsmod | grep nv_peer` then `modinfo nv_peer_mem` is installed-but-not-loaded', async () => {
    const r = await read('lsmod', MODINFO);
    expect(r.stderr).toBe('');
    const c = checks(r.stdout);
    expect(c.find((x) => x.id === 'gdr.peermem')).toMatchObject({
      status: 'warn',
      detail:
        'nv_peer_mem is installed (modinfo, line 4: /lib/modules/4.15.0-46-generic/updates/dkms/nv_peer_mem.ko) but not loaded: GPUDirect RDMA has no peer-memory module until it is',
    });
    expect(c[0]).toMatchObject({ id: 'read.input', status: 'skipped' });
    expect(c[0]?.detail).toBe(
      'read `lsmod | grep nv_peer` (line 1) as lsmod; ignored `modinfo nv_peer_mem` (lines 4–19)',
    );
  });

  it('lsmod: modinfo saying the module is not found is named too (the error line of Mellanox/nv_peer_memory#51)', async () => {
    const lsmod = readFixture('node', 'lsmod', 'a100-peermem-and-nv_peer_mem-both-absent.txt');
    const r = await read(
      'lsmod',
      `${lsmod}\n(pytorch) [root@gpu3 ~]# modinfo nv_peer_mem\nmodinfo: ERROR: Module nv_peer_mem not found.\n`,
    );
    const peermem = checks(r.stdout).find((x) => x.id === 'gdr.peermem');
    expect(peermem?.status).toBe('warn');
    expect(peermem?.detail).toMatch(/; modinfo: nv_peer_mem not installed either$/);
  });

  it('ibstat inside kubectl exec, with its notices and an ls of /dev/infiniband after it: same checks as the bare capture', async () => {
    const bare = checks((await read('ibstat', IBSTAT)).stdout);
    const paste =
      'Defaulted container "main" out of: main, init-rdma (init)\n' +
      '$ kubectl exec -it vllm-decode-0 -- ibstat\n' +
      'Unable to use a TTY - input is not a terminal or the right kind of file\n' +
      IBSTAT +
      '$ kubectl exec -it vllm-decode-0 -- ls -l /dev/infiniband /sys/class/net\n' +
      DEV_IB;
    const r = await read('ibstat', paste);
    expect(r.stderr).toBe('');
    const got = checks(r.stdout);
    expect(got.slice(1)).toEqual(bare);
    expect(got[0]?.detail).toMatch(
      /^read `ibstat` \(lines 2–\d+\) as ibstat; ignored `ls -l \/dev\/infiniband \/sys\/class\/net` \(lines \d+–\d+\), 2 kubectl notice line\(s\)/,
    );
    // The same paste read for the other tool keeps the other section.
    const dev = checks((await read('dev-infiniband', paste)).stdout);
    expect(dev.slice(1)).toEqual(checks((await read('dev-infiniband', DEV_IB)).stdout));
  });

  it('a paste with nothing of the tool exits 2 naming what it holds', async () => {
    const r = await read('ibstat', `root@pod:/# ls -l /dev/infiniband /sys/class/net\n${DEV_IB}${MODINFO}`);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^error: cannot read ibstat output: no ibstat output in this paste \(it holds `ls -l \/dev\/infiniband \/sys\/class\/net` \(lines 1–\d+\), `lsmod \| grep nv_peer`/,
    );
  });

  it('ucx_info: `ucx_info -d | grep Transport` after a Singularity prompt reads the transports, their devices not shown', async () => {
    const kept = readFixture('node', 'ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt')
      .split('\n')
      .filter((l) => l.includes('Transport'));
    const r = await read(
      'ucx_info',
      ['Singularity> ucx_info -d | grep Transport', ...kept, 'Singularity> '].join('\n'),
    );
    expect(r.code).toBe(0);
    const c = checks(r.stdout);
    expect(c.find((x) => x.id === 'ucx.rdma')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining('their devices are not shown'),
    });
    expect(c.find((x) => x.id === 'ucx.cuda')?.status).toBe('ok');
  });

  it("ibstat: `ibstat | grep -E 'CA |State|Rate'` keeps each port's State and Rate: read by order, a Down port with its physical state hidden warns, never fails", async () => {
    const real = readFixture('node', 'ibstat', 'h100-ndr-ib-8active-plus-3-eth-disabled.txt');
    const kept = real.split('\n').filter((l) => /CA |State|Rate/.test(l));
    const r = await read(
      'ibstat',
      ['[root@gpu-node ~]# ibstat | grep -E "CA |State|Rate"', ...kept].join('\n'),
    );
    const c = checks(r.stdout);
    const port = (s: string) =>
      (JSON.parse(r.stdout).checks as { id: string; subject?: string; status: string }[]).find(
        (x) => x.id === 'ib.port' && x.subject === s,
      );
    // Unfiltered, mlx5_2 is a Disabled Ethernet port (skipped); the filter hid what says so.
    expect(port('mlx5_2/1')?.status).toBe('warn');
    expect(port('mlx5_0/1')?.status).toBe('ok');
    expect(c.some((x) => x.status === 'fail')).toBe(false);
    expect(c.find((x) => x.id === 'ib.ports')?.detail).toMatch(/^9 of 12 ports usable/);
    expect(r.code).toBe(0);
  });
});
