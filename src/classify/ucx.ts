import { type Check, check } from '../core/model.js';
import {
  CUDA_TRANSPORTS,
  ibDomains,
  NOT_SHOWN,
  RDMA_TRANSPORTS,
  type UcxInfoResult,
  type UcxMemoryDomain,
} from '../parsers/ucx-info.js';
import { cutShown, hiddenBy, type Shown } from './shown.js';
import { openFailed } from './ucx-log-failed.js';

/** Lines `ucx_info -d` prints for the transports whose absence is concluded (UCX ≥ 1.9 and older layouts). */
const RDMA_LINES = [
  '#      Transport: rc_mlx5',
  '#      Transport: rc_verbs',
  '#      Transport: dc_mlx5',
  '#      Transport: ud_verbs',
  '#   Transport: rc',
];
const CUDA_LINES = ['#      Transport: cuda_copy', '#      Transport: cuda_ipc'];
const MEMTYPE_LINES = ['#     memory types: host (access,reg,cache), cuda (reg)'];

/**
 * `ucx_info -d` / `-v` (node-probes.md §11): RDMA transports, CUDA transports, and
 * whether an IB memory domain can register GPU memory (GPUDirect RDMA).
 */
export function classifyUcxInfo(r: UcxInfoResult, opts: { shown?: Shown } = {}): Check[] {
  const checks: Check[] = [];
  const shown = opts.shown;
  if (r.logOnly) return logOnly();
  if (r.fieldsOnly) return fieldsOnly();
  if (r.domains.length === 0 && r.openFailures?.length) return openFailed(r.openFailures);
  if (r.domains.length === 0) return fromVersion(r);
  const all = r.domains.flatMap((d) => d.transports.map((t) => ({ ...t, domain: d.name })));
  // The paste's cut inside a transport name, else a filter the command shows, else the paste's own cut.
  const view = r.cutTransport !== undefined ? excerptOf(r) : (shown ?? excerptOf(r));
  // A transport whose interface does not open (`< failed to open interface >`) is listed but unusable.
  const rdma = all.filter((t) => RDMA_TRANSPORTS.has(t.name) && !t.failed);
  const unopened = all.filter((t) => RDMA_TRANSPORTS.has(t.name) && t.failed);
  const cuda = all.filter((t) => CUDA_TRANSPORTS.has(t.name));
  const ib = ibDomains(r);
  const dead = ib.filter((d) => d.noDevices).map((d) => d.name);
  if (rdma.length > 0) {
    const names = [...new Set(rdma.map((t) => t.name))].join(', ');
    const shownDevs = [...new Set(rdma.map((t) => t.device))].filter((d) => d !== NOT_SHOWN);
    const devs = shownDevs.length ? `on ${shownDevs.join(', ')}` : '(their devices are not shown)';
    checks.push(
      check(
        'ucx.rdma',
        'ok',
        `RDMA transports ${names} ${devs}${dead.length ? `; ${dead.join(', ')} has no usable port` : ''}`,
        {
          data: {
            transports: [...new Set(rdma.map((t) => t.name))],
            devices: shownDevs,
          },
        },
      ),
    );
  } else if (unopened.length > 0) {
    checks.push(unopenedCheck(unopened));
  } else if (hiddenBy(view, RDMA_LINES)) {
    checks.push(
      check(
        'ucx.rdma',
        'skipped',
        `${hiddenBy(view, RDMA_LINES)} RDMA transport lines (rc/dc/ud): not shown, so not checked`,
        {
          fix: 'run `ucx_info -d` unfiltered (or `ucx_info -d | grep -e Transport -e Device`)',
        },
      ),
    );
  } else {
    const others = r.transports.join(', ') || 'none';
    checks.push(
      check(
        'ucx.rdma',
        'fail',
        `no RDMA transport (only ${others}): UCX and NIXL fall back to TCP${dead.length ? `; ${dead.join(', ')} present but with no usable port` : ''}`,
        {
          fix: dead.length
            ? 'bring the HCA port up (ibstat) and mount /dev/infiniband into the pod'
            : 'use a UCX built with verbs (rdma-core) and mount /dev/infiniband into the pod',
        },
      ),
    );
  }
  if (cuda.length > 0) {
    checks.push(
      check('ucx.cuda', 'ok', `CUDA transports ${[...new Set(cuda.map((t) => t.name))].join(', ')}`),
    );
  } else if (hiddenBy(view, CUDA_LINES)) {
    checks.push(
      check(
        'ucx.cuda',
        'skipped',
        `${hiddenBy(view, CUDA_LINES)} CUDA transport lines (cuda_copy, cuda_ipc): not shown, so not checked`,
        {
          fix: 'run `ucx_info -d` unfiltered (or `ucx_info -d | grep -e Transport -e Device`)',
        },
      ),
    );
  } else {
    checks.push(
      check(
        'ucx.cuda',
        'fail',
        'no CUDA transport (cuda_copy/cuda_ipc): UCX cannot move GPU memory, so VRAM transfers fail',
        {
          fix: 'use a UCX built --with-cuda (the Dynamo/NIXL images have one) and make libcuda visible in the container',
        },
      ),
    );
  }
  checks.push(...gdrChecks(rdma, cuda, ib, shown, r.via));
  if (r.version) checks.push(check('ucx.version', 'ok', `UCX ${r.version}`, { matters: false }));
  return checks;
}

/**
 * The only RDMA transports the paste shows fail to open on their device: ucx_info prints "< failed to open
 * interface >" after the Device line when uct_iface_open fails (src/tools/info/tl_info.c, print_iface_info), and
 * UCX's own ERROR line (`ibv_create_srq() failed`, `ibv_create_cq() failed`) says why. A fault shown (principle 4).
 */
function unopenedCheck(unopened: readonly { name: string; device: string }[]): Check {
  const list = unopened.map((t) => (t.device === NOT_SHOWN ? t.name : `${t.name} on ${t.device}`));
  return check(
    'ucx.rdma',
    'fail',
    `RDMA transport ${[...new Set(list)].join(', ')} is listed but fails to open ("< failed to open interface >"): UCX cannot use RDMA there, so transfers fall back to TCP or fail`,
    {
      fix: 'read the UCX ERROR line above the mark (the verbs call the device refused); use the transport the device supports (EFA: UCX ≥ 1.18 with --with-efa, or libfabric) or a UCX built for this device',
    },
  );
}

/**
 * Why a `ucx_info -d` with no filter command in sight is still only a part of one: every whole
 * output lists the `self` memory domain and transport (src/uct/sm/self/self.c is built into
 * libuct in every UCX version: Makefile.am `sm/self/self.c`, v1.8.0 line 62, v1.20.0 line 72),
 * so a paste without it was cut (an excerpt, `ucx_info -d -t <tl>`, a grep whose command was not
 * pasted). What it lacks is not shown, never missing. Undefined for a whole output.
 */
export function excerptOf(r: UcxInfoResult): Shown | undefined {
  if (r.domains.length === 0) return undefined;
  if (r.cutTransport !== undefined)
    return cutShown(
      `it ends inside the transport name \`${r.cutTransport}\`, so the list goes on past the cut`,
    );
  if (r.cutField !== undefined)
    return cutShown(
      `it ends inside the \`${r.cutField}\` field, cut mid-line, so what came after is not shown`,
    );
  if (r.elided) return cutShown('lines were left out with `[...]`');
  if (r.endsInside !== undefined)
    return cutShown(`it ends inside the \`${r.endsInside}\` memory domain, before its transports`);
  const self = r.domains.some(
    (d) => d.name === 'self' || d.component === 'self' || d.transports.some((t) => t.name === 'self'),
  );
  return self ? undefined : cutShown('it has no `self` memory domain, which every whole `ucx_info -d` lists');
}

/** GPUDirect RDMA from the HCA memory domains' memory types, when there are RDMA and CUDA transports. */
function gdrChecks(
  rdma: readonly { domain: string }[],
  cuda: readonly unknown[],
  ib: readonly UcxMemoryDomain[],
  shown: Shown | undefined,
  via: string | undefined,
): Check[] {
  const out: Check[] = [];
  const live = ib.filter((d) => !d.noDevices && d.transports.length > 0);
  if (rdma.length > 0 && cuda.length > 0 && live.length === 0 && rdma.every((t) => t.domain === NOT_SHOWN)) {
    // `ucx_info -d | grep Transport`: the HCAs' memory domains, and so their memory types, were not kept.
    out.push(
      check(
        'gdr.ucx',
        'skipped',
        "the HCAs' memory domains and their memory types lines are not shown: GPUDirect RDMA not checked",
        { fix: "run `ucx_info -d` unfiltered and look for cuda in the HCA memory domain's memory types" },
      ),
    );
  }
  if (rdma.length > 0 && cuda.length > 0 && live.length > 0) {
    const typed = live.filter((d) => d.memoryTypes !== undefined);
    const hidden = hiddenBy(shown, MEMTYPE_LINES);
    if (typed.length === 0 && hidden) {
      out.push(
        check(
          'gdr.ucx',
          'skipped',
          `${hidden} the memory types lines: GPUDirect RDMA not shown, so not checked`,
          {
            fix: 'run `ucx_info -d` unfiltered',
          },
        ),
      );
    } else if (typed.length === 0 && via) {
      out.push(
        check(
          'gdr.ucx',
          'skipped',
          `UCX's context listing (through ${via}) has no memory types, so GPUDirect RDMA is not read here`,
          {
            fix: '`pair` shows it: its UCX protocol tables say whether GPU memory goes zero-copy over the HCA',
          },
        ),
      );
    } else if (typed.length === 0) {
      out.push(
        check(
          'gdr.ucx',
          'skipped',
          'this UCX does not print memory types, so GPUDirect RDMA cannot be read from ucx_info',
          {
            fix: 'check `lsmod | grep peermem` and run a VRAM transfer test',
          },
        ),
      );
    } else {
      const withCuda = typed.filter((d) => d.memoryTypes?.includes('cuda'));
      out.push(
        withCuda.length > 0
          ? check(
              'gdr.ucx',
              'ok',
              `GPUDirect RDMA: ${withCuda.map((d) => d.name).join(', ')} can register cuda memory`,
            )
          : check(
              'gdr.ucx',
              'fail',
              `no GPUDirect RDMA: ${typed.map((d) => d.name).join(', ')} register host memory only, so GPU buffers are staged through host memory`,
              {
                fix: 'load nvidia-peermem (or enable DMA-BUF: open GPU kernel modules, kernel ≥ 5.12) so the HCA can register GPU memory',
              },
            ),
      );
    }
  }
  return out;
}

/**
 * `ucx_info -v` alone: the version, and what the configure line says was built. A flag the line does not name
 * was left to configure's detection (config/m4/cuda.m4 `with_cuda=guess`; config/m4/verbs.m4 searches /usr for
 * the verbs headers by default), so the build is not shown either way: skipped, never ok, never "missing".
 * Verbs is UCX's only InfiniBand/RoCE path (rc, ud, dc; rdmacm and mlx5 need it), so `--without-verbs` leaves
 * no RDMA transport between nodes.
 */
function fromVersion(r: UcxInfoResult): Check[] {
  const b = r.build;
  const version = r.version ?? b?.VERSION ?? b?.PACKAGE_VERSION;
  // A version line cut from the block is not shown: never an `ok` for a version nobody saw.
  const checks = version
    ? [check('ucx.version', 'ok', `UCX ${version}`, { matters: false })]
    : !b
      ? [check('ucx.version', 'skipped', 'the UCX version line is not shown', { matters: false })]
      : [];
  const conf = r.configure ?? b?.UCX_CONFIGURE_FLAGS ?? '';
  // `ucx_info -b`'s uct_MODULES names the UCT modules built (cuda, ib, …); HAVE_CUDA / HAVE_IB are set only when built.
  const modules = b?.uct_MODULES?.split(':').filter(Boolean);
  if (modules)
    checks.push(
      modules.includes('cuda')
        ? check('ucx.cuda', 'ok', `UCX was built with its CUDA module (uct_MODULES ${b?.uct_MODULES})`)
        : check(
            'ucx.cuda',
            'fail',
            `UCX was built without its CUDA module (uct_MODULES ${b?.uct_MODULES}): GPU-memory transfers fail`,
            {
              fix: 'use a UCX built with CUDA',
            },
          ),
    );
  else if (b?.HAVE_CUDA === '1')
    checks.push(check('ucx.cuda', 'ok', 'UCX was built with CUDA (HAVE_CUDA 1)'));
  else if (/--without-cuda\b/.test(conf))
    checks.push(
      check('ucx.cuda', 'fail', 'UCX was configured --without-cuda: GPU-memory transfers fail', {
        fix: 'use a UCX built with CUDA',
      }),
    );
  else if (!/--with-cuda\b/.test(conf))
    checks.push(
      check('ucx.cuda', 'skipped', 'the configure line does not say whether CUDA support was built', {
        fix: 'run `ucx_info -d` and look for cuda_copy',
      }),
    );
  else checks.push(check('ucx.cuda', 'ok', 'UCX was configured --with-cuda'));
  if (modules) {
    checks.push(
      modules.includes('ib')
        ? check(
            'ucx.rdma',
            'ok',
            `UCX was built with its InfiniBand/RoCE module (uct_MODULES ${b?.uct_MODULES})`,
          )
        : check(
            'ucx.rdma',
            'fail',
            `UCX was built without its InfiniBand/RoCE module (uct_MODULES ${b?.uct_MODULES})`,
            {
              fix: 'use a UCX built with verbs (rdma-core)',
            },
          ),
    );
    return checks;
  }
  if (b?.HAVE_IB === '1') {
    checks.push(check('ucx.rdma', 'ok', 'UCX was built with InfiniBand/RoCE support (HAVE_IB 1)'));
    return checks;
  }
  if (b && !conf)
    checks.push(
      check(
        'ucx.rdma',
        'skipped',
        'the build defines shown reach neither HAVE_IB nor uct_MODULES: whether verbs was built is not shown',
        {
          fix: 'run `ucx_info -b | grep -E "HAVE_IB|uct_MODULES"` or `ucx_info -d`',
        },
      ),
    );
  if (!conf) return checks;
  if (/--without-verbs\b/.test(conf))
    checks.push(
      check(
        'ucx.rdma',
        'fail',
        'UCX was configured --without-verbs: no InfiniBand/RoCE transport between nodes',
        {
          fix: 'use a UCX built with verbs (rdma-core)',
        },
      ),
    );
  else if (/--with-(?:verbs|mlx5(?:-dv)?|rdmacm|dc|rc|ud)\b/.test(conf))
    checks.push(check('ucx.rdma', 'ok', 'UCX was configured with verbs (RDMA over InfiniBand/RoCE)'));
  else
    checks.push(
      check(
        'ucx.rdma',
        'skipped',
        'the configure line names no verbs flag: whether RDMA (verbs) support was built was left to detection, not shown',
        { fix: 'run `ucx_info -d` and look for rc_mlx5, rc_verbs or dc_mlx5' },
      ),
    );
  return checks;
}

/** `ucx_info` ran but only UCX's log lines are pasted after it: no transport is shown, none is missing. */
function logOnly(): Check[] {
  return [
    check(
      'ucx.rdma',
      'skipped',
      "the paste holds only UCX's log lines after `ucx_info`: its transport list is not shown",
      {
        fix: 'paste the whole output (or run it without UCX_LOG_LEVEL)',
      },
    ),
    check(
      'ucx.cuda',
      'skipped',
      "the paste holds only UCX's log lines after `ucx_info`: its CUDA transports are not shown",
    ),
  ];
}

/** Capability rows of one interface, cut above its Transport and Memory domain lines: which transports exist is not shown. */
function fieldsOnly(): Check[] {
  const fix = 'paste the whole `ucx_info -d` output';
  return [
    check(
      'ucx.rdma',
      'skipped',
      'only capability rows of an unnamed transport are shown: the transport list is not shown',
      { fix },
    ),
    check(
      'ucx.cuda',
      'skipped',
      'only capability rows of an unnamed transport are shown: its CUDA transports are not shown',
    ),
  ];
}
