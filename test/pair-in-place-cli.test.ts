import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

// `pair --in-place` refuses what it cannot honour before it asks the cluster anything: one line,
// exit 2, naming the flag (KUBECONFIG points nowhere, so a run that got further would say so).
const NOWHERE = { KUBECONFIG: '/nonexistent/interconnect-test/kubeconfig' };

describe('pair --in-place flags', () => {
  it.each([
    [
      ['--in-place', '--local'],
      /^error: pair --in-place runs in the live worker pods and creates no probe pod; --local does not apply/,
    ],
    [
      ['--in-place', '--dgd', 'x', '--image', 'i', '--sizes', '1M'],
      /; --image, --sizes do not apply \(fix: drop them/,
    ],
    [['--in-place', '--dgd', 'x', '--engine', 'ucx_perftest'], /--engine ucx_perftest does not apply/],
    [
      ['--in-place', '--prefill-pod', 'p'],
      /^error: pair --in-place needs the worker pods: --dgd NAME, or both --prefill-pod and --decode-pod/,
    ],
    [['--in-place', '--dgd', 'x', '--decode-pod', 'd'], /^error: --dgd finds the worker pods itself/],
    [
      ['--in-place', '--prefill-pod', 'p', '--decode-pod', 'd', '--all-pods'],
      /^error: --all-pods only goes with --dgd/,
    ],
    [
      ['--in-place', '--dgd', 'x', '--in-place-size', '257MiB'],
      /^error: --in-place-size 257MiB is over the 256 MiB/,
    ],
    [['--in-place', '--dgd', 'x', '--in-place-size', 'lots'], /^error: --in-place-size lots is not a size/],
    [
      ['--prefill-pod', 'p', '--decode-pod', 'd'],
      /^error: --prefill-pod, --decode-pod only go with --in-place/,
    ],
  ])('pair %j', async (args, line) => {
    const r = await runCli(['pair', ...args], { env: { ...process.env, ...NOWHERE } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(line);
  });

  it('with valid flags it gets as far as the kubeconfig, and says that is what is missing', async () => {
    const r = await runCli(['pair', '--in-place', '--dgd', 'x', '-n', 'dynamo'], {
      env: { ...process.env, ...NOWHERE },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/kubeconfig/i);
  });
});
