import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';

/**
 * Issue 38, principles 1 (read what is there) and 4 (a failure with no summary line is a failure), from corpus
 * batch b36 (pastes on web pages: Chinese blog mirrors, a syslog, a squeezed topo matrix). Each paste is a small
 * one in the tool's own format, paired with the form that must still fail or pass, so a rule cannot pass by
 * never failing or never passing. Sources: references/read-shapes.md.
 */
const read = readChecks;
const lines = checkLines;
const byId = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id);

describe('1. nvidia-smi topo -m with its header squeezed to single spaces', () => {
  const rows = [
    'GPU0 X SYS NODE NODE 0-15,32-47 0 N/A',
    'GPU1 SYS X SYS SYS 16-31,48-63 1 N/A',
    'NIC0 NODE SYS X PIX',
    'NIC1 NODE SYS PIX X',
  ];
  const header = 'GPU0 GPU1 NIC0 NIC1 CPU Affinity NUMA Affinity GPU NUMA ID';

  it('the labels and the column names after them are each a column: the matrix and affinities are read', () => {
    const checks = read('topo', ['# nvidia-smi topo -m', header, ...rows].join('\n'));
    const aff = byId(checks, 'gdr.nic-affinity');
    expect(aff?.status).toBe('warn');
    expect(aff?.detail).toMatch(/GPU1→NIC0 SYS/);
  });

  it('the same matrix with its alignment kept reads the same', () => {
    const aligned = [
      '\tGPU0\tGPU1\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID',
      ...rows.map((r) => r.replace(/ /g, '\t')),
    ];
    expect(lines(read('topo', aligned.join('\n')))).toEqual(
      lines(read('topo', ['# nvidia-smi topo -m', header, ...rows].join('\n'))),
    );
  });

  it('squeezed, a GPU with a NIC on its own PCIe switch passes the affinity check', () => {
    const near = ['GPU0 X PIX 0-15 0 N/A', 'NIC0 PIX X'];
    const checks = read(
      'topo',
      ['# nvidia-smi topo -m', 'GPU0 NIC0 CPU Affinity NUMA Affinity GPU NUMA ID', ...near].join('\n'),
    );
    expect(byId(checks, 'gdr.nic-affinity')?.status).toBe('ok');
  });
});

describe('2. rdma link rows a page shows as a shell comment under the command', () => {
  const page = (row: string) => ['# 查看所有 RDMA 设备', 'rdma link', '# 输出示例', row].join('\n');

  it('`# link mlx5_0/1 state ACTIVE …` is the row, read as an Active port', () => {
    const checks = read(
      'rdma-link',
      page('# link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0'),
    );
    expect(lines(checks)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('a commented Down row still fails', () => {
    const checks = read(
      'rdma-link',
      page('# link mlx5_0/1 state DOWN physical_state DISABLED netdev ens1f0'),
    );
    expect(byId(checks, 'ib.ports')?.status).toBe('fail');
  });

  it('a comment that only mentions a link, with no state pair, is not a row', () => {
    expect(() => read('rdma-link', page('# link mlx5_0/1 should be ACTIVE'))).toThrow(ParseError);
  });
});

describe('3. a code block a blog mirror stored as a one-cell markdown table', () => {
  const cell = [
    '| # dmesg |grep -e ``"DMAR"',
    '[ ``0.000000``] DMAR: IOMMU enabled',
    '[ ``1.150702``] DMAR: Intel(R) Virtualization Technology ``for',
    'Directed I/O',
    '|',
  ].join('\n');

  it("the cell borders and the empty code marks are the page's: the stamps are kernel lines, nothing judged", () => {
    const checks = read('dmesg', cell);
    expect(byId(checks, 'gdr.peermem')?.status).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('a peer-memory failure inside such a cell still fails', () => {
    const failing = cell.replace(
      'Directed I/O',
      'Directed I/O\n[ ``9.100000``] nvidia_peermem: Unknown symbol ib_register_peer_memory_client (err -2)',
    );
    expect(verdictOf(read('dmesg', failing))).toBe('untrusted');
  });

  it('a fenced code block (three backticks) is left as it is', () => {
    const fenced = ['```', '[    0.000000] DMAR: IOMMU enabled', '```'].join('\n');
    expect(byId(read('dmesg', fenced), 'gdr.peermem')?.status).toBe('skipped');
  });
});

describe('4. mlx5 link and cable events in a syslog whose day is not padded', () => {
  const at = (n: number, msg: string) =>
    `Oct 9 11:51:${String(n).padStart(2, '0')} p-b kernel: [ 23${n}.000000] ${msg}`;
  const mod = (state: string) => `mlx5_core 0000:00:08.0: Port module event: module 1, Cable ${state}`;

  it('a cable unplugged and plugged again and again: the link flaps, a failure', () => {
    const log = [
      at(10, mod('plugged')),
      at(11, mod('unplugged')),
      at(12, 'mlx5_core 0000:00:08.0 pr1: Link down'),
      at(20, mod('plugged')),
      at(21, mod('unplugged')),
      at(30, mod('plugged')),
    ].join('\n');
    const link = byId(read('dmesg', log), 'nic.link');
    expect(link?.status).toBe('fail');
    expect(link?.subject).toBe('0000:00:08.0 (pr1)');
    // One pull logs `Cable unplugged` and `Link down`: one drop, not two.
    expect(link?.detail).toMatch(/dropped 2 times/);
  });

  it('one pull that came back is a warning, however many lines it logged; up and then last shown down fails', () => {
    const once = [
      at(9, 'mlx5_core 0000:00:08.0 pr1: Link up'),
      at(10, mod('unplugged')),
      at(11, 'mlx5_core 0000:00:08.0 pr1: Link down'),
      at(12, mod('plugged')),
      at(13, 'mlx5_core 0000:00:08.0 pr1: Link up'),
    ];
    expect(byId(read('dmesg', once.join('\n')), 'nic.link')?.status).toBe('warn');
    expect(byId(read('dmesg', once.slice(0, 3).join('\n')), 'nic.link')?.status).toBe('fail');
  });

  it('a carrier down before the first up is the port coming up at open, not a drop; a cable unplugged was plugged', () => {
    const boot = [
      at(10, 'mlx5_core 0000:00:08.0 pr1: Link down'),
      at(14, 'mlx5_core 0000:00:08.0 pr1: Link up'),
    ];
    expect(byId(read('dmesg', boot.join('\n')), 'nic.link')?.status).toBe('ok');
  });

  it('a port never shown up is a spare or an unplugged cable whose use is not shown: a warning, not a failure', () => {
    const spare = [at(10, 'mlx5_core 0000:00:08.1 pr2: Link down')].join('\n');
    const link = byId(read('dmesg', spare), 'nic.link');
    expect(link?.status).toBe('warn');
    expect(link?.detail).toMatch(/not shown/);
  });

  it('ports that only came up pass their link check; the peer-memory module stays not shown', () => {
    const up = [
      '[32704.121294] mlx5_core 0000:01:00.0: Port module event: module 0, Cable plugged',
      '[32710.060490] mlx5_core 0000:01:00.0 enp1s0f0: Link up',
    ].join('\n');
    const checks = read('dmesg', up);
    expect(lines(checks)).toEqual(['ok nic.link 0000:01:00.0 (enp1s0f0)', 'skipped gdr.peermem']);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('syslog lines padded the rsyslog way (`Oct  9`) read the same', () => {
    const padded = [at(10, mod('plugged')), at(11, 'mlx5_core 0000:00:08.0 pr1: Link down')]
      .map((l) => l.replace('Oct 9', 'Oct  9'))
      .join('\n');
    expect(byId(read('dmesg', padded), 'nic.link')?.status).toBe('fail');
    expect(byId(read('dmesg', at(11, mod('unplugged')).replace('Oct 9', 'Oct  9')), 'nic.link')?.status).toBe(
      'fail',
    );
  });
});
