import { describe, expect, it } from 'vitest';
import { findOnPath } from './path.js';

describe('findOnPath', () => {
  const exe = new Set(['/opt/ucx/bin/ucx_perftest', '/usr/bin/ucx_perftest', '/usr/bin/etcd']);
  const isExe = (f: string) => exe.has(f);

  it('returns the first PATH entry that has the program, like command -v', () => {
    expect(findOnPath('ucx_perftest', '/opt/ucx/bin:/usr/bin', isExe)).toBe('/opt/ucx/bin/ucx_perftest');
    expect(findOnPath('etcd', '/opt/ucx/bin::/usr/bin', isExe)).toBe('/usr/bin/etcd');
  });

  it('is undefined when the program is nowhere on PATH or PATH is unset', () => {
    expect(findOnPath('nixlbench', '/opt/ucx/bin:/usr/bin', isExe)).toBeUndefined();
    expect(findOnPath('etcd', undefined, isExe)).toBeUndefined();
  });

  it('checks a path with a slash as it is', () => {
    expect(findOnPath('/usr/bin/etcd', '', isExe)).toBe('/usr/bin/etcd');
    expect(findOnPath('./etcd', '/usr/bin', isExe)).toBeUndefined();
  });

  it('finds a real executable on this machine and skips directories', () => {
    expect(findOnPath('node', process.env.PATH)).toMatch(/\/node$/);
    expect(findOnPath('bin', '/usr')).toBeUndefined();
  });
});
