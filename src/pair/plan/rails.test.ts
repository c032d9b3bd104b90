import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture, repoRoot } from '../../../test/helpers/fixtures.js';
import { parseNvidiaSmiTopo } from '../../parsers/nvidia-smi-topo.js';
import { planRails, railLines, railMap, railSections } from './rails.js';

const DIR = 'node/nvidia-smi-topo-m';

/** What the fixtures' INDEX.md concludes about each node's GPU↔NIC rails (`GPUi->NIC PATH`, `-` none). */
const EXPECTED: Record<string, string[]> = {
  // Rail-optimised H100: GPU i <-> mlx5_i at PIX.
  'h100-8gpu-nv18-8nic-pix.txt': Array.from({ length: 8 }, (_, i) => `${i}->mlx5_${i} PIX`),
  // A100: two GPUs and a dual-port NIC behind one switch, both PXB: each GPU its own port.
  'a100-8gpu-nv12-8nic-roce-pxb.txt': Array.from({ length: 8 }, (_, i) => `${i}->mlx5_${i} PXB`),
  // No NIC Legend in that paste: the columns keep their labels.
  'h100-4gpu-nv6-direct-4nic-pix.txt': Array.from({ length: 4 }, (_, i) => `${i}->NIC${i} PIX`),
  // The one NIC is NODE/SYS to every GPU: no rail at all, and the nearest is named.
  'rtx5090-8gpu-pcie-only-1nic-node.txt': [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${i}->- -`),
  '8gpu-pcie-only-all-sys-no-nic.txt': [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${i}->- -`),
};

function show(text: string): string[] {
  return railMap(parseNvidiaSmiTopo(text)).map((r) => `${r.gpu}->${r.nic ?? '-'} ${r.path ?? '-'}`);
}

/** The pod's own mapper (templates/engines/nixl/_rails.sh, awk) on the same capture. */
function podMap(text: string): string[] {
  const script = path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh');
  const r = spawnSync('sh', ['-c', `. "${script}" >/dev/null; rail_map`], { input: text, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return railLines(r.stdout).map((x) => `${x.gpu}->${x.nic ?? '-'} ${x.path ?? '-'}`);
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

  for (const file of listFixtures(DIR).filter((f) => f.endsWith('.txt'))) {
    it(`the pod's awk mapper agrees with railMap on ${file}`, () => {
      const text = readFixture(DIR, file);
      expect(podMap(text)).toEqual(show(text));
    });
  }
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
