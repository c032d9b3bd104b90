import { describe, expect, it } from 'vitest';
import { parseNvidiaSmiP2p } from '../parsers/nvidia-smi-p2p.js';
import { classifyP2p } from './p2p.js';

const matrix = (rows: string[][]) =>
  ` \t${rows.map((_, k) => `GPU${k}`).join('\t')}\t\n${rows.map((r, k) => ` GPU${k}\t${r.join('\t')}\t`).join('\n')}\n`;
const judge = (text: string, commands?: string[]) =>
  classifyP2p(parseNvidiaSmiP2p(text), commands ? { commands } : {}).map((c) => `${c.status} ${c.detail}`);

describe('classifyP2p: every pair not OK is named with what its code means', () => {
  it('all OK: ok, counting each unordered pair once', () => {
    expect(
      judge(
        matrix([
          ['X', 'OK', 'OK'],
          ['OK', 'X', 'OK'],
          ['OK', 'OK', 'X'],
        ]),
        ['nvidia-smi topo -p2p r'],
      ),
    ).toEqual(['ok P2P read OK between all 3 GPU pairs shown (GPU0, GPU1, GPU2)']);
  });

  it('CNS across the root complex: a warn naming the pairs, the consequence for KV and the fix', () => {
    const [c] = classifyP2p(
      parseNvidiaSmiP2p(
        matrix([
          ['X', 'OK', 'CNS', 'CNS'],
          ['OK', 'X', 'CNS', 'CNS'],
          ['CNS', 'CNS', 'X', 'OK'],
          ['CNS', 'CNS', 'OK', 'X'],
        ]),
      ),
      { commands: ['nvidia-smi topo -p2p w'] },
    );
    expect(c?.status).toBe('warn');
    expect(c?.detail).toBe(
      'P2P write not OK for 4 of 6 GPU pairs — CNS (chipset not supported): GPU0↔GPU2, GPU0↔GPU3, GPU1↔GPU2, GPU1↔GPU3: CUDA peer access is off there: NCCL stages through host memory (SHM) and UCX cuda_ipc cannot map the peer GPU, so same-node KV between them is slower; between NVLink-connected GPUs NCCL refuses to start',
    );
    expect(c?.fix).toMatch(/ACS and IOMMU/);
  });

  it('a pair OK one way and not the other is judged by the worse direction', () => {
    expect(
      judge(
        matrix([
          ['X', 'OK'],
          ['DR', 'X'],
        ]),
      )[0],
    ).toMatch(/^warn P2P not OK for 1 of 1 GPU pair — DR \(disabled by regkey\): GPU0↔GPU1/);
  });

  it('with -p2p n a pair not OK has no NVLink; with -p2p a only atomics are off', () => {
    const two = matrix([
      ['X', 'NS'],
      ['NS', 'X'],
    ]);
    expect(judge(two, ['nvidia-smi topo -p2p n'])[0]).toMatch(
      /NVLink P2P not OK .*those pairs have no NVLink/,
    );
    expect(judge(two, ['nvidia-smi topo -p2p a'])[0]).toMatch(
      /P2P atomics not OK .*copies may still be peer-to-peer/,
    );
  });

  it('a cut matrix says how many pairs are not shown; only a usage error is skipped, never a pass', () => {
    expect(judge(' \tGPU0\tGPU1\tGPU2\t\n GPU0\tX\tOK\tOK\t\n')).toEqual([
      'ok P2P OK between all 2 GPU pairs shown (GPU0, GPU1, GPU2); 1 pair not shown (the matrix is cut)',
    ]);
    expect(judge('$ nvidia-smi topo -p2p\nOption "-p2p" is missing its value.\n')).toEqual([
      'skipped nvidia-smi printed no matrix: line 2: Option "-p2p" is missing its value.',
    ]);
  });
});
