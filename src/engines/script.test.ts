import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeNeeding } from '../../test/helpers/preconditions.js';
import { toolPath, tools } from '../../test/helpers/tools.js';
import { allEngines } from './registry.js';
import { podScriptDir } from './script.js';
import type { PodRole } from './types.js';

/**
 * The pod scripts are shell files (templates/engines/): shellcheck reads every
 * plain fragment as it is, and every engine's script as rendered for each of
 * its roles. Skipped without shellcheck on a developer machine, failed in CI.
 */

const ROLES: readonly PodRole[] = ['prefill', 'decode', 'intra-node'];

/** `shellcheck -s sh` on a file or (with `input`) on stdin; its findings, one a line. */
function shellcheck(args: string[], input?: string): { status: number | null; out: string } {
  const r = spawnSync(toolPath('shellcheck'), ['-s', 'sh', '-f', 'gcc', ...args], {
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Every engine's script for every role it runs in (nixl refuses intra-node). */
function rendered(): { name: string; role: PodRole; text: string }[] {
  return allEngines().flatMap((e) =>
    ROLES.flatMap((role) => {
      try {
        return [{ name: e.name, role, text: e.cluster.script(role) }];
      } catch {
        return [];
      }
    }),
  );
}

describeNeeding([tools('shellcheck')], 'pod scripts pass shellcheck', () => {
  // A fragment's variables are used by the scripts that include it (LB, T, late), so
  // "assigned but unused" (SC2034) cannot be judged in the fragment alone; the rendered scripts are.
  const fragments = files(podScriptDir()).filter((f) => f.endsWith('.sh'));
  it.each(fragments.map((f) => [path.relative(podScriptDir(), f), f]))('fragment %s', (_name, file) => {
    const r = shellcheck(['-e', 'SC2034', file]);
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(rendered().map((s) => [s.name, s.role, s.text]))('%s %s, as rendered', (_name, role, text) => {
    // The shared preamble defines late() for the scripts that wait on a peer; the intra-node
    // scripts (both ranks in one pod) never call it, which shellcheck notes as unreachable (SC2317).
    const r = shellcheck([...(role === 'intra-node' ? ['-e', 'SC2317'] : []), '-'], text);
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  });

  it('finds what it should: a real mistake in a script fails', () => {
    const r = shellcheck(['-'], 'for f in $(ls *.sh); do echo $f; done\n');
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/SC2045|SC2086/);
  });
});

describe('pod script files', () => {
  it('every top-level template is some engine’s script, so shellcheck sees every file as rendered', () => {
    const tops = files(podScriptDir())
      .filter((f) => f.endsWith('.sh.hbs') && !path.basename(f).startsWith('_'))
      .filter((f) => path.basename(path.dirname(f)) !== 'common');
    const texts = new Set(rendered().map((s) => s.text));
    expect(tops.length).toBe(texts.size);
    expect(rendered().length).toBeGreaterThanOrEqual(5);
  });

  it('renders the intra-node and cross-node scripts apart, and nixl refuses intra-node', () => {
    const [nixlbench, nixl] = allEngines();
    expect(nixlbench?.cluster.script('intra-node')).toContain('start nixlbench (2 ranks)');
    expect(nixlbench?.cluster.script('prefill')).toContain('rdv "leg$n"');
    expect(nixlbench?.cluster.script('prefill')).toBe(nixlbench?.cluster.script('decode'));
    expect(() => nixl?.cluster.script('intra-node')).toThrow(/across nodes only/);
    // Handlebars comments never reach the pod.
    for (const s of rendered()) expect(s.text).not.toMatch(/\{\{|\}\}/);
  });
});
