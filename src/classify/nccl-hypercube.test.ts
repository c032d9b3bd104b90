import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import { readPasted } from '../read/tools.js';

/**
 * hypercube_perf with more than one GPU per thread breaks its own check: nccl-tests' startColl groups all
 * of a thread's GPUs in one ncclGroup, which merges the hypercube's dependent steps (NVIDIA/nccl-tests#190,
 * #356; references/read-evidence.md). Its wrong values are the test's, not corruption on the path (issue 38,
 * principle 5); with one GPU per process they still are corruption.
 */
const read = (text: string) => readPasted('nccl-tests', text, { expect: 'any' });
const run = (text: string) => read(text).checks.find((c) => c.id === 'nccl.run');

const HEADER = [
  '#                                                              out-of-place                       in-place          ',
  '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
  '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ',
];
const ranks = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `#  Rank ${String(i).padStart(2)} Group  0 Pid 225715 on       a016 device ${String(i).padStart(2)} [0x18] NVIDIA H100 80GB HBM3`,
  );
const section = (gpus: number, rows: string[], oob: string) => [
  `# nThread 1 nGpus ${gpus} minBytes 8 maxBytes 268435456 step: 2(factor) warmup iters: 5 iters: 100 agg iters: 1 validation: 1 graph: 0`,
  '#',
  '# Using devices',
  ...ranks(gpus),
  '#',
  ...HEADER,
  ...rows,
  `# Out of bounds values : ${oob}`,
  '# Avg bus bandwidth    : 45.4977 ',
  '#',
];
const SENDRECV = [
  '   134217728      33554432     float     sum      -1    379.9  353.27  353.27      0    377.6  355.46  355.46    N/A',
  '   268435456      67108864     float     sum      -1    759.2  353.57  353.57      0    752.9  356.55  356.55    N/A',
];
const HYPERCUBE = [
  '   134217728       4194304     float              -1    569.8  206.12  206.12  3.59494e+07    549.1  213.88  213.88  3.2007e+07',
  '   268435456       8388608     float              -1   1206.3  194.71  194.71  1.00748e+08   1175.5  199.81  199.81  1.13713e+08',
];

describe('nccl-tests: hypercube_perf with more than one GPU per thread', () => {
  it('does not read its wrong values as corruption when a label names the section (one node, 8 GPUs)', () => {
    const text = [
      'Send Recv',
      ...section(8, SENDRECV, '0 OK'),
      '',
      'Hypercube',
      ...section(8, HYPERCUBE, '44 FAILED'),
    ].join('\n');
    const c = run(text);
    expect(c).toMatchObject({ status: 'ok' });
    expect(c?.detail).toMatch(/hypercube_perf with 8 GPUs per thread counted wrong values .*nccl-tests#190/);
    expect(verdictOf(read(text).checks)).toBe('trusted');
  });

  it('knows the section by the command typed before it', () => {
    const text = [
      '$ ./build/hypercube_perf -b 8 -e 256M -f 2 -g 8',
      ...section(8, HYPERCUBE, '44 FAILED'),
    ].join('\n');
    expect(run(text)).toMatchObject({ status: 'ok' });
  });

  it('still fails the run with one GPU per process: then the check is sound', () => {
    const text = [
      '$ mpirun -np 8 ./build/hypercube_perf -b 8 -e 256M -f 2 -g 1',
      ...section(1, HYPERCUBE, '44 FAILED'),
    ].join('\n');
    expect(run(text)).toMatchObject({ status: 'fail' });
  });

  it('still fails another test of the same paste that counts wrong values', () => {
    const bad = SENDRECV.map((l) =>
      l.replace(/ {6}0 {4}377\.6/, '     12    377.6').replace(/ {6}0 {4}752\.9/, '      7    752.9'),
    );
    const text = [
      'Send Recv',
      ...section(8, bad, '19 FAILED'),
      '',
      'Hypercube',
      ...section(8, HYPERCUBE, '44 FAILED'),
    ].join('\n');
    expect(run(text)).toMatchObject({ status: 'fail' });
  });

  it('does not take an unlabelled blank-redop section for hypercube', () => {
    expect(run(section(8, HYPERCUBE, '44 FAILED').join('\n'))).toMatchObject({ status: 'fail' });
  });
});
