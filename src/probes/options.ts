import { z } from 'zod';
import { ClusterFlagsShape } from '../kube/flags-schema.js';

const Seconds = z.coerce.number().positive().max(3600);

/** The schema of the flags addTargetOptions (flags.ts) declares. */
export const TargetOptionsShape = {
  local: z.boolean().default(false),
  pod: z.array(z.string().min(1)).optional(),
  dgd: z.string().min(1).optional(),
  allPods: z.boolean().default(false),
  container: z.string().min(1).optional(),
  ...ClusterFlagsShape,
  probeTimeout: Seconds.default(20),
  parallel: z.coerce.number().int().min(1).max(32).default(4),
};
