import { describe, expect, it } from 'vitest';
import { expectedRate, type NicPort, nicRateCheck, siblingRate, slowPorts } from './siblings.js';

const port = (device: string, rateGbps: number, extra: Partial<NicPort> = {}): NicPort => ({
  device,
  port: 1,
  rateGbps,
  active: true,
  linkLayer: 'InfiniBand',
  ...extra,
});
const rails = (slow?: string, rate = 200) =>
  ['mlx5_0', 'mlx5_1', 'mlx5_2', 'mlx5_3', 'mlx5_4', 'mlx5_5', 'mlx5_6', 'mlx5_7'].map((d) =>
    port(d, d === slow ? rate : 400),
  );

describe('a port against its siblings', () => {
  it('the majority of the same link layer sets the rate; a port below it is held to it', () => {
    const ports = rails('mlx5_3');
    expect(siblingRate(ports[3] as NicPort, ports)).toEqual({ gbps: 400, count: 7, sameModel: false });
    expect(expectedRate(ports[3] as NicPort, ports).gbps).toBe(400);
    expect(expectedRate(ports[0] as NicPort, ports)).toEqual({ gbps: 400 });
    expect(slowPorts(ports).map((s) => s.port.device)).toEqual(['mlx5_3']);
  });
  it('needs a majority: two ports at different rates, or one sibling, say nothing', () => {
    expect(slowPorts([port('a', 400), port('b', 200)])).toEqual([]);
    expect(slowPorts([port('a', 400), port('b', 400), port('c', 200), port('d', 200)])).toEqual([]);
    expect(slowPorts([port('a', 400), port('b', 400), port('c', 200)]).map((s) => s.port.device)).toEqual([
      'c',
    ]);
  });
  it('another link layer or another known model is no sibling (a front-end NIC beside the rails)', () => {
    const ports = [...rails(), port('mlx5_bond_0', 100, { linkLayer: 'Ethernet' })];
    expect(slowPorts(ports)).toEqual([]);
    const models = [
      ...rails().map((p) => ({ ...p, model: 'MT4129' })),
      port('mlx5_8', 100, { model: 'MT4125' }),
    ];
    expect(slowPorts(models)).toEqual([]);
  });
  it('a slow port of the rails own model fails, one of no known model warns', () => {
    const same = rails('mlx5_3').map((p) => ({ ...p, model: 'MT4129' }));
    const fail = nicRateCheck('gpu-a', same);
    expect(fail).toMatchObject({ id: 'pair.nic-rate', status: 'fail', subject: 'gpu-a' });
    expect(fail?.detail).toBe('mlx5_3 trained to 200 Gb/s, its 7 siblings to 400');
    const unknown = nicRateCheck('gpu-a', rails('mlx5_3'));
    expect(unknown?.status).toBe('warn');
    expect(unknown?.detail).toBe(
      'mlx5_3 trained to 200 Gb/s, its 7 siblings to 400 (adapter model not shown: it may be another NIC)',
    );
  });
  it('siblings that disagree with no majority warn and name every speed; nobody is held to another', () => {
    const tie = [port('mlx5_0', 400), port('mlx5_1', 400), port('mlx5_2', 200), port('mlx5_3', 200)];
    const c = nicRateCheck('gpu-a', tie);
    expect(c).toMatchObject({ id: 'pair.nic-rate', status: 'warn', data: { slow: [] } });
    expect(c?.detail).toBe(
      "mlx5_0, mlx5_1 at 400 Gb/s, mlx5_2, mlx5_3 at 200 Gb/s: no majority of one kind, so none is held to another's rate",
    );
    expect(expectedRate(tie[2] as NicPort, tie)).toEqual({ gbps: 200 });
    const above = nicRateCheck('gpu-a', [port('a', 200), port('b', 200), port('c', 200), port('d', 400)]);
    expect(above?.status).toBe('warn');
    expect(above?.detail).toBe('d at 400 Gb/s, above its 3 siblings at 200 Gb/s');
  });
  it('down ports the pod sees are named, never dropped; a down port of the rails model warns', () => {
    const ports = [...rails(), { ...port('mlx5_8', 400), active: false }];
    expect(nicRateCheck('gpu-a', ports)).toMatchObject({
      status: 'ok',
      detail: '8 active ports at 400 Gb/s; down: mlx5_8 (seen by the pod, carry nothing)',
    });
    const modelled = ports.map((p) => ({ ...p, model: 'MT4129' }));
    expect(nicRateCheck('gpu-a', modelled)?.status).toBe('warn');
    expect(nicRateCheck('gpu-a', rails())).toBeUndefined();
  });
});
