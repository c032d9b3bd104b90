/**
 * The seam between "what to run" and "where it runs". Every probe is an argv
 * array; nothing here ever builds a shell line from user input. Implementations:
 * local (procs/local-runner.ts: child_process, no shell), pod (kube/pod-runner.ts:
 * the Kubernetes exec API), recorded (procs/recorded-runner.ts: replays captured
 * output, for tests and offline reading).
 */
export interface RunOptions {
  /** Wall-clock limit for this one command. */
  timeoutMs: number;
  /** Aborts the command (Ctrl-C); the run then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RunResult {
  /** The process exit status; null when it never ran, was killed, or the status is unknown. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** The executable does not exist where we ran it (ENOENT locally; OCI "executable file not found" or 127 in a pod). */
  notFound: boolean;
  /** It ran past timeoutMs and was stopped. */
  timedOut: boolean;
}

export interface CommandRunner {
  /** Where commands run, for people: `local host gpu-1`, `pod dynamo/decode-0 (container main)`. */
  readonly where: string;
  run(argv: readonly string[], opts: RunOptions): Promise<RunResult>;
}

/** Output kept per stream; probes print kilobytes, this only guards against a runaway tool. */
export const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/** Collects a stream's chunks up to MAX_OUTPUT_BYTES and marks the cut. */
export class OutputBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private cut = false;

  push(chunk: Buffer | string): void {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (this.size >= MAX_OUTPUT_BYTES) {
      this.cut = true;
      return;
    }
    const room = MAX_OUTPUT_BYTES - this.size;
    const part = b.length > room ? b.subarray(0, room) : b;
    if (part.length < b.length) this.cut = true;
    this.chunks.push(part);
    this.size += part.length;
  }

  text(): string {
    const s = Buffer.concat(this.chunks).toString('utf8');
    return this.cut ? `${s}\n[output truncated at ${MAX_OUTPUT_BYTES} bytes]\n` : s;
  }
}

/** Throws the abort reason when the signal has fired, so an interrupted run unwinds at once. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}
