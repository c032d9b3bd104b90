import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/helpers/fixtures.js';
import { analyse } from '../../env/index.js';
import { loadInputs } from '../../env/load.js';
import { settingsFromLoaded } from '../steps/probes.js';
import { claimSourceOfTemplate, claimsOf, unsourced } from './claims.js';
import { mergeSettings, settingsFromPod } from './settings.js';

describe('DRA claims a probe pod copies', () => {
  it('the kimi-k3 DGD without its ComputeDomains: the claims are read, their sources are missing', async () => {
    const file = fixturePath('recipes', 'kimi-k3', 'vllm', 'disagg-gb200-agentic', 'deploy.yaml');
    const loaded = await loadInputs([file], '/');
    // Only the DynamoGraphDeployment (as `--dgd` reads it from the cluster): no ComputeDomain doc.
    const dgdOnly = {
      ...loaded,
      docs: loaded.docs.filter((d) => (d.value as { kind?: string }).kind === 'DynamoGraphDeployment'),
    };
    const s = settingsFromLoaded(dgdOnly, analyse(dgdOnly).part.services, 'kimi');
    expect(s.prefill?.claims).toEqual({
      pod: [{ name: 'compute-domain-channel', template: 'kimi-k3-prefill-compute-domain-channel' }],
      container: ['compute-domain-channel'],
      sources: {},
    });
    expect(unsourced(s.decode?.claims)).toEqual(['kimi-k3-decode-compute-domain-channel']);
    // With the whole file, each is its ComputeDomain's channel.
    const whole = settingsFromLoaded(loaded, analyse(loaded).part.services, 'kimi');
    expect(whole.decode?.claims?.sources).toEqual({
      'kimi-k3-decode-compute-domain-channel': {
        kind: 'ComputeDomain',
        allocationMode: 'Single',
        from: `ComputeDomain kimi-k3-decode-compute-domain in ${file}`,
      },
    });
  });

  it('a shared ResourceClaim (resourceClaimName) is not copied, and the container claim on it goes too', () => {
    const notes: string[] = [];
    const c = claimsOf(
      {
        resourceClaims: [
          { name: 'gpu', resourceClaimName: 'workers-gpus' },
          { name: 'ch', resourceClaimTemplateName: 'cd-channel' },
        ],
      },
      { resources: { claims: [{ name: 'gpu' }, { name: 'ch' }] } },
      [],
      notes,
    );
    expect(c).toEqual({ pod: [{ name: 'ch', template: 'cd-channel' }], container: ['ch'], sources: {} });
    expect(notes).toEqual([
      "resourceClaim gpu (ResourceClaim workers-gpus) not copied: a shared claim is the deployment's; give the probe its own with a ResourceClaimTemplate",
    ]);
  });

  it("a live template the ComputeDomain controller made is that domain's channel; any other is copied", () => {
    // The controller's workload template (k8s-dra-driver-gpu templates/compute-domain-workload-claim-template.tmpl.yaml).
    const channel = {
      metadata: {
        name: 'ch',
        labels: {
          'resource.nvidia.com/computeDomain': 'uid-1',
          'resource.nvidia.com/computeDomainTarget': 'Workload',
        },
      },
      spec: {
        spec: {
          devices: {
            requests: [
              { name: 'channel', exactly: { deviceClassName: 'compute-domain-default-channel.nvidia.com' } },
            ],
            config: [
              {
                requests: ['channel'],
                opaque: {
                  driver: 'compute-domain.nvidia.com',
                  parameters: {
                    kind: 'ComputeDomainChannelConfig',
                    domainID: 'uid-1',
                    allocationMode: 'All',
                  },
                },
              },
            ],
          },
        },
      },
    };
    expect(claimSourceOfTemplate(channel, 'ResourceClaimTemplate ns/ch')).toEqual({
      kind: 'ComputeDomain',
      allocationMode: 'All',
      from: 'ResourceClaimTemplate ns/ch',
    });
    const plain = { metadata: { name: 'nic' }, spec: { spec: { devices: { requests: [{ name: 'r' }] } } } };
    expect(claimSourceOfTemplate(plain, 'x')).toEqual({
      kind: 'ResourceClaimTemplate',
      spec: plain.spec,
      from: 'x',
    });
  });

  it('a live pod keeps its claims over the spec, and the spec fills them when the pod has none', () => {
    const pod = (claims?: unknown[]) => ({
      spec: {
        containers: [{ name: 'main', resources: { claims: [{ name: 'c' }] } }],
        ...(claims ? { resourceClaims: claims } : {}),
      },
    });
    const spec = settingsFromPod(pod([{ name: 'c', resourceClaimTemplateName: 'from-spec' }]), 'spec');
    const live = settingsFromPod(pod([{ name: 'c', resourceClaimTemplateName: 'live' }]), 'live');
    expect(mergeSettings(spec, live).claims?.pod).toEqual([{ name: 'c', template: 'live' }]);
    expect(mergeSettings(spec, settingsFromPod(pod(), 'live')).claims?.pod).toEqual([
      { name: 'c', template: 'from-spec' },
    ]);
  });
});
