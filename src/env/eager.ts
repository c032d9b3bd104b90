import path from 'node:path';
import { judgeScope, type Lookups, scopesOf, type Unit } from './judge-scopes.js';
import type { LoadedDoc } from './load.js';
import { loneSide } from './pair-files.js';
import type { RawGraph } from './raw.js';
import type { Extracted, WorkloadExtractor } from './workloads.js';
import { isKustomization, kustomizePatches, prepareServices } from './workloads.js';

/**
 * Judging each file's scopes as soon as the file is read (issue 40 item 13): a tree of recipes is
 * then never held whole as read, only as reported. A scope is judged at once when judging it
 * looks up none of the input's side objects (ConfigMaps, claim templates: one in a later file
 * could change what it finds) and no kustomization was read yet (its patches make fragments of
 * the files they name); any other scope waits, in its place in the report, for every document.
 * The report is the same either way: the scopes keep their order, and a kustomization read later
 * that names a file judged early asks for the whole run again without judging early (`restart`).
 */
export function eagerJudging(
  x: WorkloadExtractor,
  enabled: boolean,
): { add(d: LoadedDoc): void; finish(): { ex: Extracted; units: Unit[]; restart: boolean } } {
  const units: Unit[] = [];
  /** Graphs of scopes that wait: finish() prepares them with the rest. */
  const waiting = new Set<RawGraph>();
  /** Files whose graphs were handed out early, as a kustomization names them. */
  const early = new Set<string>();
  let on = enabled;
  let restart = false;
  let current: string | undefined;
  const flush = () => {
    if (!on) return;
    const fresh = x.fresh();
    if (fresh === undefined) {
      on = false;
      return;
    }
    const judged = new Set<RawGraph>();
    for (const g of fresh) early.add(path.normalize(g.file));
    for (const scope of scopesOf(fresh)) {
      // One side of a pair, alone in its file, may pair with a file read later (pair-files.ts): judged at the end.
      if (loneSide(scope)) {
        units.push({ paired: scope.paired, scope });
        for (const g of scope.graphs) waiting.add(g);
        continue;
      }
      const watch = watched(x.lookups);
      const saved = scope.graphs.flatMap((g) =>
        g.services.map((s) => ({ s, argv: s.argv, from: s.optionsFrom })),
      );
      prepareServices(scope.graphs, watch.lookups.configMaps);
      const part = watch.read() ? undefined : judgeScope(scope, watch.lookups);
      if (part && !watch.read()) {
        units.push({ paired: scope.paired, part });
        for (const g of scope.graphs) judged.add(g);
        continue;
      }
      // It looked something up: judged with every document read, from its services as written.
      for (const { s, argv, from } of saved) {
        s.argv = argv;
        if (from === undefined) delete s.optionsFrom;
        else s.optionsFrom = from;
      }
      units.push({ paired: scope.paired, scope });
      for (const g of scope.graphs) waiting.add(g);
    }
    x.judged(judged);
  };
  return {
    add(d) {
      if (d.file !== current) {
        flush();
        current = d.file;
      }
      if (on && isKustomization(d))
        for (const f of kustomizePatches([d]).keys()) if (early.has(f)) restart = true;
      x.add(d);
    },
    finish() {
      flush();
      const ex = x.finish();
      // The graphs read after judging early stopped (a kustomization was read), in their order.
      const rest = ex.graphs.filter((g) => !waiting.has(g));
      for (const scope of scopesOf(rest)) units.push({ paired: scope.paired, scope });
      return { ex, units, restart };
    },
  };
}

/** The lookups, noting whether anything of them was read (any property of any of them). */
function watched(l: Lookups): { lookups: Lookups; read: () => boolean } {
  let read = false;
  const watch = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        read = true;
        const v = Reflect.get(t, prop, t);
        return typeof v === 'function' ? v.bind(t) : v;
      },
    });
  return {
    lookups: {
      configMaps: watch(l.configMaps),
      computeDomainTemplates: watch(l.computeDomainTemplates),
      rdmaClaimTemplates: watch(l.rdmaClaimTemplates),
    },
    read: () => read,
  };
}
