import { spawnSync } from 'node:child_process';
import type { V1Pod } from '@kubernetes/client-node';
import { expect, it } from 'vitest';
import { assess } from '../src/pair/pods/assess.js';
import { describeNeeding } from './helpers/preconditions.js';
import { toolPath, tools } from './helpers/tools.js';

/**
 * The real ucx_perftest, asked for GPU memory by a UCX built without CUDA
 * (Debian's, as in an image without CUDA): it prints its refusal and usage and
 * exits 129. The first real-node pair run met exactly this; `pair` must name
 * the cause, not quote the last line of the usage text.
 */
describeNeeding([tools('ucx_perftest')], 'ucx_perftest refusing -m cuda', () => {
  it('is named as a UCX without CUDA, with the fix', () => {
    const run = spawnSync(
      toolPath('ucx_perftest'),
      ['-t', 'ucp_put_bw', '-m', 'cuda', '-s', '1024', '-p', '13999'],
      {
        encoding: 'utf8',
        timeout: 10_000,
      },
    );
    expect(run.status).toBe(129);
    const log = `interconnect-test: start ucx_perftest server\n${run.stdout}${run.stderr}`;
    const pod: V1Pod = {
      metadata: { name: 'server-x', labels: {} },
      status: {
        phase: 'Failed',
        containerStatuses: [
          {
            name: 'decode',
            image: 'probe',
            imageID: '',
            ready: false,
            restartCount: 0,
            state: { terminated: { exitCode: 129, reason: 'Error' } },
          },
        ],
      },
    };
    const a = assess({
      engine: 'ucx_perftest',
      pods: [{ role: 'decode', pod, events: [], log }],
      now: 0,
      runningSince: {},
      resultsSince: undefined,
      peerTimeoutMs: 60_000,
      hangGraceMs: 60_000,
    });
    expect(a.state).toBe('problem');
    if (a.state !== 'problem') return;
    expect(a.problem.detail).toBe(
      `decode exited (129): the image's UCX cannot move cuda memory (it was built without cuda support), so ucx_perftest refused to start — "unsupported memory type: "cuda""`,
    );
    expect(a.problem.fix).toMatch(/--memory-type dram/);
  });
});
