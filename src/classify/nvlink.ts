import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import { GPU_NOT_SHOWN, type NvlinkGpu, type NvlinkResult } from '../parsers/nvidia-smi-nvlink.js';
import type { TopoResult } from '../parsers/nvidia-smi-topo.js';
import { type NvlinkProduct, nvlinkProduct } from './nvlink-products.js';

/**
 * `nvidia-smi nvlink --status`, judged per GPU against what its product has
 * (nvlink-products.ts): on SXM/HGX boards every link should be up (an inactive one
 * is a fault, NVIDIA health-validation `nvlink_active`, threshold 0); on PCIe cards
 * links come up only through bridges, so a card without a bridge, or the links no
 * bridge carries (H100 NVL: 12 of 18), are inactive by design. A product the table
 * does not know gets no guessed count: the reading says so.
 */
export function classifyNvlinkStatus(r: NvlinkResult): Check[] {
  const anyActive = r.gpus.some((g) => g.links.some((l) => l.active));
  const checks = r.gpus.map((g) => judgeGpu(g, g.headless ? undefined : nvlinkProduct(g.name), anyActive));
  // A paste that starts inside a GPU's block (its header line above the cut): the links shown are judged, but
  // that GPU's name and any GPU listed before it are not shown (issue 38, P1/P2; as ibv_devinfo's cutAbove).
  if (r.gpus.some((g) => g.headless))
    checks.push(
      check(
        'nvlink.gpus',
        'skipped',
        "the paste starts inside a GPU's link lines (its `GPU n: <name> (UUID: …)` line not pasted): that GPU's name and any GPUs listed before it are not shown, not judged",
        {
          subject: GPU_NOT_SHOWN,
          fix: 'paste the whole `nvidia-smi nvlink` output, from its first `GPU n:` line',
        },
      ),
    );
  // A paste that stops inside its last line (`GP`, a GPU header cut) shows only the GPUs before it.
  if (r.cut)
    checks.push(
      check(
        'nvlink.gpus',
        'skipped',
        `the paste ends inside line ${r.cut.line} ("${r.cut.text.slice(0, 40)}") after ${plural(r.gpus.length, 'GPU')}: the GPUs after it are not shown, so not checked`,
        { fix: 'paste the whole `nvidia-smi nvlink --status` output' },
      ),
    );
  return checks;
}

const NOT_IN_TABLE = 'is not in the NVLink product table, so its link count is not known';
const HEALTH_FIX =
  'degraded NVLink: reset the GPU or drain the node and have the NVLink/NVSwitch hardware checked';
const BRIDGE_FIX =
  'by design on a card without an NVLink bridge: it reaches other GPUs over PCIe only, so keep GPUs that exchange KV on bridged pairs, or fit a bridge';

function judgeGpu(g: NvlinkGpu, p: NvlinkProduct | undefined, anyActive: boolean): Check {
  const subject = g.headless ? GPU_NOT_SHOWN : `GPU${g.index}`;
  const active = g.links.filter((l) => l.active);
  const inactive = g.links.filter((l) => !l.active);
  const gbps = round(active.reduce((s, l) => s + (l.gbps ?? 0), 0));
  const data = { product: p?.product ?? null, links: p?.links ?? null, active: active.length };
  const named = p ? `${g.name} (${p.product}, ${plural(p.links, 'link')})` : g.name;
  const say = (status: Check['status'], detail: string, fix?: string, matters = true) =>
    check('nvlink.links', status, detail, {
      subject,
      data,
      ...(fix ? { fix } : {}),
      ...(matters ? {} : { matters: false }),
    });
  const notState = notLinkState(g, say);
  if (notState) return notState;
  if (g.elidedAt !== undefined && inactive.length === 0) {
    return say(
      'skipped',
      `${g.name}: ${active.length} link(s) shown up before the paste's elision (line ${g.elidedAt}); the rest not shown, so the link count is not judged`,
      'paste the whole `nvidia-smi nvlink --status` output',
    );
  }
  if (g.headless && (g.links.length > 0 || g.allInactive))
    return judgeHeadless(g, say, inactive.length, active.length, gbps);
  if (p?.wiring === 'none') {
    return active.length > 0
      ? say(
          'warn',
          `${g.name}: ${active.length} link(s) up on a product listed without NVLink`,
          'check the GPU model (nvidia-smi -q) and report the product table entry',
        )
      : say(
          'skipped',
          `${g.name}: the ${p.product} has no NVLink, so there is nothing to check`,
          undefined,
          false,
        );
  }
  if (active.length === 0) {
    const none =
      g.links.length === 0 && !g.allInactive
        ? 'no NVLink reported'
        : g.links.length
          ? `all ${g.links.length} links inactive`
          : 'all links inactive (the driver lists none)';
    if (p?.wiring === 'bridge')
      return say('warn', `${named}: ${none}: no NVLink bridge on this GPU`, BRIDGE_FIX);
    if (p?.wiring === 'switch')
      return say(
        'fail',
        `${named}: ${none}; every link of this board should be up`,
        "check this GPU's NVLink/NVSwitch connection (fabric manager, nvidia-smi -q), then reset or drain the node",
      );
    return anyActive
      ? say(
          'warn',
          `${g.name}: ${none} while other GPUs have links up; ${g.name} ${NOT_IN_TABLE}`,
          'check whether this product has NVLink and a bridge (nvidia-smi -q, the product sheet)',
        )
      : say(
          'warn',
          `${g.name}: ${none} (no NVLink in use); ${g.name} ${NOT_IN_TABLE}`,
          'expected without an NVLink bridge/NVSwitch; otherwise check the bridge and the fabric manager',
        );
  }
  // `--status` lists every link of a GPU, up or `<inactive>`: a block the paste ends inside, all of whose links
  // are up, stops short because the paste does, not because links are missing (issue 38, P2).
  const full = p ? (p.wiring === 'bridge' ? (p.bridged as number) : p.links) : undefined;
  if (g.endsInLinks && inactive.length === 0 && full !== undefined && active.length < full) {
    return say(
      'skipped',
      `${named}: the paste ends after ${plural(active.length, 'link')} of this GPU, all up; its other links are not shown, so the link count is not judged`,
      'paste the whole `nvidia-smi nvlink --status` output',
    );
  }
  const up = `${active.length} of ${g.links.length} links up, ${gbps} GB/s per direction`;
  if (!p) {
    return inactive.length === 0
      ? say('ok', `${g.name}: ${up}; ${g.name} ${NOT_IN_TABLE}, so the count is not checked`)
      : say(
          'warn',
          `${g.name}: link${inactive.length > 1 ? 's' : ''} ${inactive.map((l) => l.link).join(', ')} inactive, ${up}; ${g.name} ${NOT_IN_TABLE}, so whether they are inactive by design cannot be said`,
          'look up how many links this product has (product sheet; nvidia-smi nvlink -c) before calling the inactive ones a fault',
        );
  }
  const expected = p.wiring === 'bridge' ? (p.bridged as number) : p.links;
  if (active.length === expected) {
    return say(
      'ok',
      inactive.length === 0
        ? `${named}: ${up}`
        : `${named}: ${up}; its bridges carry ${expected}, so the other ${inactive.length} are inactive by design`,
    );
  }
  if (p.wiring === 'bridge' && active.length < expected) {
    const missing = p.perBridge ? Math.round((expected - active.length) / p.perBridge) : undefined;
    return say(
      'fail',
      `${named}: ${up}, but a full set of bridges carries ${expected}${missing ? `: about ${plural(missing, 'bridge')} of ${p.perBridge} links missing or loose` : ''}`,
      'reseat or replace the NVLink bridge(s) between this card and its peer (nvidia-smi nvlink -e shows link errors)',
    );
  }
  if (active.length > expected)
    return say(
      'warn',
      `${named}: ${up}, more than the ${expected} this product table expects`,
      'check the GPU model (nvidia-smi -q) and report the product table entry',
    );
  return say(
    'fail',
    `${named}: ${inactive.length ? `link${inactive.length > 1 ? 's' : ''} ${inactive.map((l) => l.link).join(', ')} inactive, ` : ''}${up}; ${expected} should be up`,
    HEALTH_FIX,
  );
}

/**
 * `topo -m` and `nvlink --status` of the same node, side by side: a GPU's active
 * links should equal the NV# of its peers added up (direct links and bridges: each
 * NV# is that many links to that peer) or, behind NVSwitches, the NV# every peer
 * shows (each pair is reported with the GPU's whole link set). Anything else is a
 * finding: one of the two outputs is stale, or a link trained down in between.
 */
export function crossNvlinkTopo(topo: TopoResult, nv: NvlinkResult): Check[] {
  if (topo.view === 'pcie-only') return [];
  const seen: string[] = [];
  const off: string[] = [];
  for (const g of nv.gpus) {
    if (g.headless) continue;
    const id = `GPU${g.index}`;
    const row = topo.matrix[id];
    if (!row) continue;
    const peers = Object.entries(row)
      .filter(([k, v]) => k !== id && /^GPU\d+$/.test(k) && /^NV\d+$/.test(v))
      .map(([, v]) => Number(v.slice(2)));
    const sum = peers.reduce((s, n) => s + n, 0);
    const max = Math.max(0, ...peers);
    const active = g.links.filter((l) => l.active).length;
    seen.push(id);
    if (active === sum || (max > 0 && active === max)) continue;
    off.push(
      `${id}: topo shows ${peers.length ? `NV# to ${plural(peers.length, 'peer')} (${sum} links, NV${max} at most)` : 'no NVLink to any GPU'} but nvlink --status has ${active} active`,
    );
  }
  if (seen.length === 0) return [];
  if (off.length === 0)
    return [
      check(
        'nvlink.cross',
        'ok',
        `topo -m and nvlink --status agree on ${plural(seen.length, 'GPU')} (${seen.join(', ')})`,
      ),
    ];
  return [
    check(
      'nvlink.cross',
      'warn',
      `topo -m and nvlink --status disagree: ${off.slice(0, 4).join('; ')}${off.length > 4 ? '; …' : ''}`,
      {
        fix: 'run both again on the same node at the same time; if they still disagree a link trained down or a bridge is loose (nvidia-smi nvlink -e)',
        data: { mismatched: off.length, gpus: seen.length },
      },
    ),
  ];
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

type Say = (status: Check['status'], detail: string, fix?: string) => Check;

/** A GPU block of `nvidia-smi nvlink -e`: its links' error counters, never their state. */
function judgeCounters(g: NvlinkGpu, say: Say): Check {
  const counters = g.errorCounters ?? [];
  const links = new Set(counters.map((c) => c.link)).size;
  const raised = counters.filter((c) => c.value > 0);
  if (raised.length)
    return say(
      'warn',
      `${g.name}: ${raised.map((c) => `link ${c.link} ${c.counter.toLowerCase()} ${c.value}`).join(', ')} (\`nvidia-smi nvlink -e\`, counted since the driver loaded): a link that replays or recovers loses bandwidth; link state not shown`,
      'reset the counters (nvidia-smi nvlink -re), run the transfer again and check whether they rise; paste `nvidia-smi nvlink --status` for link state',
    );
  return say(
    'skipped',
    `${g.name}: error counters of ${plural(links, 'link')} (\`nvidia-smi nvlink -e\`) all 0; they say how many errors a link logged, not whether it is up: link state not shown`,
    'paste `nvidia-smi nvlink --status`',
  );
}

/**
 * The `--status` links of a GPU whose header line is above the paste: its product is not known, so the link count
 * is not checked, but a link the driver lists as `<inactive>` is still down (issue 38, P1).
 */
function judgeHeadless(g: NvlinkGpu, say: Say, inactive: number, active: number, gbps: number): Check {
  const down = g.links.filter((l) => !l.active).map((l) => l.link);
  const up = g.allInactive
    ? 'all links inactive (the driver lists none)'
    : `${active} of the ${plural(g.links.length, 'link')} shown up, ${gbps} GB/s per direction`;
  const unknown = g.allInactive
    ? 'its name is not shown'
    : 'its name is not shown, so the link count is not checked';
  if (inactive === 0 && !g.allInactive)
    return say(
      'ok',
      `${g.name}: ${plural(active, 'link')} shown, all up, ${gbps} GB/s per direction; ${unknown}`,
    );
  return say(
    'fail',
    down.length
      ? `${g.name}: link${down.length > 1 ? 's' : ''} ${down.join(', ')} inactive, ${up}; ${unknown}`
      : `${g.name}: ${up}; ${unknown}`,
    `${HEALTH_FIX}; on a PCIe card some links are inactive by design (no bridge fitted; an H100 NVL's bridges carry 12 of 18): paste the GPU's header line to tell`,
  );
}

/**
 * A GPU block whose lines are not `--status` link lines (`-c`, `-e`, `-gt`, `-info`, or a header the paste ends at):
 * what they say, never a link state; undefined for a block with link lines or the all-inactive note.
 */
function notLinkState(g: NvlinkGpu, say: Say): Check | undefined {
  // `nvidia-smi nvlink -c` says what each link can do, not whether it is up (issue 38, P2/P3).
  if (g.links.length === 0 && !g.allInactive && g.capabilities) {
    return say(
      'skipped',
      `${g.name}: ${plural(g.capabilities, 'capability line')} (\`nvidia-smi nvlink -c\`) say what its links support, not whether they are up: link state not shown`,
      'paste `nvidia-smi nvlink --status`',
    );
  }
  // `-e` gives each link's error counters since the driver loaded, not its state (issue 38, P2): zero counters
  // leave the state not shown; a counter above zero is a link that replayed or retrained, degraded (P5).
  if (g.links.length === 0 && !g.allInactive && g.errorCounters?.length) return judgeCounters(g, say);
  // `-gt d|r` counts the data that crossed each link, not whether it is up (issue 38, P1/P2).
  if (g.links.length === 0 && !g.allInactive && g.throughput) {
    return say(
      'skipped',
      `${g.name}: ${plural(g.throughput, 'throughput counter')} (\`nvidia-smi nvlink -gt\`) say how much data crossed its links, not whether they are up: link state not shown`,
      'paste `nvidia-smi nvlink --status`',
    );
  }
  // `-info` gives NVLink encryption and firmware, nothing of link state; a header the paste ends at has
  // no links shown at all (issue 38, P2).
  if (g.links.length === 0 && !g.allInactive && (g.info || g.endsAtHeader)) {
    return say(
      'skipped',
      g.info
        ? `${g.name}: ${plural(g.info, 'line')} of \`nvidia-smi nvlink -info\` (NVLE state, link firmware) say nothing of whether its links are up: link state not shown`
        : `${g.name}: the paste ends at this GPU's header, before its links: link state not shown`,
      'paste `nvidia-smi nvlink --status`',
    );
  }
  return undefined;
}
