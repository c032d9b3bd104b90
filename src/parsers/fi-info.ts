import { ParseError } from './errors.js';
import { cleanLines, isElision, promptCommand } from './lines.js';

/**
 * libfabric `fi_info` (util/info.c): per fi_info `provider: %s`, `    fabric: %s`,
 * `    domain: %s`, `    version: %d.%d`, `    type: %s` (FI_EP_RDM, FI_EP_DGRAM, FI_EP_MSG),
 * `    protocol: %s` (lines 283-290); `-l` prints `%s:` and `    version:` per provider (270-273);
 * no match prints `fi_getinfo: %d (%s)` to stderr (line 319), e.g. `fi_getinfo: -61 (No data
 * available)`; releases before the strerror was added print `fi_getinfo: %d` alone (util/info.c `run`,
 * `fprintf(stderr, "fi_getinfo: %d\n", ret)`), so `fi_getinfo: -61` on its own line is the whole answer.
 * `fi_info --version`: `fi_info: 1.18.0` / `libfabric: 1.18.0` / `libfabric api: 1.18`.
 * From 1.1 (2015, util/info.c moved into libfabric) to 2016 the short record began `%s: %s` (provider, fabric) at
 * the margin, then `    version:`, `    type:`, `    protocol:` (util/info.c:233-238 at 44f8e8545891); 14e98c92e
 * (2016-05-19, "info: Include domain name in short output") replaced it with `provider:` / `fabric:` / `domain:`.
 * fabtests' own `fi_info` (ofiwg/fabtests simple/info.c, 2015) reports the failure through its FI_PRINTERR macro:
 * `fi_getinfo(): %d, %d (%s)` with the source line, then the code (include/shared.h:108-109 at e942b8a), as in
 * `fi_getinfo(): 173, -19 (No such device)`; its later FT_PRINTERR prints `fi_getinfo(): %s:%d, ret=%d (%s)`
 * (include/shared.h:262-264 at 4ed2780). The code is the same fi_getinfo return. Before that macro, fabtests'
 * fi_info printed the C library's text alone, `printf("fi_getinfo %s\n", strerror(-ret))` (simple/info.c:158 at
 * d41482c, 2014), as in `fi_getinfo No such device`: the text names the errno, the same return.
 * `fi_info -v` prints each record through fi_tostr (util/info.c:302-304, src/fi_tostr.c `ofi_tostr_info`): `---`,
 * `fi_info:`, then indented attributes, the provider last (`fi_fabric_attr:` / `prov_name: %s`, after
 * `fi_domain_attr:` / `name: %s` and `fi_ep_attr:` / `type: %s`): a record cut before its `prov_name` shows no
 * provider.
 */
export interface FiInfoEntry {
  provider: string;
  fabric?: string;
  domain?: string;
  version?: string;
  type?: string;
  protocol?: string;
  /** The typed command the record follows in the paste (its prompt line), when there is one. */
  command?: string;
}

export interface FiInfoResult {
  entries: FiInfoEntry[];
  libfabric?: string;
  /** `fi_getinfo: -61 (No data available)`: no provider matched the query. */
  error?: { line: number; text: string; code: number };
  /** How many lines of fi_info output the paste holds (a `| head -n N` cut shows N). */
  lines: number;
  /**
   * A record's attribute line (`fabric:`, `domain:`, `type:` …) before the first `provider:` line: the paste starts
   * inside a record (util/info.c prints `provider:` first in each), so that record and any above it are not shown.
   */
  startsInside?: { line: number; text: string };
  /** An author's `...` / `[snip]` between records: what it stands for (other devices' records) is not shown. */
  elided?: { line: number; text: string };
  /** libfabric's own log lines (FI_LOG_LEVEL set): `libfabric:…:<prov>:<subsys>:<func>():<line><<level>> <msg>`. */
  log?: { line: number; provider: string; level: string; message: string }[];
}

/**
 * A libfabric log line, as every version's `fi_log` prints it: `libfabric:` then colon-separated fields that
 * end in the provider, the subsystem and `<func>():<line><<level>> ` before the message (ofiwg/libfabric
 * src/log.c `ofi_log`: `"%s:%d:%ld:%s:%s:%s:%s():%d<%s> %s"`, PACKAGE, pid, time, log prefix, provider,
 * subsystem, func, line, level, message; 1.0's `fi_log`: `"%s:%s:%s:%s():%d<%s> "` without pid and time).
 */
/** glibc's strerror text for the errno values fi_getinfo returns (negated), as the 2014 fabtests fi_info printed them. */
const ERRNO_TEXT: Record<string, number> = {
  'No such file or directory': -2,
  'Cannot allocate memory': -12,
  'No such device': -19,
  'Invalid argument': -22,
  'Function not implemented': -38,
  'No data available': -61,
  'Operation not supported': -95,
};

const LOG_LINE = /^libfabric:(?:.*:)?([^:\s]+):([^:\s]+):[\w.]+\(\):\d+<(\w+)>\s?(.*)$/;

export function parseFiInfo(text: string): FiInfoResult {
  const lines = cleanLines(text);
  const r: FiInfoResult = { entries: [], lines: 0 };
  let cur: FiInfoEntry | undefined;
  let first: { no: number; text: string } | undefined;
  let recognised = false;
  let command: string | undefined;
  let verbose: Verbose | undefined;
  // The 1.1-1.3 record heading, `verbs: IB-0x80fe` at the margin with its `    version:` line under it.
  const heads = new Map<number, RegExpExecArray>();
  lines.forEach((l, i) => {
    const head = /^([\w;-]+): (\S+)$/.exec(l.text.trimEnd());
    const next = lines[i + 1]?.text ?? '';
    if (head && !/^(?:libfabric|fi_info|fi_getinfo)$/.test(head[1] as string) && /^\s+version: \d/.test(next))
      heads.set(l.no, head);
  });
  for (const l of lines) {
    const t = l.text.trim();
    const typed = promptCommand(l.text);
    if (typed !== undefined) command = typed;
    if (t === '' || typed !== undefined) continue;
    if (isElision(t)) {
      r.elided ??= { line: l.no, text: t };
      continue;
    }
    first ??= { no: l.no, text: t };
    // Any program that calls fi_getinfo, fi_info among them, prints these to stderr once FI_LOG_LEVEL is set.
    const log = LOG_LINE.exec(t);
    if (log) {
      r.log ??= [];
      r.log.push({
        line: l.no,
        provider: log[1] as string,
        level: log[3] as string,
        message: (log[4] as string).trim(),
      });
      recognised = true;
      continue;
    }
    r.lines++;
    if (t === 'fi_info:') {
      verbose = { record: {} };
      recognised = true;
      continue;
    }
    // A `fi_info -v` record whose `fi_info:` heading was cut (principle 1: a section without its header): its
    // `caps: [ FI_… ]` line and `fi_<x>_attr:` sections are fi_info's own (fi_tostr's FI_TYPE_INFO form, which
    // `fi_info -v` prints).
    if (!verbose && (/^fi_\w+_attr:$/.test(t) || /^caps: \[ FI_\w+/.test(t))) {
      verbose = { record: {} };
      recognised = true;
    }
    if (verbose) {
      const entry = readVerbose(verbose, t, command);
      if (entry) r.entries.push(entry);
      continue;
    }
    const prov = /^provider: (\S+)$/.exec(t);
    const head = heads.get(l.no);
    if (head) {
      cur = { provider: head[1] as string, fabric: head[2] as string, ...(command ? { command } : {}) };
      r.entries.push(cur);
      recognised = true;
      continue;
    }
    if (prov) {
      cur = { provider: prov[1] as string, ...(command ? { command } : {}) };
      r.entries.push(cur);
      recognised = true;
      continue;
    }
    // A record's attributes are indented under its `provider:` line; a page that flattened the indentation (or
    // removed what every line shared) leaves them at the margin, still each once per record.
    const kv = /^(fabric|domain|version|type|protocol): (.+)$/.exec(t);
    if (kv && cur && (/^\s/.test(l.text) || cur[kv[1] as 'fabric'] === undefined)) {
      cur[kv[1] as 'fabric'] = (kv[2] as string).trim();
      continue;
    }
    // A record's attribute before any `provider:` line: the paste starts inside a record, cut above it.
    if (kv && !cur && r.entries.length === 0) {
      r.startsInside ??= { line: l.no, text: t };
      recognised = true;
      continue;
    }
    const lib = /^libfabric: (\S+)$/.exec(t);
    if (lib) {
      r.libfabric = lib[1] as string;
      recognised = true;
      continue;
    }
    // The code alone under a typed `fi_info` (the `fi_getinfo: ` prefix lost on the way to the paste): the only
    // line fi_info prints that is a bare negative number is that return code (util/info.c `run`).
    const err =
      /^fi_getinfo(?:\(\))?: (?:\S+:\d+, ret=|\d+, )?(-?\d+)(?: \(.+\))?$/.exec(t) ??
      (command && /\bfi_info\b/.test(command) && r.entries.length === 0 && !r.error
        ? /^(-\d+)$/.exec(t)
        : null);
    if (err) {
      r.error = { line: l.no, text: t, code: Number(err[1]) };
      recognised = true;
      continue;
    }
    const text = /^fi_getinfo ([A-Z][a-z ]+)$/.exec(t)?.[1];
    if (text && ERRNO_TEXT[text] !== undefined && !r.error) {
      r.error = { line: l.no, text: t, code: ERRNO_TEXT[text] };
      recognised = true;
      continue;
    }
    if (/^fi_info: \S+$/.test(t)) recognised = true;
  }
  if (!recognised) {
    if (!first) throw new ParseError('fi_info', 'the input is empty');
    throw new ParseError('fi_info', 'no `provider:` line, `fi_getinfo:` error or version line found', {
      line: first.no,
      text: first.text,
      fix: 'pass the output of `fi_info -p efa`',
    });
  }
  return r;
}

/** One `fi_info -v` record being read: the attribute block it is in, and what it said so far. */
interface Verbose {
  section?: string;
  record: Partial<FiInfoEntry>;
}

/** One line of a `fi_info -v` record; the entry once its `prov_name:` (printed last) is read. */
function readVerbose(v: Verbose, t: string, command: string | undefined): FiInfoEntry | undefined {
  const section = /^(fi_\w+_attr):/.exec(t)?.[1];
  if (section) {
    v.section = section;
    return undefined;
  }
  const kv = /^(\w+): (.+)$/.exec(t);
  if (!kv) return undefined;
  const [key, value] = [kv[1] as string, (kv[2] as string).trim()];
  if (v.section === 'fi_domain_attr' && key === 'name') v.record.domain = value;
  else if (v.section === 'fi_ep_attr' && key === 'type') v.record.type = value;
  else if (v.section === 'fi_ep_attr' && key === 'protocol') v.record.protocol = value;
  else if (v.section === 'fi_fabric_attr' && key === 'name') v.record.fabric = value;
  else if (v.section === 'fi_fabric_attr' && key === 'prov_name') {
    const entry: FiInfoEntry = { ...v.record, provider: value, ...(command ? { command } : {}) };
    v.record = {};
    v.section = undefined;
    return entry;
  }
  return undefined;
}
