import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.js';

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _e, cb) {
      text += chunk.toString();
      cb();
    },
  });
  return { stream, text: () => text };
}

describe('progress without a TTY (CI logs, pipes)', () => {
  it('prints an update when it says something new, not every second a duration counts up', () => {
    let t = 0;
    const out = sink();
    const p = createProgress({ stream: out.stream, now: () => t });
    p.step('Transfer test');
    for (let s = 0; s < 25; s++) {
      t = s * 1000;
      p.update(`prefill Running, waiting for its peer, decode Pending (ContainerCreating, ${s}s)`);
    }
    t = 26_000;
    p.update('prefill Running, decode Running');
    const lines = out
      .text()
      .split('\n')
      .filter((l) => l.startsWith('  '));
    expect(lines.map((l) => l.replace(/ \([\d.]+s\)$/, ''))).toEqual([
      '  prefill Running, waiting for its peer, decode Pending (ContainerCreating, 0s)',
      '  prefill Running, waiting for its peer, decode Pending (ContainerCreating, 10s)',
      '  prefill Running, waiting for its peer, decode Pending (ContainerCreating, 20s)',
      '  prefill Running, decode Running',
    ]);
  });
});

describe('progress on a TTY', () => {
  it('cuts the live line to the terminal width and escapes control characters from input', () => {
    const out = sink();
    Object.assign(out.stream, { isTTY: true, columns: 40 });
    const p = createProgress({ stream: out.stream, now: () => 0 });
    p.step('Transfer test');
    p.update('pod gpu-node-with-a-very-long-name-indeed\r\u001b[2J Pending (ContainerCreating)');
    p.close();
    const frames = out
      .text()
      .split('\r\u001b[2K')
      .filter((f) => f !== '');
    expect(frames.length).toBeGreaterThan(1);
    for (const f of frames) expect([...f].length).toBeLessThanOrEqual(39);
    expect(frames.at(-1)).toBe('… Transfer test: pod gpu-node-with-a-v…');
    expect(out.text()).not.toContain('\u001b[2J');
  });
});
