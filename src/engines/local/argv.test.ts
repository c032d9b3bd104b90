import { describe, expect, it } from 'vitest';
import { nixlbenchArgv, nixlSweep, rankKey } from '../nixlbench/argv.js';
import { DEFAULT_SIZES, parseSize } from '../sizes.js';
import { itersFor, perftestClientArgv, perftestServerArgv, warmupFor } from '../ucx-perftest/argv.js';
import { etcdArgv } from './etcd.js';
import { visibleDevices } from './nixl-defaults.js';

describe('sizes', () => {
  it('reads sizes in bytes with binary units', () => {
    expect(['4096', '4K', '4KiB', '4k', '64M', '64MiB', '1G', '1GiB', ' 8 b '].map(parseSize)).toEqual([
      4096, 4096, 4096, 4096, 67108864, 67108864, 1073741824, 1073741824, 8,
    ]);
  });

  it('rejects what is not a positive size', () => {
    expect(['', '0', '-4K', '0.1K', 'K', '4 K B', '4X'].map(parseSize)).toEqual(Array(7).fill(undefined));
    // The one grammar of core/size.ts: KB is SI, a decimal that makes whole bytes is a size.
    expect(['4KB', '4.5K', '1Mi'].map(parseSize)).toEqual([4000, 4608, 1 << 20]);
  });
});

describe('ucx_perftest command lines', () => {
  const args = {
    bin: '/usr/bin/ucx_perftest',
    port: 40123,
    size: 1 << 20,
    iters: 512,
    memory: 'host' as const,
  };

  it('builds the server and client as the same test, the client naming the server', () => {
    expect(perftestServerArgv(args)).toEqual([
      '/usr/bin/ucx_perftest',
      '-p',
      '40123',
      '-t',
      'tag_bw',
      '-s',
      '1048576',
      '-n',
      '512',
      '-w',
      '51',
    ]);
    expect(perftestClientArgv(args, '127.0.0.1')).toEqual([
      '/usr/bin/ucx_perftest',
      '127.0.0.1',
      '-p',
      '40123',
      '-t',
      'tag_bw',
      '-s',
      '1048576',
      '-n',
      '512',
      '-w',
      '51',
    ]);
  });

  it('puts GPU memory on both sides for VRAM runs', () => {
    const argv = perftestClientArgv({ ...args, memory: 'cuda' }, '10.0.0.1');
    expect(argv.slice(-2)).toEqual(['-m', 'cuda,cuda']);
  });

  it('plans about 512 MiB per size, between 8 and 2000 iterations, unless --iters says otherwise', () => {
    expect(DEFAULT_SIZES.map((s) => itersFor(s))).toEqual([2000, 2000, 512, 32, 8]);
    expect(itersFor(1 << 30)).toBe(8);
    expect(itersFor(64 << 20, 3)).toBe(3);
    expect([1, 9, 10, 512, 2000].map(warmupFor)).toEqual([1, 1, 1, 51, 200]);
  });
});

describe('nixlbench command line', () => {
  const base = {
    bin: 'nixlbench',
    group: 'interconnect-test-0123456789abcdef',
    memory: 'DRAM' as const,
    minBlock: 4096,
    maxBlock: 64 << 20,
    iters: 100,
  };

  it('uses the etcd runtime without --runtime_type, which builds before v1.1.0 reject', () => {
    expect(nixlbenchArgv({ ...base, runtime: { kind: 'etcd', endpoint: 'http://127.0.0.1:23790' } })).toEqual(
      [
        'nixlbench',
        '--etcd_endpoints',
        'http://127.0.0.1:23790',
        '--benchmark_group',
        'interconnect-test-0123456789abcdef',
        '--backend',
        'UCX',
        '--initiator_seg_type',
        'DRAM',
        '--target_seg_type',
        'DRAM',
        '--op_type',
        'WRITE',
        '--start_block_size',
        '4096',
        '--max_block_size',
        '67108864',
        '--num_iter',
        '100',
        '--warmup_iter',
        '10',
        '--total_buffer_size',
        '67108864',
      ],
    );
  });

  it('uses ASIO with an address and port, and VRAM on both sides for GPU runs', () => {
    const argv = nixlbenchArgv({
      ...base,
      memory: 'VRAM',
      iters: 5,
      runtime: { kind: 'asio', address: '127.0.0.1', port: 41000 },
    });
    expect(argv.slice(0, 7)).toEqual([
      'nixlbench',
      '--runtime_type',
      'ASIO',
      '--asio_address',
      '127.0.0.1',
      '--asio_port',
      '41000',
    ]);
    expect(argv).not.toContain('--etcd_endpoints');
    const flag = (f: string) => argv[argv.indexOf(f) + 1];
    expect([flag('--initiator_seg_type'), flag('--target_seg_type'), flag('--warmup_iter')]).toEqual([
      'VRAM',
      'VRAM',
      '1',
    ]);
  });

  it('knows the rows a sweep gives, and the rank key with its double slash', () => {
    expect(nixlSweep(4096, 64 << 20)).toHaveLength(15);
    expect(nixlSweep(4096, 65536)).toEqual([4096, 8192, 16384, 32768, 65536]);
    expect(rankKey('g1', 0)).toBe('xferbench/g1//rank/0');
  });

  it('puts each side on its own GPU while keeping the peer visible', () => {
    expect(visibleDevices(1)).toEqual({});
    expect(visibleDevices(8)).toEqual({ initiator: '0,1', target: '1,0' });
  });
});

describe('etcd command line', () => {
  it('listens on loopback only, as one member, with data in the given directory', () => {
    expect(etcdArgv({ bin: '/usr/bin/etcd', dataDir: '/tmp/x', clientPort: 23790, peerPort: 23800 })).toEqual(
      [
        '/usr/bin/etcd',
        '--name',
        'interconnect-test',
        '--data-dir',
        '/tmp/x',
        '--listen-client-urls',
        'http://127.0.0.1:23790',
        '--advertise-client-urls',
        'http://127.0.0.1:23790',
        '--listen-peer-urls',
        'http://127.0.0.1:23800',
        '--initial-advertise-peer-urls',
        'http://127.0.0.1:23800',
        '--initial-cluster',
        'interconnect-test=http://127.0.0.1:23800',
        '--logger',
        'zap',
        '--log-level',
        'error',
      ],
    );
  });
});
