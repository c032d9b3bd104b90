import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';

/**
 * Issue 38, principles 1 and 2, from corpus batch b24: the same output in another program's or another
 * version's layout is the same output (busybox's `ulimit -a`, iproute2's `rdma link` before 5.5), a poster's
 * `# comment` after a value is not part of it, and a `ulimit -a` table that stops before its -l row does not
 * show the limit. Each paste is written here in the tool's own format and paired with the form the reader
 * already read, so a rule cannot pass by never judging (sources: references/read-shapes.md).
 */
const read = readChecks;
const lines = checkLines;
const limit = (text: string) => read('memlock', text).find((c) => c.id === 'memlock.limit');

/** `ulimit -a` in busybox ash/hush since 1.31: `printf("%-32s(-%c) ", help, flag)`, the unit in the name. */
const BUSYBOX = (memlock: string) =>
  [
    '/sia # ulimit -aH',
    'core file size (blocks)         (-c) unlimited',
    'data seg size (kb)              (-d) unlimited',
    'scheduling priority             (-e) 0',
    'pending signals                 (-i) 127987',
    `max locked memory (kb)          (-l) ${memlock}`,
    'max memory size (kb)            (-m) unlimited',
    'open files                      (-n) 1048576',
    'POSIX message queues (bytes)    (-q) 819200',
  ].join('\n');

describe("1. busybox's `ulimit -a`: the unit before the flag", () => {
  it('`max locked memory (kb)   (-l) 64` is the limit: 64 KiB fails, unlimited passes', () => {
    expect(limit(BUSYBOX('64'))).toMatchObject({ status: 'fail', data: { kib: 64 } });
    expect(limit(BUSYBOX('unlimited'))?.status).toBe('ok');
    expect(verdictOf(read('memlock', BUSYBOX('unlimited')))).toBe('trusted');
  });

  it("with no prompt, after another tool's output, its first row begins the table as bash's does", () => {
    const lsmod = 'Module                  Size  Used by\nnvidia_peermem         16384  0\n';
    const table = BUSYBOX('64').split('\n').slice(1).join('\n');
    const checks = read('memlock', `${lsmod}${table}\n`);
    expect(checks.find((c) => c.id === 'memlock.limit')).toMatchObject({ status: 'fail', data: { kib: 64 } });
    expect(checks[0]?.detail).toMatch(
      /^read memlock output \(lines 3–11\) as memlock; ignored lsmod output \(lines 1–2\)$/,
    );
  });

  it('busybox before 1.31 put the flag first (`-l: locked memory (kb)  64`): the same limit', () => {
    const old =
      '$ ulimit -a\n-c: core file size (blocks)         0\n-l: locked memory (kb)              64\n';
    expect(limit(old)).toMatchObject({ status: 'fail', data: { kib: 64 } });
  });
});

describe("1. a poster's `# comment` after a value", () => {
  it('`8192  # Only 8 MB` under `ulimit -l` is 8192 KiB: a warning, as the bare value is', () => {
    const noted = 'ulimit -l\n8192  # Only 8 MB - RDMA needs GB of locked memory!\n';
    expect(limit(noted)).toMatchObject({ status: 'warn', data: { kib: 8192 } });
    expect(limit('ulimit -l\n8192\n')).toMatchObject({ status: 'warn', data: { kib: 8192 } });
    expect(limit('$ ulimit -l\nunlimited   # as it should be\n')?.status).toBe('ok');
  });

  it('a commented row of `ulimit -a` is read the same way', () => {
    const row = '$ ulimit -a\nmax locked memory       (kbytes, -l) 64    # the old kernel default\n';
    expect(limit(row)).toMatchObject({ status: 'fail', data: { kib: 64 } });
  });
});

describe('2. a `ulimit -a` table that stops before its max-locked-memory row', () => {
  const HEAD =
    'core file size          (blocks, -c) unlimited\ndata seg size           (kbytes, -d) unlimited\n';

  it('cut before the -l row (here mid-word, as a post was): the limit is not shown, never bad input', () => {
    const cut = `${HEAD}file`;
    expect(lines(read('memlock', cut))).toEqual(['skipped memlock.limit']);
    expect(limit(cut)?.detail).toMatch(/not shown: .* shows 2 other limit\(s\) but has no max-locked-memory/);
    expect(verdictOf(read('memlock', cut))).toBe('unverified');
    // The same table whole is judged on its row.
    const whole = `${HEAD}max locked memory       (kbytes, -l) 64\nopen files                      (-n) 1024\n`;
    expect(limit(whole)?.status).toBe('fail');
  });

  it('a filter that kept other rows (`ulimit -a | grep core`) does not show it either', () => {
    const filtered = '$ ulimit -a | grep core\ncore file size          (blocks, -c) 0\n';
    expect(lines(read('memlock', filtered))).toEqual(['skipped memlock.limit']);
  });

  it('text with no ulimit row at all is still refused', () => {
    expect(() => read('memlock', 'hello from the pod\n')).toThrow(ParseError);
  });
});

describe('1. `rdma link` in the layout of iproute2 before 5.5', () => {
  // rdma/link.c printed `%u/%u: %s/%u: ` (device index/port: name/port:) from v4.13 until b0a688a5 (v5.5).
  const ROWS = [
    ['0/1: mlx5_0/1:', 'state DOWN physical_state DISABLED'],
    [
      '1/1: mlx5_1/1:',
      'subnet_prefix fe80:0000:0000:0000 lid 12 sm_lid 4 lmc 0 state ACTIVE physical_state LINK_UP',
    ],
    ['2/1: mlx5_2/1:', 'state ACTIVE physical_state LINK_UP'],
    [
      '3/1: mlx5_3/1:',
      'subnet_prefix fe80:0000:0000:0000 lid 65535 sm_lid 0 lmc 0 state DOWN physical_state POLLING',
    ],
  ];
  const old = ['$ rdma link', ...ROWS.map(([p, f]) => `${p} ${f} `)].join('\n');
  const now = [
    '$ rdma link',
    ...ROWS.map(([p, f]) => `link ${(p as string).split(' ')[1]?.slice(0, -1)} ${f}`),
  ].join('\n');

  it('each row is the port the new layout names: the same checks, port by port', () => {
    expect(lines(read('rdma-link', old))).toEqual(lines(read('rdma-link', now)));
    expect(lines(read('rdma-link', old))).toEqual([
      'warn ib.port mlx5_0/1',
      'ok ib.port mlx5_1/1',
      'ok ib.port mlx5_2/1',
      'fail ib.port mlx5_3/1',
      'ok ib.ports',
    ]);
  });

  it('a disabled Ethernet port beside healthy ones is a warning, as in the new layout', () => {
    const disabled = ['$ rdma link', ...ROWS.slice(0, 3).map(([p, f]) => `${p} ${f}`)].join('\n');
    expect(verdictOf(read('rdma-link', disabled))).toBe('unverified');
  });
});
