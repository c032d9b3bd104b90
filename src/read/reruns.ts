import type { ToolId } from '../classify/index.js';
import type { PasteSection } from './paste.js';

/**
 * Tools whose output is a state (ports, devices, modules, limits, topology): run again, the later output is the state
 * now, and the earlier one is what it was before (a thread's "before the fix / after"). Measurements (perftest,
 * nccl-tests, ucx_perftest, nixlbench, gdrcopy) are each evidence of the fabric, and a later kernel log holds the
 * earlier one's lines: both are read whole.
 */
const STATE_TOOLS: ReadonlySet<ToolId> = new Set<ToolId>([
  'ibstat',
  'ibstatus',
  'ibv_devinfo',
  'rdma-link',
  'show_gids',
  'lsmod',
  'dev-infiniband',
  'memlock',
  'ucx_info',
  'fi_info',
  'topo',
  'topo-p2p',
  'nvlink',
]);

/** A command that moves the session to another host, container or user: what runs after it runs elsewhere. */
const MOVES =
  /^(?:sudo\s+)?(?:ssh|mosh|telnet|kubectl|oc|docker|podman|nerdctl|crictl|srun|salloc|su|exit|logout)\b/;

/** Why a superseded run is not read. */
export const RERUN = 'the same command runs again later in the paste, and its later output is the state now';

/** A bare prompt before a typed command (`$ `, `# `, `> `). */
const PROMPT = /^\s*[$#>]\s+/;

const same = (a: string) => a.trim().replace(/\s+/g, ' ');

/**
 * The runs of a state tool to read: of the same command typed twice or more in one place, with nothing between
 * that moves the session elsewhere, only the last (issue 38, P1: the paste shows the state before and after; the
 * later is the state now). The earlier runs are returned as superseded, to be named as such.
 */
export function latestRuns(
  tool: ToolId,
  own: readonly PasteSection[],
  all: readonly PasteSection[],
): { kept: PasteSection[]; superseded: PasteSection[] } {
  if (!STATE_TOOLS.has(tool)) return { kept: [...own], superseded: [] };
  const superseded = own.filter((s, k) =>
    own.slice(k + 1).some((later) => {
      if (!s.command || !later.command || same(s.command) !== same(later.command) || s.where !== later.where)
        return false;
      if (later.output.length === 0) return false;
      const between = all.filter((x) => x.from > s.to && x.to < later.from);
      // A `$ ssh host` a bare prompt does not mark as a command stays among the earlier run's output lines.
      const typed = [...s.output.map((l) => l.replace(PROMPT, '')), ...between.map((x) => x.command ?? '')];
      return !typed.some((c) => MOVES.test(c.trim()));
    }),
  );
  return { kept: own.filter((s) => !superseded.includes(s)), superseded };
}
