import type { Transport, TransportKind } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';

/**
 * NIXL's LIBFABRIC backend: which provider carried the data, and whether that
 * is RDMA. NIXL falls back from efa to tcp silently, so the provider it logs is
 * the only evidence of the path. Pure.
 */

/**
 * The libfabric provider NIXL's LIBFABRIC backend chose, from its own log line
 * (NIXL_LOG_LEVEL=INFO): `Created 16 rails using provider=efa`
 * (ai-dynamo/nixl src/utils/libfabric/libfabric_rail_manager.cpp L232).
 */
export function libfabricProvider(logs: readonly (string | undefined)[]): string | undefined {
  for (const log of logs) {
    const m = /rails using provider=([\w;.-]+)/.exec(log ?? '');
    if (m) return m[1];
  }
  return undefined;
}

/** efa, cxi, verbs move data by RDMA; tcp and sockets do not. NIXL falls back from efa to tcp silently. */
export function providerKind(provider: string | undefined): TransportKind {
  if (!provider) return 'unknown';
  const p = provider.split(';')[0] as string;
  if (/^(efa|cxi|verbs|psm3|opx)$/.test(p)) return 'rdma';
  if (/^(tcp|sockets|udp)$/.test(p)) return 'tcp';
  if (p === 'shm') return 'shm';
  return 'unknown';
}

/** The transport of a LIBFABRIC run: the provider's kind, and `libfabric/<provider>` as its lane. */
export function libfabricTransport(provider: string | undefined): Transport {
  return { kind: providerKind(provider), lanes: provider ? [`libfabric/${provider}`] : [] };
}

/** `pair.transport` of a LIBFABRIC run: RDMA providers pass, TCP fails, anything else warns. */
export function libfabricCheck(t: Transport, provider: string | undefined, subject: string): Check {
  const data = { kind: t.kind, lanes: t.lanes };
  if (!provider)
    return check('pair.transport', 'warn', "NIXL's LIBFABRIC backend did not log the provider it chose", {
      subject,
      fix: 'rerun with --env NIXL_LOG_LEVEL=INFO; without it a silent fallback from efa to tcp cannot be seen',
      data,
    });
  if (t.kind === 'tcp')
    return check(
      'pair.transport',
      'fail',
      `NIXL's LIBFABRIC backend fell back to the ${provider} provider: KV moves over TCP, not EFA`,
      {
        subject,
        fix: 'give the pods the EFA devices (vpc.amazonaws.com/efa) and IPC_LOCK, and check the EFA device plugin on the nodes',
        data,
      },
    );
  if (t.kind !== 'rdma')
    return check(
      'pair.transport',
      'warn',
      `NIXL's LIBFABRIC backend used the ${provider} provider, not EFA`,
      {
        subject,
        fix: 'check FI_PROVIDER and the EFA devices the pods got',
        data,
      },
    );
  return check('pair.transport', 'ok', `NIXL's LIBFABRIC backend used the ${provider} provider (RDMA)`, {
    subject,
    data,
  });
}
