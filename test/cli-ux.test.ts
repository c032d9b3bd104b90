import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PAIR_GROUPS } from '../src/commands/pair.js';
import { main } from '../src/main.js';
import { capture, runCli, spawnCli } from './helpers/cli.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';
import { describeNeeding } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

const CLI = path.join(repoRoot, 'dist/cli.js');
const SUBCOMMANDS = ['env', 'node', 'nixl', 'pair', 'sweep', 'read', 'gc', 'completion'];

/** `--help`'s option groups: heading → the long flags under it. */
function groups(help: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of help.split('\n')) {
    if (/^\S.*:$/.test(line)) {
      current = [];
      out.set(line, current);
    } else if (current && /^ {2}-/.test(line)) {
      const long = /--[a-z][\w-]*/.exec(line)?.[0];
      if (long) current.push(long);
    }
  }
  return out;
}

describe('the built CLI is executable', () => {
  it('dist/cli.js has its mode bits set by the build, and ./dist/cli.js --version runs', () => {
    const mode = statSync(CLI).mode;
    expect(mode & 0o111).toBe(0o111);
    const out = execFileSync(CLI, ['--version'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const built = JSON.parse(readFileSync(path.join(repoRoot, 'dist/build-info.json'), 'utf8')) as {
      commit: string;
    };
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe('interconnect-test 0.1.0');
    // The commit the build recorded (this checkout's HEAD when it was built).
    expect(built.commit).toMatch(/^[0-9a-f]{4,40}$/);
    expect(lines[1]).toBe(`commit: ${built.commit}`);
    expect(lines[2]).toMatch(/^engines here: /);
  });
});

describe('--version', () => {
  it('names the version, the commit (unknown from src/) and the engines on PATH', async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'it-version-'));
    writeFileSync(path.join(bin, 'ucx_perftest'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const run = await runCli(['--version'], {
      env: { PATH: bin, NO_COLOR: '1', INTERCONNECT_TEST_PYTHON: '/nonexistent/python' },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `interconnect-test 0.1.0\ncommit: unknown\nengines here: ucx_perftest (${path.join(bin, 'ucx_perftest')})\nnot usable: nixl: INTERCONNECT_TEST_PYTHON=/nonexistent/python does not exist\n`,
    );
    const none = await runCli(['--debug', '-V'], {
      env: {
        PATH: '/nonexistent',
        HOME: bin,
        NO_COLOR: '1',
        INTERCONNECT_TEST_PYTHON: '/nonexistent/python',
      },
    });
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(
      /\nengines here: none \(pair --local needs nixlbench, python with nixl, or ucx_perftest\)\nnot usable: nixl: INTERCONNECT_TEST_PYTHON=\/nonexistent\/python does not exist\n$/,
    );
  });
});

describe('--help', () => {
  it('every subcommand shows a kubectl-style Examples: block of real command lines', async () => {
    for (const sub of SUBCOMMANDS) {
      const run = await runCli([sub, '--help']);
      expect(run.code, sub).toBe(0);
      const examples = run.stdout.split('\nExamples:\n')[1];
      expect(examples, `${sub} --help has examples`).toBeDefined();
      const lines = (examples ?? '').split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (let i = 0; i < lines.length; i += 2) {
        expect(lines[i]).toMatch(/^ {2}# \S/);
        expect(lines[i + 1]).toMatch(new RegExp(`^  interconnect-test ${sub}\\b`));
      }
    }
  });

  it('an example in --help uses only flags the subcommand has', async () => {
    for (const sub of SUBCOMMANDS) {
      const help = (await runCli([sub, '--help'])).stdout;
      const [flags, examples = ''] = help.split('\nExamples:\n');
      for (const used of examples.matchAll(/ (--[a-z][\w-]*|-[a-z])\b/g))
        expect(flags, `${sub}: ${used[1]}`).toContain(used[1]);
    }
  });

  it('pair groups its flags and says which --local reads', async () => {
    const help = (await runCli(['pair', '--help'])).stdout;
    const g = groups(help);
    expect([...g.keys()].slice(0, 5)).toEqual([
      PAIR_GROUPS.transfer,
      PAIR_GROUPS.local,
      PAIR_GROUPS.cluster,
      PAIR_GROUPS.inPlace,
      PAIR_GROUPS.output,
    ]);
    expect(g.get(PAIR_GROUPS.inPlace)).toEqual([
      '--in-place',
      '--prefill-pod',
      '--decode-pod',
      '--all-pods',
      '--container',
      '--in-place-size',
    ]);
    expect(PAIR_GROUPS.transfer).toContain('--local too');
    expect(PAIR_GROUPS.cluster).toContain('not with --local');
    expect(g.get(PAIR_GROUPS.transfer)).toEqual(
      expect.arrayContaining([
        '--mode',
        '--timeout',
        '--engine',
        '--sizes',
        '--iters',
        '--min-bandwidth',
        '--ucx-tls',
        '--op',
      ]),
    );
    expect(g.get(PAIR_GROUPS.local)).toEqual(['--local', '--nixlbench-runtime']);
    expect(g.get(PAIR_GROUPS.cluster)).toEqual(
      expect.arrayContaining([
        '--dgd',
        '--prefill-node',
        '--decode-node',
        '--image',
        '--kubeconfig',
        '--dry-run',
      ]),
    );
    expect(g.get(PAIR_GROUPS.cluster)).not.toContain('--op');
    expect(g.get(PAIR_GROUPS.output)).toEqual(['--output', '--junit', '--fail-on', '--no-color']);
  });
});

describeNeeding([tools('zsh', 'fish')], 'completion scripts', () => {
  const script = async (shell: string) => {
    const run = await runCli(['completion', shell]);
    expect(run.code).toBe(0);
    return run.stdout;
  };

  it('bash: sourcing it registers the completion, and it completes subcommands, flags and their choices', () => {
    const out = execFileSync(
      'bash',
      [
        '-c',
        `source <(node ${CLI} completion bash) && complete -p interconnect-test && complete -p kubectl-interconnect_test
reply() { COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _interconnect_test; echo "\${COMPREPLY[*]}"; }
reply interconnect-test sw
reply interconnect-test pair --eng
reply interconnect-test pair --engine ''
reply interconnect-test --debug sweep --sch
reply interconnect-test completion ''`,
      ],
      { encoding: 'utf8' },
    ).split('\n');
    expect(out[0]).toBe('complete -o default -F _interconnect_test interconnect-test');
    expect(out[1]).toBe('complete -o default -F _interconnect_test kubectl-interconnect_test');
    expect(out.slice(2, 6)).toEqual(['sweep', '--engine', 'auto nixlbench nixl ucx_perftest', '--scheme']);
  });

  it('bash and fish: contexts, read tools and more come from __complete (dynamic values)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'it-dyn-'));
    // The command as a user has it on PATH, and a kubeconfig with two contexts.
    writeFileSync(path.join(dir, 'interconnect-test'), `#!/bin/sh\nexec node ${CLI} "$@"\n`, { mode: 0o755 });
    const kubeconfig = path.join(dir, 'config');
    writeFileSync(
      kubeconfig,
      'clusters: [{name: c, cluster: {server: "https://127.0.0.1:9"}}]\nusers: [{name: u, user: {token: t}}]\n' +
        'contexts: [{name: lab-a, context: {cluster: c, user: u}}, {name: lab-b, context: {cluster: c, user: u}}]\n',
    );
    const env = { ...process.env, PATH: `${dir}:${process.env.PATH}`, KUBECONFIG: kubeconfig, HOME: dir };
    writeFileSync(path.join(dir, 'c.sh'), await script('bash'));
    const bash = execFileSync(
      'bash',
      [
        '-c',
        `source ${dir}/c.sh
reply() { COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _interconnect_test; echo "\${COMPREPLY[*]}"; }
reply interconnect-test pair --context ''
reply interconnect-test read ib
reply interconnect-test gc --context lab-`,
      ],
      { encoding: 'utf8', env },
    ).split('\n');
    expect(bash.slice(0, 3)).toEqual(['lab-a lab-b', 'ibstat ibstatus ibv_devinfo', 'lab-a lab-b']);
    writeFileSync(path.join(dir, 'c.fish'), await script('fish'));
    const fish = (line: string) =>
      execFileSync('fish', ['--no-config', '-c', `source ${dir}/c.fish; complete -C '${line}'`], {
        encoding: 'utf8',
        env,
      })
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]);
    expect(fish('interconnect-test pair --context ')).toEqual(['lab-a', 'lab-b']);
    expect(fish('interconnect-test read ib')).toEqual(
      expect.arrayContaining(['ibstat', 'ibstatus', 'ibv_devinfo']),
    );
  });

  it('zsh: it parses and registers itself with compdef', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'it-zsh-'));
    const file = path.join(dir, '_interconnect-test');
    writeFileSync(file, await script('zsh'));
    execFileSync('zsh', ['-n', file]);
    const out = execFileSync(
      'zsh',
      [
        '-f',
        '-c',
        `autoload -U compinit && compinit -u -d ${dir}/zcompdump && source ${file} && print -- $_comps[interconnect-test] $_comps[kubectl-interconnect_test]`,
      ],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('_interconnect_test _interconnect_test');
  });

  it('fish: it parses, and fish completes subcommands, flags and choices from it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'it-fish-'));
    const file = path.join(dir, 'interconnect-test.fish');
    writeFileSync(file, await script('fish'));
    execFileSync('fish', ['-n', file]);
    const complete = (line: string) =>
      execFileSync('fish', ['--no-config', '-c', `source ${file}; complete -C '${line}'`], {
        encoding: 'utf8',
        env: { ...process.env, HOME: dir },
      })
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]);
    expect(complete('interconnect-test ')).toEqual(expect.arrayContaining(SUBCOMMANDS));
    expect(complete('interconnect-test pair --eng')).toEqual(['--engine']);
    expect(complete('interconnect-test pair --engine ').sort()).toEqual([
      'auto',
      'nixl',
      'nixlbench',
      'ucx_perftest',
    ]);
    expect(complete('interconnect-test sweep --sch')).toEqual(['--scheme']);
  });
});

describe('completion', () => {
  it('an unknown shell is a usage error (exit 2)', async () => {
    const run = await runCli(['completion', 'tcsh']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Allowed choices are bash, zsh, fish');
  });

  it('the built CLI prints it too', async () => {
    const run = await spawnCli(['completion', 'bash']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'complete -o default -F _interconnect_test interconnect-test kubectl-interconnect_test',
    );
  });
});

describe('the text report on a terminal keeps to its width', () => {
  async function onTerminal(args: string[], columns: number, cwd = repoRoot): Promise<string> {
    const out = capture();
    const err = capture();
    Object.assign(out.stream, { isTTY: true, columns });
    const code = await main(args, {
      stdout: out.stream,
      stderr: err.stream,
      stdin: Readable.from([]),
      env: { ...process.env, NO_COLOR: '1' },
      cwd,
    });
    expect(code).toBeLessThan(2);
    return out.text();
  }

  it('fix lines and the verdict wrap under the width; off a terminal they stay whole', async () => {
    const file = fixturePath('node/ibstat/cx7-ib-port-down-polling-redacted.txt');
    const args = ['read', 'ibstat', file];
    const wide = await runCli(args);
    const narrow = await onTerminal(args, 60);
    const fixes = wide.stdout.split('\n').filter((l) => l.startsWith('          fix: '));
    expect(fixes.some((l) => l.length >= 60)).toBe(true);
    for (const line of narrow.split('\n')) {
      // Only a check's own line (id, subject, detail) may run past the width; fix and verdict lines do not.
      if (/^ {2}(OK|WARN|FAIL|SKIPPED) /.test(line)) continue;
      if (line.split(' ').some((w) => w.length >= 45)) continue; // one word longer than the line stays whole
      expect(line.length, line).toBeLessThan(60);
    }
    // Same words, only the line breaks differ: continuation lines line up under the text after `fix: `.
    const joined = narrow.replace(/\n {15}(?=\S)/g, ' ');
    for (const f of fixes) expect(joined).toContain(f);
    const verdict = wide.stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(narrow.replace(/\n(?=\S)/g, ' ')).toContain(verdict);
  });

  it('a subject that is a path under the cwd is shown relative to it', async () => {
    const recipe = fixturePath('recipes/qwen3-32b-fp8/vllm/disagg/deploy.yaml');
    const rel = path.relative(repoRoot, recipe);
    const checkLines = (text: string) =>
      text.split('\n').filter((l) => /^ {2}(OK|WARN|FAIL|SKIPPED) /.test(l));
    // Off a terminal the subject is as the input named it: absolute.
    const wide = checkLines((await runCli(['env', recipe])).stdout);
    expect(wide.length).toBeGreaterThan(3);
    for (const l of wide) expect(l).toContain(`  ${recipe}#qwen3-32b-fp8-vllm-disagg`);
    const narrow = checkLines(await onTerminal(['env', recipe], 200));
    expect(narrow).toHaveLength(wide.length);
    for (const l of narrow) {
      expect(l).not.toContain(recipe);
      expect(l).toContain(`  ${rel}#qwen3-32b-fp8-vllm-disagg`);
    }
    // Outside the cwd it stays as given (a fresh folder: never an ancestor of the checkout, which may itself be under the temp dir).
    const away = mkdtempSync(path.join(tmpdir(), 'it-elsewhere-'));
    const elsewhere = checkLines(await onTerminal(['env', recipe], 200, away));
    rmSync(away, { recursive: true, force: true });
    for (const l of elsewhere) expect(l).toContain(`  ${recipe}#`);
  });
});
