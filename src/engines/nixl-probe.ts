import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../core/assets.js';

/**
 * Our NIXL probe (templates/nixl-probe.py) as a file: where it is, its text,
 * and the ConfigMap that ships it to probe pods (it is never baked into an
 * image). The nixl engine runs it between pods and locally (nixl-pair.ts),
 * `pair --in-place` inside live workers; its command line is engines/nixl/argv.ts.
 */

export const NIXL_PROBE_FILE = 'nixl-probe.py';

/** The probe's path in this checkout or installed package (shipped under templates/). */
export function nixlProbePath(): string {
  return path.join(repoRoot(), 'templates', NIXL_PROBE_FILE);
}

export function nixlProbeSource(): string {
  return readFileSync(nixlProbePath(), 'utf8');
}

export interface NixlProbeConfigMapInput {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  /** The probe's text; defaults to the shipped templates/nixl-probe.py. */
  script?: string;
}

/** The key under which the ConfigMap holds the probe; mount it and run `python <mount>/nixl-probe.py`. */
export const NIXL_PROBE_KEY = NIXL_PROBE_FILE;

/**
 * The ConfigMap that carries the probe to the pods (mounted as a volume, run
 * with the image's own python), so no image has to be rebuilt for it.
 */
export function nixlProbeConfigMap(input: NixlProbeConfigMapInput) {
  return {
    apiVersion: 'v1' as const,
    kind: 'ConfigMap' as const,
    metadata: {
      name: input.name,
      namespace: input.namespace,
      labels: { ...input.labels },
      ...(input.annotations ? { annotations: { ...input.annotations } } : {}),
    },
    data: { [NIXL_PROBE_KEY]: input.script ?? nixlProbeSource() },
  };
}

/**
 * The probe as two processes, target first: the nixl engine's local runner (nixl/local.ts),
 * which `pair --in-place` also runs inside live worker pods. Named here so nothing outside
 * src/engines/ reaches into the engine's folder.
 */
export { runNixlProbePair } from './nixl/local.js';
