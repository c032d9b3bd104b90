import { describe, expect, it } from 'vitest';
import { analyseYaml } from '../../test/helpers/env.js';
import { refuseEmptyInputs } from './index.js';

// Issue 38 P2 for manifests: a workload whose pods the file does not show (a graph cut before its
// services, templates elided as `{ ... }`, a Deployment cut before its containers) is "not shown",
// never "nothing to check": it is not refused, and with nothing else to judge it is a warning.
const refused = (yaml: string): string | undefined => {
  const { part } = analyseYaml(yaml, 'x.yaml');
  try {
    refuseEmptyInputs(['x.yaml'], part, '/');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

const worst = (yaml: string) => {
  const { checks } = analyseYaml(yaml, 'x.yaml');
  const w = checks.find((c) => c.id === 'env.workloads');
  return { status: w?.status, detail: w?.detail };
};

describe('a workload whose pods are not shown is not refused as nothing to check (P2)', () => {
  it('a DynamoGraphDeployment cut before its services', () => {
    const dgd =
      'apiVersion: nvidia.com/v1beta1\nkind: DynamoGraphDeployment\nmetadata:\n  name: g\nspec:\n  backendFramework: vllm\n';
    expect(refused(dgd)).toBeUndefined();
    expect(worst(dgd)).toEqual({
      status: 'warn',
      detail:
        'no pods to check in 1 file(s): their workloads are not shown (x.yaml: DynamoGraphDeployment without services): nothing was checked',
    });
  });

  it('a Deployment cut before its containers, and a StormService whose role templates are elided', () => {
    expect(
      refused(
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n      securityContext: {}\n',
      ),
    ).toBeUndefined();
    const storm = `apiVersion: orchestration.aibrix.ai/v1alpha1
kind: StormService
metadata: {name: s}
spec:
  template:
    spec:
      roles:
        - {name: prefill, replicas: 1, template: { ... }}
        - {name: decode, replicas: 1, template: { ... }}
`;
    expect(refused(storm)).toBeUndefined();
    // Its roles are named, so it is listed as a partial graph (not-shown.ts, m9): not judged, never passed.
    expect(analyseYaml(storm, 'x.yaml').part.graphs.map((g) => g.mode)).toEqual(['partial']);
  });

  it('an object that is no workload at all (a ConfigMap alone) is still refused: nothing on a KV path is in it', () => {
    expect(refused('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n')).toMatch(
      /x\.yaml: nothing to check: ConfigMap is not a workload/,
    );
  });
});
