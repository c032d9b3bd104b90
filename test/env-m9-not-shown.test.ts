import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the ninth manifest batch showed (issue 38, P2: not shown is never absent), on small
 * manifests written for the test in each kind's own shape (references/env-rules.md "Graphs named
 * but not shown"), never on corpus files: a serving graph whose parts are named but whose pods are
 * not in the text (an author's `spec: # ...`, a page's copy cut inside a role) is listed as a
 * partial graph and not judged, never "nothing to check"; an object that names no part stays empty.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const modes = (a: Result) => a.part.graphs.map((g) => `${g.kind} ${g.mode}`);
const statuses = (a: Result) => a.checks.map((c) => `${c.status} ${c.id}`);

describe('a Dynamo graph whose spec is not shown', () => {
  it('`spec:` with only a comment under it (null) is a partial graph, listed and not judged', async () => {
    const a = await run(`
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata:
  name: multinode
  annotations:
    nvidia.com/enable-grove: "false"
spec:
  # ...
`);
    expect(modes(a)).toEqual(['DynamoGraphDeployment partial']);
    expect(a.part.graphs[0]?.partial).toMatch(/spec is not shown/);
    expect(a.part.services.length).toBeGreaterThan(0);
    expect(a.part.skipped).toEqual([]);
    expect(statuses(a)).toEqual(['skipped env.partial']);
  });

  it('a DGD with no spec key at all reads the same; one whose services are an empty map is empty, not cut', async () => {
    const none = await run(
      'apiVersion: nvidia.com/v1beta1\nkind: DynamoGraphDeployment\nmetadata: {name: g}\n',
    );
    expect(modes(none)).toEqual(['DynamoGraphDeployment partial']);
    const empty = await run(
      'apiVersion: nvidia.com/v1alpha1\nkind: DynamoGraphDeployment\nmetadata: {name: g}\nspec: {services: {}}\n',
    );
    expect(empty.part.graphs).toEqual([]);
    expect(empty.part.skipped.map((s) => s.why)).toEqual(['DynamoGraphDeployment without services']);
  });

  it('a spec of the wrong type is still a shape error, not a graph not shown', async () => {
    const a = await run(
      'apiVersion: nvidia.com/v1alpha1\nkind: DynamoGraphDeployment\nmetadata: {name: g}\nspec: [a]\n',
    );
    expect(a.part.graphs).toEqual([]);
    expect(a.part.skipped.map((s) => s.why)).toEqual(['DynamoGraphDeployment without a spec']);
  });
});

describe('serving graphs whose named roles show no container', () => {
  it('an AIBrix StormService cut inside its prefill role’s pod metadata is partial, naming the role', async () => {
    const a = await run(`
apiVersion: orchestration.aibrix.ai/v1alpha1
kind: StormService
metadata: {name: pd}
spec:
  replicas: 1
  stateful: true
  template:
    metadata: {labels: {app: pd}}
    spec:
      roles:
        - name: prefill
          replicas: 1
          template:
            metadata:
              labels: {model.aibrix.ai/engine: vllm}
`);
    expect(modes(a)).toEqual(['StormService partial']);
    expect(a.part.graphs[0]?.partial).toMatch(/role prefill named, but no container of its pod is shown/);
    expect(a.part.services.map((s) => s.name)).toEqual(['prefill']);
    expect(statuses(a)).toEqual(['skipped env.partial']);
  });

  it('a RoleBasedGroup whose roles hold templates without containers is partial; one with no roles stays empty', async () => {
    const a = await run(`
apiVersion: workloads.x-k8s.io/v1alpha1
kind: RoleBasedGroup
metadata: {name: pd}
spec:
  roles:
    - name: prefill
      replicas: 1
      template: {metadata: {labels: {pd_role: prefill}}}
    - name: decode
      replicas: 1
      template: {metadata: {labels: {pd_role: decode}}}
`);
    expect(modes(a)).toEqual(['RoleBasedGroup partial']);
    expect(a.part.services.map((s) => s.name)).toEqual(['prefill', 'decode']);
    const empty = await run(
      'apiVersion: workloads.x-k8s.io/v1alpha1\nkind: RoleBasedGroup\nmetadata: {name: e}\nspec: {roles: []}\n',
    );
    expect(empty.part.skipped.map((s) => s.why)).toEqual([
      'RoleBasedGroup without roles that run a container',
    ]);
  });
});
