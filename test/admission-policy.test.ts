import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import {
  DEFAULT_ETCD_IMAGE,
  DEFAULT_NIXL_IMAGE,
  DEFAULT_PROBE_IMAGE,
  etcdImageFor,
} from '../src/pair/options/flags.js';
import { loadPolicy } from '../src/sweep/policy.js';
import { repoRoot } from './helpers/fixtures.js';

/**
 * deploy/admission as files, in step with the installs and the CLI (issue 35 item 7). What the
 * API server does with it (a privileged, hostPath or foreign-image pod refused with the
 * CronJob's token, a nightly sweep still admitted) is test/e2e/admission.e2e.test.ts.
 */
// biome-ignore lint/suspicious/noExplicitAny: manifests are untyped YAML
type Doc = any;
const read = (...p: string[]) => readFileSync(path.join(repoRoot, ...p), 'utf8');
const docs = (...p: string[]): Doc[] => parseAllDocuments(read(...p)).map((d) => d.toJS());
const [policy] = docs('deploy', 'admission', 'policy.yaml');
const [binding] = docs('deploy', 'admission', 'binding.yaml');
const kustomization = parse(read('deploy', 'admission', 'kustomization.yaml'));
const LABEL = 'interconnect-test/admission';

/** The entries of a CEL list literal (`['a', 'b']`). */
const listOf = (expr: string): string[] => [...expr.matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
/** The install's lists: the policy's variables by name. */
const lists: Record<string, string> = Object.fromEntries(
  (policy.spec.variables as { name: string; expression: string }[]).map((v) => [v.name, v.expression]),
);
const list = (name: string): string[] => listOf(lists[name] ?? '');

describe('deploy/admission', () => {
  it('checks pods (whoever creates them: the Job controller makes the probe pods) and Jobs, on create and on a spec change', () => {
    expect(policy.kind).toBe('ValidatingAdmissionPolicy');
    expect(policy.apiVersion).toBe('admissionregistration.k8s.io/v1');
    expect(policy.spec.failurePolicy).toBe('Fail');
    expect(policy.spec.matchConstraints.resourceRules).toEqual([
      {
        apiGroups: [''],
        apiVersions: ['v1'],
        operations: ['CREATE', 'UPDATE'],
        resources: ['pods', 'pods/ephemeralcontainers'],
      },
      { apiGroups: ['batch'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['jobs'] },
    ]);
    // Every rule the issue names has its validation.
    const text = policy.spec.validations.map((v: Doc) => v.expression).join('\n');
    for (const needle of [
      "'app.kubernetes.io/managed-by'",
      "'interconnect-test/run-id'",
      'c.securityContext.privileged',
      'variables.spec.hostPID',
      'variables.spec.hostIPC',
      'v.hostPath.path in variables.hostPaths',
      'a in variables.capabilities',
      'variables.images.exists',
      'secretKeyRef',
      'automountServiceAccountToken',
      'hostPort',
    ])
      expect(text).toContain(needle);
    for (const v of policy.spec.validations) expect(v.reason).toBe('Forbidden');
  });

  it('is bound with Deny to the namespaces of our label; its lists are in the policy, no param (kubernetes#133827)', () => {
    expect(binding.spec).toEqual({
      policyName: policy.metadata.name,
      validationActions: ['Deny'],
      matchResources: { namespaceSelector: { matchLabels: { [LABEL]: 'probe-pods' } } },
    });
    expect(policy.spec.paramKind).toBeUndefined();
    expect(kustomization.resources).toEqual(['policy.yaml', 'binding.yaml']);
    // The overlays patch the lists by index: variables/3..6 are images, capabilities, hostPaths, hostNetwork.
    expect(policy.spec.variables.slice(3, 7).map((v: Doc) => v.name)).toEqual([
      'images',
      'capabilities',
      'hostPaths',
      'hostNetwork',
    ]);
  });

  it.each([
    ['deploy/sweep/base', 'deploy/sweep/base/namespace.yaml'],
    ['deploy/cronjob', 'deploy/cronjob/namespace.yaml'],
  ])('%s: the scratch namespace carries the label, the CronJob’s own namespace does not', (_, file) => {
    const ns = docs(file);
    const labelled = ns
      .filter((n) => n.metadata.labels?.[LABEL] === 'probe-pods')
      .map((n) => n.metadata.name);
    expect(labelled).toEqual(['interconnect-test-scratch']);
  });

  it('ships with deploy/sweep/base; its ServiceAccount may not touch admission policies or namespaces', () => {
    expect(parse(read('deploy', 'sweep', 'base', 'kustomization.yaml')).resources).toContain(
      '../../admission',
    );
    for (const file of ['deploy/sweep/base/rbac.yaml', 'deploy/cronjob/rbac.yaml']) {
      const rules = docs(file)
        .filter((d) => d.kind === 'Role' || d.kind === 'ClusterRole')
        .flatMap((d) => d.rules);
      expect(rules.flatMap((r: Doc) => r.apiGroups)).not.toContain('admissionregistration.k8s.io');
      expect(rules.flatMap((r: Doc) => r.apiGroups)).not.toContain('*');
      for (const r of rules.filter((r: Doc) => r.resources.includes('namespaces')))
        expect(r.verbs, `${file}: namespaces`).toEqual(['get', 'list']);
    }
  });

  it("admits the CLI's default images and nothing but what the probe adds (IPC_LOCK), no hostPath, no hostNetwork", () => {
    // The defaults a base install's sweep runs: --engine nixlbench, --engine nixl (a Dynamo
    // runtime image, which runs the etcd too), and the etcd for a nixlbench image.
    expect(list('images')).toEqual([DEFAULT_PROBE_IMAGE, DEFAULT_NIXL_IMAGE, DEFAULT_ETCD_IMAGE]);
    expect(etcdImageFor(undefined, DEFAULT_PROBE_IMAGE).image).toBe(DEFAULT_ETCD_IMAGE);
    expect(etcdImageFor(undefined, DEFAULT_NIXL_IMAGE).image).toBe(DEFAULT_NIXL_IMAGE);
    // src/pair/plan/values.ts: capabilities: [...new Set(['IPC_LOCK', ...s.capabilities])].
    expect(read('src', 'pair', 'plan', 'values.ts')).toContain(
      "capabilities: [...new Set(['IPC_LOCK', ...s.capabilities])]",
    );
    expect(list('capabilities')).toEqual(['IPC_LOCK']);
    expect(lists.hostPaths).toBe('[]');
    expect(lists.hostNetwork).toBe('false');
  });

  it('overlays/example: its list is exactly the images its policy runs (the probe and its etcd)', () => {
    const overlay = parse(read('deploy', 'sweep', 'overlays', 'example', 'kustomization.yaml'));
    const patch = overlay.patches.find((p: Doc) => p.target?.kind === 'ValidatingAdmissionPolicy');
    const ops = parse(patch.patch);
    expect(ops[0]).toEqual({ op: 'test', path: '/spec/variables/3/name', value: 'images' });
    expect(ops[1]).toMatchObject({ op: 'replace', path: '/spec/variables/3/expression' });
    const site = loadPolicy(path.join(repoRoot, 'deploy', 'sweep', 'overlays', 'example', 'policy.yaml'));
    expect(listOf(ops[1].value)).toEqual([site.image, etcdImageFor(undefined, site.image as string).image]);
  });
});
