import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2: an author's `...` or `[snip]` is not data. Each reader reads around it (never exit 2),
 * records it (`read.elided`, line and text), and an absence the elided lines could hide is not shown; the same
 * paste whole reads as it did. Small pastes in each tool's own format (references/read-evidence.md).
 */
const read = readChecks;
const lines = checkLines;
const status = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id)?.status;

const LS_HEAD = '$ ls -l /dev/infiniband\ntotal 0\ncrw------- 1 root root 231,  64 Jan  1 10:00 issm0\n';
const LS_UMAD = 'crw------- 1 root root 231,   0 Jan  1 10:00 umad0\n';
const LS_UVERBS = 'crw-rw-rw- 1 root root 231, 192 Jan  1 10:00 uverbs0\n';

describe('ls -l /dev/infiniband', () => {
  it.each(['...', '[snip]'])('reads around `%s` and keeps the entries on both sides', (mark) => {
    const checks = read('dev-infiniband', `${LS_HEAD}${mark}\n${LS_UVERBS}`);
    expect(status(checks, 'rdma.devices')).toBe('ok');
    expect(checks.find((c) => c.id === 'read.elided')?.detail).toContain(`line 4: the author's \`${mark}\``);
  });
  it('no uverbs entry beside an elision: not shown, never "no uverbs device"', () => {
    const checks = read('dev-infiniband', `${LS_HEAD}...\n${LS_UMAD}`);
    expect(status(checks, 'rdma.devices')).toBe('skipped');
    expect(verdictOf(checks)).not.toBe('problem');
  });
  it('the same listing without the elision still fails', () => {
    expect(status(read('dev-infiniband', `${LS_HEAD}${LS_UMAD}`), 'rdma.devices')).toBe('fail');
  });
});

const LSMOD_HEAD = 'Module                  Size  Used by\n';
describe('lsmod', () => {
  it('reads around `...`: a peer-memory module shown loaded is loaded', () => {
    const checks = read(
      'lsmod',
      `${LSMOD_HEAD}nvidia_peermem         16384  0\n...\nib_core               434176  8 rdma_cm,ib_uverbs,mlx5_ib\n`,
    );
    expect(status(checks, 'gdr.peermem')).toBe('ok');
  });
  it('a whole listing with an elision does not show a peer-memory module missing, nor the RDMA stack', () => {
    const checks = read(
      'lsmod',
      `${LSMOD_HEAD}mlx5_ib               409600  0\n...\nmlx5_core            2113536  1 mlx5_ib\n`,
    );
    expect(lines(checks)).toEqual(['skipped gdr.peermem', 'skipped read.elided']);
  });
  it('the same listing without the elision still warns and fails', () => {
    const checks = read(
      'lsmod',
      `${LSMOD_HEAD}mlx5_ib               409600  0\nmlx5_core            2113536  1 mlx5_ib\n`,
    );
    expect(status(checks, 'gdr.peermem')).toBe('warn');
    expect(status(checks, 'rdma.hardware')).toBe('fail');
  });
  it('an elision under `lsmod | grep mlx` may hide mlx5_ib: its absence is not shown', () => {
    const grep = '$ lsmod | grep mlx\nmlx5_core            2113536  0\n';
    expect(status(read('lsmod', `${grep}[snip]\n`), 'rdma.hardware')).toBe('skipped');
    expect(status(read('lsmod', grep), 'rdma.hardware')).toBe('fail');
  });
});

const TOPO_HEAD = 'GPU0\tGPU1\tmlx5_0\tCPU Affinity\tNUMA Affinity\n';
const TOPO_GPU0 = 'GPU0\t X \tNV12\tSYS\t0-47\t0\n';
const TOPO_GPU1 = 'GPU1\tNV12\t X \tSYS\t0-47\t0\n';
const TOPO_NIC = 'mlx5_0\tSYS\tSYS\t X \n';
describe('nvidia-smi topo -m', () => {
  it('a matrix read on both sides of an elision keeps its header', () => {
    const checks = read('topo', `${TOPO_HEAD}${TOPO_GPU0}...\n${TOPO_NIC}`);
    expect(lines(checks)).toEqual([
      'skipped topo.cut',
      'ok nvlink.topology',
      'warn gdr.nic-affinity',
      'skipped read.elided',
    ]);
  });
  it('a header whose rows are all elided: rows not shown, not "a header but no matrix rows"', () => {
    const checks = read('topo', `${TOPO_HEAD}...\n`);
    expect(status(checks, 'topo.cut')).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
  });
  it('the whole matrix reads as before', () => {
    const checks = read('topo', `${TOPO_HEAD}${TOPO_GPU0}${TOPO_GPU1}${TOPO_NIC}`);
    expect(lines(checks)).toEqual(['ok nvlink.topology', 'warn gdr.nic-affinity']);
  });
});

describe('ulimit (memlock)', () => {
  it('`ulimit -l` answered by an elision: the limit is not shown, never refused', () => {
    const checks = read('memlock', '$ ulimit -l\n...\n');
    expect(status(checks, 'memlock.limit')).toBe('skipped');
    expect(checks.find((c) => c.id === 'memlock.limit')?.detail).toContain('line 2');
  });
  it('a `ulimit -a` table with its -l row elided: not shown', () => {
    const table =
      '$ ulimit -a\ncore file size          (blocks, -c) 0\n...\nopen files                      (-n) 1024\n';
    expect(status(read('memlock', table), 'memlock.limit')).toBe('skipped');
  });
  it('the value shown is judged as before', () => {
    expect(status(read('memlock', '$ ulimit -l\n64\n'), 'memlock.limit')).toBe('fail');
  });
});

const IBSTATUS_PORT =
  "Infiniband device 'mlx5_0' port 1 status:\n\tdefault gid:\t fe80:0000:0000:0000:0015:5dff:fd33:ff0b\n\tbase lid:\t 0x96\n\tsm lid:\t 0x11c\n\tstate:\t 4: ACTIVE\n\tphys state:\t 5: LinkUp\n\trate:\t 200 Gb/sec (4X HDR)\n\tlink_layer:\t InfiniBand\n";
describe('ibstatus', () => {
  it("an elision between blocks ends the block: the fields after it are not mlx5_0's", () => {
    const checks = read(
      'ibstatus',
      `${IBSTATUS_PORT}...\n\tstate:\t 1: DOWN\n\tphys state:\t 3: Disabled\n\tlink_layer:\t Ethernet\n`,
    );
    expect(checks.find((c) => c.id === 'ib.port' && c.subject === 'mlx5_0/1')?.status).toBe('ok');
    expect(checks.some((c) => c.subject?.startsWith('(device not shown)'))).toBe(true);
  });
  it("an elision at the fields' indentation stands for fields of the same port", () => {
    const port = IBSTATUS_PORT.replace('\tsm lid:\t 0x11c\n', '\t...\n');
    const checks = read('ibstatus', port);
    expect(checks.find((c) => c.id === 'ib.port')?.subject).toBe('mlx5_0/1');
    expect(status(checks, 'read.elided')).toBe('skipped');
  });
  it('the whole block reads as before', () => {
    expect(lines(read('ibstatus', IBSTATUS_PORT))).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });
});

const NCCL_RANKS = `# nThread 1 nGpus 1 minBytes 1073741824 maxBytes 2147483648 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid   1001 on      node1 device  0 [0x07] NVIDIA A100-SXM4-40GB
#  Rank  1 Group  0 Pid   1002 on      node1 device  1 [0x0f] NVIDIA A100-SXM4-40GB
`;
const NCCL_TABLE = `#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
  1073741824     268435456     float     sum      -1    11000   97.61  183.02      0    11000   97.61  183.02      0
  2147483648     536870912     float     sum      -1    22000   97.61  183.02      0    22000   97.61  183.02      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 183.02
#
`;
describe('nccl-tests', () => {
  it('an elision after the rank lines: the hosts shown are not all the run\'s, so "one node" is not said', () => {
    const checks = read('nccl-tests', `${NCCL_RANKS}...\n${NCCL_TABLE}`);
    expect(status(checks, 'nccl.run')).toBe('ok');
    const bw = checks.find((c) => c.id === 'nccl.busbw');
    expect(bw?.detail).toContain('nodes not shown');
    expect(bw?.detail).not.toContain('one node');
  });
  it('the same paste without the elision reads one node, as before', () => {
    const checks = read('nccl-tests', `${NCCL_RANKS}${NCCL_TABLE}`);
    expect(checks.find((c) => c.id === 'nccl.busbw')?.detail).toContain('on one node');
  });
});

describe('ibdev2netdev (rdma-link)', () => {
  const list = '$ ibdev2netdev\nmlx5_0 port 1 ==> eth2 (Down)\n';
  it('the one device shown down beside an elision: whether the host has an RDMA link is not shown', () => {
    const checks = read('rdma-link', `${list}...\n`);
    expect(status(checks, 'ib.ports')).toBe('skipped');
    expect(status(checks, 'ib.elided')).toBe('skipped');
  });
  it('the same list without the elision still fails', () => {
    expect(status(read('rdma-link', list), 'ib.ports')).toBe('fail');
  });
});

describe('dmesg', () => {
  const log =
    '[   10.000000] mlx5_core 0000:9d:00.0 enp157s0f0np0: Link up\n[   20.000000] mlx5_core 0000:9d:00.0 enp157s0f0np0: Link down\n';
  it('a link last shown down before an elision: whether it came back is not shown (a warning, not a failure)', () => {
    expect(status(read('dmesg', `${log}...\n`), 'nic.link')).toBe('warn');
  });
  it('the same log without the elision still fails', () => {
    expect(status(read('dmesg', log), 'nic.link')).toBe('fail');
  });
});
