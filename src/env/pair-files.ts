import path from 'node:path';
import { type Scope, sideOf, type Unit } from './judge-scopes.js';

/**
 * The side of a prefill/decode pair a file's plain workloads (or one DGD) hold on their own, when they hold exactly
 * one: a guide keeps its prefill and its decode in two files of one directory (`prefill.yaml`, `decode.yaml`), and
 * `env` reads the plain workloads of a file, and each DGD not paired within its file, as one scope (judge-scopes.ts
 * `scopesOf`). Undefined for anything else.
 */
export function loneSide(scope: Scope): 'prefill' | 'decode' | undefined {
  if (scope.partial || scope.paired || scope.graphs.some((g) => g.ownScope || g.partial)) return undefined;
  // A DGD is its own scope: one that holds one side (a global planner's pool) pairs as plain workloads do.
  if (scope.isDgd && scope.graphs.length !== 1) return undefined;
  const sides = new Set(scope.graphs.map(sideOf).filter((x) => x !== 'none'));
  if (sides.size !== 1) return undefined;
  const [side] = sides;
  return side === 'prefill' || side === 'decode' ? side : undefined;
}

/**
 * Two files of one directory whose plain workloads each hold one side, the one the prefill and the other the decode,
 * and no other file of that directory holding one side: one pair, judged as one scope, as one file holding both is
 * (issue 38: the KV path runs between them). A directory with more one-sided files than that is left as it is: which
 * prefill hands KV to which decode is not shown. Units already judged (part) are never paired: eager.ts keeps
 * one-sided scopes back for this.
 */
export function pairAcrossFiles(units: Unit[]): Unit[] {
  const byDir = new Map<string, { unit: Unit; side: 'prefill' | 'decode' }[]>();
  for (const unit of units) {
    const side = unit.scope && !unit.part ? loneSide(unit.scope) : undefined;
    if (!side || !unit.scope) continue;
    // DGDs pair with DGDs and plain workloads with plain workloads, as within one file.
    const dir = `${unit.scope.isDgd ? 'dgd' : 'plain'}:${path.dirname(unit.scope.graphs[0]?.file ?? '')}`;
    byDir.set(dir, [...(byDir.get(dir) ?? []), { unit, side }]);
  }
  const dropped = new Set<Unit>();
  for (const list of byDir.values()) {
    const p = list.filter((x) => x.side === 'prefill');
    const d = list.filter((x) => x.side === 'decode');
    if (p.length !== 1 || d.length !== 1) continue;
    const [first, second] = list.map((x) => x.unit) as [Unit, Unit];
    const a = first.scope as Scope;
    const b = second.scope as Scope;
    first.scope = {
      ...a,
      subject: `${a.subject}+${path.basename(b.subject)}`,
      graphs: [...a.graphs, ...b.graphs],
      paired: a.isDgd,
    };
    // DGDs that pair are listed first, as a file's are (scopesOf).
    first.paired = a.isDgd;
    dropped.add(second);
  }
  return units.filter((u) => !dropped.has(u));
}
