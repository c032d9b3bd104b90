import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { parseNixlbench } from '../parsers/nixlbench.js';

/**
 * Issue 38, principle 1 (a section without its header is read) and 2 (what the cut hides is not shown, never
 * absent): pastes that start below a section's header line, as ibv_devinfo reads a port block without `hca_id:`.
 */
describe('nvidia-smi nvlink: link lines without their `GPU n:` header', () => {
  const header = 'GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-370ec676-e407-3115-836a-8ebcb3c4f62a)';
  const links = (n: number, down: number[] = []) =>
    Array.from({ length: n }, (_, i) => `  Link ${i}: ${down.includes(i) ? '<inactive>' : '25 GB/s'}`);

  it('healthy `--status` links are read as one GPU whose name is not shown: ok, the GPU and any before it not judged', () => {
    const checks = readChecks('nvlink', links(12).join('\n'));
    expect(checkLines(checks)).toEqual([
      'ok nvlink.links GPU (header not shown)',
      'skipped nvlink.gpus GPU (header not shown)',
    ]);
    expect(checks[0]?.detail).toContain('12 links shown, all up, 300 GB/s per direction');
    expect(checks[1]?.detail).toMatch(/`GPU n: <name> \(UUID: …\)` line not pasted/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('an inactive link without its header still fails', () => {
    const checks = readChecks('nvlink', links(12, [3]).join('\n'));
    expect(checkLines(checks)).toContain('fail nvlink.links GPU (header not shown)');
    expect(checks[0]?.detail).toContain('link 3 inactive, 11 of the 12 links shown up');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('every link inactive without its header fails', () => {
    const checks = readChecks('nvlink', links(4, [0, 1, 2, 3]).join('\n'));
    expect(checkLines(checks)).toContain('fail nvlink.links GPU (header not shown)');
  });

  it("the driver's all-inactive note without its header: one GPU with no link up, which fails", () => {
    const checks = readChecks(
      'nvlink',
      'NVML: Unable to retrieve NVLink information as all links are inactive\n',
    );
    expect(checkLines(checks)).toEqual([
      'fail nvlink.links GPU (header not shown)',
      'skipped nvlink.gpus GPU (header not shown)',
    ]);
    expect(checks[0]?.detail).toContain('all links inactive');
  });

  it('`-c` capability lines without their header: link state not shown, never "no NVLink"', () => {
    const caps = ['         Link 0, P2P is supported: true', '         Link 0, SLI is supported: false'];
    const checks = readChecks('nvlink', caps.join('\n'));
    expect(checkLines(checks)).toEqual([
      'skipped nvlink.links GPU (header not shown)',
      'skipped nvlink.gpus GPU (header not shown)',
    ]);
    expect(checks[0]?.detail).toContain('2 capability lines');
  });

  it('`-e` counters without their header: zero counters leave link state not shown, a raised one warns', () => {
    const counters = (replay: number) =>
      [`         Link 1: Replay Errors: ${replay}`, '         Link 1: CRC Errors: 0'].join('\n');
    expect(checkLines(readChecks('nvlink', counters(0)))).toContain(
      'skipped nvlink.links GPU (header not shown)',
    );
    expect(checkLines(readChecks('nvlink', counters(7)))).toContain(
      'warn nvlink.links GPU (header not shown)',
    );
  });

  it('a headless block followed by a whole GPU block: the whole one is judged by its product as before', () => {
    const checks = readChecks(
      'nvlink',
      [...links(2), header.replace('GPU 0', 'GPU 1'), ...links(12)].join('\n'),
    );
    expect(checkLines(checks)).toEqual([
      'ok nvlink.links GPU (header not shown)',
      'ok nvlink.links GPU1',
      'skipped nvlink.gpus GPU (header not shown)',
    ]);
  });

  it('the whole form is unchanged: the same links under their header are judged by product, no cut reported', () => {
    const checks = readChecks('nvlink', [header, ...links(12)].join('\n'));
    expect(checkLines(checks)).toEqual(['ok nvlink.links GPU0']);
    expect(checks[0]?.detail).toContain('A100 SXM4, 12 links): 12 of 12 links up');
    expect(checkLines(readChecks('nvlink', [header, ...links(12, [3])].join('\n')))).toEqual([
      'fail nvlink.links GPU0',
    ]);
  });

  it('a paste with no link line and no header is still refused', () => {
    expect(() => readChecks('nvlink', 'Link 0: something else\n')).toThrow(/no "GPU <n>: <name>" line/);
  });
});

describe('nixlbench: a configuration block without its banner', () => {
  // utils.cpp xferBenchConfig::printOption: the description padded to 60, ": ", the value.
  const pad = (d: string, v: string) => `${d.padEnd(60)}: ${v}`;
  const options = [
    pad('Runtime (--runtime_type=[etcd])', 'ETCD'),
    pad('ETCD Endpoint ', 'http://localhost:2379'),
    pad('Backend (--backend=[UCX,UCX_MO,GDS,POSIX])', 'UCX'),
    pad('Initiator seg type (--initiator_seg_type=[DRAM,VRAM])', 'VRAM'),
    pad('Target seg type (--target_seg_type=[DRAM,VRAM])', 'DRAM'),
    pad('Op type (--op_type=[READ,WRITE])', 'WRITE'),
  ];
  const banner = ['*'.repeat(70), 'NIXLBench Configuration', '*'.repeat(70)];

  it('option lines are read as the configuration block: backend and memory types, no results (not shown)', () => {
    const r = parseNixlbench(options.join('\n'));
    expect(r.backend).toBe('UCX');
    expect(r.initiatorSegType).toBe('VRAM');
    expect(r.runs[0]?.configCut).toBe(true);
    expect(r.runs[0]?.config.etcd_endpoint).toBe('http://localhost:2379');
    expect(checkLines(readChecks('nixlbench', options.join('\n')))).toEqual(['skipped nixlbench.run']);
  });

  it('the whole form is unchanged: the same block under its banner reads the same, not marked cut', () => {
    const r = parseNixlbench([...banner, ...options].join('\n'));
    expect(r.backend).toBe('UCX');
    expect(r.runs[0]?.configCut).toBeUndefined();
    expect(checkLines(readChecks('nixlbench', [...banner, ...options].join('\n')))).toEqual([
      'skipped nixlbench.run',
    ]);
  });
});

describe('nixlbench: result rows without their header line', () => {
  const row = (...f: (string | number)[]) => f.map((x) => String(x).padEnd(15)).join('');
  const sep = '-'.repeat(160);
  // Current layout (utils.cpp printStats, nixl ≥ 0.5.1): block, batch, B/W, avg lat, prep/post/tx avg and p99.
  const current = [
    row(1048576, 1, 21.5, 48.8, 4.0, 5.0, 3.0, 4.0, 41.0, 50.0),
    row(2097152, 1, 22.4, 93.6, 4.0, 5.0, 3.0, 4.0, 86.0, 95.0),
    row(4194304, 1, 22.9, 183.2, 4.0, 5.0, 3.0, 4.0, 176.0, 185.0),
  ];
  const header =
    'Block Size (B)      Batch Size     B/W (GB/Sec)   Avg Lat. (us)  Avg Prep (us)  P99 Prep (us)  Avg Post (us)  P99 Post (us)  Avg Tx (us)    P99 Tx (us)';

  it('10-field rows are the current layout: read, B/W from the third column, the cut reported not shown', () => {
    const r = parseNixlbench([sep, ...current].join('\n'));
    expect(r.rows.map((x) => x.gbps)).toEqual([21.5, 22.4, 22.9]);
    expect(r.rows[0]?.avgLatUs).toBe(48.8);
    expect(r.runs[0]?.headerNotShown).toBe(10);
    const checks = readChecks('nixlbench', [sep, ...current].join('\n'));
    expect(checkLines(checks)).toContain('ok nixlbench.run');
    expect(checkLines(checks)).toContain('skipped nixlbench.table');
    expect(checks.find((c) => c.id === 'nixlbench.table')?.detail).toContain('header line not pasted');
  });

  it('6-field legacy rows whose MiB/GiB/GB columns agree are read, GB/s from the sixth', () => {
    const legacy = [
      row(65536, 1, 16.2, 3858.02, 3.7676, 4.04545),
      row(131072, 1, 28.1, 4448.4, 4.34414, 4.66455),
    ];
    const r = parseNixlbench(legacy.join('\n'));
    expect(r.rows.map((x) => x.gbps)).toEqual([4.04545, 4.66455]);
    expect(r.runs[0]?.format).toBe('legacy');
  });

  it('6 fields that are not one figure in three units, or a count no layout has, are refused: the header is not in the paste', () => {
    const odd = [row(4096, 1, 5, 6, 7, 8), row(8192, 1, 5, 6, 7, 8)].join('\n');
    expect(() => parseNixlbench(odd)).toThrow(/without the table's header line/);
    const seven = [row(4096, 1, 2, 3, 4, 5, 6), row(8192, 1, 2, 3, 4, 5, 6)].join('\n');
    expect(() => parseNixlbench(seven)).toThrow(/without the table's header line/);
  });

  it("a lone row on the paste's last line (it may be cut mid-row) is refused, not guessed", () => {
    expect(() => parseNixlbench(current[0] as string)).toThrow(/shape does not fix the columns/);
  });

  it('the whole form is unchanged: under its header the rows read the same and no cut is reported', () => {
    const whole = [header, sep, ...current].join('\n');
    const r = parseNixlbench(whole);
    expect(r.rows.map((x) => x.gbps)).toEqual([21.5, 22.4, 22.9]);
    expect(r.runs[0]?.headerNotShown).toBeUndefined();
    expect(checkLines(readChecks('nixlbench', whole))).not.toContain('skipped nixlbench.table');
  });
});
