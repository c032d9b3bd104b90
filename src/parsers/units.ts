/**
 * Small helpers per field format: numbers as tools print them, bandwidth
 * units, and InfiniBand link speeds.
 */

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A decimal number as printed by C/C++ streams (including `1.29813e+06`); undefined otherwise. */
export function parseNumber(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const t = s.trim();
  if (!NUMBER.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** A non-negative integer, allowing the thousands separators of printf's `%'` flag. */
export function parseInteger(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const t = s.trim().replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^\d+$/.test(t)) return undefined;
  return Number(t);
}

/** Bytes per second in one GB/s (decimal, 10^9). Every `gbps` field in this project uses it. */
export const GB = 1e9;
export const MiB = 1024 * 1024;
export const GiB = 1024 * 1024 * 1024;

/** MiB/s (what ucx_perftest and legacy nixlbench label "MB/s" / "MiB/Sec") to GB/s (10^9 bytes/s). */
export function mibpsToGBps(mibps: number): number {
  return (mibps * MiB) / GB;
}

/** GiB/s to GB/s (10^9 bytes/s). */
export function gibpsToGBps(gibps: number): number {
  return (gibps * GiB) / GB;
}

/** Rounds to a fixed number of decimals, so derived figures compare exactly in tests and reports. */
export function round(n: number, decimals = 6): number {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
}

/**
 * Per-lane InfiniBand speeds in Gb/s by name (Linux commits 71eeba16, f946e45f;
 * rdma-core devinfo.c speed codes). The rate is lanes × per-lane speed, so a
 * 2X HDR port (HDR100) and a 4X EDR port both read `Rate: 100`.
 */
export const LANE_GBPS: Readonly<Record<string, number>> = {
  SDR: 2.5,
  DDR: 5,
  QDR: 10,
  FDR10: 10,
  FDR: 14,
  EDR: 25,
  HDR: 50,
  NDR: 100,
  XDR: 200,
};

/** The speed name for a per-lane rate in Gb/s, as printed by `ibv_devinfo -v` (`50.0 Gbps`). */
export function laneName(laneGbps: number): string | undefined {
  // FDR10 and QDR share 10 Gb/s; ibv_devinfo prints FDR10 as "10.0 Gbps" too, so QDR is the reading.
  const names = Object.entries(LANE_GBPS).filter(([n]) => n !== 'FDR10');
  const hit = names.find(([, g]) => Math.abs(g - laneGbps) < 0.2);
  return hit?.[0];
}

/** Splits on runs of whitespace, dropping empty fields. */
export function fields(s: string): string[] {
  return s.trim().split(/\s+/).filter(Boolean);
}
