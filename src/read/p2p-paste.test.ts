import { describe, expect, it } from 'vitest';
import { readPasted } from './tools.js';

const matrix = (rows: string[][]) =>
  ` \t${rows.map((_, k) => `GPU${k}`).join('\t')}\t\n${rows.map((r, k) => ` GPU${k}\t${r.join('\t')}\t`).join('\n')}\n`;

describe('topo -p2p beside topo -m in one paste: NVLink-connected pairs with P2P off', () => {
  const topo = `\tGPU0\tGPU1\tGPU2\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID
GPU0\t X \tNV18\tSYS\t0-55\t0\t\tN/A
GPU1\tNV18\t X \tSYS\t0-55\t0\t\tN/A
GPU2\tSYS\tSYS\t X \t56-111\t1\t\tN/A
`;
  const paste = (p2p: string[][]) =>
    `root@node:~# nvidia-smi topo -m\n${topo}root@node:~# nvidia-smi topo -p2p r\n${matrix(p2p)}root@node:~# \n`;
  const read = (text: string) =>
    readPasted('topo-p2p', text, { expect: 'any' }).checks.map((c) => `${c.status} ${c.id}`);

  it('P2P not OK on an NVLink pair is what NCCL refuses: FAIL; the SYS pair is only a warn', () => {
    const got = read(
      paste([
        ['X', 'NS', 'CNS'],
        ['NS', 'X', 'CNS'],
        ['CNS', 'CNS', 'X'],
      ]),
    );
    expect(got).toEqual(['skipped read.input', 'warn nvlink.p2p', 'fail nvlink.p2p-nvlink']);
  });

  it('OK on the NVLink pair: ok; a paste without topo -m has no such check', () => {
    const ok = [
      ['X', 'OK', 'CNS'],
      ['OK', 'X', 'CNS'],
      ['CNS', 'CNS', 'X'],
    ];
    expect(read(paste(ok))).toEqual(['skipped read.input', 'warn nvlink.p2p', 'ok nvlink.p2p-nvlink']);
    expect(read(`root@node:~# nvidia-smi topo -p2p r\n${matrix(ok)}`)).toEqual([
      'skipped read.input',
      'warn nvlink.p2p',
    ]);
  });
});
