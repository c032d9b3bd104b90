import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { parseDuration } from '../src/core/duration.js';
import { cronProblem, loadPolicy } from '../src/sweep/policy.js';
import { repoRoot } from './helpers/fixtures.js';

/**
 * deploy/sweep as files (no kustomize here: test/e2e/sweep-deploy.e2e.test.ts builds and
 * applies it for real). The objects it shares with deploy/cronjob are the same objects, so
 * the two installs live together; the CronJob runs the policy it mounts.
 */
const base = path.join(repoRoot, 'deploy', 'sweep', 'base');
const overlay = path.join(repoRoot, 'deploy', 'sweep', 'overlays', 'example');
// biome-ignore lint/suspicious/noExplicitAny: manifests are untyped YAML
type Doc = any;
const docsOf = (file: string): Doc[] => parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS());
const id = (d: Doc) => `${d.kind}/${d.metadata.namespace ?? ''}/${d.metadata.name}`;

const sweep = ['namespace.yaml', 'rbac.yaml', 'cronjob.yaml'].flatMap((f) => docsOf(path.join(base, f)));
const pair = ['namespace.yaml', 'rbac.yaml'].flatMap((f) =>
  docsOf(path.join(repoRoot, 'deploy', 'cronjob', f)),
);
const cronJob = sweep.find((d) => d.kind === 'CronJob');
const podSpec = cronJob.spec.jobTemplate.spec.template.spec;

describe('deploy/sweep/base', () => {
  it('shares the namespaces, ServiceAccount and RBAC with deploy/cronjob, object for object', () => {
    const shared = sweep.filter((d) => d.kind !== 'CronJob');
    expect(shared.map(id).sort()).toEqual([
      'ClusterRole//interconnect-test-read',
      'ClusterRoleBinding//interconnect-test-read',
      'Namespace//interconnect-test',
      'Namespace//interconnect-test-scratch',
      'Role/interconnect-test-scratch/interconnect-test-scratch',
      'Role/interconnect-test/interconnect-test-leases',
      'RoleBinding/interconnect-test-scratch/interconnect-test-scratch',
      'RoleBinding/interconnect-test/interconnect-test-leases',
      'ServiceAccount/interconnect-test/interconnect-test',
    ]);
    for (const d of shared) expect(d, id(d)).toEqual(pair.find((p) => id(p) === id(d)));
  });

  it('grants nothing the sweep does not use: no exec, no secrets, no namespace writes', () => {
    const rules = sweep.filter((d) => d.kind === 'Role' || d.kind === 'ClusterRole').flatMap((d) => d.rules);
    const resources = rules.flatMap((r: Doc) => r.resources);
    expect(resources).not.toContain('pods/exec');
    expect(resources).not.toContain('secrets');
    expect(resources).not.toContain('*');
    const cr = sweep.find((d) => d.kind === 'ClusterRole');
    for (const r of cr.rules)
      expect(r.verbs.filter((v: string) => !['get', 'list', 'watch'].includes(v))).toEqual([]);
  });

  it('runs gc, then sweep with the mounted policy in the scratch namespace', () => {
    expect(podSpec.initContainers.map((c: Doc) => c.args)).toEqual([
      ['gc', '-n', 'interconnect-test-scratch', '-o', 'json'],
    ]);
    const [main] = podSpec.containers;
    expect(main.args).toEqual([
      'sweep',
      '--policy=/etc/interconnect-test/policy',
      '--scratch-namespace=interconnect-test-scratch',
    ]);
    const mount = main.volumeMounts.find((m: Doc) => m.mountPath === '/etc/interconnect-test/policy');
    const volume = podSpec.volumes.find((v: Doc) => v.name === mount.name);
    const kustomization = parse(readFileSync(path.join(base, 'kustomization.yaml'), 'utf8'));
    expect(volume.configMap.name).toBe(kustomization.configMapGenerator[0].name);
    expect(podSpec.serviceAccountName).toBe('interconnect-test');
  });

  it.each([
    ['base', base],
    ['overlays/example', overlay],
  ])(
    '%s: the policy loads, its schedule is a cron schedule, the Job deadline outlives its timeout',
    (_, dir) => {
      const policy = loadPolicy(path.join(dir, 'policy.yaml'));
      expect(policy.schedule, 'the schedule lives in the ConfigMap key, not policy.yaml').toBeUndefined();
      const gen = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')).configMapGenerator[0];
      const schedule = (gen.literals as string[])
        .find((l) => l.startsWith('schedule='))
        ?.slice('schedule='.length);
      expect(schedule).toBeDefined();
      expect(cronProblem(schedule as string)).toBeUndefined();
      const timeoutMs = parseDuration(policy.timeout ?? '') as number;
      // gc, teardown and the pod's grace period need room after the sweep's own deadline.
      expect(cronJob.spec.jobTemplate.spec.activeDeadlineSeconds * 1000).toBeGreaterThanOrEqual(
        timeoutMs + 10 * 60_000,
      );
    },
  );
});

describe('deploy/sweep/components/namespaced', () => {
  const dir = path.join(repoRoot, 'deploy', 'sweep', 'components', 'namespaced');
  const component = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'));
  const [role] = docsOf(path.join(dir, 'clusterrole.yaml'));

  it("is the base's ClusterRole without pods, every other rule the same", () => {
    const base = sweep.find((d) => d.kind === 'ClusterRole');
    expect(role.metadata).toEqual(base.metadata);
    const without = base.rules.map((r: Doc) => ({
      ...r,
      resources: r.resources.filter((x: string) => x !== 'pods'),
    }));
    expect(role.rules).toEqual(without);
    expect(role.rules.flatMap((r: Doc) => r.resources)).not.toContain('pods');
  });

  it('runs the sweep with --gpu-accounting none, a value the policy and the CLI accept', () => {
    const [patch] = component.patches.filter((p: Doc) => p.target?.kind === 'CronJob');
    expect(parse(patch.patch)).toEqual([
      {
        op: 'add',
        path: '/spec/jobTemplate/spec/template/spec/containers/0/args/-',
        value: '--gpu-accounting=none',
      },
    ]);
    expect(component.patches.map((p: Doc) => p.path).filter(Boolean)).toEqual(['clusterrole.yaml']);
  });
});
