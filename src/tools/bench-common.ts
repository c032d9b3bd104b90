import { KubeConfig } from '@kubernetes/client-node';

/** What `npm run bench`'s parts share: the cluster's kubeconfig, CRI logs, medians. */

/** CRI log format, as a kubelet stores it (the one writer, src/core/cri-log.ts). */
export { toCriLog as criLog } from '../core/cri-log.js';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

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
