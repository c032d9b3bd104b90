import { readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { findNixlPython } from '../../engines/nixl-python.js';
import { findOnPath } from '../../procs/path.js';

const GPUS = '/proc/driver/nvidia/gpus';

/** What a local pair needs to know about this machine; a seam so tests can describe another host. */
export interface LocalHost {
  hostname(): string;
  /** Full path of a program on PATH, or undefined. */
  which(program: string): string | undefined;
  /** NVIDIA GPUs the driver exposes; 0 without a driver. */
  gpuCount(): number;
  /** The first GPU's model as the driver names it (`NVIDIA H100 80GB HBM3`), when there is one. */
  gpuModel(): string | undefined;
  /** A Python that imports nixl (our NIXL probe's engine), or with `acceptInstalled` one that merely has it; undefined when none. */
  nixlPython?(acceptInstalled?: boolean): string | undefined;
}

/** GPUs the NVIDIA kernel driver registered: one directory each under /proc/driver/nvidia/gpus. */
export function countNvidiaGpus(readDir: (dir: string) => string[] = (d) => readdirSync(d)): number {
  try {
    return readDir(GPUS).length;
  } catch {
    return 0;
  }
}

/** `Model:` of the first GPU in the driver's information file. */
export function nvidiaGpuModel(
  readDir: (dir: string) => string[] = (d) => readdirSync(d),
  readText: (file: string) => string = (f) => readFileSync(f, 'utf8'),
): string | undefined {
  try {
    const first = readDir(GPUS).sort()[0];
    if (!first) return undefined;
    const m = /^Model:\s*(.+?)\s*$/m.exec(readText(`${GPUS}/${first}/information`));
    return m?.[1];
  } catch {
    return undefined;
  }
}

export function systemHost(env: NodeJS.ProcessEnv): LocalHost {
  return {
    hostname: () => hostname(),
    which: (program) => findOnPath(program, env.PATH),
    gpuCount: () => countNvidiaGpus(),
    gpuModel: () => nvidiaGpuModel(),
    nixlPython: (acceptInstalled) => findNixlPython(env, acceptInstalled),
  };
}
