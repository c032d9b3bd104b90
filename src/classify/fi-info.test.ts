import { describe, expect, it } from 'vitest';
import { rollUp } from '../core/verdict.js';
import { parseFiInfo } from '../parsers/fi-info.js';
import { readPasted } from '../read/tools.js';

/**
 * fi_info in its own format: libfabric util/info.c `print_short_info` (`provider: %s`, then `    fabric: %s`,
 * `    domain: %s`, `    version: %d.%d`, `    type: %s`, `    protocol: %s` per record) and `run`, which prints
 * `fi_getinfo: %d (%s)` (older releases `fi_getinfo: %d`) when fi_getinfo returns an error.
 */
const record = (domain: string, type = 'FI_EP_RDM') =>
  `provider: efa\n    fabric: efa\n    domain: ${domain}\n    version: 121.0\n    type: ${type}\n    protocol: FI_PROTO_EFA\n`;
const read = (text: string) => readPasted('fi_info', text, { expect: 'any' }).checks;
const lines = (checks: { status: string; id: string }[]) =>
  checks.filter((c) => c.id !== 'read.input').map((c) => `${c.status} ${c.id}`);

describe('fi_info: -61 is FI_ENODATA, "no provider matched the query" (fi_getinfo(3))', () => {
  it('the bare `fi_getinfo: -61` of older fi_info is the whole answer, read like the one with strerror', () => {
    expect(parseFiInfo('fi_getinfo: -61\n').error).toMatchObject({ line: 1, code: -61 });
    const checks = read('$ fi_info -p efa\nfi_getinfo: -61\n');
    expect(lines(checks)).toEqual(['fail efa.provider']);
    expect(checks.find((c) => c.id === 'efa.provider')?.detail).toContain(
      'FI_ENODATA: no provider matched the query',
    );
  });

  it('a query for another provider that matches nothing says nothing about EFA (principle 3)', () => {
    for (const cmd of [
      'FI_PROVIDER=verbs fi_info',
      'fi_info -p verbs',
      'fi_info --provider=tcp',
      'FI_PROVIDER=^efa fi_info',
    ]) {
      const checks = read(`$ ${cmd}\nfi_getinfo: -61 (No data available)\n`);
      expect(lines(checks), cmd).toEqual(['skipped efa.provider']);
      expect(rollUp(checks).status, cmd).toBe('unverified');
    }
    expect(read('$ FI_PROVIDER=verbs fi_info\nfi_getinfo: -61 (No data available)\n')[1]?.detail).toContain(
      'asked for verbs, not EFA',
    );
  });

  it('a query that allows EFA (a list with it, or an option of another program) still fails on -61', () => {
    for (const cmd of [
      'FI_PROVIDER=efa,shm fi_info',
      'fi_info -p efa',
      'ssh -p 2222 node-a fi_info',
      'fi_info',
    ]) {
      expect(lines(read(`$ ${cmd}\nfi_getinfo: -61 (No data available)\n`)), cmd).toEqual([
        'fail efa.provider',
      ]);
    }
  });

  it('records of another provider under a verbs query are not "no EFA" either', () => {
    const verbs =
      '$ fi_info -p verbs\nprovider: verbs\n    fabric: IB-0xfe80000000000000\n    domain: mlx5_0\n    version: 1.0\n    type: FI_EP_MSG\n    protocol: FI_PROTO_RDMA_CM_IB_RC\n';
    expect(lines(read(verbs))).toEqual(['skipped efa.provider']);
    expect(lines(read(verbs.replace('-p verbs', '')))).toEqual(['warn efa.provider']);
  });
});

describe('fi_info cut by a pipe or mid-record: the device count is not shown (principle 2)', () => {
  const three = record('rdmap79s0-rdm') + record('rdmap80s0-rdm') + record('rdmap81s0-rdm');
  it('`| head -n 20` that filled its 20 lines: the EFA devices after the cut are not shown', () => {
    const cut = `$ FI_PROVIDER=efa fi_info | head -n 20\n${three}provider: efa\n    fabric: efa\n`;
    const checks = read(cut);
    expect(lines(checks)).toEqual(['ok efa.provider', 'skipped efa.shown']);
    expect(rollUp(checks).status).toBe('unverified');
    expect(checks.find((c) => c.id === 'efa.shown')?.detail).toContain('`| head -n 20` kept 20 line(s)');
  });

  it('a head that the output did not fill cut nothing: the whole list is shown', () => {
    const checks = read(`$ fi_info -p efa | head -n 50\n${three}`);
    expect(lines(checks)).toEqual(['ok efa.provider']);
    expect(rollUp(checks).status).toBe('trusted');
  });

  it('a last record cut before its type line is a cut paste, whatever the command', () => {
    expect(
      lines(read(`$ fi_info -p efa\n${three}provider: efa\n    fabric: efa\n    domain: rdmap82s0-rdm\n`)),
    ).toEqual(['ok efa.provider', 'skipped efa.shown']);
  });

  it("`| grep efa` keeps every record's `provider: efa` line: with each domain kept too, no device is hidden", () => {
    // The efa provider names a domain `<device>-rdm` or `-dgrm` by endpoint type (prov/efa/src/efa_domain.h
    // efa_domain_name_suffix), so the kept domain lines say which endpoints each device offers.
    const grep = (text: string) =>
      text
        .split('\n')
        .filter((l) => /efa/.test(l))
        .join('\n');
    const named = record('efa_0-rdm') + record('efa_0-dgrm', 'FI_EP_DGRAM') + record('efa_1-rdm');
    const shown = read(`# fi_info | grep efa\n${grep(named)}\n`);
    expect(lines(shown)).toEqual(['ok efa.provider']);
    expect(shown[1]?.detail ?? shown[0]?.detail).toContain('2 EFA devices');
    // Devices named rdmapNsM lose their domain lines to the same grep: which devices and endpoints is not shown.
    expect(lines(read(`# fi_info | grep efa\n${grep(three)}\n`))).toEqual(['skipped efa.provider']);
    // A pattern that is not in `provider: efa` hides records (here every provider line); so does grep -v.
    const byRdm = named
      .split('\n')
      .filter((l) => /rdm/.test(l))
      .join('\n');
    expect(rollUp(read(`# fi_info | grep rdm\n${byRdm}\n`)).status).not.toBe('trusted');
    expect(lines(read(`# fi_info | grep -v dgrm\n${named}`))).toContain('skipped efa.shown');
  });

  it('a query for datagram endpoints only (-t FI_EP_DGRAM) is not "no RDM endpoint"', () => {
    const dgrm = record('rdmap79s0-dgrm', 'FI_EP_DGRAM');
    expect(lines(read(`$ fi_info -p efa -t FI_EP_DGRAM\n${dgrm}`))).toEqual(['skipped efa.provider']);
    expect(lines(read(`$ fi_info -p efa\n${dgrm}`))).toEqual(['fail efa.provider']);
  });
});

describe("fi_info: libfabric's own log lines (FI_LOG_LEVEL set) are read, never refused (principles 1 and 2)", () => {
  // ofiwg/libfabric src/log.c `ofi_log`: "%s:%d:%ld:%s:%s:%s:%s():%d<%s> %s" (libfabric, pid, time, prefix,
  // provider, subsystem, func, line, level, message).
  const log = [
    'libfabric:3251:1715881079::psm2:core:psmx2_update_hfi_info():427<info> hfi1 units: total -1, active 0',
    'libfabric:3251:1715881079::psm2:core:psmx2_getinfo():536<info> no PSM2 device is active.',
  ].join('\n');

  it('a paste of the log alone: the records are not shown, the log named, not exit 2', () => {
    expect(parseFiInfo(log).log?.map((x) => [x.provider, x.level])).toEqual([
      ['psm2', 'info'],
      ['psm2', 'info'],
    ]);
    const checks = read(`${log}\n`);
    expect(lines(checks)).toEqual(['skipped efa.provider']);
    expect(checks.find((c) => c.id === 'efa.provider')?.detail).toContain(
      'only libfabric\'s log (2 lines, psm2; last: "no PSM2 device is active.")',
    );
    expect(rollUp(checks).status).toBe('unverified');
  });

  it('log lines among records are read around: the EFA record is judged as without them', () => {
    const efa = `${log}\n${record('rdmap0s6-rdm')}`;
    expect(lines(read(efa))).toEqual(lines(read(record('rdmap0s6-rdm'))));
    expect(lines(read(efa))).toEqual(['ok efa.provider']);
  });
});
