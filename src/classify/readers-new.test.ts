import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { rollUp } from '../core/verdict.js';
import { parseNcclTests } from '../parsers/nccl-tests.js';
import { parsePerftest } from '../parsers/perftest.js';
import { readPasted } from '../read/tools.js';

/** New readers (issue 38), through the real read pipeline, on output in each tool's own format. */
const lines = (checks: Check[]) =>
  checks.filter((c) => c.id !== 'read.input').map((c) => `${c.status} ${c.id}`);

// perftest src/perftest_parameters.c print_report_bw / RESULT_FMT_G (--report_gbits), multi-QP, NDR.
const WRITE_BW_4QP = `$ ib_write_bw -d mlx5_0 -q 4 --report_gbits -s 1048576 10.0.0.1
---------------------------------------------------------------------------------------
                    RDMA_Write BW Test
 Dual-port       : OFF		Device         : mlx5_0
 Number of qps   : 4		Transport type : IB
 Connection type : RC		Using SRQ      : OFF
 PCIe relax order: ON
 ibv_wr* API     : ON
 TX depth        : 128
 CQ Moderation   : 1
 Mtu             : 4096[B]
 Link type       : IB
 Max inline data : 0[B]
 rdma_cm QPs	 : OFF
 Data ex. method : Ethernet
---------------------------------------------------------------------------------------
 local address: LID 0x0c QPN 0x0046 PSN 0x5ae8b RKey 0x1fffbd VAddr 0x007f1d6f1a0000
 remote address: LID 0x0d QPN 0x0046 PSN 0xc3f8f RKey 0x1fffbd VAddr 0x007f7f3c6d0000
---------------------------------------------------------------------------------------
 #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
 1048576    20000            392.41             392.28		   0.046763
---------------------------------------------------------------------------------------
`;

describe('perftest (ib_write_bw, ib_read_bw, ib_send_bw, _lat)', () => {
  it('reads Gb/sec (--report_gbits), multi-QP and the device; judges against --line-rate', () => {
    const p = parsePerftest(WRITE_BW_4QP);
    expect(p).toMatchObject({
      test: 'RDMA_Write BW',
      kind: 'bw',
      device: 'mlx5_0',
      qps: 4,
      linkType: 'IB',
      unit: 'Gb/sec',
      server: '10.0.0.1',
    });
    expect(p.rows[0]).toMatchObject({ bytes: 1048576, avgGBps: 49.035 });
    const at400 = readPasted('perftest', WRITE_BW_4QP, { expect: 'any', lineRateGbps: 400, rails: 1 }).checks;
    expect(lines(at400)).toEqual(['ok verbs.run', 'ok verbs.bandwidth']);
    // Without a line rate the figure is above the floor but not judged against the link.
    const bare = readPasted('perftest', WRITE_BW_4QP, { expect: 'any' }).checks;
    expect(lines(bare)).toEqual(['ok verbs.run', 'warn verbs.bandwidth']);
    expect(rollUp(bare).status).toBe('unverified');
  });

  it('MiB/sec (MB/sec before 4.5) is 2^20 bytes: 11733 MB/s is ~98 Gb/s, half of a 200G port fails', () => {
    const old = `---------------------------------------------------------------------------------------
                    RDMA_Read BW Test
 Dual-port       : OFF		Device         : mlx5_1
 Number of qps   : 1		Transport type : IB
 Connection type : RC		Using SRQ      : OFF
 Link type       : Ethernet
 GID index       : 3
---------------------------------------------------------------------------------------
 #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]
 65536      1000             11734.27            11733.53		   0.187737
---------------------------------------------------------------------------------------
`;
    const checks = readPasted('perftest', old, { expect: 'any', lineRateGbps: 200, rails: 1 }).checks;
    expect(lines(checks)).toEqual(['ok verbs.run', 'fail verbs.bandwidth']);
    expect(checks.find((c) => c.id === 'verbs.bandwidth')?.detail).toContain('(98 Gb/s)');
  });

  it('a bidirectional test is judged per direction; a post-list title still names the test', () => {
    const bidi = WRITE_BW_4QP.replace(
      'RDMA_Write BW Test',
      'RDMA_Write Bidirectional Post List BW Test',
    ).replace('392.28', '784.40');
    const p = parsePerftest(bidi);
    expect(p).toMatchObject({ test: 'RDMA_Write BW', bidirectional: true });
    const bw = readPasted('perftest', bidi, { expect: 'any', lineRateGbps: 400, rails: 1 }).checks.find(
      (c) => c.id === 'verbs.bandwidth',
    );
    expect(bw?.status).toBe('ok');
    expect(bw?.detail).toContain('per direction');
  });

  it('a client that could not connect fails with its line and a fix', () => {
    const checks = readPasted(
      'perftest',
      `$ ib_send_bw -d mlx5_0 192.168.1.20
Couldn't connect to 192.168.1.20:18515
Unable to open file descriptor for socket connection Unable to init the socket connection
`,
      { expect: 'any' },
    ).checks;
    expect(lines(checks)).toEqual(['fail verbs.run']);
    expect(checks[1]?.fix).toContain('18515');
  });

  it('latency: t_typical of small messages within 10 µs is ok, above warns', () => {
    const lat = (
      t: string,
    ) => `---------------------------------------------------------------------------------------
                    RDMA_Write Latency Test
 Dual-port       : OFF		Device         : mlx5_0
 Number of qps   : 1		Transport type : IB
 Link type       : IB
---------------------------------------------------------------------------------------
 #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] 
 2       1000          0.98           3.39         ${t}     	       1.07        	0.07   		1.22    		3.39   
---------------------------------------------------------------------------------------
`;
    expect(lines(readPasted('perftest', lat('1.03'), { expect: 'any' }).checks)).toEqual([
      'ok verbs.run',
      'ok verbs.latency',
    ]);
    expect(lines(readPasted('perftest', lat('14.20'), { expect: 'any' }).checks)).toEqual([
      'ok verbs.run',
      'warn verbs.latency',
    ]);
  });
});

// nccl-tests src/util.cu writeResultHeader / per-row PRINT, Open MPI --tag-output prefixes.
const TWO_NODES = `[1,0]<stdout>:# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
[1,0]<stdout>:#
[1,0]<stdout>:# Using devices
[1,0]<stdout>:#  Rank  0 Group  0 Pid  41234 on    node-a device  0 [0x18] NVIDIA H100 80GB HBM3
[1,0]<stdout>:#  Rank  1 Group  0 Pid  41235 on    node-a device  1 [0x2a] NVIDIA H100 80GB HBM3
[1,0]<stdout>:#  Rank  2 Group  0 Pid  51234 on    node-b device  0 [0x18] NVIDIA H100 80GB HBM3
[1,0]<stdout>:#  Rank  3 Group  0 Pid  51235 on    node-b device  1 [0x2a] NVIDIA H100 80GB HBM3
[1,0]<stdout>:node-a:41234:41234 [0] NCCL INFO Using network IB
[1,0]<stdout>:node-a:41234:41290 [0] NCCL INFO Channel 00/0 : 2[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
[1,0]<stdout>:#
[1,0]<stdout>:#                                                              out-of-place                       in-place          
[1,0]<stdout>:#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
[1,0]<stdout>:#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
[1,0]<stdout>:           8             2     float     sum      -1    32.06    0.00    0.00      0    31.12    0.00    0.00      0
[1,0]<stdout>:   134217728      33554432     float     sum      -1   1412.5   95.02  142.53      0   1409.8   95.20  142.80      0
[1,0]<stdout>:  8589934592    2147483648     float     sum      -1    87000   98.73  148.10      0    86950   98.79  148.19      0
[1,0]<stdout>:# Out of bounds values : 0 OK
[1,0]<stdout>:# Avg bus bandwidth    : 96.2207 
[1,0]<stdout>:#
`;

describe('nccl-tests (all_reduce_perf and friends)', () => {
  it('reads rows through mpirun rank prefixes; busbw against --line-rate × --rails of the nodes', () => {
    const p = parseNcclTests(TWO_NODES);
    expect(p.ranks.map((r) => r.host)).toEqual(['node-a', 'node-a', 'node-b', 'node-b']);
    expect(p.rows).toHaveLength(3);
    expect(p.rows[2]).toMatchObject({ bytes: 8589934592, busbw: 148.1, busbwInPlace: 148.19, wrong: 0 });
    expect(p.via.gdrdma).toBe(1);
    // 2 GPUs per node, one 400G NIC each: 2 × 50 GB/s; 148 GB/s is above the NICs (NVLS/SHARP): ok.
    const ok = readPasted('nccl-tests', TWO_NODES, { expect: 'any', lineRateGbps: 400, rails: 2 }).checks;
    expect(lines(ok)).toEqual(['ok nccl.run', 'ok nccl.busbw', 'ok nccl.transport']);
    const slow = readPasted('nccl-tests', TWO_NODES, { expect: 'any', lineRateGbps: 400, rails: 8 }).checks;
    expect(lines(slow)).toEqual(['ok nccl.run', 'fail nccl.busbw', 'ok nccl.transport']);
  });

  it('wrong values fail whatever the bandwidth; TCP sockets across nodes fail', () => {
    const wrong = TWO_NODES.replace('98.79  148.19      0', '98.79  148.19      3');
    expect(lines(readPasted('nccl-tests', wrong, { expect: 'any' }).checks)[0]).toBe('fail nccl.run');
    const socket = TWO_NODES.replace('Using network IB', 'Using network Socket').replace(
      'NET/IB/0/GDRDMA',
      'NET/Socket/0',
    );
    expect(lines(readPasted('nccl-tests', socket, { expect: 'any' }).checks)).toContain(
      'fail nccl.transport',
    );
  });

  it('the libfabric plugin on a sockets provider (`tcp;ofi_rxm`) is TCP between the nodes, its `via NET/…` channels too', () => {
    // aws-ofi-nccl src/nccl_ofi_net.c: NCCL_OFI_INFO(… "Selected Provider is %s", fabric_attr->prov_name).
    const ofi = (provider: string) =>
      TWO_NODES.replace(
        'NCCL INFO Using network IB',
        `NCCL INFO NET/OFI Selected Provider is ${provider}`,
      ).replace('via NET/IB/0/GDRDMA', 'via NET/AWS Libfabric/0');
    const tcp = readPasted('nccl-tests', ofi('tcp;ofi_rxm'), { expect: 'any' }).checks;
    expect(lines(tcp)).toContain('fail nccl.transport');
    expect(tcp.find((c) => c.id === 'nccl.transport')?.detail).toContain('`tcp;ofi_rxm` provider');
    // EFA (and `efa (found 4 nics)` in newer plugins) is RDMA: its channels are judged as network channels.
    for (const rdma of ['efa', 'efa (found 4 nics)', 'verbs;ofi_rxm'])
      expect(lines(readPasted('nccl-tests', ofi(rdma), { expect: 'any' }).checks)).not.toContain(
        'fail nccl.transport',
      );
  });

  it('one node: busbw is NVLink/PCIe, reported not judged', () => {
    const one = TWO_NODES.replace(/node-b/g, 'node-a').replace(/.*NCCL INFO.*\n/g, '');
    const checks = readPasted('nccl-tests', one, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['ok nccl.run', 'skipped nccl.busbw']);
    expect(rollUp(checks).status).toBe('trusted');
  });

  it('a run that died in init (Test NCCL failure) fails', () => {
    const dead = `$ mpirun -np 16 ./build/all_reduce_perf -b 8 -e 8G -f 2 -g 1
# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
node-a:41234:41234 [0] NCCL INFO NET/IB : No device found.
node-a: Test NCCL failure common.cu:1005 'unhandled system error (run with NCCL_DEBUG=INFO for details)'
`;
    // NET/IB found no device: with no rank lines the nodes are not known, so sockets are a failure too.
    expect(lines(readPasted('nccl-tests', dead, { expect: 'any' }).checks)).toEqual([
      'fail nccl.run',
      'fail nccl.transport',
    ]);
  });
});

describe('rdma link show and ibdev2netdev', () => {
  it('rdma link ports are judged as ibstat ports (iproute2 rdma/link.c fields)', () => {
    const out = `$ rdma link show
link mlx5_0/1 subnet_prefix fe80:0000:0000:0000 lid 12 sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP 
link mlx5_1/1 subnet_prefix fe80:0000:0000:0000 lid 65535 sm_lid 0 lmc 0 state DOWN physical_state POLLING 
link mlx5_2/1 state DOWN physical_state DISABLED netdev ens1f0 
link rxe0/1 state ACTIVE physical_state LINK_UP netdev eth0 
`;
    const checks = readPasted('rdma-link', out, { expect: 'any' }).checks;
    expect(checks.filter((c) => c.id === 'ib.port').map((c) => `${c.status} ${c.subject}`)).toEqual([
      'ok mlx5_0/1',
      'fail mlx5_1/1',
      'warn mlx5_2/1',
      'fail rxe0/1',
    ]);
  });

  it('ibdev2netdev: a down RoCE or IPoIB netdev warns (unused and unplugged look alike), -v port state decides', () => {
    const out = `$ ibdev2netdev
mlx5_0 port 1 ==> ib0 (Up)
mlx5_1 port 1 ==> ib1 (Down)
mlx5_2 port 1 ==> ens1f0np0 (Down)
`;
    expect(lines(readPasted('rdma-link', out, { expect: 'any' }).checks)).toEqual([
      'ok ib.port',
      'warn ib.port',
      'warn ib.port',
      'ok ib.ports',
    ]);
    // Any spacing (\`| column -t\`) and a trailing comment the poster added are read; with no command
    // typed, the one line may be part of a longer list, so "no link anywhere" is not shown.
    const col = 'mlx5_2   port  1  ==>  enp27s0f1np1   (Down)  # CX-6 2/2 *ethernet* port 2/2\n';
    expect(lines(readPasted('rdma-link', col, { expect: 'any' }).checks)).toEqual([
      'warn ib.port',
      'skipped ib.ports',
    ]);
    const v = `$ ibdev2netdev -v
0000:17:00.0 mlx5_0 (MT4129 - MCX75310AAS-NEAT) ConnectX-7 NDR fw 28.39.1002 port 1 (DOWN  ) ==> ib0 (Down)
`;
    // The whole typed output lists every RDMA device: its only one down leaves no RDMA link here (issue 38, P3).
    expect(lines(readPasted('rdma-link', v, { expect: 'any' }).checks)).toEqual([
      'fail ib.port',
      'fail ib.ports',
    ]);
  });

  it('ibdev2netdev -v: an Ethernet port DOWN under a Down net device warns as in the plain form; an IB port DOWN fails (issue 38, P5)', () => {
    const v = `$ ibdev2netdev -v
0000:31:00.0 mlx5_0 (MT4117 - MT2138K10121) CX4121A - ConnectX-4 LX SFP28 fw 14.27.1016 port 1 (DOWN  ) ==> ens4f0 (Down)
0000:4b:00.0 mlx5_2 (MT4119 - MCX515A-CCAT) CX515A - ConnectX-5 QSFP28 fw 16.27.1016 port 1 (ACTIVE) ==> ens6 (Up)
0000:17:00.0 mlx5_3 (MT4129 - MCX75310AAS-NEAT) ConnectX-7 NDR fw 28.39.1002 port 1 (DOWN  ) ==> ib0 (Down)
`;
    const checks = readPasted('rdma-link', v, { expect: 'any' }).checks.filter((c) => c.id === 'ib.port');
    expect(checks.map((c) => `${c.status} ${c.subject}`)).toEqual([
      'warn mlx5_0/1',
      'ok mlx5_2/1',
      'fail mlx5_3/1',
    ]);
    expect(checks[0]?.detail).toMatch(/^net device ens4f0 Down \(port DOWN\): no RoCE traffic/);
  });

  it('ibdev2netdev typed whole in a pod whose only device (Multus net1) is down: no RDMA link in the pod', () => {
    const pod = '[root@sample-pod-4-5bddf8c4b4-hf49j /]# ibdev2netdev\nmlx5_3 port 1 ==> net1 (Down)\n';
    const checks = readPasted('rdma-link', pod, { expect: 'any' }).checks;
    expect(checks.find((c) => c.id === 'ib.ports')).toMatchObject({ status: 'fail' });
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(
      /^the only RDMA device listed has no link/,
    );
    // Filtered, the rows shown may be some of many: whether any link is up is not shown.
    const grep = '$ ibdev2netdev | grep mlx5_3\nmlx5_3 port 1 ==> net1 (Down)\n';
    expect(
      readPasted('rdma-link', grep, { expect: 'any' }).checks.find((c) => c.id === 'ib.ports'),
    ).toMatchObject({ status: 'skipped' });
  });
});

describe('dmesg: nvidia_peermem / nv_peer_mem', () => {
  it('symbol errors mean the module cannot load: GPUDirect RDMA is off', () => {
    const out = `$ dmesg -T | grep -i -E 'peermem|ib_core|peer_mem'
[Tue Sep  8 17:16:02 2026] nvidia_peermem: disagrees about version of symbol ib_register_peer_memory_client
[Tue Sep  8 17:16:02 2026] nvidia_peermem: Unknown symbol ib_register_peer_memory_client (err -22)
`;
    const checks = readPasted('dmesg', out, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['fail gdr.peermem']);
    expect(checks[1]?.detail).toContain('ib_register_peer_memory_client');
  });

  it('an out-of-tree taint line is not a fault, and no peer-memory error is "not shown", never "loaded"', () => {
    const out = `[  12.345678] nvidia_peermem: loading out-of-tree module taints kernel.
[  12.345690] nvidia_peermem: module verification failed: signature and/or required key missing - tainting kernel
`;
    expect(lines(readPasted('dmesg', out, { expect: 'any' }).checks)).toEqual(['skipped gdr.peermem']);
  });

  // Principle 4: the kernel logs these failures with no summary after them; the lines are the failure.
  it('a NIC driver whose probe failed (drivers/base/dd.c, mlx5 main.c) leaves that NIC without RDMA: fail', () => {
    const out = `$ dmesg | grep mlx5
[    4.212002] mlx5_core 0000:41:00.0: firmware version: 16.31.1014
[    5.003727] mlx5_core 0000:41:00.0: init_one:1349:(pid 26): mlx5_load_one failed with error code -28
[    5.012981] mlx5_core: probe of 0000:41:00.0 failed with error -28
[    5.119199] mlx5_core 0000:41:00.1: firmware version: 16.31.1014
`;
    const checks = readPasted('dmesg', out, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['fail nic.driver', 'skipped gdr.peermem']);
    expect(checks.find((c) => c.id === 'nic.driver')?.detail).toMatch(/failed to bring up 0000:41:00\.0 /);
    expect(rollUp(checks).status).toBe('untrusted');
  });

  it('a gdrdrv error while mapping pinned GPU memory (gdr_err in gdrdrv_mmap) is a failure, not "loaded"', () => {
    const out = `[ 9101.100001] gdrdrv:gdrdrv_init:loading gdrdrv version 2.4 built for NVIDIA driver
[ 9102.200002] gdrdrv:gdrdrv_remap_gpu_mem:error -22,  in remap_pfn_range()
[ 9102.200004] gdrdrv:gdrdrv_mmap:error -22 in gdrdrv_remap_gpu_mem(vaddr=7fb9a5169000, len=196608
`;
    expect(lines(readPasted('dmesg', out, { expect: 'any' }).checks)).toEqual([
      'fail gdr.gdrdrv',
      'skipped gdr.peermem',
    ]);
  });
});

describe('fi_info -p efa (libfabric util/info.c)', () => {
  it('counts the EFA devices with RDM endpoints', () => {
    const out = `$ fi_info -p efa
provider: efa
    fabric: efa
    domain: rdmap16s27-rdm
    version: 122.0
    type: FI_EP_RDM
    protocol: FI_PROTO_EFA
provider: efa
    fabric: efa
    domain: rdmap16s27-dgrm
    version: 122.0
    type: FI_EP_DGRAM
    protocol: FI_PROTO_EFA
provider: efa
    fabric: efa
    domain: rdmap32s27-rdm
    version: 122.0
    type: FI_EP_RDM
    protocol: FI_PROTO_EFA
`;
    const checks = readPasted('fi_info', out, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['ok efa.provider']);
    expect(checks[1]?.detail).toContain('2 EFA devices');
  });

  it('no provider (fi_getinfo: -61) fails', () => {
    expect(
      lines(
        readPasted('fi_info', '$ fi_info -p efa\nfi_getinfo: -61 (No data available)\n', { expect: 'any' })
          .checks,
      ),
    ).toEqual(['fail efa.provider']);
  });
});

describe('principles the corpus found in the new readers', () => {
  it('nccl-tests with its leading `#` stripped by the poster reads the same (principle 1)', () => {
    const stripped = TWO_NODES.replace(/^\[1,0\]<stdout>:#/gm, '[1,0]<stdout>:');
    const p = parseNcclTests(stripped);
    expect(p.ranks).toHaveLength(4);
    expect(p.rows).toHaveLength(3);
  });

  it('older NCCL names its network only in NET/IB and NET/Socket lines; no libibverbs means sockets', () => {
    const old = `# nThread 1 nGpus 1 minBytes 8388608 maxBytes 268435456 step: 2(factor) warmup iters: 5 iters: 50 validation: 1 
#   Rank  0 Pid   7846 on node-a device  0 [0x00] Tesla V100-SXM2-32GB
#   Rank  1 Pid   7998 on node-b device  0 [0x00] Tesla V100-SXM2-32GB
node-a:7846:7846 [0] NCCL INFO NET/IB : No device found.
node-a:7846:7846 [0] NCCL INFO NET/Socket : Using [0]ens5:172.31.0.112<0>
`;
    expect(lines(readPasted('nccl-tests', old, { expect: 'any' }).checks)).toContain('fail nccl.transport');
    const noVerbs = old
      .replace(/.*NET\/.*\n/g, '')
      .concat('node-a:7846:7846 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]\n');
    expect(lines(readPasted('nccl-tests', noVerbs, { expect: 'any' }).checks)).toContain(
      'fail nccl.transport',
    );
  });

  it('a perftest row cut before its figures is not a result; markdown bold around a figure is not part of it', () => {
    const cut = ` #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n 65536      664644\n`;
    const checks = readPasted('perftest', cut, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['skipped verbs.run']);
    expect(checks[0]?.detail).toContain('cut inside the table');
    const bold = parsePerftest(
      ` #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n 1024       1000             0.00               **5544.28**\t\t   5.677340\n`,
    );
    expect(bold.rows[0]?.avgGBps).toBeCloseTo(5.814, 2);
  });

  it("NCCL's own 'GPU Direct RDMA Disabled for HCA' is a host-staged network path: a warning", () => {
    const log = `node-a:1:1 [0] NCCL INFO Using network IB
node-a:1:1 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'
`;
    const checks = readPasted('nccl-tests', log, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['skipped nccl.run', 'warn nccl.transport']);
    expect(checks.find((c) => c.id === 'nccl.transport')?.detail).toContain('mlx5_0');
  });

  it('perftest on a software RDMA device (rxe, siw, pib) fails whatever it measures (principle 3: the Device line)', () => {
    const run = (
      device: string,
      size: string,
      avg: string,
    ) => `---------------------------------------------------------------------------------------
                    RDMA_Write BW Test
 Dual-port       : OFF          Device         : ${device}
 Number of qps   : 1            Transport type : IB
 Link type       : Ethernet
---------------------------------------------------------------------------------------
 #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]
 ${size}      5000             0.00               ${avg}                0.017000
---------------------------------------------------------------------------------------
`;
    for (const device of ['rxe0', 'siw_eth0', 'pib_1']) {
      const checks = readPasted('perftest', run(device, '65536', '1110.45'), { expect: 'any' }).checks;
      expect(checks.find((c) => c.id === 'verbs.device')?.status).toBe('fail');
      expect(rollUp(checks).status).toBe('untrusted');
    }
    // An 8-byte row alone is latency-bound for an HCA; on a software device it still fails.
    expect(rollUp(readPasted('perftest', run('pib_0', '8', '1.67'), { expect: 'any' }).checks).status).toBe(
      'untrusted',
    );
    expect(
      readPasted('perftest', run('mlx5_0', '65536', '11000.00'), { expect: 'any' }).checks.map((c) => c.id),
    ).not.toContain('verbs.device');
  });
});
