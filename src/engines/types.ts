import type { KvRow } from '../core/measurement.js';
import type { UcxProtoTable } from '../parsers/ucx-log.js';
import type { NixlKvArgs } from './kv-shape.js';
import type { LocalRunner, Placement, Row } from './local/types.js';

export type {
  EngineFinder,
  EngineRun,
  LocalRunInput,
  LocalRunner,
  Placement,
  Row,
  RunDeps,
} from './local/types.js';

/**
 * THE engine interface: what `pair` (and `sweep`, `nixl`) may ask of a
 * transfer engine, so none of them names one. Each engine is one folder
 * (src/engines/<name>/, its pod scripts under templates/engines/<name>/) with
 * the same parts: argv and version-dependent flags, pod script, log reader,
 * local runner; registry.ts lists them.
 */

import type { EngineName } from '../core/engine-names.js';

/** A probe pod: one side of a cross-node pair, or the one pod holding both ranks. */
/** The port a ucx_perftest server pod listens on, behind its own Service; every engine's BenchParams carry it. */
export const PEER_PORT = 13337;

/** Both processes of a local pair on this host's loopback. */
export const LOOPBACK: Placement = {
  server: { wrap: [], address: '127.0.0.1' },
  client: { wrap: [] },
  describe: 'loopback',
};

export type PodRole = 'prefill' | 'decode' | 'intra-node';

/** Who initiates one transfer, and with which NIXL operation. */
export interface Leg {
  initiator: 'prefill' | 'decode';
  op: 'WRITE' | 'READ';
}

export interface BenchParams {
  engine: EngineName;
  nixlbenchVersion: string;
  /** NIXL backend nixlbench loads: UCX (InfiniBand/RoCE/NVLink) or LIBFABRIC (AWS EFA). */
  backend: 'UCX' | 'LIBFABRIC';
  etcdEndpoint: string;
  group: string;
  memory: 'VRAM' | 'DRAM';
  /** The first leg's operation (the only one intra-node). */
  opType: 'WRITE' | 'READ';
  startBlockSize: number;
  maxBlockSize: number;
  totalBufferSize: number;
  /** NIXL's form: `mlx5_0,mlx5_1` (NIXL appends the port `:1` itself). */
  deviceList?: string | undefined;
  port: number;
  /** Timed iterations per size (--iters); undefined: each engine's default, passed explicitly. */
  iterations?: number | undefined;
  /** Untimed iterations before each size (--warmup); undefined: a tenth of the timed ones, at least 1. */
  warmup?: number | undefined;
  /** The KV shape the deployment states (nixl's KV row); undefined: the probe's default. */
  kv?: NixlKvArgs | undefined;
}

/** What one probe pod's arguments are, as the first leg runs them. */
export interface PodArgs {
  args: string[];
  /** Flags left out because the image's version does not know them. */
  dropped: string[];
  /** The probe script gets ITEST_GROUP (a per-leg --benchmark_group). */
  group: boolean;
}

/** What one pod's log says, for the judge to merge across the pods. */
export interface LogReading {
  lanes: string[];
  protocols: UcxProtoTable[];
  sameNode: boolean;
  emulated: boolean;
  /** This pod's process was the initiator (undefined: the log does not say). */
  initiator?: boolean | undefined;
  hosts: { initiator?: string | undefined; target?: string | undefined };
  versions: { nixl?: string | undefined; ucx?: string | undefined };
  /** How this pod allocated its buffer (nixl: the probe's start line), when the log says. */
  allocation?: Allocation | undefined;
  /** The measured rows, when this log carries them. */
  result?:
    | {
        rows: Row[];
        /** The KV-shaped row (nixl), apart from the sweep's rows. */
        kv?: KvRow | undefined;
        opType?: string | undefined;
        memory?: { initiator: 'VRAM' | 'DRAM'; target: 'VRAM' | 'DRAM' } | undefined;
        /** The rows are the initiator's whichever log came first (ucx_perftest's client): they replace any, and name the initiator. */
        fromClient?: boolean | undefined;
      }
    | undefined;
}

/** A probe's buffer: where it came from, and whether fabric-handle VRAM was asked for and used. */
export interface Allocation {
  source: string;
  fabric?: { wanted: boolean; used: boolean; why: string | null } | undefined;
  /** A pair inside one NVLink domain: the exchange or first transfer went through only after retries. */
  retried?: { what: string; attempts: number; seconds: number; lastError?: string | undefined }[] | undefined;
}

/** A failure the tool itself reported in its log, with what it means. */
export interface ToolFailure {
  text: string;
  detail: string;
  fix: string;
  /** The peer never arrived, or died: the other pods' state explains it. */
  peer?: 'missing' | 'died' | undefined;
}

export interface Meaning {
  detail: string;
  fix: string;
}

export interface PodArgsInput {
  bench: BenchParams;
  /** How long each pod waits for its peer, in seconds (the run's --timeout). */
  waitS: number;
}

/** How the engine runs between pods. */
export interface ClusterSide {
  /** Its image when the deployment names none: the probe image, or the public Dynamo runtime image. */
  defaultImage: 'probe' | 'dynamo-runtime';
  /** The deployment's own image runs it only when its worker pod was seen to have it (nixlbench). */
  ownImageOnlyIfSeen: boolean;
  /** The pods meet through an etcd (the run's own, or --etcd-endpoints). */
  etcd: boolean;
  /** Across nodes, each pod listens behind its own Service on this port (`name` names the port). */
  listen?: { port: number; name: string } | undefined;
  /** The pods mount our probe program (templates/nixl-probe.py) from a ConfigMap. */
  mountsProbe: boolean;
  /** It runs one transfer per GPU↔NIC rail, all at once (ITEST_RAILS), so a pair crosses every rail. */
  rails: boolean;
  /** It takes NIXL's --device_list (replacing UCX_NET_DEVICES) when its version knows the flag. */
  deviceList: boolean;
  /** The logs say which pod initiated (pair.roles); `note` follows "prefill was the initiator". */
  roles?: { note: string } | undefined;
  args(i: PodArgsInput): PodArgs;
  /** The shell script of its probe container (templates/engines/<name>/). */
  script(role: PodRole): string;
}

/** Reading its pods' logs. */
export interface LogSide {
  /** The run's final result is in this log (one leg's part of it). */
  resultsComplete(log: string, messageSize?: number): boolean;
  rowsSoFar(log: string): number;
  /** Why a log that holds the tool's output cannot be read, or undefined. */
  unreadable(log: string, role?: string): string | undefined;
  read(
    log: string,
    role: PodRole,
    ctx: { maxBlockSize: number; initiator: 'prefill' | 'decode' },
  ): LogReading | undefined;
  /** A failure the tool reported (nixlbench's own error lines). */
  failure?(log: string): ToolFailure | undefined;
  /** A start barrier the two ranks pass together (nixlbench's): has it, has this log registered. */
  startBarrier?: { connected(log: string): boolean; registered(log: string): boolean } | undefined;
  /** The program the pod script needs (`… not found in image`), and the fix when it is missing. */
  missingTool: { tool: string; fix: string };
  /** Problems only this engine's own program reports (the NIXL probe's error lines). */
  ownProblem?(log: string): (Meaning & { evidence: string }) | undefined;
}

/** What the `nixl` subcommand says about running `pair` with this engine. */
export interface Advice {
  /** The pair flags that pick it (nixlbench: its version, when known). */
  pairArgs(version?: string): string[];
  /** `nixlbench runs`, `NIXL's Python API (nixl) runs`, `only ucx_perftest runs`. */
  runs: string;
  /** The `nixl.pair-engine` check; `blocked` says nixlbench is there but its plugin is not. */
  check(blocked: string): { status: 'ok' | 'warn'; detail: string; fix?: string };
}

export interface Engine {
  name: EngineName;
  /** What `pair --local` counts of a finished sweep: `sizes`, `block sizes`. */
  sweepNoun: string;
  /** The largest message the tool measures correctly, in bytes (absent: no limit of its own). */
  maxMessageBytes?: number;
  /** The report names the operation the initiator ran (nixl). */
  namesOp: boolean;
  /** The version the report and the Pair section name (nixlbench's). */
  versionOf?(bench: BenchParams): string;
  /** The NIXL backend the report names (nixlbench's --backend). */
  backendOf?(bench: BenchParams): string;
  cluster: ClusterSide;
  logs: LogSide;
  local: LocalRunner;
  advice: Advice;
}
