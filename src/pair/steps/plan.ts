import { ToolError } from '../../core/errors.js';
import { check } from '../../core/model.js';
import { chooseEngine } from '../../engines/choose.js';
import { assertSizes } from '../../engines/limits.js';
import { getEngine } from '../../engines/registry.js';
import { CLIQUE_LABEL, pathCheck } from '../../judge/nvlink-domain.js';
import { isClusterError } from '../../kube/errors.js';
import {
  chooseNodes,
  GPU,
  isRdmaResource,
  type NodeNeeds,
  type NodeView,
  nodeRdmaShare,
  nodeViews,
  type RdmaAsk,
  rdmaShortfall,
} from '../../kube/nodes.js';
import type { PairContext, Step } from '../context.js';
import { chooseLegs } from '../direction.js';
import { DEFAULT_PULL_TIMEOUT_MS } from '../options/flags.js';
import { copyNetworks } from '../plan/network-copies.js';
import {
  checkNetworks,
  NadBook,
  NETWORKS_ANNOTATION,
  scaleToGpus,
  shareOf,
  withQualifiedNetworks,
} from '../plan/networks.js';
import { makePlan, type PairPlan, type PlannedNode } from '../plan/plan.js';
import { planRails, type RailPlan } from '../plan/rails.js';
import { DEFAULT_SETTINGS, type ProbeSettings, withOverrides } from '../plan/settings.js';
import { gpuTaintToleration } from '../plan/values.js';
import { askWorkerImage } from './image-tools.js';

/** Step 2: choose the nodes and decide everything the run will create (a --dry-run with both nodes named reads nothing). */
const GPU_PRODUCT = 'nvidia.com/gpu.product';

async function readNodes(ctx: PairContext): Promise<NodeView[]> {
  const cluster = await ctx.cluster();
  const nodes = await cluster.listNodes();
  let pods: Awaited<ReturnType<typeof cluster.listPods>> = [];
  try {
    pods = await cluster.listPods(undefined);
  } catch (err) {
    // Listing pods cluster-wide may be denied; free GPUs are then unknown and the scheduler decides.
    if (!isClusterError(err, 'forbidden')) throw err;
    ctx.progress.warn(
      `cannot count free GPUs (${(err as Error).message.split('\n')[0]}); the scheduler will decide`,
    );
  }
  return nodeViews(nodes, pods);
}

/** The RDMA resource both probe pods ask for: --rdma-resource, else the recipe's, else what the nodes advertise. */
function rdmaFor(ctx: PairContext, s: ProbeSettings, nodes?: NodeView[], on?: string[]): RdmaAsk | undefined {
  if (ctx.config.rdmaResource) return ctx.config.rdmaResource;
  const own = s.resources.find((r) => isRdmaResource(r.name));
  if (own) return own;
  if (ctx.config.mode !== 'cross-node' || !nodes) return undefined;
  return nodeRdmaShare(nodes, on);
}

function withRdma(s: ProbeSettings, rdma: RdmaAsk | undefined): ProbeSettings {
  if (!rdma) return s;
  const resources = [
    { name: rdma.name, count: rdma.count },
    ...s.resources.filter((r) => r.name !== rdma.name),
  ];
  // The node's devices stand for a worker of the node's GPUs when no recipe names one.
  const gpus = s.gpus ?? rdma.perGpus;
  return { ...s, resources, ...(gpus !== undefined ? { gpus } : {}) };
}

/**
 * The two nodes (one intra-node): chosen from the cluster's nodes, or taken as
 * named by a --dry-run that did not read the cluster. Undefined (with a
 * `pair.nodes` failure and the run stopped) when no node fits.
 */
function placeNodes(
  ctx: PairContext,
  nodes: NodeView[] | undefined,
  settings: { prefill: ProbeSettings; decode: ProbeSettings },
  rdma: ReturnType<typeof rdmaFor>,
  wanted: { prefill?: string | undefined; decode?: string | undefined },
  memory: 'VRAM' | 'DRAM',
): { prefill: PlannedNode; decode: PlannedNode } | undefined {
  const c = ctx.config;
  if (nodes) {
    // A DRAM run requests no GPU (values.ts resourcesFor); a MIG worker's probe asks for its slice.
    const gpu = memory === 'DRAM' ? undefined : (settings.prefill.gpuResource ?? GPU);
    const probeGpus = c.mode === 'intra-node' ? 2 : 1;
    // The probe's share of the worker's devices (scaleToGpus), not the worker's count; --rdma-resource as given.
    const worker = settings.prefill.gpus;
    const asked = Number(rdma?.count) || 1;
    const count = worker && !c.rdmaResource && probeGpus < worker ? shareOf(asked, worker, probeGpus) : asked;
    const needs: NodeNeeds = {
      gpus: gpu === undefined ? 0 : probeGpus,
      ...(gpu && gpu !== GPU ? { gpuResource: gpu } : {}),
      rdma: c.mode === 'cross-node' && rdma ? { name: rdma.name, count } : undefined,
      tolerations: gpuTaintToleration(
        { gpusPerPod: gpu === undefined ? 0 : 1 },
        settings.prefill.tolerations,
      ),
      // A copied ComputeDomain channel claim: the probe pods join a scratch domain of their own.
      computeDomain: Object.values(settings.prefill.claims?.sources ?? {}).some(
        (s) => s.kind === 'ComputeDomain',
      ),
      // What the probe pods request (values.ts resourcesFor): intra-node asks for no RDMA resource.
      requests: [
        ...(gpu ? [gpu] : []),
        ...settings.prefill.resources
          .map((r) => r.name)
          .filter((name) => c.mode === 'cross-node' || !isRdmaResource(name)),
      ],
    };
    const from = c.prefillNode || c.decodeNode ? '--prefill-node/--decode-node' : ctx.state.dgdNodes?.from;
    const choice = chooseNodes({
      nodes,
      mode: c.mode,
      needs,
      prefill: wanted.prefill,
      decode: wanted.decode,
      from,
    });
    if (!choice.ok) {
      ctx.state.checks.push(check('pair.nodes', 'fail', choice.detail, { fix: choice.fix }));
      ctx.state.stop = 'no-nodes';
      return undefined;
    }
    for (const w of choice.warnings) ctx.progress.warn(w);
    const planned = (n: NodeView): PlannedNode => ({
      name: n.name,
      hostname: n.hostname,
      gpuProduct: n.labels[GPU_PRODUCT],
      ...(n.labels[CLIQUE_LABEL] ? { clique: n.labels[CLIQUE_LABEL] } : {}),
      gpus: { allocatable: n.allocatable[GPU] ?? 0, free: n.free[GPU] ?? 0 },
      ...(n.allocatable.cpu !== undefined ? { cpus: n.allocatable.cpu } : {}),
    });
    const chosen = { prefill: planned(choice.prefill), decode: planned(choice.decode) };
    const free = (n: NodeView) => `${n.free[GPU] ?? 0}/${n.allocatable[GPU] ?? 0} GPUs free`;
    ctx.state.checks.push(
      check(
        'pair.nodes',
        'ok',
        c.mode === 'cross-node'
          ? `prefill on ${choice.prefill.name} (${free(choice.prefill)}), decode on ${choice.decode.name} (${free(choice.decode)}); ${choice.how}`
          : `both ranks on ${choice.prefill.name} (${free(choice.prefill)}); ${choice.how}`,
        { matters: false, data: { warnings: choice.warnings, rdmaResource: rdma?.name ?? null } },
      ),
    );
    if (c.mode === 'cross-node' && !rdma) {
      ctx.state.checks.push(
        check(
          'pair.rdma-resource',
          'warn',
          'the nodes advertise no RDMA device-plugin resource: the probe pods get no RDMA devices unless the recipe mounts them',
          {
            fix: 'install the RDMA device plugin (or NVIDIA network operator), or pass --rdma-resource NAME',
          },
        ),
      );
    }
    return chosen;
  } else {
    // --dry-run with the nodes named: the cluster is not read, so the names are taken as they are.
    const one = (name: string): PlannedNode => ({ name, hostname: name });
    const p = wanted.prefill ?? wanted.decode ?? '';
    const d = c.mode === 'intra-node' ? p : (wanted.decode ?? p);
    if (c.mode === 'intra-node' && wanted.prefill && wanted.decode && wanted.prefill !== wanted.decode) {
      throw new ToolError(
        `intra-node mode runs both ranks on one node, but prefill is ${wanted.prefill} and decode is ${wanted.decode}`,
        {
          fix: 'name one node (--prefill-node), or use --mode cross-node',
        },
      );
    }
    if (c.mode === 'cross-node' && p === d) {
      throw new ToolError(`cross-node mode needs two nodes, but prefill and decode are both ${p}`, {
        fix: 'name two different nodes, or use --mode intra-node to test NVLink on that node',
      });
    }
    return { prefill: one(p), decode: one(d) };
  }
}

/** After the plan: what it warns about (pull secrets, an unread cluster, networks, dropped flags). */
async function reviewPlan(
  ctx: PairContext,
  plan: PairPlan,
  facts: {
    settings: { prefill: ProbeSettings; decode: ProbeSettings };
    own: string | undefined;
    unread: string | undefined;
    rdma: ReturnType<typeof rdmaFor>;
    book: NadBook;
  },
): Promise<void> {
  const c = ctx.config;
  const { settings, own, unread, rdma, book } = facts;
  const pullSecrets = settings.prefill.imagePullSecrets ?? settings.decode.imagePullSecrets ?? [];
  if (plan.image === own && pullSecrets.length > 0 && !c.imagePullSecret) {
    ctx.state.checks.push(
      check(
        'pair.image-pull',
        'warn',
        `the workers pull ${plan.image} with imagePullSecrets ${pullSecrets.join(', ')}, which live in the deployment's namespace: the scratch namespace has no copy, so the probe pods may not be able to pull it`,
        {
          fix: `copy ${pullSecrets[0]} into a scratch namespace yourself and pass --scratch-namespace NS --image-pull-secret ${pullSecrets[0]} (pair never reads or copies secrets), or --image a public image`,
        },
      ),
    );
  }
  if (unread !== undefined && c.mode === 'cross-node' && !rdma)
    for (const p of plan.pods)
      p.annotations['interconnect-test/rdma-resource'] =
        'unknown: the cluster was not read, so this pod requests no RDMA device and may measure TCP';
  const networkChecks = await checkNetworks(plan, book);
  // Multus namespaceIsolation: the pods attach copies in the scratch namespace, never another's.
  const copies = copyNetworks(plan, book);
  plan.networks = copies.objects;
  ctx.state.checks.push(...book.checks, ...networkChecks, ...copies.checks);
  if (plan.droppedFlags.length) {
    ctx.progress.warn(
      `nixlbench ${plan.bench.nixlbenchVersion} does not know --${plan.droppedFlags.join(', --')}; left out`,
    );
  }
}

/** The rails both pods run: --rails, else every GPU of the node; fewer when GPUs are busy (named). */
function railsFor(ctx: PairContext, nodes: { prefill: PlannedNode; decode: PlannedNode }): RailPlan {
  const a = nodes.prefill.gpus;
  const b = nodes.decode.gpus;
  const plan = planRails(
    ctx.config.rails ?? 'all',
    a && b ? { allocatable: Math.min(a.allocatable, b.allocatable), free: Math.min(a.free, b.free) } : {},
  );
  if (plan.notTested.length > 0) {
    ctx.state.checks.push(
      check('pair.rails-planned', 'warn', `${plan.why}: the pods request ${plan.gpus} GPU(s) each`, {
        fix: 'rerun when the GPUs are free, or name the rails to test with --rails',
        data: { tested: plan.rails, notTested: plan.notTested },
      }),
    );
    ctx.progress.warn(plan.why);
  }
  return plan;
}

export const planStep: Step = {
  name: 'plan',
  title: () => 'Plan',
  when: (ctx) => ctx.state.stop === undefined,
  async run(ctx) {
    const c = ctx.config;
    const base = ctx.state.settings ?? {
      prefill: withOverrides(DEFAULT_SETTINGS, c.env, c.tolerations),
      decode: withOverrides(DEFAULT_SETTINGS, c.env, c.tolerations),
    };
    const wanted = {
      prefill: c.prefillNode ?? ctx.state.dgdNodes?.prefill,
      decode: c.decodeNode ?? ctx.state.dgdNodes?.decode,
    };
    const named =
      c.mode === 'intra-node' ? (wanted.prefill ?? wanted.decode) : wanted.prefill && wanted.decode;
    // A dry run with both nodes named reads the cluster when it can (the RDMA resource, the
    // hostnames), and without one says what it could not know.
    let unread: string | undefined;
    let nodes: NodeView[] | undefined;
    if (c.dryRun && named && !c.dgd) {
      try {
        nodes = await readNodes(ctx);
      } catch (err) {
        if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
        unread = (err as Error).message.split('\n')[0];
      }
    } else nodes = c.knownNodes ?? (await readNodes(ctx));
    ctx.state.nodes = nodes;
    const rdma = rdmaFor(ctx, base.prefill, nodes, [wanted.prefill ?? '', wanted.decode ?? '']);
    if (unread !== undefined && c.mode === 'cross-node' && !rdma) {
      ctx.progress.warn(
        `the cluster was not read (${unread}): the RDMA resource is unknown, so these probe pods request none and the transfer may run over TCP; pass --rdma-resource NAME (e.g. rdma/ib) or run where the cluster is reachable`,
      );
    }
    // Offline: a dry run that did not (or could not) read the cluster.
    const offline = nodes === undefined;
    // Copied network names resolve in the deployment's namespace, not the scratch one.
    const deploymentNs = c.namespace ?? (offline ? undefined : (await ctx.cluster()).namespace);
    const networks = (s: ProbeSettings) => {
      if (deploymentNs) return withQualifiedNetworks(s, deploymentNs);
      if (s.annotations[NETWORKS_ANNOTATION] !== undefined)
        ctx.progress.warn(
          `${NETWORKS_ANNOTATION} is copied as it is: pass --namespace (the deployment's) so that its networks resolve from the scratch namespace`,
        );
      return s;
    };
    const settings = {
      prefill: networks(withRdma(base.prefill, rdma)),
      decode: networks(withRdma(base.decode, rdma)),
    };
    // vLLM `kv_buffer_device: cpu` stages KV through host memory: NIXL moves DRAM there.
    const staged = settings.prefill.hostStaged || settings.decode.hostStaged;
    const memory = c.memory ?? (staged ? 'DRAM' : 'VRAM');
    const chosen = placeNodes(ctx, nodes, settings, rdma, wanted, memory);
    if (!chosen) return;
    ctx.state.settings = settings;
    const direction = chooseLegs({
      initiator: c.initiator,
      op: c.opType,
      framework: settings.prefill.framework ?? settings.decode.framework,
    });
    if (staged && !c.memory)
      ctx.progress.warn(
        `${settings.prefill.source} stages KV through host memory (kv_buffer_device: cpu): measuring DRAM to DRAM, as NIXL moves it there (--memory-type vram to test GPU memory)`,
      );
    const backend =
      settings.prefill.nixlBackend === 'LIBFABRIC' || settings.decode.nixlBackend === 'LIBFABRIC'
        ? 'LIBFABRIC'
        : 'UCX';
    const own = settings.prefill.image ?? settings.decode.image;
    const tools =
      c.engine === 'auto' && c.dgd && !c.image && deploymentNs
        ? await askWorkerImage(ctx, c.dgd, deploymentNs)
        : undefined;
    const choice = chooseEngine({
      engine: c.engine,
      mode: c.mode,
      image: c.image ?? own,
      explicitImage: c.image !== undefined,
      backend,
      tools,
      source: settings.prefill.source,
    });
    const engine = choice.engine;
    assertSizes(getEngine(engine), [c.startBlockSize, c.maxBlockSize]);
    // A sweep's pairs share its etcd (scratch/etcd.ts); a dry run shows the pair's own.
    const etcdEndpoints =
      c.etcdEndpoints ??
      (getEngine(engine).cluster.etcd && c.sharedEtcd && !c.dryRun ? await c.sharedEtcd() : undefined);
    const rails =
      getEngine(engine).cluster.rails && c.mode === 'cross-node' ? railsFor(ctx, chosen) : undefined;
    const cluster = offline ? undefined : await ctx.cluster();
    const book = new NadBook(cluster ? (ref) => cluster.getCustomObject(ref) : undefined);
    await book.readAll(settings.prefill, 'prefill');
    await book.readAll(settings.decode, 'decode');
    // The probe's share of the worker's VFs, RDMA/EFA devices and networks (networks.ts scaleToGpus).
    const probeGpus = c.mode === 'intra-node' ? 2 : (rails?.gpus ?? 1);
    const perGpu = (s: ProbeSettings) =>
      scaleToGpus(s, probeGpus, (ref) => book.known(ref), ctx.config.rdmaResource?.name);
    ctx.state.plan = makePlan({
      runId: ctx.runId,
      engine,
      engineWhy: choice.why,
      mode: c.mode,
      now: new Date(ctx.clock.now()),
      timeoutMs: c.timeoutMs,
      pullTimeoutMs: c.pullTimeoutMs ?? DEFAULT_PULL_TIMEOUT_MS,
      scratchNamespace: c.scratchNamespace,
      nodes: chosen,
      settings: { prefill: perGpu(settings.prefill), decode: perGpu(settings.decode) },
      rails,
      image: {
        explicit: c.image,
        probeDefault: c.probeImage,
        nixlDefault: c.nixlImage,
        ownHasNixlbench: choice.ownHasNixlbench,
      },
      imagePullSecret: c.imagePullSecret,
      etcdEndpoints,
      etcdImage: c.etcdImage,
      nixlbenchVersion: c.nixlbenchVersion,
      memory,
      legs: direction.legs,
      legsWhy: direction.why,
      backend,
      startBlockSize: c.startBlockSize,
      maxBlockSize: c.maxBlockSize,
      iterations: c.iterations,
      warmup: c.warmup,
      memoryLimit: c.memoryLimit,
      deviceList: c.deviceList,
      podAnnotations: c.podAnnotations,
    });
    const plan = ctx.state.plan;
    plan.knownNics = ctx.state.knownNics;
    // GB200/GB300: the path the pair tests, NVLink inside one clique or the NIC fabric across.
    if (plan.path)
      ctx.state.checks.push(pathCheck(plan.path, `${chosen.prefill.name} → ${chosen.decode.name}`));
    for (const w of rdmaShortfall(plan.pods, nodes))
      ctx.state.checks.push(
        check('pair.rdma-resource', 'warn', `${w}: it may stay Pending`, {
          fix: 'free the devices, or run fewer rails (--rails 0)',
        }),
      );
    await reviewPlan(ctx, plan, { settings, own, unread, rdma, book });
  },
};
