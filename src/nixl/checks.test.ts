import { describe, expect, it } from 'vitest';
import type { ProbeOutcome } from '../probes/run.js';
import { engineOf, nixlChecks } from './checks.js';
import { binaryState, type NixlFindings } from './findings.js';

const DYN = '/opt/nvidia/nvda_nixl/lib64';

function findings(over: Partial<NixlFindings> = {}): NixlFindings {
  return {
    nixlbench: { state: 'missing' },
    ucxPerftest: { state: 'missing' },
    files: { pluginDirEnv: undefined, prefixEnv: undefined, dirs: [], plugins: [], libs: [] },
    pythonMissing: false,
    ...over,
  };
}

const statuses = (f: NixlFindings) => nixlChecks(f).map((c) => [c.id, c.status]);

describe('nixlChecks', () => {
  it('a Dynamo runtime image: NIXL with its UCX plugin, python nixl, ucx_perftest, no nixlbench', () => {
    const f = findings({
      ucxPerftest: { state: 'runs' },
      ucxVersion: '1.19.0',
      files: {
        pluginDirEnv: `${DYN}/plugins`,
        prefixEnv: '/opt/nvidia/nvda_nixl',
        dirs: [`${DYN}/plugins`],
        plugins: [`${DYN}/plugins/libplugin_POSIX.so`, `${DYN}/plugins/libplugin_UCX.so`],
        libs: [`${DYN}/libnixl.so`],
      },
      python: {
        python: '3.12.3',
        file: '/opt/dynamo/venv/lib/python3.12/site-packages/nixl/__init__.py',
        dists: { 'nixl-cu12': '0.10.1' },
        pluginDirs: [],
        plugins: [],
      },
    });
    expect(nixlChecks(f)).toEqual([
      {
        id: 'nixl.nixlbench',
        status: 'skipped',
        detail: 'nixlbench is not on PATH',
        matters: false,
        fix: 'build it from ai-dynamo/nixl benchmark/nixlbench/contrib (there is no public image)',
      },
      {
        id: 'nixl.ucx-plugin',
        status: 'ok',
        detail: `UCX plugin at ${DYN}/plugins/libplugin_UCX.so (NIXL_PLUGIN_DIR)`,
        data: { path: `${DYN}/plugins/libplugin_UCX.so` },
      },
      {
        id: 'nixl.python',
        status: 'ok',
        detail:
          'python 3.12.3 imports nixl from /opt/dynamo/venv/lib/python3.12/site-packages/nixl/__init__.py (nixl-cu12 0.10.1)',
        data: {
          file: '/opt/dynamo/venv/lib/python3.12/site-packages/nixl/__init__.py',
          dists: { 'nixl-cu12': '0.10.1' },
        },
      },
      { id: 'perftest.ucx_perftest', status: 'ok', detail: 'ucx_perftest is installed (UCX 1.19.0)' },
      {
        // Its Python imports NIXL 0.10.1: pair runs NIXL's own API in this very image (--engine nixl).
        id: 'nixl.pair-engine',
        status: 'ok',
        detail:
          "pair can run NIXL's Python API here (--engine nixl): the NIXL and UCX this image serves KV with",
      },
    ]);
  });

  it('a nixlbench image (contrib layout, no NIXL_PLUGIN_DIR) can run the NIXL pair', () => {
    const dir = '/usr/local/nixl/lib/x86_64-linux-gnu';
    const f = findings({
      nixlbench: { state: 'runs' },
      files: {
        pluginDirEnv: undefined,
        prefixEnv: undefined,
        dirs: [`${dir}/plugins`],
        plugins: [`${dir}/plugins/libplugin_UCX.so`],
        libs: [`${dir}/libnixl.so`],
      },
      pythonMissing: true,
    });
    expect(statuses(f)).toEqual([
      ['nixl.nixlbench', 'ok'],
      ['nixl.ucx-plugin', 'ok'],
      ['nixl.python', 'skipped'],
      ['perftest.ucx_perftest', 'skipped'],
      ['nixl.pair-engine', 'ok'],
    ]);
    expect(nixlChecks(f)[2]?.detail).toBe(
      "python3 is not installed: pair's nixl engine and Dynamo's engines need it",
    );
  });

  it('names the python it asked on this host (the one pair --local would run), not python3', () => {
    const venv = '/h/.cache/interconnect-test/nixl-venv/bin/python';
    const f = findings({
      pythonAsked: venv,
      python: { error: 'ImportError: libucs.so.0', pluginDirs: [], plugins: [] },
    });
    expect(nixlChecks(f)[2]?.detail).toBe(
      `${venv} cannot import nixl (ImportError: libucs.so.0): pair's nixl engine and Dynamo's engines need it`,
    );
  });

  it('a NIXL_PLUGIN_DIR without the UCX plugin fails, and nixlbench cannot be the engine', () => {
    const f = findings({
      nixlbench: { state: 'runs' },
      ucxPerftest: { state: 'runs' },
      files: {
        pluginDirEnv: '/opt/nixl/plugins',
        prefixEnv: undefined,
        dirs: ['/opt/nixl/plugins', '/usr/local/nixl/lib/x86_64-linux-gnu/plugins'],
        plugins: ['/usr/local/nixl/lib/x86_64-linux-gnu/plugins/libplugin_UCX.so'],
        libs: [],
      },
    });
    const checks = nixlChecks(f);
    expect(checks[1]).toEqual({
      id: 'nixl.ucx-plugin',
      status: 'fail',
      detail:
        'NIXL_PLUGIN_DIR=/opt/nixl/plugins has no libplugin_UCX.so: NIXL cannot create its UCX backend ("createBackend: unsupported backend \'UCX\'")',
      fix: 'point NIXL_PLUGIN_DIR at /usr/local/nixl/lib/x86_64-linux-gnu/plugins',
    });
    expect(engineOf(f, checks[1]!)).toBe('ucx_perftest');
    expect(checks[4]?.detail).toBe(
      'only ucx_perftest can run here (nixlbench is there but its UCX plugin is not): pair measures UCX, not NIXL',
    );
  });

  it('NIXL present without any UCX plugin fails; nothing at all is only skipped, and the engine check fails', () => {
    const withLib = findings({
      files: {
        pluginDirEnv: undefined,
        prefixEnv: undefined,
        dirs: [],
        plugins: [],
        libs: [`${DYN}/libnixl.so`],
      },
    });
    expect(nixlChecks(withLib)[1]).toMatchObject({
      status: 'fail',
      detail: 'NIXL is installed but no libplugin_UCX.so was found: NIXL cannot create its UCX backend',
    });
    expect(statuses(findings())).toEqual([
      ['nixl.nixlbench', 'skipped'],
      ['nixl.ucx-plugin', 'skipped'],
      ['nixl.python', 'skipped'],
      ['perftest.ucx_perftest', 'skipped'],
      ['nixl.pair-engine', 'fail'],
    ]);
  });

  it('a nixlbench that cannot load its libraries fails with the loader line', () => {
    const f = findings({
      nixlbench: {
        state: 'broken',
        why: 'exit 127: nixlbench: error while loading shared libraries: libnixl.so: cannot open shared object file: No such file or directory',
      },
    });
    expect(nixlChecks(f)[0]).toMatchObject({
      id: 'nixl.nixlbench',
      status: 'fail',
      detail:
        'nixlbench is installed but does not start (exit 127: nixlbench: error while loading shared libraries: libnixl.so: cannot open shared object file: No such file or directory)',
    });
  });
});

describe('binaryState', () => {
  const o = (over: Partial<ProbeOutcome>): ProbeOutcome => ({
    tool: 'nixlbench',
    argv: ['nixlbench', '--help'],
    ran: true,
    exitCode: 1,
    stdout: 'nixlbench: Warning: SetUsageMessage() never called\n',
    stderr: '',
    notFound: false,
    timedOut: false,
    ...over,
  });

  it('takes gflags --help exiting 1 with output as running', () => {
    expect(binaryState(o({}), [0, 1])).toEqual({ state: 'runs' });
  });

  it('tells missing, hung, silent and unloadable apart', () => {
    expect(binaryState(o({ notFound: true, ran: false, exitCode: null }), [0, 1])).toEqual({
      state: 'missing',
    });
    expect(binaryState(undefined, [0])).toEqual({ state: 'missing' });
    expect(binaryState(o({ timedOut: true, exitCode: null }), [0, 1])).toEqual({ state: 'timeout' });
    expect(binaryState(o({ stdout: '', exitCode: 1 }), [0, 1])).toEqual({
      state: 'broken',
      why: 'exit 1: no output',
    });
    expect(
      binaryState(
        o({
          stdout: '',
          stderr:
            'nixlbench: error while loading shared libraries: libucp.so.0: cannot open shared object file\n',
          exitCode: 127,
        }),
        [0, 1],
      ),
    ).toEqual({
      state: 'broken',
      why: 'exit 127: nixlbench: error while loading shared libraries: libucp.so.0: cannot open shared object file',
    });
  });
});

describe("today's runtime images: the nixl-cu* wheel's own UCX, no ucx_info, no ucx_perftest", () => {
  it("names the wheel's UCX from its libucp (as the real nixl-cu12 1.5.1 wheel answers), and nothing needs ucx_info", () => {
    const lib = '/opt/dynamo/venv/lib/python3.12/site-packages/nixl_cu12.libs/libucp-b39b3ed9.so.0.0.0';
    const f = findings({
      files: undefined,
      python: {
        python: '3.12.3',
        file: '/opt/dynamo/venv/lib/python3.12/site-packages/nixl/__init__.py',
        dists: { nixl: '1.5.1', 'nixl-cu12': '1.5.1' },
        pluginDirs: ['/opt/dynamo/venv/lib/python3.12/site-packages/nixl_cu12.libs/nixl'],
        plugins: ['/opt/dynamo/venv/lib/python3.12/site-packages/nixl_cu12.libs/nixl/libplugin_UCX.so'],
        ucx: { version: '1.23.0', lib },
      },
    });
    const py = nixlChecks(f).find((c) => c.id === 'nixl.python');
    expect(py?.detail).toBe(
      "python 3.12.3 imports nixl from /opt/dynamo/venv/lib/python3.12/site-packages/nixl/__init__.py (nixl 1.5.1, nixl-cu12 1.5.1); UCX 1.23.0 from the wheel's own libucp-b39b3ed9.so.0.0.0",
    );
    expect(py?.data?.ucx).toEqual({ version: '1.23.0', lib });
    // No ucx_info, no ucx_perftest: the UCX plugin (in the wheel) and the nixl engine still hold.
    expect(statuses(f)).toEqual([
      ['nixl.nixlbench', 'skipped'],
      ['nixl.ucx-plugin', 'ok'],
      ['nixl.python', 'ok'],
      ['perftest.ucx_perftest', 'skipped'],
      ['nixl.pair-engine', 'ok'],
    ]);
  });
});

describe('nixl.python when the probe ran out of time', () => {
  it('says the python did not answer within --probe-timeout, never that it cannot import nixl', () => {
    const c = nixlChecks(findings({ pythonTimedOut: true })).find((x) => x.id === 'nixl.python');
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(/^python3 did not answer within --probe-timeout \(raise it/);
  });
});
