import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiException } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../core/errors.js';
import { httpStatusOf, kubeError, loadKube } from './client.js';

const kubeconfig = `apiVersion: v1
kind: Config
clusters:
- name: c1
  cluster: {server: "https://127.0.0.1:6443", insecure-skip-tls-verify: true}
users:
- name: u1
  user: {token: abc}
contexts:
- name: one
  context: {cluster: c1, user: u1, namespace: dynamo}
- name: two
  context: {cluster: c1, user: u1}
current-context: one
`;

function writeConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'it-kube-'));
  const file = join(dir, 'config');
  writeFileSync(file, kubeconfig);
  return file;
}

describe('loadKube', () => {
  it('takes the namespace from the flag, else the context, else default', () => {
    const file = writeConfig();
    expect(loadKube({ kubeconfig: file }, {}).namespace).toBe('dynamo');
    expect(loadKube({ kubeconfig: file, namespace: 'x' }, {}).namespace).toBe('x');
    const two = loadKube({ kubeconfig: file, context: 'two' }, {});
    expect([two.namespace, two.context, two.server]).toEqual(['default', 'two', 'https://127.0.0.1:6443']);
  });

  it('names an unknown context and lists the known ones', () => {
    expect(() => loadKube({ kubeconfig: writeConfig(), context: 'nope' }, {})).toThrow(
      /context "nope" is not in the kubeconfig/,
    );
  });

  it('refuses to fall back to localhost:8080 when there is no kubeconfig', () => {
    const home = mkdtempSync(join(tmpdir(), 'it-home-'));
    expect(() => loadKube({}, { HOME: home })).toThrow(/no kubeconfig found/);
  });

  it('reports an unreadable kubeconfig as one line', () => {
    expect(() => loadKube({ kubeconfig: '/nonexistent/kubeconfig' }, {})).toThrow(ToolError);
  });
});

describe('kubeError', () => {
  it('names the missing verb and resource on 403', () => {
    const err = kubeError(new ApiException(403, 'Forbidden', { message: 'pods "p" is forbidden' }, {}), {
      verb: 'create',
      resource: 'pods/exec',
      namespace: 'dynamo',
    });
    expect(err.message).toBe(
      'permission denied: cannot create pods/exec in namespace dynamo (pods "p" is forbidden)',
    );
    expect(err.fix).toContain('kubectl auth can-i create pods/exec -n dynamo');
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
  });

  it('names the object on 404', () => {
    const err = kubeError(new ApiException(404, 'Not Found', { message: 'pods "x" not found' }, {}), {
      verb: 'get',
      resource: 'pods',
      name: 'x',
      namespace: 'ns',
    });
    expect(err.message).toBe('pods x not found in namespace ns');
  });
});
