// Logs and exec through the real API server, which proxies to kwok's
// kubelet-like server: pod logs are real fixture files, exec runs local commands.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { Log } from '@kubernetes/client-node';
import { expect, test } from 'vitest';
import { describeNeeding, localControlPlane, need, precondition } from '../helpers/preconditions.js';
import { fixture, GPU_TOLERATION, isLocalKwokCluster, useTestEnv, waitFor } from './harness.js';

// Pods here must behave as kwok's sim-* stages say: skipped on other clusters.
const local = await isLocalKwokCluster();
const env = useTestEnv('logs-exec');
const run = promisify(execFile);

const NIXLBENCH_LOG = fixture('nixlbench/ucx-vram-h200-cx7-400g-degraded.log');
const IBSTAT = fixture('node/ibstat/h100-ndr-ib-8active-plus-3-eth-disabled.txt');
const withNewline = (s: string) => (s.endsWith('\n') ? s : `${s}\n`);

describeNeeding([localControlPlane(local)], 'pod logs', () => {
  test('a Job pod logs a real nixlbench run, read back through the API', async () => {
    const e = env();
    await e.createJob({
      name: 'nixlbench',
      containerName: 'nixlbench',
      tolerations: [GPU_TOLERATION],
      resources: { limits: { 'nvidia.com/gpu': '1', 'rdma/ib': '1' } },
      logs: { file: NIXLBENCH_LOG },
    });
    await e.waitForJob('nixlbench', 'Complete');
    const [pod] = await e.jobPods('nixlbench');
    const expected = withNewline(readFileSync(NIXLBENCH_LOG, 'utf8'));
    expect(await e.readLogs(pod!.metadata!.name!)).toBe(expected);
    const tail = await e.readLogs(pod!.metadata!.name!, { tailLines: 3 });
    expect(tail).toBe(`${expected.trimEnd().split('\n').slice(-3).join('\n')}\n`);
  });

  test("client-node's streaming Log reads the same file", async () => {
    const e = env();
    await e.createPod({ name: 'streamed', logs: { file: NIXLBENCH_LOG } });
    await e.waitForPodReady('streamed');
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        chunks.push(Buffer.from(chunk));
        cb();
      },
    });
    const done = new Promise<void>((resolve, reject) => {
      sink.on('finish', resolve);
      sink.on('error', reject);
    });
    await new Log(e.kc).log(e.namespace, 'streamed', 'main', sink, { follow: false, tailLines: 5 });
    await done;
    const expected = withNewline(readFileSync(NIXLBENCH_LOG, 'utf8')).trimEnd().split('\n').slice(-5);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`${expected.join('\n')}\n`);
  });

  test('per-container logs of a named pod, stdout and stderr', async () => {
    const e = env();
    await e.createPod({
      name: 'two-logs',
      logs: [{ container: 'main', file: IBSTAT, stream: 'stderr' }],
    });
    await e.waitForPodReady('two-logs');
    expect(await e.readLogs('two-logs', { container: 'main' })).toBe(
      withNewline(readFileSync(IBSTAT, 'utf8')),
    );
  });
});

describeNeeding([localControlPlane(local)], 'exec', () => {
  test('exec of a declared command returns the real ibstat output', async () => {
    const e = env();
    await e.createPod({
      name: 'probe',
      node: 'gpu-node-0',
      exec: {
        ibstat: { stdoutFile: IBSTAT },
        ib_write_bw: { stderr: " Couldn't connect to peer\n", exitCode: 3 },
      },
    });
    await e.waitForPodReady('probe');

    const ok = await e.exec('probe', ['ibstat']);
    expect(ok).toMatchObject({ stdout: readFileSync(IBSTAT, 'utf8'), stderr: '', exitCode: 0 });
    expect(ok.status?.status).toBe('Success');

    const failed = await e.exec('probe', ['ib_write_bw', '-d', 'mlx5_0']);
    expect(failed.stderr).toBe(" Couldn't connect to peer\n");
    expect(failed.status?.status).toBe('Failure');
    expect(failed.exitCode).toBe(3);
  });

  test('other commands run the real local tool, and its exit code is visible', async () => {
    const e = env();
    await e.createPod({ name: 'shell', exec: {} });
    await e.waitForPodReady('shell');

    const uname = await e.exec('shell', ['uname', '-s']);
    expect(uname).toMatchObject({ stdout: 'Linux\n', exitCode: 0 });

    const sh = await e.exec('shell', ['sh', '-c', 'echo out; echo err >&2; exit 7']);
    expect(sh).toMatchObject({ stdout: 'out\n', stderr: 'err\n', exitCode: 7 });
    expect(sh.status?.message).toMatch(/exit status 7/);

    const missing = await e.exec('shell', ['definitely-not-a-tool']);
    expect(missing.status?.status).toBe('Failure');
    expect(missing.status?.message).toMatch(/executable file not found/);
  });

  test("a Job's pods (generated names) get exec through a namespace-wide ClusterExec", async () => {
    const e = env();
    await e.createJob({
      name: 'probe-job',
      containerName: 'probe',
      sim: { duration: '1h' },
      exec: { ibstat: { stdoutFile: IBSTAT } },
    });
    const pod = await waitFor('a running pod of probe-job', async () =>
      (await e.jobPods('probe-job')).find((p) => p.status?.phase === 'Running'),
    );
    const r = await e.exec(pod.metadata!.name!, ['ibstat'], { container: 'probe' });
    expect(r).toMatchObject({ stdout: readFileSync(IBSTAT, 'utf8'), exitCode: 0 });
  });

  test('exec runs in the declared working directory with the declared env', async () => {
    const e = env();
    const dir = path.dirname(IBSTAT);
    await e.createPod({
      name: 'envdir',
      exec: {},
      execOptions: { workDir: dir, env: { NCCL_DEBUG: 'INFO' } },
    });
    await e.waitForPodReady('envdir');
    const r = await e.exec('envdir', ['sh', '-c', 'pwd; echo "$NCCL_DEBUG"']);
    // pwd prints the physical path (shared/ may be reached through a symlink).
    expect(r.stdout).toBe(`${realpathSync(dir)}\nINFO\n`);
  });
});

describeNeeding([localControlPlane(local)], 'kubectl against the same API', () => {
  test('kubectl logs and kubectl exec work (when the cached kubectl is present)', async (ctx) => {
    const e = env();
    const kubectl = process.env.KUBECTL ?? path.join(e.cluster?.binDir ?? '', 'kubectl');
    need(
      ctx,
      localControlPlane(!!e.cluster),
      precondition('kubectl', existsSync(kubectl) ? undefined : `${kubectl} does not exist (set KUBECTL)`),
    );
    await e.createPod({
      name: 'kubectl-target',
      logs: { file: NIXLBENCH_LOG },
      exec: { ibstat: { stdoutFile: IBSTAT } },
    });
    await e.waitForPodReady('kubectl-target');
    const args = ['-n', e.namespace];
    const logs = await run(kubectl, [...args, 'logs', 'kubectl-target', '--tail=2']);
    expect(logs.stdout).toBe(
      `${readFileSync(NIXLBENCH_LOG, 'utf8').trimEnd().split('\n').slice(-2).join('\n')}\n`,
    );
    const ib = await run(kubectl, [...args, 'exec', 'kubectl-target', '--', 'ibstat']);
    expect(ib.stdout).toBe(readFileSync(IBSTAT, 'utf8'));
    const failed = await run(kubectl, [...args, 'exec', 'kubectl-target', '--', 'sh', '-c', 'exit 5']).catch(
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(failed).toMatchObject({ code: expect.any(Number) });
    expect((failed as { stderr?: string }).stderr).toMatch(/exit status 5/);
  });
});
