import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import { readPasted } from '../read/tools.js';

/**
 * NVRM's own word that a GPU needs a reset (issue 38, principle 4: a failure the log states, with no summary line):
 * kernel_gsp.c prints `NVRM: Rate limiting GSP RPC error prints for GPU at PCI:%04x:%02x:%02x (printing 1 of every
 * %d).  The GPU likely needs to be reset.` once the GPU's GSP RPC timeouts (Xid 119) pass its reset threshold.
 */
const read = (text: string) => readPasted('dmesg', text, { expect: 'any' });

describe('dmesg: GSP RPC timeouts past the reset threshold', () => {
  it('fails the GPU the driver says likely needs a reset', () => {
    const text = [
      '[ 812.100000] NVRM: Xid (PCI:0000:2a:00): 119, pid=4242, name=python3, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).',
      '[ 818.100000] NVRM: Xid (PCI:0000:2a:00): 119, pid=4242, name=python3, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 10 (FREE) (0xc1d0001f 0x0).',
      '[ 824.100000] NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:2a:00 (printing 1 of every 30).  The GPU likely needs to be reset.',
    ].join('\n');
    const r = read(text);
    expect(r.checks.find((c) => c.id === 'gpu.xid')).toMatchObject({ status: 'fail', subject: '0000:2a:00' });
    expect(verdictOf(r.checks)).toBe('untrusted');
  });

  it('one Xid 119 without the driver saying so is not failed by this rule', () => {
    const text =
      '[ 812.100000] NVRM: Xid (PCI:0000:2a:00): 119, pid=4242, name=python3, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).\n';
    expect(read(text).checks.find((c) => c.id === 'gpu.xid')).toBeUndefined();
  });
});
