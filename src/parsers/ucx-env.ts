import type { Line } from './lines.js';

/**
 * The UCX transport and device selection a capture shows: `UCX_TLS=…` / `UCX_NET_DEVICES=…`
 * typed before the command (`UCX_TLS=tcp ucx_perftest …`), exported (`export UCX_NET_DEVICES=…`),
 * or in UCX's own "UCX_* env variables:" INFO line (ucs/config/parser.c). The last one seen wins,
 * as in the shell. Values are kept as typed; what they allow is judged in src/classify.
 */
export interface UcxEnv {
  tls?: string;
  netDevices?: string;
}

const ASSIGN = /(?:^|[\s;(])(?:export\s+)?UCX_(TLS|NET_DEVICES)=("[^"]*"|'[^']*'|[^\s;)]+)/g;

export function ucxEnvOf(lines: readonly Line[]): UcxEnv {
  const env: UcxEnv = {};
  for (const l of lines) {
    for (const m of l.text.matchAll(ASSIGN)) {
      const value = (m[2] as string).replace(/^["']|["']$/g, '');
      // `UCX_NET_DEVICES=$DEV`: a shell variable, not a value.
      if (value === '' || value.startsWith('$')) continue;
      if (m[1] === 'TLS') env.tls = value;
      else env.netDevices = value;
    }
  }
  return env;
}
