import type { EngineName } from '../core/engine-names.js';
import { ToolError } from '../core/errors.js';
import { INSTALL_HINT } from './hints.js';
import type { EngineFinder } from './local/types.js';
import { checkExplicitPython } from './nixl-python.js';
import { PYTHON_VENV_FIX, setupCommand, venvProblem } from './nixl-venv.js';
import { allEngines, getEngine } from './registry.js';

export { INSTALL_HINT, NIXL_INSTALL_HINT } from './hints.js';
export type { EngineFinder } from './local/types.js';

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
  engine: EngineName;
  why: string;
  /** nixlbench runs in the deployment's own image (its worker pod has it). */
  ownHasNixlbench?: boolean | undefined;
}

/** The public Dynamo runtime images (vllm-, sglang-, tensorrtllm-runtime) carry NIXL's Python package. */
export function isDynamoRuntimeImage(image: string): boolean {
  return /(^|\/)ai-dynamo\/(vllm|sglang|tensorrtllm)-runtime(:|@|$)/.test(image);
}

export interface EngineInput {
  engine: 'auto' | EngineName;
  mode: 'cross-node' | 'intra-node';
  /** --image, else the deployment's (recipe or DGD), else undefined: the public default. */
  image?: string | undefined;
  explicitImage: boolean;
  backend: 'UCX' | 'LIBFABRIC';
  tools?: ImageTools | undefined;
  /** Where the deployment's settings came from (a recipe, a DGD), for the refusals. */
  source?: string | undefined;
}

function chooseForPods(i: EngineInput): EngineChoice {
  if (i.engine !== 'auto') {
    if (i.engine === 'nixl' && i.mode === 'intra-node')
      throw new ToolError('--engine nixl runs between two nodes only so far', {
        fix: 'use --engine nixlbench for --mode intra-node (NVLink), or drop --mode intra-node',
      });
    if (i.engine === 'ucx_perftest' && i.backend === 'LIBFABRIC')
      throw new ToolError(
        `${i.source ?? 'the deployment'} moves KV over NIXL's LIBFABRIC backend (AWS EFA): ucx_perftest measures UCX, which says nothing about that fabric`,
        { fix: 'use --engine nixlbench, which runs NIXL with --backend LIBFABRIC' },
      );
    return { engine: i.engine, why: '--engine' };
  }
  // The nixl probe runs across nodes, over UCX or LIBFABRIC (its --backend, NIXL's Python agent's
  // backends=[…]): intra-node keeps nixlbench.
  const nixlFits = i.mode === 'cross-node';
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

/** `pair --local --engine`: an engine, or `auto`. */
export type LocalChoice = EngineName | 'auto';

/** A mode that runs only our NIXL probe (pair --in-place, in the workers' own Python): auto or nixl. */
export function requireNixlProbe(choice: LocalChoice, mode: string): void {
  if (choice !== 'auto' && choice !== 'nixl') {
    throw new ToolError(
      `${mode} runs NIXL's own Python API in the workers; --engine ${choice} does not apply`,
      {
        fix: 'drop --engine (or say --engine nixl)',
      },
    );
  }
}

export interface ChosenEngine {
  engine: EngineName;
  /** Full path of its binary (for `nixl`: the Python that imports nixl). */
  bin: string;
}

/**
 * On this host: nixlbench when it is on PATH, else our NIXL probe when a
 * Python imports nixl (both are what Dynamo's KV transfer uses: NIXL over
 * UCX), else ucx_perftest. With none, a ToolError (exit 2) rather than a
 * report: nothing was measured, and an `unverified` report exits 0 under the
 * default --fail-on, which a CI gate would read as a pass.
 */
function findHere(
  choice: LocalChoice,
  find: EngineFinder | ((program: string) => string | undefined),
): ChosenEngine | undefined {
  const finder: EngineFinder = typeof find === 'function' ? { which: find } : find;
  const candidates = choice === 'auto' ? allEngines() : [getEngine(choice)];
  for (const e of candidates) {
    const bin = e.local.find(finder, choice === e.name);
    if (bin) return { engine: e.name, bin };
  }
  return undefined;
}

const NONE_HERE = 'neither nixlbench nor ucx_perftest is on PATH, and no Python can import nixl';

function chooseHere(
  choice: LocalChoice,
  find: EngineFinder | ((program: string) => string | undefined),
): ChosenEngine {
  const chosen = findHere(choice, find);
  if (chosen) return chosen;
  if (choice === 'auto') throw new ToolError(`pair --local: ${NONE_HERE}`, { fix: INSTALL_HINT });
  const { message, fix } = getEngine(choice).local.notFound;
  throw new ToolError(message, { fix });
}

/** How `pair --local` may set NIXL up when no engine is here. */
export interface LocalSetup {
  env: NodeJS.ProcessEnv;
  /** False with --no-setup: refuse, naming the command. */
  allowed: boolean;
  /** Sets NIXL up (engines/nixl/setup.ts) and returns a python that imports it. */
  run(): Promise<string>;
}

/**
 * `pair --local`'s engine: as chooseEngine on this host, but when `auto` or
 * `nixl` finds none, NIXL is set up from PyPI into the project's venv (or,
 * with --no-setup, a ToolError naming the one command to run). A set
 * INTERCONNECT_TEST_PYTHON that does not exist or has no nixl is a ToolError
 * whatever else is here: never a silent fallback.
 */
export async function chooseOrSetUp(
  choice: LocalChoice,
  find: EngineFinder,
  setup: LocalSetup,
): Promise<ChosenEngine> {
  checkExplicitPython(setup.env, choice === 'nixl');
  const chosen = findHere(choice, find);
  if (chosen) return chosen;
  if (choice !== 'auto' && choice !== 'nixl') return chooseHere(choice, find);
  const what =
    choice === 'auto'
      ? `pair --local: ${NONE_HERE}`
      : 'pair --local --engine nixl: no Python here can import nixl';
  if (!setup.allowed) {
    throw new ToolError(`${what}, and --no-setup keeps pair from setting NIXL up`, {
      fix: setupCommand(setup.env),
    });
  }
  const { problem } = venvProblem(setup.env);
  if (problem) {
    throw new ToolError(`${what}, and NIXL cannot be set up from PyPI: ${problem}`, {
      fix: PYTHON_VENV_FIX,
    });
  }
  return { engine: 'nixl', bin: await setup.run() };
}

/**
 * Which engine runs, and why: between pods (`EngineInput`: what the plan step
 * knows of the image and the worker pod), or on this host (`--local`: what is
 * on PATH). The one place `--engine auto` is decided.
 */
export function chooseEngine(i: EngineInput): EngineChoice;
export function chooseEngine(
  choice: LocalChoice,
  find: EngineFinder | ((program: string) => string | undefined),
): ChosenEngine;
export function chooseEngine(
  i: EngineInput | LocalChoice,
  find?: EngineFinder | ((program: string) => string | undefined),
): EngineChoice | ChosenEngine {
  if (typeof i === 'string') {
    if (!find) throw new Error('chooseEngine: a local choice needs a finder');
    return chooseHere(i, find);
  }
  return chooseForPods(i);
}
