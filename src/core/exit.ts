import type { VerdictStatus } from './model.js';

/** The exit-code table. README.md documents it; test/cli.test.ts checks it against the built CLI. */
export const EXIT = {
  /** Trusted, or warnings when the gate is `fail`. */
  ok: 0,
  /** The checks ran and the verdict fails the gate. */
  gate: 1,
  /** The tool could not do its job: bad input, unreadable file, cluster unreachable, permission denied. */
  tool: 2,
  sigint: 130,
  sigterm: 143,
} as const;

export type FailOn = 'fail' | 'warn';

export function exitCodeFor(status: VerdictStatus, failOn: FailOn): number {
  if (status === 'untrusted') return EXIT.gate;
  if (status === 'unverified' && failOn === 'warn') return EXIT.gate;
  return EXIT.ok;
}
