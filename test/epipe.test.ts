import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from './helpers/cli.js';
import { repoRoot } from './helpers/fixtures.js';
import { describeNeeding } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

/**
 * A reader that goes away (`… | head`) ends the command quietly: no `Error: write EPIPE` stack.
 * Each run here gets a real pipe for stdout whose read end is closed before the CLI writes a byte,
 * so every write it makes meets EPIPE (docs/commands/common.md: "A closed output").
 */

const RECIPE = 'test/fixtures/recipes/qwen3-32b-fp8/vllm/disagg/deploy.yaml';

/** The built CLI with stdout open (`open: true`) or closed from the start; its exit code and stderr. */
function run(args: string[], open = false): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCli, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KUBECONFIG: '/nonexistent/interconnect-test/kubeconfig' },
    });
    if (open) child.stdout.resume();
    else child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a closed stdout', () => {
  it.each([[['pair', '--help']], [['help', 'pair']], [['--help']]])(
    '%j: exit 0, nothing on stderr',
    async (args) => {
      expect(await run(args)).toEqual({ code: 0, stderr: '' });
    },
  );

  it('env -o json: the exit code of its verdict, as with an open pipe, and no stack', async () => {
    const args = ['env', RECIPE, '-o', 'json'];
    const open = await run(args, true);
    expect(await run(args)).toEqual({ code: open.code, stderr: open.stderr });
    expect(open.stderr).not.toMatch(/EPIPE|\n\s+at /);
  });

  it('pair --dry-run (printed manifests): the same exit code and stderr as with an open pipe', async () => {
    const args = [
      'pair',
      '--prefill-node',
      'gpu-a',
      '--decode-node',
      'gpu-b',
      '--dry-run',
      '--kubeconfig',
      path.join('docs', 'examples', 'unreachable.kubeconfig'),
      '-q',
    ];
    const open = await run(args, true);
    expect(await run(args)).toEqual(open);
  });

  it('in a real shell pipeline: `help pair | head -2` and `pair --help | head` exit 0, quietly', async () => {
    const r = await new Promise<{ out: string; err: string }>((resolve) => {
      const sh = spawn(
        'bash',
        [
          '-c',
          `"$0" "$1" help pair | head -2; echo "codes \${PIPESTATUS[*]}"; "$0" "$1" pair --help | head -c 10 >/dev/null; echo "codes \${PIPESTATUS[*]}"`,
          process.execPath,
          builtCli,
        ],
        { cwd: repoRoot },
      );
      let out = '';
      let err = '';
      sh.stdout.on('data', (d) => {
        out += d;
      });
      sh.stderr.on('data', (d) => {
        err += d;
      });
      sh.on('close', () => resolve({ out, err }));
    });
    expect(r.err).toBe('');
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.startsWith('codes '))).toEqual(['codes 0 0', 'codes 0 0']);
  });
});

describeNeeding([tools('ucx_perftest')], 'a closed stdout during a real run', () => {
  it('pair --local: runs to its verdict and exits with its code, quietly', async () => {
    const args = ['pair', '--local', '--engine', 'ucx_perftest', '--sizes', '4K', '--iters', '10', '-q'];
    const closed = await run(args);
    expect(closed.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect([0, 1]).toContain(closed.code);
  });
});
