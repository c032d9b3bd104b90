import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 (read what is there, whatever its shape), 2 ("not shown" is never "absent") and 4 (a
 * failure the output states is a failure), from corpus batch b31: the software readers (dmesg, lsmod, topo,
 * ucx_info). Each paste is a small one in the tool's own format, paired with a form it must not be confused
 * with, so a rule cannot pass by never failing or never passing. Sources: references/read-shapes.md.
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;

describe('1. dmesg behind a pdsh/clush `host: ` label is kernel log', () => {
  const labelled = [
    'gpu17: [ 5120.100001] mlx5_core 0000:3b:00.0: mlx5_load_one failed with error code -22',
    'gpu17: [ 5120.100200] nvidia-peermem: loaded',
  ].join('\n');

  it('the label is the collector’s: the lines read as without it', () => {
    const bare = labelled.replace(/^gpu17: /gm, '');
    expect(lines(read('dmesg', labelled))).toEqual(lines(read('dmesg', bare)));
    expect(lines(read('dmesg', labelled))).toContain('fail nic.driver');
  });

  it('a `word: ` before something that is no kernel line is not taken for a label', () => {
    expect(() => read('dmesg', 'note: see the log below\n')).toThrow(/no kernel log line/);
  });
});

describe('1b. a prefix a test framework puts before every kernel line is the framework’s (P1)', () => {
  const framed = [
    'INFO - Dmesg file has 2 lines ',
    'INFO - [  12.000001] mlx5_core 0000:3b:00.0: mlx5_load_one failed with error code -22 ',
    'INFO - [  12.000300] nvidia-peermem: loaded ',
  ].join('\n');

  it('read as the kernel lines behind it', () => {
    const bare = framed
      .split('\n')
      .slice(1)
      .join('\n')
      .replace(/^INFO - /gm, '');
    expect(lines(read('dmesg', framed))).toEqual(lines(read('dmesg', bare)));
    expect(lines(read('dmesg', framed))).toContain('fail nic.driver');
  });

  it('text before a timestamp on one line only is not taken for a prefix', () => {
    expect(() => read('dmesg', 'see [  12.000001] below\nno kernel here\n')).toThrow(/no kernel log line/);
  });
});

describe('2. an RDMA device whose firmware/admin commands fail is a failure (P4)', () => {
  it('mlx5 command timeouts fail, naming the device', () => {
    const stuck = [
      '[  801.000001] mlx5_core 0000:5e:00.0: wait_func_handle_exec_timeout:1104:(pid 4242): cmd[3]: CREATE_QP(0x500) No done completion',
      '[  801.000002] mlx5_core 0000:5e:00.0: wait_func:1132:(pid 4242): CREATE_QP(0x500) timeout. Will cause a leak of a command resource',
    ].join('\n');
    expect(lines(read('dmesg', stuck))).toContain('fail nic.command 0000:5e:00.0');
    expect(verdict(read('dmesg', stuck))).toBe('untrusted');
  });

  it('EFA refusing an admin command fails; a device registering cleanly does not', () => {
    const efa =
      '[  731.125001] infiniband efa_1: Failed to process command CREATE_QP (opcode 1) comp_status 2 err -12\n';
    expect(lines(read('dmesg', efa))).toContain('fail nic.command efa_1');
    const fine = '[  731.125001] infiniband efa_1: IB device registered\n';
    expect(lines(read('dmesg', fine))).toEqual(['skipped gdr.peermem']);
  });
});

describe('3. a peer-memory module’s lines without their timestamp are still its lines (P1)', () => {
  // nv_peer_mem.c: DRV_NAME "nv_mem", peer_err() prints `nv_mem <function>:<line> `.
  const untimed = 'nv_mem nv_get_p2p_free_callback:144 nv_get_p2p_free_callback -- invalid page_table \n';

  it('read as the module in use, its load not shown; never refused', () => {
    const checks = read('dmesg', untimed);
    expect(lines(checks)).toEqual(['skipped gdr.peermem']);
    expect(checks.find((c) => c.id === 'gdr.peermem')?.detail).toMatch(
      /nv_peer_mem logs as in use \(line 1\)/,
    );
  });

  it('a line that only mentions the module in prose is still no kernel line', () => {
    expect(() => read('dmesg', 'I think nv_mem is broken here\n')).toThrow(/no kernel log line/);
  });
});

describe('4. lsmod rows inside a YAML report’s block scalar are lsmod (P1)', () => {
  const report = [
    'fabric_manager_exists: false',
    'lsmod_peermem:',
    '  ibcore_using_peermem_module: true',
    '  raw: |-',
    '    nvidia_peermem         16384  0',
    '    ib_core               434176  5 rdma_cm,nvidia_peermem,ib_uverbs,mlx5_ib,ib_cm',
  ].join('\n');

  it('the block is read as the lsmod lines it holds', () => {
    expect(lines(read('lsmod', report))).toContain('ok gdr.peermem');
    const bare = report.split('\n').slice(4).join('\n').replace(/^ {4}/gm, '');
    expect(lines(read('lsmod', report))).toEqual(lines(read('lsmod', bare)));
  });

  it('a block scalar holding something else does not pass for lsmod', () => {
    expect(() => read('lsmod', 'script: |\n  modprobe nvidia_peermem\n  echo done\n')).toThrow(
      /no lsmod output|not an lsmod line/,
    );
  });
});

describe('5. a topo matrix whose paste glued two cells together (P1)', () => {
  const header = '\tGPU0\tGPU1\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID';
  const whole = [
    header,
    'GPU0\t X \tNV18\tPIX\tNODE\t0-47\t0\t\tN/A',
    'GPU1\tNV18\t X \tNODE\tPIX\t0-47\t0\t\tN/A',
  ].join('\n');

  it('`NODEPIX` is two cells, read as if the tab were there', () => {
    const glued = whole.replace('NV18\t X \tNODE\tPIX', 'NV18\t X \tNODEPIX');
    expect(glued).not.toBe(whole);
    expect(lines(read('topo', glued))).toEqual(lines(read('topo', whole)));
    expect(verdict(read('topo', glued))).toBe('trusted');
  });

  it('a token that is not made of link classes still makes the row short', () => {
    const broken = whole.replace('NV18\tPIX\tNODE', 'NV18\tPIQNODE');
    expect(() => read('topo', broken)).toThrow(/row GPU0 does not have 4 topology cells/);
  });
});

describe('6. `ucx_info -b`: the build defines, after an author’s sentence (P1)', () => {
  it('HAVE_CUDA and uct_MODULES say what was built; defines cut before them leave RDMA not shown', () => {
    const cut =
      'this is ucx_info -b:\n#define ENABLE_MT                 1\n#define HAVE_CUDA                 1\n#define HAVE_DECL_IBV_A\n';
    expect(lines(read('ucx_info', cut))).toEqual(['ok ucx.cuda', 'skipped ucx.rdma', 'skipped read.lines']);
    const whole =
      '#define HAVE_CUDA                 1\n#define HAVE_IB                   1\n#define uct_MODULES               ":cuda:ib:rdmacm:cma"\n';
    expect(verdict(read('ucx_info', whole))).toBe('trusted');
  });

  it('a build whose UCT modules lack cuda or ib fails', () => {
    const hostOnly =
      '#define VERSION                   "1.9"\n#define uct_MODULES               ":ib:rdmacm:cma"\n';
    expect(lines(read('ucx_info', hostOnly))).toEqual(['ok ucx.version', 'fail ucx.cuda', 'ok ucx.rdma']);
  });
});

describe('7. `ucx_info -d` followed only by its debug log lines: output not shown (P2)', () => {
  const logOnly = [
    '$ ucx_info -d',
    '[1700000000.000001] [node1:4242:0]        debug.c:1146 UCX  DEBUG using signal stack 0x1 size 141824',
    '[1700000000.000002] [node1:4242:0]       module.c:282  UCX  DEBUG loading modules for uct',
  ].join('\n');

  it('transports are not shown, never missing', () => {
    expect(lines(read('ucx_info', logOnly))).toEqual([
      'skipped ucx.rdma',
      'skipped ucx.cuda',
      'skipped read.lines',
    ]);
  });

  it('log lines with no `ucx_info` command in the paste are still refused', () => {
    expect(() => read('ucx_info', logOnly.split('\n').slice(1).join('\n'))).toThrow(/a UCX log line/);
  });
});

describe('8. a transport list cut inside its last name goes on past the cut (P2)', () => {
  const grep =
    '$ ucx_info -d | grep Transport\n#      Transport: self\n#      Transport: tcp\n#      Transport: sy';

  it('RDMA and CUDA are not shown, not absent', () => {
    expect(lines(read('ucx_info', grep))).toEqual(['skipped ucx.rdma', 'skipped ucx.cuda']);
  });

  it('the same list ending on a whole name is a whole list: no RDMA transport fails', () => {
    expect(lines(read('ucx_info', `${grep}sv`))).toContain('fail ucx.rdma');
  });
});

describe('9. an RDMA transport marked `< failed to open interface >` is listed but unusable (P4)', () => {
  const section = (tl: string, mark: string) =>
    [
      '# Memory domain: mlx5_0',
      '#     Component: ib',
      '#',
      `#      Transport: ${tl}`,
      '#         Device: mlx5_0:1',
      '#  System device: 0000:3b:00.0 (0)',
      ...(mark ? [mark] : []),
    ].join('\n');
  const failed = '#   < failed to open interface >';

  it('the only RDMA transport shown fails to open: a fault, whatever is cut', () => {
    const checks = read('ucx_info', section('rc_verbs', failed));
    expect(lines(checks)).toContain('fail ucx.rdma');
    expect(checks.find((c) => c.id === 'ucx.rdma')?.detail).toMatch(/rc_verbs on mlx5_0:1 .*fails to open/);
  });

  it('the same transport without the mark is usable', () => {
    expect(lines(read('ucx_info', section('rc_verbs', '')))).toContain('ok ucx.rdma');
  });

  it('another RDMA transport that opens keeps RDMA usable', () => {
    const both = `${section('rc_verbs', failed)}\n#\n#      Transport: ud_verbs\n#         Device: mlx5_0:1\n#`;
    const rdma = read('ucx_info', both).find((c) => c.id === 'ucx.rdma');
    expect(rdma?.status).toBe('ok');
    expect(rdma?.detail).toMatch(/ud_verbs/);
    expect(rdma?.detail).not.toMatch(/rc_verbs/);
  });

  it('`< failed to query interface >` is an interface that opened: not a failure', () => {
    expect(lines(read('ucx_info', section('rc_verbs', '#   < failed to query interface >')))).toContain(
      'ok ucx.rdma',
    );
  });
});
