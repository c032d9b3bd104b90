import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';

/**
 * Issue 38, principle 2 (b25): a tool that never ran printed nothing of its own. The shell's
 * "not found" (Ubuntu's command-not-found handler too) or the dynamic linker's refusal to start it
 * is the answer: nothing is shown, so nothing is judged (a skip, never a pass or exit 2). Each is
 * paired with the tool's own output, which is still judged, and with a loader error naming another
 * program, which is no answer for this tool. Sources: references/read-shapes.md.
 */
const IBV_DEVINFO = `dell@dell:~$ ibv_devinfo
hca_id:\tmlx5_0
\ttransport:\t\t\tInfiniBand (0)
\tphys_port_cnt:\t\t\t1
\t\tport:\t1
\t\t\tstate:\t\t\tPORT_ACTIVE (4)
\t\t\tactive_width:\t\t4X (2)
\t\t\tactive_speed:\t\t25.0 Gbps (32)
\t\t\tphys_state:\t\tLINK_UP (5)
\t\t\tlink_layer:\t\tInfiniBand
`;

describe('2. a tool that never ran shows nothing: not judged, never exit 2', () => {
  it("Ubuntu's `Command 'ibv_devinfo' not found` under its prompt: the tool is not there", () => {
    const paste = `dell@dell:~$ ibv_devinfo
Command 'ibv_devinfo' not found, but can be installed with:
sudo apt install ibverbs-utils
dell@dell:~$ mlxfwmanager
mlxfwmanager: command not found
`;
    const checks = readChecks('ibv_devinfo', paste);
    expect(checkLines(checks)).toEqual(['skipped rdma.ibv_devinfo']);
    expect(checks.at(-1)?.detail).toContain(
      "is not there in dell (line 2: \"Command 'ibv_devinfo' not found",
    );
    expect(verdictOf(checks)).toBe('unverified');
    // The same prompt with the tool's output is judged.
    expect(verdictOf(readChecks('ibv_devinfo', IBV_DEVINFO))).toBe('trusted');
  });

  it('a loader error after the command, with no prompt: the test could not start', () => {
    const paste = `singularity exec --nv new.sif ~/gdrcopy/tests/copybw
/home/u/gdrcopy/tests/copybw: symbol lookup error: /home/u/gdrcopy/tests/copybw: undefined symbol: cuDevicePrimaryCtxRelease_v2
`;
    const checks = readChecks('gdrcopy', paste);
    expect(checks).toHaveLength(1);
    expect(checks[0]?.status).toBe('skipped');
    expect(checks[0]?.detail).toContain(
      '`copybw` could not start (line 2: "/home/u/gdrcopy/tests/copybw: symbol lookup error',
    );
  });

  it('a missing shared library under a prompt: could not start, not "not there"', () => {
    const paste = `u@gpu050:~$ singularity exec --nv new.sif ~/gdrcopy/tests/sanity
/home/u/gdrcopy/tests/sanity: error while loading shared libraries: libsubunit.so.0: cannot open shared object file: No such file or directory
`;
    const checks = readChecks('gdrcopy', paste);
    expect(checkLines(checks)).toEqual(['skipped gdr.gdrcopy']);
    expect(checks.at(-1)?.detail).toContain('`sanity` could not start in gpu050 (line 2:');
  });

  it("another program's loader error is no answer for this tool: still no gdrcopy output (exit 2)", () => {
    const paste = `python3 bench.py
python3: error while loading shared libraries: libpython3.12.so.1.0: cannot open shared object file: No such file or directory
`;
    expect(() => readChecks('gdrcopy', paste)).toThrow(ParseError);
  });
});
