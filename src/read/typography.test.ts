import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * A paste copied from a rendered page carries the page's typography, never the tool's (issue 38, P1): "smart"
 * quotes for the ASCII ones every tool here prints, and a long option's `--` set as one en or em dash by a blog
 * engine (SmartyPants, WordPress). Read as the tool printed them; a gdrcopy assertion in curly quotes was read
 * as a passing run.
 */
// gdrcopy_sanity under libcheck whose summary says 100 % while the asserts that matter failed (gdrcopy#126's shape):
// the assertion lines decide, and they are recognised by their `Assertion "…" failed at` text.
const SANITY_FAIL = [
  'Running suite(s): Sanity',
  'Assertion "!((g) == ((void*)0))" failed at sanity.cpp:181',
  'Assertion "!((g) == ((void*)0))" failed at sanity.cpp:218',
  '100%: Checks: 15, Failures: 0, Errors: 0',
].join('\n');

describe('a page’s typography in a paste', () => {
  it('curly quotes read as the straight ones: a gdrcopy assertion is still a failure', () => {
    expect(verdictOf(readChecks('gdrcopy', SANITY_FAIL))).toBe('untrusted');
    const curly = SANITY_FAIL.replace(/"([^"]*)"/g, '“$1”');
    expect(checkLines(readChecks('gdrcopy', curly))).toEqual(checkLines(readChecks('gdrcopy', SANITY_FAIL)));
  });

  it('a long option set as one dash reads as `--`: the flags of the command typed still count', () => {
    // `nvidia-smi topo --p2pstatus r`: the P2P matrix, known by the long option of the command typed.
    const run = (flag: string) =>
      `$ nvidia-smi topo ${flag}p2pstatus r\n \tGPU0\tGPU1\t\n GPU0\tX\tCNS\t\n GPU1\tCNS\tX\t\n`;
    const plain = checkLines(readChecks('topo-p2p', run('--')));
    expect(plain).toContain('warn nvlink.p2p');
    for (const dash of ['–', '—']) expect(checkLines(readChecks('topo-p2p', run(dash)))).toEqual(plain);
  });
});
