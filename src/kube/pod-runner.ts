import type { CommandRunner, RunOptions, RunResult } from '../procs/runner.js';
import type { Cluster, PodTarget } from './cluster.js';

/** Runs probe commands in one container of one pod, through the Cluster's exec. */
export class PodRunner implements CommandRunner {
  readonly where: string;

  constructor(
    private readonly cluster: Pick<Cluster, 'exec'>,
    readonly target: PodTarget,
  ) {
    this.where = `pod ${target.namespace}/${target.pod} (container ${target.container})`;
  }

  run(argv: readonly string[], opts: RunOptions): Promise<RunResult> {
    return this.cluster.exec(this.target, argv, opts);
  }
}
