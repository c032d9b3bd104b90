import { z } from 'zod';
import { durationSchema } from '../core/duration-schema.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './open.js';

/** The schema of the connection flags addClusterFlags declares. */
export const ClusterFlagsShape = {
  kubeconfig: z.string().min(1).optional(),
  context: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
  requestTimeout: durationSchema('10s, 30s or 1m', { maxMs: 10 * 60_000, minMs: 100 }).default(
    DEFAULT_REQUEST_TIMEOUT_MS,
  ),
};
