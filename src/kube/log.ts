/**
 * Where the Cluster seam says what a person may want to know: warnings (always, on stderr: an
 * insecure-skip-tls-verify) and, with -v/--v=N, a trace of each API request and its timing.
 * Set once by main.ts from the flags; nothing here ever carries a credential (lines pass through
 * core/redact.ts before they are written).
 */
export interface KubeLog {
  /** A warning line (without the "warning: " prefix). */
  warn(line: string): void;
  /** The verbosity asked for (kubectl's --v: 0 quiet, 6 requests and timings, 8 and up the same here). */
  level: number;
  /** A trace line, written when level > 0. */
  trace(line: string): void;
}

const quiet: KubeLog = {
  warn: (line) => process.stderr.write(`warning: ${line}\n`),
  level: 0,
  trace: () => {},
};

let current: KubeLog = quiet;

/** The log of this process (a test or main.ts may replace it). */
export function kubeLog(): KubeLog {
  return current;
}

/** Replaces the log; returns the one it replaced. */
export function setKubeLog(log: Partial<KubeLog>): KubeLog {
  const before = current;
  current = { ...current, ...log };
  return before;
}
