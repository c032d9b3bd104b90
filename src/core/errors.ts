/**
 * An error that means the tool could not do its job (bad input, unreadable
 * file, cluster unreachable, permission denied): exit code 2. The message is
 * one line naming the thing; `fix` says what to do about it.
 */
export class ToolError extends Error {
  readonly fix: string | undefined;
  constructor(message: string, options: { fix?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ToolError';
    this.fix = options.fix;
  }
}

/** The run was interrupted by SIGINT or SIGTERM. */
export class InterruptedError extends Error {
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(`interrupted by ${signal}`);
    this.name = 'InterruptedError';
  }
}

/** Several independent problems, reported together (e.g. many bad files). */
export class ToolErrors extends ToolError {
  constructor(readonly errors: readonly ToolError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ToolErrors';
  }
}

export function errorLines(err: ToolError): string[] {
  const list = err instanceof ToolErrors ? err.errors : [err];
  return list.map((e) => (e.fix ? `${e.message} (fix: ${e.fix})` : e.message));
}

/** Flattens a cause chain into one line, for wrapping unexpected errors. */
export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n')[0] ?? String(err);
  return String(err);
}
