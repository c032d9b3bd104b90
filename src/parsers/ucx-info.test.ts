import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture, readTestData } from '../../test/helpers/fixtures.js';
import { readPasted } from '../read/tools.js';
import { ibDomains, NOT_SHOWN, parseUcxInfo } from './ucx-info.js';

const md = (
  name: string,
  memoryTypes: string[] | undefined,
  transports: [string, string][],
  noDevices = false,
) => ({
  name,
  component: name === 'cuda_cpy' ? 'cuda_cpy' : name.startsWith('mlx5') ? 'ib' : name,
  ...(memoryTypes ? { memoryTypes } : {}),
  transports: transports.map(([n, device]) => ({ name: n, device })),
  noDevices,
});

const rdmaOn = (dev: string): [string, string][] =>
  ['dc_mlx5', 'rc_verbs', 'rc_mlx5', 'ud_verbs', 'ud_mlx5'].map((t) => [t, dev]);
const RDMA0 = rdmaOn('mlx5_0:1');
const RDMAIB0 = rdmaOn('mlx5_ib0:1');

const expected: Record<string, unknown> = {
  // UCX ≥ 1.18 on an Azure HB120rs_v3 (no GPU): IB RDMA, no CUDA, and a `gga` domain on the same HCA.
  'azure-hb120-ib-mlx5_0-gga-no-cuda-ucx118plus.txt': {
    domains: [
      md('self', ['host'], [['self', 'memory']]),
      md(
        'tcp',
        ['host'],
        [
          ['tcp', 'eth0'],
          ['tcp', 'lo'],
        ],
      ),
      md('sysv', ['host'], [['sysv', 'memory']]),
      md('posix', ['host'], [['posix', 'memory']]),
      md('mlx5_0', ['host'], RDMA0),
      // The GGA copy-offload domain of the same HCA: no transports, but not an HCA without a port.
      { name: 'mlx5_0', component: 'gga', memoryTypes: ['host'], transports: [], noDevices: true },
      md('cma', ['host'], [['cma', 'memory']]),
      md('knem', ['host'], [['knem', 'memory']]),
    ],
    transports: [
      'self',
      'tcp',
      'sysv',
      'posix',
      'dc_mlx5',
      'rc_verbs',
      'rc_mlx5',
      'ud_verbs',
      'ud_mlx5',
      'cma',
      'knem',
    ],
  },
  'azure-hb120-ib-mlx5_ib0-dmabuf-no-cuda.txt': {
    domains: [
      md('self', ['host'], [['self', 'memory']]),
      md(
        'tcp',
        ['host'],
        [
          ['tcp', 'ib0'],
          ['tcp', 'lo'],
          ['tcp', 'eth0'],
        ],
      ),
      md('sysv', ['host'], [['sysv', 'memory']]),
      md('posix', ['host'], [['posix', 'memory']]),
      md('mlx5_ib0', ['host'], RDMAIB0),
      md('cma', ['host'], [['cma', 'memory']]),
    ],
    transports: [
      'self',
      'tcp',
      'sysv',
      'posix',
      'dc_mlx5',
      'rc_verbs',
      'rc_mlx5',
      'ud_verbs',
      'ud_mlx5',
      'cma',
    ],
  },
  'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt': {
    domains: [
      md('self', ['host'], [['self', 'memory']]),
      md(
        'tcp',
        ['host'],
        [
          ['tcp', 'ens21f0'],
          ['tcp', 'ib0'],
          ['tcp', 'lo'],
        ],
      ),
      md('sysv', ['host'], [['sysv', 'memory']]),
      md('posix', ['host'], [['posix', 'memory']]),
      md('cuda_cpy', ['host', 'cuda', 'cuda-managed'], [['cuda_copy', 'cuda']]),
      md('cuda_ipc', ['cuda'], [['cuda_ipc', 'cuda']]),
      md('gdr_copy', ['cuda'], [['gdr_copy', 'cuda']]),
      // The HCA's memory domain registers host memory only: no GPUDirect RDMA.
      md(
        'mlx5_0',
        ['host'],
        [
          ['dc_mlx5', 'mlx5_0:1'],
          ['rc_verbs', 'mlx5_0:1'],
          ['rc_mlx5', 'mlx5_0:1'],
          ['ud_verbs', 'mlx5_0:1'],
          ['ud_mlx5', 'mlx5_0:1'],
        ],
      ),
      md('mlx5_1', ['host'], [], true),
      md('cma', ['host'], [['cma', 'memory']]),
    ],
    transports: [
      'self',
      'tcp',
      'sysv',
      'posix',
      'cuda_copy',
      'cuda_ipc',
      'gdr_copy',
      'dc_mlx5',
      'rc_verbs',
      'rc_mlx5',
      'ud_verbs',
      'ud_mlx5',
      'cma',
    ],
  },
  'no-rdma-tcp-shm-only-ucx17-wiki.txt': {
    domains: [
      md('posix', undefined, [['mm', 'posix']]),
      md('sysv', undefined, [['mm', 'sysv']]),
      md('self', undefined, [['self', 'self']]),
      md('tcp', undefined, [
        ['tcp', 'vboxnet3'],
        ['tcp', 'brbond0'],
        ['tcp', 'brib0.8001'],
      ]),
      md('sockcm', undefined, [], true),
      md('cma', undefined, [['cma', 'cma']]),
    ],
    transports: ['mm', 'self', 'tcp', 'cma'],
  },
  // HPC-X 2.20 on Leonardo: `ucx_info -v` then `ucx_info -d | grep Transport`: every transport, no domain or device.
  'leonardo-hpcx-ucx117-singularity-grep-transport-4hca-cuda.txt': {
    version: '1.17.0',
    configure: expect.stringMatching(/--with-cuda=\/hpc\/local\/oss\/cuda12\.5\.1\/redhat8 --with-gdrcopy /),
    domains: [
      {
        name: NOT_SHOWN,
        transports: [
          'self',
          'tcp',
          'tcp',
          'tcp',
          'sysv',
          'posix',
          'cuda_copy',
          'cuda_ipc',
          'gdr_copy',
          ...Array.from({ length: 4 }, () => [
            'dc_mlx5',
            'rc_verbs',
            'rc_mlx5',
            'ud_verbs',
            'ud_mlx5',
          ]).flat(),
          'cma',
        ].map((name) => ({ name, device: NOT_SHOWN })),
        noDevices: false,
      },
    ],
    transports: [
      'self',
      'tcp',
      'sysv',
      'posix',
      'cuda_copy',
      'cuda_ipc',
      'gdr_copy',
      'dc_mlx5',
      'rc_verbs',
      'rc_mlx5',
      'ud_verbs',
      'ud_mlx5',
      'cma',
    ],
  },
  // OCI A100 VM: `| grep cuda` then `| grep gdr_copy`. The gdr_copy domain's own lines with "cuda" in
  // them (memory types, Device) come after cuda_ipc's in the first grep; the second keeps its Transport
  // line without the Device line: gdr_copy is there, its device not shown.
  'oci-a100-vm-grep-cuda-and-gdr-copy-memory-types.txt': {
    domains: [
      md('cuda_cpy', ['host', 'cuda', 'cuda-managed'], [['cuda_copy', 'cuda']]),
      md('cuda_ipc', ['cuda'], [['cuda_ipc', 'cuda']]),
      md('gdr_copy', undefined, [['gdr_copy', NOT_SHOWN]]),
    ],
    transports: ['cuda_copy', 'cuda_ipc', 'gdr_copy'],
  },
  // ai-dynamo/nixl#1042: the user pasted the two CUDA memory domains of UCX 1.19 only.
  'h100-ucx119-cuda-domains-only-excerpt.txt': {
    domains: [
      md('cuda_cpy', ['host', 'cuda', 'cuda-managed'], [['cuda_copy', 'cuda']]),
      md('cuda_ipc', ['cuda'], [['cuda_ipc', 'cuda']]),
    ],
    transports: ['cuda_copy', 'cuda_ipc'],
  },
  // ucx#4388, UCX ≤ 1.6: one Transport line, a Device line per device; `[...]` is the user's elision;
  // the ib/mlx5_0 domain's transports are past the cut.
  'ucx16-era-tcp-3-netdevs-ib-domain-cut-elided.txt': {
    domains: [
      md('tcp', undefined, [
        ['tcp', 'virbr0'],
        ['tcp', 'ib0'],
        ['tcp', 'enp7s0f0'],
      ]),
      { name: 'ib/mlx5_0', component: 'ib', transports: [], noDevices: false },
    ],
    transports: ['tcp'],
    elided: true,
    endsInside: 'ib/mlx5_0',
  },
};

describe('parseUcxInfo on every shared fixture', () => {
  const files = listFixtures('node', 'ucx_info-d');
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseUcxInfo(readFixture('node', 'ucx_info-d', file))).toEqual(expected[file]);
    });
  }
  it('finds the IB memory domains', () => {
    const r = parseUcxInfo(readFixture('node', 'ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt'));
    expect(ibDomains(r).map((d) => d.name)).toEqual(['mlx5_0', 'mlx5_1']);
  });
});

describe('parseUcxInfo on Debian ucx 1.13 captures (test/data/ucx_info)', () => {
  it('reads `ucx_info -d` of a host with neither RDMA nor CUDA', () => {
    const r = parseUcxInfo(readTestData('ucx_info', 'debian-1.13-d-no-rdma-no-cuda.txt'));
    expect(r.transports).toEqual(['self', 'tcp', 'sysv', 'posix', 'cma']);
    expect(r.domains.map((d) => d.name)).toEqual(['self', 'tcp', 'sysv', 'posix', 'cma']);
  });
  it('reads `ucx_info -v`', () => {
    const r = parseUcxInfo(readTestData('ucx_info', 'debian-1.13-v.txt'));
    expect(r.version).toBe('1.13.1');
    expect(r.configure).toMatch(/--with-verbs/);
    expect(r.domains).toEqual([]);
  });
});

describe('parseUcxInfo variants', () => {
  it('rejects text without "#" lines that has no more than one of ucx_info\'s own keys', () => {
    expect(() => parseUcxInfo('Memory domain: mlx5_0\n')).toThrow(
      /^cannot read ucx_info output at line 1 "Memory domain: mlx5_0"/,
    );
    expect(() => parseUcxInfo('Transport: tcp\nhello world\n')).toThrow(/not a ucx_info line/);
  });

  it('reads `ucx_info -d` whose leading "#" the poster stripped, nesting and all (issue 38, principle 1)', () => {
    const stripped = [
      '$ ucx_info -d',
      ' Memory domain: mlx5_0',
      '     Component: ib',
      '             memory types: host (access,reg,cache), cuda (reg)',
      '      Transport: rc_mlx5',
      '         Device: mlx5_0:1',
      '',
      '      capabilities:',
      '            bandwidth: 11794.23/ppn + 0.00 MB/sec',
      '',
      '      Transport: dc_mlx5',
      '         Device: mlx5_0:1',
    ].join('\n');
    expect(parseUcxInfo(stripped)).toEqual({
      domains: [
        {
          name: 'mlx5_0',
          component: 'ib',
          memoryTypes: ['host', 'cuda'],
          transports: [
            { name: 'rc_mlx5', device: 'mlx5_0:1' },
            { name: 'dc_mlx5', device: 'mlx5_0:1' },
          ],
          noDevices: false,
        },
      ],
      transports: ['rc_mlx5', 'dc_mlx5'],
    });
  });
});

describe('parseUcxInfo with connection-manager sections', () => {
  it('does not attribute a "# Connection manager:" section to the memory domain before it', () => {
    const text = [
      '# Memory domain: mlx5_0',
      '#     Component: ib',
      '#         memory types: host (access,reg,cache), cuda (reg)',
      '#      Transport: rc_mlx5',
      '#         Device: mlx5_0:1',
      '#',
      '# Connection manager: rdmacm',
      '#      max_conn_priv: 54 bytes',
    ].join('\n');
    expect(parseUcxInfo(text).domains).toEqual([
      {
        name: 'mlx5_0',
        component: 'ib',
        memoryTypes: ['host', 'cuda'],
        transports: [{ name: 'rc_mlx5', device: 'mlx5_0:1' }],
        noDevices: false,
      },
    ]);
  });

  it('a paste filtered to its Transport lines (`ucx_info -d | grep Transport`, after any prompt) keeps the transports, devices not shown', () => {
    const real = readFixture('node/ucx_info-d/cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt');
    const kept = real.split('\n').filter((l) => l.includes('Transport'));
    for (const prompt of ['Singularity> ', '(base) user@h100:~$ ', '$ ']) {
      const r = parseUcxInfo([`${prompt}ucx_info -d | grep Transport`, ...kept].join('\n'));
      expect(r.domains.map((d) => d.name)).toEqual([NOT_SHOWN]);
      expect(r.transports).toEqual([...new Set(kept.map((l) => l.replace(/^#\s*Transport:\s*/, '').trim()))]);
      expect(r.domains[0]?.transports.every((t) => t.device === NOT_SHOWN)).toBe(true);
    }
    // Unfiltered, the same capture still reads each transport with its device.
    expect(parseUcxInfo(real).domains.some((d) => d.name === NOT_SHOWN)).toBe(false);
  });
});

describe('parseUcxInfo: `ucx_info -v` of each UCX generation', () => {
  it('reads the version from every format version_info.c/build_info.c has printed', () => {
    // ≤ 1.8 build_info.c:18; 1.9–1.13 build_info.c; ≥ 1.14 version_info.c:19 (the API headers line is the build's).
    expect(parseUcxInfo('# UCT version=1.8.0 revision 1ba1e88\n').version).toBe('1.8.0');
    expect(parseUcxInfo("# Version 1.13.1\n# Git branch '', revision 1e2f4e5\n").version).toBe('1.13.1');
    expect(
      parseUcxInfo(
        '# Library version: 1.17.0\n# Library path: /x/libucs.so.0\n# API headers version: 1.16.0\n',
      ).version,
    ).toBe('1.17.0');
  });

  it('a block whose version line was cut still shows its build; the version is not shown, never ok', () => {
    const cut =
      "Library path: /lib/libucs.so.0\nAPI headers version: 1.20.0\nGit branch '', revision 4b7a6ca\nConfigured with: --with-verbs --with-cuda=/usr/local/cuda\n";
    expect(parseUcxInfo(cut)).toMatchObject({
      domains: [],
      configure: '--with-verbs --with-cuda=/usr/local/cuda',
    });
    const checks = readPasted('ucx_info', cut, { expect: 'any' }).checks;
    expect(checks.find((c) => c.id === 'ucx.version')?.status).toBe('skipped');
    expect(checks.find((c) => c.id === 'ucx.rdma')?.status).toBe('ok');
  });
});

describe('parseUcxInfo: one Device line per Transport line (≥ 1.7) against several (≤ 1.6)', () => {
  it('a deeper-indented Device line belongs to its Transport line only; one at the Transport indent repeats it', () => {
    const v17 =
      '# Memory domain: tcp\n#   Transport: tcp\n#      Device: eth0\n#     memory types: cuda\n#      Device: cuda\n';
    expect(parseUcxInfo(v17).domains[0]?.transports).toEqual([{ name: 'tcp', device: 'eth0' }]);
    const v16 = '# Memory domain: tcp\n#   Transport: tcp\n#   Device: eth0\n#\n#   Device: ib0\n';
    expect(parseUcxInfo(v16).domains[0]?.transports.map((t) => t.device)).toEqual(['eth0', 'ib0']);
  });
});
