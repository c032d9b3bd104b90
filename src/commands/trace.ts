import { redactText } from '../core/redact.js';
import { setKubeLog } from '../kube/log.js';

/**
 * -v/--v: the Cluster seam's trace at this level, on stderr, each line through the one redaction
 * (core/redact.ts). kubectl shows each request with its status and time from level 6; so do we.
 */
export function traceAt(level: number, stderr: NodeJS.WritableStream): void {
  setKubeLog({
    level,
    trace: level > 0 ? (line) => stderr.write(`${redactText(line)}\n`) : () => {},
  });
}
