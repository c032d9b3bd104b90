import { describe, expect, it } from 'vitest';
import { readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 (read what is there) and 2 (what is not shown is not judged). `ucx_info -p` prints the
 * UCP context (ucx_info.c:178 PRINT_UCP_CONTEXT; ucp_context.c:2953 `# UCP context`, :2973 `resource N : md M dev D
 * flags -- TL/DEV`): its resources are the transports UCX will use, read like `ucx_info -d`'s list. Capability rows
 * of one interface (tl_info.c print_iface_info) cut above their Transport line are read as a fragment that shows no
 * transport list. Sources: references/ucx-output-formats.md.
 */
const context = (resources: string[]) =>
  [
    '#',
    '# UCP context',
    '#',
    '#     component 0  :  posix',
    '#     component 1  :  self',
    '#     component 2  :  tcp',
    '#     component 3  :  ib',
    '#     component 4  :  cuda_cpy',
    '#',
    '#            md 0  :  component 0  posix',
    '#            md 1  :  component 1  self',
    '#            md 2  :  component 2  tcp',
    '#            md 3  :  component 3  mlx5_0',
    '#            md 4  :  component 4  cuda_cpy',
    '#',
    ...resources,
    '#',
  ].join('\n');

const shmTcp = [
  '#      resource 0  :  md 0  dev 0  flags -- posix/memory',
  '#      resource 1  :  md 1  dev 1  flags -- self/memory0',
  '#      resource 2  :  md 2  dev 2  flags -- tcp/ib0',
];

describe('`ucx_info -p` UCP context', () => {
  it('fails a context whose only inter-node resource is tcp', () => {
    expect(verdictOf(readChecks('ucx_info', context(shmTcp)))).toBe('untrusted');
  });

  it('does not fail one with rc_mlx5 and cuda_copy resources', () => {
    const text = context([
      ...shmTcp,
      '#      resource 3  :  md 3  dev 3  flags -- rc_mlx5/mlx5_0:1',
      '#      resource 4  :  md 4  dev 4  flags -- cuda_copy/cuda',
    ]);
    expect(verdictOf(readChecks('ucx_info', text))).not.toBe('untrusted');
  });
});

describe('capability rows cut above their Transport line', () => {
  const rows = [
    '#      capabilities:',
    '#            bandwidth: 6433.22/ppn + 0.00 MB/sec',
    '#              latency: 930 nsec',
    '#             am_short: <= 172',
    '#       device address: 4 bytes',
  ];

  it('reads them without judging the transports (not shown)', () => {
    expect(verdictOf(readChecks('ucx_info', rows.join('\n')))).toBe('unverified');
  });

  it('still refuses `# key: value` comments that are not ucx_info rows', () => {
    const text = ['#!/bin/bash', '# usage: run.sh HOST', '# note: needs ssh keys', 'echo done'].join('\n');
    expect(() => readChecks('ucx_info', text)).toThrow();
  });
});

describe('a UCP context cut on a resource line', () => {
  it('does not judge the transports past the cut', () => {
    const text = context(shmTcp).replace(/\n#$/, '');
    expect(verdictOf(readChecks('ucx_info', text))).toBe('unverified');
  });
});
