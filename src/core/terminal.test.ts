import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal.js';

describe('terminalSafe', () => {
  it('leaves ordinary text, Unicode and box drawing alone', () => {
    expect(terminalSafe('UCX_TLS=rc_x,rc — ✓ 45.2 GB/s ünïcode')).toBe(
      'UCX_TLS=rc_x,rc — ✓ 45.2 GB/s ünïcode',
    );
  });

  it('a carriage return cannot redraw a FAIL line as OK', () => {
    expect(terminalSafe('tcp\r  OK   ')).toBe('tcp\\r  OK   ');
  });

  it('escape sequences (clear screen, window title), C1 controls and DEL become visible', () => {
    expect(terminalSafe('\u001b[2J\u001b]0;pwned\u0007x')).toBe('\\e[2J\\e]0;pwned\\u{7}x');
    expect(terminalSafe('a\u009bb\u007fc')).toBe('a\\u{9b}b\\u{7f}c');
  });

  it('bidi overrides and isolates cannot reverse what is shown', () => {
    expect(terminalSafe('ok\u202eliaf\u202c \u2066x\u2069')).toBe(
      'ok\\u{202e}liaf\\u{202c} \\u{2066}x\\u{2069}',
    );
  });

  it('newlines and tabs are escaped: a field stays on its line', () => {
    expect(terminalSafe('a\nb\tc')).toBe('a\\nb\\tc');
  });
});
