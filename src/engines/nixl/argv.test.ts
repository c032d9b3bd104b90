import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTestData } from '../../../test/helpers/fixtures.js';
import { parseNixlProbe } from '../../parsers/nixl-probe.js';
import { NIXL_PROBE_KEY, nixlProbeConfigMap, nixlProbePath, nixlProbeSource } from '../nixl-probe.js';
import { findNixlPython, type NixlPresence, nixlPythonCandidates } from '../nixl-python.js';
import { nixlProbeArgv } from './argv.js';
import { nixlRows, nixlUnreadable } from './logs.js';

const common = {
  python: '/venv/bin/python',
  script: '/pkg/templates/nixl-probe.py',
  port: 41000,
  op: 'READ' as const,
  memory: 'DRAM' as const,
  minBlock: 4096,
  maxBlock: 64 << 20,
  iters: 100,
  timeoutS: 299.5,
};

describe('nixlProbeArgv', () => {
  it('gives the target its listen port and the initiator the target address, with the same sweep', () => {
    expect(nixlProbeArgv({ ...common, role: 'target' })).toEqual([
      '/venv/bin/python',
      '/pkg/templates/nixl-probe.py',
      '--role',
      'target',
      '--listen-port',
      '41000',
      '--op',
      'READ',
      '--memory',
      'DRAM',
      '--start-block',
      '4096',
      '--max-block',
      '67108864',
      '--start-batch',
      '1',
      '--max-batch',
      '1',
      '--iters',
      '100',
      '--warmup',
      '10',
      '--timeout',
      '300',
      '--run-timeout',
      '300',
    ]);
    const init = nixlProbeArgv({ ...common, role: 'initiator', peer: 'decode.scratch.svc' });
    expect(init.slice(2, 8)).toEqual([
      '--role',
      'initiator',
      '--peer',
      'decode.scratch.svc',
      '--peer-port',
      '41000',
    ]);
    expect(() => nixlProbeArgv({ ...common, role: 'initiator' })).toThrow(
      'the initiator needs the target address',
    );
  });

  it('passes --warmup through to the probe as given (0 included), else a tenth of --iters', () => {
    const at = (a: string[]) => a[a.indexOf('--warmup') + 1];
    expect(at(nixlProbeArgv({ ...common, role: 'target', warmup: 0 }))).toBe('0');
    expect(at(nixlProbeArgv({ ...common, role: 'target', warmup: 25 }))).toBe('25');
    expect(at(nixlProbeArgv({ ...common, role: 'target', iters: 7 }))).toBe('1');
  });

  it('builds argv the real probe accepts (its own argparse, no NIXL needed for --help)', () => {
    const argv = nixlProbeArgv({ ...common, role: 'initiator', peer: '127.0.0.1' });
    const r = spawnSync('python3', [nixlProbePath(), ...argv.slice(2), '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const bad = spawnSync('python3', [nixlProbePath(), '--role', 'initiator'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--peer (the target');
  });

  it("passes the KV shape a manifest states, which the real probe's argparse takes", () => {
    const kv = {
      blockTokens: 128,
      dtypeBytes: 1,
      kvHeads: 4,
      source: 'recipe PrefillWorker: --block-size 128',
    };
    const argv = nixlProbeArgv({ ...common, role: 'target', kv });
    expect(argv.slice(-8)).toEqual([
      '--kv-block-tokens',
      '128',
      '--kv-dtype-bytes',
      '1',
      '--kv-heads',
      '4',
      '--kv-source',
      'recipe PrefillWorker: --block-size 128',
    ]);
    const r = spawnSync('python3', [nixlProbePath(), ...argv.slice(2), '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const bad = spawnSync('python3', [nixlProbePath(), ...argv.slice(2), '--kv-block-tokens', '0'], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
  });
});

describe('nixlRows: the sweep rows and, apart, the KV row', () => {
  it('keeps the KV row out of the rows (real capture: 9 sweep rows and the kv row)', () => {
    const log = readTestData('nixl-probe', 'kv-write-loopback-initiator.txt');
    const { rows, kv } = nixlRows(parseNixlProbe(log));
    expect(rows.map((r) => r.blockSize)).toEqual([
      4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576,
    ]);
    expect(kv).toMatchObject({
      descBytes: 32768,
      descsPerRequest: 64,
      requests: 2,
      notifs: 336,
      source: 'default',
    });
    // An older probe's log (no kind, no KV row): every measurement is a row, no kv.
    const old = nixlRows(parseNixlProbe(readTestData('nixl-probe', 'dram-write-loopback-initiator.txt')));
    expect(old.rows).toHaveLength(9);
    expect(old.kv).toBeUndefined();
  });
});

describe('nixlProbeConfigMap', () => {
  it('carries the shipped probe under its key, in the namespace and with the labels given', () => {
    const labels = { 'app.kubernetes.io/managed-by': 'interconnect-test', run: 'r1' };
    const cm = nixlProbeConfigMap({ name: 'it-nixl-probe-r1', namespace: 'scratch', labels });
    expect(cm.apiVersion).toBe('v1');
    expect(cm.kind).toBe('ConfigMap');
    expect(cm.metadata).toEqual({ name: 'it-nixl-probe-r1', namespace: 'scratch', labels });
    expect(cm.metadata.labels).not.toBe(labels);
    expect(Object.keys(cm.data)).toEqual([NIXL_PROBE_KEY]);
    expect(cm.data[NIXL_PROBE_KEY]).toBe(nixlProbeSource());
    expect(cm.data[NIXL_PROBE_KEY]).toContain('from nixl._api import nixl_agent, nixl_agent_config');
    expect(nixlProbeConfigMap({ name: 'x', namespace: 'y', labels: {}, script: 'print(1)' }).data).toEqual({
      'nixl-probe.py': 'print(1)',
    });
  });
});

describe('findNixlPython', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nixl-py-'));
  const make = (name: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, '');
    return p;
  };
  const a = make('python-a');
  const b = make('python-b');

  it('takes INTERCONNECT_TEST_PYTHON as the only candidate when set', () => {
    expect(nixlPythonCandidates({ INTERCONNECT_TEST_PYTHON: a, PATH: dir, HOME: dir })).toEqual([a]);
    // A set one that does not exist is an error naming it, never a fallback to another Python.
    expect(() =>
      nixlPythonCandidates({ INTERCONNECT_TEST_PYTHON: path.join(dir, 'nope'), HOME: dir }),
    ).toThrow(`INTERCONNECT_TEST_PYTHON=${path.join(dir, 'nope')} does not exist`);
  });

  it('prefers a Python that imports nixl; one that only has it installed only for an explicit --engine nixl', () => {
    const env = { PATH: '', HOME: dir };
    const venv = path.join(dir, '.cache', 'interconnect-test', 'nixl-venv', 'bin', 'python');
    expect(existsSync(venv)).toBe(false);
    const presence = (m: Record<string, NixlPresence>) => (p: string) => m[p] ?? 'none';
    // Candidates here: only INTERCONNECT_TEST_PYTHON, so drive the choice through it.
    expect(
      findNixlPython({ ...env, INTERCONNECT_TEST_PYTHON: a }, false, presence({ [a]: 'importable' })),
    ).toBe(a);
    expect(() =>
      findNixlPython({ ...env, INTERCONNECT_TEST_PYTHON: b }, false, presence({ [b]: 'installed' })),
    ).toThrow(
      `INTERCONNECT_TEST_PYTHON=${b} cannot import nixl (nixl is installed but its nixl._api does not import)`,
    );
    expect(
      findNixlPython({ ...env, INTERCONNECT_TEST_PYTHON: b }, true, presence({ [b]: 'installed' })),
    ).toBe(b);
    expect(() => findNixlPython({ ...env, INTERCONNECT_TEST_PYTHON: b }, true, presence({}))).toThrow(
      `INTERCONNECT_TEST_PYTHON=${b} cannot import nixl`,
    );
    // Unset: no candidate imports nixl is no engine, not an error.
    expect(findNixlPython(env, true, presence({}))).toBe(undefined);
  });
});

describe("nixlUnreadable: the nixl engine's unreadable logs", () => {
  it('names the first line that claims to be the probe but is not; UCX noise is fine', () => {
    expect(nixlUnreadable('[1.0] [h:1:0] ucp_worker.c:1 UCX  INFO  x\n')).toBeUndefined();
    expect(nixlUnreadable('noise\n{"probe":"nixl-probe","v":1,"event":"done"')).toBe(
      'line 2 is not a valid nixl-probe line (not valid JSON)',
    );
  });
});
