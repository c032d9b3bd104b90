import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { listFixtures, readFixture, repoRoot } from '../../../test/helpers/fixtures.js';
import { parseNvidiaSmiTopo } from '../../parsers/nvidia-smi-topo.js';
import { railWorth } from '../verdict/rail-bar.js';
import { type Rail, railLines, railMap } from './rails.js';
import { gpuNuma, normBusId, onNuma, railMapTopoFile, spreadRails } from './rails-numa.js';

const SCRIPT = path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh');
const TOPO = 'node/nvidia-smi-topo-m';

/** A function of the pod's real script (templates/engines/nixl/_rails.sh) in a real shell. */
function podSh(call: string, input = ''): string {
  const r = spawnSync('sh', ['-c', `. "${SCRIPT}" >/dev/null; ${call}`], { input, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const show = (rails: readonly Rail[]) => rails.map((r) => `${r.gpu}->${r.nic ?? '-'} ${r.path ?? '-'}`);

describe("NCCL_TOPO_FILE: the pod's awk and railMapTopoFile agree on Azure's ndv5-topo.xml", () => {
  const XML = readFixture('node/nccl-topo-file', 'azure-ndv5-topo.xml');
  // The file's GPUs and NICs in its order (INDEX.md). nvidia-smi prints an 8-digit domain; the
  // names mlx5_0..7 for NICs 0101..0108 are the test's (the rule reads names from sysfs).
  const busOf = (cls: string) =>
    [...XML.matchAll(new RegExp(`busid="([0-9a-f:.]+)" class="${cls}"`, 'g'))].map((m) => m[1] as string);
  const gpus = busOf('0x030200').map((b, i) => ({ index: i, busId: `0000${b.toUpperCase()}` }));
  const nics = busOf('0x020700').map((b, i) => ({ busId: b, name: `mlx5_${i}` }));

  function sysfs(): string {
    const root = mkdtempSync(path.join(tmpdir(), 'itest-ib-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    for (const n of nics) {
      const dir = path.join(root, 'class', 'infiniband', n.name);
      mkdirSync(dir, { recursive: true });
      symlinkSync(`../../../devices/pci0000:00/${n.busId}`, path.join(dir, 'device'));
    }
    return root;
  }

  const cases: [string, string[], number[]][] = [
    ['every NIC in the pod', nics.map((n) => n.name), [0, 1, 2, 3, 4, 5, 6, 7]],
    ['two NICs in the pod (SR-IOV, Multus)', ['mlx5_0', 'mlx5_5'], [0, 1, 2, 3, 4, 5, 6, 7]],
    ['no RDMA device in the pod', [], [0, 1, 2, 3, 4, 5, 6, 7]],
    ['a pod with GPUs 2 and 6 only', nics.map((n) => n.name), [2, 6]],
  ];
  it.each(cases)('%s', (_name, only, gpuIdx) => {
    const root = sysfs();
    const mine = gpus.filter((g) => gpuIdx.includes(g.index));
    const out = podSh(
      `rail_map_topo_file ${q(mine.map((g) => `${g.index} ${g.busId}`).join('\n'))} "$(rdma_pci ${q(only.join(' '))} ${q(root)})"`,
      XML,
    );
    const ts = railMapTopoFile(
      XML,
      mine,
      nics.filter((n) => only.includes(n.name)),
    );
    expect(show(railLines(out))).toEqual(show(ts));
    // The rule itself: each GPU its bridge's NIC, when the pod has it.
    expect(show(ts)).toEqual(
      mine.map((g) =>
        only.includes(`mlx5_${g.index}`) ? `${g.index}->mlx5_${g.index} topo-file` : `${g.index}->- -`,
      ),
    );
  });

  it("the pod opens mlx5_0 and mlx5_5 only: the GPUs left without their bridge's NIC take the one on their NUMA node (the file's), shared", () => {
    const root = sysfs();
    const mine = "'mlx5_0 mlx5_5'";
    const gpuList = q(gpus.map((g) => `${g.index} ${g.busId}`).join('\n'));
    // NUMA nodes as the file places them: GPUs 0-3 and NICs 0101-0104 under <cpu numaid="0">.
    const gpuNumaLines = gpus.map((g) => `${g.index} ${g.index < 4 ? 0 : 1}`).join('\n');
    const out = podSh(
      `rail_map_topo_file ${gpuList} "$(rdma_pci ${mine} ${q(root)})" | rail_spread ${q(gpuNumaLines)} 'mlx5_0 0\nmlx5_5 1'`,
      XML,
    );
    const want = ['0->mlx5_0 topo-file', '1->mlx5_0 NUMA', '2->mlx5_0 NUMA', '3->mlx5_0 NUMA'].concat([
      '4->mlx5_5 NUMA',
      '5->mlx5_5 topo-file',
      '6->mlx5_5 NUMA',
      '7->mlx5_5 NUMA',
    ]);
    expect(show(railLines(out))).toEqual(want);
    const ts = spreadRails(
      railMapTopoFile(
        XML,
        gpus,
        nics.filter((n) => ['mlx5_0', 'mlx5_5'].includes(n.name)),
      ),
      new Map(gpus.map((g) => [g.index, g.index < 4 ? '0' : '1'])),
      [
        { name: 'mlx5_0', node: 0 },
        { name: 'mlx5_5', node: 1 },
      ],
    );
    expect(show(ts)).toEqual(want);
    // Four rails on one NIC at once: a quarter of its line each.
    const all = ts.map((r) => r.gpu);
    expect(all.map((g) => railWorth(ts, g, all))).toEqual(Array(8).fill(0.25));
  });

  it('PCI addresses compare with the domain as 4 hex digits, in lower case', () => {
    expect(normBusId('00000001:00:00.0')).toBe('0001:00:00.0');
    expect(normBusId('000A:00:00.0')).toBe('000a:00:00.0');
    expect(railMapTopoFile(XML, [{ index: 0, busId: '00000042:00:00.0' }], nics)).toEqual([{ gpu: 0 }]);
  });
});

describe("each GPU's NUMA nodes: gpu_numa (awk) and gpuNuma agree on every topo capture", () => {
  for (const file of listFixtures(TOPO).filter((f) => f.endsWith('.txt'))) {
    it(file, () => {
      const text = readFixture(TOPO, file);
      const fromPod = podSh('gpu_numa', text)
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' '));
      expect(fromPod).toEqual(
        [...gpuNuma(parseNvidiaSmiTopo(text)).entries()].map(([g, n]) => [String(g), n]),
      );
    });
  }

  it('reads the column by its name (4 GPUs on NUMA nodes 3, 1, 7, 5; none where the matrix has no such column)', () => {
    expect(podSh('gpu_numa', readFixture(TOPO, 'h100-4gpu-nv6-direct-4nic-pix.txt'))).toBe(
      '0 3\n1 1\n2 7\n3 5\n',
    );
    expect(podSh('gpu_numa', readFixture(TOPO, 'a100-8gpu-nv12-8nic-roce-pxb.txt'))).toMatch(/^0 \d/);
  });

  it("a Grace GPU's list holds its CPU's node and memory-only nodes: node 0 and 5 are on `0,3-9,11-17`, 1 and 10 are not", () => {
    expect([0, 5, 11, 17].map((x) => onNuma(x, '0,3-9,11-17'))).toEqual([true, true, true, true]);
    expect([1, 10, 18, 2].map((x) => onNuma(x, '0,3-9,11-17'))).toEqual([false, false, false, false]);
    expect(onNuma(0, 'N/A')).toBe(false);
  });
});

/** The pod's spread and the planner's on the same rails and NUMA facts. */
function both(rails: string, gpus: string, nics: string): { pod: string[]; ts: string[] } {
  const pod = show(railLines(podSh(`rail_spread ${q(gpus)} ${q(nics)}`, rails)));
  const numa = new Map(
    gpus
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' '))
      .map(([g, n]) => [Number(g), n as string]),
  );
  const list = nics
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' '))
    .map(([name, node]) => ({ name: name as string, node: /^\d+$/.test(node ?? '') ? Number(node) : -1 }));
  return { pod, ts: show(spreadRails(railLines(rails), numa, list)) };
}

describe('rail_spread: a GPU with no NIC of its own takes the pod NICs on its NUMA node, dealt out', () => {
  const rtx = readFixture(TOPO, 'rtx5090-8gpu-pcie-only-1nic-node.txt');

  it('rtx5090 (one dual-port NIC on NUMA 0, NODE to GPU0-3): GPU0-3 alternate the two ports, GPU4-7 (NUMA 1) stay unpinned', () => {
    const { pod, ts } = both(podSh('rail_map', rtx), podSh('gpu_numa', rtx), 'mlx5_0 0\nmlx5_1 0\n');
    const want = ['0->mlx5_0 NUMA', '1->mlx5_1 NUMA', '2->mlx5_0 NUMA', '3->mlx5_1 NUMA'].concat(
      [4, 5, 6, 7].map((i) => `${i}->- -`),
    );
    expect(pod).toEqual(want);
    expect(ts).toEqual(want);
    // Each port is shared by two rails at once: each rail has half a NIC's worth of line.
    const map = railLines(
      podSh(`rail_spread ${q(podSh('gpu_numa', rtx))} 'mlx5_0 0\nmlx5_1 0'`, podSh('rail_map', rtx)),
    );
    const ran = [0, 1, 2, 3, 4, 5, 6, 7];
    expect(ran.map((g) => railWorth(map, g, ran))).toEqual([
      0.5,
      0.5,
      0.5,
      0.5,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('more NICs than GPUs on a node: each GPU a block of them, every NIC used once', () => {
    const rails =
      'interconnect-test: rail 0 gpu 0 nic - path -\ninterconnect-test: rails: a line that is no rail\ninterconnect-test: rail 1 gpu 1 nic - path -\n';
    const { pod, ts } = both(rails, '0 0\n1 0\n', 'a 0\nb 0\nc 0\nd 0\ne 0\nf 1\n');
    expect(pod).toEqual(['0->a,b,c NUMA', '1->d,e NUMA']);
    expect(ts).toEqual(pod);
  });

  it('a rail with its own NICs is kept; an unknown NUMA node (-1, N/A) never matches', () => {
    const rails = [
      'interconnect-test: rail 0 gpu 0 nic mlx5_0 path PIX',
      'interconnect-test: rail 1 gpu 1 nic - path -',
      'interconnect-test: rail 2 gpu 2 nic - path -',
      'interconnect-test: rail 3 gpu 3 nic - path -',
    ].join('\n');
    const { pod, ts } = both(rails, '0 0\n1 0\n2 N/A\n', 'mlx5_0 0\nmlx5_1 -1\nmlx5_2 0\n');
    // GPU1 (node 0) gets both node-0 NICs the pod has, GPU2's node is unknown, GPU3 has none listed.
    expect(pod).toEqual(['0->mlx5_0 PIX', '1->mlx5_0,mlx5_2 NUMA', '2->- -', '3->- -']);
    expect(ts).toEqual(pod);
  });

  it('Grace (GB200 trays: every GPU-NIC cell SYS, a GPU lists its CPU node and memory-only nodes)', () => {
    const rails = [0, 1, 2, 3].map((g) => `interconnect-test: rail ${g} gpu ${g} nic - path -`).join('\n');
    const gpus = '0 0,3-9,11-17\n1 0,3-9,11-17\n2 1,19-25,27-33\n3 1,19-25,27-33\n';
    const { pod, ts } = both(rails, gpus, 'mlx5_0 0\nmlx5_1 0\nmlx5_4 1\nmlx5_5 1\n');
    expect(pod).toEqual(['0->mlx5_0 NUMA', '1->mlx5_1 NUMA', '2->mlx5_4 NUMA', '3->mlx5_5 NUMA']);
    expect(ts).toEqual(pod);
  });

  // Every capture through both: the NICs' NUMA nodes derived for the test from the matrix (the
  // node of the first GPU that reaches the NIC without crossing NUMA nodes), the pod's devices all.
  for (const file of listFixtures(TOPO).filter((f) => f.endsWith('.txt'))) {
    it(`the pod and the planner agree on ${file}`, () => {
      const text = readFixture(TOPO, file);
      const topo = parseNvidiaSmiTopo(text);
      const numa = gpuNuma(topo);
      const nics = topo.devices
        .filter((d) => d.kind === 'nic')
        .map((n) => {
          const g = topo.devices.find(
            (d) =>
              d.kind === 'gpu' && ['PIX', 'PXB', 'PHB', 'NODE'].includes(topo.matrix[d.id]?.[n.id] ?? ''),
          );
          const node = g ? Number(numa.get(Number(g.id.slice(3)))?.split(',')[0]) : -1;
          return `${n.name ?? n.id} ${Number.isNaN(node) ? -1 : node}`;
        })
        .join('\n');
      const { pod, ts } = both(podSh('rail_map', text), podSh('gpu_numa', text), nics);
      expect(pod).toEqual(ts);
      // Nothing pinned by the topology loses its NICs.
      const before = show(railMap(topo)).filter((l) => !l.endsWith('- -'));
      expect(ts.filter((l) => before.includes(l))).toEqual(before);
    });
  }
});

describe('rdma_numa: the NUMA node of each of the pod RDMA devices, from sysfs', () => {
  it('reads device/numa_node; -1 where the kernel has none', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'itest-numa-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    for (const [n, node] of [
      ['mlx5_0', '1\n'],
      ['mlx5_1', '-1\n'],
    ] as const) {
      mkdirSync(path.join(root, 'class', 'infiniband', n, 'device'), { recursive: true });
      writeFileSync(path.join(root, 'class', 'infiniband', n, 'device', 'numa_node'), node);
    }
    expect(podSh(`rdma_numa 'mlx5_0 mlx5_1 mlx5_9' ${q(root)}`)).toBe('mlx5_0 1\nmlx5_1 -1\nmlx5_9 -1\n');
  });
});

describe('railLines reads how each rail was chosen', () => {
  it('PIX, PXB, topo-file, NUMA', () => {
    const log = ['PIX', 'PXB', 'topo-file', 'NUMA', '-']
      .map((p, i) => `interconnect-test: rail ${i} gpu ${i} nic ${p === '-' ? '-' : `mlx5_${i}`} path ${p}`)
      .join('\n');
    expect(railLines(log).map((r) => r.path)).toEqual(['PIX', 'PXB', 'topo-file', 'NUMA', undefined]);
  });
});

describe('the pod script end to end: the map it prints with ITEST_RAILS set', () => {
  // The rails block of _rails.sh as the pod runs it: /dev and /sys a copy (ITEST_RAILS_ROOT), and
  // on PATH an `nvidia-smi` that replays the rtx5090 node's real `topo -m` capture (no GPU here).
  it('rtx5090: no GPU has a PIX/PXB NIC, so GPU0-3 take the pod two NUMA-0 ports in turn; the NUMA facts are printed', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'itest-rails-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const capture = path.join(root, 'topo.txt');
    writeFileSync(capture, readFixture(TOPO, 'rtx5090-8gpu-pcie-only-1nic-node.txt'));
    mkdirSync(path.join(root, 'bin'));
    writeFileSync(
      path.join(root, 'bin', 'nvidia-smi'),
      `#!/bin/sh\n[ "$1 $2" = "topo -m" ] && exec cat ${q(capture)}\nexit 9\n`,
      { mode: 0o755 },
    );
    mkdirSync(path.join(root, 'dev', 'infiniband'), { recursive: true });
    for (const i of [0, 1]) {
      writeFileSync(path.join(root, 'dev', 'infiniband', `uverbs${i}`), '');
      mkdirSync(path.join(root, 'sys', 'class', 'infiniband_verbs', `uverbs${i}`), { recursive: true });
      writeFileSync(
        path.join(root, 'sys', 'class', 'infiniband_verbs', `uverbs${i}`, 'ibdev'),
        `mlx5_${i}\n`,
      );
      mkdirSync(path.join(root, 'sys', 'class', 'infiniband', `mlx5_${i}`, 'device'), { recursive: true });
      writeFileSync(path.join(root, 'sys', 'class', 'infiniband', `mlx5_${i}`, 'device', 'numa_node'), '0\n');
    }
    const r = spawnSync('sh', [SCRIPT], {
      encoding: 'utf8',
      env: {
        PATH: `${path.join(root, 'bin')}:${process.env.PATH}`,
        ITEST_RAILS: '0 1 2 3 4 5 6 7',
        ITEST_RAILS_ROOT: root,
      },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("interconnect-test: rails: the pod's RDMA devices: mlx5_0 mlx5_1");
    expect(r.stdout).toContain(
      'NUMA nodes: GPU0:0 GPU1:0 GPU2:0 GPU3:0 GPU4:1 GPU5:1 GPU6:1 GPU7:1 mlx5_0:0 mlx5_1:0',
    );
    expect(show(railLines(r.stdout))).toEqual(
      ['0->mlx5_0 NUMA', '1->mlx5_1 NUMA', '2->mlx5_0 NUMA', '3->mlx5_1 NUMA'].concat(
        [4, 5, 6, 7].map((i) => `${i}->- -`),
      ),
    );
    // UCX is pinned to the rail's port (rail_nic), and not at all on a rail with none.
    const nic = spawnSync('sh', ['-c', `. "${SCRIPT}" >/dev/null; echo "$(rail_nic 1)|$(rail_nic 5)"`], {
      encoding: 'utf8',
      env: {
        PATH: `${path.join(root, 'bin')}:${process.env.PATH}`,
        ITEST_RAILS: '1 5',
        ITEST_RAILS_ROOT: root,
      },
    });
    expect(nic.stdout).toBe('mlx5_1:1|\n');
  });
});
