import type { RawService } from './raw.js';
import type { Shm } from './schema.js';

/**
 * /dev/shm of a service. The Dynamo operator mounts a Memory emptyDir of 8Gi
 * there unless `sharedMemory.size` / `sharedMemorySize` says otherwise
 * (`disabled` / `"0"` remove it); an explicit volume mounted at /dev/shm
 * wins. A plain pod without such a volume gets the container runtime's 64Mi.
 */

export const OPERATOR_DEFAULT_SHM = '8Gi';
export const RUNTIME_DEFAULT_SHM = '64Mi';

const UNITS: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
  m: 1e-3,
};

/** Parses a Kubernetes quantity (`80Gi`, `1.5G`, `512Mi`, `1e9`) to bytes; undefined when malformed. */
export function parseQuantity(q: string): number | undefined {
  const m =
    /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E|m))?\s*$/.exec(q);
  if (!m) return undefined;
  const n = Number(m[1]) * (m[2] ? 10 ** Number(m[2].slice(1)) : 1);
  const unit = UNITS[m[3] ?? ''];
  return unit === undefined ? undefined : n * unit;
}

export function shmOf(s: RawService): Shm | undefined {
  const mount = s.mounts.find((m) => m.mountPath.replace(/\/+$/, '') === '/dev/shm');
  const vol = mount && s.volumes.find((v) => v.name === mount.name);
  if (vol?.emptyDirMemory) {
    const limit = vol.emptyDirMemory.sizeLimit;
    if (limit === undefined)
      return { size: 'unbounded (Memory emptyDir without sizeLimit)', source: 'volume' };
    const bytes = parseQuantity(limit);
    return bytes === undefined ? { size: limit, source: 'volume' } : { bytes, size: limit, source: 'volume' };
  }
  if (vol?.hostPath) return { size: `host ${vol.hostPath}`, source: 'host' };
  if (s.dgdShm === null) {
    return {
      bytes: parseQuantity(RUNTIME_DEFAULT_SHM) as number,
      size: RUNTIME_DEFAULT_SHM,
      source: 'runtime-default',
    };
  }
  if (s.dgdShm.disabled) {
    return {
      bytes: parseQuantity(RUNTIME_DEFAULT_SHM) as number,
      size: RUNTIME_DEFAULT_SHM,
      source: 'disabled',
    };
  }
  if (s.dgdShm.size !== undefined) {
    const bytes = parseQuantity(s.dgdShm.size);
    const source = s.dgdShm.field;
    return bytes === undefined ? { size: s.dgdShm.size, source } : { bytes, size: s.dgdShm.size, source };
  }
  return {
    bytes: parseQuantity(OPERATOR_DEFAULT_SHM) as number,
    size: OPERATOR_DEFAULT_SHM,
    source: 'operator-default',
  };
}
