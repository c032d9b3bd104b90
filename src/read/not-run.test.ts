import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';

/**
 * Issue 38, principles 2 and 4, from corpus batch b24: a program that never ran printed no state. When the shell
 * did not find it, what it would show is not shown (skipped, naming how to install it); when the dynamic loader
 * refused to start it, a tool that runs the KV path's libraries (UCX, verbs, libfabric, NCCL, gdrcopy, NIXL)
 * fails, since a transfer loads the same libraries, and a tool that only reports state is not shown. Never exit
 * 2: the paste says exactly what happened. One rule for every tool (src/read/not-run.ts); sources:
 * references/read-shapes.md.
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
    expect(checks[1]?.detail).toMatch(/could not start .*uct_md_query_v2.*different builds/);
    expect(checks[1]?.fix).toMatch(/ldd \$\(command -v ucx_info\)/);
  });

  it("every form of glibc's loader error, with or without a prompt, with the program's path", () => {
    const lib =
      '/usr/local/ucx/bin/ucx_info: error while loading shared libraries: libuct.so.0: cannot open shared object file: No such file or directory\n';
    expect(lines(read('ucx_info', lib))).toEqual(['fail ucx.ucx_info']);
    const version =
      "$ ib_write_bw -d mlx5_0\nib_write_bw: /lib64/libc.so.6: version `GLIBC_2.34' not found (required by ib_write_bw)\n";
    expect(lines(read('perftest', version))).toEqual(['fail verbs.perftest']);
    const reloc =
      '$ fi_info -p efa\nfi_info: relocation error: fi_info: symbol fi_getinfo, version FABRIC_1.7 not defined in file libfabric.so.1 with link time reference\n';
    expect(lines(read('fi_info', reloc))).toEqual(['fail efa.fi_info']);
  });

  it('a tool that only reports state is not shown when refused: skipped, never a fault of the fabric', () => {
    const paste =
      '$ ibstat\nibstat: error while loading shared libraries: libibumad.so.3: cannot open shared object file: No such file or directory\n';
    const checks = read('ibstat', paste);
    expect(lines(checks)).toEqual(['skipped ib.ibstat']);
    expect(checks[1]?.detail).toMatch(/a library it needs is not there; nothing it shows was checked/);
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
