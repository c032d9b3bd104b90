import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, from corpus batch b56 (distributions' bug trackers on GitHub), principle 3: EFA's own peer-memory module
 * (efa_nv_peermem) logs its load and its symbol errors as the other peer-memory modules do; a symbol it carries no
 * version for lets it load unchecked (principle 5: a warning). Each paste is small and in the tool's own format.
 * Sources: references/read-evidence.md.
 */
const read = readChecks;
const lines = checkLines;

describe("3. EFA's peer-memory module is a peer-memory module", () => {
  it('its banner is its load: gdr.peermem passes', () => {
    expect(lines(read('dmesg', '[   30.100000] EFA NV Peermem v1.2.2'))).toEqual(['ok gdr.peermem']);
  });

  it('loaded without a symbol version for an nvidia_p2p_* symbol: loaded, but built against another GPU driver (warn)', () => {
    const paste = 'efa_nv_peermem: no symbol version for nvidia_p2p_dma_unmap_pages\nEFA NV Peermem v1.2.2';
    const checks = read('dmesg', paste);
    expect(lines(checks)).toEqual(['warn gdr.peermem']);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('refusing to load (no NVIDIA P2P symbols, or the proprietary driver) fails, as an unknown symbol does', () => {
    for (const why of ['Nvidia P2P symbols are unavailable', 'Nvidia proprietary is unsupported'])
      expect(lines(read('dmesg', `[   30.100000] efa_nv_peermem: ${why}`))).toContain('fail gdr.peermem');
  });
});
