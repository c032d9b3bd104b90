import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { parseIbstat } from '../../parsers/ibstat.js';
import { expectationFor } from '../expected.js';
import { nicsFromProbes } from './node-probes.js';

describe('nicsFromProbes', () => {
  it('turns the node probes’ ibstat result into the line rate the verdict uses', async () => {
    const { listFixtures } = await import('../../../test/helpers/fixtures.js');
    const files = listFixtures('node', 'ibstat');
    const parsed = files.map((f) => ({ f, r: parseIbstat(readFixture('node', 'ibstat', f)) }));
    const ndr = parsed.find(({ r }) =>
      r.devices.some((d) => d.ports.some((p) => p.state === 'active' && p.rateGbps === 400)),
    );
    expect(ndr, `an ibstat fixture with an active 400 Gb/s port among ${files.join(', ')}`).toBeDefined();
    const nics = nicsFromProbes({ ibstat: { parsed: ndr?.r } });
    expect(nics.some((n) => n.active && n.rateGbps === 400)).toBe(true);
    expect(expectationFor({ mode: 'cross-node', nics: { prefill: nics, decode: nics } }).lineGBps).toBe(50);
  });

  it('falls back to ibv_devinfo, and gives nothing when neither ran', () => {
    expect(nicsFromProbes({})).toEqual([]);
    expect(
      nicsFromProbes({
        ibv_devinfo: {
          parsed: {
            devices: [
              {
                name: 'mlx5_0',
                ports: [{ device: 'mlx5_0', port: 1, state: 'down', rateGbps: 200, linkLayer: 'Ethernet' }],
              },
            ],
          },
        },
      }),
    ).toEqual([{ device: 'mlx5_0', port: 1, active: false, rateGbps: 200, linkLayer: 'Ethernet' }]);
  });
});
