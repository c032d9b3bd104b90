import { describe, expect, it } from 'vitest';
import { readTestData } from '../../test/helpers/fixtures.js';
import { classifyUcxInfo } from '../classify/ucx.js';
import { parseUcpContext, parseUcpContextInfo } from './ucp-context.js';

// Real captures of node's libucp script (test/data/ucp-context/README.md).
const wheel = readTestData('ucp-context', 'wheel-1.23.0-no-rdma.json');
const system = readTestData('ucp-context', 'system-1.13.1-no-rdma.json');

describe('parseUcpContext: UCX through a libucp, no ucx_info', () => {
  it("reads the NIXL wheel's UCX: version, memory domains with their components, transports", () => {
    const r = parseUcpContext(wheel);
    expect(r.version).toBe('1.23.0');
    expect(r.via).toBe("the NIXL wheel's own libucp-b39b3ed9.so.0.0.0");
    expect(r.domains.map((d) => [d.name, d.component])).toEqual([
      ['self', 'self'],
      ['tcp', 'tcp'],
      ['sysv', 'sysv'],
      ['posix', 'posix'],
      ['cma', 'cma'],
    ]);
    expect(r.domains.find((d) => d.name === 'tcp')?.transports).toEqual([
      { name: 'tcp', device: 'eth0' },
      { name: 'tcp', device: 'lo' },
    ]);
    expect(r.transports).toEqual(['self', 'tcp', 'sysv', 'posix', 'cma']);
  });

  it('reads a system UCX 1.13 the same way (the md → component index is followed, not assumed)', () => {
    const r = parseUcpContext(system);
    expect(r.version).toBe('1.13.1');
    expect(r.via).toBe('the system libucp.so.0');
    // cma is md 4 but component 6 in 1.13 (rdmacm is component 5).
    expect(r.domains.find((d) => d.name === 'cma')).toMatchObject({ component: 'cma' });
  });

  it('judges the listing like ucx_info: no RDMA transport fails, the version is said, GPUDirect is not read here', () => {
    const checks = classifyUcxInfo(parseUcpContext(wheel));
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ['ucx.rdma', 'fail'],
      ['ucx.cuda', 'fail'],
      ['ucx.version', 'ok'],
    ]);
    expect(checks[0]?.detail).toBe(
      'no RDMA transport (only self, tcp, sysv, posix, cma): UCX and NIXL fall back to TCP',
    );
  });

  it('an HCA and a GPU in the format ucp_context_print_info prints: RDMA and CUDA transports, GPUDirect not read', () => {
    // Lines in the fprintf formats of ucp_context.c:2955-2975 ("#     component %-2d :  %s",
    // "#            md %-2d :  component %-2d %s ", "#      resource %-2d :  md %-2d dev %-2d flags %c- %s/%s").
    const info = [
      '#',
      '# UCP context',
      '#',
      '#     component 0  :  self',
      '#     component 1  :  ib',
      '#     component 2  :  cuda_cpy',
      '#',
      '#            md 0  :  component 0  self ',
      '#            md 1  :  component 1  mlx5_0 ',
      '#            md 2  :  component 2  cuda_cpy ',
      '#',
      '#      resource 0  :  md 0  dev 0  flags -- self/memory',
      '#      resource 1  :  md 1  dev 1  flags -- rc_mlx5/mlx5_0:1',
      '#      resource 2  :  md 1  dev 1  flags a- ud_mlx5/mlx5_0:1',
      '#      resource 3  :  md 2  dev 2  flags -- cuda_copy/cuda',
      '#',
    ].join('\n');
    const domains = parseUcpContextInfo(info);
    expect(domains.find((d) => d.name === 'mlx5_0')).toMatchObject({
      component: 'ib',
      noDevices: false,
      transports: [
        { name: 'rc_mlx5', device: 'mlx5_0:1' },
        { name: 'ud_mlx5', device: 'mlx5_0:1' },
      ],
    });
    const checks = classifyUcxInfo(
      parseUcpContext(JSON.stringify({ lib: '/x/libucp-1.so.0', source: 'wheel', version: '1.23.0', info })),
    );
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ['ucx.rdma', 'ok'],
      ['ucx.cuda', 'ok'],
      ['gdr.ucx', 'skipped'],
      ['ucx.version', 'ok'],
    ]);
    expect(checks[2]?.detail).toMatch(
      /^UCX's context listing \(through the NIXL wheel's own libucp-1\.so\.0\) has no memory types/,
    );
  });

  it("says the script's own reason when no libucp loads", () => {
    expect(() => parseUcpContext('{"error": "OSError: no libucp: no NIXL wheel"}\n')).toThrow(
      /no libucp: no NIXL wheel/,
    );
  });
});
