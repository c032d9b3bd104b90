/** UCX log levels from quiet to loud (ucs_log_level_names in UCX's src/ucs/config/global_opts.c). */
const LEVELS = [
  'fatal',
  'error',
  'warn',
  'diag',
  'info',
  'debug',
  'trace',
  'req',
  'data',
  'async',
  'func',
  'poll',
];

export interface ChildEnvOptions {
  /** `--ucx-tls`: becomes UCX_TLS. */
  ucxTls?: string;
  /** Per-process additions (CUDA_VISIBLE_DEVICES). */
  extra?: Record<string, string>;
}

/**
 * The environment of a transfer process: the caller's, plus what makes UCX say
 * which transport it used. `UCX_LOG_LEVEL=info` prints the endpoint lanes and
 * `UCX_PROTO_INFO=y` the protocol tables (a boolean in UCX 1.13, `y` still
 * means "all" in later versions; `used` would be a parse error in old ones).
 * A louder level, or a UCX_PROTO_INFO, the user already set is kept.
 */
export function childEnv(base: NodeJS.ProcessEnv, opts: ChildEnvOptions = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  const level = LEVELS.indexOf((base.UCX_LOG_LEVEL ?? '').toLowerCase());
  if (level < LEVELS.indexOf('info')) env.UCX_LOG_LEVEL = 'info';
  if (!base.UCX_PROTO_INFO) env.UCX_PROTO_INFO = 'y';
  if (opts.ucxTls) env.UCX_TLS = opts.ucxTls;
  return { ...env, ...opts.extra };
}
