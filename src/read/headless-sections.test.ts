import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1 (a section without its header is read) and 2 (what the cut hides is not shown, never
 * absent): pastes that start below a section's header line, as ibv_devinfo reads a port block without `hca_id:`.
 */
describe('nvidia-smi nvlink: link lines without their `GPU n:` header', () => {
  const header = 'GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-370ec676-e407-3115-836a-8ebcb3c4f62a)';
  const links = (n: number, down: number[] = []) =>
    Array.from({ length: n }, (_, i) => `  Link ${i}: ${down.includes(i) ? '<inactive>' : '25 GB/s'}`);

  it('healthy `--status` links are read as one GPU whose name is not shown: ok, the GPU and any before it not judged', () => {
    const checks = readChecks('nvlink', links(12).join('\n'));
    expect(checkLines(checks)).toEqual([
      'ok nvlink.links GPU (header not shown)',
      'skipped nvlink.gpus GPU (header not shown)',
    ]);
    expect(checks[0]?.detail).toContain('12 links shown, all up, 300 GB/s per direction');
    expect(checks[1]?.detail).toMatch(/`GPU n: <name> \(UUID: …\)` line not pasted/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('an inactive link without its header still fails', () => {
    const checks = readChecks('nvlink', links(12, [3]).join('\n'));
    expect(checkLines(checks)).toContain('fail nvlink.links GPU (header not shown)');
    expect(checks[0]?.detail).toContain('link 3 inactive, 11 of the 12 links shown up');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('every link inactive without its header fails', () => {
    const checks = readChecks('nvlink', links(4, [0, 1, 2, 3]).join('\n'));
    expect(checkLines(checks)).toContain('fail nvlink.links GPU (header not shown)');
  });

  it('`-c` capability lines without their header: link state not shown, never "no NVLink"', () => {
    const caps = ['         Link 0, P2P is supported: true', '         Link 0, SLI is supported: false'];
    const checks = readChecks('nvlink', caps.join('\n'));
    expect(checkLines(checks)).toEqual([
      'skipped nvlink.links GPU (header not shown)',
      'skipped nvlink.gpus GPU (header not shown)',
    ]);
    expect(checks[0]?.detail).toContain('2 capability lines');
  });

  it('`-e` counters without their header: zero counters leave link state not shown, a raised one warns', () => {
    const counters = (replay: number) =>
      [`         Link 1: Replay Errors: ${replay}`, '         Link 1: CRC Errors: 0'].join('\n');
    expect(checkLines(readChecks('nvlink', counters(0)))).toContain(
      'skipped nvlink.links GPU (header not shown)',
    );
    expect(checkLines(readChecks('nvlink', counters(7)))).toContain(
      'warn nvlink.links GPU (header not shown)',
    );
  });

  it('a headless block followed by a whole GPU block: the whole one is judged by its product as before', () => {
    const checks = readChecks(
      'nvlink',
      [...links(2), header.replace('GPU 0', 'GPU 1'), ...links(12)].join('\n'),
    );
    expect(checkLines(checks)).toEqual([
      'ok nvlink.links GPU (header not shown)',
      'ok nvlink.links GPU1',
      'skipped nvlink.gpus GPU (header not shown)',
    ]);
  });

  it('the whole form is unchanged: the same links under their header are judged by product, no cut reported', () => {
    const checks = readChecks('nvlink', [header, ...links(12)].join('\n'));
    expect(checkLines(checks)).toEqual(['ok nvlink.links GPU0']);
    expect(checks[0]?.detail).toContain('A100 SXM4, 12 links): 12 of 12 links up');
    expect(checkLines(readChecks('nvlink', [header, ...links(12, [3])].join('\n')))).toEqual([
      'fail nvlink.links GPU0',
    ]);
  });

  it('a paste with no link line and no header is still refused', () => {
    expect(() => readChecks('nvlink', 'Link 0: something else\n')).toThrow(/no "GPU <n>: <name>" line/);
  });
});
