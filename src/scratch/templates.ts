import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { parseAllDocuments } from 'yaml';
import { ToolError } from '../core/errors.js';

/**
 * templates/*.yaml.hbs → plain objects. Values are placed with the `json`
 * helper only (a JSON scalar or collection is valid YAML flow), so no value
 * can break the document's structure. Pair's manifests (pair/plan/manifests.ts)
 * and the sweep's shared etcd (etcd.ts) render through this one function.
 */

const TEMPLATE_DIR = new URL('../../templates/', import.meta.url);

const hbs = Handlebars.create();
hbs.registerHelper('json', (v: unknown) => JSON.stringify(v));

const cache = new Map<string, Handlebars.TemplateDelegate>();
function template(name: string): Handlebars.TemplateDelegate {
  let t = cache.get(name);
  if (!t) {
    t = hbs.compile(readFileSync(new URL(`${name}.yaml.hbs`, TEMPLATE_DIR), 'utf8'), {
      strict: true,
      noEscape: true,
    });
    cache.set(name, t);
  }
  return t;
}

export function renderDocs(name: string, context: unknown): unknown[] {
  const text = template(name)(context);
  const docs = parseAllDocuments(text);
  const out: unknown[] = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    if (doc.errors.length > 0)
      throw new ToolError(`template ${name}.yaml.hbs rendered invalid YAML: ${doc.errors[0]?.message}`);
    const js = doc.toJS();
    if (js !== null && js !== undefined) out.push(js);
  }
  return out;
}
