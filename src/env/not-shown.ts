import { specCutAtKey } from './dgd.js';
import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';

/**
 * A serving graph whose parts the text names but does not show (issue 38, P2: not shown is never
 * absent): a Dynamo graph with no spec at all (an author's `spec: # ...`), or the roles of a
 * RoleBasedGroup, an AIBrix StormService or a Kthena ModelServing whose pod templates hold no
 * container (a page's copy cut inside them). Such a graph is listed as a partial graph, one
 * placeholder per role it names, and not judged: its engines, devices and network are not in the
 * file. An object that names no part (`roles: []`) is empty, not cut: it stays "nothing to check".
 */
export interface NotShownGraph {
  services: RawService[];
  partial: string;
}

/** The role names the serving kinds hold their pods under (rbg.ts, serving-crds.ts, serving-crds-more.ts). */
function roleNames(spec: Rec | undefined): string[] {
  const lists = [
    spec?.roles,
    obj(obj(spec?.groupTemplate)?.spec)?.roles,
    obj(obj(spec?.template)?.spec)?.roles,
    obj(spec?.template)?.roles,
  ];
  return lists.flatMap((l) => arr(l).flatMap((r) => str(obj(r)?.name) ?? []));
}

/** One placeholder service per name: what the object says it runs, nothing it does not show. */
function placeholders(names: string[]): RawService[] {
  return names.flatMap((name) =>
    containerServices({
      prefix: `${name}/`,
      path: 'spec.',
      tmpl: { spec: { containers: [{ name: 'not-shown' }] } },
      nodeCount: 1,
    }).map((s) => ({ ...s, name })),
  );
}

/**
 * A Dynamo graph whose spec is absent or null, or cut inside its first key (specCutAtKey); one of another
 * shape is a shape error.
 */
export function dgdSpecNotShown(kind: string, doc: Rec): NotShownGraph | undefined {
  const cutAt = specCutAtKey(doc.spec);
  if ('spec' in doc && doc.spec !== null && !cutAt) return undefined;
  const name = str(obj(doc.metadata)?.name) ?? '(unnamed)';
  return {
    services: placeholders(['spec']),
    partial: cutAt
      ? `${kind} ${name}: its spec ends at \`${cutAt}\`, a field name with no colon (the file is cut inside that key), so its services, engines, devices and network are not in the file`
      : `${kind} ${name}: its spec is not shown (absent or elided), so its services, engines, devices and network are not in the file`,
  };
}

/** A serving graph whose named roles show no container, or undefined when it names none. */
export function rolesNotShown(kind: string, doc: Rec): NotShownGraph | undefined {
  const names = [...new Set(roleNames(obj(doc.spec)))];
  if (names.length === 0) return undefined;
  const name = str(obj(doc.metadata)?.name) ?? '(unnamed)';
  return {
    services: placeholders(names),
    partial: `${kind} ${name}: role${names.length > 1 ? 's' : ''} ${names.join(', ')} named, but no container of ${names.length > 1 ? 'their pods' : 'its pod'} is shown (cut or elided), so the engine, devices and network are not in the file`,
  };
}
