import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';
import { parseFiInfo } from '../parsers/fi-info.js';

/**
 * Issue 38, from corpus batch b26: an author's elision among `rdma link` rows (principle 2), `ucx_info -v` and
 * `fi_info -v` in the layouts their programs print (principle 1), HPE Slingshot's cxi provider read as the
 * hardware RDMA provider it is (principle 3), and a ucx_perftest client that never connected (principle 4).
 * Each paste is written here in the tool's own format and paired with the form that must still pass or fail,
 * so no rule can pass by never judging (sources: references/read-shapes.md).
 */
const read = readChecks;
const lines = checkLines;
const verdict = (tool: Parameters<typeof read>[0], text: string) => verdictOf(read(tool, text));

describe("2. an author's elision among `rdma link` / `ibdev2netdev` rows leaves ports out", () => {
  const rows = [
    '$ rdma link',
    'link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens6f0np0',
    'link mlx5_1/1 state ACTIVE physical_state LINK_UP netdev ens6f1np1',
  ];

  it('two ACTIVE RoCE ports then `.......`: the ports shown pass, the node is not judged', () => {
    const checks = read('rdma-link', [...rows, '.......', ''].join('\n'));
    expect(lines(checks)).toContain('skipped ib.elided');
    expect(verdictOf(checks)).toBe('unverified');
    // The same rows whole pass the node.
    expect(verdict('rdma-link', `${rows.join('\n')}\n`)).toBe('trusted');
  });

  it('a DOWN port shown beside the elision still fails', () => {
    const down = 'link mlx5_2/1 state DOWN physical_state POLLING netdev ens7f0np0';
    expect(verdict('rdma-link', [...rows, down, '...', ''].join('\n'))).toBe('untrusted');
  });

  it('`ibdev2netdev` rows with a `[snip]` line: the same', () => {
    const nd = 'mlx5_0 port 1 ==> ens6f0np0 (Up)\n[snip]\nmlx5_3 port 1 ==> ens8f1np1 (Up)\n';
    expect(lines(read('rdma-link', nd))).toContain('skipped ib.elided');
    expect(verdict('rdma-link', nd.replace('[snip]\n', ''))).toBe('trusted');
  });
});

describe('1. `ucx_info -v` of UCX 1.11 and older, with or without its `#`', () => {
  // build_info.c:18-19 up to v1.11: "# UCT version=%s revision %s", "# configured with: %s" (lower case).
  const OLD = (flags: string) =>
    `# UCT version=1.11.1 revision c58db6b\n# configured with: --prefix=/usr --enable-mt ${flags}\n`;

  it('the lower-case `configured with:` line is the build: CUDA and verbs flags are read', () => {
    const checks = read('ucx_info', OLD('--with-cuda=/usr/local/cuda --with-verbs --with-rdmacm'));
    expect(lines(checks)).toEqual(['ok ucx.version', 'ok ucx.cuda', 'ok ucx.rdma']);
    expect(checks.find((c) => c.id === 'ucx.version')?.detail).toMatch(/1\.11\.1/);
  });

  it('pasted as prose without the `#`: the same block, never exit 2', () => {
    const prose = OLD('--with-cuda --with-verbs').replace(/^# /gm, '');
    expect(lines(read('ucx_info', prose))).toEqual(['ok ucx.version', 'ok ucx.cuda', 'ok ucx.rdma']);
  });

  it('no verbs flag is left to configure’s detection: RDMA not shown; --without-verbs has none', () => {
    expect(lines(read('ucx_info', OLD('--with-cuda')))).toContain('skipped ucx.rdma');
    expect(verdict('ucx_info', OLD('--with-cuda'))).toBe('unverified');
    expect(lines(read('ucx_info', OLD('--with-cuda --without-verbs')))).toContain('fail ucx.rdma');
  });
});

describe('1/2. `fi_info -v`: YAML records, the provider printed last', () => {
  // util/info.c prints `---` and fi_tostr(FI_TYPE_INFO) per record (src/fi_tostr.c): the fi_fabric_attr block,
  // with prov_name, comes after fi_ep_attr (type) and fi_domain_attr (name).
  const record = (domain: string) =>
    [
      '---',
      'fi_info:',
      '    caps: [ FI_MSG, FI_RMA, FI_READ, FI_WRITE, FI_RECV, FI_SEND, FI_HMEM ]',
      '    fi_ep_attr:',
      '        type: FI_EP_RDM',
      '        protocol: FI_PROTO_EFA',
      '    fi_domain_attr:',
      '        domain: 0x0',
      `        name: ${domain}`,
      '    fi_fabric_attr:',
      '        name: efa',
      '        prov_name: efa',
      '        prov_version: 122.0',
    ].join('\n');

  it('whole records are read as `fi_info` prints them plainly: the EFA devices pass', () => {
    const text = `$ fi_info -p efa -t FI_EP_RDM -v\n${record('rdmap16s27-rdm')}\n${record('rdmap32s27-rdm')}\n`;
    expect(parseFiInfo(text).entries.map((e) => `${e.provider} ${e.domain} ${e.type}`)).toEqual([
      'efa rdmap16s27-rdm FI_EP_RDM',
      'efa rdmap32s27-rdm FI_EP_RDM',
    ]);
    expect(lines(read('fi_info', text))).toEqual(['ok efa.provider']);
  });

  it('a record cut before its `prov_name:` shows no provider: not shown, never exit 2', () => {
    const cut = `$ fi_info -p efa -v\n${record('rdmap16s27-rdm').split('\n').slice(0, 6).join('\n')}\n`;
    expect(() => read('fi_info', cut)).not.toThrow(ParseError);
    expect(parseFiInfo(cut).entries).toEqual([]);
    expect(verdict('fi_info', cut)).toBe('unverified');
  });
});

describe('3. the cxi provider (HPE Slingshot) is the NIC’s hardware RDMA provider', () => {
  const cxi = (n: number) =>
    `provider: cxi\n    fabric: cxi\n    domain: cxi${n}\n    version: 0.1\n    type: FI_EP_RDM\n    protocol: FI_PROTO_CXI\n`;

  it('`fi_info -p cxi` with RDM domains passes; -61 for it fails', () => {
    const checks = read('fi_info', `# fi_info -p cxi\n${cxi(0)}${cxi(1)}`);
    expect(lines(checks)).toEqual(['ok cxi.provider']);
    expect(checks[checks.length - 1]?.detail).toMatch(/2 NICs .*cxi0, cxi1/);
    expect(verdict('fi_info', '# fi_info -p cxi\nfi_getinfo: -61 (No data available)\n')).toBe('untrusted');
  });

  it('a later `fi_info … -v | grep state` filters its own output, not the records above; a head on them cuts', () => {
    const grep = `# fi_info -p cxi\n${cxi(0)}# fi_info -p cxi -d cxi0 -v |grep state\n            state: FI_LINK_UP\n`;
    expect(verdict('fi_info', grep)).toBe('trusted');
    const head = `$ fi_info -p cxi | head -n 6\n${cxi(0)}`;
    expect(lines(read('fi_info', head))).toEqual(['ok cxi.provider', 'skipped cxi.shown']);
  });
});

describe('4. a ucx_perftest client that never connected', () => {
  it('perftest.c’s `client failed. connect() failed` and `failed to setup RTE transport` fail the run', () => {
    const text =
      'perftest.c:430  UCX  ERROR client failed. connect() failed: Connection refused\n' +
      'perftest.c:890  UCX  ERROR failed to setup RTE transport: Input/output error\n';
    const checks = read('ucx_perftest', text);
    expect(lines(checks)).toEqual(['fail perftest.run']);
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('a perftest.c warning alone is no result: still refused with its line', () => {
    const warn =
      'perftest.c:1394 UCX  WARN  CPU affinity is not set (bound to 56 cpus). Performance may be impacted.\n';
    expect(() => read('ucx_perftest', warn)).toThrow(ParseError);
  });
});

describe('3. lsmod: ib_core whose only device driver is rxe or siw is software RDMA only', () => {
  const lsmod = (users: string) =>
    [
      '$ lsmod',
      'Module                  Size  Used by',
      'rdma_rxe              102400  0',
      'ib_uverbs             81920  1 rdma_ucm',
      `ib_core               192512  6 ${users}`,
    ].join('\n');

  it('rdma_rxe beside the RDMA core and its upper-layer modules fails: no RDMA hardware', () => {
    const checks = read('lsmod', lsmod('rdma_rxe,ib_cm,rdma_cm,ib_uverbs,iw_cm,rdma_ucm'));
    expect(lines(checks)).toContain('fail rdma.hardware');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('a hardware driver beside it (hns_roce_hw_v2, mlx5_ib), or a user the rule does not know, keeps it open', () => {
    for (const users of [
      'rdma_rxe,hns_roce_hw_v2,ib_uverbs',
      'rdma_rxe,mlx5_ib,ib_uverbs',
      'rdma_rxe,foo_rdma',
    ])
      expect(lines(read('lsmod', lsmod(users)))).not.toContain('fail rdma.hardware');
  });
});
