import { describe, expect, it } from 'vitest';
import { ToolError } from '../../core/errors.js';
import { chooseEngine } from '../../engines/choose.js';
import { pickRuntime } from '../../engines/nixlbench/local.js';
import { childEnv } from './env.js';
import { countNvidiaGpus } from './host.js';

const on =
  (...names: string[]) =>
  (p: string) =>
    names.includes(p) ? `/usr/bin/${p}` : undefined;

describe('chooseEngine', () => {
  it('prefers nixlbench, falls back to ucx_perftest, and honours an explicit choice', () => {
    expect(chooseEngine('auto', on('nixlbench', 'ucx_perftest'))).toEqual({
      engine: 'nixlbench',
      bin: '/usr/bin/nixlbench',
    });
    expect(chooseEngine('auto', on('ucx_perftest'))).toEqual({
      engine: 'ucx_perftest',
      bin: '/usr/bin/ucx_perftest',
    });
    expect(chooseEngine('ucx_perftest', on('nixlbench', 'ucx_perftest'))).toEqual({
      engine: 'ucx_perftest',
      bin: '/usr/bin/ucx_perftest',
    });
  });

  it('says what to install, as a ToolError, when nothing is there', () => {
    const err = (() => {
      try {
        chooseEngine('auto', on());
      } catch (e) {
        return e as ToolError;
      }
    })();
    expect(err).toBeInstanceOf(ToolError);
    expect(err?.message).toBe(
      'pair --local: neither nixlbench nor ucx_perftest is on PATH, and no Python can import nixl',
    );
    expect(err?.fix).toBe(
      'apt-get install ucx-utils (ucx_perftest), or build NIXL with nixlbench (github.com/ai-dynamo/nixl, benchmark/nixlbench)',
    );
    expect(() => chooseEngine('nixlbench', on('ucx_perftest'))).toThrow(
      'pair --local: nixlbench is not on PATH',
    );
  });

  it('takes the NIXL probe after nixlbench and before ucx_perftest, and asks for a Python only when it must', () => {
    let asked = 0;
    const python = (p: string | undefined) => () => {
      asked++;
      return p;
    };
    expect(
      chooseEngine('auto', { which: on('nixlbench', 'ucx_perftest'), nixlPython: python('/v/python') }),
    ).toEqual({ engine: 'nixlbench', bin: '/usr/bin/nixlbench' });
    expect(asked).toBe(0);
    expect(chooseEngine('auto', { which: on('ucx_perftest'), nixlPython: python('/v/python') })).toEqual({
      engine: 'nixl',
      bin: '/v/python',
    });
    expect(chooseEngine('auto', { which: on('ucx_perftest'), nixlPython: python(undefined) })).toEqual({
      engine: 'ucx_perftest',
      bin: '/usr/bin/ucx_perftest',
    });
    expect(() => chooseEngine('nixl', { which: on('nixlbench'), nixlPython: python(undefined) })).toThrow(
      'pair --local --engine nixl: no Python here can import nixl',
    );
  });
});

describe('childEnv', () => {
  it('switches on UCX transport logging and keeps the rest of the environment', () => {
    expect(childEnv({ PATH: '/usr/bin', UCX_NET_DEVICES: 'mlx5_0:1' })).toEqual({
      PATH: '/usr/bin',
      UCX_NET_DEVICES: 'mlx5_0:1',
      UCX_LOG_LEVEL: 'info',
      UCX_PROTO_INFO: 'y',
    });
  });

  it('raises a quieter log level, keeps a louder one and a PROTO_INFO already chosen', () => {
    expect(childEnv({ UCX_LOG_LEVEL: 'WARN' }).UCX_LOG_LEVEL).toBe('info');
    expect(childEnv({ UCX_LOG_LEVEL: 'debug', UCX_PROTO_INFO: 'used' })).toEqual({
      UCX_LOG_LEVEL: 'debug',
      UCX_PROTO_INFO: 'used',
    });
  });

  it('sets UCX_TLS from --ucx-tls and adds per-process variables', () => {
    expect(childEnv({ UCX_TLS: 'all' }, { ucxTls: 'tcp', extra: { CUDA_VISIBLE_DEVICES: '1,0' } })).toEqual({
      UCX_TLS: 'tcp',
      UCX_LOG_LEVEL: 'info',
      UCX_PROTO_INFO: 'y',
      CUDA_VISIBLE_DEVICES: '1,0',
    });
  });
});

describe('host facts', () => {
  it('counts GPUs from the driver directory, 0 without a driver', () => {
    expect(countNvidiaGpus(() => ['0000:17:00.0', '0000:65:00.0'])).toBe(2);
    expect(
      countNvidiaGpus(() => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }),
    ).toBe(0);
  });

  it('picks etcd for nixlbench when it is on PATH, else ASIO', () => {
    expect(pickRuntime('auto', '/usr/bin/etcd')).toBe('etcd');
    expect(pickRuntime('auto', undefined)).toBe('asio');
    expect(pickRuntime('etcd', undefined)).toBe('etcd');
    expect(pickRuntime('asio', '/usr/bin/etcd')).toBe('asio');
  });
});
