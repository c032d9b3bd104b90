import { describe, expect, it } from 'vitest';
import { toCriLog } from './cri-log.js';

describe('toCriLog', () => {
  const start = new Date('2026-01-02T03:04:05.678Z');

  it('writes one full ("F") CRI line per text line, a millisecond apart, nanosecond timestamps', () => {
    expect(toCriLog('first\nsecond\n', 'stdout', start)).toBe(
      '2026-01-02T03:04:05.678000000Z stdout F first\n2026-01-02T03:04:05.679000000Z stdout F second\n',
    );
  });

  it('names the stream, keeps blank lines inside, and takes text without a final newline', () => {
    expect(toCriLog('a\n\nb', 'stderr', start)).toBe(
      [
        '2026-01-02T03:04:05.678000000Z stderr F a',
        '2026-01-02T03:04:05.679000000Z stderr F ',
        '2026-01-02T03:04:05.680000000Z stderr F b',
        '',
      ].join('\n'),
    );
  });

  it('writes nothing for no text, and stamps from now by default', () => {
    expect(toCriLog('', 'stdout', start)).toBe('');
    const before = Date.now();
    const [ts] = toCriLog('x').split(' ');
    expect(Date.parse(ts!.replace('000000Z', 'Z'))).toBeGreaterThanOrEqual(before);
  });
});
