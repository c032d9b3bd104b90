import { KubeConfig } from '@kubernetes/client-node';

/** The local test cluster's kubeconfig ($KUBECONFIG), or undefined after saying how to get one. */
export function benchKubeConfig(): KubeConfig | undefined {
  if (!process.env.KUBECONFIG) {
    process.stderr.write(
      'KUBECONFIG is not set: start the local cluster (npm run cluster:up) and export its KUBECONFIG\n',
    );
    return undefined;
  }
  const kc = new KubeConfig();
  kc.loadFromDefault();
  return kc;
}

/** Runs a bench's main and sets the exit code: its own, or 2 with one line when it threw. */
export function runBench(bench: () => Promise<number>): void {
  bench().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 2;
    },
  );
}
