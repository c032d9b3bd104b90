import { describe, expect, it } from 'vitest';
import { sysfsRate } from '../parsers/ib-port.js';
import { type PortSpeed, readSiblings } from './port-speeds.js';

/**
 * The one port-speed rule, fed ports as the kernel writes them: the sysfs `rate` file
 * (`400 Gb/sec (4X NDR)`, what ibstatus prints and the pair probe reads), the link
 * layer and the adapter model (`hca_type`, `MT4129` for ConnectX-7).
 */
interface Port {
  name: string;
  rate: string;
  layer?: string;
  model?: string;
}
const NDR = '400 Gb/sec (4X NDR)';
const HDR = '200 Gb/sec (4X HDR)';

function read(ports: Port[]) {
  return readSiblings(ports, (p): PortSpeed => {
    const r = sysfsRate(p.rate);
    return {
      linkLayer: p.layer,
      model: p.model,
      gbps: r.rateGbps ?? 0,
      width: r.width,
      laneGbps: r.laneGbps,
    };
  });
}
const rails = (rates: string[]): Port[] =>
  rates.map((rate, i) => ({ name: `mlx5_${i}`, rate, layer: 'InfiniBand', model: 'MT4129' }));
const unmodelled = (ports: Port[]): Port[] => ports.map(({ model: _, ...p }) => p);
const names = (ps: Port[]) => ps.map((p) => p.name);

describe('the port-speed rule: a strict majority of siblings sets the bar', () => {
  it('one port at 200 among seven at 400 of one model is slow, held to 400, and fails', () => {
    const [r] = read(rails([NDR, NDR, NDR, HDR, NDR, NDR, NDR, NDR]));
    expect(r?.norm?.gbps).toBe(400);
    expect(r?.norm?.ports).toHaveLength(7);
    expect(names(r?.slow ?? [])).toEqual(['mlx5_3']);
    expect(r?.odd).toEqual([]);
    expect(r?.status).toBe('fail');
  });

  it('the same with no adapter model shown only warns: it may be another NIC', () => {
    const [r] = read(unmodelled(rails([NDR, NDR, HDR])));
    expect(names(r?.slow ?? [])).toEqual(['mlx5_2']);
    expect(r?.status).toBe('warn');
  });

  it('a tie has no norm: nobody is slow, every port is named, and it warns', () => {
    const [r] = read(rails([NDR, NDR, HDR, HDR]));
    expect(r?.norm).toBeUndefined();
    expect(r?.slow).toEqual([]);
    expect(names(r?.odd ?? [])).toEqual(['mlx5_0', 'mlx5_1', 'mlx5_2', 'mlx5_3']);
    expect(r?.speeds.map((g) => g.signature)).toEqual(['400 Gb/s 4X 100G/lane', '200 Gb/s 4X 50G/lane']);
    expect(r?.status).toBe('warn');
  });

  it('two ports at two speeds are a tie too: one sibling is no majority', () => {
    const [r] = read(rails([NDR, HDR]));
    expect(r?.norm).toBeUndefined();
    expect(r?.slow).toEqual([]);
    expect(r?.status).toBe('warn');
  });

  it('a port above the majority is named, not slow; it warns', () => {
    const [r] = read(rails([HDR, HDR, HDR, NDR]));
    expect(r?.norm?.gbps).toBe(200);
    expect(r?.slow).toEqual([]);
    expect(names(r?.odd ?? [])).toEqual(['mlx5_3']);
    expect(r?.status).toBe('warn');
  });

  it('a 2X HDR port among 4X EDR ports (both 100 Gb/s) is odd by width, not slow', () => {
    const [r] = read(rails(['100 Gb/sec (4X EDR)', '100 Gb/sec (4X EDR)', '100 Gb/sec (2X HDR)']));
    expect(r?.norm?.signature).toBe('100 Gb/s 4X 25G/lane');
    expect(names(r?.odd ?? [])).toEqual(['mlx5_2']);
    expect(r?.slow).toEqual([]);
    expect(r?.status).toBe('warn');
  });

  it('another link layer, another model, or no model beside a known one is another kind', () => {
    const ports = [
      ...rails([NDR, NDR]),
      { name: 'mlx5_2', rate: '25 Gb/sec (1X EDR)', layer: 'Ethernet', model: 'MT4127' },
      { name: 'mlx5_3', rate: '100 Gb/sec (4X EDR)', layer: 'InfiniBand', model: 'MT4123' },
      { name: 'bnxt_re0', rate: HDR, layer: 'InfiniBand' },
    ];
    const readings = read(ports);
    expect(readings.map((r) => [r.linkLayer, r.model, r.status])).toEqual([
      ['InfiniBand', 'MT4129', 'ok'],
      ['Ethernet', 'MT4127', 'ok'],
      ['InfiniBand', 'MT4123', 'ok'],
      ['InfiniBand', undefined, 'ok'],
    ]);
  });

  it('one speed is ok, and a port the caller leaves out takes no part', () => {
    expect(read(rails([NDR, NDR, NDR])).map((r) => r.status)).toEqual(['ok']);
    expect(readSiblings(rails([NDR, HDR, NDR]), (p) => (p.rate === HDR ? undefined : { gbps: 400 }))).toEqual(
      [expect.objectContaining({ status: 'ok', slow: [], odd: [] })],
    );
  });
});
