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
      'Role/interconnect-test-scratch',
      'RoleBinding/interconnect-test-scratch',
      'ServiceAccount/interconnect-test',
    ]);
  });

  it('writes only in the scratch namespace: the ClusterRole reads, except exec for the node probes', () => {
    const cr = docs.find((d) => d.kind === 'ClusterRole');
    const writes = cr.rules.filter((r: { verbs: string[] }) =>
      r.verbs.some((v) => !['get', 'list', 'watch'].includes(v)),
    );
    expect(writes).toEqual([{ apiGroups: [''], resources: ['pods/exec'], verbs: ['create'] }]);
    const role = docs.find((d) => d.kind === 'Role');
    expect(role.metadata.namespace).toBe('interconnect-test-scratch');
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
