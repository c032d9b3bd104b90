import { describe, expect, it } from 'vitest';
import { readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 (read what is there) and 4 (a run that fails is a failure): nccl-tests prints a
 * failed check with the host first, `<host>: Test CUDA failure file:line 'message'` (src/common.h:34 at
 * a0b82b2), and a paste often cuts the quoted message. Paired with the same rank lines and no failure line,
 * which stay unjudged (no row). Sources: references/read-evidence.md (nccl-tests).
 */
const head = [
  '# nThread 1 nGpus 1 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0',
  '#',
  '# Using devices',
  '#  Rank  0 Group  0 Pid  41001 on      node1 device  0 [0009:01:00] NVIDIA GH200 120GB',
  '#  Rank  1 Group  0 Pid  52002 on      node2 device  0 [0009:01:00] NVIDIA GH200 120GB',
];

describe('a host-prefixed `Test CUDA failure` ends the run', () => {
  it('fails on `<host>: Test CUDA failure` cut inside its quoted message', () => {
    const checks = readChecks(
      'nccl-tests',
      [...head, "node1: Test CUDA failure common.cu:1304 'CUDA-capable"].join('\n'),
    );
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('fails on the ` .. <host> pid N: Test failure` line alone', () => {
    const checks = readChecks(
      'nccl-tests',
      [...head, ' .. node1 pid 41001: Test failure common.cu:1189'].join('\n'),
    );
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('the same rank lines without a failure line stay unjudged', () => {
    expect(verdictOf(readChecks('nccl-tests', head.join('\n')))).toBe('unverified');
  });
});
