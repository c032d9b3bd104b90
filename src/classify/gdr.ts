import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { GdrcopyResult } from '../parsers/gdrcopy.js';
import { type LsmodResult, type ModuleState, type PeermemModule, stateWhy } from '../parsers/lsmod.js';
import { rdmaModules } from '../parsers/rdma-modules.js';
import { companionMissing } from './lsmod-companion.js';
import { hiddenBy, type Shown } from './shown.js';

const DMABUF_NOTE = 'DMA-BUF (open GPU kernel modules, CUDA ≥ 11.7, kernel ≥ 5.12) can replace it';

/**
 * GPUDirect RDMA kernel support from lsmod (node-probes.md §8, §10). A missing
 * peer-memory module is a warning while DMA-BUF may serve instead; pass
 * `dmabuf: false` when DMA-BUF is known to be unavailable, and it fails.
 */
export function classifyLsmod(r: LsmodResult, opts: { dmabuf?: boolean; shown?: Shown } = {}): Check[] {
  const checks: Check[] = [];
  const p = peermemShown(r, opts.shown);
  const gdrdrv = moduleShown(r, 'gdrdrv', opts.shown);
  if (p.state === 'loaded') {
    checks.push(
      check(
        'gdr.peermem',
        'ok',
        p.module === 'nv_peer_mem'
          ? 'legacy nv_peer_mem loaded (pre-R470 Mellanox module): GPUDirect RDMA kernel support present'
          : p.module === 'efa_nv_peermem'
            ? "efa_nv_peermem loaded (AWS EFA's peer-memory module): GPUDirect RDMA over EFA present"
            : 'nvidia_peermem loaded: GPUDirect RDMA kernel support present',
        { data: { module: p.module } },
      ),
    );
  } else if (p.state === 'absent') {
    checks.push(
      opts.dmabuf === false
        ? check(
            'gdr.peermem',
            'fail',
            'neither nvidia_peermem nor nv_peer_mem is loaded and DMA-BUF is not available: no GPUDirect RDMA',
            {
              fix: 'load nvidia-peermem (GPU Operator driver.rdma.enabled=true, or `modprobe nvidia-peermem`)',
            },
          )
        : check('gdr.peermem', 'warn', `neither nvidia_peermem nor nv_peer_mem is loaded; ${DMABUF_NOTE}`, {
            fix: 'load nvidia-peermem (GPU Operator driver.rdma.enabled=true) unless this node uses DMA-BUF; confirm with `ucx_info -d` (cuda in the IB memory types)',
          }),
    );
  } else {
    checks.push(
      check(
        'gdr.peermem',
        'skipped',
        p.why
          ? `${p.why} (peer-memory module${p.why.includes(' or ') ? 's' : ''}): not shown, so not checked`
          : 'this lsmod output does not show whether nvidia_peermem is loaded',
        {
          fix: 'run `lsmod` unfiltered, or `lsmod | grep -e peer -e nvidia`',
        },
      ),
    );
  }
  const soft = softwareRdmaOnly(r);
  // A whole module list that shows modules but no ib_core: no RDMA device driver of any kind is loaded (every
  // one, hardware or software, registers with ib_core), so KV can only move over TCP: worse than software RDMA
  // only (principle 5). A list with no module at all (WSL, drivers built in) shows nothing either way.
  const core = moduleShown(r, 'ib_core', opts.shown);
  if (!soft && r.modules.length > 0 && core.state === 'absent' && stateWhy(r, 'ib_core').by === 'listing')
    checks.push(
      check(
        'rdma.hardware',
        'fail',
        'no RDMA stack: the whole module list has no ib_core, so no RDMA device driver (hardware or software) is loaded',
        {
          fix: 'disaggregated KV transfer needs RDMA hardware (ConnectX InfiniBand/RoCE or AWS EFA) and its driver (mlx5_ib, efa, …) loaded on this node',
        },
      ),
    );
  const ulpsOnly = soft ? undefined : ulpUsersOnly(r);
  if (ulpsOnly)
    checks.push(
      check(
        'rdma.hardware',
        'fail',
        `no RDMA device driver: ib_core is loaded, but its ${plural(ulpsOnly.length, 'user')} (${ulpsOnly.join(', ')}) ${ulpsOnly.length === 1 ? 'is an RDMA core or upper-layer module' : 'are all RDMA core and upper-layer modules'}, none a hardware or software device driver`,
        {
          fix: 'disaggregated KV transfer needs RDMA hardware (ConnectX InfiniBand/RoCE or AWS EFA) and its driver (mlx5_ib, efa, …) loaded on this node; an upper-layer protocol such as ib_iser loads ib_core without any device',
        },
      ),
    );
  if (soft)
    checks.push(
      check(
        'rdma.hardware',
        'fail',
        `no RDMA hardware: ib_core's only device driver is ${soft} (software RDMA)`,
        {
          fix: 'disaggregated KV transfer needs RDMA hardware (ConnectX InfiniBand/RoCE or AWS EFA) and its driver on this node',
        },
      ),
    );
  const companion =
    soft || checks.some((c) => c.id === 'rdma.hardware') ? undefined : companionMissing(r, opts.shown);
  if (companion) checks.push(companion);
  if (gdrdrv.state === 'loaded')
    checks.push(check('gdr.gdrdrv', 'ok', 'gdrdrv loaded: GDRCopy kernel support present'));
  else if (gdrdrv.state === 'absent') {
    checks.push(
      check(
        'gdr.gdrdrv',
        'skipped',
        'gdrdrv not loaded: GDRCopy (UCX gdr_copy) unavailable; optional for NIXL',
        {
          matters: false,
        },
      ),
    );
  }
  return checks;
}

/** Software RDMA device drivers (drivers/infiniband/sw): Soft-RoCE and Soft-iWARP. */
const SOFTWARE_RDMA = rdmaModules('software');
/**
 * ib_core's users that are not device drivers: the RDMA core's own modules and the upper-layer protocols, the
 * peer-memory clients and rdmavt (rdma-modules.ts). Any other user may be a device driver this list does not know.
 */
const IB_CORE_ULPS = rdmaModules('core', 'user');

/**
 * ib_core's used-by list names every module that registered with it, printed whole even through grep (as the
 * peer-memory rule reads it): when its only device driver is rxe or siw, the node's RDMA is software only, which
 * the corpus counts a problem as read does for rxe/siw ports (principle 3). An unknown user keeps it open.
 */
function softwareRdmaOnly(r: LsmodResult): string | undefined {
  const users = r.modules.find((m) => m.name === 'ib_core')?.usedBy ?? [];
  const soft = users.filter((u) => SOFTWARE_RDMA.has(u));
  if (soft.length === 0 || users.some((u) => !SOFTWARE_RDMA.has(u) && !IB_CORE_ULPS.has(u))) return undefined;
  return soft.join(' and ');
}

/**
 * ib_core loaded with every holder named (its use count equals the names listed, as lsmod prints them even through
 * grep) and every one of them the RDMA core or an upper-layer protocol: no device driver, hardware or software,
 * registered with it (a device driver is always a module when ib_core is one), so the node has no RDMA device and
 * KV can only move over TCP, as with no ib_core at all (principle 5). ib_iser, rpcrdma or nvme_rdma pull ib_core in
 * on hosts without any RDMA NIC. rdmavt is left open: qib and hfi1 register their devices through it.
 */
function ulpUsersOnly(r: LsmodResult): string[] | undefined {
  const core = r.modules.find((m) => m.name === 'ib_core');
  if (!core || core.usedBy.length === 0 || core.useCount !== core.usedBy.length) return undefined;
  if (core.usedBy.some((u) => u === 'rdmavt' || !IB_CORE_ULPS.has(u))) return undefined;
  return core.usedBy;
}

/** A module's state with the filter applied: an absence read from a listing or grep the filter hides is unknown. */
function moduleShown(r: LsmodResult, name: string, shown?: Shown): { state: ModuleState; why?: string } {
  const { state, by } = stateWhy(r, name);
  if (state === 'unknown') {
    const why = hiddenBy(shown, [`${name}               16384  0`]);
    return why ? { state, why } : { state };
  }
  if (state !== 'absent' || by === 'users') return { state };
  const why = hiddenBy(shown, [`${name}               16384  0`]);
  return why ? { state: 'unknown', why } : { state };
}

function peermemShown(
  r: LsmodResult,
  shown?: Shown,
): { state: ModuleState; module?: PeermemModule; why?: string } {
  if (!shown) return r.peermem;
  const peer = moduleShown(r, 'nvidia_peermem', shown);
  const legacy = moduleShown(r, 'nv_peer_mem', shown);
  if (peer.state === 'loaded') return { state: 'loaded', module: 'nvidia_peermem' };
  if (legacy.state === 'loaded') return { state: 'loaded', module: 'nv_peer_mem' };
  if (moduleShown(r, 'efa_nv_peermem', shown).state === 'loaded')
    return { state: 'loaded', module: 'efa_nv_peermem' };
  if (peer.state === 'absent' && legacy.state === 'absent') return { state: 'absent' };
  const why = peer.why ?? legacy.why;
  const hidden = [
    ...(peer.state === 'unknown' ? ['nvidia_peermem'] : []),
    ...(legacy.state === 'unknown' ? ['nv_peer_mem'] : []),
  ];
  return { state: 'unknown', ...(why ? { why: `${why} ${hidden.join(' or ')}` } : {}) };
}

const GDR_PIN_FIX =
  'GDRCopy could not open gdrdrv or pin GPU memory: check that gdrdrv is loaded and matches the driver (Grace-Hopper/GB200 need GDRCopy ≥ 2.4, the first with coherent-platform support) and that /dev/gdrdrv is passed into the container; rerun with GDRCOPY_ENABLE_LOGGING=1';

/**
 * Lines gdrcopy_sanity prints on a passing run as on a failing one: its fork and negative tests make a
 * child use CUDA after fork (`CUDA_SUCCESS == result` fails there), talk to it over a pipe or a unix
 * socket (`read(read_fd, …)`, `sendfd(…)`), and map a buffer that must not map (`ERR: … while mapping
 * handle`, "Mapping d_A failed as expected"). The maintainers call them the noise of a run that ended with
 * 0 errors (NVIDIA/gdrcopy#137); the same lines come with 8 failed tests when the GPU is in an EXCLUSIVE
 * compute mode (NVIDIA/gdrcopy#276). Alone they decide nothing: the summary does. A pin, open or map
 * assertion (`gdr_pin_buffer`, `g == NULL`, `gdr_open error`) is never among them.
 */
const SANITY_NOISE: readonly RegExp[] = [
  /^Assertion "CUDA_SUCCESS == result" failed at sanity\.cpp:\d+/,
  /^Assertion "\(read\(read_fd, &\w+, sizeof\(int\)\)\) == \(sizeof\(int\)\)" failed at sanity\.cpp:\d+/,
  /^Assertion "\(?(?:sendfd|recvfd)\(/,
  /^ERR:\s+error .*\(\d+\) while mapping handle\b/,
  // What the forked child's CUDA call returns (after fork; with the GPU held by the parent in EXCLUSIVE mode).
  /^CUDA error: CUDA_ERROR_(?:INVALID_DEVICE|DEVICE_UNAVAILABLE)$/,
];
const isNoise = (text: string) => SANITY_NOISE.some((re) => re.test(text));

/** gdrcopy_copybw: a buffer pinned, BAR-mapped and copied both ways, ending in "closing gdrdrv", means GDRCopy works. */
export function classifyGdrcopy(r: GdrcopyResult, opts: { shown?: Shown } = {}): Check[] {
  const cut =
    r.errors.length === 0 && !r.closed && r.mapped !== false
      ? hiddenBy(opts.shown, ['closing gdrdrv'])
      : undefined;
  if (cut) {
    return [
      check(
        'gdr.gdrcopy',
        'skipped',
        `${cut} the end of the test ("closing gdrdrv"): not shown, so not checked`,
        {
          fix: 'paste the whole gdrcopy_copybw output',
        },
      ),
    ];
  }
  const sane = r.sanity;
  // The sanity summary decides when the capture measured no bandwidth (sanity alone, or with copylat/pplat).
  const asserted = r.errors.filter((e) => /^(?:Assertion|Check) "/.test(e.text) && !isNoise(e.text));
  if (!sane && r.writeGBps === undefined && r.errors.length > 0 && r.errors.every((e) => isNoise(e.text))) {
    return [
      check(
        'gdr.gdrcopy',
        'skipped',
        `gdrcopy_sanity: the ${plural(r.errors.length, 'failure line')} shown (first at line ${r.errors[0]?.line}: ${r.errors[0]?.text}) are those its fork and negative tests print on a passing run as on a failing one, and no pin, open or map failure is among them; the summary (Total/Passed/Failed) that decides is not shown, so not judged`,
        { fix: 'paste the whole gdrcopy_sanity output, to its "Total: …, Failed: …" line' },
      ),
    ];
  }
  const failedList = r.listed?.find((l) => l.kind === 'failed' && l.names.length > 0);
  if (!sane && r.writeGBps === undefined && failedList) {
    // sanity lists its failed tests only after its summary: the list is the summary's verdict (P4), its count not shown.
    const n = failedList.names.length;
    return [
      check(
        'gdr.gdrcopy',
        'fail',
        `gdrcopy_sanity: ${plural(n, 'test')} listed as failed (line ${failedList.line}: ${failedList.names.slice(0, 3).join(', ')}${n > 3 ? ', …' : ''}); the summary line is not shown`,
        { fix: GDR_PIN_FIX },
      ),
    ];
  }
  if (!sane && r.writeGBps === undefined && r.listed && r.errors.length === 0) {
    const names = r.listed.map(
      (l) => `${plural(l.names.length, 'test')} listed as ${l.kind} (line ${l.line})`,
    );
    return [
      check(
        'gdr.gdrcopy',
        'skipped',
        `gdrcopy_sanity: ${names.join(', ')}, but the summary (Total/Passed/Failed) that counts every test is not shown, so not judged`,
        { fix: 'paste the whole gdrcopy_sanity output, to its "Total: …, Failed: …" line' },
      ),
    ];
  }
  if (sane && r.writeGBps === undefined && sane.failed === 0 && asserted.length > 0) {
    // libcheck's forked tests can count a test passed whose assertion failed (NVIDIA/gdrcopy#126):
    // the assertion lines are the evidence.
    return [
      check(
        'gdr.gdrcopy',
        'fail',
        `gdrcopy_sanity: the summary (line ${sane.line}) counts no failure, but ${asserted.length} assertion(s) failed, first at line ${asserted[0]?.line}: ${asserted[0]?.text}`,
        { fix: GDR_PIN_FIX },
      ),
    ];
  }
  if (sane && r.writeGBps === undefined) {
    return [
      sane.failed > 0 || sane.passed === 0
        ? check(
            'gdr.gdrcopy',
            'fail',
            `gdrcopy_sanity: ${sane.failed} of ${sane.total} tests failed (${sane.passed} passed)`,
            {
              fix: 'load gdrdrv (GDRCopy insmod.sh / gdrcopy-dkms) and pass /dev/gdrdrv into the container; rerun gdrcopy_sanity -v',
            },
          )
        : check(
            'gdr.gdrcopy',
            'ok',
            `gdrcopy_sanity: ${sane.passed} of ${sane.total} tests passed${sane.waived ? `, ${sane.waived} waived` : ''}, none failed: GDRCopy works`,
          ),
    ];
  }
  if (r.errors.length === 0 && !r.closed && r.mapped !== false && r.copylat?.length) {
    // A copylat sweep with no error that stops before "closing gdrdrv": the paste is cut there (principle 2);
    // the rest of the run is not shown, never "did not finish".
    const last = r.copylat[r.copylat.length - 1];
    return [
      check(
        'gdr.gdrcopy',
        'skipped',
        `copylat's ${plural(r.copylat.length, 'row')} show no error, but the paste stops at line ${last?.line} before the end of the run ("closing gdrdrv"): the rest is not shown, so not checked`,
        { fix: 'paste the whole gdrcopy_copylat output' },
      ),
    ];
  }
  if (r.errors.length === 0 && !r.closed && r.mapped !== false) {
    // Any other gdrcopy test (copybw, copylat before its rows, validate) that stops with no error line
    // before "closing gdrdrv": the paste ends there (principle 2). An abort prints its ASSERT or gdr_open
    // line (GDRCOPY_FAILURE); with none shown, what came after is not shown, never "did not finish".
    return [
      check(
        'gdr.gdrcopy',
        'skipped',
        `gdrcopy: ${r.writeGBps !== undefined ? `write ${r.writeGBps} GB/s, then ` : ''}the paste stops before the end of the test ("closing gdrdrv") with no error line: the rest of the run is not shown, so not checked`,
        { fix: 'paste the whole gdrcopy_copybw / gdrcopy_copylat output, to "closing gdrdrv"' },
      ),
    ];
  }
  if (r.errors.length > 0 || !r.closed || r.mapped === false) {
    const why =
      r.errors[0]?.text ?? (r.mapped === false ? 'the GPU buffer was not mapped' : 'the test did not finish');
    // A run that aborts (an ASSERT exits) or repeats gdr_open errors never prints its summary:
    // that missing summary is the failure, not a reason to read nothing.
    const aborted = r.errors.length > 0 && !r.closed && !sane;
    const more = r.errors.length > 1 ? ` (and ${r.errors.length - 1} more error line(s))` : '';
    const open = r.errors.some((e) => /gdr_open|opening driver/.test(e.text));
    return [
      check(
        'gdr.gdrcopy',
        'fail',
        aborted
          ? `gdrcopy failed before its summary line: line ${r.errors[0]?.line}: ${why}${more}`
          : `gdrcopy_copybw failed: ${why}`,
        {
          fix: open
            ? 'load gdrdrv (GDRCopy insmod.sh / gdrcopy-dkms) and pass /dev/gdrdrv into the container'
            : GDR_PIN_FIX,
        },
      ),
    ];
  }
  const bw =
    r.writeGBps !== undefined
      ? `; write ${r.writeGBps} GB/s, read ${r.readGBps ?? '?'} GB/s${r.readGBps !== undefined && r.readGBps < r.writeGBps / 4 ? ' (BAR reads are slow by design)' : ''}`
      : '';
  return [
    check(
      'gdr.gdrcopy',
      'ok',
      `GDRCopy works: GPU buffer pinned and mapped${r.wcMapping ? ' (write-combined)' : ''}${bw}`,
    ),
  ];
}
