import { ParseError } from './errors.js';
import { dataLines, type Line, type NotUnderstood, promptCommand, yamlBlockLines } from './lines.js';

/**
 * `lsmod`, whole or filtered through grep, or /proc/modules: columns module, size, use count,
 * used-by list. A loaded module also shows in the used-by list of the modules
 * it uses, so `lsmod | grep gdrdrv` printing "nvidia … nvidia_uvm,gdrdrv,nvidia_modeset"
 * already proves nvidia_peermem is not loaded (node-probes.md §10, openucx/ucx#9908).
 */
export interface LsmodModule {
  name: string;
  size: number;
  useCount: number;
  usedBy: string[];
}

export type ModuleState = 'loaded' | 'absent' | 'unknown';

export interface LsmodResult {
  modules: LsmodModule[];
  /** The "Module Size Used by" header was there: the listing is complete. */
  complete: boolean;
  /** Patterns of `lsmod | grep <pattern>` commands echoed in the paste. */
  grepped: string[];
  /** GPUDirect RDMA peer-memory module: nvidia_peermem (R470+ driver), the legacy nv_peer_mem, or AWS EFA's efa_nv_peermem. */
  peermem: { state: ModuleState; module?: PeermemModule };
  /** GDRCopy's kernel module. */
  gdrdrv: ModuleState;
  /** A report's own lines around its module list, or lines under a typed lsmod that are no row: read around. */
  notUnderstood?: NotUnderstood[];
  /** Names that begin lines not read as rows: such a module may be there, so it is never "absent". */
  unread?: string[];
}

const TOOL = 'lsmod';
const ROW = /^([A-Za-z0-9_]+)\s+(\d+)\s+(-?\d+)(?:\s+(\S+))?\s*$/;
/** A line of module names and commas alone, at least one comma: a used-by list on a line of its own. */
const USED_BY_ONLY = /^[A-Za-z0-9_]+(?:,[A-Za-z0-9_]+)+,?$/;
const PROC_ROW =
  /^([A-Za-z0-9_]+)\s+(\d+)\s+(-?\d+)\s+(\S+)\s+(?:Live|Loading|Unloading)\s+0x[0-9a-f]+(?:\s+\([A-Z+-]+\))?$/;

/**
 * A peer-memory module GPUDirect RDMA loads: the driver's nvidia-peermem, Mellanox's legacy nv_peer_mem, and AWS's
 * efa_nv_peermem, which gives the EFA driver GPU memory through the same nvidia_p2p calls
 * (amzn/amzn-drivers kernel/linux/efa_nv_peermem; references/read-evidence.md).
 */
export type PeermemModule = 'nvidia_peermem' | 'nv_peer_mem' | 'efa_nv_peermem';
/** Every peer-memory module, for the readers that name them (lsmod here, dmesg in classify/dmesg-peermem.ts). */
export const PEERMEM_MODULES: readonly PeermemModule[] = ['nvidia_peermem', 'nv_peer_mem', 'efa_nv_peermem'];
/** Modules that register as users of `nvidia` when loaded (their absence from its used-by list is evidence). */
const NVIDIA_USERS = new Set<string>([...PEERMEM_MODULES, 'gdrdrv']);
/** The peer-memory modules GPUDirect RDMA loads (the driver's nvidia-peermem, Mellanox's nv_peer_mem); they also register as users of `ib_core`. */
export const PEER_MEMORY_MODULES: ReadonlySet<string> = new Set(['nvidia_peermem', 'nv_peer_mem']);
const IB_CORE_USERS = PEER_MEMORY_MODULES;

/**
 * `hints.grepped`: the patterns the caller grepped for (`lsmod | grep -e a -e b`), so
 * empty output means "none of them loaded". Without hints, empty input is an error.
 */
export function parseLsmod(text: string, hints: { grepped?: string[] } = {}): LsmodResult {
  const all = dataLines(text);
  const report = embedded(all) ? undefined : inReport(all);
  const lines = embedded(all) ?? report?.lines ?? all;
  const modules: LsmodModule[] = [];
  const grepped: string[] = [...(hints.grepped ?? [])];
  let complete = false;
  // Under a typed lsmod command the paste is lsmod's: a line that is no row (a row a page broke one field per
  // line, a prompt broken in two) is read around and named, never a reason to refuse the rest (principle 1).
  const typed = lines.some((l) => /\blsmod\b/.test(promptCommand(l.text) ?? ''));
  const skipped: NotUnderstood[] = [];
  let wrapFor: LsmodModule | undefined;
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '') continue;
    const cmd = promptCommand(line.text);
    if (cmd !== undefined) {
      const patterns = grepPatterns(cmd);
      if (patterns) grepped.push(...patterns);
      else if (/^\s*lsmod\s*$/.test(cmd)) complete = true;
      continue;
    }
    if (/^Module\s+Size\s+Used by$/.test(t)) {
      complete = true;
      continue;
    }
    // /proc/modules (what lsmod reads): "name size refcount users, state address [taints]",
    // users comma-terminated or "-"; it is always the complete list (kernel/module/procfs.c).
    const proc = PROC_ROW.exec(t);
    if (proc) {
      complete = true;
      const usedBy =
        proc[4] === '-' ? [] : (proc[4] as string).split(',').filter((x) => x && x !== '[permanent]');
      modules.push({ name: proc[1] as string, size: Number(proc[2]), useCount: Number(proc[3]), usedBy });
      continue;
    }
    // A trailing `# comment` the poster added after a row (`ionic  200704  0    # ← wrong one`, issue 38 principle 1):
    // no module name or used-by list holds a `#` or a space, so what follows ` #` is not lsmod's.
    const m = ROW.exec(t) ?? ROW.exec(t.replace(/\s+#.*$/, ''));
    // A used-by list a mail or page wrapped onto the next line (`sunrpc  454656  22` then `rpcrdma,nfsv4,…`): the
    // row before it had a use count and no list, and this line is only module names and commas (principle 1).
    const prev = modules.at(-1);
    if (!m && prev && wrapFor === prev && USED_BY_ONLY.test(t)) {
      prev.usedBy.push(...t.split(',').filter((x) => x && x !== '[permanent]'));
      wrapFor = undefined;
      continue;
    }
    wrapFor = undefined;
    if (!m && typed) {
      skipped.push({ line: line.no, text: t, why: 'not an lsmod row (module, size, use count, used by)' });
      continue;
    }
    if (!m) {
      throw new ParseError(TOOL, 'not an lsmod line (module, size, use count, used by)', {
        line: line.no,
        text: line.text,
        fix: 'pass the output of `lsmod` (or `lsmod | grep <module>`)',
      });
    }
    const usedBy = m[4] && m[4] !== '-' ? m[4].split(',').filter((x) => x && x !== '[permanent]') : [];
    const row = { name: m[1] as string, size: Number(m[2]), useCount: Number(m[3]), usedBy };
    modules.push(row);
    if (m[4] === undefined && row.useCount > 0) wrapFor = row;
  }
  if (modules.length === 0 && grepped.length === 0 && !complete) {
    const first = lines.find((l) => l.text.trim() !== '');
    throw new ParseError(
      TOOL,
      first ? 'no lsmod line and no `lsmod | grep …` command found' : 'the input is empty',
      {
        ...(first ? { line: first.no, text: first.text } : {}),
        fix: 'pass the output of `lsmod` (or `lsmod | grep <module>`)',
      },
    );
  }
  const unread = [
    ...new Set(skipped.map((l) => /^[A-Za-z0-9_]+/.exec(l.text)?.[0]).filter((n) => n !== undefined)),
  ];
  const result = { modules, complete, grepped, ...(skipped.length ? { unread } : {}) };
  const peer = stateOf(result, 'nvidia_peermem');
  const legacy = stateOf(result, 'nv_peer_mem');
  // EFA's module serves only EFA devices: loaded, it answers for GPUDirect there; not shown, it leaves the question
  // as the other two do.
  const efa = stateOf(result, 'efa_nv_peermem');
  const peermem: LsmodResult['peermem'] =
    peer === 'loaded'
      ? { state: 'loaded', module: 'nvidia_peermem' }
      : legacy === 'loaded'
        ? { state: 'loaded', module: 'nv_peer_mem' }
        : efa === 'loaded'
          ? { state: 'loaded', module: 'efa_nv_peermem' }
          : { state: peer === 'absent' && legacy === 'absent' ? 'absent' : 'unknown' };
  return {
    ...result,
    peermem,
    gdrdrv: stateOf(result, 'gdrdrv'),
    ...(report || skipped.length ? { notUnderstood: [...(report?.around ?? []), ...skipped] } : {}),
  };
}

/**
 * The patterns of `lsmod | grep …` (also egrep, `-e A -e B`, `'a\|b'`), or undefined for no grep after lsmod.
 */
function grepPatterns(cmd: string): string[] | undefined {
  const g = /\blsmod\s*\|\s*e?grep\s+(.*)$/.exec(cmd);
  if (!g) return undefined;
  const words = (g[1] as string).split('|')[0]?.trim().split(/\s+/) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w === '-e' && words[i + 1] !== undefined) out.push(words[++i] as string);
    else if (!w.startsWith('-') && out.length === 0) {
      out.push(w);
      break;
    }
  }
  const clean = out.map((p) => p.replace(/^["']|["']$/g, ''));
  return clean.flatMap((p) => p.split(/\\?\|/)).filter((p) => /^[\w]+$/.test(p));
}

const own = (t: string) => ROW.test(t) || PROC_ROW.test(t) || /^Module\s+Size\s+Used by$/.test(t);

/**
 * lsmod's rows inside a report that prints other things around them (a diagnostic script: `✓ InfiniBand kernel
 * modules loaded:`, then the rows, then its next step; issue 38, principle 1): when the input's rows form one
 * unbroken run of at least three and every line around it is not lsmod's, the run is the output and the report's
 * lines are read around (without a header the list may be filtered, so it stays incomplete).
 */
function inReport(all: readonly Line[]): { lines: Line[]; around: NotUnderstood[] } | undefined {
  const filled = all.filter((l) => l.text.trim() !== '' && promptCommand(l.text) === undefined);
  const at = filled.flatMap((l, i) => (own(l.text.trim()) ? [i] : []));
  const first = at[0];
  const last = at.at(-1);
  if (first === undefined || last === undefined || at.length < 3 || at.length === filled.length)
    return undefined;
  if (last - first + 1 !== at.length) return undefined;
  const run = new Set(filled.slice(first, last + 1).map((l) => l.no));
  return {
    lines: all.map((l) => (run.has(l.no) ? l : { ...l, text: '' })),
    around: filled
      .filter((l) => !run.has(l.no))
      .map((l) => ({ line: l.no, text: l.text.trim(), why: 'the report around the module list' })),
  };
}

/**
 * lsmod's lines inside a report's YAML block scalar (gpud: `raw: |-` under `lsmod_peermem:`), when the input holds
 * such a block and every line of it is lsmod's: those lines alone are the output, the report's keys are not.
 */
function embedded(all: readonly Line[]): Line[] | undefined {
  const block = yamlBlockLines(all);
  const filled = block.filter((l) => l.text.trim() !== '');
  if (filled.length === 0) return undefined;
  return filled.every((l) => own(l.text.trim())) ? block : undefined;
}

/** How a module's state was decided: its own row, a complete listing, an empty grep for it, or another module's used-by list. */
export type StateBasis = 'row' | 'listing' | 'grep' | 'users';

/** Whether a module is loaded, shown absent, or not decidable from this (possibly filtered) output. */
export function stateOf(
  r: Pick<LsmodResult, 'modules' | 'complete' | 'grepped' | 'unread'>,
  name: string,
): ModuleState {
  return stateWhy(r, name).state;
}

/** stateOf with the evidence it rests on. */
export function stateWhy(
  r: Pick<LsmodResult, 'modules' | 'complete' | 'grepped' | 'unread'>,
  name: string,
): { state: ModuleState; by?: StateBasis } {
  if (r.modules.some((m) => m.name === name)) return { state: 'loaded', by: 'row' };
  if (r.modules.some((m) => m.usedBy.includes(name))) return { state: 'loaded', by: 'users' };
  if (r.unread?.includes(name)) return { state: 'unknown' };
  // A used-by list is printed whole even through grep: a module that uses nvidia or ib_core would be in it.
  const nvidia = r.modules.find((m) => m.name === 'nvidia');
  if (NVIDIA_USERS.has(name) && nvidia && nvidia.usedBy.length > 0) return { state: 'absent', by: 'users' };
  const ibCore = r.modules.find((m) => m.name === 'ib_core');
  if (IB_CORE_USERS.has(name) && ibCore && ibCore.usedBy.length > 0) return { state: 'absent', by: 'users' };
  if (r.complete) return { state: 'absent', by: 'listing' };
  // A grep whose pattern the name would match printed nothing for it.
  if (r.grepped.some((p) => name.includes(p))) return { state: 'absent', by: 'grep' };
  return { state: 'unknown' };
}
