import { ToolError } from '../core/errors.js';
import type { Engine } from '../core/measurement.js';

/**
 * `--engine auto` between pods: which engine runs, and why. Pure; the plan
 * step hands in what it knows (the image, and with --dgd what the live worker
 * pod has, asked through the `nixl` subcommand's probes).
 */

/** What a live worker pod has, as the `nixl` subcommand's probes found it. */
export interface ImageTools {
  /** nixlbench runs and NIXL's UCX plugin is there. */
  nixlbench: boolean;
  /** `python3 -c 'import nixl'` worked. */
  pythonNixl: boolean;
  /** The NIXL Python package's version, when it said. */
  nixlVersion?: string | undefined;
  ucxPerftest: boolean;
  /** Where it was asked: `pod ns/name`. */
  where: string;
}

export interface EngineChoice {
  engine: Engine;
  why: string;
  /** nixlbench runs in the deployment's own image (its worker pod has it). */
  ownHasNixlbench?: boolean | undefined;
}

/** The public Dynamo runtime images (vllm-, sglang-, tensorrtllm-runtime) carry NIXL's Python package. */
export function isDynamoRuntimeImage(image: string): boolean {
  return /(^|\/)ai-dynamo\/(vllm|sglang|tensorrtllm)-runtime(:|@|$)/.test(image);
}

export interface EngineInput {
  engine: 'auto' | Engine;
  mode: 'cross-node' | 'intra-node';
  /** --image, else the deployment's (recipe or DGD), else undefined: the public default. */
  image?: string | undefined;
  explicitImage: boolean;
  backend: 'UCX' | 'LIBFABRIC';
  tools?: ImageTools | undefined;
}

export function chooseEngine(i: EngineInput): EngineChoice {
  if (i.engine !== 'auto') {
    if (i.engine === 'nixl' && i.mode === 'intra-node')
      throw new ToolError('--engine nixl runs between two nodes only so far', {
        fix: 'use --engine nixlbench for --mode intra-node (NVLink), or drop --mode intra-node',
      });
    if (i.engine === 'nixl' && i.backend === 'LIBFABRIC')
      throw new ToolError(
        "the deployment moves KV over NIXL's LIBFABRIC backend (AWS EFA); the nixl probe loads the UCX backend",
        { fix: 'use --engine nixlbench, which runs NIXL with --backend LIBFABRIC' },
      );
    return { engine: i.engine, why: '--engine' };
  }
  // The nixl probe is UCX-only and cross-node: the other cases keep nixlbench.
  const nixlFits = i.mode === 'cross-node' && i.backend === 'UCX';
  if (i.tools && !i.explicitImage) {
    const t = i.tools;
    if (t.nixlbench)
      return { engine: 'nixlbench', why: `auto: ${t.where} has nixlbench`, ownHasNixlbench: true };
    if (t.pythonNixl && nixlFits)
      return {
        engine: 'nixl',
        why: `auto: ${t.where} has no nixlbench; python3 imports nixl${t.nixlVersion ? ` ${t.nixlVersion}` : ''}`,
      };
    if (t.ucxPerftest && i.backend === 'UCX')
      return {
        engine: 'ucx_perftest',
        why: `auto: ${t.where} has neither nixlbench nor NIXL's Python package`,
      };
    return {
      engine: 'nixlbench',
      why: `auto: ${t.where} has no nixlbench, no NIXL Python package and no ucx_perftest; nixlbench runs in the default probe image`,
    };
  }
  const image = i.image;
  if (image && /nixlbench/i.test(image))
    return { engine: 'nixlbench', why: `auto: ${image} is a nixlbench image` };
  if (nixlFits && (!image || isDynamoRuntimeImage(image)))
    return {
      engine: 'nixl',
      why: image
        ? `auto: ${image} is a Dynamo runtime image (NIXL's Python package, no nixlbench)`
        : 'auto: no image named; the public Dynamo runtime image has NIXL and python3',
    };
  return {
    engine: 'nixlbench',
    why: image
      ? `auto: ${image} is not known to carry NIXL's Python package; nixlbench`
      : `auto: nixlbench (${i.mode === 'intra-node' ? 'intra-node' : 'LIBFABRIC backend'})`,
  };
}
