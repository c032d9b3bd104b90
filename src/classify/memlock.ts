import { type Check, check } from '../core/model.js';
import { formatBytes } from '../core/size.js';
import type { MemlockResult } from '../parsers/memlock.js';

/** ulimit -l counts KiB; written as every byte size is (core/size.ts). */
const human = (kib: number) => formatBytes(kib * 1024);

// IPC_LOCK lifts the limit for a root process only; a non-root one (the Dynamo runtime images' uid 1000) never holds it.
const MEMLOCK_FIX =
  'raise it to unlimited (RLIMIT_MEMLOCK bounds what a non-root user may pin; IPC_LOCK helps root only): containerd hands containers its own limit (LimitMEMLOCK=infinity in a containerd.service drop-in), CRI-O sets default_ulimits = ["memlock=-1:-1"] in crio.conf';

/**
 * Below 1 MiB nothing useful can be pinned: the old kernel default of 64 KiB
 * (MLOCK_LIMIT before Linux 5.16, which raised it to 8 MiB) fails the first
 * registration of a KV block or of UCX's registered bounce/receive pools; an
 * 8 MiB cap fails later, as KV buffers grow (a warning).
 */
export const MEMLOCK_FAIL_KIB = 1024;

/**
 * RDMA registration pins memory; a capped memlock limit makes ibv_reg_mr fail with
 * ENOMEM once KV-cache buffers grow (qdrant PR #1885: 8192 KiB in a default container).
 */
export function classifyMemlock(r: MemlockResult): Check[] {
  if (r.limit === undefined) {
    const t = r.tableWithoutRow;
    const e = r.elided;
    return [
      check(
        'memlock.limit',
        'skipped',
        e && !t
          ? `max locked memory not shown: line ${e.line}: the author's \`${e.text}\` leaves lines out, and the value may be among them`
          : `max locked memory not shown: the \`ulimit -a\` table${t ? ` from line ${t.line} shows ${t.rows} other limit(s) but` : ''} has no max-locked-memory (-l) row (${e ? `left out at line ${e.line}, \`${e.text}\`` : 'cut or filtered before it'})`,
        { fix: 'run `ulimit -l` in the pod (or paste the whole `ulimit -a`)' },
      ),
    ];
  }
  if (r.limit === 'unlimited') {
    return [
      check(
        'memlock.limit',
        'ok',
        `max locked memory unlimited${r.readings.some((x) => x.hard) ? ' (hard limit)' : ''}`,
      ),
    ];
  }
  const several = r.readings.length > 1 ? ` (lowest of ${r.readings.length} readings)` : '';
  if (r.limit < MEMLOCK_FAIL_KIB) {
    return [
      check(
        'memlock.limit',
        'fail',
        `max locked memory capped at ${human(r.limit)} (${r.limit} KiB)${several}: too little to register any KV-cache buffer (one KV block is MiBs) or even UCX's own registered buffer pools: RDMA registration fails at once`,
        { fix: MEMLOCK_FIX, data: { kib: r.limit } },
      ),
    ];
  }
  return [
    check(
      'memlock.limit',
      'warn',
      `max locked memory capped at ${human(r.limit)} (${r.limit} KiB)${several}: RDMA memory registration fails beyond it`,
      {
        fix: MEMLOCK_FIX,
        data: { kib: r.limit },
      },
    ),
  ];
}
