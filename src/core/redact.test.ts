import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  redact,
  redactDeep,
  redactingStream,
  redactText,
  redactUrl,
  redactValue,
} from './redact.js';

describe('redaction', () => {
  it('redacts by name and by shape, and leaves transport values alone', () => {
    expect(redactValue('HF_TOKEN', 'abc')).toBe(REDACTED);
    expect(redactValue('AWS_SECRET_ACCESS_KEY', 'abc')).toBe(REDACTED);
    expect(redactValue('DB_PASSWORD', 'x')).toBe(REDACTED);
    expect(redactValue('MY_VAR', `hf_${'a'.repeat(30)}`)).toBe(REDACTED);
    expect(redactValue('UCX_TLS', 'rc,cuda_copy')).toBe('rc,cuda_copy');
    expect(redactValue('UCX_NET_DEVICES', 'mlx5_0:1')).toBe('mlx5_0:1');
  });

  it('redacts token-like words in free text', () => {
    expect(redactText('export HF_TOKEN=hf_abcdefghijklmnopqrstuvwx && run')).toBe(
      `export HF_TOKEN=${REDACTED} && run`,
    );
    expect(redactText('Authorization: Bearer abc.def')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText('UCX_TLS=rc,cuda_copy')).toBe('UCX_TLS=rc,cuda_copy');
  });

  it('redacts the credentials of a URL and nothing else', () => {
    expect(redactUrl('http://admin:s3cret@gw.example:9091/metrics')).toBe(
      `http://${REDACTED}@gw.example:9091/metrics`,
    );
    expect(redactUrl('push to https://tok@gw/x failed')).toBe(`push to https://${REDACTED}@gw/x failed`);
    expect(redactUrl('http://gw.example:9091/a@b')).toBe('http://gw.example:9091/a@b');
    expect(redactUrl('http://gw:9091/?token=abc')).toBe(`http://gw:9091/?token=${REDACTED}`);
  });
});

describe('redact: one rule per shape, each in its own words', () => {
  it.each([
    [
      'URL userinfo',
      'NIXL_ETCD_ENDPOINTS=http://user:PASSWORD@etcd:2379',
      'NIXL_ETCD_ENDPOINTS=http://<redacted>@etcd:2379',
    ],
    [
      'a token as userinfo',
      'git clone https://ghp_x@github.com/a/b',
      'git clone https://<redacted>@github.com/a/b',
    ],
    [
      'the name of a pull Secret (a Kubernetes object, not its value)',
      'error: --image-pull-secret ngc: a flag of pods; --client-secret s3cr3tv4lue',
      'error: --image-pull-secret ngc: a flag of pods; --client-secret <redacted>',
    ],
    ['an Authorization header', 'Authorization: Basic dXNlcjpwYXNz', 'Authorization: Basic <redacted>'],
    ['a bearer credential', 'curl -H "Bearer abcdefgh12345678"', 'curl -H "Bearer <redacted>"'],
    [
      'a basic credential',
      'sent Basic dXNlcjpodW50ZXIyMjI= to the proxy',
      'sent Basic <redacted> to the proxy',
    ],
    ['a Hugging Face token', 'token hf_AbCdEfGhIjKlMnOpQrStUvWx12 used', 'token <redacted> used'],
    ['an NVIDIA API key', 'key nvapi-Qw3rTy7uIoPaSdFgHjKlZxCvBnM12 ok', 'key <redacted> ok'],
    ['an AWS access key id', 'id AKIAIOSFODNN7EXAMPLE', 'id <redacted>'],
    ['a JWT', 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwcm9iZSJ9.c2ln', 'jwt <redacted>'],
    ['a secret-named variable', 'DB_PASSWORD=plainPw_9 next', 'DB_PASSWORD=<redacted> next'],
    ['a secret-named flag', 'run --api-key sk-live-0123456789abcdefXYZ now', 'run --api-key <redacted> now'],
    ['inside JSON, the quotes kept', '{"e":"HF_TOKEN=abc","n":1}', '{"e":"HF_TOKEN=<redacted>","n":1}'],
    ['a query parameter', 'http://gw/?api_key=abc123&x=1', 'http://gw/?api_key=<redacted>&x=1'],
  ])('%s', (_, given, shown) => {
    expect(redact(given)).toBe(shown);
    expect(redact(shown)).toBe(shown); // idempotent
  });

  it('finds every rule’s match inside a large text (the cheap gate in front of each rule lets it through)', () => {
    // A report's JSON: flags, `=` and `--` everywhere, none of them a secret.
    const filler = '{"detail": "--max-num-batched-tokens 4096 UCX_TLS=rc,cuda_copy key_size=8"},\n'.repeat(
      2000,
    );
    for (const [given, shown] of [
      [
        'NIXL_ETCD_ENDPOINTS=http://user:PASSWORD@etcd:2379',
        'NIXL_ETCD_ENDPOINTS=http://<redacted>@etcd:2379',
      ],
      ['authorization: token abc123', 'authorization: token <redacted>'],
      ['x Bearer abcdefgh12345678 y', 'x Bearer <redacted> y'],
      ['sent Basic dXNlcjpodW50ZXIyMjI= on', 'sent Basic <redacted> on'],
      ['API_KEY=abc MY_APIKEY=def', 'API_KEY=<redacted> MY_APIKEY=<redacted>'],
      ['db.Credentials=abc a_secret="x y"', 'db.Credentials=<redacted> a_secret=<redacted>'],
      ['Passwd=abc OAUTH_TOKEN=def', 'Passwd=<redacted> OAUTH_TOKEN=<redacted>'],
      [
        '--access-key AK --secret-key SK --hub-token=T',
        '--access-key <redacted> --secret-key <redacted> --hub-token=<redacted>',
      ],
      [
        '--apikey K --credentials C --db-password P',
        '--apikey <redacted> --credentials <redacted> --db-password <redacted>',
      ],
      ['hf_AbCdEfGhIjKlMnOpQrStUvWx12 nvapi-Qw3rTy7uIoPaSdFgHjKlZxCvBnM12', '<redacted> <redacted>'],
      [`ghs_${'a'.repeat(24)} github_pat_${'b'.repeat(24)}`, '<redacted> <redacted>'],
      ['ASIAIOSFODNN7EXAMPLE sk-0123456789abcdefXYZ', '<redacted> <redacted>'],
      ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwcm9iZSJ9.c2ln xoxb-0123456789ab', '<redacted> <redacted>'],
    ] as const) {
      expect(redact(given)).toBe(shown);
      expect(redact(`${filler}${given}\n${filler}`)).toBe(`${filler}${shown}\n${filler}`);
    }
    expect(redact(filler)).toBe(filler);
  });

  it('leaves what is not a credential alone', () => {
    for (const text of [
      'UCX_TLS=rc_x,rc,cuda_copy',
      'http://etcd:2379',
      'Basic checks passed',
      'a Bearer of bad news',
      'mlx5_0:1 at 400 Gb/s',
      'quay.io/coreos/etcd:v3.5.21@sha256:abc',
      // A shell variable named key (the nixlbench pod script), in a JSON string.
      '{"args":["key=\\"xferbench//rank/0\\"; KVC=1"]}',
      'key="xferbench/$ITEST_GROUP-$n//rank/0"',
      // Configuration that only mentions a secret word.
      'max_tokens=8192 MAX_NUM_BATCHED_TOKENS=8192',
      '- --tokens-per-block\n- "128"',
      '--max-model-len 8192 --max-num-batched-tokens 4096',
    ])
      expect(redact(text)).toBe(text);
  });

  it('redactDeep: every string, {name, value} and UPPER_CASE keys of secret names, in place', () => {
    const shared = { detail: 'via http://u:p4ss@gw:9091' };
    const report = {
      env: [
        { name: 'HF_TOKEN', value: 'abc' },
        { name: 'UCX_TLS', value: 'rc' },
      ],
      vars: { AWS_SECRET_ACCESS_KEY: 'wJalr', UCX_NET_DEVICES: 'mlx5_0:1', tokenCount: 'x' },
      nodes: [{ name: 'gpu-key-1', value: 'kept' }],
      shared,
      list: ['AKIAIOSFODNN7EXAMPLE'],
    };
    redactDeep(report);
    expect(report).toEqual({
      env: [
        { name: 'HF_TOKEN', value: REDACTED },
        { name: 'UCX_TLS', value: 'rc' },
      ],
      vars: { AWS_SECRET_ACCESS_KEY: REDACTED, UCX_NET_DEVICES: 'mlx5_0:1', tokenCount: 'x' },
      nodes: [{ name: 'gpu-key-1', value: 'kept' }],
      shared: { detail: `via http://${REDACTED}@gw:9091` },
      list: [REDACTED],
    });
    // In place: another holder of the same object sees it redacted.
    expect(shared.detail).toBe(`via http://${REDACTED}@gw:9091`);
    const frozen = Object.freeze({ a: 'nothing secret' });
    expect(() => redactDeep({ frozen })).not.toThrow();
  });

  it('redactingStream: string writes redacted, other properties the stream’s own', () => {
    const written: string[] = [];
    const stream = Object.assign(
      { write: (s: string) => written.push(s) > 0, isTTY: true, columns: 99 },
      {},
    ) as unknown as NodeJS.WritableStream & { isTTY: boolean; columns: number };
    const out = redactingStream(stream);
    out.write('error: http://a:b@h/x\n');
    expect(written).toEqual([`error: http://${REDACTED}@h/x\n`]);
    expect(out.isTTY).toBe(true);
    expect(out.columns).toBe(99);
  });
});
