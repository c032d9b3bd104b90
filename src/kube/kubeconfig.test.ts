import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../core/errors.js';
import { loadKubeconfig } from './kubeconfig.js';

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

function writeConfig(text = kubeconfig): string {
  const dir = mkdtempSync(join(tmpdir(), 'it-kube-'));
  const file = join(dir, 'config');
  writeFileSync(file, text);
  return file;
}

const loadKube = (o: { kubeconfig?: string; context?: string; namespace?: string }, env: NodeJS.ProcessEnv) =>
  loadKubeconfig({ ...o, requestTimeoutMs: 1000 }, env);

describe('loadKubeconfig', () => {
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
    expect(() => loadKube({ kubeconfig: '/nonexistent/kubeconfig' }, {})).toThrow(
      'kubeconfig /nonexistent/kubeconfig does not exist',
    );
  });

  it('names the file and the problem for empty, malformed and shapeless kubeconfigs', () => {
    const cases: [string, RegExp][] = [
      ['', /^kubeconfig \S+ is empty$/],
      ['  \n\n', /is empty$/],
      ['clusters: [a\n  b: }', /is not valid YAML \(line \d+\)/],
      ['- just\n- a list\n', /is not a YAML mapping$/],
      ['apiVersion: v1\nkind: Config\n', /has no clusters$/],
      ['clusters: {a: 1}\n', /has "clusters" that is not a list$/],
    ];
    for (const [text, message] of cases) {
      const file = writeConfig(text);
      let err: unknown;
      try {
        loadKube({ kubeconfig: file }, {});
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(text)).toBeInstanceOf(ToolError);
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).toContain(file);
      expect((err as Error).message).not.toContain('\n');
      expect((err as ToolError).fix).toMatch(/--kubeconfig/);
    }
  });

  it('refuses a cluster without a server address', () => {
    const file = writeConfig(kubeconfig.replace('server: "https://127.0.0.1:6443", ', ''));
    expect(() => loadKube({ kubeconfig: file }, {})).toThrow(
      /kubeconfig \S+ is not a valid kubeconfig: clusters\[0\]\.cluster\.server is missing/,
    );
  });
});

describe('loadKubeconfig: the files and the server it names', () => {
  it('a certificate-authority, client certificate or key file that does not exist is one line naming the field', () => {
    const ca = kubeconfig.replace(
      'cluster: {server: "https://127.0.0.1:6443", insecure-skip-tls-verify: true}',
      'cluster: {server: "https://127.0.0.1:6443", certificate-authority: /nonexistent/ca.crt}',
    );
    expect(() => loadKube({ kubeconfig: writeConfig(ca) }, {})).toThrow(
      /: clusters\[c1\]\.cluster\.certificate-authority \/nonexistent\/ca\.crt does not exist$/,
    );
    const cert = kubeconfig.replace(
      'user: {token: abc}',
      'user: {client-certificate: missing.crt, client-key: missing.key}',
    );
    expect(() => loadKube({ kubeconfig: writeConfig(cert) }, {})).toThrow(
      /: users\[u1\]\.user\.client-certificate \/\S+\/missing\.crt does not exist$/,
    );
  });

  it('a plain http:// server without insecure-skip-tls-verify is refused up front, naming the cluster', () => {
    const http = kubeconfig.replace(
      'cluster: {server: "https://127.0.0.1:6443", insecure-skip-tls-verify: true}',
      'cluster: {server: "http://127.0.0.1:8080"}',
    );
    expect(() => loadKube({ kubeconfig: writeConfig(http) }, {})).toThrow(
      /cluster "c1" has a plain http:\/\/ server address/,
    );
  });
});
