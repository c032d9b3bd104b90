import { classifyVerbsOpen, type ToolId } from '../classify/index.js';
import { type Check, check } from '../core/model.js';
import { PEER_MEMORY_MODULES } from '../parsers/lsmod.js';
import { verbsOpenFailures } from '../parsers/verbs-messages.js';
import type { ModinfoFinding } from './paste.js';

/** What the rest of a paste says that one tool's output leaves open (readPasted, tools.ts). */

/**
 * A Grace platform named anywhere in the paste (`NVIDIA GH200 480GB`, `NVIDIA GB200`, `GB300`): the GPUs hang off
 * a Grace CPU over NVLink-C2C (references/read-shapes.md).
 */
export function graceNamed(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => /\b(?:GH200|GB200|GB300)\b/.test(l));
  return i < 0
    ? undefined
    : `${/\b(GH200|GB200|GB300)\b/.exec(lines[i] as string)?.[1]} named at line ${i + 1}`;
}

const PEERMEM = PEER_MEMORY_MODULES;

/** `modinfo` in the same paste: a peer-memory module lsmod does not list is installed but not loaded, or not installed either. */
export function amendWithModinfo(checks: Check[], found: readonly ModinfoFinding[]): void {
  const i = checks.findIndex((c) => c.id === 'gdr.peermem');
  const c = checks[i];
  if (!c || c.status === 'ok') return;
  const installed = found.find((f) => PEERMEM.has(f.module) && f.filename);
  if (installed) {
    checks[i] = check(
      'gdr.peermem',
      'warn',
      `${installed.module} is installed (modinfo, line ${installed.line}: ${installed.filename}) but not loaded: GPUDirect RDMA has no peer-memory module until it is`,
      {
        fix: `load it (\`modprobe ${installed.module}\`) and make it load at boot (/etc/modules-load.d, or GPU Operator driver.rdma.enabled=true for nvidia_peermem)`,
        data: { module: installed.module, installed: installed.filename, loaded: false },
      },
    );
    return;
  }
  const missing = found.filter((f) => PEERMEM.has(f.module) && !f.filename).map((f) => f.module);
  if (missing.length && c.status !== 'skipped')
    checks[i] = { ...c, detail: `${c.detail}; modinfo: ${missing.join(' and ')} not installed either` };
}

/**
 * The readers whose question is whether this node's RDMA devices can carry traffic: a verbs library that cannot
 * open a device, shown anywhere in the paste (another command's lines, `ibv_devinfo`, `ib_write_bw`), answers it
 * (principle 4). ibv_devinfo and perftest read those lines in their own output.
 */
const VERBS_OPEN: ReadonlySet<ToolId> = new Set([
  'rdma-link',
  'ibstat',
  'ibstatus',
  'show_gids',
  'dev-infiniband',
]);

/** `rdma.verbs` for a port reader when the paste shows the verbs library refusing a device; else nothing. */
export function verbsOpenChecks(tool: ToolId, text: string): Check[] {
  return VERBS_OPEN.has(tool) ? classifyVerbsOpen(verbsOpenFailures(text)) : [];
}
