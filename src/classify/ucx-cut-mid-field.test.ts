import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';

/**
 * A `ucx_info -d` paste that ends in a field with no value was cut mid-line (issue 38, principle 2): every row
 * print_iface_info writes carries its value (openucx/ucx src/tools/info/tl_info.c, `#        iface address: %zu
 * bytes`), so the memory domains after the cut are not shown, and an RDMA or CUDA transport among them is not
 * "absent". A whole output that ends in its last complete row is still judged as whole.
 */
const head = [
  '#',
  '# Memory domain: self',
  '#            component: self',
  '#   Transport: self',
  '#   Device: self',
  '#      capabilities:',
  '#            bandwidth: 6911.00 MB/sec',
  '#        iface address: 8 bytes',
  '#',
  '# Memory domain: tcp',
  '#            component: tcp',
  '#   Transport: tcp',
  '#   Device: eth0',
  '#      capabilities:',
  '#            bandwidth: 113.16 MB/sec',
];
const status = (text: string) =>
  readPasted('ucx_info', text, { expect: 'any' })
    .checks.filter((c) => c.id === 'ucx.rdma' || c.id === 'ucx.cuda')
    .map((c) => `${c.id} ${c.status}`);

describe('ucx_info -d cut inside a field', () => {
  it('ends at `iface address:` with no value: RDMA and CUDA transports not shown, never failed', () => {
    expect(status([...head, '#        iface address:'].join('\n'))).toEqual([
      'ucx.rdma skipped',
      'ucx.cuda skipped',
    ]);
  });
  it('the same output ending in its complete row is whole: no RDMA and no CUDA transport fail', () => {
    expect(status([...head, '#        iface address: 4 bytes', ''].join('\n'))).toEqual([
      'ucx.rdma fail',
      'ucx.cuda fail',
    ]);
  });
  it('ending at the `capabilities:` heading, which never has a value, is not taken for a cut field', () => {
    expect(status([...head.slice(0, 14), ''].join('\n'))).toEqual(['ucx.rdma fail', 'ucx.cuda fail']);
  });
});
