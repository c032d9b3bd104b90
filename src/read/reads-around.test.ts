import { describe, expect, it } from 'vitest';
import { checkLines, readChecks as read, verdictOf } from '../../test/helpers/read.js';
import { cleanLines } from '../parsers/lines.js';

/**
 * Issue 38, principles 1, 2 and 4 on the shapes corpus batch b20 found: what a CI or launcher puts before every
 * line, what a tool prints around its output, a paste that stops inside its last line, and a run that dies before
 * any summary. Each paste is written in the tool's own format, in the shape a poster leaves it.
 */

const TAG_BOX = [
  '+--------------+-----------------------------+---------------------+-----------------------+',
  '|              |       latency (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |',
  '+--------------+---------+---------+---------+----------+----------+-----------+-----------+',
  '| # iterations | typical | average | overall |  average |  overall |   average |   overall |',
  '+--------------+---------+---------+---------+----------+----------+-----------+-----------+',
  '       1000000     1.345     1.361     1.361       5.61       5.61      734820      734740',
];

describe('principle 1: prefixes a CI or a launcher puts before every line', () => {
  it("mpirun --timestamp-output --tag-output (ctime glued to `[1,1]<stdout>:`) is the launcher's", () => {
    const text = TAG_BOX.map((l) => `Sun Aug  5 18:49:42 2018[1,1]<stdout>:${l}`).join('\n');
    expect(cleanLines(text).map((l) => l.text)).toEqual(TAG_BOX);
    expect(checkLines(read('ucx_perftest', text))).toContain('ok perftest.run');
  });

  it("Jenkins Timestamper's `HH:MM:SS ` before every line is the CI's; a lone clock time at a line start is not", () => {
    expect(cleanLines(TAG_BOX.map((l) => `12:25:56 ${l}`).join('\n')).map((l) => l.text)).toEqual(TAG_BOX);
    expect(cleanLines('12:25:56 up 3 days\nMemory domain: x').map((l) => l.text)).toEqual([
      '12:25:56 up 3 days',
      'Memory domain: x',
    ]);
  });

  it('`ls -l /dev/infiniband/{rdma_cm,uverbs*}` (nodes named by full path) lists /dev/infiniband', () => {
    const text = [
      '$ ls -l /dev/infiniband/{rdma_cm,uverbs*}',
      'crw-rw-rw- 1 root root  10,  58 May 18 20:43 /dev/infiniband/rdma_cm',
      'crw-rw-rw- 1 root root 231, 192 May 18 20:43 /dev/infiniband/uverbs0',
    ].join('\n');
    expect(checkLines(read('dev-infiniband', text))).toEqual(['ok rdma.devices', 'ok rdma.cm']);
  });

  it('UCX log lines inside `ucx_info -d` (UCX_LOG_LEVEL raised) are read around and named, not a refusal', () => {
    const text = [
      '#      Transport: posix',
      '#         Device: memory',
      '[1643916642.829082] [vulcan02:17018:0]           mpool.c:154  UCX  DEBUG mpool mm_recv_desc destroyed',
      '#',
      '# Memory domain: sysv',
      '#     Component: sysv',
      '#      Transport: sysv',
      '#         Device: memory',
    ].join('\n');
    const checks = read('ucx_info', text);
    expect(checks.find((c) => c.id === 'read.lines')?.detail).toMatch(/line 3 .*a UCX log line/);
    expect(checks.some((c) => c.id === 'ucx.rdma')).toBe(true);
  });

  it('one `ucx_info -v` line retyped without its `#` is named; the version is still read', () => {
    const text = '# Library version: 1.20.0\n#Library path:/usr/lib/libucs.so.0\n    .,, revis ion_\n';
    const checks = read('ucx_info', text);
    expect(checks.find((c) => c.id === 'ucx.version')?.detail).toBe('UCX 1.20.0');
    expect(checks.find((c) => c.id === 'read.lines')?.detail).toMatch(/line 3 "\.,, revis ion_"/);
  });

  it("copylat rows without copylat's banner, or retyped as a `|` table, are copylat rows", () => {
    const plain = [
      'Test                     Size(B)         Avg.Time(us)',
      'gdr_copy_to_mapping             1             0.0909',
      'gdr_copy_to_mapping          1024             0.1696',
    ].join('\n');
    const piped = [
      'Test             |        Size(B)   |      Avg.Time(us)',
      '-------------|--------------|-----------------------',
      'gdr_copy_to_mapping     |        1   |          0.1250',
      'gdr_copy_to_mapping   |       1024          |   0.1927',
    ].join('\n');
    // GDRCopy 2.5 prints a median and a minimum per size.
    const median = [
      'Test \t\t\t Size(B) \t Median Time(us) \t Min. Time(us)',
      'gdr_copy_to_mapping \t        1 \t      0.0889 \t      0.0801',
    ].join('\n');
    for (const text of [plain, piped, median])
      expect(checkLines(read('gdrcopy', text))).toEqual(['skipped gdr.gdrcopy']);
  });
});

describe('principle 2: a paste that stops inside its last line shows nothing of what followed', () => {
  it('a TUI pane whose last line lost its closing border is cut there: uverbs after umad are not shown', () => {
    const pane = [
      '/dev/infiniband:                                   │',
      '│ total 0                                          │',
      '│ crw-rw-rw- 1 root root  10, 121 Apr  6 09:26 rdma_cm │',
      '│ crw------- 1 root root 231,   0 Apr  6 09:26 umad0   │',
      '│ crw------- 1 root root 231,   1 Apr  6 09:26 umad1',
    ].join('\n');
    const checks = read('dev-infiniband', pane);
    expect(checks.find((c) => c.id === 'rdma.devices')?.status).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
    // The same rows in a pane that closes every line: nothing is cut, and no uverbs is a fault.
    const whole = `${pane}   │\n`;
    expect(read('dev-infiniband', whole).find((c) => c.id === 'rdma.devices')?.status).toBe('fail');
  });

  it('`nvidia-smi nvlink -s` ending inside a GPU header: the GPUs after it are not shown', () => {
    const gpu = (i: number) => [
      `GPU ${i}: NVIDIA H100 80GB HBM3 (UUID: GPU-4039dfe4-0c97-4b1e-683e-eb7d4269905${i})`,
      ...Array.from({ length: 18 }, (_, k) => `         Link ${k}: 26.562 GB/s`),
    ];
    const checks = read('nvlink', [...gpu(0), ...gpu(1), 'GP'].join('\n'));
    expect(checkLines(checks)).toEqual([
      'ok nvlink.links GPU0',
      'ok nvlink.links GPU1',
      'skipped nvlink.gpus',
      'skipped read.lines',
    ]);
    expect(verdictOf(checks)).toBe('unverified');
    expect(verdictOf(read('nvlink', [...gpu(0), ...gpu(1)].join('\n')))).toBe('trusted');
  });

  it('a copylat sweep that stops before "closing gdrdrv" with no error is not shown, never "did not finish"', () => {
    const text = [
      'gdr_copy_to_mapping num iters for each size: 10000',
      'Test             Size(B)     Avg.Time(us)',
      'gdr_copy_to_mapping             1         0.0889',
      'gdr_copy_to_mapping             2         0.0884',
    ].join('\n');
    const c = read('gdrcopy', text).find((x) => x.id === 'gdr.gdrcopy');
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(/not shown/);
  });
});

describe('principle 4: a ucx_perftest that dies before its summary failed', () => {
  it('a client that crashes (`Caught signal 11`, a backtrace, no table) fails naming the signal', () => {
    const text = [
      '[vegas15:6592 :0] Caught signal 11 (Segmentation fault)',
      '==== backtrace ====',
      ' 2 0x0000000000037862 ucs_handle_error()  /ucx/src/ucs/debug/debug.c:629',
      '===================',
      'Segmentation fault',
    ].join('\n');
    const c = read('ucx_perftest', text).find((x) => x.id === 'perftest.run');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/Caught signal 11/);
  });

  it('`Fatal:` from UCX after rows: the run aborted, however good the rows were', () => {
    const text = [
      ...TAG_BOX,
      '[clx-hercules-015:17046:0:17046]    ud_iface.c:780  Fatal: transport error: Endpoint timeout',
    ].join('\n');
    const c = read('ucx_perftest', text).find((x) => x.id === 'perftest.run');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/^ucx_perftest aborted after 1 row\(s\): .*Endpoint timeout/);
  });

  it('CI-prefixed ERROR lines and no result row fail the run (nothing was measured)', () => {
    const text = [
      '12:25:56 [1521714356.100681] [clx-ppc-04:98004:0]        libperf.c:623  UCX  ERROR Destination is unreachable',
      '12:25:56 [1521714356.101745] [clx-ppc-04:98004:0]        libperf.c:1232 UCX  ERROR Failed to setup endpoints: Destination is unreachable',
    ].join('\n');
    expect(checkLines(read('ucx_perftest', text))).toContain('fail perftest.run');
  });
});

describe('principle 3: the message size a ucx_perftest table implies when nothing prints it', () => {
  it('bandwidth ÷ message rate of 8 bytes is a message-rate test, never "below the floor"', () => {
    const c = read('ucx_perftest', TAG_BOX.join('\n')).find((x) => x.id === 'perftest.bandwidth');
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(/^about 8-byte messages \(bandwidth ÷ message rate: no size given\)/);
  });

  it('a rate too low to be precise implies nothing: the figure is held to the floor as before', () => {
    const slow = [
      ...TAG_BOX.slice(0, 5),
      '          1000     0.000 11780.587 11780.587     339.54     339.54          85          85',
    ];
    expect(read('ucx_perftest', slow.join('\n')).find((x) => x.id === 'perftest.bandwidth')?.status).toBe(
      'fail',
    );
  });
});

describe('principle 5: a kernel crash report inside a watched driver is that driver failing (b23)', () => {
  it('a WARN whose call trace runs through gdrdrv fails gdrdrv', () => {
    const text = [
      '[ 812.100001] gdrdrv:gdrdrv_mmap:mmap start=0x7f00aa000000 size=65536',
      '[ 812.100020] ------------[ cut here ]------------',
      '[ 812.100021] WARNING: CPU: 3 PID: 4242 at mm/memory.c:2411 remap_pfn_range+0x3c/0x70',
      '[ 812.100099] Call Trace:',
      '[ 812.100100]  gdrdrv_mmap_phys_mem_wcomb+0x71/0x130 [gdrdrv]',
      '[ 812.100101]  gdrdrv_mmap+0x156/0x2e0 [gdrdrv]',
    ].join('\n');
    const checks = read('dmesg', text);
    expect(checkLines(checks)).toContain('fail gdr.gdrdrv');
  });

  it('a report cut right after a NIC driver probe line fails that NIC', () => {
    const text = [
      '[ 98.526276] efa 0000:10:00.0: enabling device (0000 -> 0002)',
      '[ 98.638853] efa 0000:10:00.0: Setup irq:77 name:efa-mgmnt@pci:0000:10:00.0',
      '[ 98.667638] ------------[ cut here ]------------',
    ].join('\n');
    expect(verdictOf(read('dmesg', text))).toBe('untrusted');
  });

  it("another driver's crash report is not read as a NIC or peer-memory fault", () => {
    const text = [
      '[ 15.000001] usb 1-1: new high-speed USB device number 2 using xhci_hcd',
      '[ 15.200000] ------------[ cut here ]------------',
      '[ 15.200001] WARNING: CPU: 0 PID: 1 at drivers/usb/core/urb.c:500 usb_submit_urb+0x3c/0x70',
      '[ 15.200010]  usb_start_wait_urb+0x5a/0x130 [usbcore]',
    ].join('\n');
    expect(verdictOf(read('dmesg', text))).not.toBe('untrusted');
  });
});

describe('principle 5: a crash whose trace runs through other modules only is theirs (b23)', () => {
  it('an mlx5 line before a WARN in usbcore is no NIC fault', () => {
    const text = [
      '[ 20.100000] mlx5_core 0000:3b:00.0: Port module event: module 0, Cable plugged',
      '[ 20.200000] ------------[ cut here ]------------',
      '[ 20.200001] WARNING: CPU: 0 PID: 1 at drivers/usb/core/urb.c:500 usb_submit_urb+0x3c/0x70',
      '[ 20.200010]  usb_start_wait_urb+0x5a/0x130 [usbcore]',
    ].join('\n');
    expect(checkLines(read('dmesg', text)).join('\n')).not.toMatch(/fail nic\.driver/);
  });
});

describe('principle 5: a kernel report printed while a watched driver is loading is that driver failing (b25)', () => {
  const report = (flags: string) =>
    [
      '[53902.542747] compat.git: mlnx_ofed/mlnx-ofa_kernel-4.0.git',
      '[53902.557426] ------------[ cut here ]------------',
      '[53902.558411] WARNING: CPU: 0 PID: 14451 at net/core/devlink.c:8047 devlink_alloc+0x37/0x1cc',
      `[53902.558411] Modules linked in: mlx5_core(${flags}) mlxfw(OE) psample mlx_compat(OE) tls knem(OE) fuse ext4`,
    ].join('\n');
  it('`Modules linked in: mlx5_core(OE+)`: the warning came during mlx5_core init, so the NIC driver fails', () => {
    expect(verdictOf(read('dmesg', report('OE+')))).toBe('untrusted');
  });
  it('the same report with mlx5_core merely loaded (no `+`) is not pinned on it', () => {
    expect(verdictOf(read('dmesg', report('OE')))).not.toBe('untrusted');
  });
});
