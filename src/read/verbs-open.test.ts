import { describe, expect, it } from 'vitest';
import { checkLines, IBSTAT_ACTIVE_400, readChecks, verdictOf } from '../../test/helpers/read.js';
import { verbsOpenFailures } from '../parsers/verbs-messages.js';

/**
 * Issue 38, principle 4: failures without a summary line are failures. Port rows come from the kernel; UCX, NIXL
 * and NCCL open the device through libibverbs and its provider. When the paste shows the verbs library refusing
 * the device (rdma-core libibverbs/init.c, examples/devinfo.c; perftest ctx_find_dev), no port row makes it usable.
 * Each paste is in the tools' own format, paired with the same paste without the failure.
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;
const byId = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id);

const LINKS = [
  'root@pod:/# rdma link show',
  'link bnxt_re0/1 state ACTIVE physical_state LINK_UP',
  'link bnxt_re1/1 state ACTIVE physical_state LINK_UP',
].join('\n');
const ABI = (dev: string) =>
  `libibverbs: Warning: Driver bnxt_re does not support the kernel ABI of 6 (supports 1 to 1) for device /sys/class/infiniband/${dev}`;

describe('a verbs library that cannot open the devices fails, whatever the port rows say', () => {
  it('rdma link rows alone pass', () => {
    expect(lines(read('rdma-link', LINKS))).toEqual([
      'ok ib.port bnxt_re0/1',
      'ok ib.port bnxt_re1/1',
      'ok ib.ports',
    ]);
    expect(verdict(read('rdma-link', LINKS))).toBe('trusted');
  });

  it('the same rows, then ibv_devinfo: a provider ABI mismatch and `No IB devices found` is a failure', () => {
    const paste = `${LINKS}\nroot@pod:/# ibv_devinfo\n${ABI('bnxt_re0')}\n${ABI('bnxt_re1')}\nNo IB devices found\n`;
    const checks = read('rdma-link', paste);
    expect(byId(checks, 'rdma.verbs')).toMatchObject({
      status: 'fail',
      detail:
        'no verbs device can be opened here (line 5: the bnxt_re provider takes kernel ABI 1, bnxt_re0 has 6; line 7: `No IB devices found`): UCX, NIXL and NCCL reach RDMA through verbs, so no RDMA device can carry KV traffic, whatever its port state shows',
    });
    expect(verdict(checks)).toBe('untrusted');
  });

  it("ib_write_bw's ` Did not detect devices` (perftest ctx_find_dev) is the same answer", () => {
    const paste = `${LINKS}\nroot@pod:/# ib_write_bw\n Did not detect devices \n If device exists, check if driver is up\n Unable to find the Infiniband/RoCE device\n`;
    expect(byId(read('rdma-link', paste), 'rdma.verbs')?.status).toBe('fail');
  });

  it('one device refused by its provider is that device failing (its subject), even with no summary line', () => {
    const checks = read('rdma-link', `${LINKS}\nroot@pod:/# ibv_devices\n${ABI('bnxt_re1')}\n`);
    expect(byId(checks, 'rdma.verbs')).toMatchObject({ status: 'fail', subject: 'bnxt_re1' });
  });

  it("ibstat's ports too: an older rdma-core's `no userspace device-specific driver found` leaves the device unopenable", () => {
    const ibstat = ['$ ibstat', ...IBSTAT_ACTIVE_400].join('\n');
    expect(verdict(read('ibstat', ibstat))).toBe('trusted');
    const paste = `${ibstat}\n$ ibv_devinfo\nlibibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0\nNo IB devices found\n`;
    expect(verdict(read('ibstat', paste))).toBe('untrusted');
  });

  it("libibverbs' `couldn't load driver` names a provider library not installed: harmless when no device needs it", () => {
    const paste = `${LINKS}\nroot@pod:/# ibv_devices\nlibibverbs: Warning: couldn't load driver 'libmana-rdmav34.so': libmana-rdmav34.so: cannot open shared object file: No such file or directory\n`;
    expect(verbsOpenFailures(paste)).toEqual([]);
    expect(verdict(read('rdma-link', paste))).toBe('trusted');
  });

  it('the kernel-wide ABI mismatch (`Fatal: kernel ABI version`) and a failed device list name no device: none can be opened', () => {
    const found = verbsOpenFailures(
      "libibverbs: Fatal: kernel ABI version 5 doesn't match library version 6.\nFailed to get IB devices list: Function not implemented\n",
    );
    expect(found.map((f) => [f.line, f.why, f.device])).toEqual([
      [1, 'none', undefined],
      [2, 'none', undefined],
    ]);
  });
});
