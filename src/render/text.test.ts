import { describe, expect, it } from 'vitest';
import { check } from '../core/model.js';
import { makeReport } from '../core/report.js';
import { renderText, shortSubject, wrapWords } from './text.js';

describe('wrapWords', () => {
  it('breaks at spaces under the width, the rest indented', () => {
    const lines = wrapWords('one two three four five six', 15, '> ', '    ');
    expect(lines).toEqual(['> one two', '    three four', '    five six']);
    for (const l of lines) expect(l.length).toBeLessThan(15);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe('> one two three four five six');
  });

  it('leaves text alone without a width or when it fits; a long word stays whole', () => {
    expect(wrapWords('a b c', undefined, '', '  ')).toEqual(['a b c']);
    expect(wrapWords('a b c', 6, '', '  ')).toEqual(['a b c']);
    expect(wrapWords('a https://example.com/very/long b', 10, '', '  ')).toEqual([
      'a',
      '  https://example.com/very/long',
      '  b',
    ]);
  });
});

describe('shortSubject', () => {
  it('a path under the cwd, with or without #document, becomes relative; others stay', () => {
    expect(shortSubject('/repo/recipes/a.yaml#g/Worker', '/repo')).toBe('recipes/a.yaml#g/Worker');
    expect(shortSubject('/repo/recipes/a.yaml', '/repo')).toBe('recipes/a.yaml');
    expect(shortSubject('/other/a.yaml', '/repo')).toBe('/other/a.yaml');
    expect(shortSubject('/repository/a.yaml', '/repo')).toBe('/repository/a.yaml');
    expect(shortSubject('/repo', '/repo')).toBe('/repo');
    expect(shortSubject('node gpu-a', '/repo')).toBe('node gpu-a');
    expect(shortSubject('/repo/a.yaml', undefined)).toBe('/repo/a.yaml');
  });
});

describe('renderText with a width', () => {
  const fix =
    'set UCX_NET_DEVICES to the RDMA NICs of the node, e.g. mlx5_0:1,mlx5_1:1, and restart the workers';
  const report = makeReport('env', [
    check('env.ucx-net-devices', 'fail', 'UCX_NET_DEVICES names no RDMA port', {
      subject: '/repo/a.yaml#g/W',
      fix,
    }),
  ]);

  it('wraps fix lines and the verdict summary under it, shortens subjects under the cwd', () => {
    const text = renderText(report, { color: false }, () => [], { width: 50, cwd: '/repo' });
    const lines = text.trimEnd().split('\n');
    expect(lines[1]).toBe('  FAIL    env.ucx-net-devices  a.yaml#g/W  UCX_NET_DEVICES names no RDMA port');
    const fixLines = lines.filter((l) => /^ {10}(fix: | {5}\S)/.test(l));
    expect(fixLines[0]).toMatch(/^ {10}fix: set UCX_NET_DEVICES/);
    expect(fixLines.length).toBeGreaterThan(1);
    for (const l of fixLines) expect(l.length).toBeLessThan(50);
    expect(fixLines.map((l) => l.trim()).join(' ')).toBe(`fix: ${fix}`);
    const at = lines.findIndex((l) => l.startsWith('Verdict:'));
    const summary = lines.slice(at + 1);
    expect(summary.length).toBeGreaterThan(1);
    for (const l of summary) expect(l.length).toBeLessThan(50);
    expect(summary.join(' ')).toBe(report.verdict.summary);
  });

  it('without one it is the same text as before: one line each, subjects as given', () => {
    const text = renderText(report, { color: false });
    expect(text).toContain(`          fix: ${fix}\n`);
    expect(text).toContain('  /repo/a.yaml#g/W  ');
    expect(text.trimEnd().split('\n').at(-1)).toBe(report.verdict.summary);
  });

  it('with colour, only the text after the indent is painted', () => {
    const text = renderText(report, { color: true }, () => [], { width: 50 });
    expect(text).toMatch(/\n {10}\u001b\[2mfix: /);
    expect(text).toMatch(/\n {10}\u001b\[2m {5}\S/);
  });
});
