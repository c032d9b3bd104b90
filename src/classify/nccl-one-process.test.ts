import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import { readPasted } from '../read/tools.js';
import { oneProcessRanks } from './nccl-launch.js';

/**
 * Issue 38, principle 3 (use the context the paste gives): an nccl-tests binary started by itself is one process,
 * its `-t` threads and `-g` GPUs on the host it runs on, so with no rank line shown the typed command still says
 * the run is one node; a launcher on the line (mpirun, srun, ...) may place ranks on other nodes and says nothing.
 */
const read = (text: string) => readPasted('nccl-tests', text, { expect: 'any' });
const busbw = (text: string) => read(text).checks.find((c) => c.id === 'nccl.busbw');

const paste = (command: string) =>
  [
    `$ ${command}`,
    '# nThread 1 nGpus 4 minBytes 134217728 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0',
    '#',
    '#                                                              out-of-place                       in-place          ',
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ',
    '   134217728      33554432     float     sum      -1   1201.5  111.71  167.56      0   1198.2  112.02  168.03      0',
    '   268435456      67108864     float     sum      -1   2310.9  116.16  174.24      0   2305.1  116.45  174.68      0',
    '   536870912     134217728     float     sum      -1   4550.3  117.99  176.98      0   4548.7  118.03  177.04      0',
    '  1073741824     268435456     float     sum      -1   9041.2  118.76  178.14      0   9040.8  118.77  178.15      0',
    '# Out of bounds values : 0 OK',
    '# Avg bus bandwidth    : 174.35',
  ].join('\n');

describe('nccl-tests: a command that starts the binary by itself is one node', () => {
  it('reads `-t` × `-g` ranks on one node: NVLink/PCIe inside it, reported and not held against an unknown link', () => {
    const text = paste('NCCL_DEBUG=WARN ./build/all_reduce_perf -b 128M -e 1G -f 2 -g 4');
    const c = busbw(text);
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(/on one node \(4 ranks\): NVLink\/PCIe inside the node/);
    expect(verdictOf(read(text).checks)).toBe('trusted');
    expect(busbw(paste('./all_reduce_perf -b 128M -e 1G -t 2 -g 2'))?.detail).toMatch(/one node \(4 ranks\)/);
  });

  it('leaves the nodes not shown when a launcher starts it, or no command is shown', () => {
    for (const command of [
      'mpirun -np 16 -H a:8,b:8 ./build/all_reduce_perf -b 128M -e 1G -f 2 -g 1',
      'srun -N 2 --ntasks-per-node=8 ./all_reduce_perf -b 128M -e 1G -g 1',
    ]) {
      const c = busbw(paste(command));
      expect(c?.status).toBe('warn');
      expect(c?.detail).toMatch(/nodes not shown/);
    }
    const bare = paste('x').split('\n').slice(1).join('\n');
    expect(busbw(bare)?.detail).toMatch(/nodes not shown/);
  });

  it('oneProcessRanks: the ranks of a run with no launcher on its line', () => {
    expect(oneProcessRanks(['./all_reduce_perf -g 8'])).toBe(8);
    expect(oneProcessRanks(['/opt/nccl-tests/build/sendrecv_perf -b 8 -e 1G -t 4 -g 2'])).toBe(8);
    expect(oneProcessRanks(['all_reduce_perf --ngpus=2 --nthreads 3'])).toBe(6);
    expect(oneProcessRanks(['mpirun -np 2 all_reduce_perf -g 1'])).toBeUndefined();
    expect(oneProcessRanks(['pdsh -w n[1-2] /opt/all_reduce_perf -g 8'])).toBeUndefined();
    expect(oneProcessRanks(['nvidia-smi topo -m'])).toBeUndefined();
    expect(oneProcessRanks(undefined)).toBeUndefined();
  });
});
