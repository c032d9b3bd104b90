import { parse as parseYaml } from 'yaml';
import { withDottedJsonArgs } from './json-args.js';
import { obj, type RawService, str } from './raw.js';
import { shellScript, stripShellComments } from './shell.js';

/**
 * Which serving engine a worker runs and how that engine moves KV between
 * prefill and decode, read from the command line, the env and the engine
 * config (inline, or a mounted ConfigMap). Every default here is the engine's
 * own; references/env-rules.md cites the file and line behind each.
 */

export type ServingEngine = 'vllm' | 'sglang' | 'trtllm' | 'mocker';

/** The library that carries KV between prefill and decode. */
/** `UNKNOWN`: the engine's KV settings live in a file the manifest does not hold (TRT-LLM's engine config). */
export type KvTransport = 'NIXL' | 'UCX' | 'MOONCAKE' | 'MPI' | 'NCCL' | 'OTHER' | 'UNKNOWN';
/** NIXL's own backend plugin, when the transport is NIXL. */
export type NixlPlugin = 'UCX' | 'LIBFABRIC' | 'OTHER';

export interface KvPath {
  /** The KV transport, as the engine will pick it. */
  transport: KvTransport;
  /** For NIXL: the plugin (vLLM `kv_connector_extra_config.backends`, TRT-LLM `TRTLLM_NIXL_KVCACHE_BACKEND`, SGLang `SGLANG_DISAGGREGATION_NIXL_BACKEND`). */
  nixlPlugin?: NixlPlugin;
  /** True when the NIXL plugin is the engine's default (nothing names it). */
  pluginDefaulted?: boolean;
  /** vLLM `kv_buffer_device: cpu`: KV is staged through host memory on purpose. */
  hostStaged?: boolean;
  /** What decided it: a flag, a config key, an env variable, or the engine default. */
  from: string;
  /** True when nothing was written and the engine default applies. */
  defaulted: boolean;
}

const ENGINE_ARGV: [ServingEngine, RegExp][] = [
  ['vllm', /\bdynamo\.vllm\b|\bvllm\s+serve\b|\bvllm\.entrypoints\b/],
  // `dynamo.sglang.utils.*` are helper tools (clear_namespace before a frontend), not a worker.
  ['sglang', /\bdynamo\.sglang\b(?!\.utils\b)|\bsglang\.launch_server\b/],
  ['trtllm', /\bdynamo\.trtllm\b|\btrtllm-serve\b|\btrtllm-llmapi-launch\b/],
  ['mocker', /\bdynamo\.mocker\b/],
];
/**
 * Dynamo runtime images: nvcr.io/nvidia/ai-dynamo/{vllm,sglang,tensorrtllm}-runtime. llm-d's accelerator
 * images (ghcr.io/llm-d/llm-d-cuda, llm-d-xpu) are vLLM images whose ENTRYPOINT is vLLM's OpenAI server
 * (llm-d/llm-d docker/Dockerfile.cuda, docker/Dockerfile.xpu); llm-d's sidecars and simulator are not.
 */
const ENGINE_IMAGE: [ServingEngine, RegExp][] = [
  // An image named for the mocker (`dynamo-mocker-vllm`) runs Dynamo's simulated engine, whatever engine it names
  // after: it "does not request GPU resources" and moves no KV (references/env-rules.md, m35).
  ['mocker', /(^|[/_.-])mocker([/_.:@-]|$)/i],
  ['vllm', /vllm|(^|\/)llm-d-(cuda|xpu)(:|@|$)/i],
  ['sglang', /sglang/i],
  ['trtllm', /tensorrtllm|trtllm/i],
];

/** Dynamo processes that route or plan but serve no model: `other`, never a worker. */
export const NON_WORKER_ARGV = /\bdynamo\.(router|global_router|planner|global_planner|frontend)\b/;

/** The variables a service sets with a literal value, later layers winning (graph < service < container). */
export function literalEnvOf(s: Pick<RawService, 'layers'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of s.layers)
    for (const e of l.entries) {
      const o = obj(e);
      const name = str(o?.name);
      const value = str(o?.value);
      if (name && value !== undefined) out[name] = value;
    }
  return out;
}

/**
 * What a service's environment is known to hold: its literal variables (literalEnvOf), overlaid with every transport
 * variable whose value is visible (resolve.ts reads those from each source, envFrom ConfigMaps of the input too, the
 * one the container sees winning): a rule that reads `NCCL_IB_DISABLE` sees it wherever the manifest sets it.
 */
export function knownEnvOf(
  s: Pick<RawService, 'layers'>,
  vars: Readonly<Record<string, { visible: boolean; value?: string }>>,
): Record<string, string> {
  const env = literalEnvOf(s);
  for (const [k, v] of Object.entries(vars)) if (v.visible && v.value !== undefined) env[k] = v.value;
  return env;
}

/** Command lines joined with spaces, by array (one service's argv is read by a dozen rules). */
const joined = new WeakMap<readonly string[], { length: number; text: string }>();

/** `argv.join(' ')`, joined once per array (an argv is never changed once read: a new array replaces it). */
export function argvText(argv: readonly string[]): string {
  const known = joined.get(argv);
  if (known && known.length === argv.length) return known.text;
  // A shell script's comments are not part of the command it runs (shell.ts stripShellComments).
  const sh = shellScript(argv);
  // vLLM's --kv-transfer-config written key by key (`--kv-transfer-config.kv_connector NixlConnector`) reads as
  // the one JSON value it is (json-args.ts).
  const text = withDottedJsonArgs(
    sh ? argv.map((a, k) => (k === sh.index ? stripShellComments(a) : a)).join(' ') : argv.join(' '),
  );
  joined.set(argv, { length: argv.length, text });
  return text;
}

export function engineOf(s: {
  argv: readonly string[];
  image?: string | undefined;
}): ServingEngine | undefined {
  const text = argvText(s.argv);
  for (const [e, re] of ENGINE_ARGV) if (re.test(text)) return e;
  if (s.image && !NON_WORKER_ARGV.test(text))
    for (const [e, re] of ENGINE_IMAGE) if (re.test(s.image)) return e;
  return undefined;
}

/** The value of `--flag value` / `--flag=value` (quotes stripped), last one wins. */
const flagPatterns = new Map<string, RegExp>();

export function flagValue(argv: readonly string[], flag: string): string | undefined {
  const text = argvText(argv);
  let re = flagPatterns.get(flag);
  if (!re) {
    re = new RegExp(`${flag}(?:=|\\s+)`, 'g');
    flagPatterns.set(flag, re);
  }
  let v: string | undefined;
  for (const m of text.matchAll(re)) {
    const at = (m.index ?? 0) + m[0].length;
    v = valueAt(text, at);
  }
  return v;
}

/** The word at `at`: a quoted string, a balanced `{…}` (JSON written unquoted in an args list), or up to whitespace. */
function valueAt(text: string, at: number): string {
  const c = text[at];
  if (c === '"' || c === "'") {
    const end = text.indexOf(c, at + 1);
    return text.slice(at + 1, end < 0 ? text.length : end);
  }
  if (c === '{') {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) return text.slice(at, i + 1);
    }
    return text.slice(at);
  }
  return /^\S*/.exec(text.slice(at))?.[0] ?? '';
}

/**
 * vLLM's and SGLang's options that start more than one GPU process, or may (vllm/engine/arg_utils.py: `--tensor-parallel-size`
 * `-tp`, `--pipeline-parallel-size` `-pp`, `--data-parallel-size` `-dp`, `--data-parallel-size-local` `-dpl`,
 * `--prefill-context-parallel-size` `-pcp`, `--decode-context-parallel-size` `-dcp`, `--enable-expert-parallel`;
 * sglang/srt/server_args.py: `--tp-size`, `--pp-size`, `--dp-size`, `--ep-size`, `--nnodes`, and argparse's
 * prefixes `--tp`, `--dp`), and a config file that may set them (`--config`).
 */
const PARALLEL_OPTION =
  /(?:^|\s)(?:--tensor-parallel-size|-tp|--tp-size|--tp|--pipeline-parallel-size|-pp|--pp-size|--data-parallel-size(?:-local)?|-dpl?|--dp-size|--dp|--(?:prefill|decode)-context-parallel-size|-[pd]cp|--enable-expert-parallel|--expert-parallel-size|--ep-size|--ep|--nnodes|--config)(?:[=\s]|$)/;

/**
 * A vLLM or SGLang engine whose command line is shown and sets no parallelism runs one GPU process: every size
 * defaults to 1, so GPUs the pod requests beyond the first are idle, not peers sharing its /dev/shm.
 */
export function oneGpuProcess(s: Pick<RawService, 'argv' | 'image' | 'commandLength'>): boolean {
  // Args alone run the image's ENTRYPOINT: an engine image starts the engine with them.
  const engine = engineOf({ argv: s.argv, image: s.commandLength === 0 ? s.image : undefined });
  if (s.argv.length === 0) return false;
  // A shell variable the script expands (`$ARGS`, `${EXTRA}`) splits into any options; a Kubernetes `$(VAR)` left
  // unresolved is one word of the list (no splitting), the model path where it stands.
  const text = argvText(s.argv);
  return (
    (engine === 'vllm' || engine === 'sglang') && !PARALLEL_OPTION.test(text) && !/\$\{?[A-Za-z_]/.test(text)
  );
}

/** Tensor parallelism from the command line (`--tensor-parallel-size`, `--tp-size`, `--tp`), or an engine config. */
export function tensorParallelOf(
  s: Pick<RawService, 'argv'>,
  configs: readonly string[] = [],
): number | undefined {
  for (const f of ['--tensor-parallel-size', '--tp-size', '--tp']) {
    const v = Number(flagValue(s.argv, f));
    if (Number.isInteger(v) && v > 0) return v;
  }
  for (const c of configs) {
    const m = /\btensor_parallel_size\s*:\s*(\d+)/.exec(c);
    if (m) return Number(m[1]);
  }
  return undefined;
}

function envOf(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function plugin(v: string | undefined): NixlPlugin | undefined {
  if (!v) return undefined;
  const u = v.toUpperCase();
  return u === 'UCX' || u === 'LIBFABRIC' ? u : 'OTHER';
}

/** Texts configObject has read, and what each gave (every worker of a graph writes the same config). */
const configObjects = new Map<string, Record<string, unknown> | undefined>();

/** The object a YAML or JSON config text holds, else undefined; the same text is parsed once (read it, never change it). */
function configObject(text: string): Record<string, unknown> | undefined {
  if (configObjects.has(text)) return configObjects.get(text);
  let cfg: Record<string, unknown> | undefined;
  try {
    cfg = obj(parseYaml(text));
  } catch {
    cfg = undefined;
  }
  if (text.length <= 4096) {
    if (configObjects.size >= 1000) configObjects.clear();
    configObjects.set(text, cfg);
  }
  return cfg;
}

/**
 * vLLM `--kv-transfer-config '{…}'`: the connector, NIXL plugin list and kv_buffer_device. vLLM's
 * FlexibleArgumentParser turns underscores in a flag's name into dashes, so `--kv_transfer_config`
 * is the same flag (vllm/utils/argparse_utils.py `parse_args`, "Convert underscores to dashes").
 */
export const VLLM_KV_FLAG = '--kv[-_]transfer[-_]config';

function vllmKv(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): KvPath | undefined {
  let raw = flagValue(argv, VLLM_KV_FLAG);
  const ref = raw && /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(raw);
  if (ref) raw = envOf(env, ref[1] as string);
  if (!raw) return undefined;
  const cfg = configObject(raw);
  const text = raw;
  // MultiConnector nests its connectors under kv_connector_extra_config.connectors.
  const nested = obj(cfg?.kv_connector_extra_config)?.connectors;
  const connectors = cfg ? [cfg, ...(Array.isArray(nested) ? nested.map(obj) : [])] : [];
  const nixl = connectors.find((c) => str(c?.kv_connector) === 'NixlConnector');
  const hostStaged = /"?kv_buffer_device"?\s*:\s*"?cpu/.test(text);
  if (nixl || /NixlConnector/.test(text)) {
    const backends = obj(nixl?.kv_connector_extra_config)?.backends;
    const first = Array.isArray(backends)
      ? str(backends[0])
      : /LIBFABRIC/.test(text)
        ? 'LIBFABRIC'
        : undefined;
    return {
      transport: 'NIXL',
      nixlPlugin: plugin(first) ?? 'UCX',
      ...(first ? {} : { pluginDefaulted: true }),
      ...(hostStaged ? { hostStaged } : {}),
      from: '--kv-transfer-config',
      defaulted: false,
    };
  }
  const name = str(cfg?.kv_connector) ?? /kv_connector"?\s*:\s*"?(\w+)/.exec(text)?.[1] ?? '';
  const transport: KvTransport = /Mooncake/i.test(name)
    ? 'MOONCAKE'
    : /P2pNccl|Nccl/i.test(name)
      ? 'NCCL'
      : 'OTHER';
  return {
    transport,
    ...(hostStaged ? { hostStaged } : {}),
    from: `--kv-transfer-config (${name || '?'})`,
    defaulted: false,
  };
}

/** SGLang: `--disaggregation-transfer-backend` (default mooncake); NIXL's plugin from SGLANG_DISAGGREGATION_NIXL_BACKEND (default UCX). */
function sglangKv(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): KvPath {
  const v = flagValue(argv, '--disaggregation-transfer-backend');
  if (!v)
    return {
      transport: 'MOONCAKE',
      from: 'SGLang default (--disaggregation-transfer-backend mooncake)',
      defaulted: true,
    };
  const u = v.toUpperCase();
  if (u === 'NIXL') {
    const p = envOf(env, 'SGLANG_DISAGGREGATION_NIXL_BACKEND');
    return {
      transport: 'NIXL',
      nixlPlugin: plugin(p) ?? 'UCX',
      ...(p ? {} : { pluginDefaulted: true }),
      from: `--disaggregation-transfer-backend nixl${p ? ` + SGLANG_DISAGGREGATION_NIXL_BACKEND=${p}` : ''}`,
      defaulted: false,
    };
  }
  return {
    transport: u === 'MOONCAKE' ? 'MOONCAKE' : 'OTHER',
    from: `--disaggregation-transfer-backend ${v}`,
    defaulted: false,
  };
}

const TRT_BACKEND = /cache_transceiver_config\s*:?\s*\{?[\s\S]{0,400}?\bbackend["']?\s*:\s*["']?([A-Za-z]+)/;

/**
 * TRT-LLM: `cache_transceiver_config.backend` (DEFAULT, NIXL, UCX, MPI, MOONCAKE) in the engine
 * config; DEFAULT is NIXL unless a TRTLLM_USE_*_KVCACHE variable picks another; NIXL's plugin from
 * TRTLLM_NIXL_KVCACHE_BACKEND (default UCX). `DYN_KVBM_*` is KVBM's offload, not this path.
 */
function trtllmKv(
  configs: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  hidden?: string,
): KvPath {
  let backend: string | undefined;
  for (const c of configs) {
    const m = TRT_BACKEND.exec(c);
    if (m) {
      backend = (m[1] as string).toUpperCase();
      break;
    }
  }
  const nixlPlugin = plugin(envOf(env, 'TRTLLM_NIXL_KVCACHE_BACKEND'));
  const nixl = (from: string, defaulted: boolean): KvPath => ({
    transport: 'NIXL',
    nixlPlugin: nixlPlugin ?? 'UCX',
    ...(nixlPlugin ? {} : { pluginDefaulted: true }),
    from: `${from}${nixlPlugin ? ` + TRTLLM_NIXL_KVCACHE_BACKEND=${envOf(env, 'TRTLLM_NIXL_KVCACHE_BACKEND')}` : ''}`,
    defaulted,
  });
  if (backend && backend !== 'DEFAULT') {
    if (backend === 'NIXL') return nixl('cache_transceiver_config.backend: NIXL', false);
    const t: KvTransport =
      backend === 'UCX' ? 'UCX' : backend === 'MPI' ? 'MPI' : backend === 'MOONCAKE' ? 'MOONCAKE' : 'OTHER';
    return { transport: t, from: `cache_transceiver_config.backend: ${backend}`, defaulted: false };
  }
  // TRT-LLM reads these only for DEFAULT, in this order, and only the value "1"
  // (tensorrt_llm/_torch/pyexecutor/kv_cache_transceiver.py, create_kv_cache_transceiver).
  const on = (n: string) => envOf(env, n) === '1';
  const where = backend ? 'cache_transceiver_config.backend: DEFAULT' : 'TRT-LLM default';
  if (on('TRTLLM_USE_NIXL_KVCACHE')) return nixl(`${where} + TRTLLM_USE_NIXL_KVCACHE=1`, false);
  const selectors: [string, KvTransport][] = [
    ['TRTLLM_USE_UCX_KVCACHE', 'UCX'],
    ['TRTLLM_USE_MOONCAKE_KVCACHE', 'MOONCAKE'],
    ['TRTLLM_USE_MPI_KVCACHE', 'MPI'],
  ];
  for (const [name, transport] of selectors)
    if (on(name)) return { transport, from: `${where} + ${name}=1`, defaulted: false };
  // The engine config is named but not in the input: its cache_transceiver_config is not known.
  if (hidden && !backend)
    return {
      transport: 'UNKNOWN',
      from: `unknown: the engine config is not in the manifest (${hidden})`,
      defaulted: false,
    };
  return nixl(`${where} (NIXL)`, true);
}

/**
 * The KV path of one worker. `env` is the worker's effective variables (visible values only);
 * `configs` the engine-config texts it can read (mounted ConfigMap data, inline heredocs).
 * Undefined for an engine that moves no KV between workers (mocker) or an unknown one.
 */
export function kvPathOf(
  engine: ServingEngine | undefined,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  configs: readonly string[],
): KvPath | undefined {
  switch (engine) {
    case 'vllm':
      return vllmKv(argv, env);
    case 'sglang':
      return sglangKv(argv, env);
    case 'trtllm': {
      const file = flagValue(argv, '--(?:extra[-_]engine[-_]args|config)');
      const hidden = file && configs.length === 0 ? `--extra-engine-args ${file}` : undefined;
      return trtllmKv([argvText(argv), ...configs], env, hidden);
    }
    default:
      return undefined;
  }
}

/** One line: `NIXL/UCX`, `NIXL/LIBFABRIC (host-staged)`, `MOONCAKE`. */
export function describeKv(k: KvPath): string {
  return `${k.transport}${k.nixlPlugin ? `/${k.nixlPlugin}` : ''}${k.hostStaged ? ' (host-staged: kv_buffer_device cpu)' : ''}`;
}
