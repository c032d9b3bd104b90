import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * NVRM's lines about the GPU end of the path (issue 38, principles 4 and 5): a GPU fallen off the bus or
 * failed at probe or initialisation (osapi.c, osinit.c, nv.c, nv-pci.c) is lost; an NVLink error Xid (nverror.h 74, 144–150), named or as
 * the cause of a preemptive removal (kernel_rc.c `caused by previous Xid %d`), broke NVLink. Other Xids are
 * left alone. Syslog's `kernel:` tag kept without its date and host is still a kernel line (principle 1).
 */
const read = (text: string) => readPasted('dmesg', text, { expect: 'any' }).checks;
const byId = (checks: Check[], id: string) => checks.find((c) => c.id === id);

describe('dmesg: NVRM GPU faults', () => {
  it('the probe-time three-line message fails the GPU it names', () => {
    const text = [
      '[  212.000101] NVRM: The NVIDIA GPU 0000:3b:00.0',
      '               NVRM: (PCI ID: 10de:2330) installed in this system has',
      '               NVRM: fallen off the bus and is not responding to commands.',
      '[  212.100202] NVRM: The NVIDIA probe routine failed for 1 device(s).',
    ].join('\n');
    const c = byId(read(text), 'gpu.lost');
    expect(c).toMatchObject({ status: 'fail', subject: '0000:3b:00.0' });
  });

  it("the probe's refusal of one GPU (an invalid BAR, nv-pci.c) and RmInitAdapter failing (osinit.c) lose it too", () => {
    const bar = [
      '[    6.412301] NVRM: This PCI I/O region assigned to your NVIDIA device is invalid:',
      '[    6.412305] NVRM: BAR1 is 0M @ 0x0 (PCI:0000:4a:00.0)',
      '[    6.412390] nvidia: probe of 0000:4a:00.0 failed with error -1',
    ].join('\n');
    expect(byId(read(bar), 'gpu.lost')).toMatchObject({ status: 'fail' });
    const init = '[   41.000100] NVRM: GPU 0000:61:00.0: RmInitAdapter failed! (0x22:0x56:742)\n';
    expect(byId(read(init), 'gpu.lost')).toMatchObject({ status: 'fail', subject: '0000:61:00.0' });
  });

  it('an Xid 79 at run time fails too', () => {
    const text = '[ 9001.500000] NVRM: Xid (PCI:0000:c1:00): 79, pid=0, name=, GPU has fallen off the bus.\n';
    expect(byId(read(text), 'gpu.lost')).toMatchObject({ status: 'fail', subject: '0000:c1:00' });
  });

  it('NVLink Xids, named or as the cause of Xid 45, fail NVLink; the poster kept only the kernel: tag', () => {
    const text = [
      'kernel: NVRM: Xid (PCI:0000:18:00): 45, pid=4242, name=python3, Ch 00000002 caused by previous Xid 145',
      'kernel: NVRM: Xid (PCI:0000:2a:00): 74, pid=4243, name=python3, NVLink: fatal error detected on link 3',
    ].join('\n');
    const c = byId(read(text), 'gpu.nvlink');
    expect(c).toMatchObject({ status: 'fail', subject: '0000:18:00, 0000:2a:00' });
    expect(c?.data).toMatchObject({ xids: [74, 145] });
  });

  it('other Xids, and a preemptive removal caused by one, are left alone', () => {
    const text = [
      '[  500.000001] NVRM: Xid (PCI:0000:18:00): 13, pid=4242, name=python3, Graphics Exception',
      '[  500.000002] NVRM: Xid (PCI:0000:18:00): 45, pid=4242, name=python3, Ch 00000002 caused by previous Xid 13',
    ].join('\n');
    const checks = read(text);
    expect(byId(checks, 'gpu.nvlink')).toBeUndefined();
    expect(byId(checks, 'gpu.lost')).toBeUndefined();
  });
});
