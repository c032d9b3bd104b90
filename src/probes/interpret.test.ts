import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { brokenWorker, h100Prefill, UCX_INFO_V_DEBIAN } from '../../test/helpers/node-recordings.js';
import { parseDevInfiniband } from '../parsers/dev-infiniband.js';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseIbvDevinfo } from '../parsers/ibv-devinfo.js';
import { parseLsmod } from '../parsers/lsmod.js';
import { parseMemlock } from '../parsers/memlock.js';
import { parseNvidiaSmiNvlink } from '../parsers/nvidia-smi-nvlink.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import { RecordedRunner, type Recording } from '../procs/recorded-runner.js';
import { interpret } from './interpret.js';
import { NODE_PROBES, READERS } from './node-set.js';
import { runProbeSet } from './run.js';

async function probe(rec: Record<string, Recording>, timeoutMs = 20_000) {
  const outcomes = await runProbeSet(new RecordedRunner(rec), NODE_PROBES, { concurrency: 4, timeoutMs });
  return interpret(NODE_PROBES, READERS, outcomes, timeoutMs);
}

const out = (r: Recording) => (r === 'missing' ? '' : (r.stdout ?? ''));
const both = (r: Recording) => (r === 'missing' ? '' : `${r.stdout ?? ''}\n${r.stderr ?? ''}`);

describe('interpret: an H100 worker recorded from real outputs', () => {
  it('feeds each output to its parser and keeps the result per probe', async () => {
    const rec = h100Prefill();
    const r = await probe(rec);
    const ran = (argv: string[], exitCode: number, parsed: unknown) => ({
      argv,
      ran: true,
      exitCode,
      notFound: false,
      timedOut: false,
      parsed,
    });
    expect(r.probes).toEqual({
      ibstat: ran(['ibstat'], 0, parseIbstat(both(rec.ibstat!))),
      'dev-infiniband': ran(
        ['ls', '-l', '/dev/infiniband', '/dev/gdrdrv'],
        2,
        parseDevInfiniband(both(rec['ls -l /dev/infiniband /dev/gdrdrv']!)),
      ),
      lsmod: ran(['lsmod'], 0, parseLsmod(out(rec.lsmod!))),
      topo: ran(['nvidia-smi', 'topo', '-m'], 0, parseNvidiaSmiTopo(out(rec['nvidia-smi topo -m']!))),
      nvlink: ran(
        ['nvidia-smi', 'nvlink', '--status'],
        0,
        parseNvidiaSmiNvlink(out(rec['nvidia-smi nvlink --status']!)),
      ),
      show_gids: { argv: ['show_gids'], ran: false, exitCode: null, notFound: true, timedOut: false },
      memlock: ran(['sh', '-c', 'ulimit -l'], 0, parseMemlock('unlimited\n')),
      ucx_info: ran(['ucx_info', '-d'], 0, parseUcxInfo(out(rec['ucx_info -d']!))),
      ucx_info_v: ran(['ucx_info', '-v'], 0, parseUcxInfo(UCX_INFO_V_DEBIAN)),
    });
    // /dev/gdrdrv is reported missing on stderr: the parser must have seen it.
    expect((r.parsed['dev-infiniband'] as { gdrdrv?: boolean }).gdrdrv).toBe(false);
  });

  it('classifies every output, skips the missing tool, and reasons across probes', async () => {
    const r = await probe(h100Prefill());
    expect(r.checks.map((c) => [c.id, c.status, c.subject])).toEqual([
      ['rdma.show_gids', 'skipped', undefined],
      ...['mlx5_0', 'mlx5_1', 'mlx5_4', 'mlx5_5', 'mlx5_6', 'mlx5_7', 'mlx5_8', 'mlx5_9', 'mlx5_bond_0'].map(
        (d) => ['ib.port', 'ok', `${d}/1`],
      ),
      ['ib.ports', 'ok', undefined],
      ['rdma.devices', 'ok', undefined],
      ['rdma.cm', 'ok', undefined],
      ['rdma.netdev', 'ok', undefined],
      ['gdr.device', 'skipped', undefined],
      ['gdr.peermem', 'ok', undefined],
      ['gdr.gdrdrv', 'skipped', undefined],
      ['nvlink.topology', 'ok', undefined],
      ['gdr.nic-affinity', 'ok', undefined],
      ['nvlink.links', 'ok', 'GPU0'],
      ['memlock.limit', 'ok', undefined],
      ['ucx.rdma', 'ok', undefined],
      ['ucx.cuda', 'ok', undefined],
      ['gdr.ucx', 'fail', undefined],
      // topo -m (NV18 to every peer) and nvlink --status (18 links up) of the same node agree.
      ['nvlink.cross', 'ok', undefined],
      ['ucx.verbs', 'ok', undefined],
      ['gdr.path', 'fail', undefined],
    ]);
    // `ucx_info -v` adds nothing once `-d` was read (no second, contradicting ucx.cuda).
    expect(r.checks.filter((c) => c.id === 'ucx.cuda')).toHaveLength(1);
  });
});

describe('interpret: a broken worker', () => {
  it('reports the fallback, failures, timeouts and missing tools as skipped with their reason', async () => {
    const rec = brokenWorker();
    const r = await probe(rec);
    expect(r.probes.ibstat).toEqual({
      argv: ['ibstat'],
      ran: false,
      exitCode: null,
      notFound: true,
      timedOut: false,
    });
    expect(r.probes.ibv_devinfo).toEqual({
      argv: ['ibv_devinfo', '-v'],
      ran: true,
      exitCode: 0,
      notFound: false,
      timedOut: false,
      parsed: parseIbvDevinfo(both(rec['ibv_devinfo -v']!)),
    });
    const mine = r.checks.filter((c) => c.status === 'skipped' && /not checked/.test(c.detail));
    expect(mine).toEqual([
      {
        id: 'gdr.lsmod',
        status: 'skipped',
        detail:
          '`cat /proc/modules` failed (exit 1): cat: /proc/modules: No such file or directory — not checked',
        fix: 'install kmod, or read /proc/modules',
      },
      {
        id: 'nvlink.topo',
        status: 'skipped',
        detail:
          "`nvidia-smi topo -m` failed (exit 9): NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running. — not checked",
        fix: 'nvidia-smi comes with the NVIDIA driver: run in a pod that has a GPU (NVIDIA container toolkit)',
      },
      {
        id: 'nvlink.nvlink',
        status: 'skipped',
        detail: '`nvidia-smi nvlink --status` timed out after 20 s — not checked',
        fix: 'find out why it hangs (a stuck driver or HCA?), or raise --probe-timeout',
      },
      {
        id: 'rdma.show_gids',
        status: 'skipped',
        detail: '`show_gids` not found: this was not checked',
        fix: 'show_gids ships with MLNX_OFED/DOCA-OFED; without it read /sys/class/infiniband/*/ports/*/gid_attrs',
      },
    ]);
    expect(r.probes.nvlink?.error).toBe('timed out after 20 s');
    expect(r.checks.map((c) => [c.id, c.status]).filter(([, s]) => s === 'fail')).toEqual([
      ['rdma.devices', 'fail'],
      ['ucx.rdma', 'fail'],
      ['ucx.cuda', 'fail'],
      ['rdma.mount', 'fail'],
      ['ucx.verbs', 'fail'],
    ]);
  });

  it('names both commands when a tool and its fallback are missing, once per tool', async () => {
    const r = await probe({ 'sh -c ulimit -l': { stdout: 'unlimited\n' } });
    expect(r.checks.filter((c) => c.status === 'skipped').map((c) => [c.id, c.detail])).toEqual([
      ['ib.ibstat', '`ibstat` not found, nor `ibv_devinfo -v`: this was not checked'],
      ['rdma.dev-infiniband', '`ls -l /dev/infiniband` not found: this was not checked'],
      ['gdr.lsmod', '`lsmod` not found, nor `cat /proc/modules`: this was not checked'],
      ['nvlink.topo', '`nvidia-smi topo -m` not found: this was not checked'],
      ['nvlink.nvlink', '`nvidia-smi nvlink --status` not found: this was not checked'],
      ['rdma.show_gids', '`show_gids` not found: this was not checked'],
      [
        'ucx.ucx_info',
        "`ucx_info -d` not found, nor `python3 -c <UCX through the NIXL wheel's libucp>`: this was not checked",
      ],
    ]);
  });

  it('reads /proc/modules when lsmod is not in the image', async () => {
    // /proc/modules lines as the kernel prints them (module, size, refs, users with a
    // trailing comma, state, address, taints); values from the GPU Operator lsmod example.
    const procModules = [
      'nvidia_peermem 16384 0 - Live 0xffffffffc0b1c000 (POE)',
      'nvidia_modeset 1200128 0 - Live 0xffffffffc1c5e000 (POE)',
      'nvidia_uvm 1286144 0 - Live 0xffffffffc1b0c000 (POE)',
      'nvidia 39051264 115 nvidia_peermem,nvidia_modeset,nvidia_uvm, Live 0xffffffffc0d7a000 (POE)',
      'ib_core 348160 9 nvidia_peermem,rdma_cm,ib_ipoib,iw_cm,ib_umad,rdma_ucm,ib_uverbs,mlx5_ib,ib_cm, Live 0xffffffffc0a5e000 (OE)',
      '',
    ].join('\n');
    const r = await probe({ lsmod: 'missing', 'cat /proc/modules': { stdout: procModules } });
    expect(r.probes['proc-modules']).toMatchObject({
      argv: ['cat', '/proc/modules'],
      ran: true,
      exitCode: 0,
    });
    expect(r.probes['proc-modules']?.parsed).toEqual(parseLsmod(procModules));
    expect(r.checks.find((c) => c.id === 'gdr.peermem')).toMatchObject({ status: 'ok' });
    expect(r.checks.find((c) => c.id === 'gdr.lsmod')).toBeUndefined();
  });

  it('never repeats a token a failing tool printed', async () => {
    const r = await probe({
      'ucx_info -d': {
        stdout: '',
        stderr: 'ucx_info: bad config UCX_AUTH_TOKEN=hf_abcdefghijklmnopqrstuvwx\n',
        exitCode: 1,
      },
    });
    expect(r.probes.ucx_info?.error).toBe('failed (exit 1): ucx_info: bad config UCX_AUTH_TOKEN=<redacted>');
  });

  it('does not pass off unreadable output as a result', async () => {
    const r = await probe({ 'ucx_info -d': { stdout: 'Segmentation fault\n', exitCode: 0 } });
    expect(r.probes.ucx_info?.parsed).toBeUndefined();
    const c = r.checks.find((x) => x.id === 'ucx.ucx_info');
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(
      /^`ucx_info -d` printed output that could not be read: cannot read ucx_info output/,
    );
  });

  it('skips RoCE GID checks when every port is InfiniBand', async () => {
    const rec = h100Prefill();
    rec.ibstat = { stdout: readFixture('node', 'ibstat', 'cx5-edr-4port-2active-2disabled.txt') };
    rec.show_gids = { stdout: readFixture('node', 'show_gids', 'k8s-pod-calico-no-gids.txt') };
    const r = await probe(rec);
    expect(r.checks.filter((c) => c.id === 'rdma.gid')).toEqual([
      {
        id: 'rdma.gid',
        status: 'skipped',
        detail: 'every RDMA port is InfiniBand: RoCE GIDs do not apply',
        matters: false,
      },
    ]);
  });
});
