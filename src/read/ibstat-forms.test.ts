import { describe, expect, it } from 'vitest';
import { checkLines, IBSTAT_ACTIVE_400, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2 ("not shown" is never "absent" or "failed") for ibstat's CA lines without their ports:
 * a filter that keeps only the `CA '…'` lines, and ibstat's own list forms `-l` (CA names, ibstat.c main:
 * `printf("%s\n", ca_name)`) and `-p` (port GUIDs, ibstat.c ports_list: `0x%016` PRIx64). Each pairs the part
 * with the whole output it comes from, so the rule cannot pass by never failing.
 */
const WHOLE = [
  '$ ibstat',
  ...IBSTAT_ACTIVE_400,
  ...IBSTAT_ACTIVE_400.map((l) => l.replace('mlx5_0', 'mlx5_1')),
];

describe('2. ibstat CAs listed without their ports: the ports are not shown, never "no port found"', () => {
  it('`ibstat | grep mlx5` keeps only the CA lines: each CA not shown, no ib.ports fail, NOT FULLY JUDGED', () => {
    const checks = readChecks('ibstat', "$ ibstat | grep mlx5\nCA 'mlx5_0'\nCA 'mlx5_1'\n");
    expect(checkLines(checks)).toEqual(['skipped ib.port mlx5_0', 'skipped ib.port mlx5_1']);
    expect(checks.find((c) => c.subject === 'mlx5_0')?.detail).toMatch(
      /filter `grep mlx5` does not show its Port/,
    );
    expect(verdictOf(checks)).toBe('unverified');
    // The whole output of the same two CAs: their Active ports pass.
    expect(verdictOf(readChecks('ibstat', `${WHOLE.join('\n')}\n`))).toBe('trusted');
  });

  it('a paste cut after its CA lines (no filter) says the same; a Down port shown beside them still fails', () => {
    expect(checkLines(readChecks('ibstat', "CA 'mlx5_0'\n\tCA type: MT4129\nCA 'mlx5_1'\n"))).toEqual([
      'skipped ib.port mlx5_0',
      'skipped ib.port mlx5_1',
    ]);
    const down = IBSTAT_ACTIVE_400.map((l) =>
      l.replace('State: Active', 'State: Down').replace('LinkUp', 'Polling'),
    );
    const checks = readChecks('ibstat', `$ ibstat\n${down.join('\n')}\nCA 'mlx5_1'\n`);
    expect(checkLines(checks)).toContain('fail ib.port mlx5_0/1');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('`ibstat -l` lists CA names: read (not exit 2), the CAs listed, their ports not shown', () => {
    const checks = readChecks('ibstat', '$ ibstat -l\nmlx5_0\nmlx5_1\n');
    expect(checkLines(checks)).toEqual(['ok rdma.devices', 'skipped ib.ports']);
    expect(checks.find((c) => c.id === 'rdma.devices')?.detail).toBe('2 CAs listed: mlx5_0, mlx5_1');
    expect(verdictOf(checks)).toBe('unverified');
    // Without its prompt, as pasted under a heading: the same list.
    expect(checkLines(readChecks('ibstat', 'mlx4_0\nmlx4_1\n'))).toEqual([
      'ok rdma.devices',
      'skipped ib.ports',
    ]);
  });

  it('`ibstat -p` lists port GUIDs: the ports exist, their state is not shown', () => {
    const checks = readChecks('ibstat', '$ ibstat -p\n0xec0d9a03000c8981\n0xec0d9a03000c8982\n');
    expect(checkLines(checks)).toEqual(['ok rdma.devices', 'skipped ib.ports']);
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(/`ibstat -p` lists port GUIDs only/);
  });

  it('a line that is neither a CA name nor a GUID is no ibstat list: still exit 2 with the CA-block message', () => {
    expect(() => readChecks('ibstat', 'mlx5_0\nsomething went wrong here\n')).toThrow(
      /no "CA '<name>'" block found/,
    );
  });
});

/**
 * Principle 2 for a paste that ends inside its last port block. ibstat prints every port block whole, in one
 * order, ending `Port GUID: 0x%016x` then `Link layer:` (ibstat.c port_dump): a GUID of fewer than 16 digits, or
 * no `Link layer:` where the paste's other ports have one, is a paste cut there, so the CAs printed after it
 * are not shown and "no usable port" among those shown is not the node's answer.
 */
describe('2. an ibstat paste that ends inside its last port block: the CAs after it are not shown', () => {
  const disabled = (tail: string) =>
    `CA 'rocep216s0f0'\n\tCA type: \n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Down\n\t\tPhysical state: Disabled\n\t\tRate: 100\n\t\tBase lid: 1\n\t\tLMC: 0\n\t\tSM lid: 0\n\t\tCapability mask: 0x00050000\n${tail}`;

  it('a GUID cut mid-line: the Disabled port warns, the node-wide count is not shown (never "no usable port")', () => {
    const checks = readChecks('ibstat', disabled('\t\tPort GUID: 0xb69691fffe91704'));
    expect(checkLines(checks)).toEqual(['warn ib.port rocep216s0f0/1', 'warn ib.ports']);
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(
      /it ends inside port 1 of rocep216s0f0, before the end of its `Port GUID:` line/,
    );
    expect(verdictOf(checks)).toBe('unverified');
    // The whole block (16 digits, its Link layer): the one port of the node is Disabled, no RDMA path.
    const whole = readChecks(
      'ibstat',
      disabled('\t\tPort GUID: 0xb69691fffe917040\n\t\tLink layer: Ethernet\n'),
    );
    expect(checkLines(whole)).toContain('fail ib.ports');
    expect(verdictOf(whole)).toBe('untrusted');
  });

  it("no `Link layer:` after a whole GUID is a cut only where the paste's other ports print one", () => {
    const lastCut = `$ ibstat\n${IBSTAT_ACTIVE_400.join('\n').replace('State: Active', 'State: Down').replace('LinkUp', 'Disabled')}\n${disabled('\t\tPort GUID: 0xb69691fffe917040\n')}`;
    const cut = readChecks('ibstat', lastCut);
    expect(cut.find((c) => c.id === 'ib.ports')?.status).toBe('warn');
    expect(cut.find((c) => c.id === 'ib.ports')?.detail).toMatch(/before its `Link layer:` line/);
    // An old ibstat prints no link layer in any block: the same block alone is whole, and its one port decides.
    const old = readChecks('ibstat', disabled('\t\tPort GUID: 0xb69691fffe917040\n'));
    expect(checkLines(old)).toContain('fail ib.ports');
  });
});

/** One whole port block as ibstat.c port_dump prints it (every line, whatever the state), Down on Ethernet. */
const DOWN_WHOLE = [
  '$ ibstat',
  "CA 'mlx4_0'",
  '\tCA type: MT4099',
  '\tNumber of ports: 1',
  '\tPort 1:',
  '\t\tState: Down',
  '\t\tPhysical state: Disabled',
  '\t\tRate: 10',
  '\t\tBase lid: 0',
  '\t\tLMC: 0',
  '\t\tSM lid: 0',
  '\t\tCapability mask: 0x04010000',
  '\t\tPort GUID: 0x0202c9fffe3f5a61',
  '\t\tLink layer: Ethernet',
];

describe("2. a port block that skips lines ibstat always prints is the poster's selection, not the node", () => {
  it('State and Link layer alone (the rest left out): the one port Down warns, no "no usable RDMA port" fail', () => {
    const picked = DOWN_WHOLE.filter(
      (l) => !/Physical state|Rate|LMC|Capability|lid|GUID|CA type|Number/.test(l),
    );
    const checks = readChecks('ibstat', `${picked.join('\n')}\n`);
    expect(checkLines(checks)).toContain('warn ib.ports');
    expect(checks.find((c) => c.id === 'ib.ports')?.detail).toMatch(
      /poster kept some of its lines: port 1 of mlx4_0 shows no Physical state or Rate line/,
    );
    expect(verdictOf(checks)).toBe('unverified');
    // The whole block: its one port is the node's only port, and it is down.
    expect(checkLines(readChecks('ibstat', `${DOWN_WHOLE.join('\n')}\n`))).toContain('fail ib.ports');
  });

  it('a block whose GUID and LID lines were blanked for privacy, LMC and mask dropped, is still whole: its Down port fails the node', () => {
    const redacted = DOWN_WHOLE.filter((l) => !/lid|GUID|LMC|Capability/.test(l));
    const checks = readChecks('ibstat', `${redacted.join('\n')}\n`);
    expect(checkLines(checks)).toContain('fail ib.ports');
    expect(verdictOf(checks)).toBe('untrusted');
  });
});
