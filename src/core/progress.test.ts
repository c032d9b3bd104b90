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
