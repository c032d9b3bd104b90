import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';

/**
 * LWS `DisaggregatedSet` (disaggregatedset.x-k8s.io/v1, kubernetes-sigs/lws
 * api/disaggregatedset/v1/disaggregatedset_types.go:75-93,104-120): `spec.roles[]`, each a `name`
 * and an inlined LeaderWorkerSetTemplateSpec (`metadata`, `spec` = a LeaderWorkerSet spec with
 * `replicas` and `leaderWorkerTemplate`), the controller making one LeaderWorkerSet per role. Each
 * role's pods are read as that LeaderWorkerSet's: the leader template (when given) and the worker
 * template, `size` pods per group. The role's name (`prefill`, `decode`, `encode`) is the graph's
 * own naming, weighed as names are (roles.ts): never proof on its own. In v1alpha1
 * (api/disaggregatedset/v1alpha1/disaggregatedset_types.go `DisaggregatedRoleSpec`) the
 * LeaderWorkerSetSpec is embedded inline (`json:",inline"`): `replicas` and `leaderWorkerTemplate`
 * sit on the role itself, beside `name` and `metadata`.
 */
export function disaggregatedSetServices(doc: Rec): RawService[] {
  return arr(obj(doc.spec)?.roles).flatMap((r, k) => {
    const role = obj(r);
    if (!role) return [];
    const name = str(role.name) ?? `#${k}`;
    // v1: the LeaderWorkerSet spec under `spec`; v1alpha1: inlined on the role.
    const nested = obj(role.spec);
    const inline = !nested && obj(role.leaderWorkerTemplate) !== undefined;
    const spec = inline ? role : nested;
    const lwt = obj(spec?.leaderWorkerTemplate);
    const size = Number(str(lwt?.size) ?? 1);
    const replicas = Number(str(spec?.replicas) ?? 1);
    const base = {
      nodeCount: Number.isFinite(size) && size > 1 ? Math.floor(size) : 1,
      ...(Number.isFinite(replicas) ? { replicas } : {}),
    };
    const path = `spec.roles[name=${name}].${inline ? '' : 'spec.'}leaderWorkerTemplate.`;
    const leader = obj(lwt?.leaderTemplate);
    return [
      ...(leader
        ? containerServices({
            ...base,
            prefix: `${name}/leader/`,
            path: `${path}leaderTemplate.`,
            tmpl: leader,
          })
        : []),
      ...containerServices({
        ...base,
        prefix: leader ? `${name}/worker/` : `${name}/`,
        path: `${path}workerTemplate.`,
        tmpl: obj(lwt?.workerTemplate),
      }),
    ];
  });
}
