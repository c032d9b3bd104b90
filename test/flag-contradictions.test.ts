import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

/**
 * Flags that would be silently ignored, or that contradict each other, are the
 * user's mistake: one line naming them, exit 2, before anything runs — never a
 * real transfer that ignores them, and never a fabric verdict for a typo.
 */

const KUBECONFIG = { KUBECONFIG: '/nonexistent/kubeconfig', HOME: '/nonexistent' };

async function refused(args: string[]): Promise<string> {
  const r = await runCli(args, { env: KUBECONFIG });
  expect(r.code, args.join(' ')).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0] as string;
}

describe('pair --local refuses the flags of a cluster pair', () => {
  it('names every one given (--dry-run would otherwise run a real transfer)', async () => {
    expect(await refused(['pair', '--local', '--dry-run', '--recipe', '/nonexistent', '--keep'])).toBe(
      'error: pair --local runs two processes on this host; --dry-run, --recipe, --keep apply only to a pair of cluster nodes (fix: drop them, or drop --local to test between two nodes of the cluster)',
    );
    for (const flags of [
      ['--dgd', 'x'],
      ['--kubeconfig', '/tmp/k'],
      ['--image', 'nvcr.io/x:1'],
      ['--scratch-namespace', 'it'],
      ['--prefill-node', 'gpu-a'],
      ['--no-node-probes'],
      ['--lease-namespace', 'leases'],
      ['--no-wait'],
    ]) {
      expect(await refused(['pair', '--local', ...flags])).toMatch(
        new RegExp(
          `^error: pair --local runs two processes on this host; ${flags[0]} applies only to a pair of cluster nodes`,
        ),
      );
    }
  });

  it('a lease namespace that is no namespace name: from the flag or the environment, one line naming it', async () => {
    const nodes = ['--prefill-node', 'a', '--decode-node', 'b'];
    expect(await refused(['pair', '--lease-namespace', 'Bad_NS', ...nodes])).toBe(
      'error: invalid options: --lease-namespace: expected a namespace name (fix: see --help)',
    );
    const r = await runCli(['pair', ...nodes], {
      env: { ...KUBECONFIG, INTERCONNECT_TEST_LEASE_NAMESPACE: 'Bad_NS' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'error: INTERCONNECT_TEST_LEASE_NAMESPACE=Bad_NS is not a namespace name (fix: use lower-case letters, digits and -, at most 63 characters, or unset it)',
    );
  });

  it('--memory-type: host memory, or GPU memory with --mode intra-node, never a quiet DRAM run', async () => {
    expect(await refused(['pair', '--local', '--memory-type', 'vram'])).toMatch(
      /^error: pair --local does not take --memory-type: it moves host memory, or GPU memory with --mode intra-node/,
    );
  });
});

describe('sweep refuses contradictions', () => {
  it('a node named twice', async () => {
    expect(await refused(['sweep', '--nodes', 'gpu-a,gpu-b,gpu-a'])).toBe(
      'error: invalid options: --nodes: names gpu-a twice (fix: see --help)',
    );
  });

  it('--dgd with --nodes or -l: both choose the nodes', async () => {
    expect(await refused(['sweep', '--dgd', 'foo', '--nodes', 'a,b'])).toMatch(
      /^error: --dgd takes the nodes from the DynamoGraphDeployment's worker pods, and --nodes chooses them too/,
    );
    expect(await refused(['sweep', '--dgd', 'foo', '-l', 'zone=a'])).toMatch(
      /and -l\/--selector chooses them too/,
    );
  });

  it('--pair-timeout longer than --timeout', async () => {
    expect(await refused(['sweep', '--pair-timeout', '2h', '--timeout', '1m'])).toBe(
      "error: --pair-timeout 2h is longer than the whole sweep's --timeout 1m: no pair could use it (fix: lower --pair-timeout or raise --timeout)",
    );
  });
});

describe('durations and values a tool cannot take are input errors', () => {
  it('a duration past its documented maximum, or too short to start anything', async () => {
    expect(await refused(['pair', '--local', '--timeout', '597h'])).toBe(
      'error: invalid options: --timeout: at most 24h, got 597h (fix: see --help)',
    );
    expect(await refused(['sweep', '--timeout', '50d'])).toBe(
      'error: invalid options: --timeout: at most 7d, got 50d (fix: see --help)',
    );
    expect(await refused(['pair', '--local', '--timeout', '1ms'])).toBe(
      'error: invalid options: --timeout: at least 1s, got 1ms (fix: see --help)',
    );
    expect(await refused(['node', '--local', '--probe-timeout', '1ms'])).toBe(
      'error: invalid options: --probe-timeout: at least 500ms, got 1ms (fix: see --help)',
    );
    expect(await refused(['gc', '--request-timeout', '2h'])).toBe(
      'error: invalid options: --request-timeout: at most 10m, got 2h (fix: see --help)',
    );
  });

  it('a UCX_TLS name UCX does not know', async () => {
    expect(await refused(['pair', '--local', '--ucx-tls', 'bogus'])).toMatch(
      /^error: invalid options: --ucx-tls: "bogus" is not a UCX transport \(UCX knows .*\brc\b.*\btcp\b/,
    );
  });

  it('an unknown flag, in the same error style as every other error', async () => {
    expect(await refused(['pair', '--bogus'])).toBe("error: unknown option '--bogus' (fix: see --help)");
  });
});
