import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';

/**
 * RoleBasedGroup (`workloads.x-k8s.io`, sgl-project/rbg, "RBGS"): one object holding a whole
 * serving graph as named roles (router, prefill, decode, …), each a pod template and a replica
 * count. The role's pod template is resolved as the controller resolves it
 * (api/workloads/v1alpha2/helper.go `GetResolvedTemplate`): an inline `template`, or a
 * `templateRef` to `spec.roleTemplates[name]` with its `patch` applied as a strategic merge
 * patch on a PodTemplateSpec; v1alpha1 puts the patch in the role's `templatePatch`. Leader/worker
 * roles (v1alpha2 `leaderWorkerPattern`, v1alpha1 `leaderWorkerSet`) span `size` pods, with
 * `leaderTemplatePatch`/`workerTemplatePatch` (`patchLeaderTemplate`/`patchWorkerTemplate`)
 * merged the same way (pkg/reconciler/lws_reconciler.go). `customComponentsPattern` (v1alpha1
 * `components`) lists components, each with its own template and size. A RoleBasedGroupSet
 * stamps out copies of `spec.groupTemplate.spec`. references/env-rules.md cites the lines.
 */

export const RBG_KINDS = ['RoleBasedGroup', 'RoleBasedGroupSet'];

/** List fields of a PodTemplateSpec merged by a key under strategic merge patch (k8s.io/api core/v1 `patchMergeKey`). */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  env: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  ports: 'containerPort',
  resourceClaims: 'name',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
};

/** A strategic merge patch of plain YAML values: maps merge, keyed lists merge by key, other lists are replaced, null deletes. */
export function strategicMerge(base: unknown, patch: unknown, field = ''): unknown {
  const b = obj(base);
  const p = obj(patch);
  if (p && b) {
    const out: Rec = { ...b };
    for (const [k, v] of Object.entries(p)) {
      if (v === null) delete out[k];
      else out[k] = strategicMerge(b[k], v, k);
    }
    return out;
  }
  const key = MERGE_KEYS[field];
  if (key && Array.isArray(base) && Array.isArray(patch)) {
    const out = [...base];
    for (const item of patch) {
      const id = str(obj(item)?.[key]);
      const at = id === undefined ? -1 : out.findIndex((x) => str(obj(x)?.[key]) === id);
      if (at < 0) out.push(item);
      else out[at] = strategicMerge(out[at], item, '');
    }
    return out;
  }
  return patch === undefined ? base : patch;
}

/** The spec that holds `roles`: the RoleBasedGroup's own, or a RoleBasedGroupSet's group template. */
function groupSpec(kind: string, doc: Rec): Rec | undefined {
  const spec = obj(doc.spec);
  return kind === 'RoleBasedGroupSet' ? obj(obj(spec?.groupTemplate)?.spec) : spec;
}

/** A role's base template: inline, or its `templateRef` into roleTemplates with the patch applied. */
function baseTemplate(
  source: Rec | undefined,
  role: Rec,
  templates: Map<string, Rec>,
): { tmpl: Rec | undefined; path: string } | undefined {
  const inline = obj(source?.template);
  if (inline) return { tmpl: inline, path: 'template.' };
  const ref = obj(source?.templateRef);
  const name = str(ref?.name);
  if (!name) return undefined;
  const patch = obj(ref?.patch) ?? obj(role.templatePatch);
  const merged = obj(strategicMerge(templates.get(name), patch ?? {}));
  return { tmpl: merged, path: `templateRef[${name}].` };
}

/** Services of one role: its pod template(s), each container a service named `role` or `role/container`. */
function roleServices(role: Rec, k: number, templates: Map<string, Rec>): RawService[] {
  const name = str(role.name) ?? `#${k}`;
  const at = `spec.roles[name=${name}].`;
  const replicas = Number(str(role.replicas) ?? 1);
  const rep = Number.isFinite(replicas) ? { replicas } : {};
  const lwp = obj(role.leaderWorkerPattern);
  const lws = obj(role.leaderWorkerSet);
  const source = obj(role.standalonePattern) ?? lwp ?? role;
  const parts: { prefix: string; path: string; tmpl: Rec | undefined; nodeCount: number }[] = [];
  const components = arr(obj(role.customComponentsPattern)?.components ?? role.components);
  if (components.length) {
    for (const [j, c] of components.entries()) {
      const comp = obj(c);
      const cname = str(comp?.name) ?? `#${j}`;
      const size = Number(str(comp?.size) ?? 1);
      parts.push({
        prefix: `${name}/${cname}/`,
        path: `${at}components[name=${cname}].template.`,
        tmpl: obj(comp?.template),
        nodeCount: Number.isFinite(size) && size > 1 ? size : 1,
      });
    }
  } else {
    const base = baseTemplate(lwp ? lwp : source, role, templates);
    const pattern = lwp ? 'leaderWorkerPattern.' : obj(role.standalonePattern) ? 'standalonePattern.' : '';
    const size = Number(str((lwp ?? lws)?.size) ?? 1);
    const nodeCount = Number.isFinite(size) && size > 1 ? size : 1;
    const leaderPatch = obj(lwp?.leaderTemplatePatch) ?? obj(lws?.patchLeaderTemplate);
    const workerPatch = obj(lwp?.workerTemplatePatch) ?? obj(lws?.patchWorkerTemplate);
    const path = `${at}${pattern}${base?.path ?? 'template.'}`;
    // A leader and workers that run different containers are two services; patches that only label them are one.
    if (obj(leaderPatch?.spec) || obj(workerPatch?.spec)) {
      parts.push(
        {
          prefix: `${name}/leader/`,
          path,
          tmpl: obj(strategicMerge(base?.tmpl, leaderPatch ?? {})),
          nodeCount,
        },
        {
          prefix: `${name}/worker/`,
          path,
          tmpl: obj(strategicMerge(base?.tmpl, workerPatch ?? {})),
          nodeCount,
        },
      );
    } else parts.push({ prefix: `${name}/`, path, tmpl: base?.tmpl, nodeCount });
  }
  const services = parts.flatMap((p) => containerServices({ ...p, ...rep }));
  // One container per pod: the service is the role itself (`prefill`), as the graph names it.
  if (services.length === 1 && parts.length === 1 && parts[0]?.prefix === `${name}/`)
    for (const s of services) s.name = name;
  return services;
}

/** A RoleBasedGroup's roles as services, or undefined when the document is not one. */
export function rbgServices(kind: string, apiVersion: string, doc: Rec): RawService[] | undefined {
  if (!RBG_KINDS.includes(kind) || !apiVersion.startsWith('workloads.x-k8s.io/')) return undefined;
  const spec = groupSpec(kind, doc);
  const templates = new Map<string, Rec>();
  for (const t of arr(spec?.roleTemplates)) {
    const o = obj(t);
    const n = str(o?.name);
    const tmpl = obj(o?.template);
    if (n && tmpl) templates.set(n, tmpl);
  }
  const prefix = kind === 'RoleBasedGroupSet' ? 'spec.groupTemplate.' : '';
  return arr(spec?.roles).flatMap((r, k) => {
    const role = obj(r);
    if (!role) return [];
    return roleServices(role, k, templates).map((s) => ({
      ...s,
      containerPath: `${prefix}${s.containerPath}`,
    }));
  });
}
