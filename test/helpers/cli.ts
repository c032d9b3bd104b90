import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './fixtures.js';

export const builtCli = path.join(repoRoot, 'dist', 'cli.js');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Spawns the built CLI (npm test builds it first) and collects its output. */
export function spawnCli(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; onStart?: (child: ChildProcess) => void; stdin?: string } = {},
): Promise<CliRun> {
  if (!existsSync(builtCli))
    throw new Error(`${builtCli} is missing: run npm run build first (npm test does)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
    opts.onStart?.(child);
  });
}
