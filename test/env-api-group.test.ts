import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Issue 38 P1 (read what is there, whatever its shape): a kind env reads, written under the
 * apiVersion of a sibling group env also reads (LWS's own group for its DisaggregatedSet), is read
 * as its group's, and a fail says the API server refuses it as written.
 */
const dset = (apiVersion: string) => `apiVersion: ${apiVersion}
kind: DisaggregatedSet
metadata: {name: pd}
spec:
  roles:
  - name: prefill
    spec:
      replicas: 1
      leaderWorkerTemplate:
        size: 1
        workerTemplate:
          spec:
            containers:
            - name: vllm
              image: vllm/vllm-openai:v0.9.0
              command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
              resources: {limits: {nvidia.com/gpu: 1}}
  - name: decode
    spec:
      replicas: 1
      leaderWorkerTemplate:
        size: 1
        workerTemplate:
          spec:
            containers:
            - name: vllm
              image: vllm/vllm-openai:v0.9.0
              command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
              resources: {limits: {nvidia.com/gpu: 1}}
`;

describe('env.api-group: a kind env reads under a group that does not serve it', () => {
  it('DisaggregatedSet as leaderworkerset.x-k8s.io/v1alpha1: read as disaggregatedset.x-k8s.io, and a fail', async () => {
    const a = await analyseYamlFile(dset('leaderworkerset.x-k8s.io/v1alpha1'));
    expect(a.part.graphs.map((g) => g.services.length)).toEqual([2]);
    const c = a.checks.filter((x) => x.id === 'env.api-group');
    expect(c.map((x) => x.status)).toEqual(['fail']);
    expect(c[0]?.detail).toMatch(
      /DisaggregatedSet pd is written as leaderworkerset\.x-k8s\.io\/v1alpha1, but DisaggregatedSet is served by disaggregatedset\.x-k8s\.io/,
    );
  });
  it('its own group: no such check; an unrelated group is another project’s kind, left unread as before', async () => {
    const own = await analyseYamlFile(dset('disaggregatedset.x-k8s.io/v1'));
    expect(own.checks.filter((x) => x.id === 'env.api-group')).toEqual([]);
    expect(own.part.graphs.map((g) => g.services.length)).toEqual([2]);
    const other = await analyseYamlFile(dset('example.com/v1'));
    expect(other.checks.filter((x) => x.id === 'env.api-group')).toEqual([]);
    expect(other.part.graphs).toEqual([]);
  });
});
