import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCATE_SCRIPT, NIXL_PROBES, PYTHON_SCRIPT, readLocate, readPython } from './locate.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'nixl-locate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function touch(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
  return file;
}

describe('the locate script (run under the real sh)', () => {
  it('lists NIXL_PLUGIN_DIR and the plugins in it, and nothing from absent default dirs', () => {
    const dir = path.join(tmp, 'plugins');
    touch(path.join(dir, 'libplugin_UCX.so'));
    touch(path.join(dir, 'libplugin_POSIX.so'));
    const out = execFileSync('sh', ['-c', LOCATE_SCRIPT], {
      env: { PATH: process.env.PATH, NIXL_PLUGIN_DIR: dir },
    }).toString();
    expect(readLocate(out)).toEqual({
      pluginDirEnv: dir,
      prefixEnv: undefined,
      dirs: [dir],
      plugins: [path.join(dir, 'libplugin_POSIX.so'), path.join(dir, 'libplugin_UCX.so')],
      libs: [],
    });
  });

  it('says so when NIXL_PLUGIN_DIR names a directory that does not exist', () => {
    const out = execFileSync('sh', ['-c', LOCATE_SCRIPT], {
      env: { PATH: process.env.PATH, NIXL_PLUGIN_DIR: '/nonexistent/plugins', NIXL_PREFIX: '/opt/x' },
    }).toString();
    expect(readLocate(out)).toEqual({
      pluginDirEnv: '/nonexistent/plugins',
      prefixEnv: '/opt/x',
      dirs: [],
      plugins: [],
      libs: [],
    });
  });

  it('never splices anything into the shell line: the argv is fixed', () => {
    expect(NIXL_PROBES.map((p) => p.argv.slice(0, 2))).toEqual([
      ['nixlbench', '--help'],
      ['sh', '-c'],
      ['python3', '-c'],
      ['ucx_perftest', '-h'],
      ['ucx_info', '-v'],
    ]);
    expect(NIXL_PROBES[1]?.argv[2]).toBe(LOCATE_SCRIPT);
  });
});

describe('the python script (run under the real python3)', () => {
  it('reports an import failure without failing', () => {
    const out = execFileSync('python3', ['-c', PYTHON_SCRIPT], {
      env: { PATH: process.env.PATH, PYTHONPATH: path.join(tmp, 'empty'), PYTHONNOUSERSITE: '1' },
    }).toString();
    const r = readPython(out);
    expect(r?.error).toBe("ModuleNotFoundError: No module named 'nixl'");
    expect(r?.file).toBeUndefined();
  });

  it('finds the module and the plugins a wheel bundles beside it', () => {
    const site = path.join(tmp, 'site');
    touch(path.join(site, 'nixl', '__init__.py'));
    const plugin = touch(path.join(site, '.nixl.mesonpy.libs', 'plugins', 'libplugin_UCX.so'));
    const out = execFileSync('python3', ['-c', PYTHON_SCRIPT], {
      env: { PATH: process.env.PATH, PYTHONPATH: site, PYTHONNOUSERSITE: '1' },
    }).toString();
    const r = readPython(out);
    expect(r).toEqual({
      python: expect.stringMatching(/^3\.\d+\.\d+/),
      file: path.join(site, 'nixl', '__init__.py'),
      pluginDirs: [path.dirname(plugin)],
      plugins: [plugin],
    });
  });

  it('reads nothing from output that is not the script JSON', () => {
    expect(readPython('')).toBeUndefined();
    expect(readPython('Traceback (most recent call last):\n  File "<string>"\n')).toBeUndefined();
    expect(readPython('{"python": 3}\n')).toBeUndefined();
  });
});
