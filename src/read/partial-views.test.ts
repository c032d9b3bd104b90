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

describe("an author's `...` between fi_info records stands for records left out", () => {
  const record = (domain: string) =>
    `provider: efa\n    fabric: efa\n    domain: ${domain}\n    version: 120.10\n    type: FI_EP_RDM\n    protocol: FI_PROTO_EFA\n`;
  const whole = `$ fi_info -p efa -t FI_EP_RDM\n${record('rdmap79s0-rdm')}${record('rdmap201s0-rdm')}`;

  it('the whole list of two RDM devices passes', () => {
    expect(lines(read('fi_info', whole))).toEqual(['ok efa.provider']);
    expect(verdict(read('fi_info', whole))).toBe('trusted');
  });

  it('the same records with `...` (or `[snip]`) between them: the devices shown are ok, the count is not shown', () => {
    for (const mark of ['...', '    ...', '[snip]', '…']) {
      const elided = `$ fi_info -p efa -t FI_EP_RDM\n${record('rdmap79s0-rdm')}\n${mark}\n\n${record('rdmap201s0-rdm')}`;
      const checks = read('fi_info', elided);
      expect(lines(checks), mark).toEqual(['ok efa.provider', 'skipped efa.shown']);
      expect(byId(checks, 'efa.shown')?.detail, mark).toBe(
        `line 9: the paste's \`${mark.trim()}\` leaves records out: EFA devices other than the 2 shown are not shown, so the device count is not checked`,
      );
      expect(verdict(checks), mark).toBe('unverified');
    }
  });

  it("mpirun's rank tags around the records and the elision change nothing", () => {
    const tagged = (rank: number, domain: string) =>
      record(domain)
        .trimEnd()
        .split('\n')
        .map((l) => `[1,${rank}]<stdout>:${l}`)
        .join('\n');
    const paste = `${tagged(1, 'rdmap79s0-rdm')}\n\n...\n\n${tagged(0, 'rdmap201s0-rdm')}\n`;
    expect(lines(read('fi_info', paste))).toEqual(['ok efa.provider', 'skipped efa.shown']);
  });

  it('an elided list whose shown records have no RDM endpoint is not shown, never "no RDM endpoint"', () => {
    const dgram = record('rdmap79s0-dgrm').replace('FI_EP_RDM', 'FI_EP_DGRAM');
    expect(lines(read('fi_info', `$ fi_info -p efa\n${dgram}`))).toEqual(['fail efa.provider']);
    expect(lines(read('fi_info', `$ fi_info -p efa\n${dgram}...\n`))).toEqual(['skipped efa.provider']);
  });
});
