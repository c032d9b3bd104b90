import { parse as parseYaml } from 'yaml';
import { obj, type RawService, str } from './raw.js';
import { engineOf, flagValue } from './serving-engine.js';

/**
 * SGLang reads server options from a YAML file: `--config file.yaml` (sgl-project/sglang
 * `python/sglang/srt/server_args_config_parser.py`, ConfigArgumentMerger): each top-level key
 * becomes `--key value` (a list `--key a b`, `true` the bare flag), and the file's arguments go
 * in front of the command line's (`config_args + before_config + after_config`), so a flag on the
 * command line wins over the file. dynamo.sglang does the same, and with `--config-key prefill`
 * reads only that section of a nested file (ai-dynamo/dynamo `components/src/dynamo/sglang/args.py`,
 * `_extract_config_section`). When the file is a key of a ConfigMap the pod mounts and that
 * ConfigMap is in the input, its keys are the engine's flags: the worker's argv is rewritten to
 * what SGLang will parse. references/env-rules.md cites the lines.
 */

/** The text of `file` as the pod sees it, when a mounted ConfigMap in the input holds it. */
export function mountedFile(
  s: Pick<RawService, 'mounts' | 'volumes'>,
  file: string,
  configMaps: ReadonlyMap<string, Record<string, string>>,
): { text: string; configMap: string; key: string } | undefined {
  for (const m of s.mounts) {
    const v = s.volumes.find((x) => x.name === m.name && x.configMap !== undefined);
    if (!v?.configMap) continue;
    const data = configMaps.get(v.configMap);
    if (!data) continue;
    let inVolume: string | undefined;
    if (m.subPath !== undefined) inVolume = file === m.mountPath ? m.subPath : undefined;
    else if (file.startsWith(`${m.mountPath.replace(/\/$/, '')}/`))
      inVolume = file.slice(m.mountPath.replace(/\/$/, '').length + 1);
    if (inVolume === undefined) continue;
    const key = v.configMapItems ? v.configMapItems[inVolume] : inVolume;
    if (key !== undefined && data[key] !== undefined)
      return { text: data[key] as string, configMap: v.configMap, key };
  }
  return undefined;
}

/** ConfigArgumentMerger's `_convert_config_to_args`, names written with dashes. */
export function configToArgs(cfg: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(cfg)) {
    const flag = `--${k.replace(/_/g, '-')}`;
    if (typeof v === 'boolean') {
      if (v) out.push(flag);
    } else if (Array.isArray(v)) {
      if (v.length) out.push(flag, ...v.map((x) => str(x) ?? JSON.stringify(x)));
    } else if (v !== null && typeof v === 'object') out.push(flag, JSON.stringify(v));
    else if (v !== null && v !== undefined) out.push(flag, String(v));
  }
  return out;
}

const SGLANG_ENTRY = /\bdynamo\.sglang\b|\bsglang\.launch_server\b/;
const quote = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'"'"'`)}'`);

/**
 * An SGLang worker's argv with its `--config` file read in, when the input holds the file;
 * otherwise the argv as written. The file's flags go right after the entry point, before the
 * command line's own, and `--config`/`--config-key` are dropped.
 */
export function withSglangConfig(
  s: RawService,
  configMaps: ReadonlyMap<string, Record<string, string>>,
): { argv: string[]; from?: string } {
  if (engineOf(s) !== 'sglang') return { argv: s.argv };
  const file = flagValue(s.argv, '--config');
  if (!file) return { argv: s.argv };
  const found = mountedFile(s, file, configMaps);
  if (!found) return { argv: s.argv };
  let cfg: Record<string, unknown> | undefined;
  try {
    cfg = obj(parseYaml(found.text));
  } catch {
    return { argv: s.argv };
  }
  const section = flagValue(s.argv, '--config-key');
  if (section) cfg = obj(cfg?.[section]);
  if (!cfg) return { argv: s.argv };
  const extra = configToArgs(cfg);
  const drop = /\s*--config(?:-key)?(?:=|\s+)(?:"[^"]*"|'[^']*'|\S+)/g;
  const argv: string[] = [];
  let placed = false;
  for (let i = 0; i < s.argv.length; i++) {
    const w = s.argv[i] as string;
    if (/^--config(?:-key)?$/.test(w)) {
      i++;
      continue;
    }
    if (/^--config(?:-key)?=/.test(w)) continue;
    const m = placed ? null : SGLANG_ENTRY.exec(w);
    if (!m) {
      argv.push(w.includes(' ') ? w.replace(drop, '') : w);
      continue;
    }
    placed = true;
    if (w === m[0] || w.trim() === m[0]) argv.push(w, ...extra);
    else {
      const at = m.index + m[0].length;
      const rest = w.slice(at).replace(drop, '');
      argv.push(`${w.slice(0, at)} ${extra.map(quote).join(' ')}${rest}`);
    }
  }
  const where = `--config ${file}${section ? ` --config-key ${section}` : ''} (ConfigMap ${found.configMap}, key ${found.key})`;
  return placed ? { argv, from: where } : { argv: s.argv };
}
