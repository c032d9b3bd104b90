import { describe, expect, it } from 'vitest';
import { formatBytes, parseByteSize, toQuantity } from './size.js';

describe('one size grammar', () => {
  it('Ki/Mi/Gi/Ti, KiB…, and the bare K/M/G/T are powers of two', () => {
    for (const t of ['1Mi', '1MiB', '1M', '1m', '1mib', '1048576', '1048576B', '1024K', '1024Ki'])
      expect(parseByteSize(t), t).toBe(1024 ** 2);
    expect(parseByteSize('4K')).toBe(4096);
    expect(parseByteSize('16Gi')).toBe(16 * 1024 ** 3);
    expect(parseByteSize('1T')).toBe(1024 ** 4);
  });

  it('KB/kB/MB/GB/TB are powers of ten', () => {
    expect(parseByteSize('1MB')).toBe(1_000_000);
    expect(parseByteSize('4kB')).toBe(4000);
    expect(parseByteSize('4KB')).toBe(4000);
    expect(parseByteSize('2GB')).toBe(2e9);
  });

  it('decimals only where they make whole bytes; nothing that is not a size', () => {
    expect(parseByteSize('1.5Gi')).toBe(1.5 * 1024 ** 3);
    expect(parseByteSize('0.5K')).toBe(512);
    for (const t of ['', '0', '1.5', '-1M', '1X', '1MiBB', '1 M B', 'M', '1e6', '0.1B'])
      expect(parseByteSize(t), t).toBeUndefined();
  });

  it('writes bytes back as a Kubernetes quantity, exact', () => {
    expect([
      toQuantity(16 * 1024 ** 3),
      toQuantity(1.5 * 1024 ** 3),
      toQuantity(1e6),
      toQuantity(4096),
      toQuantity(2e9),
    ]).toEqual(['16Gi', '1536Mi', '1000000', '4096', '2000000000']);
  });
});

describe('formatBytes: one way to write bytes for people', () => {
  it('writes a chosen size exactly, in the largest binary unit with a short exact form', () => {
    expect(
      [4096, 65536, 1 << 20, 64 << 20, 1 << 30, 1536, 1.5 * 1024 ** 3, 1025 * 1024 ** 2, 2 * 1024 ** 4].map(
        (n) => formatBytes(n),
      ),
    ).toEqual(['4 KiB', '64 KiB', '1 MiB', '64 MiB', '1 GiB', '1.5 KiB', '1.5 GiB', '1025 MiB', '2 TiB']);
  });

  it('writes a measured figure to three significant digits, and under 1 KiB in bytes', () => {
    expect([93_600, 70_012_345, 999_999, 1_048_575, 1_048_000].map((n) => formatBytes(n))).toEqual([
      '91.4 KiB',
      '66.8 MiB',
      '977 KiB',
      '1024 KiB',
      '1023 KiB',
    ]);
    // A size chosen in decimal units (ucx_perftest -s 1000000, -s 64000000) reads back as chosen.
    expect([1e6, 64e6, 2e9].map((n) => formatBytes(n))).toEqual(['1 MB', '64 MB', '2 GB']);
    // A measured mean that happens to be round is still a measured figure, in binary units.
    expect([70e6, 64 * 2 ** 20, 1e6].map((n) => formatBytes(n, { measured: true }))).toEqual([
      '66.8 MiB',
      '64 MiB',
      '977 KiB',
    ]);
    expect([0, 1, 448, 1000, 1023.4].map((n) => formatBytes(n))).toEqual([
      '0 bytes',
      '1 byte',
      '448 bytes',
      '1000 bytes',
      '1023 bytes',
    ]);
  });

  it('reads back through the parser where it is exact', () => {
    for (const n of [4096, 64 << 20, 1.5 * 1024 ** 3, 1025 * 1024 ** 2])
      expect(parseByteSize(formatBytes(n).replace(' ', ''))).toBe(n);
  });
});
