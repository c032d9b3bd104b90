import { z } from 'zod';
import { parseDuration } from '../core/duration.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './open.js';

/** The schema of the connection flags addClusterFlags declares. */
export const ClusterFlagsShape = {
  kubeconfig: z.string().min(1).optional(),
  context: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
  requestTimeout: z
    .string()
    .refine((s) => (parseDuration(s) ?? 0) > 0, { message: 'expected a duration such as 10s, 30s or 1m' })
    .transform((s) => parseDuration(s) as number)
    .default(DEFAULT_REQUEST_TIMEOUT_MS),
};
