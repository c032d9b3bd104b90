import { describe, expect, it } from 'vitest';
import { ParseError } from './errors.js';
import { parseNixlbench } from './nixlbench.js';

// Small inputs modelled on real output (nixl benchmark/nixlbench/src/utils/utils.cpp
// printStatsHeader/printStats; UCX lines as in nixl issues #307, #1097), for cases the
// shared fixtures lack.

const pad = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => String(c).padEnd(widths[i] ?? 15)).join('');

const W12 = [20, 15, 15, 25, 20, 15, 15, 15, 15, 15, 15, 15];
const HEADER12 = pad(
  [
    'Block Size (B)',
    'Batch Size',
    'B/W (GB/Sec)',
    'Aggregate B/W (GB/Sec)',
    'Network Util (%)',
    'Avg Lat. (us)',
    'Avg Prep (us)',
    'P99 Prep (us)',
    'Avg Post (us)',
    'P99 Post (us)',
    'Avg Tx (us)',
    'P99 Tx (us)',
  ],
  W12,
);

describe('parseNixlbench variants', () => {
  it('reads 12-column rows under kubectl --timestamps, with UCX lane lines and a proto table between rows', () => {
    const ts = (s: string) => `2026-08-01T10:00:00.123456789Z ${s}`;
    const text = [
      'Init nixl worker, dev mlx5_0 rank 0, type initiator, hostname prefill-0',
      '[1757492049.543051] [prefill-0:88:0]      ucp_worker.c:1888 UCX  INFO    ucp_context_0 inter-node cfg#1 rma(rc_mlx5/mlx5_0:1)  am(rc_mlx5/mlx5_0:1 cuda_ipc/cuda)  ka(ud_mlx5/mlx5_0:1)',
      'NIXLBench Configuration',
      'Backend (--backend=[UCX,GDS,GDS_MT,POSIX,Mooncake,HF3FS,OBJ,AZURE_BLOB]): UCX',
      `${'Initiator seg type (--initiator_seg_type=[DRAM,VRAM])'.padEnd(60)}: VRAM`,
      `${'Target seg type (--target_seg_type=[DRAM,VRAM])'.padEnd(60)}: VRAM`,
      `${'Max block size (--max_block_size=N)'.padEnd(60)}: 2097152`,
      `${'Max batch size (--max_batch_size=N)'.padEnd(60)}: 1`,
      '-'.repeat(160),
      '',
      HEADER12,
      '-'.repeat(160),
      pad(
        [1048576, 1, '44.210000', '88.420000', '88.4', '23.7', '3.0', '3.0', '1.1', '2.0', '22.5', '30.0'],
        W12,
      ),
      '[1757492050.000001] [prefill-0:88:0]   | ucp_context_0 inter-node cfg#1 | remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda |',
      '[1757492050.000002] [prefill-0:88:0]   |                         1..inf | zero-copy                                     | rc_mlx5/mlx5_0:1 |',
      pad(
        [2097152, 1, '45.900000', '91.800000', '91.8', '45.7', '3.0', '3.0', '1.1', '2.0', '44.5', '50.0'],
        W12,
      ),
    ]
      .map(ts)
      .join('\n');
    const r = parseNixlbench(text);
    expect(r.rows).toEqual([
      {
        blockSize: 1048576,
        batchSize: 1,
        gbps: 44.21,
        aggregateGbps: 88.42,
        networkUtilPct: 88.4,
        avgLatUs: 23.7,
        avgPrepUs: 3,
        p99PrepUs: 3,
        avgPostUs: 1.1,
        p99PostUs: 2,
        avgTxUs: 22.5,
        p99TxUs: 30,
      },
      {
        blockSize: 2097152,
        batchSize: 1,
        gbps: 45.9,
        aggregateGbps: 91.8,
        networkUtilPct: 91.8,
        avgLatUs: 45.7,
        avgPrepUs: 3,
        p99PrepUs: 3,
        avgPostUs: 1.1,
        p99PostUs: 2,
        avgTxUs: 44.5,
        p99TxUs: 50,
      },
    ]);
    expect(r.peakGBps).toBe(45.9);
    expect(r.lanes).toEqual(['rc_mlx5/mlx5_0:1', 'cuda_ipc/cuda']);
    expect(r.transports).toEqual(['rc_mlx5', 'cuda_ipc']);
    expect(r.emulated).toBe(false);
    expect(r.ucx.protocols).toEqual([
      {
        endpoint: 'ucp_context_0 inter-node cfg#1',
        scope: 'inter-node',
        operation: 'remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda',
        steps: [{ range: '1..inf', protocol: 'zero-copy', lanes: ['rc_mlx5/mlx5_0:1'] }],
      },
    ]);
    expect(r.completed).toBe(true);
    expect(r.initiatorSegType).toBe('VRAM');
    expect(r.role).toBe('initiator');
  });

  it('reads legacy rows printed in scientific notation, and a legacy 8-column table', () => {
    const w = [20, 15, 15, 15, 15, 15, 25, 20];
    const text = [
      pad(
        [
          'Block Size (B)',
          'Batch Size',
          'Avg Lat. (us)',
          'B/W (MiB/Sec)',
          'B/W (GiB/Sec)',
          'B/W (GB/Sec)',
          'Aggregate B/W (GB/Sec)',
          'Network Util (%)',
        ],
        w,
      ),
      '-'.repeat(80),
      pad([67108864, 1, '51.6', '1.24023e+06', '1211.16', '1300.48', '2600.96', '2601.92'], w),
    ].join('\n');
    const r = parseNixlbench(text);
    expect(r.runs.map((x) => x.format)).toEqual(['legacy']);
    expect(r.rows).toEqual([
      {
        blockSize: 67108864,
        batchSize: 1,
        avgLatUs: 51.6,
        mibps: 1240230,
        gibps: 1211.16,
        gbps: 1300.48,
        aggregateGbps: 2600.96,
        networkUtilPct: 2601.92,
      },
    ]);
    expect(r.completed).toBe(true);
  });

  it('derives GB/s from MiB/s when a legacy table lacks the GB/s column', () => {
    const w = [20, 15, 15, 15];
    const text = [
      pad(['Block Size (B)', 'Batch Size', 'Avg Lat. (us)', 'B/W (MiB/Sec)'], w),
      pad([67108864, 1, '13137.3', '4871.61'], w),
    ].join('\n');
    expect(parseNixlbench(text).rows).toEqual([
      { blockSize: 67108864, batchSize: 1, avgLatUs: 13137.3, mibps: 4871.61, gbps: 5.108253 },
    ]);
  });

  it('flags a table that stopped before the configured maximum block size as not completed', () => {
    const text = [
      'NIXLBench Configuration',
      `${'Max block size (--max_block_size=N)'.padEnd(60)}: 67108864`,
      `${'Max batch size (--max_batch_size=N)'.padEnd(60)}: 1`,
      '-'.repeat(160),

      pad(
        [
          'Block Size (B)',
          'Batch Size',
          'B/W (GB/Sec)',
          'Avg Lat. (us)',
          'Avg Prep (us)',
          'P99 Prep (us)',
          'Avg Post (us)',
          'P99 Post (us)',
          'Avg Tx (us)',
          'P99 Tx (us)',
        ],
        [20, 15, 15, 15, 15, 15, 15, 15, 15, 15],
      ),
      '4096                1              0.206109       19.9           45.0           45.0           9.1            10.0           10.8           13.0',
      'Ctrl-C received, exiting...',
    ].join('\n');
    const r = parseNixlbench(text);
    expect(r.rows).toHaveLength(1);
    expect(r.failure).toEqual({ kind: 'interrupted', line: 7, text: 'Ctrl-C received, exiting...' });
    expect(r.completed).toBe(false);
  });

  it('reports a target whose peer never arrived at the start barrier', () => {
    const text = [
      'Connecting to ETCD at http://etcd:2379',
      'ETCD Runtime: Registered as rank 0 item 1 of 2',
      'Init nixl worker, dev all rank 0, type initiator, hostname prefill-0',
      'Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)',
      'Error in barrier wait xferbench/g1/barrier/start_barrier/0/ rank 0 completed 1/2 ranks)',
      'Failed to synchronize at start barrier',
      'Failed to synchronize all processes',
    ].join('\n');
    const r = parseNixlbench(text);
    expect(r.failure?.kind).toBe('peer-timeout');
    expect(r.errors.map((e) => e.line)).toEqual([5, 6, 7]);
    expect(r.waitingForPeers).toBe(true);
    expect(r.completed).toBe(false);
  });

  it('reports RMA emulated over TCP active messages (nixl #1097)', () => {
    const text =
      '[1733000000.000001] [decode-0:1:0]      ucp_worker.c:2001 UCX  INFO    ucp_context_0 inter-node cfg#1 rma_am(tcp/eth1)  amo_am(tcp/eth1)  am(tcp/eth1)  ka(tcp/eth1)\n' +
      'All processes are ready to proceed\n';
    const r = parseNixlbench(text);
    expect(r.transports).toEqual(['tcp']);
    expect(r.emulated).toBe(true);
  });

  it('names the tool, line and text of garbage input', () => {
    const run = () => parseNixlbench('\nhello world\nthis is not a benchmark\n');
    expect(run).toThrow(ParseError);
    expect(run).toThrow(/^cannot read nixlbench output at line 2 "hello world": /);
  });

  it('rejects empty input', () => {
    expect(() => parseNixlbench('  \n\n')).toThrow(/cannot read nixlbench output: the input is empty/);
  });
});
