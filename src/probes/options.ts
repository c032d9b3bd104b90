import { z } from 'zod';
import { durationSchema } from '../core/duration-schema.js';
import { ClusterFlagsShape } from '../kube/flags-schema.js';

const HOUR_MS = 3_600_000;

/** A duration as every timeout flag takes it (`20s`, `2m`, `500ms`, or plain seconds), in milliseconds. */
const ProbeTimeout = durationSchema('20s, 2m or 500ms', { maxMs: HOUR_MS, minMs: 500 });

/** The schema of the flags addTargetOptions (flags.ts) declares. */
export const TargetOptionsShape = {
  local: z.boolean().default(false),
  pod: z.array(z.string().min(1)).optional(),
  dgd: z.string().min(1).optional(),
  allPods: z.boolean().default(false),
  container: z.string().min(1).optional(),
  ...ClusterFlagsShape,
  /** Milliseconds. */
  probeTimeout: ProbeTimeout.default(20_000),
  parallel: z.coerce.number().int().min(1).max(32).default(4),
};
