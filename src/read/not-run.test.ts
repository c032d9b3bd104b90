import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';

/**
 * Issue 38, principle 2 (b25): a tool that never ran printed nothing of its own. The shell's
 * "not found" (Ubuntu's command-not-found handler too) or the dynamic linker's refusal to start it
 * is the answer: nothing is shown, so nothing is judged (a skip, never a pass or exit 2). Each is
 * paired with the tool's own output, which is still judged, and with a loader error naming another
 * program, which is no answer for this tool. Sources: references/read-shapes.md.
 */
const IBV_DEVINFO = `dell@dell:~$ ibv_devinfo
hca_id:\tmlx5_0
\ttransport:\t\t\tInfiniBand (0)
\tphys_port_cnt:\t\t\t1
\t\tport:\t1
\t\t\tstate:\t\t\tPORT_ACTIVE (4)
\t\t\tactive_width:\t\t4X (2)
\t\t\tactive_speed:\t\t25.0 Gbps (32)
\t\t\tphys_state:\t\tLINK_UP (5)
\t\t\tlink_layer:\t\tInfiniBand
`;

describe('2. a tool that never ran shows nothing: not judged, never exit 2', () => {
  it("Ubuntu's `Command 'ibv_devinfo' not found` under its prompt: the tool is not there", () => {
    const paste = `dell@dell:~$ ibv_devinfo
Command 'ibv_devinfo' not found, but can be installed with:
sudo apt install ibverbs-utils
dell@dell:~$ mlxfwmanager
mlxfwmanager: command not found
`;
    const checks = readChecks('ibv_devinfo', paste);
    expect(checkLines(checks)).toEqual(['skipped rdma.ibv_devinfo']);
    expect(checks.at(-1)?.detail).toContain(
      "is not there in dell (line 2: \"Command 'ibv_devinfo' not found",
    );
    expect(verdictOf(checks)).toBe('unverified');
    // The same prompt with the tool's output is judged.
    expect(verdictOf(readChecks('ibv_devinfo', IBV_DEVINFO))).toBe('trusted');
  });

  it('a loader error after the command, with no prompt: the test could not start', () => {
    const paste = `singularity exec --nv new.sif ~/gdrcopy/tests/copybw
/home/u/gdrcopy/tests/copybw: symbol lookup error: /home/u/gdrcopy/tests/copybw: undefined symbol: cuDevicePrimaryCtxRelease_v2
`;
    const checks = readChecks('gdrcopy', paste);
    // A cuDevice… symbol is the CUDA driver's, not the fabric's: the test never ran, nothing is judged.
    expect(checkLines(checks)).toEqual(['skipped gdr.gdrcopy']);
    expect(checks.at(-1)?.detail).toContain(
      '`copybw` could not start (line 2: "/home/u/gdrcopy/tests/copybw: symbol lookup error',
    );
  });

  it('a missing shared library under a prompt: could not start, not "not there"', () => {
    const paste = `u@gpu050:~$ singularity exec --nv new.sif ~/gdrcopy/tests/sanity
/home/u/gdrcopy/tests/sanity: error while loading shared libraries: libsubunit.so.0: cannot open shared object file: No such file or directory
`;
    const checks = readChecks('gdrcopy', paste);
    expect(checkLines(checks)).toEqual(['skipped gdr.gdrcopy']);
    expect(checks.at(-1)?.detail).toContain('`sanity` could not start in gpu050 (line 2:');
  });

  it("another program's loader error is no answer for this tool: still no gdrcopy output (exit 2)", () => {
    const paste = `python3 bench.py
python3: error while loading shared libraries: libpython3.12.so.1.0: cannot open shared object file: No such file or directory
`;
    expect(() => readChecks('gdrcopy', paste)).toThrow(ParseError);
  });
});

/**
 * Issue 38, principles 2 and 4 (b24): a program the shell did not find is not there (skipped, naming how to
 * install it), also when the line names only the program of the typed command (`rdma` for `rdma link show`).
 * A program the dynamic loader refused never ran: when the library or symbol the loader names is the fabric's
 * (UCX, verbs, rdma_cm, libfabric, NCCL, NIXL, gdrcopy), those libraries are broken where it ran and a KV
 * transfer fails the same way (fail); any other library (libc, the CUDA driver, a test framework) only stops
 * the tool (skipped). One rule for every tool (src/read/not-run.ts); such lines are never the tool's output.
 */
const read = readChecks;
const lines = checkLines;

describe('the shell did not find the program', () => {
  it('`rdma link show` answered by `bash: rdma: command not found`: not shown, install iproute2', () => {
    const paste = '[root@796243dc30b6 mofed_installer]# rdma link show\nbash: rdma: command not found\n';
    const checks = read('rdma-link', paste);
    expect(lines(checks)).toEqual(['skipped ib.rdma-link']);
    expect(checks[1]?.detail).toMatch(/`rdma link show` is not there in 796243dc30b6 \(line 2/);
    expect(checks[1]?.fix).toMatch(/iproute2/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same line with no prompt before it, and the shapes of other shells, for other tools', () => {
    expect(lines(read('rdma-link', 'bash: rdma: command not found\n'))).toEqual(['skipped ib.rdma-link']);
    expect(lines(read('ibstat', 'sh: 1: ibstat: not found\n'))).toEqual(['skipped ib.ibstat']);
    expect(lines(read('ibv_devinfo', 'zsh: command not found: ibv_devinfo\n'))).toEqual([
      'skipped rdma.ibv_devinfo',
    ]);
  });

  it('the line names the program, not the command: `nvidia-smi` not found answers `read topo`', () => {
    const paste = '$ nvidia-smi topo -m\nbash: nvidia-smi: command not found\n';
    expect(lines(read('topo', paste))).toEqual(['skipped nvlink.topo']);
    expect(read('topo', paste)[1]?.fix).toMatch(/NVIDIA driver/);
  });

  it("another program's line is not this tool's: still refused", () => {
    expect(() => read('rdma-link', 'bash: ethtool: command not found\n')).toThrow(ParseError);
  });
});

describe('the dynamic loader refused to start the program', () => {
  it('ucx_info with an undefined symbol (program and libraries from different UCX builds) fails', () => {
    const paste =
      'ucx_info -d -t rc\r\nucx_info: symbol lookup error: ucx_info: undefined symbol: uct_md_query_v2\r\n';
    const checks = read('ucx_info', paste);
    expect(lines(checks)).toEqual(['fail ucx.ucx_info']);
    expect(checks[1]?.detail).toMatch(
      /could not start .*uct_md_query_v2.*different builds; the UCX libraries here/,
    );
    expect(checks[1]?.fix).toMatch(/ldd \$\(command -v ucx_info\)/);
  });

  it("glibc's other forms over a fabric library, with or without a prompt, with the program's path", () => {
    const lib =
      '/usr/local/ucx/bin/ucx_info: error while loading shared libraries: libuct.so.0: cannot open shared object file: No such file or directory\n';
    expect(lines(read('ucx_info', lib))).toEqual(['fail ucx.ucx_info']);
    const verbs =
      '$ ib_write_bw -d mlx5_0\nib_write_bw: error while loading shared libraries: libibverbs.so.1: cannot open shared object file: No such file or directory\n';
    expect(lines(read('perftest', verbs))).toEqual(['fail verbs.perftest']);
    const reloc =
      '$ fi_info -p efa\nfi_info: relocation error: fi_info: symbol fi_getinfo, version FABRIC_1.7 not defined in file libfabric.so.1 with link time reference\n';
    expect(lines(read('fi_info', reloc))).toEqual(['fail efa.fi_info']);
  });

  it("a library that is not the fabric's (libibumad, libc) only stops the tool: not shown, never a fault", () => {
    const paste =
      '$ ibstat\nibstat: error while loading shared libraries: libibumad.so.3: cannot open shared object file: No such file or directory\n';
    const checks = read('ibstat', paste);
    expect(lines(checks)).toEqual(['skipped ib.ibstat']);
    expect(checks[1]?.detail).toMatch(
      /a library it needs is not there; it never ran, so this was not checked/,
    );
    const libc =
      "$ ib_write_bw -d mlx5_0\nib_write_bw: /lib64/libc.so.6: version `GLIBC_2.34' not found (required by ib_write_bw)\n";
    expect(lines(read('perftest', libc))).toEqual(['skipped verbs.perftest']);
  });

  it('stopped after it printed lines (a lazily bound function): what it printed is read, and it still fails', () => {
    const head = [
      '$ ucx_info -d',
      '#',
      '# Memory domain: self',
      '#     Component: self',
      '#             register: unlimited, cost: 0 nsec',
      '#',
      '#      Transport: self',
      '#         Device: memory',
      '#           Type: loopback',
      '#',
    ].join('\n');
    const refused = `${head}\nucx_info: symbol lookup error: /usr/lib/libuct_ib.so.0: undefined symbol: ucs_config_doc_nop\n`;
    const before = lines(read('ucx_info', `${head}\n`));
    expect(lines(read('ucx_info', refused))).toEqual([...before, 'fail ucx.ucx_info']);
  });
});
