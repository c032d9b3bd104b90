import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { listFixtures, readFixture, repoRoot } from '../../../test/helpers/fixtures.js';
import { parseNvidiaSmiTopo } from '../../parsers/nvidia-smi-topo.js';
import { planRails, railLines, railMap, railNetDevices, railNics, railSections } from './rails.js';

const DIR = 'node/nvidia-smi-topo-m';

/** What the fixtures' INDEX.md concludes about each node's GPU↔NIC rails (`GPUi->NIC PATH`, `-` none). */
const EXPECTED: Record<string, string[]> = {
  // Rail-optimised H100: GPU i <-> mlx5_i at PIX.
  'h100-8gpu-nv18-8nic-pix.txt': Array.from({ length: 8 }, (_, i) => `${i}->mlx5_${i} PIX`),
  // A100: two GPUs and two NIC ports behind one switch, all PXB: UCX's nearest distance holds
  // both ports for both GPUs (MAX_HCA_PER_GPU=auto), so each rail is the pair of ports.
  'a100-8gpu-nv12-8nic-roce-pxb.txt': Array.from({ length: 8 }, (_, i) => {
    const p = i - (i % 2);
    return `${i}->mlx5_${p},mlx5_${p + 1} PXB`;
  }),
  // No NIC Legend in that paste: the columns keep their labels.
  'h100-4gpu-nv6-direct-4nic-pix.txt': Array.from({ length: 4 }, (_, i) => `${i}->NIC${i} PIX`),
  // The one NIC is NODE/SYS to every GPU: no rail at all, and the nearest is named.
  'rtx5090-8gpu-pcie-only-1nic-node.txt': [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${i}->- -`),
  '8gpu-pcie-only-all-sys-no-nic.txt': [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${i}->- -`),
};

function show(text: string): string[] {
  return railMap(parseNvidiaSmiTopo(text)).map((r) => `${r.gpu}->${r.nic ?? '-'} ${r.path ?? '-'}`);
}

const SCRIPT = path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh');

/** A function of the pod's real script (templates/engines/nixl/_rails.sh) in a real shell. */
function podSh(call: string, input = ''): string {
  const r = spawnSync('sh', ['-c', `. "${SCRIPT}" >/dev/null; ${call}`], { input, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** The pod's own mapper (awk) on the same capture; `only`: the pod's RDMA devices, when given. */
function podMap(text: string, only?: string): string[] {
  const out = podSh(only === undefined ? 'rail_map' : `rail_map '${only}'`, text);
  return railLines(out).map((x) => `${x.gpu}->${x.nic ?? '-'} ${x.path ?? '-'}`);
}

describe('railMap: each GPU with its closest NIC, from real nvidia-smi topo -m captures', () => {
  for (const [file, want] of Object.entries(EXPECTED)) {
    it(`${file}`, () => {
      expect(show(readFixture(DIR, file))).toEqual(want);
    });
  }

  it('names the nearest NIC of a GPU that has no rail (rtx5090: mlx5_0 at NODE for GPU0, SYS for GPU4)', () => {
    const rails = railMap(parseNvidiaSmiTopo(readFixture(DIR, 'rtx5090-8gpu-pcie-only-1nic-node.txt')));
    expect(rails[0]?.nearest).toBe('mlx5_0 NODE');
    expect(rails[4]?.nearest).toBe('mlx5_0 SYS');
  });

  it('a rail of two NICs pins UCX to both ports (rail_nic: mlx5_0:1,mlx5_1:1); a rail with none pins nothing', () => {
    const a100 = readFixture(DIR, 'a100-8gpu-nv12-8nic-roce-pxb.txt');
    expect(podSh('RAILMAP=$(rail_map); rail_nic 1; echo "[$(rail_nic 9)]"', a100)).toBe(
      'mlx5_0:1,mlx5_1:1\n[]\n',
    );
    expect(railNetDevices('mlx5_0,mlx5_1')).toBe('mlx5_0:1,mlx5_1:1');
    expect(railNics({ nic: 'mlx5_0,mlx5_1' })).toEqual(['mlx5_0', 'mlx5_1']);
  });

  for (const file of listFixtures(DIR).filter((f) => f.endsWith('.txt'))) {
    it(`the pod's awk mapper agrees with railMap on ${file}`, () => {
      const text = readFixture(DIR, file);
      expect(podMap(text)).toEqual(show(text));
    });
  }
});

describe("only the pod's own RDMA devices (SR-IOV, Multus, a device plugin's share)", () => {
  // test/fixtures/node/ls-dev-infiniband/rdma-core-1060-…: a container whose sysfs lists mlx5_0..3
  // (sysfs is not namespaced) while /dev/infiniband holds only uverbs0 and uverbs2.
  const LS = readFixture('node/ls-dev-infiniband', 'rdma-core-1060-ls-sysfs-and-dev-2-of-4-uverbs.txt');
  const section = (cmd: string) =>
    (LS.split(`# ${cmd}\n`)[1] ?? '').split('\n\n')[0]?.split(/\s+/).filter(Boolean) ?? [];

  /** That container's /dev and /sys as files; the capture does not show ibdev, so uverbsN names mlx5_N. */
  function tree(): string {
    const root = mkdtempSync(path.join(tmpdir(), 'itest-rdma-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(path.join(root, 'dev', 'infiniband'), { recursive: true });
    for (const f of section('ls /dev/infiniband/'))
      writeFileSync(path.join(root, 'dev', 'infiniband', f), '');
    for (const d of section('ls /sys/class/infiniband')) {
      const dir = path.join(root, 'sys', 'class', 'infiniband_verbs', `uverbs${d.replace(/^mlx5_/, '')}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'ibdev'), `${d}\n`);
    }
    return root;
  }

  it('pod_rdma_devices names the devices the pod can open, not every device sysfs lists', () => {
    const root = tree();
    expect(section('ls /sys/class/infiniband')).toEqual(['mlx5_0', 'mlx5_1', 'mlx5_2', 'mlx5_3']);
    expect(podSh(`pod_rdma_devices '${root}/dev' '${root}/sys'`)).toBe('mlx5_0\nmlx5_2\n');
    // A node the kernel does not name is `?`: the pod then cannot filter, and says so.
    rmSync(path.join(root, 'sys', 'class', 'infiniband_verbs', 'uverbs2'), { recursive: true });
    expect(podSh(`pod_rdma_devices '${root}/dev' '${root}/sys'`)).toBe('mlx5_0\n?\n');
    expect(podSh(`pod_rdma_devices '${root}/none' '${root}/sys'`)).toBe('');
  });

  it('the A100 board with only mlx5_0 and mlx5_2 in the pod: GPU0-3 keep the one port they can open, GPU4-7 get none', () => {
    const a100 = readFixture(DIR, 'a100-8gpu-nv12-8nic-roce-pxb.txt');
    const want = ['0->mlx5_0 PXB', '1->mlx5_0 PXB', '2->mlx5_2 PXB', '3->mlx5_2 PXB'].concat(
      [4, 5, 6, 7].map((i) => `${i}->- -`),
    );
    expect(podMap(a100, 'mlx5_0 mlx5_2')).toEqual(want);
    const rails = railMap(parseNvidiaSmiTopo(a100), new Set(['mlx5_0', 'mlx5_2']));
    expect(rails.map((r) => `${r.gpu}->${r.nic ?? '-'} ${r.path ?? '-'}`)).toEqual(want);
    // The nearest NIC named for a GPU with no rail is one the pod has (mlx5_0 SYS, not mlx5_4 PXB).
    expect(rails[4]?.nearest).toBe('mlx5_0 SYS');
    // A pod with no RDMA device pins nothing.
    expect(podMap(a100, '')).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${i}->- -`));
  });
});

describe("NCCL_TOPO_FILE: the rail map from NCCL's XML topology (Azure ND H100 v5 ships ndv5-topo.xml)", () => {
  const XML = readFixture('node/nccl-topo-file', 'azure-ndv5-topo.xml');
  // The file's own GPUs and NICs in its order (INDEX.md); nvidia-smi prints an 8-digit domain,
  // which the rule normalises. The names mlx5_0..7 for NICs 0101..0108 are the test's: the
  // capture does not name them (the rule reads names from sysfs, never from the file).
  const busOf = (cls: string) =>
    [...XML.matchAll(new RegExp(`busid="([0-9a-f:.]+)" class="${cls}"`, 'g'))].map((m) => m[1] as string);
  const gpus = busOf('0x030200').map((b, i) => `${i} 0000${b.toUpperCase()}`);
  const nics = busOf('0x020700');

  function sysfs(): string {
    const root = mkdtempSync(path.join(tmpdir(), 'itest-ib-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    nics.forEach((b, i) => {
      const dir = path.join(root, 'class', 'infiniband', `mlx5_${i}`);
      mkdirSync(dir, { recursive: true });
      symlinkSync(`../../../devices/pci0000:00/${b}`, path.join(dir, 'device'));
    });
    return root;
  }

  it("each GPU gets the NIC under its own bridge; only the pod's devices are chosen", () => {
    expect(gpus).toHaveLength(8);
    const root = sysfs();
    const run = (only: string) =>
      railLines(
        podSh(
          `rail_map_topo_file "$(printf '%s\\n' ${gpus.map((g) => `'${g}'`).join(' ')})" "$(rdma_pci '${only}' '${root}')"`,
          XML,
        ),
      ).map((r) => `${r.gpu}->${r.nic ?? '-'}`);
    expect(run(nics.map((_, i) => `mlx5_${i}`).join(' '))).toEqual(
      Array.from({ length: 8 }, (_, i) => `${i}->mlx5_${i}`),
    );
    expect(run('mlx5_0 mlx5_5')).toEqual([
      '0->mlx5_0',
      '1->-',
      '2->-',
      '3->-',
      '4->-',
      '5->mlx5_5',
      '6->-',
      '7->-',
    ]);
  });

  it('a GPU the file does not hold has no rail (its PCI address is not in the file)', () => {
    const root = sysfs();
    const out = podSh(`rail_map_topo_file '0 00000042:00:00.0' "$(rdma_pci 'mlx5_0' '${root}')"`, XML);
    expect(out).toBe('interconnect-test: rail 0 gpu 0 nic - path -\n');
  });
});

describe('--rails and the pods GPUs', () => {
  it('every rail requests every GPU of the node', () => {
    expect(planRails('all', { allocatable: 8, free: 8 })).toMatchObject({
      gpus: 8,
      rails: [0, 1, 2, 3, 4, 5, 6, 7],
      notTested: [],
    });
  });

  it('busy GPUs: fewer rails, and the rest named as not tested', () => {
    const p = planRails('all', { allocatable: 8, free: 5 });
    expect(p).toMatchObject({ gpus: 5, rails: [0, 1, 2, 3, 4], notTested: [5, 6, 7] });
    expect(p.why).toMatch(/only 5 of 8 GPUs free: rail\(s\) 5, 6, 7 not tested/);
  });

  it('--rails 0,3 requests enough GPUs to reach GPU 3; an index past the node is not tested', () => {
    expect(planRails([0, 3], { allocatable: 8, free: 8 })).toMatchObject({ gpus: 4, rails: [0, 3] });
    expect(planRails([1], {})).toMatchObject({ gpus: 2, rails: [1], notTested: [] });
    expect(planRails([0, 9], { allocatable: 8, free: 8 })).toMatchObject({ rails: [0], notTested: [9] });
  });

  it('an unread cluster: one rail, and says so', () => {
    expect(planRails('all', {})).toMatchObject({ gpus: 1, rails: [0] });
  });
});

describe('rail sections of a probe log', () => {
  it('cuts the shared head and each rail', () => {
    const log = [
      'interconnect-test: nic mlx5_0|1|4: ACTIVE|400 Gb/sec (4X NDR)|InfiniBand',
      'interconnect-test: rail 0 gpu 0 nic mlx5_0 path PIX',
      'interconnect-test: rail 1 gpu 1 nic - path -',
      'interconnect-test: rail 0 begin',
      'zero',
      'interconnect-test: rail 0 end rc=0',
      'interconnect-test: rail 1 begin',
      'one',
      'interconnect-test: rail 1 end rc=1',
    ].join('\n');
    const s = railSections(log);
    expect(s.head).toMatch(/^interconnect-test: nic mlx5_0/);
    expect([...s.rails.entries()]).toEqual([
      [0, 'zero\n'],
      [1, 'one\n'],
    ]);
    expect(railLines(log)).toEqual([{ gpu: 0, nic: 'mlx5_0', path: 'PIX' }, { gpu: 1 }]);
  });
});
