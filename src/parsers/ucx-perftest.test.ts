import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture, readTestData } from '../../test/helpers/fixtures.js';
import { ParseError } from './errors.js';
import { parseUcxPerftest, type UcxPerftestResult } from './ucx-perftest.js';

/** Fully specified projection of everything the INDEX concludes; the per-interval rows as [iterations, avg MiB/s, overall MiB/s]. */
function project(r: UcxPerftestResult) {
  return {
    layout: r.layout,
    kind: r.kind,
    testName: r.testName,
    test: r.test,
    sendMemory: r.sendMemory,
    recvMemory: r.recvMemory,
    messageSize: r.messageSize,
    stages: r.stages.map((s) => [s.iterations, s.bwAvgMiBps, s.bwOverallMiBps]),
    final: r.final,
    rows: r.rows,
    peakGBps: r.peakGBps,
    stability: r.stability,
    transports: r.transports,
    lanes: r.lanes,
    memoryTypes: r.memoryTypes,
    ucxVersion: r.ucxVersion,
    errors: r.errors,
    completed: r.completed,
  };
}

const oldBox = {
  test: 'tag match bandwidth',
  sendMemory: 'cuda',
  recvMemory: 'cuda',
  messageSize: 100000000,
};
const none = { transports: [], lanes: [], memoryTypes: [], ucxVersion: undefined, errors: [] };

const expected: Record<string, ReturnType<typeof project>> = {
  'tag-bw-cuda-ipc-nvlink-ok.log': {
    layout: 'legacy',
    kind: 'bandwidth',
    testName: undefined,
    ...oldBox,
    stages: [],
    final: {
      iterations: 10,
      latencyTypicalUs: 0,
      latencyAvgUs: 4163.694,
      latencyOverallUs: 4163.694,
      bwAvgMiBps: 22904.52,
      bwOverallMiBps: 22904.52,
      msgRateAvg: 240,
      msgRateOverall: 240,
    },
    // 22904.52 MiB/s × 1.048576 / 1000 ≈ 24.0 GB/s, as the INDEX says.
    rows: [{ blockSize: 100000000, batchSize: 1, gbps: 24.01713, avgLatUs: 4163.694, msgRate: 240 }],
    peakGBps: 24.01713,
    stability: undefined,
    ...none,
    completed: true,
  },
  'tag-bw-cuda-rc-ib-ok.log': {
    layout: 'legacy',
    kind: 'bandwidth',
    testName: undefined,
    ...oldBox,
    stages: [],
    final: {
      iterations: 10,
      latencyTypicalUs: 0,
      latencyAvgUs: 9104.8,
      latencyOverallUs: 9104.8,
      bwAvgMiBps: 10474.41,
      bwOverallMiBps: 10474.41,
      msgRateAvg: 110,
      msgRateOverall: 110,
    },
    rows: [{ blockSize: 100000000, batchSize: 1, gbps: 10.983215, avgLatUs: 9104.8, msgRate: 110 }],
    peakGBps: 10.983215,
    stability: undefined,
    ...none,
    completed: true,
  },
  'ucp-put-bw-cuda-rc-mlx5-protoinfo.log': {
    layout: 'staged',
    kind: 'bandwidth',
    testName: undefined,
    test: undefined,
    sendMemory: undefined,
    recvMemory: undefined,
    messageSize: undefined,
    stages: [
      [44, 42214.34, 42214.34],
      [56, 11513.61, 26864.38],
      [68, 11512.88, 21747.09],
      [80, 11513.35, 19188.68],
      [92, 11513.41, 17653.65],
      [104, 11512.89, 16630.16],
      [116, 11512.92, 15899.11],
      [128, 11513.6, 15350.94],
      [140, 11513.12, 14924.51],
      [152, 11513.72, 14583.45],
      [164, 11513.92, 14304.41],
    ],
    final: undefined,
    // The steady interval (first, skewed interval left out): 11513.35 MiB/s ≈ 12.07 GB/s.
    rows: [{ batchSize: 1, gbps: 12.072654, avgLatUs: 88940.005, msgRate: 11 }],
    peakGBps: 12.072654,
    stability: { intervals: 10, minGBps: 12.07213, medianGBps: 12.072654, maxGBps: 12.07322 },
    transports: ['rc_mlx5'],
    lanes: ['rc_mlx5/mlx5_0:1'],
    memoryTypes: ['host', 'cuda'],
    ucxVersion: '1.17.0',
    errors: [],
    completed: false,
  },
  'ucp-put-bw-host-roce-jitter.log': {
    layout: 'staged',
    // "overhead (usec)": a streaming (bandwidth) test.
    kind: 'bandwidth',
    testName: undefined,
    test: undefined,
    sendMemory: undefined,
    recvMemory: undefined,
    messageSize: undefined,
    stages: [
      [34, 17987.77, 17987.77],
      [42, 7560.03, 14245.16],
      [43, 457.04, 8371.67],
      [52, 8442.63, 8383.86],
      [59, 3414.5, 7149.37],
      [64, 2399.32, 6191.71],
      [68, 1916.93, 5473.69],
      [73, 2397.86, 5031.62],
      [82, 8720.55, 5276.6],
      [84, 922.02, 4743.23],
      [89, 2368.68, 4490.34],
      [93, 1970.81, 4256.3],
      [99, 2790.35, 4124.96],
      [103, 974.42, 3664.8],
    ],
    final: undefined,
    rows: [{ batchSize: 1, gbps: 2.514338, avgLatUs: 427048.206, msgRate: 2 }],
    peakGBps: 2.514338,
    // Swings between 457.04 and 8720.55 MiB/s once the first interval is left out.
    stability: { intervals: 13, minGBps: 0.479241, medianGBps: 2.514338, maxGBps: 9.144159 },
    ...none,
    completed: false,
  },
  // DeepEP#13: the client's Final row, then the server's test box of the same run (UCX 1.9-1.11 "typical" layout).
  'tag-bw-8b-default-roce-client-then-server-ucx19-11.log': {
    layout: 'staged',
    kind: 'bandwidth',
    testName: 'tag_bw',
    test: 'tag match bandwidth',
    sendMemory: 'host',
    recvMemory: 'host',
    messageSize: 8,
    stages: [],
    final: {
      label: 'Final',
      iterations: 1000000,
      latencyTypicalUs: 0.039,
      latencyAvgUs: 0.125,
      latencyOverallUs: 0.125,
      bwAvgMiBps: 60.84,
      bwOverallMiBps: 60.84,
      msgRateAvg: 7974856,
      msgRateOverall: 7974856,
    },
    rows: [{ blockSize: 8, batchSize: 1, gbps: 0.063795, avgLatUs: 0.125, msgRate: 7974856 }],
    peakGBps: 0.063795,
    stability: undefined,
    ...none,
    completed: true,
  },
  // ucx#10532: a latency test (-t ucp_am_lat, "latency (usec)"), 30000-byte messages, cut after 4 intervals.
  'ucp-am-lat-30000b-rc-16us-partial.log': {
    layout: 'staged',
    kind: 'latency',
    testName: 'ucp_am_lat',
    test: undefined,
    sendMemory: undefined,
    recvMemory: undefined,
    messageSize: 30000,
    stages: [
      [31045, 1776.36, 1776.36],
      [62188, 1781.98, 1779.17],
      [92260, 1720.71, 1759.69],
      [121919, 1697.07, 1744.03],
    ],
    final: undefined,
    rows: [{ blockSize: 30000, batchSize: 1, gbps: 1.804295, avgLatUs: 16.627, msgRate: 60143 }],
    peakGBps: 1.804295,
    stability: { intervals: 3, minGBps: 1.779507, medianGBps: 1.804295, maxGBps: 1.868541 },
    ...none,
    completed: false,
  },
  // ucx#10738: endpoint setup failed (Destination is unreachable): a header, no rows, three UCX errors.
  'ucp-put-bw-bond-roce-destination-unreachable-fail.log': {
    layout: 'staged',
    kind: 'bandwidth',
    testName: 'ucp_put_bw',
    test: undefined,
    sendMemory: undefined,
    recvMemory: undefined,
    // `-s $PERFTEST_SIZE_BW`: a shell variable, so no size is read.
    messageSize: undefined,
    stages: [],
    final: undefined,
    rows: [],
    peakGBps: undefined,
    stability: undefined,
    ...none,
    errors: [
      {
        line: 11,
        text: 'no active messages transport to <no debug data>: rc_verbs/mlx5_bond_1:1 - Destination is unreachable, rc_mlx5/mlx5_bond_1:1 - Destination is unreachable',
      },
      { line: 12, text: 'ucp_ep_create() failed: Destination is unreachable' },
      { line: 13, text: 'ucp_perf_test_setup_endpoints() failed: Destination is unreachable' },
    ],
    completed: false,
  },
  // ucx#5396: ≤ 1.8 table, `-n 10` but the paste stops at row 4: four interval rows, no summary row.
  'ucp-put-bw-100mb-tls-tcp-legacy-layout-28mibps.log': {
    layout: 'legacy',
    kind: 'bandwidth',
    testName: 'ucp_put_bw',
    test: undefined,
    sendMemory: undefined,
    recvMemory: undefined,
    messageSize: 102400000,
    stages: [
      [1, 28.14, 28.14],
      [2, 27.92, 28.03],
      [3, 27.48, 27.85],
      [4, 27.91, 27.86],
    ],
    final: undefined,
    // The median of rows 2-4 (27.91 MiB/s) × 1.048576 / 1000.
    rows: [{ blockSize: 102400000, batchSize: 1, gbps: 0.029266, avgLatUs: 3499127.865, msgRate: 0 }],
    peakGBps: 0.029266,
    stability: { intervals: 3, minGBps: 0.028815, medianGBps: 0.029266, maxGBps: 0.029276 },
    ...none,
    completed: false,
  },
  // ucx#5462: UCX 1.9, 100-byte cuda messages, a Final row only (client side: no box).
  'tag-bw-cuda-100b-ucx19-final-xtrace.log': {
    layout: 'staged',
    kind: 'bandwidth',
    testName: 'tag_bw',
    test: undefined,
    sendMemory: undefined,
    recvMemory: undefined,
    messageSize: 100,
    stages: [],
    final: {
      label: 'Final',
      iterations: 1000000,
      latencyTypicalUs: 0.305,
      latencyAvgUs: 0.424,
      latencyOverallUs: 0.424,
      bwAvgMiBps: 224.99,
      bwOverallMiBps: 224.99,
      msgRateAvg: 2359225,
      msgRateOverall: 2359225,
    },
    rows: [{ blockSize: 100, batchSize: 1, gbps: 0.235919, avgLatUs: 0.424, msgRate: 2359225 }],
    peakGBps: 0.235919,
    stability: undefined,
    ...none,
    completed: true,
  },
  // ucx#5252: 64 KiB over IPoIB (UCX_NET_DEVICES=ib0), four [thread 0] rows, cut before Final.
  'tag-bw-64k-ipoib-ib0-ucx19-layout-no-final.log': {
    layout: 'staged',
    kind: 'bandwidth',
    testName: 'tag_bw',
    test: undefined,
    sendMemory: undefined,
    recvMemory: undefined,
    messageSize: 65536,
    stages: [
      [9996, 622.8, 622.8],
      [17634, 476.08, 549.45],
      [27442, 611.45, 570.12],
      [35281, 487.7, 549.48],
    ],
    final: undefined,
    rows: [{ blockSize: 65536, batchSize: 1, gbps: 0.511391, avgLatUs: 128.153, msgRate: 7803 }],
    peakGBps: 0.511391,
    stability: { intervals: 3, minGBps: 0.499206, medianGBps: 0.511391, maxGBps: 0.641152 },
    ...none,
    completed: false,
  },
};

describe('parseUcxPerftest on every shared fixture', () => {
  const files = listFixtures('ucx_perftest');
  it('has an expectation for every fixture file (a new fixture needs one)', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(project(parseUcxPerftest(readFixture('ucx_perftest', file)))).toEqual(expected[file]);
    });
  }

  it('reads the UCX lanes and protocol tables of the CUDA put run (GPUDirect RDMA on rc_mlx5)', () => {
    const r = parseUcxPerftest(readFixture('ucx_perftest', 'ucp-put-bw-cuda-rc-mlx5-protoinfo.log'));
    expect(r.ucx.endpoints).toEqual([
      { name: 'perftest inter-node cfg#1', scope: 'inter-node', groups: { rma: ['rc_mlx5/mlx5_0:1'] } },
      { name: 'perftest self cfg#2', scope: 'self', groups: { rma: ['self/memory', 'rc_mlx5/mlx5_0:1'] } },
    ]);
    expect(r.ucx.protocols.at(-1)).toEqual({
      endpoint: 'perftest inter-node cfg#1',
      scope: 'inter-node',
      operation: 'remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda',
      steps: [
        { range: '0', protocol: 'short', lanes: ['rc_mlx5/mlx5_0:1'] },
        { range: '1..inf', protocol: 'zero-copy', lanes: ['rc_mlx5/mlx5_0:1'] },
      ],
    });
  });
});

describe('parseUcxPerftest on Debian ucx 1.13 captures (test/data/ucx_perftest)', () => {
  it('reads the client table: a Final row only, no test box', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tag-bw-client.txt'));
    expect(r).toEqual({
      layout: 'staged',
      // UCX ≥ 1.9 prints "overhead (usec)" only for streaming (bandwidth) tests.
      kind: 'bandwidth',
      latencyKind: 'overhead',
      stages: [],
      final: {
        label: 'Final',
        iterations: 200,
        latencyTypicalUs: 0.19,
        latencyAvgUs: 341.595,
        latencyOverallUs: 341.595,
        bwAvgMiBps: 2927.44,
        bwOverallMiBps: 2927.44,
        msgRateAvg: 2927,
        msgRateOverall: 2927,
      },
      rows: [{ batchSize: 1, gbps: 3.069643, avgLatUs: 341.595, msgRate: 2927 }],
      peakGBps: 3.069643,
      lanes: [],
      transports: [],
      emulated: false,
      memoryTypes: [],
      ucx: { endpoints: [], protocols: [], warnings: [], errors: [] },
      errors: [],
      completed: true,
      // Only the client prints the results header (perftest.c: TEST_FLAG_PRINT_RESULTS on the client).
      resultsHeader: true,
    });
  });

  it('takes the message size from a hint when the client log does not print it', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tag-bw-client.txt'), {
      messageSize: 1048576,
    });
    expect(r.rows).toEqual([
      { blockSize: 1048576, batchSize: 1, gbps: 3.069643, avgLatUs: 341.595, msgRate: 2927 },
    ]);
  });

  it('reads the server side: the test box, and no result', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tag-bw-server.txt'));
    expect(r).toMatchObject({
      api: 'protocol layer',
      test: 'tag match bandwidth',
      dataLayout: '(automatic)',
      sendMemory: 'host',
      recvMemory: 'host',
      messageSize: 1048576,
      rows: [],
      completed: false,
    });
    expect(r.peakGBps).toBeUndefined();
  });

  it('uses the median interval of a long run, not the skewed first one', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tag-bw-53-intervals-client.txt'));
    expect(r.stages).toHaveLength(53);
    expect(r.final?.bwOverallMiBps).toBe(1473.09);
    expect(r.rows).toEqual([{ batchSize: 1, gbps: 1.53954, avgLatUs: 2724.386, msgRate: 367 }]);
    expect(r.stability).toEqual({ intervals: 52, minGBps: 0.461877, medianGBps: 1.53954, maxGBps: 2.442836 });
  });

  it('reads a latency test', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tag-lat-client.txt'));
    expect(r.latencyKind).toBe('latency');
    expect(r.rows).toEqual([{ batchSize: 1, gbps: 0.019053, avgLatUs: 0.42, msgRate: 2382045 }]);
  });

  it('reads the 1.13 "ep_cfg[0]: rma(...)" lanes (shared memory on loopback)', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-put-bw-loginfo-client.txt'));
    expect(r.ucx.endpoints).toEqual([
      { name: 'ep_cfg[0]', groups: { rma: ['sysv/memory', 'posix/memory'] } },
    ]);
    expect(r.transports).toEqual(['sysv', 'posix']);
    expect(r.ucxVersion).toBe('1.13.1');
    expect(r.ucx.warnings).toEqual([]);
  });

  it('reads 1.13 protocol tables and notices software emulation', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-put-bw-protoinfo-client.txt'));
    expect(r.ucx.protocols[0]).toEqual({
      endpoint: '0x55cedf89dda0 ep_cfg[0]',
      operation: 'remote memory write by ucp_put*() from host memory to host',
      steps: [
        { range: '0..33271', protocol: 'short', lanes: ['sysv/memory'] },
        { range: '33272..inf', protocol: 'software emulation', lanes: ['sysv/memory'] },
      ],
    });
    expect(r.emulated).toBe(true);
    expect(r.memoryTypes).toEqual(['host']);
  });

  it('reads TCP lanes', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tcp-tag-bw-loginfo-client.txt'));
    expect(r.lanes).toEqual(['tcp/lo', 'tcp/eth0']);
    expect(r.transports).toEqual(['tcp']);
  });

  it('reads a client that could not connect: no result, one error', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-connect-refused.txt'));
    expect(r.errors).toEqual([{ line: 1, text: 'client failed. connect() failed: Connection refused' }]);
    expect(r.rows).toEqual([]);
    expect(r.completed).toBe(false);
  });
});

describe('parseUcxPerftest variants', () => {
  it('reads bare interval rows (UCX ≥ 1.9 without OpenMP), thousands separators and a multi-thread Final row', () => {
    const text = [
      '|    Stage     | # iterations | 50.0%ile | average | overall |  average |  overall |  average  |  overall  |',
      '             1,000      0.200     0.420     0.420     9000.00    9000.00     2,382,045     2,382,045',
      '             2,000      0.200     0.420     0.420     9100.00    9050.00     2,382,045     2,382,045',
      'Final:             3,000                         0.420                9080.00               2,382,045',
    ].join('\n');
    const r = parseUcxPerftest(text);
    expect(r.stages.map((s) => s.iterations)).toEqual([1000, 2000]);
    expect(r.final).toEqual({
      label: 'Final',
      iterations: 3000,
      latencyAvgUs: 0.42,
      bwAvgMiBps: 9080,
      msgRateAvg: 2382045,
    });
    expect(r.rows).toEqual([{ batchSize: 1, gbps: 9.52107, avgLatUs: 0.42, msgRate: 2382045 }]);
  });

  it('reads CSV output (-v)', () => {
    const text = [
      'iterations,50.0_percentile_lat,avg_lat,overall_lat,avg_bw,overall_bw,avg_mr,overall_mr',
      '200,0.190,341.595,341.595,2927.44,2927.44,2927,2927',
    ].join('\n');
    const r = parseUcxPerftest(text);
    expect(r.layout).toBe('csv');
    expect(r.stages).toHaveLength(1);
    expect(r.rows[0]?.gbps).toBe(3.069643);
  });

  it('names the tool, line and text of garbage input', () => {
    const run = () => parseUcxPerftest('bash: ucx_perftest: command not found\n');
    expect(run).toThrow(ParseError);
    expect(run).toThrow('cannot read ucx_perftest output at line 1 "bash: ucx_perftest: command not found"');
  });
});
