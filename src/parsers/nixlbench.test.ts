import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { type NixlbenchResult, parseNixlbench } from './nixlbench.js';

/** A fully specified projection: every row as [block, batch, GB/s], plus everything the INDEX concludes. */
function project(r: NixlbenchResult) {
  return {
    runs: r.runs.map((run) => ({
      format: run.format,
      opType: run.config.op_type,
      rows: run.rows.map((x) => [x.blockSize, x.batchSize, x.gbps]),
    })),
    peakGBps: r.peakGBps,
    backend: r.backend,
    initiatorSegType: r.initiatorSegType,
    targetSegType: r.targetSegType,
    opType: r.opType,
    workers: r.workers,
    rank: r.rank,
    role: r.role,
    worldSize: r.worldSize,
    sameHost: r.sameHost,
    transports: r.transports,
    failure: r.failure?.kind,
    errorLines: r.errors.map((e) => e.line),
    waitingForPeers: r.waitingForPeers,
    completed: r.completed,
  };
}

const pow2 = (from: number, to: number) => {
  const out: number[] = [];
  for (let b = from; b <= to; b *= 2) out.push(b);
  return out;
};
const table = (blocks: number[], batch: number, gbps: number[]) =>
  blocks.map((b, i) => [b, batch, gbps[i] as number]);

/** What each shared fixture's INDEX.md says a correct parser extracts. */
const expected: Record<string, ReturnType<typeof project>> = {
  // NVIDIA/cloudai test data (tests/workloads/nixl_bench/test_report.py): tables without a config banner.
  'cloudai-legacy-format-4rows-scientific-mibps.log': {
    runs: [
      {
        format: 'legacy',
        opType: undefined,
        rows: table([4096, 8192, 33554432, 67108864], 1, [0.193457, 0.376833, 1361.19, 1688.44]),
      },
    ],
    peakGBps: 1688.44,
    backend: undefined,
    initiatorSegType: undefined,
    targetSegType: undefined,
    opType: undefined,
    workers: [],
    rank: undefined,
    role: undefined,
    worldSize: undefined,
    sameHost: undefined,
    transports: [],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
  'cloudai-current-format-4rows-no-config.log': {
    runs: [
      {
        format: 'current',
        opType: undefined,
        rows: table([4096, 8192, 33554432, 67108864], 1, [0.958841, 1.745779, 23.506385, 23.582432]),
      },
    ],
    peakGBps: 23.582432,
    backend: undefined,
    initiatorSegType: undefined,
    targetSegType: undefined,
    opType: undefined,
    workers: [],
    rank: undefined,
    role: undefined,
    worldSize: undefined,
    sameHost: undefined,
    transports: [],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
  'cloudai-ucx-protoinfo-tcp-intranode-noisy.log': {
    runs: [
      {
        format: 'current',
        opType: undefined,
        // UCX_PROTO_INFO lines between the header and the rows do not end the table.
        rows: table(
          pow2(4096, 67108864),
          1,
          [
            0.198413, 0.38141, 0.786957, 1.580617, 3.151882, 6.133162, 12.458916, 24.594299, 49.639065,
            90.493545, 184.397175, 367.256639, 681.91265, 1205.204798, 1636.801561,
          ],
        ),
      },
    ],
    peakGBps: 1636.801561,
    backend: undefined,
    initiatorSegType: undefined,
    targetSegType: undefined,
    opType: undefined,
    workers: [],
    rank: undefined,
    role: undefined,
    worldSize: undefined,
    sameHost: undefined,
    transports: ['tcp'],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
  'etcd-stale-keys-rank10-waiting.log': {
    runs: [],
    peakGBps: undefined,
    backend: undefined,
    initiatorSegType: undefined,
    targetSegType: undefined,
    opType: undefined,
    workers: [{ rank: 10, role: 'target', hostname: 'rock', device: 'all' }],
    rank: 10,
    role: 'target',
    worldSize: 2,
    sameHost: undefined,
    transports: [],
    failure: 'etcd-stale',
    errorLines: [],
    waitingForPeers: true,
    completed: false,
  },
  'etcd-stale-size-key-setup-fail.log': {
    runs: [],
    peakGBps: undefined,
    backend: undefined,
    initiatorSegType: undefined,
    targetSegType: undefined,
    opType: undefined,
    workers: [],
    rank: undefined,
    role: undefined,
    worldSize: undefined,
    sameHost: undefined,
    transports: [],
    failure: 'etcd-stale',
    errorLines: [1, 2],
    waitingForPeers: false,
    completed: false,
  },
  // Derived (INDEX.md): the healthy run above at half the bandwidth, for the test cluster's slow nodes.
  'legacy-0.x-ucx-vram-to-dram-half-bandwidth-derived.log': {
    runs: [
      {
        format: 'legacy',
        opType: 'WRITE',
        rows: table(
          pow2(4096, 67108864),
          1,
          [
            0.244886, 0.307887, 0.54487, 1.01813, 1.38132, 1.66891, 1.89662, 0.203503, 2.37553, 2.31109,
            2.47765, 2.52671, 2.53304, 2.54662, 2.55413,
          ],
        ),
      },
    ],
    peakGBps: 2.55413,
    backend: 'UCX',
    initiatorSegType: 'VRAM',
    targetSegType: 'DRAM',
    opType: 'WRITE',
    workers: [{ rank: 0, role: 'initiator', hostname: 'hyd-7c-zt05-02', device: 'all' }],
    rank: 0,
    role: 'initiator',
    worldSize: 2,
    sameHost: undefined,
    transports: [],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
  'legacy-0.x-ucx-vram-to-dram-ok.log': {
    runs: [
      {
        format: 'legacy',
        opType: 'WRITE',
        rows: table(
          pow2(4096, 67108864),
          1,
          [
            0.489771, 0.615774, 1.08974, 2.03626, 2.76264, 3.33781, 3.79324, 0.407006, 4.75106, 4.62219,
            4.9553, 5.05343, 5.06609, 5.09323, 5.10826,
          ],
        ),
      },
    ],
    peakGBps: 5.10826,
    backend: 'UCX',
    initiatorSegType: 'VRAM',
    targetSegType: 'DRAM',
    opType: 'WRITE',
    workers: [{ rank: 0, role: 'initiator', hostname: 'hyd-7c-zt05-02', device: 'all' }],
    rank: 0,
    role: 'initiator',
    worldSize: 2,
    sameHost: undefined,
    transports: [],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
  'posix-storage-single-process-ok.log': {
    runs: [
      {
        format: 'current',
        opType: 'WRITE',
        rows: table(
          pow2(4096, 67108864),
          1,
          [
            0.291436, 0.718984, 2.23388, 4.183149, 7.041924, 10.258605, 10.493672, 22.275334, 24.248982,
            25.835075, 25.946696, 7.490359, 4.525394, 5.225371, 4.926833,
          ],
        ),
      },
    ],
    peakGBps: 25.946696,
    backend: 'POSIX',
    initiatorSegType: 'DRAM',
    targetSegType: 'DRAM',
    opType: 'WRITE',
    workers: [],
    rank: undefined,
    role: undefined,
    worldSize: undefined,
    sameHost: undefined,
    transports: [],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
  'ucx-dram-ci-2rank-same-host-timestamped-ok.log': {
    runs: [{ format: 'current', opType: 'WRITE', rows: [[16384, 4, 4.524677]] }],
    peakGBps: 4.524677,
    backend: 'UCX',
    initiatorSegType: 'DRAM',
    targetSegType: 'DRAM',
    opType: 'WRITE',
    workers: [
      { rank: 0, role: 'initiator', hostname: 'mizu01', device: 'all' },
      { rank: 1, role: 'target', hostname: 'mizu01', device: 'all' },
    ],
    rank: undefined,
    role: undefined,
    worldSize: 2,
    sameHost: true,
    transports: [],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
  'ucx-plugin-missing-createbackend-fail.log': {
    runs: [],
    peakGBps: undefined,
    // From the (wrapped) command line: no configuration block is printed on a target.
    backend: 'UCX',
    initiatorSegType: 'DRAM',
    targetSegType: 'VRAM',
    opType: 'READ',
    workers: [{ rank: 1, role: 'target', hostname: 'S-5126GS-TNRT2', device: 'all' }],
    rank: 1,
    role: 'target',
    worldSize: 2,
    sameHost: undefined,
    transports: [],
    failure: 'backend-unavailable',
    errorLines: [8, 10, 11],
    waitingForPeers: false,
    completed: false,
  },
  'ucx-vram-h200-cx7-400g-degraded.log': {
    runs: [
      {
        format: 'current',
        opType: 'WRITE',
        rows: table(
          pow2(4096, 8388608),
          1,
          [
            0.206109, 0.304999, 0.432932, 0.566934, 0.771732, 0.852881, 0.797524, 0.938796, 0.970152, 1.00553,
            0.901915, 0.975764,
          ],
        ),
      },
      {
        format: 'current',
        opType: 'READ',
        rows: table(
          pow2(4096, 8388608),
          1,
          [
            0.195834, 0.29356, 0.4517, 0.642235, 0.795754, 0.903055, 0.969027, 0.999671, 0.262022, 1.025566,
            1.019449, 1.0182,
          ],
        ),
      },
    ],
    peakGBps: 1.025566,
    backend: 'UCX',
    initiatorSegType: 'VRAM',
    targetSegType: 'VRAM',
    opType: 'WRITE',
    workers: [],
    rank: undefined,
    role: undefined,
    worldSize: undefined,
    sameHost: undefined,
    transports: [],
    failure: undefined,
    errorLines: [],
    waitingForPeers: false,
    completed: true,
  },
};

describe('parseNixlbench on every shared fixture', () => {
  const files = listFixtures('nixlbench');
  it('has an expectation for every fixture file (a new fixture needs one)', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(project(parseNixlbench(readFixture('nixlbench', file)))).toEqual(expected[file]);
    });
  }

  it('reads the whole CI log (timestamp prefix on every line) into exactly this object', () => {
    const r = parseNixlbench(readFixture('nixlbench', 'ucx-dram-ci-2rank-same-host-timestamped-ok.log'));
    expect(r).toEqual({
      runs: [
        {
          format: 'current',
          config: {
            runtime_type: 'ETCD',
            etcd_endpoint: 'http://127.0.0.1:30901/',
            worker_type: 'nixl',
            backend: 'UCX',
            enable_pt: '0',
            progress_threads: '0',
            device_list: 'all',
            enable_vmm: '0',
            recreate_xfer: '0',
            reregister_mem: '0',
            prepared_xfer: '0',
            pipeline_depth: '1',
            use_hugepages: '0',
            initiator_seg_type: 'DRAM',
            target_seg_type: 'DRAM',
            scheme: 'pairwise',
            mode: 'SG',
            op_type: 'WRITE',
            check_consistency: '1',
            total_buffer_size: '80000000',
            num_initiator_dev: '1',
            num_target_dev: '1',
            start_block_size: '16384',
            max_block_size: '16384',
            start_batch_size: '4',
            max_batch_size: '4',
            num_iter: '1008',
            warmup_iter: '112',
            large_blk_iter_ftr: '16',
            num_threads: '1',
          },
          rows: [
            {
              blockSize: 16384,
              batchSize: 4,
              gbps: 4.524677,
              avgLatUs: 3.6,
              avgPrepUs: 62,
              p99PrepUs: 62,
              avgPostUs: 7.3,
              p99PostUs: 8,
              avgTxUs: 7.1,
              p99TxUs: 11,
            },
          ],
        },
      ],
      rows: [
        {
          blockSize: 16384,
          batchSize: 4,
          gbps: 4.524677,
          avgLatUs: 3.6,
          avgPrepUs: 62,
          p99PrepUs: 62,
          avgPostUs: 7.3,
          p99PostUs: 8,
          avgTxUs: 7.1,
          p99TxUs: 11,
        },
      ],
      peakGBps: 4.524677,
      backend: 'UCX',
      initiatorSegType: 'DRAM',
      targetSegType: 'DRAM',
      opType: 'WRITE',
      workers: [
        { rank: 0, role: 'initiator', hostname: 'mizu01', device: 'all' },
        { rank: 1, role: 'target', hostname: 'mizu01', device: 'all' },
      ],
      worldSize: 2,
      sameHost: true,
      lanes: [],
      transports: [],
      emulated: false,
      ucx: { endpoints: [], protocols: [], warnings: [], errors: [] },
      errors: [],
      waitingForPeers: false,
      completed: true,
    });
  });

  it('keeps the legacy binary units and the GB/s column apart (GB/s = MiB/s × 2^20 / 10^9)', () => {
    const r = parseNixlbench(readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log'));
    expect(r.rows.at(-1)).toEqual({
      blockSize: 67108864,
      batchSize: 1,
      avgLatUs: 13137.3,
      mibps: 4871.61,
      gibps: 4.75743,
      gbps: 5.10826,
    });
  });
});
