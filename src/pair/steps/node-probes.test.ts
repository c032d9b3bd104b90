import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { check } from '../../core/model.js';
import { rollUp } from '../../core/verdict.js';
import { expectationFor } from '../../judge/expectations.js';
import { toClusterError } from '../../kube/errors.js';
import { parseIbstat } from '../../parsers/ibstat.js';
import { nicsFromProbes, nodeProbesFailed } from './node-probes.js';

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

describe('nodeProbesFailed', () => {
  const refused = toClusterError(new Error('Unexpected server response: 403'), {
    verb: 'create',
    resource: 'pods/exec',
    namespace: 'dynamo',
    name: 'disagg-prefill-0',
  });

  it('makes an exec refused by RBAC a warning that keeps the verdict from trusted, naming both verbs', () => {
    const c = nodeProbesFailed(refused, 'disagg', 'dynamo');
    expect(c).toMatchObject({ id: 'node.probes', status: 'warn' });
    expect(c.matters).toBeUndefined();
    expect(c.detail).toBe(
      "the node probes did not run in the DGD's worker pods: permission denied: cannot exec in pods in namespace dynamo (pods/exec needs get and create)",
    );
    expect(c.fix).toContain('grant the "get" and "create" verbs on "pods/exec" in namespace dynamo');
    const v = rollUp([check('pair.bandwidth', 'ok', '48 GB/s'), c]);
    expect(v.status).toBe('unverified');
    expect(v.fixFirst?.id).toBe('node.probes');
  });

  it('leaves other reasons (no worker pod yet) an informational skip', () => {
    const c = nodeProbesFailed(new Error('no Running pod of DGD disagg'), 'disagg', 'dynamo');
    expect([c.status, c.matters]).toEqual(['skipped', false]);
    expect(rollUp([check('pair.bandwidth', 'ok', '48 GB/s'), c]).status).toBe('trusted');
  });
});
