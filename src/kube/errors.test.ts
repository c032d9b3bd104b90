import { ApiException } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { InterruptedError } from '../core/errors.js';
import {
  type ClusterError,
  DeadlineError,
  httpStatusOf,
  RequestTimeoutError,
  toClusterError,
} from './errors.js';

describe('toClusterError', () => {
  const kubeError = (e: unknown, a: Parameters<typeof toClusterError>[1]) =>
    toClusterError(e, a) as ClusterError;

  it('names the missing verb and resource on 403', () => {
    const err = kubeError(new ApiException(403, 'Forbidden', { message: 'pods "p" is forbidden' }, {}), {
      verb: 'create',
      resource: 'pods/exec',
      namespace: 'dynamo',
    });
    expect(err.message).toBe(
      'permission denied: cannot exec in pods in namespace dynamo (pods/exec needs get and create) (pods "p" is forbidden)',
    );
    // The WebSocket upgrade is a GET (verb get); 1.35+ also checks create.
    expect(err.fix).toContain(
      'kubectl auth can-i get pods/exec -n dynamo; kubectl auth can-i create pods/exec -n dynamo',
    );
    const pods = kubeError(new ApiException(403, 'Forbidden', undefined, {}), {
      verb: 'list',
      resource: 'pods',
      namespace: 'dynamo',
    });
    expect(pods.message).toBe('permission denied: cannot list pods in namespace dynamo');
    expect(pods.fix).toContain('kubectl auth can-i list pods -n dynamo');
    expect([err.kind, err.status, err.action.verb]).toEqual(['forbidden', 403, 'create']);
  });

  it('reads the status of a refused websocket upgrade (exec)', () => {
    expect(httpStatusOf(new Error('Unexpected server response: 403'))).toBe(403);
  });

  it('says the API server is unreachable on connection errors, however deep the cause', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const err = kubeError(new Error('request failed', { cause: inner }), {
      verb: 'get',
      resource: 'pods',
      server: 'https://127.0.0.1:1',
    });
    expect(err.message).toBe('cannot reach the Kubernetes API server at https://127.0.0.1:1: ECONNREFUSED');
    expect(err.kind).toBe('unreachable');
  });

  it('names the request timeout and the run deadline as timeouts, and lets Ctrl-C through', () => {
    const action = { verb: 'list', resource: 'nodes', server: 'https://10.0.0.1:6443' };
    const slow = kubeError(new Error('aborted', { cause: new RequestTimeoutError(5000) }), action);
    expect([slow.kind, slow.message]).toEqual([
      'timeout',
      'the Kubernetes API server at https://10.0.0.1:6443 gave no answer to list nodes within 5s (--request-timeout)',
    ]);
    const late = kubeError(
      new Error('aborted', { cause: new DeadlineError('--timeout 10s reached') }),
      action,
    );
    expect([late.kind, late.message]).toEqual([
      'timeout',
      '--timeout 10s reached while waiting for the Kubernetes API server at https://10.0.0.1:6443 (list nodes)',
    ]);
    const sigint = new InterruptedError('SIGINT');
    expect(toClusterError(new Error('aborted', { cause: sigint }), action)).toBe(sigint);
  });

  it('reads the status of ApiException and of a websocket refusal, and names other answers', () => {
    const err = kubeError(new ApiException(500, 'boom', '{"message":"etcdserver: request timed out"}', {}), {
      verb: 'list',
      resource: 'pods',
      namespace: 'x',
    });
    expect([err.kind, err.status, err.message]).toEqual([
      'api',
      500,
      'list pods in namespace x failed (HTTP 500): etcdserver: request timed out',
    ]);
    expect(httpStatusOf(err)).toBe(500);
  });

  it('names the object on 404', () => {
    const err = kubeError(new ApiException(404, 'Not Found', { message: 'pods "x" not found' }, {}), {
      verb: 'get',
      resource: 'pods',
      name: 'x',
      namespace: 'ns',
    });
    expect(err.message).toBe('pods x not found in namespace ns');
    expect(err.kind).toBe('not-found');
  });
});
