import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { rollUp } from '../core/verdict.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 3: use the context the paste gives. Each paste is in the tool's own format; the context
 * is in the paste (a column, a product name, a typed command, a device name, a header only one side prints).
 */
const opts = { expect: 'any' } as const;
const read = (tool: Parameters<typeof readPasted>[0], text: string) => readPasted(tool, text, opts).checks;
const byId = (checks: Check[], id: string) => checks.find((c) => c.id === id);

const HEAD =
  '        GPU0    GPU1    GPU2    GPU3    NIC0    NIC1    CPU Affinity    NUMA Affinity   GPU NUMA ID';
const grace = (ids: [string, string, string, string]) =>
  [
    HEAD,
    `GPU0     X      NV18    NV18    NV18    SYS     SYS     0-71    0,3-9           ${ids[0]}`,
    `GPU1    NV18     X      NV18    NV18    SYS     SYS     0-71    0,3-9           ${ids[1]}`,
    `GPU2    NV18    NV18     X      NV18    SYS     SYS     72-143  1,19-25         ${ids[2]}`,
    `GPU3    NV18    NV18    NV18     X      SYS     SYS     72-143  1,19-25         ${ids[3]}`,
  ].join('\n');

describe('Grace (C2C) platforms: GPU→NIC SYS is the design', () => {
  it('GPU NUMA IDs (NVML gives them only where GPUs are NUMA nodes) mark Grace: the NICs on the CPU are ok', () => {
    const c = byId(read('topo', grace(['2', '10', '18', '26'])), 'gdr.nic-affinity');
    expect(c?.status).toBe('ok');
    expect(c?.detail).toMatch(
      /^a Grace \(C2C\) platform: the GPUs are NUMA nodes of their own \(GPU NUMA ID 2, 10, 18, 26\)/,
    );
  });

  it('the same matrix on x86 (GPU NUMA ID N/A) still warns: there SYS crosses the CPUs', () => {
    expect(byId(read('topo', grace(['N/A', 'N/A', 'N/A', 'N/A'])), 'gdr.nic-affinity')?.status).toBe('warn');
  });

  it('a paste that names GB200 (nvidia-smi -L) gives the context a matrix without GPU NUMA IDs lacks', () => {
    const paste = [
      '$ nvidia-smi -L',
      'GPU 0: NVIDIA GB200 (UUID: GPU-1a2b3c4d-0000-0000-0000-000000000000)',
      '$ nvidia-smi topo -m',
      grace(['N/A', 'N/A', 'N/A', 'N/A']),
    ].join('\n');
    const c = byId(read('topo', paste), 'gdr.nic-affinity');
    expect(c?.status).toBe('ok');
    expect(c?.detail).toMatch(/^a Grace \(C2C\) platform: GB200 named at line 2/);
  });
});

const DGX1 = [
  '        GPU0    GPU1    GPU2    GPU3    GPU4    GPU5    GPU6    GPU7    mlx5_0  CPU Affinity',
  'GPU0     X      NV1     NV1     NV2     NV2     SYS     SYS     SYS     PIX     0-19,40-59',
  'GPU1    NV1      X      NV2     NV1     SYS     NV2     SYS     SYS     PIX     0-19,40-59',
  'GPU2    NV1     NV2      X      NV2     SYS     SYS     NV1     SYS     PHB     0-19,40-59',
  'GPU3    NV2     NV1     NV2      X      SYS     SYS     SYS     NV1     PHB     0-19,40-59',
  'GPU4    NV2     SYS     SYS     SYS      X      NV1     NV1     NV2     SYS     20-39,60-79',
  'GPU5    SYS     NV2     SYS     SYS     NV1      X      NV2     NV1     SYS     20-39,60-79',
  'GPU6    SYS     SYS     NV1     SYS     NV1     NV2      X      NV2     SYS     20-39,60-79',
  'GPU7    SYS     SYS     SYS     NV1     NV2     NV1     NV2      X      SYS     20-39,60-79',
];

describe('NVLink layouts that are the design, and a GPU that lost its links', () => {
  it('the DGX-1 hybrid cube-mesh (NV1/NV2 to four peers, SYS to three) is ok, not "partial NVLink"', () => {
    const c = byId(read('topo', DGX1.join('\n')), 'nvlink.topology');
    expect(c?.status).toBe('ok');
    expect(c?.detail).toMatch(/^the DGX-1 hybrid cube-mesh \(by design\)/);
  });

  it('a cube-mesh GPU with one link fewer (three NVLink peers) is partial NVLink again', () => {
    const broken = DGX1.map((l, i) =>
      i === 1
        ? l.replace('NV2     NV2', 'NV2     SYS')
        : i === 5
          ? l.replace(/^GPU4 {4}NV2/, 'GPU4    SYS')
          : l,
    );
    const c = byId(read('topo', broken.join('\n')), 'nvlink.topology');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(/^partial NVLink/);
  });

  it('one GPU with no NVLink to any peer while the others are NV18 to each other fails', () => {
    const rows = [
      '        GPU0    GPU1    GPU2    GPU3    CPU Affinity',
      'GPU0     X      NV18    NODE    NV18    0-55',
      'GPU1    NV18     X      NODE    NV18    0-55',
      'GPU2    NODE    NODE     X      NODE    0-55',
      'GPU3    NV18    NV18    NODE     X      0-55',
    ];
    const checks = read('topo', rows.join('\n'));
    expect(byId(checks, 'nvlink.topology')).toMatchObject({ status: 'fail', data: { isolated: ['GPU2'] } });
    expect(rollUp(checks).status).toBe('untrusted');
  });
});

describe('the command line, the device name and the printing side are context', () => {
  const MP = [
    '        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity',
    'GPU0     X      SYS     PIX     0-47    0',
    'GPU1    SYS      X      SYS     48-95   1',
  ];
  it('`nvidia-smi topo -mp` typed (even through docker exec) is the PCIe-only view: no NVLink hedge', () => {
    const c = byId(
      read('topo', ['root@h:~# docker exec -it trt nvidia-smi topo -mp', ...MP].join('\n')),
      'nvlink.topology',
    );
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(/^PCIe-only view/);
    const full = byId(read('topo', ['root@h:~# nvidia-smi topo -m', ...MP].join('\n')), 'nvlink.topology');
    expect(full?.detail).toBe('no NVLink between GPUs: every pair goes over PCIe (SYS)');
  });

  it('`rxe0` alone shows Soft-RoCE, even when its state line was cut: a FAIL for KV, not "state not shown"', () => {
    const paste = [
      'root@vm:~# ibstatus',
      "Infiniband device 'rxe0' port 1 status:",
      '\tdefault gid:\t fe80:0000:0000:0000:5054:00ff:fe12:3456',
      '\tb',
    ].join('\n');
    const checks = read('ibstatus', paste);
    expect(byId(checks, 'ib.port')?.detail).toMatch(
      /^Soft-RoCE \(rxe\) port state not shown: RDMA emulated by the kernel/,
    );
    expect(byId(checks, 'ib.ports')?.detail).toBe('no RDMA hardware: 1 port of software RDMA (rxe/siw) only');
    expect(rollUp(checks).status).toBe('untrusted');
  });

  it('nixlbench rows whose largest block is 16 KiB are latency-bound: no bandwidth floor applied', () => {
    const table = [
      'Block Size (B)      Batch Size     B/W (GB/Sec)   Avg Lat. (us)  Avg Prep (us)  P99 Prep (us)  Avg Post (us)  P99 Post (us)  Avg Tx (us)    P99 Tx (us)',
      '----------------------------------------------------------------------------------------------------------------------------------------------------------------',
      '4096                1              0.958841       4.3            11.0           11.0           0.8            1.0            3.5            4.0',
      '16384               1              2.101000       7.8            11.0           11.0           0.8            1.0            3.5            4.0',
    ].join('\n');
    const c = byId(read('nixlbench', table), 'nixlbench.bandwidth');
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(/latency-bound, so the bandwidth floor of 5 GB\/s is not applied/);
  });

  it("a ucx_perftest log with the results header but no row is the client's, cut; the test box alone is the server's", () => {
    const header = [
      '+--------------+--------------+------------------------------+---------------------+-----------------------+',
      '|              |              |       overhead (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |',
      '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
      '|    Stage     | # iterations | 50.0%ile | average | overall |  average |  overall |  average  |  overall  |',
      '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
    ];
    expect(byId(read('ucx_perftest', header.join('\n')), 'perftest.run')?.detail).toMatch(
      /^no result row in the client's log \(it printed the results header, which only the client prints\)/,
    );
    const box = [
      'Waiting for connection...',
      '+------------------------------------------------------+',
      '| API:          protocol layer                         |',
      '| Test:         tag match bandwidth                    |',
      '| Message size: 1048576                                |',
      '+------------------------------------------------------+',
    ];
    expect(byId(read('ucx_perftest', box.join('\n')), 'perftest.run')?.detail).toMatch(
      /^no result row: the server side/,
    );
  });
});
