import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../core/errors.js';
import { loadKubeconfig } from './kubeconfig.js';
import { kubeconfigFiles } from './kubeconfig-files.js';

/**
 * KUBECONFIG with several files, merged as kubectl does (client-go tools/clientcmd/loader.go,
 * references/kubeconfig-loading.md), against real files on disk.
 */

const root = mkdtempSync(join(tmpdir(), 'it-kube-merge-'));

function file(rel: string, text: string): string {
  const f = join(root, rel);
  mkdirSync(join(f, '..'), { recursive: true });
  writeFileSync(f, text);
  return f;
}

/** One kubeconfig: a cluster, a user and a context, all named after `n`. */
function config(
  n: string,
  extra: { current?: string; server?: string; ns?: string; user?: string } = {},
): string {
  return `apiVersion: v1
kind: Config
clusters:
- name: c-${n}
  cluster: {server: "${extra.server ?? `https://${n}.example:6443`}"}
users:
- name: u-${n}
  user: ${extra.user ?? '{token: t}'}
contexts:
- name: ctx-${n}
  context: {cluster: c-${n}, user: u-${n}${extra.ns ? `, namespace: ${extra.ns}` : ''}}
${extra.current ? `current-context: ${extra.current}\n` : ''}`;
}

const load = (env: NodeJS.ProcessEnv, o: { kubeconfig?: string; context?: string } = {}) =>
  loadKubeconfig({ ...o, requestTimeoutMs: 1000 }, env);

describe('KUBECONFIG with several files', () => {
  it('two files: the contexts of both, current-context from the first that sets one', () => {
    const a = file('two/a', config('a'));
    const b = file('two/b', config('b', { current: 'ctx-b' }));
    const env = { KUBECONFIG: `${a}:${b}`, HOME: root };
    const loaded = load(env);
    expect(loaded.kc.getContexts().map((c) => c.name)).toEqual(['ctx-a', 'ctx-b']);
    // a sets none, so b's wins.
    expect([loaded.context, loaded.server]).toEqual(['ctx-b', 'https://b.example:6443']);
    // The context of the second file, asked for by name (it was "not in the kubeconfig" before).
    expect(load(env, { context: 'ctx-a' }).server).toBe('https://a.example:6443');
  });

  it('three files: the first to name a key wins it whole; current-context from the first', () => {
    const a = file('three/a', config('a', { current: 'ctx-a', ns: 'from-a' }));
    // b redefines a's context (another namespace) and cluster (another server): both ignored.
    const b = file(
      'three/b',
      `apiVersion: v1
kind: Config
clusters:
- name: c-a
  cluster: {server: "https://elsewhere:6443"}
- name: c-b
  cluster: {server: "https://b.example:6443"}
users:
- name: u-b
  user: {token: t}
contexts:
- name: ctx-a
  context: {cluster: c-a, user: u-a, namespace: from-b}
- name: ctx-b
  context: {cluster: c-b, user: u-b}
current-context: ctx-b
`,
    );
    const c = file('three/c', config('c', { current: 'ctx-c' }));
    const loaded = load({ KUBECONFIG: [a, b, c].join(':') });
    expect(loaded.kc.getContexts().map((x) => x.name)).toEqual(['ctx-a', 'ctx-b', 'ctx-c']);
    expect(loaded.kc.getClusters().map((x) => x.name)).toEqual(['c-a', 'c-b', 'c-c']);
    expect([loaded.context, loaded.namespace, loaded.server]).toEqual([
      'ctx-a',
      'from-a',
      'https://a.example:6443',
    ]);
  });

  it('a file in the list that does not exist is skipped, as kubectl does; all missing is one line', () => {
    const a = file('missing/a', config('a', { current: 'ctx-a' }));
    const gone = join(root, 'missing', 'nope');
    expect(load({ KUBECONFIG: `${gone}:${a}` }).context).toBe('ctx-a');
    expect(() => load({ KUBECONFIG: `${gone}:${gone}2`, HOME: root })).toThrow(
      `no kubeconfig found: none of the files of KUBECONFIG exists (${gone}, ${gone}2)`,
    );
  });

  it('a malformed file in the list is an error naming it, not skipped', () => {
    const a = file('bad/a', config('a', { current: 'ctx-a' }));
    const bad = file('bad/b', 'clusters: {a: 1}\n');
    expect(() => load({ KUBECONFIG: `${a}:${bad}` })).toThrow(ToolError);
    expect(() => load({ KUBECONFIG: `${a}:${bad}` })).toThrow(
      `kubeconfig ${bad} has "clusters" that is not a list`,
    );
  });

  it('relative paths are resolved against the folder of the file that holds them', () => {
    file('rel/one/ca.crt', 'x');
    file('rel/two/client.crt', 'x');
    file('rel/two/client.key', 'x');
    const a = file(
      'rel/one/config',
      config('a', { current: 'ctx-a' }).replace(
        '{server: "https://a.example:6443"}',
        '{server: "https://a.example:6443", certificate-authority: ca.crt}',
      ),
    );
    const b = file(
      'rel/two/config',
      config('b', { user: '{client-certificate: client.crt, client-key: ./client.key}' }),
    );
    const loaded = load({ KUBECONFIG: `${a}:${b}` }, { context: 'ctx-a' });
    expect(loaded.kc.getCluster('c-a')?.caFile).toBe(join(root, 'rel/one/ca.crt'));
    const user = loaded.kc.getUser('u-b');
    expect([user?.certFile, user?.keyFile]).toEqual([
      join(root, 'rel/two/client.crt'),
      join(root, 'rel/two/client.key'),
    ]);
    // A CA that is not there beside its own file is named with its resolved path.
    const c = file(
      'rel/three/config',
      config('c', { current: 'ctx-c' }).replace(
        '{server: "https://c.example:6443"}',
        '{server: "https://c.example:6443", certificate-authority: ca.crt}',
      ),
    );
    expect(() => load({ KUBECONFIG: c })).toThrow(
      `certificate-authority ${join(root, 'rel/three/ca.crt')} does not exist`,
    );
  });

  it('--kubeconfig overrides KUBECONFIG, and must exist', () => {
    const a = file('flag/a', config('a', { current: 'ctx-a' }));
    const b = file('flag/b', config('b', { current: 'ctx-b' }));
    expect(
      load({ KUBECONFIG: a }, { kubeconfig: b })
        .kc.getContexts()
        .map((c) => c.name),
    ).toEqual(['ctx-b']);
    expect(() => load({ KUBECONFIG: a }, { kubeconfig: join(root, 'flag/none') })).toThrow(
      `kubeconfig ${join(root, 'flag/none')} does not exist`,
    );
  });

  it('an unknown context names every file of the merge', () => {
    const a = file('names/a', config('a', { current: 'ctx-a' }));
    const b = file('names/b', config('b'));
    expect(() => load({ KUBECONFIG: `${a}:${b}` }, { context: 'ctx-z' })).toThrow(
      `context "ctx-z" is not in the kubeconfig ${a}:${b}`,
    );
  });

  it('reads the list as kubectl: empty entries and repeats dropped; else ~/.kube/config', () => {
    expect(kubeconfigFiles(undefined, { KUBECONFIG: ':/a::/b:/a' })).toEqual({
      files: ['/a', '/b'],
      explicit: false,
    });
    expect(kubeconfigFiles('/x', { KUBECONFIG: '/a' })).toEqual({ files: ['/x'], explicit: true });
    file('home/.kube/config', config('h'));
    expect(kubeconfigFiles(undefined, { HOME: join(root, 'home') })).toEqual({
      files: [join(root, 'home/.kube/config')],
      explicit: false,
    });
  });
});
