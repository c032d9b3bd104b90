import { describe, expect, it } from 'vitest';
import { analyseYaml } from '../../test/helpers/env.js';
import { parseYamlFile } from './load.js';

// Issue 38 P1/P2 for manifests (read-in-part.ts): a manifest pasted into a thread is read whatever
// its shape; what its unread lines hold is not shown, never absent.
const VLLM_POD = `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
    - name: main
      image: vllm/vllm-openai
      command: ["vllm", "serve", "m"]
      resources:
        limits:
          nvidia.com/gpu: "1"
`;

const verdict = (yaml: string) => {
  const { part, checks } = analyseYaml(yaml);
  const worst = checks.some((c) => c.status === 'fail')
    ? 'fail'
    : checks.some((c) => c.status === 'warn')
      ? 'warn'
      : 'pass';
  return { part, checks, worst };
};

describe('a manifest cut mid-line is read up to the cut (P1) and is never a pass (P2)', () => {
  it('a string cut open at the last line: the lines before it are read, the cut is named, the graph is not judged whole', () => {
    const cut = `${VLLM_POD}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n      containers:\n        - name: e\n          args: ["--model m --tensor-para`;
    const { part, checks, worst } = verdict(cut);
    expect(part.services.map((s) => s.name)).toContain('main');
    const read = checks.find((c) => c.id === 'env.read-in-part');
    expect(read?.status).toBe('warn');
    expect(read?.detail).toMatch(
      /r\.yaml: read up to line 22: lines 23-23 not read \(invalid YAML at line 23/,
    );
    expect(worst).not.toBe('pass');
    // The document the cut falls in is listed, not judged as a whole graph (nor is the Pod judged with it as a set).
    expect(part.graphs.find((g) => g.deployment === 'd')?.mode).toBe('partial');
    expect(part.graphs.find((g) => g.deployment === 'd')?.partial).toBe(
      'r.yaml is read up to line 22; the lines after it are not shown',
    );
  });

  it('one hand-indented line: the lines before it are read and the rest named as not read', () => {
    const bad = `${VLLM_POD.replace('      command:', '     command:')}`;
    const { skipped } = parseYamlFile(bad, 'r.yaml');
    expect(skipped.map((k) => k.why)).toEqual([
      expect.stringMatching(/^read up to line 8: lines 9-12 not read/),
    ]);
  });

  it('duplicate keys and tabs stay errors of the whole file (no part read answers them)', () => {
    expect(() =>
      parseYamlFile('apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  name: b\n', 'dup.yaml'),
    ).toThrow(/Map keys must be unique/);
    expect(() => parseYamlFile('a: [1, 2\n', 'broken.yaml')).toThrow(/invalid YAML/);
    // An envsubst placeholder that breaks the YAML is a template to render, not a cut.
    expect(() =>
      parseYamlFile(VLLM_POD.replace('    - name: main', `${'$'}{CONTAINERS}\n    - name: main`), 't.yaml'),
    ).toThrow(/invalid YAML/);
  });
});

describe('a paste that stops inside a key is cut there, though YAML reads the word as a value (P1/P2)', () => {
  // An LWS leader as a thread's copy leaves it: `limits:` then the start of `nvidia.com/gpu`, no final newline.
  const LEADER = `apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata:
  name: vllm
spec:
  leaderWorkerTemplate:
    size: 2
    leaderTemplate:
      spec:
        containers:
          - name: leader
            image: vllm/vllm-openai
            command: ["sh", "-c", "vllm serve m --tensor-parallel-size 8 --pipeline-parallel-size 2"]
            resources:
              limits:
                nvidia`;

  it('the bare word under a key with no value is not read: the file is read up to the line before, never whole', () => {
    const { skipped } = parseYamlFile(LEADER, 'r.yaml');
    expect(skipped.map((k) => k.why)).toEqual([
      'read up to line 15: lines 16-16 not read (a key cut before its colon: `nvidia`); what they hold is not shown',
    ]);
    const { part, checks, worst } = verdict(LEADER);
    expect(checks.find((c) => c.id === 'env.read-in-part')?.status).toBe('warn');
    expect(part.graphs.find((g) => g.deployment === 'vllm')?.mode).toBe('partial');
    expect(worst).not.toBe('pass');
  });

  it('a file that ends with a newline, or a word beside its key, is read as written', () => {
    expect(parseYamlFile(`${LEADER}\n`, 'r.yaml').skipped).toEqual([]);
    expect(parseYamlFile(LEADER.replace(':\n                nvidia', ': nvidia'), 'r.yaml').skipped).toEqual(
      [],
    );
  });
});

describe('the command that applied a pasted manifest is read as a command, not as YAML (P1)', () => {
  it('`kubectl apply -f - <<EOF` … `EOF`: both lines blanked, the manifest read whole, no warning for them', () => {
    const { docs, skipped } = parseYamlFile(`kubectl apply -n x -f - <<EOF\n${VLLM_POD}EOF\n`, 'r.yaml');
    expect(docs.map((d) => (d.value as { kind: string }).kind)).toEqual(['Pod']);
    expect(docs[0]?.line).toBe(2);
    expect(skipped.map((k) => k.why)).toEqual(['read as a shell command, not YAML: line 1, 14']);
    const { checks } = verdict(`kubectl apply -n x -f - <<EOF\n${VLLM_POD}EOF\n`);
    expect(checks.map((c) => c.id)).not.toContain('env.read-in-part');
    expect(checks.map((c) => c.id)).not.toContain('env.unreadable');
  });

  it('a prompt and `kubectl apply -f x.yaml` on the line before the manifest', () => {
    const { docs } = parseYamlFile(`$ kubectl apply -f lws.yaml\n${VLLM_POD}`, 'r.yaml');
    expect(docs.map((d) => (d.value as { kind: string }).kind)).toEqual(['Pod']);
  });

  it('with CRLF line ends (a file saved on Windows, a page copy) the command and the cut are read as with LF', () => {
    const crlf = (t: string) => t.replace(/\n/g, '\r\n');
    const { docs, skipped } = parseYamlFile(crlf(`kubectl apply -f lws.yaml\n${VLLM_POD}`), 'r.yaml');
    expect(docs.map((d) => (d.value as { kind: string }).kind)).toEqual(['Pod']);
    expect(skipped.map((s) => s.why)).toEqual(['read as a shell command, not YAML: line 1']);
    const cut = crlf(
      `${VLLM_POD}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  labels: {a: "b`,
    );
    expect(verdict(cut).checks.find((c) => c.id === 'env.read-in-part')?.status).toBe('warn');
  });

  it('a document start or a comment before the command stays YAML, the command is still read as one', () => {
    const { docs } = parseYamlFile(`---\n# the graph\n$ kubectl apply -f lws.yaml\n${VLLM_POD}`, 'r.yaml');
    expect(docs.map((d) => (d.value as { kind: string }).kind)).toEqual(['Pod']);
  });

  it('a first line that is YAML is never taken for a command', () => {
    expect(() => parseYamlFile('kubectl: 1\n  x: [\n', 'r.yaml')).toThrow(/invalid YAML/);
  });
});
