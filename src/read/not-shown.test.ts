import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 2 ("not shown" is never "absent" or "failed") and 5 (severity follows the
 * consequence), each through the real read pipeline on a small paste in the tool's own format
 * (sources: references/read-evidence.md). Each pairs a part with the whole it was cut from, so
 * the rule cannot pass by never failing.
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;

const UCX_SELF = `#
# Memory domain: self
#     Component: self
#             register: unlimited, cost: 0 nsec
#
#      Transport: self
#         Device: memory
#           Type: loopback
#
`;
const UCX_TCP_HEAD = `#
# Memory domain: tcp
#     Component: tcp
#             register: unlimited, cost: 0 nsec
`;
const UCX_TCP_TL = `#
#      Transport: tcp
#         Device: eth0
#           Type: network
#
`;

describe('2. a paste cut inside a block shows a part: what lies past the cut is not shown', () => {
  it('ucx_info -d cut inside its tcp domain (before its transports): RDMA and CUDA not shown, never failed', () => {
    const cut = `$ ucx_info -d\n${UCX_SELF}${UCX_TCP_HEAD}#             reg`;
    const checks = read('ucx_info', cut);
    expect(lines(checks)).toEqual(['skipped ucx.rdma', 'skipped ucx.cuda']);
    expect(checks.find((c) => c.id === 'ucx.cuda')?.detail).toMatch(/ends inside the `tcp` memory domain/);
    // The same host's output whole (the tcp domain with its transport): no RDMA and no CUDA, both fail.
    expect(lines(read('ucx_info', `$ ucx_info -d\n${UCX_SELF}${UCX_TCP_HEAD}${UCX_TCP_TL}`))).toEqual([
      'fail ucx.rdma',
      'fail ucx.cuda',
    ]);
    // A domain UCX found no device for prints "< no supported devices found >": a whole block, not a cut.
    const none = `${UCX_SELF}${UCX_TCP_HEAD}${UCX_TCP_TL}# Memory domain: mlx5_0\n#     Component: ib\n#   < no supported devices found >\n`;
    expect(lines(read('ucx_info', `$ ucx_info -d\n${none}`))).toEqual(['fail ucx.rdma', 'fail ucx.cuda']);
  });

  const NIXL_BANNER = `$ docker run --gpus all nixlbench:dev nixlbench --etcd_endpoints http://localhost:2379 --backend UCX

==========
== CUDA ==
==========

NOTE: Mellanox network driver detected, but NVIDIA peer memory driver not
      detected.  Multi-node communication performance may be reduced.

Connecting to ETCD at http://localhost:2379
`;
  it('a nixlbench log that ends before its table, with no error, is not a failed run; the banner note is read', () => {
    const checks = read('nixlbench', NIXL_BANNER);
    expect(lines(checks)).toEqual(['skipped nixlbench.run', 'warn gdr.peermem']);
    expect(checks.find((c) => c.id === 'gdr.peermem')?.detail).toMatch(
      /banner \(line \d+\) .*no NVIDIA peer memory driver/,
    );
    expect(verdict(checks)).toBe('unverified');
    // The same log with the error nixlbench printed: a failure, read from its line.
    const failed = `${NIXL_BANNER}E0421 11:56:59.775353  709103 nixl_agent.cpp:322] createBackend: unsupported backend 'UCX'\n`;
    expect(lines(read('nixlbench', failed))[0]).toBe('fail nixlbench.run');
  });

  const PORT_DOWN = `        phys_port_cnt:                  1
                port:   1
                        state:                  PORT_DOWN (1)
                        max_mtu:                4096 (5)
                        active_mtu:             4096 (5)
                        sm_lid:                 0
                        port_lid:               65535
                        port_lmc:               0x00
                        link_layer:             InfiniBand
`;
  it('ibv_devinfo: a paste that starts inside a device block (cut above) never passes, however healthy its ports', () => {
    const active = PORT_DOWN.replace('PORT_DOWN (1)', 'PORT_ACTIVE (4)')
      .replace('sm_lid:                 0', 'sm_lid:                 1')
      .replace('port_lid:               65535', 'port_lid:               7');
    const whole = `$ ibv_devinfo\nhca_id: mlx5_0\n        transport:                      InfiniBand (0)\n${active}`;
    const cutAbove = active.split('\n').slice(1).join('\n');
    expect(verdictOf(read('ibv_devinfo', whole))).toBe('trusted');
    const checks = read('ibv_devinfo', cutAbove);
    expect(verdictOf(checks)).toBe('unverified');
    expect(checks.find((c) => c.status === 'skipped')?.detail).toMatch(/starts inside a device block/);
  });

  it('ibv_devinfo: a device cut before its ports, or a port block without its hca_id, leaves "no usable port" not shown', () => {
    const whole = `$ ibv_devinfo\nhca_id: mlx5_0\n        transport:                      InfiniBand (0)\n${PORT_DOWN}`;
    // Whole: the node's only port is Down (phys state not shown: Disabled or Polling), so no usable port.
    expect(lines(read('ibv_devinfo', whole))).toEqual(['warn ib.port mlx5_0/1', 'fail ib.ports']);
    const cutAfter = `${whole}\nhca_id: mlx5_1\n        transport:                      InfiniBand (0)\n        fw_ver:                         28.39.2048\n        node_guid:`;
    const checks = read('ibv_devinfo', cutAfter);
    // mlx5_1's ports are part of the question and not shown (principle 2): the verdict is not a pass either way.
    expect(lines(checks)).toEqual(['skipped ib.port mlx5_1', 'warn ib.port mlx5_0/1', 'warn ib.ports']);
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(/mlx5_1 without its port blocks/);
    const headless = PORT_DOWN.split('\n').slice(1).join('\n');
    expect(lines(read('ibv_devinfo', headless))).toEqual([
      'warn ib.port (hca_id not shown)/1',
      'warn ib.ports',
      'skipped ib.port (hca_id not shown)',
    ]);
  });

  it('ibstat: a CA the paste stops inside before its Port block is not shown; the CAs before it still pass', () => {
    const ca = (name: string, port: boolean) =>
      [
        `CA '${name}'`,
        '\tCA type: MT41692',
        '\tNumber of ports: 1',
        '\tFirmware version: 32.39.3804',
        ...(port
          ? [
              '\tPort 1:',
              '\t\tState: Active',
              '\t\tPhysical state: LinkUp',
              '\t\tRate: 200',
              '\t\tLink layer: Ethernet',
            ]
          : []),
      ].join('\n');
    const checks = read('ibstat', `${ca('mlx5_bond_0', true)}\n${ca('mlx5_bond_1', false)}`);
    expect(lines(checks)).toContain('skipped ib.port mlx5_bond_1');
    expect(lines(checks)).toContain('ok ib.port mlx5_bond_0/1');
    expect(verdict(checks)).toBe('unverified');
  });

  it('an `rdma link` line cut mid-word: the physical state is not shown, so an IB port Down warns, never fails', () => {
    const head = `$ rdma link
link mlx5_0/1 subnet_prefix fe80:0000:0000:0000 lid 3 sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP
link mlx5_1/1 subnet_prefix fe80:0000:0000:0000 lid 65535 sm_lid 0 lmc 0 state DOWN physical_`;
    expect(lines(read('rdma-link', head))).toEqual([
      'ok ib.port mlx5_0/1',
      'warn ib.port mlx5_1/1',
      'ok ib.ports',
    ]);
    // Whole, the line says Polling: no link partner, a failure.
    expect(lines(read('rdma-link', `${head}state POLLING\n`))).toContain('fail ib.port mlx5_1/1');
  });
});

describe('5. severity follows the consequence', () => {
  it('ibdev2netdev: the only RDMA device listed (in a pod, all it was granted) Down is no RDMA at all', () => {
    const pod = `[root@sample-pod-4-5bddf8c4b4-hf49j /]# ibdev2netdev\nmlx5_3 port 1 ==> net1 (Down)\n`;
    const checks = read('rdma-link', pod);
    expect(lines(checks)).toEqual(['warn ib.port mlx5_3/1', 'fail ib.ports']);
    expect(verdict(checks)).toBe('untrusted');
    // One device Up beside it: a usable path exists.
    expect(lines(read('rdma-link', `${pod}mlx5_4 port 1 ==> net2 (Up)\n`))).toEqual([
      'warn ib.port mlx5_3/1',
      'ok ib.port mlx5_4/1',
      'ok ib.ports',
    ]);
    // A filter after it may hide other devices: not shown.
    const grep = `$ ibdev2netdev | grep mlx5_3\nmlx5_3 port 1 ==> net1 (Down)\n`;
    expect(lines(read('rdma-link', grep))).toEqual(['warn ib.port mlx5_3/1', 'skipped ib.ports']);
  });

  const ca = (n: number, type: string, state: string, phys: string, rate: number, card = n) => `CA 'mlx5_${n}'
	CA type: ${type}
	Number of ports: 1
	Firmware version: 28.39.1002
	System image GUID: 0xa088c20300ad00${String(card).padStart(2, '0')}
	Port 1:
		State: ${state}
		Physical state: ${phys}
		Rate: ${rate}
		Base lid: 0
		SM lid: 0
		Link layer: Ethernet
`;
  it('ibstat: identical 400G RoCE rails with two Disabled is two GPUs without their rail (fail); a lone twin warns', () => {
    const rails = Array.from({ length: 8 }, (_, i) =>
      i === 3 || i === 5 ? ca(i, 'MT4129', 'Down', 'Disabled', 40) : ca(i, 'MT4129', 'Active', 'LinkUp', 400),
    ).join('');
    const checks = read('ibstat', `$ ibstat\n${rails}`);
    expect(lines(checks).filter((l) => !l.startsWith('ok'))).toEqual([
      'fail ib.port mlx5_3/1',
      'fail ib.port mlx5_5/1',
    ]);
    expect(checks.find((c) => c.subject === 'mlx5_3/1')?.detail).toMatch(
      /GPU it serves has no rail of its own/,
    );
    // One rail and its twin Disabled: no set of rails shows a GPU losing its own, so a warning.
    const pair = `$ ibstat\n${ca(0, 'MT4129', 'Active', 'LinkUp', 400)}${ca(1, 'MT4129', 'Down', 'Disabled', 40)}`;
    expect(lines(read('ibstat', pair))).toEqual([
      'ok ib.port mlx5_0/1',
      'warn ib.port mlx5_1/1',
      'ok ib.ports',
    ]);
    // The same two as second ports of cards whose first port is Active (one system image GUID per card,
    // each port its own device): spare ports of cards in use, not GPUs without a rail.
    const duals = Array.from({ length: 8 }, (_, i) =>
      i === 3 || i === 5
        ? ca(i, 'MT4129', 'Down', 'Disabled', 40, i - 1)
        : ca(i, 'MT4129', 'Active', 'LinkUp', 400),
    ).join('');
    expect(lines(read('ibstat', `$ ibstat\n${duals}`)).filter((l) => !l.startsWith('ok'))).toEqual([
      'warn ib.port mlx5_3/1',
      'warn ib.port mlx5_5/1',
    ]);
    // A Disabled port of another model (a front-end NIC) beside the rails stays a warning.
    const front = `$ ibstat\n${rails
      .replace(/Down/g, 'Active')
      .replace(/Disabled/g, 'LinkUp')
      .replace(/Rate: 40\n/g, 'Rate: 400\n')}${ca(8, 'MT4125', 'Down', 'Disabled', 40)}`;
    expect(lines(read('ibstat', front)).filter((l) => !l.startsWith('ok'))).toEqual([
      'warn ib.port mlx5_8/1',
    ]);
  });
});

describe('2. a field the verdict needs, cut off: the port is not judged on a guess', () => {
  const port = (tail: string) => `$ ibstat
CA 'bnxt_re0'
	CA type: 
	Number of ports: 1
	Firmware version: 224.0.110.0
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x001d0000
${tail}`;
  it('ibstat cut before "Link layer": LID 0 is not read as an InfiniBand port with no LID', () => {
    expect(lines(read('ibstat', port('\t\tPort GUID: 0x8e8')))).toEqual([
      'warn ib.port bnxt_re0/1',
      'skipped ib.ports',
    ]);
    // Whole, the link layer decides: RoCE has no LID and is fine; InfiniBand without one fails.
    expect(
      lines(read('ibstat', port('\t\tPort GUID: 0x8e8474fffe1f2550\n\t\tLink layer: Ethernet\n'))),
    ).toEqual(['ok ib.port bnxt_re0/1', 'ok ib.ports']);
    expect(
      lines(read('ibstat', port('\t\tPort GUID: 0x8e8474fffe1f2550\n\t\tLink layer: InfiniBand\n'))),
    ).toEqual(['fail ib.port bnxt_re0/1', 'fail ib.ports']);
  });
});

describe('2. dmesg: a clean gdrdrv load says nothing of the peer-memory module', () => {
  it('gdrdrv loading is GDRCopy, not nvidia_peermem: gdr.peermem stays not shown; a peermem line decides', () => {
    const gdrdrv = `# modprobe gdrdrv
[691802.796281] gdrdrv:gdrdrv_init:loading gdrdrv version 2.5 built for proprietary NVIDIA driver
[691802.796286] gdrdrv:gdrdrv_init:device registered with major number 490
`;
    expect(lines(read('dmesg', gdrdrv))).toEqual(['ok gdr.gdrdrv', 'skipped gdr.peermem']);
    const peermem = `$ dmesg | grep -i peer\n[   12.345678] nvidia_peermem: loading out-of-tree module taints kernel.\n[   12.400000] nvidia_peermem: module loaded\n`;
    expect(lines(read('dmesg', peermem))).toEqual(['ok gdr.peermem']);
  });
});

describe('2. show_gids cut after its header: no row is not "no GID"', () => {
  const head = `$ show_gids\nDEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n`;
  it('without its n_gids_found line the rows are not shown; with n_gids_found=0 there is no GID', () => {
    expect(lines(read('show_gids', head))).toEqual(['skipped rdma.gid']);
    expect(lines(read('show_gids', `${head}n_gids_found=0\n`))).toEqual(['fail rdma.gid']);
  });
});

describe('2. a port cut after its state: Active alone is not usable; a fault shown still fails', () => {
  // ibstat.c port_dump prints State, Physical state, Rate, Base lid, LMC, SM lid, Capability mask,
  // Port GUID, Link layer in that order: a paste that stops after `Physical state:` shows none of
  // what decides whether an Active port is usable (its kind, its LID, its rate).
  const ca = (name: string, port: string) =>
    `CA '${name}'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.41.1000\n\tPort 1:\n${port}`;
  const whole =
    '\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 400\n\t\tBase lid: 975\n\t\tLMC: 0\n\t\tSM lid: 1165\n\t\tCapability mask: 0xa751e848\n\t\tPort GUID: 0x9c63c003005548fe\n\t\tLink layer: InfiniBand\n';
  const cut = '\t\tState: Active\n\t\tPhysical state: LinkUp';
  const down = whole.replace('Active', 'Down').replace('LinkUp', 'Polling');

  it('ibstat: the last CA cut after `Physical state: LinkUp` is not shown, never "usable": NOT FULLY JUDGED', () => {
    const checks = read('ibstat', `$ ibstat\n${ca('mlx5_0', whole)}${ca('mlx5_1', cut)}`);
    expect(lines(checks)).toEqual(['ok ib.port mlx5_0/1', 'skipped ib.port mlx5_1/1', 'ok ib.ports']);
    expect(checks.find((c) => c.subject === 'mlx5_1/1')?.detail).toMatch(
      /^port Active\/LinkUp, but its rate, link layer and LID are not shown/,
    );
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toBe('1 of 1 port usable; 1 not shown');
    expect(verdict(checks)).toBe('unverified');
    // Whole, the same CA is judged and passes.
    expect(verdict(read('ibstat', `$ ibstat\n${ca('mlx5_0', whole)}${ca('mlx5_1', whole)}`))).toBe('trusted');
  });

  it('ibstat: a Down port shown beside the cut one still fails; the node-wide count is not shown', () => {
    const checks = read('ibstat', `$ ibstat\n${ca('mlx5_0', down)}${ca('mlx5_1', cut)}`);
    expect(lines(checks)).toEqual(['fail ib.port mlx5_0/1', 'skipped ib.port mlx5_1/1', 'warn ib.ports']);
    // The paste ends inside mlx5_1's port block (no `Link layer:` line, which mlx5_0's has): the CAs after it
    // are not shown either, so the node-wide count is not shown.
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(
      /^the one port shown is not usable, but this paste is only part of the output \(it ends inside port 1 of mlx5_1, before its `Link layer:` line\)/,
    );
    expect(verdict(checks)).toBe('untrusted');
  });

  // devinfo.c print_hca_cap: state, max_mtu, active_mtu, sm_lid, port_lid, port_lmc, link_layer.
  const hca = (name: string, port: string) =>
    `hca_id:\t${name}\n\ttransport:\t\t\tInfiniBand (0)\n\tfw_ver:\t\t\t\t28.41.1000\n\tvendor_id:\t\t\t0x02c9\n\tvendor_part_id:\t\t\t4129\n\tphys_port_cnt:\t\t\t1\n\t\tport:\t1\n${port}`;
  const active = (tail: string) => `\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tmax_mtu:\t\t4096 (5)\n${tail}`;
  const rest =
    '\t\t\tactive_mtu:\t\t4096 (5)\n\t\t\tsm_lid:\t\t\t1\n\t\t\tport_lid:\t\t12\n\t\t\tport_lmc:\t\t0x00\n\t\t\tlink_layer:\t\tInfiniBand\n';

  it('ibv_devinfo cut at max_mtu: the port is not shown (no port_lid, no link_layer), never passed', () => {
    const checks = read('ibv_devinfo', `> ibv_devinfo\n${hca('mlx5_0', active(''))}`);
    expect(lines(checks)).toEqual(['skipped ib.port mlx5_0/1', 'skipped ib.ports']);
    expect(verdict(checks)).toBe('unverified');
    // Whole (plain ibv_devinfo prints no rate), the LID and link layer judge it.
    expect(lines(read('ibv_devinfo', `> ibv_devinfo\n${hca('mlx5_0', active(rest))}`))).toEqual([
      'ok ib.port mlx5_0/1',
      'ok ib.ports',
    ]);
    // A PORT_DOWN port shown before the cut one is still judged (a warning: plain ibv_devinfo shows no
    // physical state, so Disabled and Polling look alike), and the node-wide count is not shown.
    const downPort = `\t\t\tstate:\t\t\tPORT_DOWN (1)\n\t\t\tmax_mtu:\t\t4096 (5)\n${rest}`;
    const both = read('ibv_devinfo', `$ ibv_devinfo\n${hca('mlx5_0', downPort)}${hca('mlx5_1', active(''))}`);
    expect(lines(both)).toEqual(['warn ib.port mlx5_0/1', 'skipped ib.port mlx5_1/1', 'warn ib.ports']);
  });

  it('ibstatus prints the LIDs before the state: cut after `state:`, a LID shown still judges the port', () => {
    // infiniband-diags/scripts/ibstatus: default gid, base lid, sm lid, state, phys state, rate, link_layer.
    const head = `$ ibstatus\nInfiniband device 'mlx5_0' port 1 status:\n\tdefault gid:\t fe80:0000:0000:0000:9c63:c003:0055:48fe\n`;
    expect(
      lines(read('ibstatus', `${head}\tbase lid:\t 0x3cf\n\tsm lid:\t\t 0x48d\n\tstate:\t\t 4: ACTIVE\n`)),
    ).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
    // Cut before the state: nothing of the port is judged.
    expect(lines(read('ibstatus', `${head}\tbase lid:\t 0x3cf\n`))).toEqual([
      'skipped ib.port mlx5_0/1',
      'skipped ib.ports',
    ]);
  });

  it('rdma link in a pod: no LID and no netdev on a whole line is a non-InfiniBand port, judged, not "not shown"', () => {
    // The kernel reports a LID for InfiniBand ports only and a netdev only in the caller's namespace.
    const checks = read(
      'rdma-link',
      '$ rdma link show\nlink mlx5_0/1 state ACTIVE physical_state LINK_UP \n',
    );
    expect(lines(checks)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
    expect(checks.find((c) => c.id === 'ib.port')?.detail).toMatch(/^non-InfiniBand .* no LID needed$/);
  });
});

describe('a ucx_perftest server cut before its table (b23)', () => {
  it('"Waiting for connection..." and "Accepted connection from" are the server of a run whose rows are not shown', () => {
    const text = [
      '[1712000000.100000] [gpu-a:4242 :0]        init.c:122  UCX  DEBUG cmd line: ucx_perftest -c 2',
      'Waiting for connection...',
      'Accepted connection from 10.0.0.7:51514',
      '+--------------------------------------------------',
    ].join('\n');
    const checks = read('ucx_perftest', text);
    expect(verdict(checks)).toBe('unverified');
  });

  it('the same server with its client rows after it is read in full', () => {
    const text = [
      'Waiting for connection...',
      'Accepted connection from 10.0.0.7:51514',
      '+--------------+--------------+------------------------------+---------------------+-----------------------+',
      '|              |              |       overhead (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |',
      '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
      '|    Stage     | # iterations | 50.0%ile | average | overall |  average |  overall |  average  |  overall  |',
      '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
      'Final:                  1000      0.240  1675.942  1671.351    23615.58   23743.62         597         598',
    ].join('\n');
    expect(lines(read('ucx_perftest', text)).join('\n')).not.toMatch(/skipped perftest\.run/);
  });
});

describe('a perftest server waiting for its client (b25)', () => {
  const box = [
    '',
    '************************************',
    '* Waiting for client to connect... *',
    '************************************',
    '',
  ];
  it('the `Waiting for client to connect...` box alone is the server side of a run whose rows are not shown', () => {
    const checks = read('perftest', ['$ ib_write_bw -d mlx5_0  -F --report_gbits ', ...box].join('\n'));
    expect(lines(checks)).toEqual(['skipped verbs.run']);
    expect(checks.at(-1)?.detail).toContain('the server side, waiting for its client to connect');
    expect(verdict(checks)).toBe('unverified');
  });
  it('the same server once its client has run is judged on its rows', () => {
    const run = [
      '$ ib_write_bw -d mlx5_0 -F --report_gbits',
      ...box,
      '                    RDMA_Write BW Test',
      ' Number of qps   : 1\t\tTransport type : IB',
      ' Link type       : IB',
      ' #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]',
      ' 65536      5000             96.53              96.50  \t\t   0.184051',
    ].join('\n');
    expect(lines(read('perftest', run))).not.toContain('skipped verbs.run');
  });
});

describe("principle 5: UCX's own word that it has no CUDA transport (b23)", () => {
  const TABLE = [
    '+--------------+--------------+------------------------------+---------------------+-----------------------+',
    '|              |              |       overhead (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |',
    '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
    '|    Stage     | # iterations | 50.0%ile | average | overall |  average |  overall |  average  |  overall  |',
    '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
  ];
  const FINAL =
    'Final:                    10      0.180  8000.000  8000.000    12000.00   12000.00         125         125';
  it('"cuda_copy is not available" with no cuda transport offered fails ucx.cuda, whatever the host-memory figure', () => {
    const text = [
      '$ UCX_TLS=rc,cuda_copy ucx_perftest 10.0.0.2 -t tag_bw -m host -s 100000000 -n 10',
      ...TABLE,
      "[1751000000.000001] [node-b:1001:0]     ucp_context.c:1321 UCX  WARN  transport 'cuda_copy' is not available, please use one or more of: cma, rc, rc_mlx5, rc_verbs, self, sm, tcp, ud",
      FINAL,
    ].join('\n');
    expect(lines(read('ucx_perftest', text))).toContain('fail ucx.cuda');
  });

  it('the same warning when UCX offers another cuda transport is not "no CUDA"', () => {
    const text = [
      '$ UCX_TLS=rc,cuda_ipc ucx_perftest 10.0.0.2 -t tag_bw -m host -s 100000000 -n 10',
      ...TABLE,
      "[1751000000.000001] [node-b:1001:0]     ucp_context.c:1321 UCX  WARN  transport 'cuda_ipc' is not available, please use one or more of: cuda_copy, rc, rc_mlx5, self, sm, tcp",
      FINAL,
    ].join('\n');
    expect(lines(read('ucx_perftest', text)).join('\n')).not.toMatch(/fail ucx\.cuda/);
  });
});

describe('principle 5: each RoCE port in show_gids is judged, not the table as a whole (b23)', () => {
  const HEAD = [
    'DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV',
    '---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---',
  ];
  const ROUTED = [
    'mlx5_1\t1\t0\tfe80:0000:0000:0000:1e34:daff:fe00:0101\t\t\tv1\tens2f1',
    'mlx5_1\t1\t1\tfe80:0000:0000:0000:1e34:daff:fe00:0101\t\t\tv2\tens2f1',
    'mlx5_1\t1\t2\t0000:0000:0000:0000:0000:ffff:0a00:0002\t10.0.0.2  \tv1\tens2f1',
    'mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a00:0002\t10.0.0.2  \tv2\tens2f1',
  ];
  it('a port whose netdev gives it only link-local GIDs is a warning beside a routed one', () => {
    const text = [
      ...HEAD,
      'mlx5_0\t1\t0\tfe80:0000:0000:0000:1e34:daff:fe00:0100\t\t\tv1\tens2f0',
      'mlx5_0\t1\t1\tfe80:0000:0000:0000:1e34:daff:fe00:0100\t\t\tv2\tens2f0',
      ...ROUTED,
      'n_gids_found=6',
    ].join('\n');
    const checks = read('show_gids', text);
    expect(lines(checks)).toContain('warn rdma.gid.port');
    expect(verdict(checks)).toBe('unverified');
  });

  it('every port routed (and an InfiniBand port without a netdev) is no warning', () => {
    const text = [
      ...HEAD,
      ...ROUTED,
      'mlx5_5\t1\t0\tfe80:0000:0000:0000:0cc4:7a03:00b6:a0b4\t\t\tv1',
      'n_gids_found=5',
    ].join('\n');
    expect(verdict(read('show_gids', text))).toBe('trusted');
  });
});

describe('2. `nvidia-smi nvlink -c` says what each link supports, not whether it is up (b25)', () => {
  const caps = (link: number) =>
    [
      `         Link ${link}, P2P is supported: true`,
      `         Link ${link}, Access to system memory supported: true`,
      `         Link ${link}, P2P atomics supported: true`,
      `         Link ${link}, System memory atomics supported: true`,
      `         Link ${link}, SLI is supported: false`,
      `         Link ${link}, Link is supported: false`,
    ].join('\n');
  const head = 'GPU 0: Tesla V100-SXM2-32GB (UUID: GPU-45a9e850-260d-2a2c-dfab-376b0308a22f)';
  it('capability lines only: the link state is not shown, never "no NVLink reported"', () => {
    const paste = `$ nvidia-smi nvlink --capabilities -i 0\n${head}\n${[0, 1, 2, 3, 4, 5].map(caps).join('\n')}\n`;
    const checks = read('nvlink', paste);
    expect(lines(checks)).toEqual(['skipped nvlink.links GPU0']);
    expect(checks.at(-1)?.detail).toContain('36 capability lines (`nvidia-smi nvlink -c`)');
    expect(verdict(checks)).toBe('unverified');
  });
  it('the same GPU under `nvlink -s` is judged: six links up, and one inactive fails', () => {
    const status = (l5: string) =>
      `$ nvidia-smi nvlink -s -i 0\n${head}\n${[0, 1, 2, 3, 4].map((l) => `         Link ${l}: 25.781 GB/s`).join('\n')}\n         Link 5: ${l5}\n`;
    expect(verdict(read('nvlink', status('25.781 GB/s')))).toBe('trusted');
    expect(verdict(read('nvlink', status('<inactive>')))).toBe('untrusted');
  });
});
