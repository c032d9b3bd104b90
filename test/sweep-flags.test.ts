import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

/**
 * The fleet-scale flags of `sweep` (--scheme auto and its bounds): bad input is one line naming
 * the flag and the fix, exit 2, before anything reads the cluster.
 */

const KUBECONFIG = { KUBECONFIG: '/nonexistent/kubeconfig', HOME: '/nonexistent' };

async function refused(args: string[]): Promise<string> {
  const r = await runCli(['sweep', '--nodes', 'a,b,c', ...args], { env: KUBECONFIG });
  expect(r.code, args.join(' ')).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0] as string;
}

describe('sweep fleet-scale flags', () => {
  it('--budget is a number of pairs or a duration', async () => {
    expect(await refused(['--budget', 'lots'])).toBe(
      'error: invalid options: --budget: expected a number of pairs (500) or a duration (20m, 2h) (fix: see --help)',
    );
  });

  it('--budget with a fixed scheme says what bounds that scheme instead', async () => {
    expect(await refused(['--scheme', 'all-pairs', '--budget', '100'])).toBe(
      'error: --budget bounds --scheme auto, and --scheme all-pairs runs a fixed plan (fix: drop --budget and bound the sweep with --timeout, or use --scheme auto)',
    );
  });

  it('--outlier is a share below 1, --seed a whole number, --scheme one of the schemes', async () => {
    expect(await refused(['--outlier', '1.5'])).toBe(
      'error: invalid options: --outlier: must be less than 1 (fix: see --help)',
    );
    expect(await refused(['--seed', 'x'])).toMatch(/^error: invalid options: --seed: /);
    expect(await refused(['--scheme', 'mesh'])).toMatch(
      /^error: option '--scheme <scheme>' argument 'mesh' is invalid\. Allowed choices are ring, all-pairs, role, matching, within-group, across-groups, representatives, auto\./,
    );
  });

  it('--topology-label is a label key', async () => {
    expect(await refused(['--topology-label', 'not a label'])).toBe(
      'error: invalid options: --topology-label: expected a label key such as topology.kubernetes.io/rack (fix: see --help)',
    );
  });
});
