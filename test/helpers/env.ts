import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Report } from '../../src/core/model.js';
import { analyse, runEnv } from '../../src/env/index.js';
import { loadInputs, parseYamlFile } from '../../src/env/load.js';
import {
  type EnvReportPart,
  EnvReportPartSchema,
  type EnvService,
  type PodFacts,
  type TransportVar,
} from '../../src/env/schema.js';
import { fixturePath } from './fixtures.js';

/** Helpers for the env recipe tests: build expected services compactly, read results by name. */

export const recipesRoot = fixturePath('recipes');
export const FIXED_NOW = () => new Date('2026-01-01T00:00:00Z');

export async function runRecipe(...paths: string[]): Promise<{ report: Report; part: EnvReportPart }> {
  const report = await runEnv(paths, { cwd: recipesRoot, now: FIXED_NOW });
  return { report, part: EnvReportPartSchema.parse(report) };
}

export const gi = (n: number) => n * 2 ** 30;

let scratch: string | undefined;
/**
 * `env`'s analysis of one small manifest written for a test, loaded as the command loads a path (loadInputs:
 * a file of its own in a scratch folder, named on the command line), unlike analyseYaml's parse of the text.
 */
export async function analyseYamlFile(yaml: string): Promise<ReturnType<typeof analyse>> {
  scratch ??= mkdtempSync(path.join(tmpdir(), 'env-yaml-'));
  const f = path.join(scratch, `m${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(f, yaml);
  return analyse(await loadInputs([f], scratch));
}

/** Variables all set at one env list (`container-env` unless said). */
export function varsAt(
  path: string,
  values: Record<string, string>,
  source: TransportVar['source'] = 'container-env',
): Record<string, TransportVar> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, { value: v, source, visible: true, path }]),
  );
}

const OPERATOR_SHM = { bytes: gi(8), size: '8Gi', source: 'operator-default' } as const;

export function pod(extra: Partial<PodFacts> = {}): PodFacts {
  return {
    nodeCount: 1,
    rdmaResources: [],
    ipcLock: false,
    privileged: false,
    hostNetwork: false,
    networkAnnotations: [],
    computeDomainClaims: [],
    shm: OPERATOR_SHM,
    envFrom: [],
    ...extra,
  };
}

/** Who a worker runs as (PodFacts.user): the Dynamo runtime image's own user, or a written runAsUser: 0. */
export const DYNAMO_USER = { uid: 1000, from: 'the Dynamo runtime image (USER dynamo)' } as const;
export const ROOT_USER = { uid: 0, from: 'securityContext.runAsUser' } as const;

export const RUNTIME_SHM = { bytes: 64 * 2 ** 20, size: '64Mi', source: 'runtime-default' } as const;

export const ALL_SIX = [
  'UCX_TLS',
  'UCX_NET_DEVICES',
  'UCX_IB_GPU_DIRECT_RDMA',
  'NCCL_IB_HCA',
  'NCCL_SOCKET_IFNAME',
  'NCCL_IB_DISABLE',
];

/** A DGD service as the report shows it. */
export function dgdService(
  file: string,
  deployment: string,
  apiVersion: 'nvidia.com/v1alpha1' | 'nvidia.com/v1beta1',
  s: Pick<EnvService, 'name' | 'role' | 'roleFrom' | 'transportVars' | 'missingCritical' | 'pod'> & {
    doc?: number;
  },
): EnvService {
  const { doc, ...rest } = s;
  return { file, doc: doc ?? 1, deployment, kind: 'DynamoGraphDeployment', apiVersion, ...rest };
}

/** The benchmark Job every perf.yaml holds: a client, not a serving worker. */
export function perfJob(
  file: string,
  deployment: string,
  container = 'perf',
  extra: Partial<PodFacts> = {},
): EnvService {
  return {
    file,
    doc: 1,
    deployment,
    kind: 'Job',
    apiVersion: 'batch/v1',
    name: container,
    role: 'other',
    roleFrom: 'workload',
    transportVars: {},
    missingCritical: [],
    pod: pod({ privileged: true, shm: RUNTIME_SHM, ...extra }),
  };
}

/** `id subject` → status, for comparing every check of a run at once. */
export function statuses(report: Report): Record<string, string> {
  return Object.fromEntries(report.checks.map((c) => [`${c.id} ${c.subject ?? ''}`.trim(), c.status]));
}

export function checkOf(report: Report, id: string, subject: string) {
  const found = report.checks.filter((c) => c.id === id && c.subject === subject);
  if (found.length !== 1) throw new Error(`expected one ${id} for ${subject}, found ${found.length}`);
  return found[0] as NonNullable<(typeof found)[number]>;
}

/** Runs the pure part of env on one YAML text, as if it were the file `file`. */
export function analyseYaml(yaml: string, file = 'r.yaml') {
  const { docs, skipped } = parseYamlFile(yaml, file);
  return analyse({ files: [file], docs, skipped });
}

/** The classic "billion laughs": nine levels of nine aliases each, 9^9 strings if expanded. */
export const BILLION_LAUGHS = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((c, k) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[k]}`).join(',')}]`),
].join('\n');

/** A Deployment of one pod whose one container (`name`) is the lines given, indented under `- name:` as written. */
export function oneContainerDeployment(container: string, name = 'server'): string {
  return `
apiVersion: apps/v1
kind: Deployment
metadata: {name: llm}
spec:
  selector: {matchLabels: {app: llm}}
  template:
    metadata: {labels: {app: llm}}
    spec:
      containers:
      - name: ${name}
${container}`;
}
