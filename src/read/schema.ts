import { z } from 'zod';
import { TOOLS } from '../classify/tools.js';

/** What `read -o json` adds beside checks and verdict (src/commands/actions/read.ts). */
export const ReadReportPartSchema = z.object({
  command: z.literal('read'),
  /** Which tool's output was read, and from where (`-` for stdin). */
  input: z.strictObject({ tool: z.enum(Object.keys(TOOLS) as [string, ...string[]]), source: z.string() }),
  /** The reader's own result for that tool (its shape is the reader's, per tool). */
  parsed: z.unknown(),
});
