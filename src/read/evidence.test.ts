import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import type { ToolId } from '../classify/index.js';

/**
 * The six principles of issue 38, each through the real read pipeline on a paste
 * shaped as people post them. Outputs are in each tool's own format (the parsers'
 * sources are cited in references/read-pastes.md and references/read-evidence.md).
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;

const IBSTAT_NDR = `CA 'mlx5_0'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.39.1002
	Hardware version: 0
	Node GUID: 0x946dae0300a1b2c4
	System image GUID: 0x946dae0300a1b2c4
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 12
		LMC: 0
		SM lid: 1
		Capability mask: 0xa651e848
		Port GUID: 0x946dae0300a1b2c4
		Link layer: InfiniBand
`;

describe('1. read what is there, whatever its shape', () => {
  it('a prompt only after the output, and output with no prompt at all', () => {
    expect(lines(read('ibstat', `${IBSTAT_NDR}root@gpu-node-3:~# \n`))).toEqual([
      'ok ib.port mlx5_0/1',
      'ok ib.ports',
    ]);
    expect(lines(read('ibstat', IBSTAT_NDR))).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });

  it('an ibv_devinfo port block without its hca_id line is read, the device named as not shown', () => {
    const port = `	port:	1
		state:			PORT_ACTIVE (4)
		max_mtu:		4096 (5)
		active_mtu:		4096 (5)
		sm_lid:			1
		port_lid:		7
		port_lmc:		0x00
		link_layer:		InfiniBand
`;
    // Read and judged; but a port block comes after its device's `hca_id:` line, so the paste starts below a cut:
    // that device and any before it are not shown (principle 2), never a pass for the whole node.
    expect(lines(read('ibv_devinfo', port))).toEqual([
      'ok ib.port (hca_id not shown)/1',
      'ok ib.ports',
      'skipped ib.port (hca_id not shown)',
    ]);
  });

  it('a command whose `#` prompt the poster stripped (the bare command line) still starts its section', () => {
    const checks = read('ibstat', `ibstat\n${IBSTAT_NDR}`);
    expect(checks[0]?.detail).toMatch(/^read `ibstat` \(lines 1–/);
    expect(lines(checks)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });

  it('a TUI pane (k9s/tmux) with box-drawing borders around each line', () => {
    const boxed = [
      '┌─ Shell: default/worker-0 ──────────────────────────────────────────┐',
      `│ root@worker-0:/# ibstat${' '.repeat(44)}│`,
      ...IBSTAT_NDR.trimEnd()
        .split('\n')
        .map((l) => `│ ${l.replace(/\t/g, '        ').padEnd(66)} │`),
      '└────────────────────────────────────────────────────────────────────┘',
    ].join('\n');
    const checks = read('ibstat', boxed);
    expect(checks[0]?.detail).toContain('read `ibstat`');
    expect(lines(checks)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
  });

  it('a prompt wrapped in markdown (`**user@host:~$ cmd**`) and a localised prompt and `ls`', () => {
    const md = `**quanmai@rhea:~/tools$ ibstat**\n${IBSTAT_NDR}`;
    expect(read('ibstat', md)[0]?.detail).toContain('read `ibstat`');
    const de = `benutzer@rechner-ü:~$ ls -l /dev/infiniband
insgesamt 0
crw-rw-rw- 1 root root 231,  64 Mär  3 10:12 issm0
crw-rw-rw- 1 root root  10,  58 Mär  3 10:12 rdma_cm
crw-rw-rw- 1 root root 231,   0 Mär  3 10:12 umad0
crw-rw-rw- 1 root root 231, 192 Mär  3 10:12 uverbs0
`;
    const checks = read('dev-infiniband', de);
    expect(checks[0]?.detail).toContain('read `ls -l /dev/infiniband`');
    expect(lines(checks)).toEqual(['ok rdma.devices', 'ok rdma.cm']);
  });

  it('a paste cut mid-line: the cut port is not shown, the whole one is judged', () => {
    const cut = `$ ibstat\n${IBSTAT_NDR}CA 'mlx5_1'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Act`;
    const checks = read('ibstat', cut);
    expect(lines(checks)).toEqual(['ok ib.port mlx5_0/1', 'skipped ib.port mlx5_1/1', 'ok ib.ports']);
    expect(checks.find((c) => c.subject === 'mlx5_1/1')?.detail).toContain('not shown');
  });
});

describe('2. "not shown" is never "absent" or "failed"', () => {
  it('an ibstat port block without its CA line is read; a lone mlx5_8 means mlx5_0–mlx5_7 are not shown', () => {
    const block = '...\nPort 1:\n                State: Down\n                Physical state: Polling\n...\n';
    // The `...` around the block is the author's elision: the rest is not shown (ib.elided); the Down/Polling port
    // with no LID warns (an uncabled spare polls as a cut cable does: src/classify/polling.test.ts).
    expect(lines(read('ibstat', block))).toEqual([
      'warn ib.port (CA not shown)/1',
      'fail ib.ports',
      'skipped ib.elided',
    ]);
    // Without an elision the block alone is a paste cut above its CA line: an Active port there is judged, and the
    // CA and any before it are not shown, so it never passes for the node.
    const active =
      'Port 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 400\n\t\tBase lid: 7\n\t\tSM lid: 1\n\t\tLink layer: InfiniBand\n';
    expect(lines(read('ibstat', active))).toEqual([
      'ok ib.port (CA not shown)/1',
      'ok ib.ports',
      'skipped ib.port (CA not shown)',
    ]);
    const lone =
      "CA 'mlx5_8'\n\tCA type: MT4125\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Down\n\t\tPhysical state: Disabled\n";
    const checks = read('ibstat', lone);
    expect(lines(checks)).toEqual(['warn ib.port mlx5_8/1', 'warn ib.ports']);
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toContain('mlx5_0–mlx5_7');
  });

  it('phys_port_cnt: 1 with no port section is "port not shown", not "no port found"', () => {
    const devinfo = `$ ibv_devinfo
hca_id:	mlx5_0
	transport:			InfiniBand (0)
	fw_ver:				28.39.1002
	node_guid:			946d:ae03:00a1:b2c4
	sys_image_guid:			946d:ae03:00a1:b2c4
	vendor_id:			0x02c9
	vendor_part_id:			4129
	hw_ver:				0x0
	board_id:			MT_0000000838
	phys_port_cnt:			1
`;
    const checks = read('ibv_devinfo', devinfo);
    expect(lines(checks)).toEqual(['skipped ib.port mlx5_0']);
    expect(checks[1]?.detail).toContain('port not shown');
    expect(verdict(checks)).toBe('unverified');
  });

  it('two grep-filtered commands in one paste: a module neither filter keeps is not shown', () => {
    const paste = `$ lsmod | grep gdrdrv
$ lsmod | grep mlx5
mlx5_ib               466944  0
mlx5_core            2023424  1 mlx5_ib
mlxfw                  32768  1 mlx5_core
`;
    const checks = read('lsmod', paste);
    const peer = checks.find((c) => c.id === 'gdr.peermem');
    expect(peer?.status).toBe('skipped');
    expect(peer?.detail).toContain('not shown');
  });

  it("an author's `...` / `[snip]` inside a GPU's links is not data: the link count is not judged", () => {
    const paste = `$ nvidia-smi nvlink --status
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-4c2f...)
	 Link 0: 26.562 GB/s
	 Link 1: 26.562 GB/s
	 ...
GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-9a1e...)
	 Link 0: 26.562 GB/s
	 [snip]
`;
    const checks = read('nvlink', paste);
    expect(lines(checks)).toEqual(['skipped nvlink.links GPU0', 'skipped nvlink.links GPU1']);
    expect(checks[1]?.detail).toContain('not shown');
  });

  it('rows cut off the end of a topo matrix are not shown, never "no NIC"', () => {
    const head = ['GPU0', 'GPU1', 'GPU2', 'NIC0', 'NIC1', 'NIC2'];
    const row = (g: string, cells: string[]) => `${g}\t${cells.join('\t')}\t0-31\t0`;
    const topo = [
      '$ nvidia-smi topo -m',
      `\t${head.join('\t')}\tCPU Affinity\tNUMA Affinity`,
      row('GPU0', ['X', 'NV12', 'NV12', 'PXB', 'SYS', 'SYS']),
      row('GPU1', ['NV12', 'X', 'NV12', 'SYS', 'PXB', 'SYS']),
      'GPU2\tNV12\tNV12',
    ].join('\n');
    const checks = read('topo', topo);
    expect(lines(checks)).toEqual(['skipped topo.cut', 'ok nvlink.topology', 'ok gdr.nic-affinity']);
    expect(checks.find((c) => c.id === 'gdr.nic-affinity')?.detail).toContain(
      'each of the 2 GPUs whose NIC cells are shown',
    );
  });

  it('a command that printed nothing is "printed nothing", not empty input', () => {
    const checks = read('ibstat', 'root@pod:/# ibstat\nroot@pod:/# \n');
    expect(lines(checks)).toEqual(['skipped ib.ibstat']);
    expect(checks[1]?.detail).toBe('`ibstat` (line 1) printed nothing: nothing to judge');
  });

  it("a banner's rules alone (its message line not pasted) are nothing printed, not an unreadable paste", () => {
    const checks = read('perftest', '$ ib_write_bw -d mlx5_0 -F\n\n****************\n****************\n');
    expect(lines(checks)).toEqual(['skipped verbs.perftest']);
    expect(checks[1]?.detail).toContain('printed nothing');
  });
});

describe('3. use the context the paste gives', () => {
  it('a nixlbench table whose largest block is 16 KiB is latency-bound: no bandwidth floor', () => {
    const log = `$ ./nixlbench --etcd-endpoints http://etcd:2379 --backend UCX --max_block_size 16384
Block Size (B)      Batch Size     B/W (GB/Sec)   Avg Lat. (us)  Avg Prep (us)  P99 Prep (us)  Avg Post (us)  P99 Post (us)  Avg Tx (us)    P99 Tx (us)
----------------------------------------------------------------------------------------------------------------------------------------------------------------
4096                1              0.958841       4.3            11.0           11.0           0.8            1.0            3.5            4.0
8192                1              1.745779       4.7            13.0           13.0           0.8            1.0            3.8            5.0
16384               1              2.912004       5.6            13.0           13.0           0.8            1.0            4.8            6.0
`;
    const bw = read('nixlbench', log).find((c) => c.id === 'nixlbench.bandwidth');
    expect(bw?.status).toBe('skipped');
    expect(bw?.detail).toContain('latency-bound');
    expect(bw?.detail).not.toContain('is below the floor');
  });

  it('a ucx_perftest client log (its command names the server) with no result rows is not "the server side"', () => {
    const log = `$ UCX_TLS=rc,cuda_copy ucx_perftest 10.0.0.2 -t tag_bw -m cuda -s 1048576 -n 1000
[1701234567.123456] [gpu-b:1234 :0]        perftest.c:1416 UCX  WARN  CPU affinity is not set (bound to 64 cpus). Performance may be impacted.
`;
    const run = read('ucx_perftest', log).find((c) => c.id === 'perftest.run');
    expect(run?.detail).toContain("client's log");
    expect(run?.detail).not.toContain('server side');
  });

  it('`nvidia-smi topo -mp` is a PCIe-only view: it says nothing about NVLink', () => {
    const topo = `$ nvidia-smi topo -mp
	GPU0	GPU1	NIC0	CPU Affinity	NUMA Affinity
GPU0	 X 	PIX	PXB	0-31	0
GPU1	PIX	 X 	PXB	0-31	0
NIC0	PXB	PXB	 X 

NIC Legend:

  NIC0: mlx5_0
`;
    const nv = read('topo', topo).find((c) => c.id === 'nvlink.topology');
    expect(nv?.status).toBe('skipped');
    expect(nv?.detail).not.toMatch(/if this was/);
  });
});

describe('4. failures without a summary line are failures', () => {
  it('gdrcopy_sanity aborting on pin assertions (Grace-Hopper, NVIDIA/gdrcopy#299 shape) fails', () => {
    const checks = read(
      'gdrcopy',
      `$ gdrcopy_sanity
Assertion "(gdr_pin_buffer(g, d_A[1], buffer_size, 0, 0, &A_mh[1])) == (0)" failed at sanity.cpp:446
Assertion "(gdr_pin_buffer(g, d_A, A_size, 0, 0, &A_mh)) == (0)" failed at sanity.cpp:354
`,
    );
    expect(lines(checks)).toEqual(['fail gdr.gdrcopy']);
    expect(checks[1]?.detail).toContain('before its summary line');
  });

  it('repeated gdr_open errors fail, naming gdrdrv', () => {
    const checks = read(
      'gdrcopy',
      `root@pod:/# gdrcopy_copybw
gdr_open error: Is gdrdrv driver installed and loaded?
gdr_open error: Is gdrdrv driver installed and loaded?
`,
    );
    expect(lines(checks)).toEqual(['fail gdr.gdrcopy']);
    expect(checks[1]?.fix).toContain('gdrdrv');
  });

  it('a libcheck summary that counts no failure beside failed assertions fails (NVIDIA/gdrcopy#126 shape)', () => {
    const checks = read(
      'gdrcopy',
      `$ ./tests/sanity
Running suite(s): Sanity
Assertion "!((g) == ((void*)0))" failed at sanity.cpp:181
Assertion "!((g) == ((void*)0))" failed at sanity.cpp:218
100%: Checks: 15, Failures: 0, Errors: 0
`,
    );
    expect(lines(checks)).toEqual(['fail gdr.gdrcopy']);
  });

  // The lines sanity's fork and negative tests print whether the run passes (NVIDIA/gdrcopy#137) or not
  // (EXCLUSIVE compute mode, NVIDIA/gdrcopy#276): they alone are not the failure P4 means.
  const NOISE = `Running suite(s): Sanity
ERR:  error Invalid argument(22) while mapping handle 7c00a0, rounded_size=69632 offset=0
DBG:  wc_mapping=1
CUDA error: CUDA_ERROR_INVALID_DEVICE
Assertion "CUDA_SUCCESS == result" failed at sanity.cpp:70
Assertion "(read(read_fd, &child_data, sizeof(int))) == (sizeof(int))" failed at sanity.cpp:1074
Assertion "sendfd(pair[1], fd) >= 0" failed at sanity.cpp:1595
`;

  it("the fork tests' lines alone, with no summary, are not judged either way", () => {
    const checks = read('gdrcopy', `$ gdrcopy_sanity\n${NOISE}`);
    expect(lines(checks)).toEqual(['skipped gdr.gdrcopy']);
    expect(checks[1]?.detail).toMatch(/fork and negative tests .* summary .* not shown/);
    expect(verdict(checks)).toBe('unverified');
  });

  it('beside them, one pin assertion fails; with them, the summary decides', () => {
    const pin = 'Assertion "(gdr_pin_buffer(g, d_ptr, size, 0, 0, &mh)) == (0)" failed at sanity.cpp:187\n';
    expect(lines(read('gdrcopy', `$ gdrcopy_sanity\n${NOISE}${pin}`))).toEqual(['fail gdr.gdrcopy']);
    expect(
      lines(read('gdrcopy', `$ gdrcopy_sanity\n${NOISE}Total: 28, Passed: 28, Failed: 0, Waived: 0\n`)),
    ).toEqual(['ok gdr.gdrcopy']);
    expect(
      lines(read('gdrcopy', `$ gdrcopy_sanity\n${NOISE}Total: 28, Passed: 20, Failed: 8, Waived: 0\n`)),
    ).toEqual(['fail gdr.gdrcopy']);
  });
});

describe('5. severity follows the consequence', () => {
  it('a 64 KiB memlock cap fails; 8 MiB warns', () => {
    expect(lines(read('memlock', '$ ulimit -l\n64\n'))).toEqual(['fail memlock.limit']);
    expect(lines(read('memlock', '$ ulimit -l\n8192\n'))).toEqual(['warn memlock.limit']);
  });

  it('a Disabled RoCE port warns (an unplugged mlx5 Ethernet port shows Disabled), never "ignored"', () => {
    const eth = `CA 'mlx5_2'
	CA type: MT4125
	Number of ports: 1
	Port 1:
		State: Down
		Physical state: Disabled
		Rate: 40
		Base lid: 0
		LMC: 0
		SM lid: 0
		Link layer: Ethernet
`;
    const checks = read('ibstat', `$ ibstat\n${IBSTAT_NDR}${eth}`);
    const port = checks.find((c) => c.subject === 'mlx5_2/1');
    expect(port?.status).toBe('warn');
    expect(port?.detail).not.toContain('ignored');
  });
});

describe('6. the verdict is the answer: the worst check and the verdict agree', () => {
  const cases: [ToolId, string][] = [
    ['memlock', '$ ulimit -l\n64\n'],
    ['memlock', '$ ulimit -l\nunlimited\n'],
    ['ibstat', IBSTAT_NDR],
    ['ibstat', 'root@pod:/# ibstat\nroot@pod:/# \n'],
    ['gdrcopy', '$ gdrcopy_copybw\ngdr_open error: Is gdrdrv driver installed and loaded?\n'],
  ];
  for (const [tool, text] of cases) {
    it(`${tool}: ${text.split('\n')[1]}`, () => {
      const checks = read(tool, text);
      const worst = checks.some((c) => c.status === 'fail')
        ? 'untrusted'
        : checks.some((c) => c.status === 'warn' || (c.status === 'skipped' && c.matters !== false))
          ? 'unverified'
          : 'trusted';
      expect(verdict(checks)).toBe(worst);
    });
  }
});
