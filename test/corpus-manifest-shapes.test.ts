import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { refuseEmptyInputs, runEnv } from '../src/env/index.js';
import type { EnvReportPart } from '../src/env/schema.js';
import { ALL_MANIFESTS as MANIFESTS } from './corpus/manifests-all.js';

/**
 * Issue 38, principle 1 for manifests, held on the whole corpus: every real manifest is read again in the shapes the
 * same objects reach `env` in (CRLF line ends, a `---` and a comment before them, `kubectl get -o json` of one
 * object, a `kind: List` of them as `kubectl get -o yaml` of several prints, each object read back from the cluster
 * with what the server adds, `helm template`'s `# Source:` comments, the markdown fence it was posted in) and must get
 * the verdict it gets as published. JSON and List are made only of files that parse whole: re-serialising a cut copy would make it whole.
 */
const SHAPES: Record<string, (s: string) => string | undefined> = {
  'CRLF line ends': (s) => s.replace(/\r?\n/g, '\r\n'),
  'a document start and a comment before it': (s) => `---\n# kubectl apply -f this file\n${s}`,
  'kubectl get -o json': (s) => {
    const objs = objects(s);
    return objs?.length === 1 ? JSON.stringify(objs[0], null, 2) : undefined;
  },
  'a kind: List of its objects': (s) => {
    const objs = objects(s);
    return objs ? YAML.stringify({ apiVersion: 'v1', kind: 'List', items: objs }) : undefined;
  },
  'read back from the cluster (kubectl get -o yaml)': (s) => objects(s)?.map(readBack).join('---\n'),
  "helm template's source comments": (s) =>
    s
      .split(/^---\s*$/m)
      .map((d, i) => `---\n# Source: chart/templates/t${i}.yaml\n${d.replace(/^\n/, '')}`)
      .join(''),
  'a markdown fence (posted in an issue or a chat)': (s) => `\`\`\`yaml\n${s.replace(/\n*$/, '')}\n\`\`\`\n`,
};

/**
 * One object as the API server returns it: what the server adds (uid, resourceVersion, generation,
 * creationTimestamp, managedFields, status) and kubectl's last-applied-configuration annotation, which holds the
 * applied object again as JSON (kubectl apply's client-side apply).
 */
function readBack(o: unknown): string {
  const x = structuredClone(o) as {
    apiVersion?: string;
    metadata?: Record<string, unknown>;
    status?: unknown;
  };
  x.metadata ??= {};
  const meta = x.metadata;
  meta.annotations = {
    ...((meta.annotations as object | undefined) ?? {}),
    'kubectl.kubernetes.io/last-applied-configuration': `${JSON.stringify(o)}\n`,
  };
  Object.assign(meta, {
    uid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    resourceVersion: '123456',
    generation: 2,
    creationTimestamp: '2026-01-01T00:00:00Z',
    managedFields: [
      {
        apiVersion: x.apiVersion,
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': {} },
        manager: 'kubectl-client-side-apply',
        operation: 'Update',
        time: '2026-01-01T00:00:00Z',
      },
    ],
  });
  x.status = { observedGeneration: 2 };
  return YAML.stringify(x);
}

/** The objects of a file that parses whole, each a mapping; undefined otherwise. */
function objects(s: string): unknown[] | undefined {
  const docs = YAML.parseAllDocuments(s);
  if (!Array.isArray(docs) || docs.some((d) => d.errors.length > 0)) return undefined;
  const values = docs.map((d) => d.toJSON()).filter((v) => v !== null && v !== undefined);
  return values.length > 0 && values.every((v) => typeof v === 'object' && !Array.isArray(v))
    ? values
    : undefined;
}

/** Shape and manifest pairs where the manifest makes the shape another input, each with why. */
const DIFFERENT_INPUT: Record<string, string> = {};

const dir = path.join(import.meta.dirname, 'corpus', 'manifests');
const tmp = mkdtempSync(path.join(tmpdir(), 'manifest-shapes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function judge(file: string): Promise<{ verdict: string; whole: boolean }> {
  try {
    const report = await runEnv([file], {
      cwd: path.dirname(file),
      now: () => new Date('2026-01-01T00:00:00Z'),
    });
    refuseEmptyInputs([file], report as unknown as EnvReportPart, path.dirname(file));
    return { verdict: report.verdict.status, whole: !report.checks.some((c) => c.id === 'env.read-in-part') };
  } catch (err) {
    // The refusal names the file; its reason is what must not change (not where the shape moved the line it names).
    const reason = String(err).split(': nothing to check: ')[1]?.split('\n')[0];
    return {
      verdict: `exit 2: ${reason?.replace(/ at line \d+, column \d+/, '')}`,
      whole: false,
    };
  }
}

describe('corpus shapes: every manifest reads the same in the shapes the same objects arrive in', () => {
  it('no shape changes a verdict, beyond the manifests listed with why', async () => {
    const changed: string[] = [];
    for (const m of MANIFESTS) {
      const text = readFileSync(path.join(dir, m.file), 'utf8');
      const as = await judge(path.join(dir, m.file));
      for (const [shape, make] of Object.entries(SHAPES)) {
        const wrapped = make(text);
        if (wrapped === undefined || (!as.whole && /json|List|read back/.test(shape))) continue;
        const at = path.join(tmp, m.file);
        writeFileSync(at, wrapped);
        const got = await judge(at);
        if (got.verdict !== as.verdict) changed.push(`${shape}|${m.file}: ${as.verdict} -> ${got.verdict}`);
      }
    }
    expect(changed.map((c) => c.split(': ')[0]).sort()).toEqual(Object.keys(DIFFERENT_INPUT).sort());
  }, 300_000);
});
