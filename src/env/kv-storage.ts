import { type Check, check } from '../core/model.js';
import type { ServiceCtx } from './graph-rules.js';

/**
 * KV handed over through a file system (vLLM's ExampleConnector, formerly SharedStorageConnector): the
 * prefill saves each layer's KV as files under `kv_connector_extra_config.shared_storage_path` (default
 * `/tmp`) and the decode loads them only if it finds the folder there; when it does not, it reports no
 * external hit and recomputes the prompt (vllm-project/vllm
 * vllm/distributed/kv_transfer/kv_connector/v1/example_connector.py: `__init__`, `save_kv_layer`,
 * `get_num_new_matched_tokens` → `_found_match_for_prompt`). Between pods the path must be a volume both
 * see: an emptyDir belongs to its pod alone, and a path on no volume is the container's own file system,
 * so nothing the prefill writes reaches the decode (P5: no KV is handed over, whatever the fabric).
 */
const STORAGE_CONNECTOR = /\((?:Example|SharedStorage)Connector\)/;

function storagePath(argv: readonly string[]): string {
  const m = /"?shared_storage_path"?\s*:\s*"([^"]+)"/.exec(argv.join(' '));
  return m?.[1] ?? '/tmp';
}

/** Where the storage path lives in this pod: a volume shared with no other pod, or undefined when it may be shared. */
function podLocal(c: ServiceCtx): string | undefined {
  const at = storagePath(c.raw.argv);
  const under = c.raw.mounts
    .filter(
      (m) =>
        m.subPath === undefined &&
        (at === m.mountPath || at.startsWith(`${m.mountPath.replace(/\/$/, '')}/`)),
    )
    .sort((a, b) => b.mountPath.length - a.mountPath.length)[0];
  if (!under) return `${at} is on no volume (the container's own file system)`;
  const vol = c.raw.volumes.find((v) => v.name === under.name);
  if (vol?.emptyDir) return `${at} is the pod's own emptyDir \`${under.name}\``;
  return undefined;
}

export function kvStorageCheck(
  prefill: ServiceCtx[],
  decode: ServiceCtx[],
  subject: string,
): Check | undefined {
  const sides = [...prefill, ...decode];
  if (prefill.length === 0 || decode.length === 0) return undefined;
  if (!sides.every((c) => STORAGE_CONNECTOR.test(c.facts?.kv?.from ?? ''))) return undefined;
  const local = sides.flatMap((c) => {
    const why = podLocal(c);
    return why ? [`${c.svc.name}: ${why}`] : [];
  });
  if (local.length === 0)
    return check(
      'env.kv-storage',
      'ok',
      'prefill and decode hand KV over through files on volumes that can be shared',
      { subject },
    );
  return check(
    'env.kv-storage',
    'fail',
    `KV is handed over through files (shared-storage connector), but ${local.join('; ')}: what the prefill writes never reaches the decode, which recomputes every prompt`,
    {
      subject,
      fix: 'mount one shared volume (a ReadWriteMany PVC, NFS) at shared_storage_path in both pods, or use a connector that moves KV over the network (NixlConnector over RDMA)',
    },
  );
}
