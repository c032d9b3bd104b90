import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Where `program` would be found on PATH, like `command -v`; undefined when it is not there. */
export function findOnPath(
  program: string,
  pathVar: string | undefined,
  isExecutable: (file: string) => boolean = executableFile,
): string | undefined {
  if (program.includes('/')) return isExecutable(program) ? program : undefined;
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function executableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
