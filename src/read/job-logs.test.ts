import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { promptCommand } from '../parsers/lines.js';
import { splitPaste } from './paste.js';

/**
 * Issue 38, principle 1, for a job's log rather than a terminal: a script run with `set -x` echoes each command
 * after PS4 (`+ `, its first character repeated per level of `$(…)`: `++ hostname`), and its own `echo` banners
 * (`=== RDMA Devices ===`) land between the tools' outputs, sometimes before their own trace line (stdout and
 * stderr merged). The trace line is the command; the banner is the script's, never a tool's line.
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;
const input = (checks: ReturnType<typeof read>) => checks.find((c) => c.id === 'read.input')?.detail;

const LS_LA = [
  'total 0',
  'drwxr-xr-x  2 root root      120 Feb 27 12:30 .',
  'drwxr-xr-x  6 root root      540 Feb 27 12:30 ..',
  'crw-rw-rw-  1 root root  10, 123 Feb 27 12:30 rdma_cm',
  'crw-rw-rw-  1 root root 231,   0 Feb 27 12:30 umad0',
  'crw-rw-rw-  1 root root 231, 192 Feb 27 12:30 uverbs0',
];

const IBSTAT = [
  "CA 'mlx5_0'",
  '\tCA type: MT4129',
  '\tNumber of ports: 1',
  '\tFirmware version: 28.39.1002',
  '\tPort 1:',
  '\t\tState: Active',
  '\t\tPhysical state: LinkUp',
  '\t\tRate: 400',
  '\t\tBase lid: 12',
  '\t\tSM lid: 1',
  '\t\tLink layer: InfiniBand',
];

describe('set -x trace lines are the commands, a script banner is noise', () => {
  it('`+ cmd` and `++ cmd` are commands; a `+---+` table border or a `+` row is not', () => {
    expect(promptCommand('+ ls -la /dev/infiniband/')).toBe('ls -la /dev/infiniband/');
    expect(promptCommand('++ hostname')).toBe('hostname');
    expect(promptCommand('+--------------+--------------+')).toBeUndefined();
    expect(promptCommand('+1.5')).toBeUndefined();
  });

  it('dev-infiniband: `ls -la` under an echoed banner and its trace lines is read, never exit 2', () => {
    const log = [
      '=== RDMA Devices ===',
      "+ echo '=== RDMA Devices ==='",
      '+ ls -la /dev/infiniband/',
      ...LS_LA,
    ];
    const checks = read('dev-infiniband', log.join('\n'));
    expect(input(checks)).toBe(
      "read `ls -la /dev/infiniband/` (lines 3–9) as dev-infiniband; ignored `echo '=== RDMA Devices ==='` (line 2)",
    );
    expect(lines(checks)).toEqual(['ok rdma.devices', 'ok rdma.cm']);
    expect(verdict(checks)).toBe('trusted');
    // The same listing with one node not world-openable is still judged on its entries.
    const closed = log.map((l) =>
      l.replace('crw-rw-rw-  1 root root 231, 192', 'crw-------  1 root root 231, 192'),
    );
    expect(verdict(read('dev-infiniband', closed.join('\n')))).not.toBe('trusted');
  });

  it("the next command's banner, printed before its trace line, is not read as the previous tool's cut last line", () => {
    const log = [
      '+ ls -la /dev/infiniband/',
      ...LS_LA,
      '=== HCA ===',
      "+ echo '=== HCA ==='",
      '+ ibstat',
      ...IBSTAT,
    ].join('\n');
    const dev = read('dev-infiniband', log);
    expect(lines(dev)).toEqual(['ok rdma.devices', 'ok rdma.cm']);
    expect(verdict(dev)).toBe('trusted');
    const ib = read('ibstat', log);
    expect(input(ib)).toBe(
      "read `ibstat` (lines 10–21) as ibstat; ignored `ls -la /dev/infiniband/` (lines 1–8), `echo '=== HCA ==='` (line 9)",
    );
    expect(lines(ib)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
    expect(verdict(ib)).toBe('trusted');
  });

  it('ibstat: a nested `++ hostname` names nothing the reader needs; `+ ibstat` starts the section', () => {
    const log = ['++ hostname', 'gpu-node-7', '+ ibstat', ...IBSTAT].join('\n');
    expect(splitPaste(log).sections.map((s) => [s.command, s.from, s.to])).toEqual([
      ['hostname', 1, 2],
      ['ibstat', 3, 14],
    ]);
    expect(verdict(read('ibstat', log))).toBe('trusted');
    // The port Down in the same log is a fault, read through the trace lines.
    const down = log
      .replace('State: Active', 'State: Down')
      .replace('Physical state: LinkUp', 'Physical state: Polling');
    expect(verdict(read('ibstat', down))).not.toBe('trusted');
  });
});

describe("docker compose's container prefix is compose's, not the tool's", () => {
  it('`name  | ` (padded, v2 `-1` or v1 `_1`) before every line is taken off; the output under it is read', () => {
    const plain = read('ibstat', IBSTAT.join('\n'));
    for (const name of ['rdma-check-1  ', 'rdma_check_1  ']) {
      const composed = IBSTAT.map((l) => `${name}| ${l}`).join('\n');
      expect(lines(read('ibstat', composed))).toEqual(lines(plain));
    }
    // A down port under the prefix is still judged as down.
    const down = IBSTAT.map((l) => `ib-1  | ${l.replace('Active', 'Down').replace('LinkUp', 'Polling')}`);
    expect(verdict(read('ibstat', down.join('\n')))).toBe('untrusted');
  });
});
