import { describe, expect, it } from 'vitest';
import { readChecks as read, verdictOf } from '../../test/helpers/read.js';
import { cleanLines } from '../parsers/lines.js';

/**
 * Issue 38, principle 1, found by corpus batch b55: a job run on Ray has its stdout relayed by Ray's driver behind
 * a process tag, `(pid=45601) `, `(MyActor pid=480956) `, with `, ip=…` for a worker on another node
 * (ray-project/ray doc/source/ray-observability/ray-logging.rst); a launcher on Ray names the task, `(head, rank=0,
 * pid=21170) `. The tag is Ray's, not the tool's. Each paste is written in the tool's own format.
 */

const HEAD = [
  '# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0',
  '#',
  '# Using devices',
  '#  Rank  0 Group  0 Pid  21431 on node-a device  0 [0x00] NVIDIA A100-SXM4-40GB',
  '#  Rank  1 Group  0 Pid  21431 on node-a device  1 [0x00] NVIDIA A100-SXM4-40GB',
];

describe("principle 1: Ray's process tag before every relayed line", () => {
  it('a task named by its launcher, `(head, rank=0, pid=N) `, is read past', () => {
    const text = HEAD.map((l) => `(head, rank=0, pid=21170) ${l}`).join('\n');
    expect(cleanLines(text).map((l) => l.text)).toEqual(HEAD);
  });

  it('`(pid=N) `, `(Actor pid=N, ip=A) ` and an actor repr `(Actor(index=2) pid=N) ` are read past', () => {
    expect(cleanLines('(pid=45601) # Using devices').map((l) => l.text)).toEqual(['# Using devices']);
    expect(cleanLines('(RayWorkerWrapper pid=581, ip=10.225.128.18) #').map((l) => l.text)).toEqual(['#']);
    expect(cleanLines('(MyActor(index=2) pid=482120) hello there').map((l) => l.text)).toEqual([
      'hello there',
    ]);
  });

  it('a line that only starts with a parenthesis keeps it', () => {
    expect(cleanLines('(GB/s)  (GB/s)').map((l) => l.text)).toEqual(['(GB/s)  (GB/s)']);
  });

  it('a Ray-relayed nccl-tests run cut inside its rank list is read as cut, not refused', () => {
    const text = [...HEAD, '#  Rank  2 Group  0 Pid  21431 on node-'].map(
      (l) => `(head, rank=0, pid=21170) ${l}`,
    );
    expect(verdictOf(read('nccl-tests', text.join('\n')))).toBe('unverified');
  });
});
