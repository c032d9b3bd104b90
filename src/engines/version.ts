/** Dotted versions (`0.10.1`, `1.4`): negative, zero or positive as `a` is older, equal or newer. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The version an image tag names (`nixlbench:0.10.1-amd64`, `…:v1.4.0`), or undefined (`latest`, a digest). */
export function versionFromImage(image: string): string | undefined {
  const at = image.indexOf('@');
  const ref = at >= 0 ? image.slice(0, at) : image;
  const colon = ref.lastIndexOf(':');
  if (colon < 0 || ref.slice(colon).includes('/')) return undefined;
  const m = /^v?(\d+\.\d+(?:\.\d+)?)/.exec(ref.slice(colon + 1));
  return m ? m[1] : undefined;
}

/** The nixlbench version of the probe image deploy/probe-image builds (NIXL's latest release, v1.4.0). */
export const DEFAULT_NIXLBENCH_VERSION = '1.4.0';
