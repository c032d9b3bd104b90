/**
 * What the command line typed before an nccl-tests run says about where its ranks ran (issue 38, principle 3:
 * use the context the paste gives). An nccl-tests binary started by itself is one process: its threads (`-t`)
 * and the GPUs each drives (`-g`) are all on the host it runs on (nccl-tests README, "Arguments": `-t,--nthreads`,
 * `-g,--ngpus`; more than one process needs MPI, launched by mpirun or a scheduler). A launcher anywhere on the
 * line (mpirun, srun, pdsh, ...) may start processes on other nodes, so it says nothing about the node count.
 */

/** Programs that start processes, possibly on other nodes: MPI launchers, schedulers, parallel shells. */
const LAUNCHER =
  /(?:^|[\s/;|&(])(?:mpirun|mpiexec(?:\.hydra)?|orterun|oshrun|srun|prun|aprun|jsrun|flux|horovodrun|charmrun|salloc|sbatch|qsub|bsub|pdsh|pssh|clush|parallel|xargs|torchrun|deepspeed|ansible)(?=$|[\s;|&)])/;
const PERF = /(?:^|[\s/])\w+_perf(?:_mpi)?(?=$|\s)/;

function countOf(command: string, short: string, long: string): number {
  const m = new RegExp(`(?:^|\\s)(?:-${short}\\s*|--${long}(?:=|\\s+))(\\d+)(?=$|\\s)`).exec(command);
  return m ? Number(m[1]) : 1;
}

/**
 * The ranks of a run whose every command shown starts an nccl-tests binary by itself (`./all_reduce_perf -g 8`,
 * `NCCL_DEBUG=INFO ./build/sendrecv_perf -b 8 -e 1G -g 4`): `-t` threads × `-g` GPUs, all on one node.
 * Undefined when no command runs one, or a launcher starts it.
 */
export function oneProcessRanks(commands: readonly string[] | undefined): number | undefined {
  const runs = (commands ?? []).filter((c) => PERF.test(c));
  if (runs.length === 0 || runs.some((c) => LAUNCHER.test(c))) return undefined;
  const counts = runs.map((c) => countOf(c, 't', 'nthreads') * countOf(c, 'g', 'ngpus'));
  return Math.max(...counts);
}
