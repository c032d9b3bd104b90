import { describe, expect, it } from 'vitest';
import { IBSTAT_ACTIVE_400 } from '../../test/helpers/read.js';
import type { Check } from '../core/model.js';
import { rollUp } from '../core/verdict.js';
import { parseDevInfiniband } from '../parsers/dev-infiniband.js';
import { ParseError } from '../parsers/errors.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';
import { splitPaste } from './paste.js';
import { readPasted } from './tools.js';

/**
 * Issue 38, principle 1: read what is there, whatever its shape. Each paste is written here in the tool's own
 * format, in the shape a poster leaves it: prompts of other shapes, no header, a cut last line, a bad row.
 */
const opts = { expect: 'any' } as const;
const read = (tool: Parameters<typeof readPasted>[0], text: string) => readPasted(tool, text, opts).checks;
const byId = (checks: Check[], id: string) => checks.find((c) => c.id === id);

const LS = [
  'total 0',
  'crw-------  1 root root 231,  64 Apr  5 06:17 issm0',
  'crw-rw-rw-  1 root root  10,  56 Apr  5 06:17 rdma_cm',
  'crw-------  1 root root 231,   0 Apr  5 06:17 umad0',
  'crw-rw-rw-  1 root root 231, 192 Apr  5 06:17 uverbs0',
];

describe('prompts of other shapes', () => {
  it('a `>` prompt before `lsmod | grep` is the command, not an lsmod line', () => {
    const checks = read(
      'lsmod',
      '> lsmod | grep nv_peer\nnv_peer_mem            13163  0\nib_core               357701  9 rdma_cm,nv_peer_mem,mlx5_ib\n',
    );
    expect(byId(checks, 'read.input')?.detail).toMatch(
      /^read `lsmod \| grep nv_peer` \(lines 1–4\) as lsmod/,
    );
    expect(byId(checks, 'gdr.peermem')?.status).toBe('ok');
  });

  it('a two-line prompt (user@host and the directory, then `#ll` glued to its mark) runs `ll /dev/infiniband/`', () => {
    const paste = ['root@node7 /sys/bus/pci/devices/0000:81:00.0', '#ll /dev/infiniband/', ...LS].join('\n');
    const sections = splitPaste(paste).sections;
    expect(sections.map((s) => [s.command, s.where, s.cwd, s.from])).toEqual([
      ['ll /dev/infiniband/', 'node7', '/sys/bus/pci/devices/0000:81:00.0', 2],
    ]);
    const checks = read('dev-infiniband', paste);
    expect(byId(checks, 'read.input')?.detail).toBe(
      'read `ll /dev/infiniband/` (lines 2–7) as dev-infiniband',
    );
    expect(byId(checks, 'rdma.devices')).toMatchObject({ status: 'ok', detail: '1 verbs device: uverbs0' });
  });

  it('`ls -alh` typed where the prompt shows /dev/infiniband lists it; the same `ls` elsewhere does not', () => {
    const here = read('dev-infiniband', ['root@gpu-11:/dev/infiniband# ls -alh', ...LS].join('\n'));
    expect(byId(here, 'read.input')?.detail).toBe('read `ls -alh` (lines 1–6) as dev-infiniband');
    expect(byId(here, 'rdma.devices')?.status).toBe('ok');
    const elsewhere = read(
      'dev-infiniband',
      'root@gpu-11:/tmp# ls -alh\ntotal 0\n-rw-r--r-- 1 root root 0 Apr  5 06:17 notes.txt\n',
    );
    expect(byId(elsewhere, 'rdma.devices')?.detail).toMatch(/^\/dev\/infiniband was not listed/);
  });

  it('the prompt after the output (copied from the bottom up) still gives the output to its tool', () => {
    const checks = read('dev-infiniband', [...LS, 'root@gpu-11:~# ls -l /dev/infiniband'].join('\n'));
    expect(byId(checks, 'rdma.devices')?.status).toBe('ok');
  });
});

describe('a paste cut mid-line', () => {
  it('an `ls -l /dev/infiniband` cut inside a row before any uverbs entry: not shown, named, never "no uverbs"', () => {
    const paste = [
      'root@pod:/# ll /dev/infiniband',
      ...LS.slice(0, 4),
      'crw-------  1 root root 231,   1 Apr',
    ];
    const checks = read('dev-infiniband', paste.join('\n'));
    expect(byId(checks, 'rdma.devices')).toMatchObject({ status: 'skipped' });
    expect(byId(checks, 'rdma.devices')?.detail).toMatch(/cut at line 6 .*uverbs entries: not shown/);
    expect(byId(checks, 'read.cut')?.detail).toMatch(
      /^the paste ends inside this `ls -l` row \(line 6 "crw-------.*\): whatever followed is not shown/,
    );
    expect(byId(checks, 'read.lines')).toBeUndefined();
    expect(rollUp(checks).status).toBe('unverified');
  });

  it('a cut after uverbs0 reads uverbs0 and names the cut line', () => {
    const r = parseDevInfiniband([...LS, 'crw-rw-rw-  1 root root 2'].join('\n'));
    expect(r.uverbs).toEqual(['uverbs0']);
    expect(r.cut).toEqual({
      line: 6,
      text: 'crw-rw-rw-  1 root root 2',
      why: 'the paste ends inside this `ls -l` row',
      cut: true,
    });
  });

  it('the uverbs entries shown pass, but the cut leaves the reading not whole (the later uverbs are not shown)', () => {
    const checks = read('dev-infiniband', [...LS, 'crw-rw-rw-  1 root root 2'].join('\n'));
    expect(byId(checks, 'rdma.devices')?.status).toBe('ok');
    expect(byId(checks, 'read.cut')).toMatchObject({ status: 'skipped' });
    expect(byId(checks, 'read.cut')?.matters).not.toBe(false);
    expect(rollUp(checks).status).toBe('unverified');
  });

  it('a bad row in the middle is still refused: only the last line can be cut', () => {
    expect(() => parseDevInfiniband([LS[0], 'crw-rw-rw-  1 root', ...LS.slice(1)].join('\n'))).toThrow(
      /line 2 .*not an `ls` entry/,
    );
  });
});

const TOPO_ROWS = [
  'GPU0     X      NV18    NV18    NV18    PIX     SYS     0-47    0               N/A',
  'GPU1    NV18     X      NV18    NV18    PIX     SYS     0-47    0               N/A',
  'GPU2    NV18    NV18     X      NV18    SYS     PIX     48-95   1               N/A',
  'GPU3    NV18    NV18    NV18     X      SYS     PIX     48-95   1               N/A',
];

describe('nvidia-smi topo -m without its header, and cut inside a cell', () => {
  it('rows without the header line: each row names its own column, NV# columns are GPUs, the rest NICs', () => {
    const r = parseNvidiaSmiTopo(TOPO_ROWS.join('\n'));
    expect(r.devices.map((d) => `${d.id}:${d.kind}`)).toEqual([
      'GPU0:gpu',
      'GPU1:gpu',
      'GPU2:gpu',
      'GPU3:gpu',
      'NIC0:nic',
      'NIC1:nic',
    ]);
    expect(r.matrix.GPU2).toEqual({
      GPU0: 'NV18',
      GPU1: 'NV18',
      GPU2: 'X',
      GPU3: 'NV18',
      NIC0: 'SYS',
      NIC1: 'PIX',
    });
    expect(r.devices[2]).toMatchObject({ cpuAffinity: '48-95', numaAffinity: '1', gpuNumaId: 'N/A' });
    expect(r.headerless).toEqual({ gpus: 4, columns: 6 });
    const checks = read('topo', TOPO_ROWS.join('\n'));
    expect(byId(checks, 'nvlink.topology')?.status).toBe('ok');
    expect(byId(checks, 'gdr.nic-affinity')?.status).toBe('ok');
  });

  it('the last row cut inside a cell (`NV`) is read up to its last whole cell and marked cut', () => {
    const paste = [
      '$ nvidia-smi topo -m',
      '        GPU0    GPU1    GPU2    GPU3    NIC0    NIC1    CPU Affinity    NUMA Affinity   GPU NUMA ID',
      ...TOPO_ROWS.slice(0, 3),
      'GPU3    NV18    NV',
    ].join('\n');
    const r = parseNvidiaSmiTopo(paste);
    expect(r.matrix.GPU3).toEqual({ GPU0: 'NV18' });
    expect(r.cut).toEqual([{ row: 'GPU3', shown: 1, of: 6, line: 6 }]);
    const checks = read('topo', paste);
    expect(byId(checks, 'topo.cut')?.status).toBe('skipped');
    expect(byId(checks, 'nvlink.topology')?.status).toBe('ok');
  });

  it('labels glued in the header (`NIC0NIC1`) are two columns; GPU rows the paste stops before are not shown', () => {
    const paste = [
      '        GPU0    GPU1    GPU2    GPU3    NIC0NIC1    CPU Affinity    NUMA Affinity   GPU NUMA ID',
      ...TOPO_ROWS.slice(0, 2),
    ].join('\n');
    const r = parseNvidiaSmiTopo(paste);
    expect(r.devices.map((d) => d.id)).toEqual(['GPU0', 'GPU1', 'GPU2', 'GPU3', 'NIC0', 'NIC1']);
    expect(r.devices[0]).toMatchObject({ cpuAffinity: '0-47', numaAffinity: '0', gpuNumaId: 'N/A' });
    const checks = read('topo', paste);
    expect(byId(checks, 'topo.cut')?.detail).toBe(
      'the header lists GPU2, GPU3 but the paste has no row for them: their links and NICs are not shown, so not judged',
    );
    expect(rollUp(checks).status).toBe('unverified');
  });

  it('labels one space apart in the header (`GPU0 GPU1`, alignment squeezed) and indented rows are read', () => {
    const paste = [
      '          GPU0 GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID',
      '    GPU0  X      NODE    0-15    0               N/A',
      '    GPU1 NODE     X      0-15    0               N/A',
    ].join('\n');
    const r = parseNvidiaSmiTopo(paste);
    expect(r.devices.map((d) => d.id)).toEqual(['GPU0', 'GPU1']);
    expect(r.matrix.GPU0).toEqual({ GPU0: 'X', GPU1: 'NODE' });
    expect(byId(read('topo', paste), 'nvlink.topology')?.status).toBe('warn');
  });

  it('a row cut inside a cell that is not the last line is still refused', () => {
    const paste = [
      '        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity',
      'GPU0     X      NV',
      'GPU1    NV4      X      PIX     0-47    0',
    ].join('\n');
    expect(() => parseNvidiaSmiTopo(paste)).toThrow(/row GPU0 does not have 3 topology cells/);
  });
});

describe('show_gids: a typo in the prompt, one bad row', () => {
  const head = [
    'DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV',
    '---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---',
  ];
  it('`show_gid` typed above a show_gids body is read as show_gids; a row cut at the end is named', () => {
    const paste = [
      'root@h:/workspace# show_gid',
      ...head,
      'mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a00:0005\t10.0.0.5  \tv2\tens1f0',
      'mlx5_1\t1\t3\t0000:0000:0000:00',
    ].join('\n');
    const checks = read('show_gids', paste);
    expect(byId(checks, 'read.input')?.detail).toBe('read `show_gid` (lines 1–5) as show_gids');
    expect(byId(checks, 'rdma.gid')?.status).toBe('ok');
    // The last line is the start of a row cut short: the rows after it are not shown.
    expect(byId(checks, 'read.cut')?.detail).toMatch(
      /^the paste ends inside this GID row \(line 5 "mlx5_1\t1\t3\t0000:0000:0000:00"\): whatever followed is not shown/,
    );
    expect(rollUp(checks).status).toBe('unverified');
  });

  it('a last line that is no start of a row, or a bad row with rows after it, is only named (matters: false)', () => {
    const note = read(
      'show_gids',
      [
        ...head,
        'mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a00:0005\t10.0.0.5  \tv2\tens1f0',
        'any idea why?',
      ].join('\n'),
    );
    expect(byId(note, 'read.cut')).toBeUndefined();
    expect(byId(note, 'read.lines')).toMatchObject({ status: 'skipped', matters: false });
    const middle = read(
      'show_gids',
      [
        ...head,
        'mlx5_1\t1\t3\t0000:0000:0000:00',
        'mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a00:0005\t10.0.0.5  \tv2\tens1f0',
      ].join('\n'),
    );
    expect(byId(middle, 'read.cut')).toBeUndefined();
    expect(byId(middle, 'read.lines')).toMatchObject({ status: 'skipped', matters: false });
    expect(rollUp(middle).status).toBe('trusted');
  });
});

describe('what surrounds the output: a markdown fence, a title line, a last line cut mid-line', () => {
  const LSMOD = [
    'nvidia_peermem         16384  0',
    'ib_core               442368  9 rdma_cm,nvidia_peermem,mlx5_ib',
  ];

  it("a markdown code fence around the paste is the post's, not the tool's", () => {
    const paste = [
      '```console',
      '# Memory domain: mlx5_0',
      '#     Component: ib',
      '#      Transport: rc_mlx5',
      '#         Device: mlx5_0:1',
      '```',
    ];
    expect(byId(read('ucx_info', paste.join('\n')), 'ucx.rdma')?.status).toBe('ok');
  });

  it('a title line before the output is left out and named; it changes nothing', () => {
    const checks = read('lsmod', ['Here is lsmod on node 3:', ...LSMOD].join('\n'));
    expect(byId(checks, 'gdr.peermem')?.status).toBe('ok');
    expect(byId(checks, 'read.around')).toMatchObject({
      status: 'skipped',
      matters: false,
      detail: 'line 1 "Here is lsmod on node 3:" before the output is not the tool\'s and was left out',
    });
  });

  it('a last line cut mid-line is left out and named, and the reading is not a whole one', () => {
    const checks = read('lsmod', [...LSMOD, 'nvidia_uvm'].join('\n'));
    expect(byId(checks, 'gdr.peermem')?.status).toBe('ok');
    expect(byId(checks, 'read.cut')?.detail).toMatch(/^the paste ends mid-line \(line 3 "nvidia_uvm"/);
    expect(rollUp(checks).status).toBe('unverified');
  });

  it("text with nothing of the tool in it is still refused with the parser's first error", () => {
    expect(() => read('lsmod', 'hello\nthis is\nnot lsmod at all\n')).toThrow(/at line 1 "hello"/);
  });
});

describe('rdma link: the last line cut inside its fields', () => {
  it('a port whose line is cut before physical_state is Down with its physical state not shown: a warning, not a fault', () => {
    const paste = [
      'root@node2$ rdma link',
      'link mlx5_0/1 subnet_prefix fe80:0000:0000:0000 lid 3 sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP',
      'link mlx5_1/1 subnet_prefix fe80:0000:0000:0000 lid 65535 sm_lid 0 lmc 0 state DOWN physical_s',
    ].join('\n');
    const port = read('rdma-link', paste).find((c) => c.id === 'ib.port' && c.subject === 'mlx5_1/1');
    expect(port).toMatchObject({ status: 'warn' });
    expect(port?.detail).toMatch(/the paste is cut before its physical state/);
    // The same line whole with no physical state printed (an older kernel's netlink): still not
    // shown (Disabled or Polling), a warning naming that; Polling shown whole is the fault.
    const whole = paste.replace('DOWN physical_s', 'DOWN');
    const bare = read('rdma-link', whole).find((c) => c.subject === 'mlx5_1/1');
    expect(bare).toMatchObject({ status: 'warn' });
    expect(bare?.detail).toMatch(/physical state not shown/);
    const polling = paste.replace('DOWN physical_s', 'DOWN physical_state POLLING');
    expect(read('rdma-link', polling).find((c) => c.subject === 'mlx5_1/1')?.status).toBe('fail');
  });
});

describe("a launcher's prefix on every line, an older libfabric's bare error, the provider the command asks for", () => {
  const NCCL = [
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)',
    '   134217728      33554432     float     sum      -1   1180.1  113.74  199.04      0   1179.6  113.78  199.11      0',
    '# Avg bus bandwidth    : 199.075',
  ];
  it("srun --label's `0: ` before every line is the launcher's", () => {
    const checks = read('nccl-tests', NCCL.map((l) => `0: ${l}`).join('\n'));
    expect(byId(checks, 'nccl.run')?.status).toBe('ok');
  });

  it("mpirun's `[1,0]<stdout>:` indented by a markdown list is still the launcher's", () => {
    const checks = read('nccl-tests', NCCL.map((l) => `   [1,0]<stdout>:${l}`).join('\n'));
    expect(byId(checks, 'nccl.run')?.status).toBe('ok');
  });

  it('`fi_getinfo: -61` without its strerror (older libfabric) is the answer "no EFA provider"', () => {
    expect(byId(read('fi_info', '$ fi_info -p efa\nfi_getinfo: -61\n'), 'efa.provider')?.status).toBe('fail');
  });

  it('-61 to `FI_PROVIDER=verbs fi_info` says nothing about EFA: not judged', () => {
    const c = byId(
      read('fi_info', '$ FI_PROVIDER=verbs fi_info\nfi_getinfo: -61 (No data available)\n'),
      'efa.provider',
    );
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(/asked for verbs, not EFA/);
  });
});

describe('sections without their header: NCCL channel lines, an ibv_devinfo -v port fragment', () => {
  it('NCCL channel lines without their `NCCL INFO Channel` prefix are still what each side uses', () => {
    const paste =
      '9[1a000] -> 2[6b000] [send] via NET/IB/0/GDRDMA\n9[1a000] -> 2[6b000] [receive] via NET/IB/1\n';
    const c = byId(read('nccl-tests', paste), 'nccl.transport');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(/^1 channel\(s\) via NET without GDRDMA: .*; 1 with GDRDMA$/);
  });

  it('a network plugin whose name holds a space (`NET/AWS Libfabric/1/GDRDMA`) is GPUDirect RDMA', () => {
    const paste = [
      'node-0:26:68 [1] NCCL INFO Using network AWS Libfabric',
      'node-0:26:68 [1] NCCL INFO Channel 00 : 1[101d0] -> 8[101c0] [send] via NET/AWS Libfabric/1/GDRDMA',
      'node-0:26:68 [1] NCCL INFO Channel 00 : 8[101c0] -> 1[101d0] [receive] via NET/AWS Libfabric/1/GDRDMA',
    ].join('\n');
    expect(byId(read('nccl-tests', paste), 'nccl.transport')).toMatchObject({
      status: 'ok',
      detail: 'network AWS Libfabric, 2 channel(s) via GPUDirect RDMA (GDRDMA)',
    });
  });

  it('an `ibv_devinfo -v` port fragment (phys_state and GIDs, no hca_id, no port line) is one port, its state not shown', () => {
    const paste = [
      '\t\t\tphys_state:\t\tLINK_UP (5)',
      '\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:0ac0:ebff:feda:1cfb, RoCE v1',
      '\t\t\tGID[  3]:\t\t::ffff:200.0.209.6, RoCE v2',
    ].join('\n');
    const checks = read('ibv_devinfo', paste);
    expect(byId(checks, 'ib.port')).toMatchObject({ status: 'skipped', subject: '(hca_id not shown)/1' });
    expect(byId(checks, 'ib.ports')?.status).toBe('skipped');
  });

  it('a fragment of `ibv_devinfo -v` device attributes (no hca_id, no port) is a device shown in part: ports not shown', () => {
    const paste = [
      '                                        RAW_IP_CSUM',
      '                                        Unknown flags: 0x488000',
      '        max_sge:                        32',
      '        max_cq:                         65408',
      '        atomic_cap:                     ATOMIC_HCA (1)',
      '        max_srq_wr:                     16383',
    ].join('\n');
    const checks = read('ibv_devinfo', paste);
    expect(byId(checks, 'ib.port')).toMatchObject({ status: 'skipped', subject: '(hca_id not shown)' });
    expect(checks.some((c) => c.status === 'fail')).toBe(false);
    expect(rollUp(checks).status).toBe('unverified');
  });
});

describe('one header, two matrices: `topo -m` and `topo -p2p` are read by the reader their cells belong to', () => {
  // nvidia-smi topo -p2p r|w|n|a|p: OK/CNS/GNS/TNS/NS/DR/U cells (nvmlGpuP2PStatus_t); topo -m: NV#/PIX/…/SYS.
  const P2P =
    ' \tGPU0\tGPU1\t\n GPU0\tX\tGNS\t\n GPU1\tGNS\tX\t\n\nLegend:\n\n  X    = Self\n  OK   = Status Ok\n  GNS  = GPU not supported\n';
  const TOPO =
    '\tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\nGPU0\t X \tNV4\tPIX\t0-31\t0\t\tN/A\nGPU1\tNV4\t X \tPIX\t0-31\t0\t\tN/A\nNIC0\tPIX\tPIX\t X \t\t\t\t\n\nLegend:\n\n  X    = Self\n  NV#  = Connection traversing a bonded set of # NVLinks\n\nNIC Legend:\n\n  NIC0: mlx5_0\n';

  it('`read topo` on a P2P status matrix reads it as topo-p2p (never exit 2) and read.input says why', () => {
    const r = readPasted('topo', P2P, opts);
    expect(r.readAs).toBe('topo-p2p');
    expect(r.checks.map((c) => `${c.status} ${c.id}`)).toEqual(['skipped read.input', 'warn nvlink.p2p']);
    expect(r.checks[0]?.detail).toBe(
      'read the input as topo-p2p, not topo: its cells (GNS) are the P2P status codes of `nvidia-smi topo -p2p`, not the links of `nvidia-smi topo -m`',
    );
    expect(rollUp(r.checks).status).toBe('unverified');
    // Behind its own prompt the paste's line names the section it read.
    const typed = readPasted('topo', `$ nvidia-smi topo -p2p w\n${P2P}`, opts);
    expect(typed.checks[0]?.detail).toMatch(
      /^read `nvidia-smi topo -p2p w` \(lines 1–\d+\) as topo-p2p, not topo: its cells \(GNS\)/,
    );
    expect(byId(typed.checks, 'nvlink.p2p')?.detail).toMatch(/^P2P write not OK/);
  });

  it('`read topo-p2p` on a topology matrix reads it as topo; the asked reader is used when its cells are its own', () => {
    const r = readPasted('topo-p2p', TOPO, opts);
    expect(r.readAs).toBe('topo');
    expect(r.checks[0]?.detail).toMatch(
      /^read the input as topo, not topo-p2p: its cells \(NV4, PIX\) are the links/,
    );
    expect(byId(r.checks, 'nvlink.topology')?.status).toBe('ok');
    expect(readPasted('topo', TOPO, opts).readAs).toBeUndefined();
    expect(readPasted('topo-p2p', P2P, opts).readAs).toBeUndefined();
  });

  it('no matrix of either kind is still refused with the asked reader’s error; the per-tool parsers stay strict', () => {
    // nvidia-smi's usage error is -p2p output but holds no cells: not routed.
    expect(() => read('topo', 'Option "-p2p" is missing its value.\n')).toThrow(/nvidia-smi topo/);
    expect(() => read('topo', ' \tGPU0\tGPU1\t\n GPU0\tX\tFOO\t\n')).toThrow(
      /row GPU0 does not have 2 topology cells/,
    );
    // The `node` probes read `nvidia-smi topo -m` with this parser: it never yields a P2P matrix.
    expect(() => parseNvidiaSmiTopo(P2P)).toThrow(ParseError);
  });
});

describe('perftest without its banner (b23)', () => {
  it('`--output=latency` prints the average as one bare number under the command: it is the result', () => {
    const text = ['[root@b ~]# ib_read_lat -d mlx5_2 --size=8 --output=latency 10.1.2.3', '2.117804'].join(
      '\n',
    );
    const checks = read('perftest', text);
    expect(rollUp(checks).status).not.toBe('untrusted');
    expect(JSON.stringify(checks)).toMatch(/2\.1/);
  });

  it('`--output=bandwidth --report_gbits` prints the average in Gb/sec: 12 Gb/s is below the KV floor', () => {
    const text = '$ ib_write_bw -d mlx5_0 --report_gbits --output=bandwidth 10.1.2.3\n12.004411\n';
    expect(rollUp(read('perftest', text)).status).toBe('untrusted');
  });

  it('an rdma_cm run (`-R`) that only prints its CM error lines failed to connect', () => {
    const text = [
      '$ ib_send_bw -R -d rocep1s0 192.168.7.2',
      'RDMA CM event error:',
      'Event: RDMA_CM_EVENT_UNREACHABLE; error: -110.',
      '',
      'ERRNO: Connection timed out.',
      'Failed to handle RDMA CM event.',
      'Failed to connect RDMA CM events.',
    ].join('\n');
    expect(rollUp(read('perftest', text)).status).toBe('untrusted');
  });
});

describe('ucx_info -v without its "#" marks (b23)', () => {
  it('"Library version:" and a configure line cut before any CUDA flag: the version is read, CUDA is not shown', () => {
    const text = [
      '$ ucx_info -v',
      '',
      'Library version: 1.20.0',
      'Library path: /usr/lib/libucs.so.0',
      'API headers version: 1.20.0',
      "Git branch '', revision 0a1b2c3",
      'Configured with: --enable-mt --prefix=/usr --with-verbs --with-mlx5 --enab',
    ].join('\n');
    const checks = read('ucx_info', text);
    expect(byId(checks, 'ucx.version')?.detail).toMatch(/1\.20\.0/);
    expect(byId(checks, 'ucx.cuda')?.status).toBe('skipped');
  });

  it('the same block configured --with-cuda is read as built with CUDA', () => {
    const text = 'Library version: 1.20.0\nConfigured with: --with-verbs --with-cuda=/usr/local/cuda\n';
    expect(byId(read('ucx_info', text), 'ucx.cuda')?.status).toBe('ok');
  });
});

const b25Lines = (checks: Check[]) =>
  checks
    .filter((c) => c.id !== 'read.input')
    .map((c) => `${c.status} ${c.id}${c.subject ? ` ${c.subject}` : ''}`);
const b25Verdict = (checks: Check[]) => rollUp(checks).status;

describe('1. a filtered `ibv_devinfo -v` keeps the port state lines but not the `port:` line (b25)', () => {
  const dev = (name: string, state: string, phys: string) =>
    [
      `hca_id:\t${name}`,
      '\tfw_ver:\t\t\t\t32.47.1088',
      '\tvendor_part_id:\t\t\t41692',
      '\tatomic_cap:\t\t\tATOMIC_HCA (1)',
      `\t\t\tstate:\t\t\t${state}`,
      '\t\t\tactive_width:\t\t4X (2)',
      '\t\t\tactive_speed:\t\t25.0 Gbps (32)',
      `\t\t\tphys_state:\t\t${phys}`,
    ].join('\n');
  it('its state lines are that device\'s port: both ports Down with the PHY up fail, no "ports not shown"', () => {
    const text = `${dev('mlx5_0', 'PORT_DOWN (1)', 'LINK_UP (5)')}\n${dev('mlx5_1', 'PORT_DOWN (1)', 'LINK_UP (5)')}\n`;
    const checks = read('ibv_devinfo', text);
    expect(b25Lines(checks)).toEqual(['fail ib.port mlx5_0/1', 'fail ib.port mlx5_1/1', 'fail ib.ports']);
  });
  it('the same filter with the ports Active passes them; with no state line kept the ports are not shown', () => {
    expect(b25Verdict(read('ibv_devinfo', dev('mlx5_0', 'PORT_ACTIVE (4)', 'LINK_UP (5)')))).not.toBe(
      'untrusted',
    );
    const noState = ['hca_id:\tmlx5_0', '\tfw_ver:\t\t\t\t32.47.1088', '\tphys_port_cnt:\t\t\t1'].join('\n');
    expect(b25Lines(read('ibv_devinfo', noState))).toEqual(['skipped ib.port mlx5_0']);
  });
});

describe('1. perftest bandwidth rows pasted without their header (b25)', () => {
  // #bytes #iterations BW peak BW average MsgRate[Mpps]; the average's unit follows from MsgRate x #bytes.
  it('rows in the default MiB/sec (965 MiB/s = 0.000241 Mpps x 4 MiB) are read and held to the floor', () => {
    const rows = [
      'Node B output:',
      ' 4194304    4826             0.00               965.20 \t\t   0.000241',
      ' 4194304    14261            0.00               2852.20\t\t   0.000713',
    ].join('\n');
    const checks = read('perftest', rows);
    expect(b25Lines(checks)).toEqual(['ok verbs.run', 'fail verbs.bandwidth']);
    expect(byId(checks, 'verbs.bandwidth')?.detail).toContain('2.99 GB/s at 4 MiB');
  });
  it('the same rows printed with --report_gbits (Gb/sec: 96.50 = 0.184051 Mpps x 64 KiB) are not below it', () => {
    const rows = ' 65536      5000             96.53              96.50  \t\t   0.184051';
    const checks = read('perftest', rows);
    expect(b25Lines(checks)).toContain('ok verbs.run');
    expect(b25Verdict(checks)).not.toBe('untrusted');
  });
  it('five numbers whose message rate fits neither unit are not read as perftest (exit 2)', () => {
    expect(() => read('perftest', ' 65536      5000             96.53              96.50      7.5')).toThrow(
      ParseError,
    );
  });
});

describe("1. a paste copied from a diff's added lines carries a `+` on every line (b25)", () => {
  const ibstat = IBSTAT_ACTIVE_400;
  it("the `+` is the diff's: the ibstat lines behind it read as the same ibstat", () => {
    const plain = b25Lines(read('ibstat', ibstat.join('\n')));
    expect(b25Lines(read('ibstat', ibstat.map((l) => `+${l}`).join('\n')))).toEqual(plain);
    expect(plain).toContain('ok ib.port mlx5_0/1');
  });
  it('a `+` on only a few lines is not taken for a diff (nor a `+---+` table rule)', () => {
    const few = [...ibstat.slice(0, 8), '+\t\tSM lid: 1', '\t\tLink layer: InfiniBand'].join('\n');
    expect(b25Lines(read('ibstat', few))).toContain('ok ib.port mlx5_0/1');
    expect(() => read('ibstat', ['+---+---+', '+---+---+', '| a | b |'].join('\n'))).toThrow(ParseError);
  });
});
