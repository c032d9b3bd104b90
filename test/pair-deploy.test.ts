import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { PairOptionsSchema } from '../src/commands/actions/pair.js';
import { repoRoot } from './helpers/fixtures.js';

/** The CronJob manifests parse, and what the CronJob runs is a valid `pair` invocation. */
const dir = path.join(repoRoot, 'deploy', 'cronjob');
const docs = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => parseAllDocuments(readFileSync(path.join(dir, f), 'utf8')).map((d) => d.toJS()));

describe('deploy/cronjob', () => {
  it('holds the namespaces, RBAC and the CronJob', () => {
    expect(docs.map((d) => `${d.kind}/${d.metadata.name}`).sort()).toEqual([
      'ClusterRole/interconnect-test-read',
      'ClusterRoleBinding/interconnect-test-read',
      'CronJob/interconnect-test-nightly',
      'Namespace/interconnect-test',
      'Namespace/interconnect-test-scratch',
      'Role/interconnect-test-exec',
      'Role/interconnect-test-leases',
      'Role/interconnect-test-scratch',
      'RoleBinding/interconnect-test-exec',
      'RoleBinding/interconnect-test-leases',
      'RoleBinding/interconnect-test-scratch',
      'ServiceAccount/interconnect-test',
    ]);
  });

  it('lets pair patch owner references in the scratch namespace (its Services, ConfigMap and etcd pod)', () => {
    const scratch = byName('Role', 'interconnect-test-scratch');
    for (const res of ['pods', 'services', 'configmaps'])
      expect(scratch.rules.find((r) => r.resources.includes(res))?.verbs, res).toContain('patch');
  });

  const byName = (kind: string, name: string) =>
    docs.find((d) => d.kind === kind && d.metadata.name === name) as {
      metadata: { namespace?: string };
      rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[];
      roleRef?: { kind: string; name: string };
      subjects?: { kind: string; name: string; namespace: string }[];
    };

  it("writes Leases only, and only in interconnect-test (the default --lease-namespace, the CronJob's own)", () => {
    const role = byName('Role', 'interconnect-test-leases');
    expect(role.metadata.namespace).toBe('interconnect-test');
    expect(role.rules).toEqual([
      {
        apiGroups: ['coordination.k8s.io'],
        resources: ['leases'],
        verbs: ['get', 'list', 'create', 'update', 'delete'],
      },
    ]);
    const binding = byName('RoleBinding', 'interconnect-test-leases');
    expect(binding.metadata.namespace).toBe('interconnect-test');
    expect(binding.roleRef).toMatchObject({ kind: 'Role', name: 'interconnect-test-leases' });
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'interconnect-test', namespace: 'interconnect-test' },
    ]);
  });

  it('the ClusterRole only reads: no write verb, and no pods/exec over every pod', () => {
    const cr = byName('ClusterRole', 'interconnect-test-read');
    const clusterRoles = docs.filter((d) => d.kind === 'ClusterRole');
    for (const r of clusterRoles.flatMap((d) => d.rules as { resources: string[]; verbs: string[] }[])) {
      expect(r.resources, 'no ClusterRole grants pods/exec').not.toContain('pods/exec');
      expect(r.verbs.filter((v) => !['get', 'list', 'watch'].includes(v))).toEqual([]);
    }
    expect(cr.rules).toContainEqual({
      apiGroups: ['k8s.cni.cncf.io'],
      resources: ['network-attachment-definitions'],
      verbs: ['get'],
    });
  });

  it("grants exec (get AND create on pods/exec: the WebSocket GET and 1.35's create check) only in the deployment's namespace", () => {
    const cj = docs.find((d) => d.kind === 'CronJob');
    const env: { name: string; value: string }[] = cj.spec.jobTemplate.spec.template.spec.containers[0].env;
    const dgdNamespace = env.find((e) => e.name === 'DGD_NAMESPACE')?.value;
    const exec = byName('Role', 'interconnect-test-exec');
    expect(exec.metadata.namespace).toBe(dgdNamespace);
    expect(exec.rules).toEqual([{ apiGroups: [''], resources: ['pods/exec'], verbs: ['get', 'create'] }]);
    const binding = byName('RoleBinding', 'interconnect-test-exec');
    expect(binding.metadata.namespace).toBe(dgdNamespace);
    expect(binding.roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'Role',
      name: 'interconnect-test-exec',
    });
    expect(binding.subjects).toEqual([
      {
        kind: 'ServiceAccount',
        name: cj.spec.jobTemplate.spec.template.spec.serviceAccountName,
        namespace: cj.metadata.namespace,
      },
    ]);
  });

  it('writes only in the scratch namespace', () => {
    const role = byName('Role', 'interconnect-test-scratch');
    expect(role.metadata.namespace).toBe('interconnect-test-scratch');
    const cj = docs.find((d) => d.kind === 'CronJob');
    const args: string[] = cj.spec.jobTemplate.spec.template.spec.containers[0].args;
    expect(args).toContain(`--scratch-namespace=${role.metadata.namespace}`);
  });

  it('may create and delete the nixl probe ConfigMap in the scratch namespace, and no Secret', () => {
    const role = byName('Role', 'interconnect-test-scratch');
    const rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[] = role.rules;
    const cm = rules.find((r) => r.apiGroups.includes('') && r.resources.includes('configmaps'));
    expect(cm?.verbs).toEqual(expect.arrayContaining(['create', 'get', 'list', 'delete']));
    expect(rules.some((r) => r.resources.includes('secrets'))).toBe(false);
  });

  it("the CronJob's pair arguments are accepted by the pair option schema", () => {
    const cj = docs.find((d) => d.kind === 'CronJob');
    const args: string[] = cj.spec.jobTemplate.spec.template.spec.containers[0].args;
    expect(args[0]).toBe('pair');
    const raw: Record<string, unknown> = {};
    for (const a of args.slice(1)) {
      const m = /^--([a-z-]+)=(.*)$/.exec(a) as RegExpExecArray;
      raw[(m[1] as string).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = m[2];
    }
    const parsed = PairOptionsSchema.parse(raw);
    expect([parsed.scratchNamespace, parsed.timeout, parsed.output, parsed.junit]).toEqual([
      'interconnect-test-scratch',
      1_800_000,
      'json',
      '/results/pair.xml',
    ]);
  });
});
