import type { NotUnderstood } from './lines.js';
import type { UcxLogFailure } from './ucx-log-failures.js';

/**
 * `ucx_info -d` (devices and transports) and `ucx_info -v` (version, configure
 * line), alone or concatenated. Every line starts with "#" (read also when the poster stripped it). Layouts:
 * - UCX ≥ 1.10: "#      Transport: rc_mlx5" / "#         Device: mlx5_0:1" (tl_info.c), and
 *   a "#         memory types:" line per memory domain from 1.14 (v1.14.0 tl_info.c:507);
 * - 1.9 and older: "#   Transport: rc" / "#      Device: mlx5_0:1" (v1.9.0 tl_info.c:146-147;
 *   transports rc, ud, dc, cm, mm before 1.9).
 * UCX ≥ 1.18 adds a `gga` memory domain on mlx5 HCAs (src/uct/ib/mlx5/gga) that usually says
 * "< no supported devices found >": its component is "gga", not "ib", so it is no dead HCA.
 * Layouts in full: references/ucx-output-formats.md.
 * "< no supported devices found >" under an IB memory domain means that HCA has no
 * usable port (openucx/ucx#9908). A memory domain of component "ib" whose memory
 * types include cuda can register GPU memory: GPUDirect RDMA.
 */
export interface UcxMemoryDomain {
  name: string;
  component?: string;
  /** ["host", "cuda"] from "memory types: host (access,reg,cache), cuda (…)"; undefined on UCX that does not print it. */
  memoryTypes?: string[];
  /**
   * `failed`: "#   < failed to open interface >" follows the transport's Device line (tl_info.c print_iface_info,
   * when uct_iface_open fails): the transport is listed on the device but cannot be used there.
   */
  transports: { name: string; device: string; failed?: true }[];
  /** "< no supported devices found >". */
  noDevices: boolean;
}

export interface UcxInfoResult {
  version?: string;
  /** The "Configured with:" line of `ucx_info -v`. */
  configure?: string;
  domains: UcxMemoryDomain[];
  /** Unique transport names, in order. */
  transports: string[];
  /** The paste holds an elision mark (`[...]`, `...`): lines were left out by whoever pasted it. */
  elided?: true;
  /** Lines read around: UCX log lines, a line retyped without its `#` (named by `read`). */
  notUnderstood?: NotUnderstood[];
  /**
   * The memory domain the paste ends inside, before any of its transports: a whole output
   * lists, in every domain, its transports or "< no supported devices found >" (openucx/ucx
   * src/tools/info/tl_info.c, print_md_info: `if (num_resources == 0)`), so a last domain
   * with neither was cut where the post or its copy ends.
   */
  endsInside?: string;
  /** Read through a libucp (parsers/ucp-context.ts), not from `ucx_info`: which one. */
  via?: string;
  /**
   * `ucx_info -b`: the build's config.h defines (src/tools/info/build_info.c prints them as `#define NAME VALUE`),
   * `HAVE_CUDA`, `HAVE_IB` (config/m4 `AC_DEFINE([HAVE_IB], 1, [IB support])`), `uct_MODULES` (`":cuda:ib:rdmacm:cma"`,
   * the UCT modules built), `UCX_CONFIGURE_FLAGS`; quotes removed.
   */
  build?: Record<string, string>;
  /** `ucx_info` ran and the paste holds only UCX's own log lines after it: its output is not shown (principle 2). */
  logOnly?: true;
  /** Only an interface's capability rows (`#            bandwidth: …`), cut above its Transport and Memory domain lines. */
  fieldsOnly?: true;
  /** The paste ends inside this transport name (`Transport: sy`): the list goes on past the cut (principle 2). */
  cutTransport?: string;
  /** The paste ends in a field with no value (`#        iface address:`): cut mid-line, what followed not shown. */
  cutField?: string;
  /**
   * UCX's own ERROR or DIAG lines saying its RDMA transport cannot work: the device or rdma_cm could not be opened, a
   * completion queue could not be created, a transfer completed in error (principle 4; parsers/ucx-log-failures.ts).
   */
  openFailures?: UcxLogFailure[];
}
