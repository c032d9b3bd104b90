import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2: "not shown" is never "absent", "failed" or "fine". Each paste is a small one in the
 * tool's own format, paired with the whole form it falls short of, so the rule cannot pass by never passing.
 * Sources: references/read-evidence.md.
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;
const byId = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id);

describe('a plain `ls /dev/infiniband` shows names, not modes', () => {
  const plain = 'root@pod-0:/# ls /dev/infiniband/\nrdma_cm  uverbs3\n';
  const long = [
    'root@pod-0:/# ls -l /dev/infiniband/',
    'total 0',
    'crw-rw-rw- 1 root root  10, 123 Feb 27 12:30 rdma_cm',
    'crw-rw-rw- 1 root root 231, 195 Feb 27 12:30 uverbs3',
  ].join('\n');

  it('the uverbs node is there (ok), but whether it can be opened is not shown: skipped, naming `ls -l`', () => {
    const checks = read('dev-infiniband', plain);
    expect(lines(checks)).toEqual(['ok rdma.devices', 'skipped rdma.access', 'ok rdma.cm']);
    expect(byId(checks, 'rdma.access')).toMatchObject({
      detail:
        'uverbs3 listed by name only: without modes whether this user can open it (rw for all, or only root) is not shown',
      fix: 'run `ls -l /dev/infiniband` to show the nodes’ modes',
    });
    expect(verdict(checks)).toBe('unverified');
  });

  it('the same nodes under `ls -l`, rw for all, pass; root-only modes warn', () => {
    expect(lines(read('dev-infiniband', long))).toEqual(['ok rdma.devices', 'ok rdma.cm']);
    expect(verdict(read('dev-infiniband', long))).toBe('trusted');
    const rootOnly = long.replace('crw-rw-rw- 1 root root 231', 'crw------- 1 root root 231');
    expect(byId(read('dev-infiniband', rootOnly), 'rdma.devices')?.status).toBe('warn');
  });

  it('names still count: a plain `ls` with no uverbs node fails, whatever the modes', () => {
    const none = 'root@pod-0:/# ls /dev/infiniband/\nrdma_cm  umad0\n';
    expect(lines(read('dev-infiniband', none))).toEqual(['fail rdma.devices']);
    expect(verdict(read('dev-infiniband', none))).toBe('untrusted');
  });

  it('a `find` that prints paths is names only too', () => {
    const found =
      '$ find /dev/infiniband\n/dev/infiniband\n/dev/infiniband/rdma_cm\n/dev/infiniband/uverbs0\n';
    expect(byId(read('dev-infiniband', found), 'rdma.access')?.status).toBe('skipped');
  });
});
