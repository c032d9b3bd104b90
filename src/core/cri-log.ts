import { systemClock } from './clock.js';
/**
 * Text as a kubelet stores a container's log under /var/log/pods (the CRI log
 * format): one "<RFC3339Nano> <stream> F <line>" per line, each a millisecond
 * after the one before from `start`. The one writer of it: the e2e harness
 * (kwok Logs from a file), the e2e suites and the bench (`npm run bench`).
 */
export function toCriLog(
  text: string,
  stream: 'stdout' | 'stderr' = 'stdout',
  start = new Date(systemClock.now()),
): string {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const base = start.getTime();
  return lines
    .map((line, i) => {
      const ts = new Date(base + i).toISOString().replace('Z', '000000Z');
      return `${ts} ${stream} F ${line}\n`;
    })
    .join('');
}
