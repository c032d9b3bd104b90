import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { repoRoot } from '../core/assets.js';
import { ToolError } from '../core/errors.js';
import { cronProblem, loadPolicy, policyToRaw } from './policy.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'policy-'));
  dirs.push(d);
  return d;
}
function file(text: string): string {
  const f = path.join(tmp(), 'policy.yaml');
  writeFileSync(f, text);
  return f;
}

/**
 * A ConfigMap volume as kubelet writes it (kubernetes pkg/volume/util/atomic_writer.go):
 * the keys in a timestamped `..YYYY_MM_DD_hh_mm_ss.N` directory, `..data` a symlink to
 * it, and each key a symlink `KEY -> ..data/KEY`.
 */
function configMapVolume(data: Record<string, string>): string {
  const root = tmp();
  const ts = '..2026_01_02_03_04_05.123456789';
  mkdirSync(path.join(root, ts));
  for (const [k, v] of Object.entries(data)) writeFileSync(path.join(root, ts, k), v);
  symlinkSync(ts, path.join(root, '..data'));
  for (const k of Object.keys(data)) symlinkSync(path.join('..data', k), path.join(root, k));
  return root;
}

function errorOf(fn: () => unknown): ToolError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ToolError);
    return err as ToolError;
  }
  throw new Error('expected a ToolError');
}

const FULL = `
schedule: "30 2 * * *"
scheme: all-pairs
selector: nvidia.com/gpu.present=true
nodes: [gpu-node-0, gpu-node-2]
dgd: my-disagg
namespace: dynamo
maxParallel: 4
timeout: 2h
pairTimeout: 10m
minBandwidth: 20.5
engine: nixlbench
image: registry.example.com/nixlbench-probe:v1
sizes: 64K,64M
scratchNamespace: interconnect-test-scratch
rdmaResource: rdma/ib=2
tolerations: ["nvidia.com/gpu:NoSchedule", "dedicated=gpu:NoExecute"]
failOn: warn
output:
  html: /results/sweep.html
  metricsFile: /results/sweep.prom
  junit: /results/sweep.xml
  pushgateway: http://pushgateway.monitoring.svc:9091
  format: json
`;

describe('loadPolicy from a file', () => {
  test('reads every key, durations kept as written', () => {
    const p = loadPolicy(file(FULL));
    expect(p).toMatchObject({
      schedule: '30 2 * * *',
      scheme: 'all-pairs',
      nodes: ['gpu-node-0', 'gpu-node-2'],
    });
    expect(p.timeout).toBe('2h');
    expect(p.output?.format).toBe('json');
  });

  test('an empty file is an empty policy', () => {
    expect(loadPolicy(file(''))).toEqual({});
  });

  test('an unknown key is named, with the known keys', () => {
    const f = file('scheme: ring\nmaxParalel: 4\n');
    const e = errorOf(() => loadPolicy(f));
    expect(e.message).toMatch(
      new RegExp(`^policy ${f}: maxParalel: unknown key \\(the keys are schedule, scheme, .*maxParallel`),
    );
    expect(e.message).not.toContain('\n');
  });

  test('an unknown key under output names its path', () => {
    const f = file('output:\n  htm: /results/x.html\n');
    expect(errorOf(() => loadPolicy(f)).message).toBe(
      `policy ${f}: output.htm: unknown key (the keys are html, metricsFile, junit, pushgateway, format, resultsDir or keepRuns)`,
    );
  });

  test('a wrong enum value says what is expected and what it got', () => {
    const f = file('scheme: mesh\n');
    expect(errorOf(() => loadPolicy(f)).message).toBe(
      `policy ${f}: scheme: expected ring, all-pairs, role, matching, within-group, across-groups, representatives or auto, got "mesh"`,
    );
  });

  test('a bad duration is named by key', () => {
    const f = file('pairTimeout: soon\n');
    expect(errorOf(() => loadPolicy(f)).message).toBe(
      `policy ${f}: pairTimeout: expected a duration such as 10m or 600s`,
    );
    expect(errorOf(() => loadPolicy(file('timeout: 30\n'))).message).toMatch(/timeout: expected a duration/);
  });

  test('several problems in one line', () => {
    const f = file('maxParallel: 0\nsizes: 64Q\ntolerations: [gpu]\n');
    const m = errorOf(() => loadPolicy(f)).message;
    expect(m).toMatch(
      /maxParallel: .*; sizes: expected a comma-separated list.*; tolerations\.0: expected KEY\[=VALUE\]:EFFECT/,
    );
    expect(m).not.toContain('\n');
  });

  test('a bad cron schedule', () => {
    const f = file('schedule: "30 2 * *"\n');
    expect(errorOf(() => loadPolicy(f)).message).toBe(
      `policy ${f}: schedule: expected 5 fields (minute hour day-of-month month day-of-week) or a macro such as @daily, got 4 in "30 2 * *"`,
    );
  });

  test('malformed YAML names the file', () => {
    const f = file('scheme: ring\n  selector: [a\n');
    const e = errorOf(() => loadPolicy(f));
    expect(e.message).toMatch(new RegExp(`^policy ${f}: not valid YAML: `));
    expect(e.message).not.toContain('\n');
  });

  test('a duplicated key is malformed YAML, not a silent override', () => {
    expect(errorOf(() => loadPolicy(file('scheme: ring\nscheme: role\n'))).message).toMatch(/not valid YAML/);
  });

  test('a list instead of a mapping', () => {
    const f = file('- scheme: ring\n');
    expect(errorOf(() => loadPolicy(f)).message).toBe(
      `policy ${f}: expected a mapping of policy keys, got a list`,
    );
  });

  test('a missing path', () => {
    const missing = path.join(tmp(), 'nope.yaml');
    const e = errorOf(() => loadPolicy(missing));
    expect(e.message).toBe(`policy ${missing}: no such file or directory`);
    expect(e.fix).toMatch(/--policy/);
  });
});

describe('loadPolicy from a ConfigMap volume', () => {
  test('reads policy.yaml and schedule through the ..data symlinks', () => {
    const dir = configMapVolume({ 'policy.yaml': 'scheme: ring\nmaxParallel: 2\n', schedule: '0 3 * * *' });
    expect(loadPolicy(dir)).toEqual({ schedule: '0 3 * * *', scheme: 'ring', maxParallel: 2 });
  });

  test('the shipped base policy and schedule load', () => {
    const base = path.join(repoRoot(), 'deploy/sweep/base');
    const policy = loadPolicy(path.join(base, 'policy.yaml'));
    expect(policy.scratchNamespace).toBeUndefined(); // the CronJob's flag sets it
    expect(policy.timeout).toBeDefined();
  });

  test('errors name the directory and the key path', () => {
    const dir = configMapVolume({ 'policy.yaml': 'engine: rdma\n' });
    expect(errorOf(() => loadPolicy(dir)).message).toBe(
      `policy ${dir}: engine: expected auto, nixlbench, nixl or ucx_perftest, got "rdma"`,
    );
  });

  test('a bad schedule key', () => {
    const dir = configMapVolume({ 'policy.yaml': 'scheme: ring\n', schedule: '@every 1h\n' });
    expect(errorOf(() => loadPolicy(dir)).message).toMatch(
      new RegExp(`^policy ${dir}: schedule: expected one of @yearly, .* got "@every 1h"$`),
    );
  });

  test('an unknown ConfigMap key is an error', () => {
    const dir = configMapVolume({ 'policy.yaml': '', 'polcy.yml': 'scheme: ring' });
    expect(errorOf(() => loadPolicy(dir)).message).toBe(
      `policy ${dir}: polcy.yml: unknown ConfigMap key (the keys are policy.yaml or schedule)`,
    );
  });

  test('the schedule in two places is an error', () => {
    const dir = configMapVolume({ 'policy.yaml': 'schedule: "@daily"\n', schedule: '@hourly' });
    expect(errorOf(() => loadPolicy(dir)).message).toBe(
      `policy ${dir}: schedule: set both in key "schedule" and in policy.yaml`,
    );
  });

  test('malformed YAML in the policy.yaml key names that file', () => {
    const dir = configMapVolume({ 'policy.yaml': 'scheme: [ring\n' });
    expect(errorOf(() => loadPolicy(dir)).message).toMatch(
      new RegExp(`^policy ${path.join(dir, 'policy.yaml')}: not valid YAML`),
    );
  });
});

describe('cronProblem', () => {
  test.each([
    '30 2 * * *',
    '*/15 * * * *',
    '0 0-6/2 1,15 JAN-jun MON-FRI',
    '0 0 ? * sun',
    '@daily',
    '@hourly',
    ' 0 3 * * * ',
  ])('%s is a schedule', (s) => {
    expect(cronProblem(s)).toBeUndefined();
  });

  test.each([
    ['60 * * * *', /^minute "60"/],
    ['0 24 * * *', /^hour "24"/],
    ['0 0 0 * *', /^day of month "0"/],
    ['0 0 * 13 *', /^month "13"/],
    ['0 0 * * 7', /^day of week "7"/],
    ['0 0 ? ? *', /^month "\?"/],
    ['*/0 * * * *', /^minute "\*\/0"/],
    ['5-1 * * * *', /^minute "5-1"/],
    ['0 0 * * * *', /got 6/],
    ['@nightly', /expected one of/],
    ['TZ=UTC 0 0 * * *', /got 6/],
  ])('%s is not', (s, why) => {
    expect(cronProblem(s)).toMatch(why);
  });
});

describe('policyToRaw', () => {
  test('gives the command its raw flag keys and string values', () => {
    expect(policyToRaw(loadPolicy(file(FULL)))).toEqual({
      scheme: 'all-pairs',
      selector: 'nvidia.com/gpu.present=true',
      nodes: 'gpu-node-0,gpu-node-2',
      dgd: 'my-disagg',
      namespace: 'dynamo',
      maxParallel: '4',
      timeout: '2h',
      pairTimeout: '10m',
      minBandwidth: '20.5',
      engine: 'nixlbench',
      image: 'registry.example.com/nixlbench-probe:v1',
      sizes: '64K,64M',
      scratchNamespace: 'interconnect-test-scratch',
      rdmaResource: 'rdma/ib=2',
      toleration: ['nvidia.com/gpu:NoSchedule', 'dedicated=gpu:NoExecute'],
      failOn: 'warn',
      html: '/results/sweep.html',
      metricsFile: '/results/sweep.prom',
      junit: '/results/sweep.xml',
      pushgateway: 'http://pushgateway.monitoring.svc:9091',
      output: 'json',
    });
  });

  test("passes --scheme auto's keys as the flags' strings", () => {
    expect(
      policyToRaw(
        loadPolicy(
          file('scheme: auto\nseed: 3\ntopologyLabel: example.com/rack\nbudget: 45m\noutlier: 0.15\n'),
        ),
      ),
    ).toEqual({
      scheme: 'auto',
      seed: '3',
      topologyLabel: 'example.com/rack',
      budget: '45m',
      outlier: '0.15',
    });
    expect(policyToRaw(loadPolicy(file('budget: 2000\n')))).toEqual({ budget: '2000' });
    expect(errorOf(() => loadPolicy(file('outlier: 2\n'))).message).toMatch(
      /outlier: expected a share such as 0\.1$/,
    );
  });

  test('leaves out what the policy does not set (so defaults and flags apply)', () => {
    expect(policyToRaw({ schedule: '@daily', scheme: 'ring' })).toEqual({ scheme: 'ring' });
  });
});
