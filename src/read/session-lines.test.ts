import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { isSessionLine } from '../parsers/session-lines.js';

/**
 * The session's own lines in a paste (bash's locale warning, sudo's prompt and host warning, ssh's notes) are not
 * the tool's output (issue 38, principle 1): they are read past wherever they fall, never read as the tool failing
 * and never a reason to refuse the rest.
 */
const COPYBW = [
  'GPU id:0; name: NVIDIA A100-SXM4-80GB; Bus id: 0000:5b:00',
  'selecting device 0',
  'testing size: 131072',
  'rounded size: 131072',
  'gpu alloc fn: cuMemAlloc',
  'map_d_ptr: 0x7f86068b3000',
  'info.mapped: 1',
  'info.wc_mapping: 1',
  'writing test, size=131072 offset=0 num_iters=10000',
  'write BW: 20084.5MB/s',
  'reading test, size=131072 offset=0 num_iters=100',
  'read BW: 434.413MB/s',
  'unmapping buffer',
  'unpinning buffer',
  'closing gdrdrv',
];
const LSMOD = [
  'Module                  Size  Used by',
  'nvidia_peermem         16384  0',
  'mlx5_ib               430080  0',
  'ib_uverbs             155648  2 nvidia_peermem,mlx5_ib',
  'ib_core               430080  2 ib_uverbs,mlx5_ib',
  'nvidia              56717312  1 nvidia_peermem',
];
const DEV = [
  'total 0',
  'crw------- 1 root root 231,  64 Mar  1 10:00 issm0',
  'crw-rw-rw- 1 root root  10, 123 Mar  1 10:00 rdma_cm',
  'crw------- 1 root root 231,   0 Mar  1 10:00 umad0',
  'crw-rw-rw- 1 root root 231, 192 Mar  1 10:00 uverbs0',
];
const within = (lines: readonly string[], at: number, extra: string) =>
  [...lines.slice(0, at), extra, ...lines.slice(at)].join('\n');

describe('session lines in a paste', () => {
  it('knows each program’s fixed text, and nothing a tool prints', () => {
    for (const l of [
      'bash: warning: setlocale: LC_ALL: cannot change locale (en_US.UTF-8)',
      '-bash: warning: setlocale: LC_CTYPE: cannot change locale (UTF-8): No such file or directory',
      '/bin/bash: warning: setlocale: LC_ALL: cannot change locale (C.UTF-8)',
      'sudo: unable to resolve host gpu-node-7: Name or service not known',
      '[sudo] password for ubuntu: ',
      "Warning: Permanently added 'gpu-2,10.0.0.12' (ECDSA) to the list of known hosts.",
      'Connection to 10.0.0.12 closed.',
      'Connection to gpu-2 closed by remote host.',
    ])
      expect(isSessionLine(l), l).toBe(true);
    for (const l of [
      'gdr_open error: Is gdrdrv driver installed and loaded?',
      'ib_core               430080  2 ib_uverbs,mlx5_ib',
      'bash: ibstat: command not found',
      'Connection refused',
    ])
      expect(isSessionLine(l), l).toBe(false);
  });

  it('a shell locale warning inside a gdrcopy run is not gdrcopy failing', () => {
    const checks = readChecks(
      'gdrcopy',
      within(COPYBW, 9, 'bash: warning: setlocale: LC_ALL: cannot change locale (en_US.UTF-8)'),
    );
    expect(checkLines(checks).filter((l) => l.startsWith('fail'))).toEqual([]);
    expect(verdictOf(checks)).toBe(verdictOf(readChecks('gdrcopy', COPYBW.join('\n'))));
  });

  it('a sudo host warning inside an lsmod listing is read past, the listing read whole', () => {
    const paste = within(LSMOD, 3, 'sudo: unable to resolve host gpu-node-7: Name or service not known');
    expect(checkLines(readChecks('lsmod', paste))).toEqual(checkLines(readChecks('lsmod', LSMOD.join('\n'))));
  });

  it('a sudo prompt and an ssh note inside `ls -l /dev/infiniband` are read past', () => {
    const paste = within(
      within(DEV, 2, '[sudo] password for ubuntu: ').split('\n'),
      4,
      'Connection to gpu-2 closed.',
    );
    expect(checkLines(readChecks('dev-infiniband', paste))).toEqual(
      checkLines(readChecks('dev-infiniband', DEV.join('\n'))),
    );
  });
});
