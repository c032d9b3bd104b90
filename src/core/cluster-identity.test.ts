import { describe, expect, it } from 'vitest';
import { CLUSTER_NAME_PATTERN, clusterIdentity, clusterSlug, describeCluster } from './cluster-identity.js';

describe('clusterIdentity', () => {
  it('names the cluster by --cluster-name, else by the context', () => {
    expect(clusterIdentity({ context: 'admin@prod', server: 'https://10.0.0.1:6443' }, 'gpu-east')).toEqual({
      name: 'gpu-east',
      context: 'admin@prod',
      server: 'https://10.0.0.1:6443',
    });
    expect(clusterIdentity({ context: 'admin@prod', server: 'https://10.0.0.1:6443' }).name).toBe(
      'admin@prod',
    );
    expect(clusterIdentity({}).name).toBe('unknown');
  });

  it('never carries credentials, a query or a fragment of the server URL', () => {
    const c = clusterIdentity({
      context: 'x',
      server: 'https://admin:s3cret@api.example:6443/k8s/clusters/c-1?token=eyJabc#frag',
    });
    expect(c.server).toBe('https://api.example:6443/k8s/clusters/c-1');
    expect(JSON.stringify(c)).not.toMatch(/s3cret|admin:|token|eyJ/);
    // Not a URL at all: still through the redaction.
    expect(clusterIdentity({ server: 'u:p@host TOKEN=abc' }).server).not.toContain('abc');
  });

  it('a file-safe slug and a one-line description', () => {
    const c = clusterIdentity({ context: 'arn:aws:eks:us-east-1:1:cluster/gpu prod' });
    expect(clusterSlug(c)).toBe('arn-aws-eks-us-east-1-1-cluster-gpu-prod');
    expect(describeCluster(clusterIdentity({ context: 'ctx', server: 'https://h:6443' }, 'east'))).toBe(
      'cluster east (context ctx, https://h:6443)',
    );
    expect(describeCluster(clusterIdentity({ context: 'east' }))).toBe('cluster east');
    expect(CLUSTER_NAME_PATTERN.test('gpu-prod-east')).toBe(true);
    expect(CLUSTER_NAME_PATTERN.test('gpu prod')).toBe(false);
  });
});
