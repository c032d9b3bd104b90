import type { RawService } from './raw.js';
import { argvText, engineOf } from './serving-engine.js';
import { scriptCommands, shellScript, tokenize } from './shell.js';

/**
 * Programs shown to serve no model (references/env-rules.md "Programs that serve no model"): a pod
 * whose command line runs one of them starts no engine, so it moves no KV even when it requests
 * GPUs. Only the program the command line starts counts; a Python script or a shell script may be
 * anything, and keeps the judgement a pod with an unknown program gets.
 */

/** MPI launchers (Open MPI `mpirun`/`mpiexec`/`orterun`, PRRTE `prterun`, MPICH `mpiexec.hydra`): they run the program named after their options. */
const MPI_LAUNCHER = /^(mpirun|mpiexec|mpiexec\.hydra|orterun|prterun)$/;

/**
 * Fabric tests: nccl-tests' binaries (`<collective>_perf`, with the build's NAME_SUFFIX), perftest's
 * programs (`ib_*_bw|lat`, `raw_ethernet_*`), nvbandwidth.
 */
const FABRIC_TEST =
  /^((all_reduce|all_gather|broadcast|reduce_scatter|reduce|alltoall|alltoallv|scatter|gather|sendrecv|hypercube)_perf\w*|ib_(send|write|read|atomic)_(bw|lat)|raw_ethernet_(bw|lat|burst_lat|fs_rate)|nvbandwidth)$/;

/** Programs that run what they are given (interpreters, shells, wrappers, scripts): what runs cannot be told from their name. */
const OPAQUE =
  /^(python[\d.]*|bash|sh|dash|zsh|ksh|env|exec|torchrun|accelerate|deepspeed|numactl|taskset|nsys|.*\.(sh|py))$/;

/** Remote-shell servers: the pod runs what another pod's MPI launcher starts in it (an MPIJob's workers). */
const REMOTE_SHELL = /^(sshd|dropbear)$/;

/** Placeholders: a pod kept alive for `kubectl exec` (sleep, pause, tail -f /dev/null) runs nothing of its own. */
const PLACEHOLDER = /^(sleep|pause|tail)$/;

/**
 * What a keep-alive script runs besides its placeholder (`trap 'exit 0' TERM; sleep 9999 & wait`,
 * `ls /dev/…; sleep infinity`): shell builtins and commands that only print what the pod sees.
 */
const KEEP_ALIVE = /^(trap|wait|exit|true|:|set|echo|printf|ls|hostname|nvidia-smi)$/;

/** The shell's reserved words (POSIX XCU §2.4) that open, join or close a compound command. */
const RESERVED = /^(while|until|for|do|done|if|then|else|elif|fi|\{|\}|!)$/;

/** An inline script (shown whole) whose every command is a placeholder or KEEP_ALIVE, with one placeholder at least. */
function placeholderScript(argv: readonly string[]): string | undefined {
  const script = shellScript(argv)?.script;
  if (script === undefined) return undefined;
  // A loop or group around the placeholder (`while true; do sleep 300; done`): its reserved words are no command.
  const heads = scriptCommands(script).flatMap((c) => {
    const head = c.find((w) => !RESERVED.test(w));
    return head === undefined ? [] : [base(head)];
  });
  if (!heads.some((h) => PLACEHOLDER.test(h))) return undefined;
  return heads.every((h) => PLACEHOLDER.test(h) || KEEP_ALIVE.test(h))
    ? `${base(argv[0] ?? 'sh')} -c script of ${[...new Set(heads)].join(', ')} (a placeholder)`
    : undefined;
}

/**
 * Images whose entrypoint is a web server, a shell or a pause container (nginx, httpd, busybox,
 * alpine, the pause image): given no command, the container runs that, which serves no model.
 */
const NON_ENGINE_IMAGE = /(^|\/)(nginx|httpd|busybox|alpine|pause)(:[^/]*|@[^/]*)?$/;

/**
 * Images of a fabric-test suite (perftest: `mellanox/cuda-perftest`; nccl-tests): given no command, the
 * container runs the suite's entrypoint, a test or a shell to run one from, never a serving engine.
 */
const FABRIC_TEST_IMAGE = /(^|\/)[\w.-]*(perftest|nccl-tests)[\w.-]*(:[^/]*|@[^/]*)?$/;

const base = (w: string) => w.slice(w.lastIndexOf('/') + 1);

/** The program an MPI launcher line runs: the first word after its options that names a program env can tell. */
function launched(words: readonly string[]): string | undefined {
  for (const w of words) {
    if (w.startsWith('-')) continue;
    const b = base(w);
    if (FABRIC_TEST.test(b)) return b;
    if (OPAQUE.test(b) || MPI_LAUNCHER.test(b)) return undefined;
  }
  return undefined;
}

/**
 * The fabric test an inline shell script (`bash -c SCRIPT`, shown whole) runs, directly or through an
 * MPI launcher: the script is read, not guessed at (a script file's content is not shown, and stays opaque).
 */
function scriptProgram(argv: readonly string[]): { program: string; via?: string } | undefined {
  const script = shellScript(argv)?.script;
  if (script === undefined) return undefined;
  const words = tokenize(script).flatMap((t) => (t.t === 'word' ? [t.w.text] : []));
  for (const [k, w] of words.entries()) {
    const b = base(w);
    if (FABRIC_TEST.test(b)) return { program: b, via: `${base(argv[0] ?? 'sh')} -c script` };
    if (MPI_LAUNCHER.test(b)) {
      const p = launched(words.slice(k + 1));
      if (p) return { program: p, via: `${b} in a ${base(argv[0] ?? 'sh')} -c script` };
    }
  }
  return undefined;
}

/** What a command line runs when it is shown to serve no model, and the MPI launcher it runs through; else undefined. */
function programOf(argv: readonly string[]): { program: string; via?: string } | undefined {
  const first = argv[0];
  if (first === undefined || engineOf({ argv })) return undefined;
  // An engine named anywhere on the line (a launcher starting `vllm serve`, a wrapper around trtllm-serve).
  if (/\b(vllm|sglang)\b.*\bserve|launch_server|trtllm-serve|\bvllm\.entrypoints\./.test(argvText(argv)))
    return undefined;
  const b = base(first);
  if (FABRIC_TEST.test(b)) return { program: b };
  if (PLACEHOLDER.test(b)) return { program: `${b} (a placeholder)` };
  const inScript = scriptProgram(argv);
  if (inScript) return inScript;
  const keepAlive = placeholderScript(argv);
  if (keepAlive) return { program: keepAlive };
  if (MPI_LAUNCHER.test(b)) {
    const p = launched(argv.slice(1));
    return p ? { program: p, via: b } : undefined;
  }
  return undefined;
}

/**
 * The program a service is shown to run that serves no model, or undefined (an engine, a script,
 * nothing shown). A remote-shell server (sshd) runs what its launcher starts: known only where the
 * workload names the launcher (`launchedBy`, an MPIJob's Launcher), else it may be an engine.
 */
export function servesNoModel(
  s: Pick<RawService, 'argv' | 'image' | 'commandLength' | 'launchedBy'>,
): string | undefined {
  // Args only: the image's ENTRYPOINT runs them; an engine image is the engine.
  if (s.commandLength === 0 && engineOf({ argv: [], image: s.image })) return undefined;
  // No command at all: the image's entrypoint runs, a web server or shell for these images.
  if (s.argv.length === 0 && s.image && NON_ENGINE_IMAGE.test(s.image))
    return `${base(s.image)} (the image's entrypoint)`;
  if (s.argv.length === 0 && s.image && FABRIC_TEST_IMAGE.test(s.image))
    return `${base(s.image)} (a fabric-test image's entrypoint)`;
  // A `sh -c` script that is one simple command runs that command (`bash -c '/usr/sbin/sshd -De'`).
  const argv = oneCommand(s.argv);
  const first = argv[0];
  // A launcher's worker with no command of its own runs the image's remote-shell server (an MPIJob
  // Worker): what runs in it is what the launcher starts.
  if ((first === undefined || REMOTE_SHELL.test(base(first))) && s.launchedBy) {
    const p = programOf(s.launchedBy);
    return p
      ? `${p.program} (started ${first === undefined ? 'in the worker' : `over ${base(first)}`} by the launcher's ${p.via ?? 'command'})`
      : undefined;
  }
  // A remote-shell server with no launcher in the input runs what is not shown: it may be an engine.
  if (first !== undefined && REMOTE_SHELL.test(base(first))) return undefined;
  const p = programOf(argv);
  return p && (p.via ? `${p.program} (through ${p.via})` : p.program);
}

/**
 * The words a command line runs: a `sh -c` (bash, …) script that is one simple command runs that command, `exec`
 * or not (bash(1): `-c` reads commands from the string); any other line is itself.
 */
function oneCommand(argv: readonly string[]): readonly string[] {
  const script = shellScript(argv)?.script;
  if (script === undefined) return argv;
  const cmds = scriptCommands(script);
  const only = cmds.length === 1 ? (cmds[0] as string[]) : undefined;
  if (!only || only.length === 0) return argv;
  return only[0] === 'exec' ? only.slice(1) : only;
}
