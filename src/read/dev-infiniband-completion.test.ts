import { describe, expect, it } from 'vitest';
import { readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1 (a paste of any shape), from batch b33 (NVIDIA/nccl#925): a user typed
 * `ls /sys/class/infiniband` and pressed Tab, so the shell printed its completion list of /sys/class
 * (`infiniband/  infiniband_mad/  infiniband_verbs/`) before the next prompt. The entries of
 * /sys/class/infiniband are symlinks to the RDMA devices (`ls -F` marks them `@`); a name ending in `/` is a
 * directory, so never a device (sources: references/read-shapes.md).
 */
const prompt = 'root@a991403d66be:/workspace/codes#';
const paste = (sys: string) =>
  [
    `${prompt} ls /dev/infiniband/`,
    'issm0  rdma_cm  umad0  uverbs0',
    `${prompt} ls /sys/class/infiniband`,
    sys,
    `${prompt} ls /sys/class/infiniband/`,
    'mlx5_0',
    '',
  ].join('\n');

describe('dev-infiniband: a completion list of /sys/class is not a list of RDMA devices', () => {
  it('the class directories a Tab printed are not counted: the one device has its uverbs node', () => {
    const checks = readChecks(
      'dev-infiniband',
      paste('infiniband/       infiniband_mad/   infiniband_verbs/ '),
    );
    const devices = checks.find((c) => c.id === 'rdma.devices');
    expect(devices?.detail).toContain('1 RDMA device');
    expect(devices?.detail).not.toContain('infiniband_mad');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('`ls -F` device symlinks (`mlx5_1@`) still count as devices, without the marker', () => {
    const checks = readChecks('dev-infiniband', paste('mlx5_0@  mlx5_1@'));
    const devices = checks.find((c) => c.id === 'rdma.devices');
    expect(devices?.detail).toContain('2 RDMA devices');
    expect(devices?.detail).toContain('mlx5_1');
    expect(devices?.detail).not.toContain('mlx5_1@');
  });
});
