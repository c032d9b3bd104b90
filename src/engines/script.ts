import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { repoRoot } from '../core/assets.js';

/**
 * The probe pods' shell scripts, as files: templates/engines/<engine>/*.sh.hbs,
 * with the pieces every engine shares (templates/engines/common/) and an
 * engine's own pieces (its `_name.sh` files) as Handlebars partials. The
 * templates only assemble constant shell text: what varies per run is passed
 * as "$@" or container env (ITEST_*), never spliced into the script.
 */

/** Where the pod scripts live, in this checkout or the installed package (`files` ships templates/). */
export function podScriptDir(): string {
  return path.join(repoRoot(), 'templates', 'engines');
}

/** A partial's name: its file name without `_` and `.sh`/`.sh.hbs` (`_client.sh.hbs` → `client`). */
function partialName(file: string): string {
  return file.replace(/^_/, '').replace(/\.sh(\.hbs)?$/, '');
}

function partials(dir: string, ownOnly: boolean): [string, string][] {
  return readdirSync(dir)
    .filter((f) => /\.sh(\.hbs)?$/.test(f) && (!ownOnly || f.startsWith('_')))
    .sort()
    .map((f) => [partialName(f), readFileSync(path.join(dir, f), 'utf8')]);
}

const cache = new Map<string, string>();

/**
 * One engine's pod script (`folder`: templates/engines/<folder>/, `file`: the
 * top-level template in it), rendered once and cached: it takes no values.
 */
export function renderPodScript(folder: string, file: string): string {
  const key = `${folder}/${file}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const root = podScriptDir();
  const hbs = Handlebars.create();
  for (const [name, text] of [
    ...partials(path.join(root, 'common'), false),
    ...partials(path.join(root, folder), true),
  ])
    hbs.registerPartial(name, text);
  const text = hbs.compile(readFileSync(path.join(root, folder, file), 'utf8'), {
    strict: true,
    noEscape: true,
  })({});
  cache.set(key, text);
  return text;
}
